//! Material counting (Janggi): where a game would end drawn — by the move
//! rule, a repetition, a stalemate, two passes in a row or bikjang — the
//! material on the board decides it instead. Each side's pieces are summed
//! with the variant's values; White wins when its sum exceeds Black's by
//! more than Black's bonus (Janggi gives Black 1.5 points for moving
//! second, so there is no draw), Black when it falls short of it, and an
//! exact tie stays a draw. Fairy-Stockfish's `materialCounting`.
//! With no piece counted, the bonus alone decides: every such draw goes to
//! one side (draw odds; Armageddon gives them to Black).
//!
//! Hook: verdict — `settle` turns such a draw, from whichever end rule,
//! into the counted result; the reason stays the rule that ended the game.

use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use crate::variant::spec::MaterialCountingFile;

/// Values are kept in half points, so that a bonus of 1.5 is exact.
const HALF_POINTS: i64 = 2;

/// Largest bonus accepted, in half points (far beyond any material sum).
const MAX_BONUS: f64 = 1e9;

/// A material counting rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaterialCount {
    /// Value of each piece type, in half points.
    values: Vec<i64>,
    /// Black's bonus, in half points.
    black_bonus: i64,
}

/// The `values` key that gives every piece type a value (Fairy-Stockfish's
/// unweighted count: `values = { "*" = 1 }`).
pub const ALL_PIECES: &str = "*";

/// Reads `material_counting = { values = { KEY = n, ... }, black_bonus }`;
/// `None` for an empty `values` table (no counting).
///
/// # Errors
/// An unknown piece key, or a bonus that is not a whole or half number.
pub(crate) fn from_spec(
    spec: &MaterialCountingFile,
    types: usize,
    lookup: impl Fn(&str) -> Option<PieceType>,
) -> Result<Option<MaterialCount>, String> {
    if spec.values.is_empty() {
        return Ok(None);
    }
    let mut values = vec![0; types];
    // `*` first: a value given for a piece key overrides it.
    if let Some(&v) = spec.values.get(ALL_PIECES) {
        values.fill(i64::from(v) * HALF_POINTS);
    }
    for (key, &v) in spec.values.iter().filter(|(k, _)| *k != ALL_PIECES) {
        let k = lookup(key).ok_or_else(|| format!("unknown piece `{key}` in values"))?;
        values[usize::from(k)] = i64::from(v) * HALF_POINTS;
    }
    let bonus = spec.black_bonus.unwrap_or(0.0) * HALF_POINTS as f64;
    if !bonus.is_finite() || bonus.fract() != 0.0 || bonus.abs() > MAX_BONUS {
        return Err(format!(
            "black_bonus {}: use a whole or half number",
            spec.black_bonus.unwrap_or(0.0)
        ));
    }
    #[allow(clippy::cast_possible_truncation)]
    let black_bonus = bonus as i64;
    Ok(Some(MaterialCount {
        values,
        black_bonus,
    }))
}

impl MaterialCount {
    /// The material `c` has on the board, in half points.
    fn sum(&self, pos: &Position, c: Color) -> i64 {
        self.values
            .iter()
            .enumerate()
            .map(|(k, &v)| v * pos.count(c, k as PieceType) as i64)
            .sum()
    }

    /// White's sum minus Black's and Black's bonus, in half points.
    fn balance(&self, pos: &Position) -> i64 {
        self.sum(pos, Color::White) - self.sum(pos, Color::Black) - self.black_bonus
    }

    /// The points the count would give now, White's and Black's (Black's
    /// with its bonus), as a player reads them (Janggi: 72 and 73.5).
    #[must_use]
    pub fn points(&self, pos: &Position) -> [f64; 2] {
        let white = self.sum(pos, Color::White);
        let black = self.sum(pos, Color::Black) + self.black_bonus;
        [white, black].map(|h| h as f64 / HALF_POINTS as f64)
    }
}

/// True for the draws that material counting decides.
fn counted(reason: Reason) -> bool {
    matches!(
        reason,
        Reason::MoveRule
            | Reason::Repetition
            | Reason::PerpetualCheck
            | Reason::Stalemate
            | Reason::DoublePass
            | Reason::Bikjang
            | Reason::FullBoard
    )
}

/// The outcome `o` after material counting: a draw it decides goes to the
/// side with more material.
pub(crate) fn settle(pos: &Position, o: Outcome) -> Outcome {
    let Some(mc) = &pos.variant().rules.material_count else {
        return o;
    };
    if o.winner.is_some() || !counted(o.reason) {
        return o;
    }
    let winner = match mc.balance(pos) {
        b if b > 0 => Some(Color::White),
        b if b < 0 => Some(Color::Black),
        _ => None,
    };
    Outcome { winner, ..o }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn spec(values: &[(&str, u32)], bonus: Option<f64>) -> MaterialCountingFile {
        MaterialCountingFile {
            values: values
                .iter()
                .map(|(k, v)| ((*k).to_string(), *v))
                .collect::<BTreeMap<_, _>>(),
            black_bonus: bonus,
        }
    }

    fn lookup(k: &str) -> Option<PieceType> {
        ["K", "R", "P"]
            .iter()
            .position(|x| *x == k)
            .map(|i| i as PieceType)
    }

    #[test]
    fn values_and_bonus_in_half_points() {
        let mc = from_spec(&spec(&[("R", 13), ("P", 2)], Some(1.5)), 3, lookup)
            .expect("spec")
            .expect("counting");
        assert_eq!(mc.values, [0, 26, 4]);
        assert_eq!(mc.black_bonus, 3);
        // An empty table switches counting off.
        assert_eq!(from_spec(&spec(&[], None), 3, lookup), Ok(None));
    }

    #[test]
    fn bad_keys_and_bonuses_are_reported() {
        let e = from_spec(&spec(&[("Q", 9)], None), 3, lookup).unwrap_err();
        assert!(e.contains("`Q`"), "{e}");
        let e = from_spec(&spec(&[("R", 5)], Some(0.25)), 3, lookup).unwrap_err();
        assert!(e.contains("half"), "{e}");
    }

    #[test]
    fn counted_draws_go_to_the_side_with_more_material() {
        use crate::{Position, Registry};
        let reg = Registry::builtin();
        let janggi = reg.get("janggi").expect("janggi");
        let draw = |reason| Outcome {
            winner: None,
            reason,
        };
        // Chariot (13) against Horse and Soldier (5 + 2, plus 1.5 for
        // Black): White wins the counted draw.
        let pos = Position::from_fen(&janggi, "4k4/9/9/9/9/9/p8/n8/4K4/R8 w - - 0 1").expect("fen");
        let o = settle(&pos, draw(Reason::MoveRule));
        assert_eq!(o.winner, Some(Color::White));
        // Checkmate and other decided results are left alone; so are draws
        // that counting does not decide.
        let mate = Outcome {
            winner: Some(Color::Black),
            reason: Reason::Checkmate,
        };
        assert_eq!(settle(&pos, mate), mate);
        assert_eq!(settle(&pos, draw(Reason::BareKings)).winner, None);
        // The points a player reads: 13 against 5 + 2 + 1.5.
        let mc = janggi.rules.material_count.as_ref().expect("counting");
        assert_eq!(mc.points(&pos), [13.0, 8.5]);
        // Equal armies: Black's bonus decides.
        let pos = Position::from_fen(&janggi, "4k4/9/9/9/9/9/9/r8/4K4/R8 w - - 0 1").expect("fen");
        assert_eq!(
            settle(&pos, draw(Reason::Repetition)).winner,
            Some(Color::Black)
        );
    }

    #[test]
    fn armageddon_gives_every_draw_to_black() {
        use crate::{Position, Registry};
        let v = Registry::builtin().get("armageddon").expect("armageddon");
        let outcome = |fen: &str| {
            Position::from_fen(&v, fen)
                .expect("fen")
                .outcome()
                .expect("over")
        };
        // Black stalemated, White stalemated: Black wins both.
        let o = outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::Black), Reason::Stalemate)
        );
        let o = outcome("K7/2q5/1k6/8/8/8/8/8 w - - 0 1");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::Black), Reason::Stalemate)
        );
        // The fifty-move rule too; a checkmate is still White's.
        let o = outcome("k7/8/8/8/8/8/K7/8 b - - 100 80");
        assert_eq!((o.winner, o.reason), (Some(Color::Black), Reason::MoveRule));
        let o = outcome("7k/6Q1/6K1/8/8/8/8/8 b - - 1 1");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::White), Reason::Checkmate)
        );
        // Bare Kings are no draw of their own: play goes on.
        let p = Position::from_fen(&v, "k7/8/8/8/8/8/K7/8 b - - 0 1").expect("fen");
        assert_eq!(p.outcome(), None);
    }
}
