//! Fairy-Stockfish `variants.ini` files.
//!
//! Each section is translated into Menagerie's TOML model (then loaded like
//! any variant file, with Fairy-Stockfish's Betza dialect). Every key is
//! either translated or reported as unsupported; nothing is ignored silently.
//! Boards may be larger than Fairy-Stockfish's (`maxFile` up to 26 files,
//! `maxRank` up to 99 ranks).

use super::load::{Problem, VariantError, MAX_EXTENDS_DEPTH};
use std::collections::BTreeMap;
use toml::{Table, Value};

struct Section {
    name: String,
    parent: Option<String>,
    line: usize,
    keys: Vec<(String, String, usize)>,
}

fn parse_sections(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if line.starts_with('[') && line.ends_with(']') {
            let inner = &line[1..line.len() - 1];
            let (name, parent) = match inner.split_once(':') {
                Some((a, b)) => (a.trim().to_string(), Some(b.trim().to_string())),
                None => (inner.trim().to_string(), None),
            };
            out.push(Section {
                name,
                parent,
                line: i + 1,
                keys: Vec::new(),
            });
            continue;
        }
        if let (Some(sec), Some((k, v))) = (out.last_mut(), line.split_once('=')) {
            sec.keys
                .push((k.trim().to_string(), v.trim().to_string(), i + 1));
        } else if let Some(sec) = out.last_mut() {
            sec.keys.push((line.to_string(), String::new(), i + 1));
        }
    }
    out
}

/// Built-in Fairy-Stockfish piece names and their moves (FSF dialect).
const NAMED: &[(&str, &str)] = &[
    ("king", "K"),
    ("queen", "Q"),
    ("rook", "R"),
    ("bishop", "B"),
    ("knight", "N"),
    ("fers", "F"),
    ("met", "F"),
    ("wazir", "W"),
    ("alfil", "A"),
    ("dabbaba", "D"),
    ("commoner", "K"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("silver", "FfW"),
    ("gold", "WfF"),
    ("lance", "fR"),
    ("shogiPawn", "fW"),
    ("shogiKnight", "fN"),
    ("bers", "RF"),
    ("dragonHorse", "BW"),
    ("cannon", "mRcpR"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("camel", "C"),
    ("zebra", "Z"),
    ("nightrider", "NN"),
    ("grasshopper", "gQ"),
    ("centaur", "KN"),
    ("clobber", "cW"),
];

/// Most sections in one ini file: every section becomes a variant with its
/// own move tables (Fairy-Stockfish's own file has 143).
pub const MAX_SECTIONS: usize = 1000;

#[derive(Clone, Default)]
struct Settings {
    values: BTreeMap<String, (String, usize)>,
    /// Sections in its chain of parents, itself included.
    depth: usize,
}

fn bool_of(s: &str) -> Option<bool> {
    match s {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

fn file_number(s: &str) -> Option<usize> {
    if let Ok(n) = s.parse::<usize>() {
        return Some(n);
    }
    let c = s.chars().next()?;
    (s.len() == 1 && c.is_ascii_lowercase()).then(|| usize::from(c as u8 - b'a') + 1)
}

/// Converts every section of an ini file into (id, TOML text).
///
/// # Errors
/// Unsupported keys and bad values, each with its line.
pub fn convert(name: &str, text: &str) -> Result<Vec<(String, String)>, VariantError> {
    let sections = parse_sections(text);
    let mut problems = Vec::new();
    let mut done: BTreeMap<String, Settings> = BTreeMap::new();
    let mut out = Vec::new();
    let prob = |line: usize, key: &str, msg: String| Problem {
        file: name.to_string(),
        line: Some(line),
        column: None,
        key: key.to_string(),
        message: msg,
    };
    if sections.is_empty() {
        problems.push(Problem {
            file: name.into(),
            line: None,
            column: None,
            key: String::new(),
            message: "no `[section]` found".into(),
        });
    }
    if let Some(sec) = sections.get(MAX_SECTIONS) {
        problems.push(prob(
            sec.line,
            &sec.name,
            format!("more than {MAX_SECTIONS} sections in one file"),
        ));
        return Err(VariantError { problems });
    }
    for sec in &sections {
        let mut st = match &sec.parent {
            None => Settings::default(),
            Some(p) if p == "chess" => Settings::default(),
            Some(p) => match done.get(p) {
                Some(s) => s.clone(),
                None => {
                    problems.push(prob(sec.line, &sec.name, format!("parent variant `{p}` is not defined earlier in this file (only `chess` and earlier sections can be extended)")));
                    continue;
                }
            },
        };
        st.depth += 1;
        for (k, v, line) in &sec.keys {
            st.values.insert(k.clone(), (v.clone(), *line));
        }
        done.insert(sec.name.clone(), st.clone());
        if st.depth > MAX_EXTENDS_DEPTH {
            problems.push(prob(
                sec.line,
                &sec.name,
                format!("chain of parent sections longer than {MAX_EXTENDS_DEPTH}"),
            ));
            continue;
        }
        match section_to_toml(&sec.name, name, &st) {
            Ok(t) => out.push((sec.name.to_ascii_lowercase(), t)),
            Err(mut ps) => {
                for p in &mut ps {
                    p.file = name.to_string();
                }
                problems.extend(ps);
            }
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(VariantError { problems })
    }
}

#[allow(clippy::too_many_lines)]
fn section_to_toml(id: &str, file: &str, st: &Settings) -> Result<String, Vec<Problem>> {
    let mut problems = Vec::new();
    let get = |k: &str| st.values.get(k).map(|(v, _)| v.as_str());
    let line = |k: &str| st.values.get(k).map(|(_, l)| *l);
    let mut bad = |k: &str, msg: String| {
        problems.push(Problem {
            file: String::new(),
            line: line(k),
            column: None,
            key: k.to_string(),
            message: msg,
        })
    };
    let known: &[&str] = &[
        "maxFile",
        "maxRank",
        "king",
        "pawn",
        "queen",
        "rook",
        "bishop",
        "knight",
        "startFen",
        "castling",
        "castlingRank",
        "castlingKingFile",
        "castlingKingsideFile",
        "castlingQueensideFile",
        "castlingRookPieces",
        "doubleStep",
        "doubleStepRegionWhite",
        "doubleStepRegionBlack",
        "promotionRegionWhite",
        "promotionRegionBlack",
        "promotionPieceTypes",
        "mandatoryPawnPromotion",
        "pieceDrops",
        "capturesToHand",
        "promotedPieceType",
        "mandatoryPiecePromotion",
        "dropNoDoubled",
        "immobilityIllegal",
        "enPassantRegion",
        "stalemateValue",
        "nMoveRule",
        "nFoldRule",
        "checking",
        "shogiPawnDropMateIllegal",
    ];
    let named: Vec<&str> = NAMED.iter().map(|(n, _)| *n).collect();
    for k in st.values.keys() {
        if known.contains(&k.as_str())
            || named.contains(&k.as_str())
            || k.starts_with("customPiece")
        {
            continue;
        }
        bad(k, format!("unsupported Fairy-Stockfish key `{k}`"));
    }
    let files = get("maxFile").map_or(Some(8), file_number);
    let ranks = get("maxRank").map_or(Some(8), |s| s.parse::<usize>().ok());
    let (Some(files), Some(ranks)) = (files, ranks) else {
        bad(
            "maxFile",
            "board size must be a number (or a file letter for maxFile)".into(),
        );
        return Err(problems);
    };
    if !(1..=26).contains(&files) || !(2..=99).contains(&ranks) {
        bad(
            "maxFile",
            format!("board {files}x{ranks} is out of range (1-26 files, 2-99 ranks)"),
        );
        return Err(problems);
    }
    // Pieces: letter -> (name, betza).
    let mut pieces: BTreeMap<char, (String, String)> = BTreeMap::new();
    let defaults = [
        ("king", 'k'),
        ("pawn", 'p'),
        ("queen", 'q'),
        ("rook", 'r'),
        ("bishop", 'b'),
        ("knight", 'n'),
    ];
    let mut pawn_letter = None;
    let mut king_letter = None;
    for (pname, dl) in defaults {
        let letter = match get(pname) {
            None => Some(dl),
            Some("-") => None,
            Some(s) if s.len() == 1 && s.chars().all(|c| c.is_ascii_alphabetic()) => {
                s.chars().next().map(|c| c.to_ascii_lowercase())
            }
            Some(s) => {
                bad(pname, format!("`{s}`: expected one letter or `-`"));
                None
            }
        };
        if let Some(l) = letter {
            match pname {
                "pawn" => pawn_letter = Some(l),
                "king" => {
                    king_letter = Some(l);
                    pieces.insert(l, ("King".into(), "K".into()));
                }
                _ => {
                    let b = NAMED
                        .iter()
                        .find(|(n, _)| *n == pname)
                        .map(|x| x.1)
                        .unwrap_or("K");
                    let mut nm = pname.to_string();
                    nm[..1].make_ascii_uppercase();
                    pieces.insert(l, (nm, b.into()));
                }
            }
        }
    }
    for (k, (v, _)) in &st.values {
        if let Some(&(_, betza)) = NAMED.iter().find(|(n, _)| n == k) {
            if defaults.iter().any(|(d, _)| d == k) {
                continue;
            }
            match v.chars().next() {
                Some(c) if v.len() == 1 && c.is_ascii_alphabetic() => {
                    let mut nm = k.clone();
                    nm[..1].make_ascii_uppercase();
                    pieces.insert(c.to_ascii_lowercase(), (nm, betza.into()));
                }
                _ if v == "-" => {}
                _ => bad(k, format!("`{v}`: expected one letter or `-`")),
            }
        }
        if let Some(rest) = k.strip_prefix("customPiece") {
            if rest.parse::<u32>().is_err() {
                bad(k, "customPiece needs a number".into());
                continue;
            }
            match v.split_once(':') {
                Some((l, b)) if l.len() == 1 && l.chars().all(|c| c.is_ascii_alphabetic()) => {
                    pieces.insert(
                        l.chars().next().unwrap_or('x').to_ascii_lowercase(),
                        (
                            format!("Custom {}", l.to_ascii_uppercase()),
                            b.trim().to_string(),
                        ),
                    );
                }
                _ => bad(k, format!("`{v}`: expected `letter:Betza`")),
            }
        }
    }
    let region = |k: &str, default: String| -> String { get(k).map_or(default, str::to_string) };
    let promo_white = region("promotionRegionWhite", format!("*{ranks}"));
    let promo_black = region("promotionRegionBlack", "*1".to_string());
    let drops = get("pieceDrops").and_then(bool_of).unwrap_or(false);
    let mut t = Table::new();
    t.insert("id".into(), Value::String(id.to_ascii_lowercase()));
    t.insert("name".into(), Value::String(id.to_string()));
    t.insert("family".into(), Value::String("Fairy-Stockfish".into()));
    t.insert(
        "description".into(),
        Value::String(format!("Loaded from {file}.")),
    );
    let mut board = Table::new();
    board.insert("files".into(), Value::Integer(files as i64));
    board.insert("ranks".into(), Value::Integer(ranks as i64));
    t.insert("board".into(), Value::Table(board));
    let mut regions = Table::new();
    let mut per_side = |name: &str, w: &str, b: &str, kind: &str| {
        let mut r = Table::new();
        r.insert("white".into(), Value::String(w.to_string()));
        r.insert("black".into(), Value::String(b.to_string()));
        r.insert("kind".into(), Value::String(kind.to_string()));
        regions.insert(name.into(), Value::Table(r));
    };
    per_side("promotion", &promo_white, &promo_black, "promotion");
    let double = get("doubleStep").and_then(bool_of).unwrap_or(true);
    if double {
        per_side(
            "double-step",
            &region("doubleStepRegionWhite", "*2".into()),
            &region("doubleStepRegionBlack", format!("*{}", ranks - 1)),
            "other",
        );
    }
    t.insert("regions".into(), Value::Table(regions));
    let mut ptab = Table::new();
    let letters: Vec<char> = pieces.keys().copied().collect();
    let promoted: BTreeMap<char, char> = get("promotedPieceType")
        .map(|s| {
            s.split_whitespace()
                .filter_map(|pair| {
                    let (a, b) = pair.split_once(':')?;
                    Some((
                        a.chars().next()?.to_ascii_lowercase(),
                        b.chars().next()?.to_ascii_lowercase(),
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    let piece_promo_mandatory = get("mandatoryPiecePromotion")
        .and_then(bool_of)
        .unwrap_or(false);
    let no_doubled: Vec<char> = get("dropNoDoubled")
        .map(|s| s.chars().map(|c| c.to_ascii_lowercase()).collect())
        .unwrap_or_default();
    for (&l, (nm, betza)) in &pieces {
        let mut p = Table::new();
        p.insert("name".into(), Value::String(nm.clone()));
        p.insert("betza".into(), Value::String(betza.clone()));
        if Some(l) == king_letter {
            p.insert("royal".into(), Value::Boolean(true));
        }
        if let Some(&to) = promoted.get(&l) {
            if !letters.contains(&to) {
                bad("promotedPieceType", format!("`{l}:{to}`: no piece `{to}`"));
            }
            let mut pr = Table::new();
            pr.insert("zone".into(), Value::String("promotion".into()));
            pr.insert(
                "to".into(),
                Value::Array(vec![Value::String(to.to_ascii_uppercase().to_string())]),
            );
            pr.insert("style".into(), Value::String("promote".into()));
            pr.insert("trigger".into(), Value::String("start-or-end".into()));
            pr.insert("mandatory".into(), Value::Boolean(piece_promo_mandatory));
            p.insert("promotion".into(), Value::Table(pr));
        }
        if no_doubled.contains(&l) {
            p.insert("no_doubled".into(), Value::Boolean(true));
        }
        ptab.insert(l.to_ascii_uppercase().to_string(), Value::Table(p));
    }
    if let Some(pl) = pawn_letter {
        let mut p = Table::new();
        p.insert("name".into(), Value::String("Pawn".into()));
        p.insert("betza".into(), Value::String("fmWfceF".into()));
        let mut groups = Vec::new();
        if double {
            let mut g = Table::new();
            g.insert("betza".into(), Value::String("ifmnD".into()));
            groups.push(Value::Table(g));
            p.insert("initial".into(), Value::String("double-step".into()));
        }
        if !groups.is_empty() {
            p.insert("moves".into(), Value::Array(groups));
        }
        p.insert("en_passant".into(), Value::Boolean(true));
        p.insert("resets_clock".into(), Value::Boolean(true));
        let types: Vec<char> = get("promotionPieceTypes")
            .map_or_else(|| "nbrq".chars().collect(), |s| s.chars().collect());
        let mut to = Vec::new();
        for c in types {
            let c = c.to_ascii_lowercase();
            if pieces.contains_key(&c) {
                to.push(Value::String(c.to_ascii_uppercase().to_string()));
            } else {
                bad("promotionPieceTypes", format!("no piece `{c}`"));
            }
        }
        let mut pr = Table::new();
        pr.insert("zone".into(), Value::String("promotion".into()));
        pr.insert("to".into(), Value::Array(to));
        pr.insert(
            "mandatory".into(),
            Value::Boolean(
                get("mandatoryPawnPromotion")
                    .and_then(bool_of)
                    .unwrap_or(true),
            ),
        );
        p.insert("promotion".into(), Value::Table(pr));
        if ptab.contains_key(&pl.to_ascii_uppercase().to_string()) {
            bad("pawn", format!("letter `{pl}` used twice"));
        }
        ptab.insert(pl.to_ascii_uppercase().to_string(), Value::Table(p));
    }
    t.insert("pieces".into(), Value::Table(ptab));
    let fen = get("startFen").map_or(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
        |s| s.replace("[-]", "[]"),
    );
    let mut setup = Table::new();
    setup.insert("fen".into(), Value::String(fen));
    t.insert("setup".into(), Value::Table(setup));
    if get("castling").and_then(bool_of).unwrap_or(true) && king_letter.is_some() {
        let rank: usize = get("castlingRank")
            .and_then(|s| s.parse().ok())
            .unwrap_or(1);
        let kf = get("castlingKingFile").and_then(file_number).unwrap_or(5);
        let ks = get("castlingKingsideFile")
            .and_then(file_number)
            .unwrap_or(7);
        let qs = get("castlingQueensideFile")
            .and_then(file_number)
            .unwrap_or(3);
        if let Some(r) = get("castlingRookPieces") {
            if r.len() != 1
                || Some(r.chars().next().unwrap_or('?').to_ascii_lowercase())
                    != pieces.keys().find(|&&c| c == 'r').copied().or(Some('r'))
            {
                bad(
                    "castlingRookPieces",
                    format!("`{r}`: only a single rook letter `r` is supported"),
                );
            }
        }
        let cell = |f: usize| format!("{}{}", char::from(b'a' + (f.clamp(1, 26) - 1) as u8), rank);
        let mut list = Vec::new();
        let in_range = |f: usize| (1..=files).contains(&f);
        if !(in_range(kf)
            && in_range(ks)
            && in_range(qs)
            && ks >= 2
            && qs < files
            && (1..=ranks).contains(&rank))
        {
            bad(
                "castlingKingFile",
                "castling files or rank outside the board".into(),
            );
            return Err(problems);
        }
        for (letter, to, partner, pto) in [("K", ks, files, ks - 1), ("Q", qs, 1, qs + 1)] {
            let mut c = Table::new();
            c.insert("letter".into(), Value::String(letter.into()));
            c.insert("king".into(), Value::String(cell(kf)));
            c.insert("to".into(), Value::String(cell(to)));
            c.insert("partner".into(), Value::String(cell(partner)));
            c.insert("partner_to".into(), Value::String(cell(pto)));
            list.push(Value::Table(c));
        }
        t.insert("castling".into(), Value::Array(list));
    }
    let mut rules = Table::new();
    // Fairy-Stockfish resets its move-rule clock on every promotion.
    rules.insert("promotion_resets_clock".into(), Value::Boolean(true));
    if drops {
        rules.insert("drops".into(), Value::Boolean(true));
        rules.insert(
            "captures_to_hand".into(),
            Value::Boolean(get("capturesToHand").and_then(bool_of).unwrap_or(true)),
        );
    }
    if get("immobilityIllegal").and_then(bool_of).unwrap_or(false) {
        rules.insert("immobility_illegal".into(), Value::Boolean(true));
    }
    if let Some(s) = get("stalemateValue") {
        let v = match s {
            "draw" => "draw",
            "loss" => "loss",
            "win" => "win",
            _ => {
                bad("stalemateValue", format!("`{s}`: use draw, loss or win"));
                "draw"
            }
        };
        rules.insert("stalemate".into(), Value::String(v.into()));
    }
    if let Some(s) = get("nMoveRule") {
        match s.parse::<i64>() {
            Ok(n) => {
                rules.insert("move_rule".into(), Value::Integer(n * 2));
            }
            Err(_) => bad("nMoveRule", format!("`{s}` is not a number")),
        }
    }
    if let Some(s) = get("nFoldRule") {
        match s.parse::<i64>() {
            Ok(n) => {
                rules.insert("repetition".into(), Value::Integer(n));
            }
            Err(_) => bad("nFoldRule", format!("`{s}` is not a number")),
        }
    }
    if get("checking").is_some_and(|s| s != "true") {
        bad("checking", "only `checking = true` is supported".into());
    }
    if get("shogiPawnDropMateIllegal") == Some("true") {
        bad(
            "shogiPawnDropMateIllegal",
            "the pawn-drop-mate ban is not supported in move generation".into(),
        );
    }
    if let Some(s) = get("enPassantRegion") {
        bad(
            "enPassantRegion",
            format!("`{s}`: en passant is allowed on every cell; custom regions are not supported"),
        );
    }
    t.insert("rules".into(), Value::Table(rules));
    if !promoted.is_empty() {
        let mut n = Table::new();
        n.insert("promotion".into(), Value::String("plus".into()));
        t.insert("notation".into(), Value::Table(n));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    toml::to_string(&t).map_err(|e| {
        vec![Problem {
            file: String::new(),
            line: None,
            column: None,
            key: String::new(),
            message: e.to_string(),
        }]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_keys_are_reported() {
        let e = convert("x.ini", "[v]\nmaxFile = 8\nfooBar = 3\n").unwrap_err();
        assert_eq!(e.problems.len(), 1);
        assert_eq!(e.problems[0].line, Some(3));
        assert!(e.problems[0].message.contains("fooBar"));
    }

    #[test]
    fn long_parent_chains_and_huge_files_are_refused() {
        let chain = |n: usize| {
            let mut text = String::from("[v0]\nmaxFile = 8\n");
            for i in 1..n {
                text.push_str(&format!("[v{i}:v{}]\n", i - 1));
            }
            text
        };
        // 10,000 chained sections once needed 3.4 GB and aborted: the file
        // is refused at its section number MAX_SECTIONS + 1 (line 2 + that).
        let e = convert("x.ini", &chain(10_000)).unwrap_err();
        assert_eq!(e.problems.len(), 1);
        assert_eq!(e.problems[0].line, Some(MAX_SECTIONS + 2));
        assert!(e.problems[0].message.contains("sections"));
        // Sections deeper than the chain limit are refused, each at its line.
        let e = convert("x.ini", &chain(100)).unwrap_err();
        assert_eq!(e.problems.len(), 100 - MAX_EXTENDS_DEPTH);
        assert_eq!(e.problems[0].line, Some(2 + MAX_EXTENDS_DEPTH));
        assert!(e.problems.iter().all(|p| p.message.contains("longer than")));
        // A chain at the limit converts.
        assert_eq!(
            convert("x.ini", &chain(MAX_EXTENDS_DEPTH)).unwrap().len(),
            MAX_EXTENDS_DEPTH
        );
        let flat: String = (0..=MAX_SECTIONS).map(|i| format!("[w{i}]\n")).collect();
        let e = convert("x.ini", &flat).unwrap_err();
        assert_eq!(e.problems[0].line, Some(MAX_SECTIONS + 1));
    }

    #[test]
    fn big_board() {
        let ok = convert("x.ini", "[big]\nmaxFile = 16\nmaxRank = 16\nking = k\npawn = -\nqueen = -\nrook = r\nbishop = -\nknight = -\ncastling = false\nstartFen = k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R14K w - - 0 1\n").unwrap();
        assert_eq!(ok.len(), 1);
        assert!(ok[0].1.contains("files = 16"));
    }
}
