//! The gating keys of a Fairy-Stockfish ini section: `gating` with
//! `seirawanGating` (S-Chess) becomes `[rules] gating`
//! (`components::gating`). Fairy-Stockfish shows the hands of such a
//! variant even without `pieceDrops`, so the section gets hands
//! (`drops = true`), its own drops only with `pieceDrops` (`gating.drops`),
//! and captures go to the hand only with `capturesToHand`, whose default
//! stays Fairy-Stockfish's (false) even though the section now has hands.
//! `gating` with `cambodianMoves` is the other use of the same first-rank
//! rights (`ini_section`'s first-move leaps).

use super::ini::{bool_of, Settings};
use super::load::Problem;
use toml::{Table, Value};

/// The keys this module translates (`gating` is the template's).
pub(super) const KEYS: &[&str] = &["seirawanGating"];

/// True when `st` asks for gating from the hand.
pub(super) fn wanted(st: &Settings) -> bool {
    st.get("seirawanGating").and_then(bool_of) == Some(true)
}

/// Writes the gating rules `st` sets into `rules`; `seirawanGating`
/// without `gating` (which Fairy-Stockfish needs to keep any gate) is a
/// problem.
pub(super) fn translate(st: &Settings, rules: &mut Table, problems: &mut Vec<Problem>) {
    if !wanted(st) {
        return;
    }
    if st.get("gating").and_then(bool_of) != Some(true) {
        problems.push(st.problem(
            "seirawanGating",
            "gating from the hand needs `gating = true` (the gates are kept with it)".into(),
        ));
        return;
    }
    let flag = |k: &str| st.get(k).and_then(bool_of).unwrap_or(false);
    let mut gating = Table::new();
    gating.insert("drops".into(), Value::Boolean(flag("pieceDrops")));
    rules.insert("gating".into(), Value::Table(gating));
    rules.insert("drops".into(), Value::Boolean(true));
    rules.insert(
        "captures_to_hand".into(),
        Value::Boolean(flag("capturesToHand")),
    );
}

#[cfg(test)]
mod tests {
    use crate::variant::ini::convert;
    use crate::{perft, Position, Registry};

    /// S-Chess written as Fairy-Stockfish keys plays like the built-in
    /// `seirawan` (same start perft), and S-House's keys like `shouse`.
    #[test]
    fn seirawan_keys_play_like_the_builtin() {
        let base = "archbishop = h\nchancellor = e\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1\ngating = true\nseirawanGating = true\npromotionPieceTypes = heqrbn\n";
        for (name, extra, builtin, counts) in [
            ("s", "", "seirawan", [28u64, 784, 24830]),
            (
                "sh",
                "pieceDrops = true\ncapturesToHand = true\n",
                "shouse",
                [92, 7944, 546_694],
            ),
        ] {
            let text = format!("[{name}]\n{base}{extra}");
            let mut r = Registry::builtin();
            let ids = r.add_ini("g.ini", &text).expect("loads");
            let v = r.get(&ids[0]).expect("variant");
            let pos = Position::start(&v);
            let b = Position::start(&Registry::builtin().get(builtin).expect("builtin"));
            assert_eq!(pos.to_fen(), b.to_fen(), "{name}");
            for (d, &n) in counts.iter().enumerate() {
                assert_eq!(
                    perft(&mut pos.clone(), d as u32 + 1),
                    n,
                    "{name} depth {}",
                    d + 1
                );
            }
        }
    }

    #[test]
    fn seirawan_gating_needs_gating() {
        let e = convert("x.ini", "[g]\nseirawanGating = true\n").unwrap_err();
        assert_eq!(e.problems[0].key, "[g] seirawanGating");
    }
}
