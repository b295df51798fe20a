//! The Pawn's triple step of a Fairy-Stockfish ini section (Wildebeest):
//! `tripleStepRegionWhite` / `tripleStepRegionBlack` name the cells from
//! which a Pawn may also move three cells straight on, all of them empty.
//!
//! As in Fairy-Stockfish the region is independent of the double step (a
//! section may have one without the other) and applies to the pawn type
//! only; the move passes over two cells, both en passant targets. It is
//! written as a move group of the Pawn, `fmW{3}` from the region
//! `triple-step` (cells per colour as given, not mirrored).

use super::ini::Settings;
use super::ini_regions::per_side;
use super::load::Problem;
use toml::{Table, Value};

/// The keys this module translates.
pub(super) const KEYS: &[&str] = &["tripleStepRegionWhite", "tripleStepRegionBlack"];

/// The region the keys become.
const REGION: &str = "triple-step";
/// Exactly three steps straight on, through empty cells, not capturing.
const TRIPLE_STEP: &str = "fmW{3}";

/// Adds the triple step to the Pawn (letter `pawn`, lowercase) of the
/// variant table `t`. Without the keys nothing changes; with them but
/// without a Pawn the keys are a problem, as they would move nothing.
pub(super) fn apply(st: &Settings, pawn: Option<char>, t: &mut Table, problems: &mut Vec<Problem>) {
    let white = st.get(KEYS[0]).unwrap_or("");
    let black = st.get(KEYS[1]).unwrap_or("");
    if white.trim().is_empty() && black.trim().is_empty() {
        return;
    }
    let Some(pawn) = pawn else {
        let key = if white.trim().is_empty() {
            KEYS[1]
        } else {
            KEYS[0]
        };
        problems.push(st.problem(key, "the section has no Pawn to step three cells".into()));
        return;
    };
    if let Some(Value::Table(regions)) = t.get_mut("regions") {
        regions.insert(REGION.into(), per_side(white, black));
    }
    let key = pawn.to_ascii_uppercase().to_string();
    let Some(Value::Table(p)) = t
        .get_mut("pieces")
        .and_then(Value::as_table_mut)
        .and_then(|ps| ps.get_mut(&key))
    else {
        return;
    };
    let mut group = Table::new();
    group.insert("betza".into(), Value::String(TRIPLE_STEP.into()));
    group.insert("from".into(), Value::String(REGION.into()));
    let moves = p.entry("moves").or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(groups) = moves {
        groups.push(Value::Table(group));
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::{ini_variant, legal_uci, play_uci};
    use crate::Position;

    /// Wildebeest's pawns: double steps from the second and third ranks,
    /// triple steps from the second (Fairy-Stockfish's section, less its
    /// pieces).
    const SECTION: &str = "[w3:chess]\nmaxRank = 10\nmaxFile = k\ndoubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *9 *8\ntripleStepRegionWhite = *2\ntripleStepRegionBlack = *9\npromotionRegionWhite = *10\npromotionRegionBlack = *1\ncastling = false\nstartFen = 4k6/1p9/11/11/11/11/11/11/P1P8/4K6 w - - 0 1\n";

    #[test]
    fn pawns_step_three_from_their_region() {
        let v = ini_variant(SECTION);
        let pos = Position::start(&v);
        // pyffish 0.0.90: a2a3 a2a4 a2a5, c2c3 c2c4 c2c5 and the King's five.
        assert_eq!(
            legal_uci(&pos).join(" "),
            "a2a3 a2a4 a2a5 c2c3 c2c4 c2c5 e1d1 e1d2 e1e2 e1f1 e1f2"
        );
    }

    #[test]
    fn a_triple_step_leaves_both_cells_it_passed_to_en_passant() {
        let v = ini_variant(SECTION);
        // A White Pawn on c6 guards b7, the second cell Black's b9b6 passes.
        let mut pos =
            Position::from_fen(&v, "4k6/1p9/11/11/2P8/11/11/11/P1P8/4K6 b - - 0 1").unwrap();
        play_uci(&mut pos, "b9b6");
        // pyffish 0.0.90: `4k6/11/11/11/1pP8/11/11/11/P1P8/4K6 w - b7 0 2`.
        assert_eq!(
            pos.to_fen(),
            "4k6/11/11/11/1pP8/11/11/11/P1P8/4K6 w - b7 0 2"
        );
        assert!(legal_uci(&pos).contains(&"c6b7".to_string()));
        // A Pawn on c8 guards neither b8 nor b7: no target.
        let mut pos =
            Position::from_fen(&v, "4k6/1p9/2P8/11/11/11/11/11/P1P8/4K6 b - - 0 1").unwrap();
        play_uci(&mut pos, "b9b6");
        assert_eq!(
            pos.to_fen(),
            "4k6/11/2P8/11/1p9/11/11/11/P1P8/4K6 w - - 0 2"
        );
    }

    #[test]
    fn triple_steps_need_a_pawn() {
        let text = "[v:chess]\npawn = -\ntripleStepRegionWhite = *2\n";
        let c = crate::variant::ini::convert_sections("x.ini", text);
        assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
        assert_eq!(c.problems[0].key, "[v] tripleStepRegionWhite");
    }
}
