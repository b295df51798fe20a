//! The wall keys of a Fairy-Stockfish ini section (`wallingRule`,
//! `wallingRegion` and its per-colour forms): they become the
//! `[rules] walls` component (`components::walls`) plus a wall piece type,
//! which Menagerie keeps on the board where Fairy-Stockfish keeps a wall
//! bitboard. `wallOrMove` (wall instead of moving, Atlantis) becomes the
//! rule's `or_move`.
//!
//! `petrifyOnCaptureTypes` (pieces that turn to wall where they capture)
//! becomes `[rules] petrify` (`components::petrify`); its stones are the
//! wall piece, so a section without a walling rule gets one that places
//! no walls (`none`).

use super::ini::{bool_of, Settings};
use super::load::Problem;
use crate::components::walls::WallRule;
use toml::{Table, Value};

/// The keys this module translates.
pub(super) const KEYS: &[&str] = &[
    "wallingRule",
    "wallingRegion",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "petrifyOnCaptureTypes",
    "wallOrMove",
];

/// Name of the region written for `wallingRegion*`.
const REGION: &str = "walling";

/// What a section's wall keys add to its variant file.
pub(super) struct WallParts {
    /// The `[rules] walls` table.
    pub rules: Table,
    /// The wall piece: its key and its `[pieces]` entry.
    pub piece: (String, Table),
    /// The `[regions]` entry for the walling region, if one was given.
    pub region: Option<Table>,
}

/// The wall parts for section `st` (`letters`: its piece letters,
/// lowercase), `None` without a `wallingRule` (or with `none`).
///
/// # Errors
/// An unknown rule, or no letter left for the wall piece.
pub(super) fn translate(st: &Settings, letters: &[char]) -> Result<Option<WallParts>, Problem> {
    let petrifies = st
        .get("petrifyOnCaptureTypes")
        .is_some_and(|v| !matches!(v.trim(), "" | "-"));
    let rule = match st.get("wallingRule") {
        Some(r) if r != "none" => r,
        // Stones need a wall piece even where no move places walls.
        _ if petrifies => "none",
        _ => return Ok(None),
    };
    WallRule::from_name(rule).map_err(|e| st.problem("wallingRule", e))?;
    let key = ('A'..='Z')
        .rev()
        .find(|c| !letters.contains(&c.to_ascii_lowercase()))
        .ok_or_else(|| st.problem("wallingRule", "no letter left for the wall piece".into()))?
        .to_string();
    let (name, about) = if rule == "none" {
        ("Stone", "A piece turned to stone where it captured: nothing may stop on it, capture it or pass it.")
    } else {
        (
            "Wall",
            "A wall: nothing may stop on it, capture it or pass it.",
        )
    };
    let mut piece = Table::new();
    piece.insert("name".into(), Value::String(name.into()));
    piece.insert("description".into(), Value::String(about.into()));
    piece.insert("glyph".into(), Value::String("wall".into()));
    let mut rules = Table::new();
    rules.insert("rule".into(), Value::String(rule.to_string()));
    rules.insert("piece".into(), Value::String(key.clone()));
    match st.get("wallOrMove").map(|v| (v, bool_of(v))) {
        None | Some((_, Some(false))) => {}
        Some((_, Some(true))) => {
            rules.insert("or_move".into(), Value::Boolean(true));
        }
        Some((v, None)) => {
            return Err(st.problem("wallOrMove", format!("`{v}` is not true or false")));
        }
    }
    let both = st.get("wallingRegion");
    let white = st.get("wallingRegionWhite").or(both);
    let black = st.get("wallingRegionBlack").or(both);
    let region = if white.is_some() || black.is_some() {
        let mut r = Table::new();
        r.insert("white".into(), Value::String(white.unwrap_or("*").into()));
        r.insert("black".into(), Value::String(black.unwrap_or("*").into()));
        r.insert("kind".into(), Value::String("other".into()));
        rules.insert("region".into(), Value::String(REGION.into()));
        Some(r)
    } else {
        None
    };
    Ok(Some(WallParts {
        rules,
        piece: (key, piece),
        region,
    }))
}

/// The piece keys of `petrifyOnCaptureTypes` (`letters`: the section's
/// piece letters, lowercase); a letter it does not have is a problem.
fn petrify_keys(st: &Settings, letters: &[char], problems: &mut Vec<Problem>) -> Vec<Value> {
    let mut out = Vec::new();
    for c in st.get("petrifyOnCaptureTypes").unwrap_or("").chars() {
        let c = c.to_ascii_lowercase();
        if letters.contains(&c) {
            out.push(Value::String(c.to_ascii_uppercase().to_string()));
        } else if !c.is_whitespace() && c != '-' {
            problems.push(st.problem("petrifyOnCaptureTypes", format!("no piece `{c}`")));
        }
    }
    out
}

/// Writes the wall parts of `st` into the variant table `t`.
pub(super) fn apply(st: &Settings, letters: &[char], t: &mut Table, problems: &mut Vec<Problem>) {
    let petrify = petrify_keys(st, letters, problems);
    if let (false, Some(Value::Table(rules))) = (petrify.is_empty(), t.get_mut("rules")) {
        rules.insert("petrify".into(), Value::Array(petrify));
    }
    let parts = match translate(st, letters) {
        Ok(Some(p)) => p,
        Ok(None) => return,
        Err(p) => {
            problems.push(p);
            return;
        }
    };
    if let Some(Value::Table(rules)) = t.get_mut("rules") {
        rules.insert("walls".into(), Value::Table(parts.rules));
    }
    if let Some(Value::Table(pieces)) = t.get_mut("pieces") {
        pieces.insert(parts.piece.0, Value::Table(parts.piece.1));
    }
    if let (Some(r), Some(Value::Table(regions))) = (parts.region, t.get_mut("regions")) {
        regions.insert(REGION.into(), Value::Table(r));
    }
}

#[cfg(test)]
mod tests {
    use crate::{perft, Position, Registry};

    /// Isolation written as a Fairy-Stockfish section: a King-stepping
    /// piece that walls any empty cell but a1 after each move.
    const ISOLATION: &str = "[iso]\nmaxRank = 8\nmaxFile = f\npawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\nking = -\ncastling = false\ncustomPiece1 = p:mK\nstartFen = 3p2/6/6/6/6/6/6/2P3 w - - 0 1\nstalemateValue = loss\nwallingRule = static\nwallingRegionWhite = b1 c1 d1 e1 f1 a2 b2 c2 d2 e2 f2 a3 b3 c3 d3 e3 f3 a4 b4 c4 d4 e4 f4 a5 b5 c5 d5 e5 f5 a6 b6 c6 d6 e6 f6 a7 b7 c7 d7 e7 f7 a8 b8 c8 d8 e8 f8\n";

    #[test]
    fn walling_keys_load_as_the_wall_rule() {
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("x.ini", ISOLATION).unwrap();
        let v = reg.get(&ids[0]).unwrap();
        let w = v.rules.walls.as_ref().expect("wall rule");
        let a1 = v.geometry.parse_cell("a1").unwrap();
        assert!(!w.region[0].contains(a1) && w.region[1].contains(a1));
        // White's five steps from c1, each with 45 cells to wall (46
        // empty cells but a1); Black walls a1 too.
        let mut p = Position::start(&v);
        assert_eq!(perft(&mut p, 1), 5 * 45);
        let mut q = Position::from_fen(&v, "3p2/6/6/6/6/6/6/2P3 b - - 0 1").unwrap();
        assert_eq!(perft(&mut q, 1), 5 * 46);
    }

    #[test]
    fn an_unknown_walling_rule_is_a_problem() {
        let mut reg = Registry::builtin();
        let text = ISOLATION.replace("wallingRule = static", "wallingRule = moat");
        let r = reg.add_ini("x.ini", &text);
        let problems = match r {
            Ok(_) => panic!("loaded"),
            Err(e) => format!("{e:?}"),
        };
        assert!(problems.contains("moat"), "{problems}");
    }

    #[test]
    fn petrify_keys_load_with_a_stone_piece() {
        // Chess whose non-Pawn pieces turn to stone where they capture,
        // with Kings guarded as pseudo-royal Commoners (Fairy-Stockfish's
        // petrified without the sideways Pawn step). The count is
        // pyffish's for the same section.
        let text = "[petri:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\npetrifyOnCaptureTypes = kqrbn\n";
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("x.ini", text).unwrap();
        let v = reg.get(&ids[0]).unwrap();
        let w = v.rules.walls.as_ref().expect("a stone piece");
        assert!(!w.placed());
        assert_eq!(v.rules.petrify.count_ones(), 5);
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let mut p = Position::from_fen(&v, fen).unwrap();
        assert_eq!(perft(&mut p, 3), 27224);
        let bad = text.replace("kqrbn", "kqrbz");
        let problems = match reg.add_ini("y.ini", &bad) {
            Ok(_) => panic!("loaded"),
            Err(e) => format!("{e:?}"),
        };
        assert!(problems.contains("petrifyOnCaptureTypes"), "{problems}");
    }
}
