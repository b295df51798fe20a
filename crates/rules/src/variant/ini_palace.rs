//! Fairy-Stockfish's `diagonalLines` key: the diagonal lines of Janggi's
//! palaces, on whatever cells a section lists. A piece of four of
//! Fairy-Stockfish's built-in types that stands on one of these cells may
//! also move diagonally to another of them: the Wazir one step (`F`), the
//! Soldier one step forward (`fF`), the Rook any distance (`B`) and the
//! Janggi Cannon by hopping (`pB`, under the Cannon's own limits), each
//! stopped by pieces as usual. Fairy-Stockfish decides by type, so a custom
//! piece with the same moves ignores the lines.
//!
//! Menagerie writes each as one more move group of the piece, from and to
//! the lines' cells (a region the same for both sides), as its own Janggi
//! does; the move tables bake the region in, so attacks and checks follow.
//! A piece that a mobility region also confines cannot take the group (its
//! destination would need both regions): `ini_regions` reports it.

use super::ini::Settings;
use super::ini_regions::per_side;
use toml::{Table, Value};

/// The key this module translates.
pub(super) const KEYS: &[&str] = &["diagonalLines"];

/// The region the lines become.
const LINES: &str = "diagonal-lines";

/// The types that use the lines (by the name the piece reader gives each)
/// and their move along a line.
const ALONG_LINES: &[(&str, &str)] = &[
    ("Wazir", "F"),
    ("Soldier", "fF"),
    ("Rook", "B"),
    ("JanggiCannon", "pB"),
];

/// Adds the line moves of `st`'s `diagonalLines` to the pieces of the
/// variant table `t` (its `pieces` and `regions` already written).
pub(super) fn apply(st: &Settings, t: &mut Table) {
    let Some(cells) = st
        .get("diagonalLines")
        .map(str::trim)
        .filter(|c| !c.is_empty() && *c != "-")
    else {
        return;
    };
    let Some(Value::Table(pieces)) = t.get_mut("pieces") else {
        return;
    };
    let mut used = false;
    for (_, p) in pieces.iter_mut() {
        let Value::Table(p) = p else { continue };
        let name = p.get("name").and_then(Value::as_str).unwrap_or_default();
        let Some(&(_, betza)) = ALONG_LINES.iter().find(|(n, _)| *n == name) else {
            continue;
        };
        let mut g = Table::new();
        g.insert("betza".into(), Value::String(betza.into()));
        g.insert("from".into(), Value::String(LINES.into()));
        g.insert("to".into(), Value::String(LINES.into()));
        let groups = p.entry("moves").or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(groups) = groups {
            groups.push(Value::Table(g));
            used = true;
        }
    }
    if !used {
        return;
    }
    if let Some(Value::Table(regions)) = t.get_mut("regions") {
        regions.insert(LINES.into(), per_side(cells, cells));
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::ini_variant;
    use crate::Position;

    /// A 5x5 board with lines along both long diagonals' cells listed,
    /// the four line types, a Janggi Elephant and a custom Wazir.
    const LINED: &str = "[lined]\nmaxFile = 5\nmaxRank = 5\npawn = -\nknight = -\nbishop = -\nqueen = -\nrook = r\nwazir = a\nsoldier = s\njanggiCannon = c\njanggiElephant = e\ncustomPiece1 = w:W\nking = k\ncastling = false\ndoubleStep = false\ndiagonalLines = a1 b2 c3 d4 e5 a5 b4 d2 e1\nstartFen = 4k/5/2A2/5/K4 w - - 0 1\n";

    /// The legal moves (sorted UCI, one string) in `fen`.
    fn moves(fen: &str) -> String {
        let v = ini_variant(LINED);
        let p = Position::from_fen(&v, fen).expect("fen");
        crate::test_support::legal_uci(&p).join(" ")
    }

    #[test]
    fn line_types_also_move_along_the_lines() {
        // pyffish 0.0.90 for every position. The Wazir steps diagonally to
        // line cells; the custom Wazir does not.
        assert_eq!(
            moves("4k/5/2A2/5/K4 w - - 0 1"),
            "a1a2 a1b1 a1b2 c3b2 c3b3 c3b4 c3c2 c3c4 c3d2 c3d3 c3d4"
        );
        assert_eq!(
            moves("4k/5/2W2/5/K4 w - - 0 1"),
            "a1a2 a1b1 a1b2 c3b3 c3c2 c3c4 c3d3"
        );
        // The Rook runs along the line until a piece stops it.
        assert_eq!(
            moves("2k2/5/5/5/R3K w - - 0 1"),
            "a1a2 a1a3 a1a4 a1a5 a1b1 a1b2 a1c1 a1c3 a1d1 a1d4 a1e5 e1d1 e1d2 e1e2"
        );
        assert_eq!(
            moves("4k/5/2s2/5/R3K w - - 0 1"),
            "a1a2 a1a3 a1a4 a1a5 a1b1 a1b2 a1c1 a1c3 a1d1 e1d1 e1e2"
        );
        // The Soldier steps diagonally forward, onto a line cell only.
        assert_eq!(
            moves("4k/5/5/1S3/4K w - - 0 1"),
            "b2a2 b2b3 b2c2 b2c3 e1d1 e1d2 e1e2"
        );
        assert_eq!(moves("4k/5/5/S4/4K w - - 0 1"), "a2a3 a2b2 e1d1 e1d2 e1e2");
        assert_eq!(
            moves("k4/3s1/5/5/4K b - - 0 1"),
            "a5a4 a5b4 a5b5 d4c3 d4c4 d4d3 d4e4"
        );
        // The Janggi Cannon hops along a line, never over another Cannon.
        assert_eq!(moves("k4/5/2s2/1C3/C1s1K w - - 0 1"), "a1d1 b2d4 b2e5 e1e2");
        assert_eq!(moves("k4/5/2C2/1s3/C3K w - - 0 1"), "e1d1 e1d2 e1e2");
    }

    #[test]
    fn the_janggi_elephant_is_blocked_on_either_cell_it_passes() {
        // pyffish 0.0.90: from a1 it reaches c4 over a2 and b3, d3 over b1
        // and c2; a piece on b2 blocks neither path, one on a2 or b3 the
        // first, one on b1 or c2 the second.
        assert_eq!(moves("2k2/5/5/5/E3K w - - 0 1"), "a1c4 a1d3 e1d1 e1d2 e1e2");
        assert_eq!(
            moves("2k2/5/5/1s3/E3K w - - 0 1"),
            "a1c4 a1d3 e1d1 e1d2 e1e2"
        );
        assert_eq!(moves("2k2/5/5/s4/E3K w - - 0 1"), "a1d3 e1d1 e1d2 e1e2");
        assert_eq!(moves("2k2/5/1s3/5/E3K w - - 0 1"), "a1d3 e1d1 e1d2 e1e2");
        assert_eq!(moves("2k2/5/5/5/Es2K w - - 0 1"), "a1c4 e1d1 e1d2 e1e2");
        assert_eq!(moves("2k2/5/5/2s2/E3K w - - 0 1"), "a1c4 e1d1 e1e2");
        assert_eq!(
            moves("k4/5/5/1s3/E3K b - - 0 1"),
            "a5a4 a5b4 a5b5 b2a1 b2a2 b2b1 b2c2"
        );
    }
}
