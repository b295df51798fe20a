//! Keys of a Fairy-Stockfish ini section about what a side's pieces must do
//! or may become, each written as a `[rules]` key of the TOML model:
//! `mustDropType` (the one type `mustDrop` binds: `must_drop_piece`,
//! `components::must_drop`). They name piece letters, so they need the
//! section's letters; a letter the section does not have is reported.

use super::ini::Settings;
use super::load::Problem;
use toml::{Table, Value};

/// The keys this module translates.
pub(super) const KEYS: &[&str] = &["mustDropType"];

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
    use crate::Registry;

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
}
