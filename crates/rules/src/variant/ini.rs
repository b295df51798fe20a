//! Fairy-Stockfish `variants.ini` files.
//!
//! Each section is translated into Menagerie's TOML model (then loaded like
//! any variant file, with Fairy-Stockfish's Betza dialect). Every key is
//! either translated or reported as unsupported; nothing is ignored silently.
//! Boards may be larger than Fairy-Stockfish's (`maxFile` up to 26 files,
//! `maxRank` up to 99 ranks).

use super::load::{Problem, VariantError, VariantSource, MAX_EXTENDS_DEPTH};
use super::{ini_keys, ini_parent};
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

/// Built-in Fairy-Stockfish piece names and their moves (FSF dialect), in
/// Fairy-Stockfish's order of piece types (which decides who keeps a letter
/// two keys give), then a few names Menagerie adds (`met`, `camel`, ...).
/// The pawn and the king are read on their own (`read_pieces`).
const NAMED: &[(&str, &str)] = &[
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("cannon", "mRcpR"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("met", "F"),
    ("camel", "C"),
    ("zebra", "Z"),
    ("nightrider", "NN"),
    ("grasshopper", "gQ"),
];

/// The moves of a built-in piece type by its Fairy-Stockfish name.
pub(super) fn named_betza(name: &str) -> Option<&'static str> {
    NAMED.iter().find(|(n, _)| *n == name).map(|x| x.1)
}

/// A board size: `maxRank` a number, `maxFile` a number or a file letter.
pub(super) fn board_size(key: &str, value: &str) -> Option<i64> {
    let n = if key == "maxFile" {
        file_number(value)
    } else {
        value.parse().ok()
    };
    n.and_then(|n| i64::try_from(n).ok())
}

/// The piece types Fairy-Stockfish's default template (chess) defines,
/// with their letters.
const DEFAULT_LETTERS: &[(&str, char)] = &[
    ("pawn", 'p'),
    ("knight", 'n'),
    ("bishop", 'b'),
    ("rook", 'r'),
    ("queen", 'q'),
    ("king", 'k'),
];

/// The pieces of a section by FEN letter (lowercase).
struct Pieces {
    /// (name, Betza) of every piece but the pawn.
    others: BTreeMap<char, (String, String)>,
    /// The pawn's letter, if the section has a pawn.
    pawn: Option<char>,
    /// The royal piece's letter, if the section has one.
    king: Option<char>,
}

/// Who a letter belongs to while the pieces are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Pawn,
    King,
    Other,
}

/// The letter a piece key gives: one letter, `-` (no such piece, `None`),
/// or for `king` and custom pieces `letter:Betza`; the template's letter
/// when the key is absent.
fn piece_letter(
    st: &Settings,
    k: &str,
    with_betza: bool,
) -> Result<Option<(char, Option<String>)>, Problem> {
    let Some(v) = st.get(k) else {
        let default = DEFAULT_LETTERS.iter().find(|(n, _)| *n == k);
        return Ok(default.map(|x| (x.1, None)));
    };
    let mut chars = v.chars();
    match (chars.next(), chars.next()) {
        (Some('-'), None) => Ok(None),
        (Some(c), None) if c.is_ascii_alphabetic() => Ok(Some((c.to_ascii_lowercase(), None))),
        (Some(c), Some(':')) if with_betza && c.is_ascii_alphabetic() => Ok(Some((
            c.to_ascii_lowercase(),
            Some(v[2..].trim().to_string()),
        ))),
        _ => {
            let want = if with_betza {
                "`letter:Betza`, one letter"
            } else {
                "one letter"
            };
            Err(st.problem(k, format!("`{v}`: expected {want} or `-`")))
        }
    }
}

/// Reads the piece keys of a section in Fairy-Stockfish's order of piece
/// types (pawn, the named types, `customPieceN` by number, king): a type
/// that takes a letter another type had removes that type, as in
/// Fairy-Stockfish (so `customPiece1 = p:...` replaces the pawn).
fn read_pieces(st: &Settings, problems: &mut Vec<Problem>) -> Pieces {
    let mut by_letter: BTreeMap<char, (Role, String, String)> = BTreeMap::new();
    let letter_of = |k: &str, with_betza: bool, problems: &mut Vec<Problem>| {
        piece_letter(st, k, with_betza).unwrap_or_else(|p| {
            problems.push(p);
            None
        })
    };
    if let Some((c, _)) = letter_of("pawn", false, problems) {
        by_letter.insert(c, (Role::Pawn, "Pawn".into(), String::new()));
    }
    for (k, betza) in NAMED {
        if let Some((c, _)) = letter_of(k, false, problems) {
            let mut name = (*k).to_string();
            name[..1].make_ascii_uppercase();
            by_letter.insert(c, (Role::Other, name, (*betza).to_string()));
        }
    }
    let mut customs: Vec<(u32, &str)> = Vec::new();
    for k in st.values.keys() {
        if let Some(rest) = k.strip_prefix("customPiece") {
            match rest.parse::<u32>() {
                Ok(n) => customs.push((n, k)),
                Err(_) => problems.push(st.problem(k, "customPiece needs a number".into())),
            }
        }
    }
    customs.sort_unstable();
    for (_, k) in customs {
        match letter_of(k, true, problems) {
            Some((c, Some(betza))) => {
                let name = format!("Custom {}", c.to_ascii_uppercase());
                by_letter.insert(c, (Role::Other, name, betza));
            }
            Some((_, None)) => {
                let v = st.get(k).unwrap_or("");
                problems.push(st.problem(k, format!("`{v}`: expected `letter:Betza`")));
            }
            None => {}
        }
    }
    if let Some((c, betza)) = letter_of("king", true, problems) {
        let betza = betza.unwrap_or_else(|| "K".into());
        by_letter.insert(c, (Role::King, "King".into(), betza));
    }
    let find = |role| by_letter.iter().find(|(_, v)| v.0 == role).map(|(c, _)| *c);
    Pieces {
        pawn: find(Role::Pawn),
        king: find(Role::King),
        others: by_letter
            .iter()
            .filter(|(_, v)| v.0 != Role::Pawn)
            .map(|(c, v)| (*c, (v.1.clone(), v.2.clone())))
            .collect(),
    }
}

/// Most sections in one ini file: every section becomes a variant with its
/// own move tables (Fairy-Stockfish's own file has 143).
pub const MAX_SECTIONS: usize = 1000;

/// The keys a section has, its own and its parent sections'.
#[derive(Clone, Default)]
pub(super) struct Settings {
    /// Key -> (value, line).
    pub(super) values: BTreeMap<String, (String, usize)>,
    /// Sections in its chain of parents, itself included.
    depth: usize,
    /// The built-in variant its chain of sections extends, if any.
    builtin: Option<String>,
}

impl Settings {
    pub(super) fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(|(v, _)| v.as_str())
    }

    /// A problem with `key`, at the line that set it.
    pub(super) fn problem(&self, key: &str, message: String) -> Problem {
        Problem {
            file: String::new(),
            line: self.values.get(key).map(|(_, l)| *l),
            column: None,
            key: key.to_string(),
            message,
        }
    }
}

pub(super) fn bool_of(s: &str) -> Option<bool> {
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

/// What became of the sections of one ini file.
#[derive(Debug, Default)]
pub struct Conversion {
    /// (id, TOML text) of every section that converted, in file order.
    pub variants: Vec<(String, String)>,
    /// The problems of the sections that did not, each with its line.
    pub problems: Vec<Problem>,
}

/// Converts every section of an ini file into (id, TOML text), all or
/// nothing.
///
/// # Errors
/// Unsupported keys and bad values, each with its line.
pub fn convert(name: &str, text: &str) -> Result<Vec<(String, String)>, VariantError> {
    let c = convert_sections(name, text);
    if c.problems.is_empty() {
        Ok(c.variants)
    } else {
        Err(VariantError {
            problems: c.problems,
        })
    }
}

/// Converts the sections of an ini file one by one, as Fairy-Stockfish
/// reads them: a section with problems is reported (at its lines) and left
/// out, and the others still convert. A section may extend `chess` or a
/// section above it.
#[must_use]
pub fn convert_sections(name: &str, text: &str) -> Conversion {
    convert_sections_over(name, text, &|_| None)
}

/// [`convert_sections`], where a section may also extend a variant that
/// `resolve` knows (a built-in variant by its id: `[grandhouse:grand]`).
#[must_use]
pub fn convert_sections_over(
    name: &str,
    text: &str,
    resolve: &dyn Fn(&str) -> Option<VariantSource>,
) -> Conversion {
    let sections = parse_sections(text);
    let mut out = Conversion::default();
    let mut done: BTreeMap<String, Settings> = BTreeMap::new();
    let prob = |line: usize, key: &str, msg: String| Problem {
        file: name.to_string(),
        line: Some(line),
        column: None,
        key: key.to_string(),
        message: msg,
    };
    if sections.is_empty() {
        out.problems.push(Problem {
            file: name.into(),
            line: None,
            column: None,
            key: String::new(),
            message: "no `[section]` found".into(),
        });
    }
    if let Some(sec) = sections.get(MAX_SECTIONS) {
        out.problems.push(prob(
            sec.line,
            &sec.name,
            format!("more than {MAX_SECTIONS} sections in one file"),
        ));
        return out;
    }
    for sec in &sections {
        let mut st = match &sec.parent {
            None => Settings::default(),
            Some(p) if p == "chess" => Settings::default(),
            Some(p) => match (done.get(p), ini_parent::parent(p, resolve)) {
                (Some(s), _) => s.clone(),
                (None, Some(Ok(_))) => Settings {
                    builtin: Some(p.clone()),
                    ..Settings::default()
                },
                (None, Some(Err(e))) => {
                    out.problems.push(prob(
                        sec.line,
                        &sec.name,
                        format!("parent variant `{p}` does not load: {e}"),
                    ));
                    continue;
                }
                (None, None) => {
                    out.problems.push(prob(sec.line, &sec.name, format!("parent variant `{p}` is neither a variant Menagerie knows nor a section earlier in this file")));
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
            out.problems.push(prob(
                sec.line,
                &sec.name,
                format!("chain of parent sections longer than {MAX_EXTENDS_DEPTH}"),
            ));
            continue;
        }
        let converted = match st
            .builtin
            .as_deref()
            .and_then(|b| ini_parent::parent(b, resolve))
        {
            Some(Ok(parent)) => ini_parent::section_over(&sec.name, name, &st, &parent),
            Some(Err(e)) => Err(vec![st.problem("", e)]),
            None => section_to_toml(&sec.name, name, &st),
        };
        match converted {
            Ok(t) => out.variants.push((sec.name.to_ascii_lowercase(), t)),
            Err(mut ps) => {
                for p in &mut ps {
                    p.file = name.to_string();
                    p.key = format!("[{}] {}", sec.name, p.key).trim_end().to_string();
                }
                out.problems.extend(ps);
            }
        }
    }
    out
}

/// What is wrong with `key`, if anything: translated keys (`translated`,
/// the named pieces, `customPieceN`) and GUI-only keys are fine; a key
/// Fairy-Stockfish documents is "not supported yet"; any other key is
/// unknown, with the key it probably meant.
pub(super) fn key_problem(key: &str, translated: &[&str]) -> Option<String> {
    // `customPieceN` is checked (N a number) where the pieces are read.
    if translated.contains(&key)
        || NAMED.iter().any(|(n, _)| *n == key)
        || key.starts_with("customPiece")
        || ini_keys::GUI_ONLY.contains(&key)
    {
        return None;
    }
    if ini_keys::is_documented(key) {
        return Some(format!("Fairy-Stockfish key `{key}` is not supported yet"));
    }
    let candidates = translated
        .iter()
        .chain(ini_keys::GUI_ONLY)
        .chain(ini_keys::DOCUMENTED)
        .copied();
    Some(match ini_keys::suggestion(key, candidates) {
        Some(meant) => format!("unknown Fairy-Stockfish key `{key}`: did you mean `{meant}`?"),
        None => format!("unknown Fairy-Stockfish key `{key}`"),
    })
}

#[allow(clippy::too_many_lines)]
fn section_to_toml(id: &str, file: &str, st: &Settings) -> Result<String, Vec<Problem>> {
    let mut problems = Vec::new();
    let Pieces {
        others: pieces,
        pawn: pawn_letter,
        king: king_letter,
    } = read_pieces(st, &mut problems);
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
        "countingRule",
        "makpongRule",
        "perpetualCheckIllegal",
        "checkCounting",
        "nFoldValue",
        "nFoldValueAbsolute",
        "dropLoop",
        "firstRankPawnDrops",
        "promotionZonePawnDrops",
    ];
    for k in st.values.keys() {
        if let Some(msg) = key_problem(k, known) {
            bad(k, msg);
        }
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
    if !(1..=26).contains(&files) || !(1..=99).contains(&ranks) {
        bad(
            "maxFile",
            format!("board {files}x{ranks} is out of range (1-26 files, 1-99 ranks)"),
        );
        return Err(problems);
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
    // A board of one or two ranks has no room for a double step.
    let double = get("doubleStep").and_then(bool_of).unwrap_or(true) && ranks > 2;
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
        // The template's choice (nbrq) loses the types a section removes,
        // as in Fairy-Stockfish; `-` is no choice at all.
        let explicit = get("promotionPieceTypes");
        let types: Vec<char> = match explicit {
            None => "nbrq".chars().collect(),
            Some("-") => Vec::new(),
            Some(s) => s.chars().collect(),
        };
        let mut to = Vec::new();
        for c in types {
            let c = c.to_ascii_lowercase();
            if pieces.contains_key(&c) {
                to.push(Value::String(c.to_ascii_uppercase().to_string()));
            } else if explicit.is_some() {
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
        if drops {
            pawn_drops(&mut p, &mut pr, ranks, &promo_white, &|k| {
                get(k).and_then(bool_of)
            });
        }
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
        let fits = in_range(kf)
            && in_range(ks)
            && in_range(qs)
            && ks >= 2
            && qs < files
            && (1..=ranks).contains(&rank);
        // The template's castling (king from e1 to g1 or c1) cannot happen
        // on a board too small for it: no castling, as in Fairy-Stockfish
        // (a start position that grants it is refused when read).
        let explicit = [
            "castlingKingFile",
            "castlingKingsideFile",
            "castlingQueensideFile",
            "castlingRank",
        ]
        .into_iter()
        .find(|k| get(k).is_some());
        if let (false, Some(k)) = (fits, explicit) {
            bad(k, "castling files or rank outside the board".into());
            return Err(problems);
        }
        if fits {
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
    if let Some(style) = get("countingRule").filter(|s| *s != "none") {
        // The counted types are Fairy-Stockfish's pawn, rook, khon (its
        // silver general) and knight.
        let letter_of = |name: &str| {
            pieces
                .iter()
                .find(|(_, (n, _))| n == name)
                .map(|(l, _)| l.to_ascii_uppercase().to_string())
        };
        let pawn = pawn_letter.map(|l| l.to_ascii_uppercase().to_string());
        match (
            pawn,
            letter_of("Rook"),
            letter_of("Silver"),
            letter_of("Knight"),
        ) {
            (Some(pawn), Some(rook), Some(khon), Some(knight)) => {
                let mut c = Table::new();
                c.insert("rule".into(), Value::String(style.to_string()));
                c.insert("pawn".into(), Value::String(pawn));
                c.insert("rook".into(), Value::String(rook));
                c.insert("khon".into(), Value::String(khon));
                c.insert("knight".into(), Value::String(knight));
                rules.insert("counting".into(), Value::Table(c));
            }
            _ => bad(
                "countingRule",
                "a counting rule needs the pawn, rook, silver (khon) and knight pieces".into(),
            ),
        }
    }
    if let Some(b) = get("perpetualCheckIllegal").and_then(bool_of) {
        rules.insert("perpetual_check_loses".into(), Value::Boolean(b));
    }
    if let Some(b) = get("makpongRule").and_then(bool_of) {
        rules.insert("royal_captures_checker_only".into(), Value::Boolean(b));
    }
    if let Some(s) = get("checkCounting") {
        match bool_of(s) {
            Some(b) => {
                rules.insert("check_counting".into(), Value::Boolean(b));
            }
            None => bad("checkCounting", format!("`{s}`: use true or false")),
        }
    }
    if get("checking").is_some_and(|s| s != "true") {
        bad(
            "checking",
            "`checking = false` (no checks) is not supported yet".into(),
        );
    }
    // The ban applies to Fairy-Stockfish's Shogi pawn type only.
    let shogi_pawn = get("shogiPawn").filter(|s| *s != "-");
    if let (Some("true"), Some(p)) = (get("shogiPawnDropMateIllegal"), shogi_pawn) {
        rules.insert(
            "drop_mate_loses".into(),
            Value::Array(vec![Value::String(p.to_ascii_uppercase())]),
        );
    }
    if let Some(b) = get("perpetualCheckIllegal").and_then(bool_of) {
        rules.insert("perpetual_check_loses".into(), Value::Boolean(b));
    }
    if let Some(s) = get("nFoldValue") {
        let absolute = get("nFoldValueAbsolute").and_then(bool_of) == Some(true);
        match (s, absolute) {
            ("draw", _) => {}
            ("loss" | "win", false) => {
                rules.insert("repetition_verdict".into(), Value::String(s.into()));
            }
            ("loss" | "win", true) => {
                rules.insert(
                    "repetition_verdict".into(),
                    Value::String(format!("white-{s}")),
                );
            }
            _ => bad("nFoldValue", format!("`{s}`: use draw, loss or win")),
        }
    }
    if let Some(s) = get("enPassantRegion") {
        bad(
            "enPassantRegion",
            format!("`{s}`: en passant is allowed on every cell; custom regions are not supported"),
        );
    }
    t.insert("rules".into(), Value::Table(rules));
    let mut n = Table::new();
    if !promoted.is_empty() {
        n.insert("promotion".into(), Value::String("plus".into()));
    }
    // Fairy-Stockfish writes the piece letter of every promotion.
    n.insert("forced_suffix".into(), Value::Boolean(true));
    t.insert("notation".into(), Value::Table(n));
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

/// Crazyhouse rules for the pawn of a drop variant: no drops on the first
/// rank (unless `firstRankPawnDrops`) nor in the promotion zone (unless
/// `promotionZonePawnDrops`); a promoted pawn captured goes to the hand as
/// a pawn again unless `dropLoop` (or captures do not go to the hand).
fn pawn_drops(
    pawn: &mut Table,
    promotion: &mut Table,
    ranks: usize,
    promo_white: &str,
    flag: &dyn Fn(&str) -> Option<bool>,
) {
    let mut zone = format!("*1-*{ranks}");
    if flag("firstRankPawnDrops") != Some(true) {
        zone.push_str(" !*1");
    }
    if flag("promotionZonePawnDrops") != Some(true) {
        for term in promo_white.split_whitespace() {
            zone.push_str(&format!(" !{term}"));
        }
    }
    pawn.insert("drop_zone".into(), Value::String(zone));
    if flag("capturesToHand") != Some(false) && flag("dropLoop") != Some(true) {
        promotion.insert("style".into(), Value::String("revert".into()));
    }
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
    fn counting_and_makpong_rules() {
        let text = "[mk]\npawn = p\nqueen = -\nbishop = -\nsilver = s\nmet = m\ncastling = false\ndoubleStep = false\npromotionPieceTypes = m\npromotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\nstartFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1\ncountingRule = makruk\nmakpongRule = true\nperpetualCheckIllegal = true\n";
        let out = convert("x.ini", text).unwrap();
        let toml = &out[0].1;
        assert!(toml.contains("rule = \"makruk\""), "{toml}");
        assert!(toml.contains("khon = \"S\""), "{toml}");
        assert!(
            toml.contains("royal_captures_checker_only = true"),
            "{toml}"
        );
        let mut reg = crate::Registry::builtin();
        let ids = reg.add_ini("x.ini", text).unwrap();
        let v = reg.get(&ids[0]).unwrap();
        assert!(v.rules.counting.is_some());
        assert!(v.rules.royal_captures_checker_only);
        assert!(v.rules.perpetual_check_loses);
        // Without a silver general there is nothing to count with.
        let e = convert("x.ini", "[c]\ncountingRule = makruk\n").unwrap_err();
        assert!(e.problems[0].key == "[c] countingRule", "{:?}", e.problems);
    }

    #[test]
    fn check_counting_loads_and_counts() {
        let text = "[4check]\ncheckCounting = true\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+4 0 1\n";
        let ok = convert("x.ini", text).unwrap();
        assert!(ok[0].1.contains("check_counting = true"), "{}", ok[0].1);
        let mut reg = crate::Registry::builtin();
        let ids = reg.add_ini("x.ini", text).unwrap();
        let v = reg.get(&ids[0]).unwrap();
        let pos = crate::Position::start(&v);
        assert_eq!(pos.checks_left_all(), [4, 4]);
        assert!(pos.to_fen().contains(" - 4+4 0 1"));
        let e = convert("x.ini", "[v]\ncheckCounting = maybe\n").unwrap_err();
        assert_eq!(e.problems[0].key, "[v] checkCounting");
    }

    #[test]
    fn shogi_end_rules_are_translated() {
        let base = "[s]\nking = k\npawn = -\nshogiPawn = p\ncastling = false\nstartFen = 4k3/8/8/8/8/8/8/4K3[] w - - 0 1\npieceDrops = true\n";
        let ok = convert("x.ini", &format!("{base}shogiPawnDropMateIllegal = true\nperpetualCheckIllegal = true\nnFoldValue = loss\nnFoldValueAbsolute = true\n")).unwrap();
        let t = &ok[0].1;
        assert!(t.contains("drop_mate_loses = [\"P\"]"), "{t}");
        assert!(t.contains("perpetual_check_loses = true"), "{t}");
        assert!(t.contains("repetition_verdict = \"white-loss\""), "{t}");
        let e = convert("x.ini", &format!("{base}nFoldValue = maybe\n")).unwrap_err();
        assert_eq!(e.problems[0].key, "[s] nFoldValue");
        assert_eq!(e.problems[0].line, Some(8));
    }

    #[test]
    fn crazyhouse_pawn_drops_are_translated() {
        let base = "[h]\npieceDrops = true\ncapturesToHand = true\n";
        let t = &convert("x.ini", base).unwrap()[0].1;
        assert!(t.contains("drop_zone = \"*1-*8 !*1 !*8\""), "{t}");
        assert!(t.contains("style = \"revert\""), "{t}");
        let t = &convert(
            "x.ini",
            &format!(
                "{base}dropLoop = true\nfirstRankPawnDrops = true\npromotionZonePawnDrops = true\n"
            ),
        )
        .unwrap()[0]
            .1;
        assert!(t.contains("drop_zone = \"*1-*8\""), "{t}");
        assert!(!t.contains("revert"), "{t}");
    }

    #[test]
    fn big_board() {
        let ok = convert("x.ini", "[big]\nmaxFile = 16\nmaxRank = 16\nking = k\npawn = -\nqueen = -\nrook = r\nbishop = -\nknight = -\ncastling = false\nstartFen = k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R14K w - - 0 1\n").unwrap();
        assert_eq!(ok.len(), 1);
        assert!(ok[0].1.contains("files = 16"));
    }

    /// The problems of a one-section file, or none.
    fn problems_of(text: &str) -> Vec<Problem> {
        convert_sections("x.ini", text).problems
    }

    #[test]
    fn a_broken_section_is_reported_and_the_others_load() {
        let text =
            "[good]\nmaxFile = 8\n[bad]\nmaxFile = 8\nflagRegion = *8\n[later:good]\nmaxRank = 8\n";
        let c = convert_sections("x.ini", text);
        let ids: Vec<&str> = c.variants.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["good", "later"]);
        assert_eq!(c.problems.len(), 1);
        assert_eq!(c.problems[0].line, Some(5));
        assert_eq!(c.problems[0].key, "[bad] flagRegion");
        // The strict form refuses the whole file.
        assert!(convert("x.ini", text).is_err());
    }

    #[test]
    fn gui_only_keys_are_accepted() {
        let text =
            "[v]\npieceToCharTable = PNBRQ.K.pnbrq.k\npocketSize = 0\nvariantTemplate = fairy\n";
        assert_eq!(problems_of(text), []);
    }

    #[test]
    fn a_misspelled_key_names_the_key_it_meant() {
        let p = problems_of("[v]\npromotionRegionWhit = *8\n");
        assert_eq!(p.len(), 1);
        assert!(
            p[0].message
                .contains("did you mean `promotionRegionWhite`?"),
            "{}",
            p[0].message
        );
        let p = problems_of("[v]\nstartfen = 8/8/8/8/8/8/8/8 w - - 0 1\n");
        assert!(p[0].message.contains("`startFen`"), "{}", p[0].message);
        let p = problems_of("[v]\nflagRegio = *8\n");
        assert!(p[0].message.contains("`flagRegion`"), "{}", p[0].message);
    }

    #[test]
    fn every_documented_key_is_translated_or_named_as_not_supported_yet() {
        for key in ini_keys::DOCUMENTED {
            let text = format!("[v]\n{key} = 1\n");
            for p in problems_of(&text) {
                assert!(
                    !p.message.contains("unknown"),
                    "`{key}` is documented: {}",
                    p.message
                );
            }
        }
        let p = problems_of("[v]\nmobilityRegionWhiteKing = d1 e1\n");
        assert!(p[0]
            .message
            .contains("`mobilityRegionWhiteKing` is not supported yet"));
    }

    #[test]
    fn later_piece_types_take_the_letters_of_earlier_ones() {
        // A custom piece with the pawn's letter replaces the pawn.
        let c = convert_sections(
            "x.ini",
            "[v]\ncustomPiece1 = p:mfWcfF\nking = k:KN\npromotionPieceTypes = -\n",
        );
        assert_eq!(c.problems, []);
        let toml = &c.variants[0].1;
        assert!(toml.contains("betza = \"mfWcfF\""), "{toml}");
        assert!(!toml.contains("fmWfceF"), "{toml}");
        // The custom royal piece.
        assert!(toml.contains("betza = \"KN\""), "{toml}");
    }

    #[test]
    fn removed_pieces_leave_the_default_promotion_choice() {
        let c = convert_sections(
            "x.ini",
            "[v]\nqueen = -\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
        );
        assert_eq!(c.problems, []);
        assert!(
            c.variants[0].1.contains("to = [\"N\", \"B\", \"R\"]"),
            "{}",
            c.variants[0].1
        );
        // An explicit choice of a missing piece is an error.
        let p = problems_of("[v]\nqueen = -\npromotionPieceTypes = q\n");
        assert!(p[0].message.contains("no piece `q`"));
    }

    #[test]
    fn small_boards_have_no_template_castling() {
        let c = convert_sections(
            "x.ini",
            "[v]\nmaxFile = 4\nmaxRank = 4\nstartFen = rk2/pp2/2PP/2KR w - - 0 1\n",
        );
        assert_eq!(c.problems, []);
        assert!(!c.variants[0].1.contains("[[castling]]"));
        let p = problems_of("[v]\nmaxFile = 4\ncastlingKingsideFile = g\n");
        assert_eq!(p[0].key, "[v] castlingKingsideFile");
    }
}
