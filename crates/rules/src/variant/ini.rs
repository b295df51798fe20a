//! Fairy-Stockfish `variants.ini` files.
//!
//! Each section is translated into Menagerie's TOML model (then loaded like
//! any variant file, with Fairy-Stockfish's Betza dialect). Every key is
//! either translated or reported as unsupported; nothing is ignored silently.
//! Boards may be larger than Fairy-Stockfish's (`maxFile` up to 26 files,
//! `maxRank` up to 99 ranks).

use super::load::{Problem, VariantError, VariantSource, MAX_EXTENDS_DEPTH};
use super::{ini_keys, ini_letters, ini_parent, ini_profile, ini_promoted, ini_section};
use std::collections::BTreeMap;

/// One `[name:parent]` section of an ini file, its keys in file order.
pub(super) struct Section {
    pub(super) name: String,
    pub(super) parent: Option<String>,
    line: usize,
    /// (key, value, line).
    pub(super) keys: Vec<(String, String, usize)>,
}

/// The sections of an ini file (comments and blank lines skipped).
pub(super) fn parse_sections(text: &str) -> Vec<Section> {
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
pub(super) const NAMED: &[(&str, &str)] = &[
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
    // Janggi's Cannon: hops to move and capture; `ini_section` bars it from
    // hopping over or taking another of its type.
    ("janggiCannon", "pR"),
    // Xiangqi's Soldier; `ini_xiangqi` limits its sideways step.
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    // Janggi's Elephant: a step along a rank or file, then two diagonally
    // outwards, blocked on either cell it passes.
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("met", "F"),
    ("camel", "C"),
    ("zebra", "Z"),
    ("nightrider", "NN"),
    ("grasshopper", "gQ"),
    // A stone that never moves (Reversi, Connect Four): no moves at all.
    ("immobile", ""),
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
    /// The chain starts with a section that has no parent: Fairy-Stockfish
    /// then starts from no piece types and no promotion choice (only what
    /// the keys give), not from chess's. Menagerie follows it for the
    /// promotion choice; it keeps the template's piece letters, which only
    /// matters for a start position Fairy-Stockfish would refuse.
    pub(super) bare: bool,
    /// Piece key -> the letter Fairy-Stockfish's SAN writes for that type
    /// where it differs from its FEN letter: a built-in's synonym (Xiangqi's
    /// Horse `H`, FEN `n`), given by a parent profile only
    /// (`ini_profile::SAN_LETTERS`; `ini_letters::drop_redefined_synonyms`).
    pub(super) san_letters: BTreeMap<String, char>,
}

impl Settings {
    pub(super) fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(|(v, _)| v.as_str())
    }

    /// The keys of a parent profile, each reported at `line`.
    fn of_profile(mut keys: BTreeMap<String, String>, line: usize) -> Settings {
        let san_letters = ini_profile::take_san_letters(&mut keys);
        Settings {
            values: keys.into_iter().map(|(k, v)| (k, (v, line))).collect(),
            san_letters,
            ..Settings::default()
        }
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

pub(super) fn file_number(s: &str) -> Option<usize> {
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
            None => Settings {
                bare: true,
                ..Settings::default()
            },
            Some(p) if p == "chess" => Settings::default(),
            Some(p) => match (
                done.get(p),
                ini_profile::keys(p),
                ini_parent::parent(p, resolve),
            ) {
                (Some(s), ..) => s.clone(),
                // A built-in with a profile: its keys, as if written in
                // the section (reported at the section's line).
                (None, Some(keys), _) => Settings::of_profile(keys, sec.line),
                (None, None, Some(Ok(_))) => Settings {
                    builtin: Some(p.clone()),
                    ..Settings::default()
                },
                (None, None, Some(Err(e))) => {
                    out.problems.push(prob(
                        sec.line,
                        &sec.name,
                        format!("parent variant `{p}` does not load: {e}"),
                    ));
                    continue;
                }
                (None, None, None) => {
                    out.problems.push(prob(sec.line, &sec.name, format!("parent variant `{p}` is neither a variant Menagerie knows nor a section earlier in this file")));
                    continue;
                }
            },
        };
        st.depth += 1;
        ini_letters::follow_new_letters(&mut st.values, &sec.keys);
        let promoted = ini_promoted::merged(&st.values, &sec.keys);
        ini_letters::drop_taken_letters(&mut st.values, &sec.keys);
        ini_letters::drop_redefined_synonyms(&mut st.san_letters, &sec.keys);
        for (k, v, line) in &sec.keys {
            st.values.insert(k.clone(), (v.clone(), *line));
        }
        if let Some((value, line)) = promoted {
            st.values.insert("promotedPieceType".into(), (value, line));
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
            None => ini_section::to_toml(&sec.name, name, &st),
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
    fn cambodian_moves_load_as_first_move_rights() {
        let text = "[ouk]\npawn = p\nqueen = -\nbishop = -\nsilver = s\nmet = m\ncastling = false\ndoubleStep = false\npromotionPieceTypes = m\npromotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\nstartFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1\ncountingRule = cambodian\ngating = true\ncambodianMoves = true\n";
        let toml = &convert("x.ini", text).unwrap()[0].1;
        assert!(toml.contains("revoked_by = \"R\""), "{toml}");
        let mut reg = crate::Registry::builtin();
        let ids = reg.add_ini("x.ini", text).unwrap();
        let v = reg.get(&ids[0]).unwrap();
        let pos = crate::Position::start(&v);
        // The built-in `cambodian`'s 25 moves: the King's two leaps among them.
        assert_eq!(pos.legal_moves().len(), 25);
        assert!(pos.to_fen().contains(" w DEde "));
        // Gating rights alone (neither gating from the hand nor the leaps): not supported yet.
        let e = convert("x.ini", "[g]\ngating = true\n").unwrap_err();
        assert_eq!(e.problems[0].key, "[g] gating");
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
    fn flag_keys_load_as_the_flag_rule() {
        // Fairy-Stockfish's own king-of-the-hill section, and a race of
        // queens to opposite ranks with Black's extra move.
        let text = "[hill:chess]\nflagPiece = k\nflagRegion = d4 e4 d5 e5\n[race]\nflagPiece = q\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagMove = true\nchecking = false\n";
        let c = convert_sections("x.ini", text);
        assert_eq!(c.problems, []);
        let mut reg = crate::Registry::builtin();
        let ids = reg.add_ini("x.ini", text).unwrap();
        let race = reg.get(&ids[1]).unwrap();
        let flag = race.rules.flag.as_ref().expect("flag rule");
        assert!(flag.extra_move);
        assert!(!race.rules.checking);
        let g = &race.geometry;
        let d8 = g.parse_cell("d8").unwrap();
        let d1 = g.parse_cell("d1").unwrap();
        assert!(flag.region[0].contains(d8) && !flag.region[0].contains(d1));
        assert!(flag.region[1].contains(d1) && !flag.region[1].contains(d8));
        // A piece the section does not have, and a bad switch.
        let p = problems_of("[v]\nflagPiece = z\nflagRegion = *8\n");
        assert_eq!(p[0].key, "[v] flagPiece");
        let p = problems_of("[v]\nflagRegion = *8\nflagMove = perhaps\n");
        assert_eq!(p[0].key, "[v] flagMove");
        let p = problems_of("[v]\nchecking = perhaps\n");
        assert_eq!(p[0].key, "[v] checking");
        // Dobutsu's safe Lion: the flag counts only while not attacked.
        let text = "[safe:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\n";
        let ids = reg.add_ini("y.ini", text).unwrap();
        let safe = reg.get(&ids[0]).unwrap();
        assert!(safe
            .rules
            .flag
            .as_ref()
            .is_some_and(|f| f.safe && !f.extra_move));
        let p = problems_of("[v]\nflagRegion = *8\nflagPieceSafe = perhaps\n");
        assert_eq!(p[0].key, "[v] flagPieceSafe");
    }

    #[test]
    fn losing_game_keys_load() {
        // A small giveaway: forced captures, the stalemated side and the
        // side without pieces win, stalemate by piece count.
        let text = "[mini]\nmaxFile = 5\nmaxRank = 5\nking = -\ncommoner = k\ncastling = false\ndoubleStep = false\npromotionRegionWhite = *5\npromotionRegionBlack = *1\nstartFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\nmustCapture = true\nstalemateValue = win\nstalematePieceCount = true\nextinctionValue = win\nextinctionPieceTypes = *\ncheckmateValue = win\n";
        let c = convert_sections("x.ini", text);
        assert_eq!(c.problems, []);
        let mut reg = crate::Registry::builtin();
        let ids = reg.add_ini("x.ini", text).unwrap();
        let v = reg.get(&ids[0]).unwrap();
        assert!(v.rules.must_capture && v.rules.stalemate_piece_count);
        assert_eq!(v.rules.checkmate, crate::variant::Verdict::Win);
        let e = v.rules.extinction.as_ref().expect("extinction");
        assert!(e.all && e.types == 0 && e.count == 0);
        // Three kings' counts, and bad values.
        let text = "[tk]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPieceCount = 2\nextinctionOpponentPieceCount = 1\nextinctionClaim = true\n";
        let ok = convert("x.ini", text).unwrap();
        assert!(ok[0].1.contains("count = 2"), "{}", ok[0].1);
        assert!(ok[0].1.contains("claim = true"), "{}", ok[0].1);
        let p = problems_of("[v]\nextinctionValue = lose\n");
        assert_eq!(p[0].key, "[v] extinctionValue");
        let p = problems_of("[v]\nextinctionValue = loss\nextinctionPieceTypes = z\n");
        assert_eq!(p[0].key, "[v] extinctionPieceTypes");
        let p = problems_of("[v]\nmustCapture = often\n");
        assert_eq!(p[0].key, "[v] mustCapture");
        // `none` is no rule.
        assert_eq!(problems_of("[v]\nextinctionValue = none\n"), []);
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
            "[good]\nmaxFile = 8\n[bad]\nmaxFile = 8\ndropOnTop = true\n[later:good]\nmaxRank = 8\n";
        let c = convert_sections("x.ini", text);
        let ids: Vec<&str> = c.variants.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["good", "later"]);
        assert_eq!(c.problems.len(), 1);
        assert_eq!(c.problems[0].line, Some(5));
        assert_eq!(c.problems[0].key, "[bad] dropOnTop");
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
        let p = problems_of("[v]\ndropOnTop = true\n");
        assert!(p[0].message.contains("`dropOnTop` is not supported yet"));
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
            "[v:chess]\nqueen = -\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
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
