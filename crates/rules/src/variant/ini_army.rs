//! Keys of a Fairy-Stockfish ini section about what a side's pieces must do
//! or may become, each written as a `[rules]` key of the TOML model:
//! `mustDropType` (the one type `mustDrop` binds: `must_drop_piece`,
//! `components::must_drop`), `dropOppositeColoredBishop` (the Bishops'
//! drops keep them on both cell colours: `drop_opposite_colours`,
//! `components::drop_colours`) and `castlingDroppedPiece` (dropping King
//! and Rook on their castling cells earns the right: `drop_castling`,
//! `components::drop_castling`) and `promotionLimit` (`q:1 r:2`: at most so
//! many of a type by promotion, `promotion_limit`, `components::promotion`).
//! They name piece letters, so they need the
//! section's letters; a letter the section does not have is reported.

use super::ini::{bool_of, Settings};
use super::load::Problem;
use toml::{Table, Value};

/// The keys this module translates.
pub(super) const KEYS: &[&str] = &[
    "mustDropType",
    "dropOppositeColoredBishop",
    "castlingDroppedPiece",
    "promotionLimit",
];

/// The boolean keys that bind one fixed piece of Fairy-Stockfish's (its
/// Bishop, its castling Rook), with the `[rules]` key each becomes and
/// that piece's letter.
const PIECE_FLAGS: &[(&str, &str, char)] = &[
    ("dropOppositeColoredBishop", "drop_opposite_colours", 'b'),
    ("castlingDroppedPiece", "drop_castling", 'r'),
];

/// The piece key of `letter` when the section has that piece.
fn piece_key(letter: char, letters: &[char]) -> Option<String> {
    let c = letter.to_ascii_lowercase();
    letters
        .contains(&c)
        .then(|| c.to_ascii_uppercase().to_string())
}

/// Writes the rules `st` sets into `rules` (`letters`: the section's piece
/// letters, lowercase). A value that cannot be read is a problem.
pub(super) fn translate(
    st: &Settings,
    letters: &[char],
    rules: &mut Table,
    problems: &mut Vec<Problem>,
) {
    for &(key, rule, letter) in PIECE_FLAGS {
        let Some(v) = st.get(key) else {
            continue;
        };
        match bool_of(v) {
            Some(true) => match piece_key(letter, letters) {
                Some(k) => {
                    rules.insert(rule.into(), Value::Array(vec![Value::String(k)]));
                }
                None => {
                    problems.push(st.problem(key, format!("the section has no piece `{letter}`")))
                }
            },
            Some(false) => {}
            None => problems.push(st.problem(key, format!("`{v}`: use true or false"))),
        }
    }
    if let Some(v) = st.get("promotionLimit") {
        let mut limits = Table::new();
        for item in v.split_whitespace() {
            let parsed = item.split_once(':').and_then(|(p, n)| {
                let mut cs = p.chars();
                let c = cs.next().filter(|_| cs.next().is_none())?;
                Some((c, n.parse::<i64>().ok().filter(|n| *n >= 0)?))
            });
            match parsed {
                Some((c, n)) => match piece_key(c, letters) {
                    Some(k) => {
                        limits.insert(k, Value::Integer(n));
                    }
                    None => problems.push(st.problem("promotionLimit", format!("no piece `{c}`"))),
                },
                None => problems.push(st.problem(
                    "promotionLimit",
                    format!("`{item}`: write a piece letter and a count, as `q:1`"),
                )),
            }
        }
        rules.insert("promotion_limit".into(), Value::Table(limits));
    }
    if let Some(v) = st.get("mustDropType") {
        let v = v.trim();
        // `*`, Fairy-Stockfish's default, binds every type.
        if v != "*" {
            let mut chars = v.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => match piece_key(c, letters) {
                    Some(k) => {
                        rules.insert("must_drop_piece".into(), Value::String(k));
                    }
                    None => problems.push(st.problem("mustDropType", format!("no piece `{c}`"))),
                },
                _ => problems.push(st.problem(
                    "mustDropType",
                    format!("`{v}`: give one piece letter (or `*` for every piece)"),
                )),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::ini::convert_sections;
    use crate::{perft, Position, Registry};

    #[test]
    fn must_drop_type_binds_one_piece() {
        let text = "[kd:crazyhouse]\nking = -\ncommoner = k\ncastlingKingPiece = k\nextinctionValue = loss\nextinctionPieceTypes = k\nmustDrop = true\nmustDropType = k\n";
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("x.ini", text).expect("loads");
        let v = reg.get(&ids[0]).expect("kd");
        let k = v.pieces.iter().position(|p| p.key == "K").expect("king");
        assert!(v.rules.must_drop);
        assert_eq!(v.rules.must_drop_piece, Some(k as crate::PieceType));
        // `*` binds every type; an unknown letter and two letters are reported.
        let p = convert_sections("x.ini", "[v]\nmustDrop = true\nmustDropType = *\n").problems;
        assert!(p.is_empty(), "{p:?}");
        let p = convert_sections("x.ini", "[v]\nmustDropType = z\n").problems;
        assert_eq!(p[0].key, "[v] mustDropType");
        let p = convert_sections("x.ini", "[v]\nmustDropType = qr\n").problems;
        assert!(
            p[0].message.contains("one piece letter"),
            "{}",
            p[0].message
        );
    }

    #[test]
    fn placement_keys_load_and_count_as_fairy_stockfish() {
        // Placement chess written as a section: its start perft(3) is the
        // oracle's 50560 for Fairy-Stockfish's built-in `placement`.
        let text = "[place:chess]\npieceDrops = true\ncapturesToHand = false\nmustDrop = true\ndropRegionWhite = *1\ndropRegionBlack = *8\ndropOppositeColoredBishop = true\ncastlingDroppedPiece = true\nstartFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1\n";
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("x.ini", text).expect("loads");
        let v = reg.get(&ids[0]).expect("place");
        assert_eq!(v.rules.drop_opposite_colours.count_ones(), 1);
        assert_eq!(v.rules.drop_castling.count_ones(), 1);
        let mut p = Position::start(&v);
        assert_eq!(perft(&mut p, 3), 50560);
        let p = convert_sections("x.ini", "[v]\ncastlingDroppedPiece = maybe\n").problems;
        assert_eq!(p[0].key, "[v] castlingDroppedPiece");
    }

    #[test]
    fn duple_check_and_promotion_limit_load() {
        // Two Black Kings, one White; Pawns promote to a King (at most two)
        // or a Queen. The count is pyffish's for the same section.
        let text = "[duple:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\ndupleCheck = true\npromotionPieceTypes = kq\npromotionLimit = k:2\nstartFen = 2k2k2/1P6/8/8/8/8/6p1/4K3 w - - 0 1\n";
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("x.ini", text).expect("loads");
        let v = reg.get(&ids[0]).expect("duple");
        assert!(v.rules.extinction.as_ref().is_some_and(|e| e.duple));
        let mut p = Position::start(&v);
        assert_eq!(perft(&mut p, 3), 805);
        let p = convert_sections("x.ini", "[v]\npromotionLimit = k2\n").problems;
        assert_eq!(p[0].key, "[v] promotionLimit");
    }
}
