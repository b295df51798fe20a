//! Castling as the goal (Fairy-Stockfish's `castlingWins`, "castle chess"):
//! some castling rights are goals. A side that makes one of its goal
//! castlings wins; a side that has lost every one of its goal rights (its
//! King or partner moved or was taken) loses. Each colour has its own goals
//! (`castlingWins = q`: only Black's queenside castling is one; White plays
//! plain chess).
//!
//! As in Fairy-Stockfish the castling just made is judged first (castling
//! spends the right it uses); then the side that just moved is judged
//! before the side to move, so a capture that costs both sides their last
//! goal right loses for the side that made it.
//!
//! Hook: verdict (`judge`), judged at the start of the turn after the flag
//! rule and before connections and checkmate.

use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::position::Position;

/// The castling rights (a bit per castling rule, as in `Position::castling`)
/// whose castling wins, from the FEN letters `letters` of the castling
/// rules (`(letter, colour)` per rule, in order). An unknown letter is an
/// error.
pub(crate) fn rights_of(letters: &str, rules: &[(char, Color)]) -> Result<u32, String> {
    let mut bits = 0u32;
    for l in letters.chars().filter(|c| !c.is_whitespace()) {
        let color = if l.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let found = rules
            .iter()
            .position(|&(rl, rc)| rc == color && rl.eq_ignore_ascii_case(&l))
            .ok_or_else(|| format!("`{l}` is the letter of no castling move"))?;
        bits |= 1 << found;
    }
    Ok(bits)
}

/// The verdict of the castling goals, if they end the game.
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let v = pos.variant();
    let goals = v.rules.castling_wins;
    if goals == 0 {
        return None;
    }
    let mover = pos.side().flip();
    if let Some(i) = pos.last_move().and_then(|m| m.castling()) {
        if goals >> i & 1 != 0 {
            return Some(Outcome {
                winner: Some(mover),
                reason: Reason::Castling,
            });
        }
    }
    let rights = pos.castling();
    for c in [mover, pos.side()] {
        let mine = v
            .castling
            .iter()
            .enumerate()
            .filter(|(_, r)| r.color == c)
            .fold(0u32, |m, (i, _)| m | 1 << i);
        if goals & mine != 0 && rights & goals & mine == 0 {
            return Some(Outcome {
                winner: Some(c.flip()),
                reason: Reason::Castling,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::outcome::Reason;
    use crate::piece::Color;
    use crate::test_support::{ini_variant, play_uci};
    use crate::Position;

    /// Fairy-Stockfish's `castle` section: Black wins by castling
    /// queenside and loses with the right.
    const CASTLE: &str = "[castle:chess]\ncastlingWins = q\n";

    #[test]
    fn castling_queenside_wins_for_black() {
        let v = ini_variant(CASTLE);
        let mut pos = Position::from_fen(&v, "r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1").unwrap();
        assert_eq!(pos.outcome(), None);
        play_uci(&mut pos, "e8c8");
        // pyffish 0.0.90: is_immediate_game_end (True, -32000) for White.
        let o = pos.outcome().expect("over");
        assert_eq!(o.winner, Some(Color::Black));
        assert_eq!(o.reason, Reason::Castling);
        assert!(pos.legal_moves().is_empty());
    }

    #[test]
    fn losing_the_right_loses_and_white_castles_freely() {
        let v = ini_variant(CASTLE);
        let mut pos = Position::from_fen(&v, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1").unwrap();
        play_uci(&mut pos, "e1g1");
        // White's castling is no goal: pyffish is_immediate_game_end False.
        assert_eq!(pos.outcome(), None);
        play_uci(&mut pos, "e8d8");
        // pyffish 0.0.90: (True, 32000) for White to move.
        let o = pos.outcome().expect("over");
        assert_eq!(o.winner, Some(Color::White));
        // A start without the right is lost already.
        let pos = Position::from_fen(&v, "r3k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert_eq!(pos.outcome().and_then(|o| o.winner), Some(Color::White));
    }

    #[test]
    fn unknown_letters_are_problems() {
        let c = crate::variant::ini::convert_sections("x.ini", "[v:chess]\ncastlingWins = x\n");
        assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
        assert_eq!(c.problems[0].key, "[v] castlingWins");
    }
}
