//! A full board ends the game (Fairy-Stockfish's `adjudicateFullBoard`).
//! In Reversi and Ataxx the last empty cell filled is the end: nothing can
//! be dropped any more and only passes would follow. The game is then a
//! draw, or goes to the side with more material where the variant counts
//! it (`components::material_count`), as every one of them does.
//!
//! Hook: verdict (`judge`), judged before the stalemate verdict, as a
//! full board ends the game whatever moves (passes) are left.

use crate::outcome::{Outcome, Reason};
use crate::position::Position;

/// Draw (before material counting) when no cell of the board is empty.
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    pos.board().iter().all(|p| p.is_some()).then_some(Outcome {
        winner: None,
        reason: Reason::FullBoard,
    })
}

#[cfg(test)]
mod tests {
    use crate::{Color, Position, Reason, Registry};

    fn outcome(variant: &str, fen: &str) -> Option<(Option<Color>, Reason)> {
        let v = Registry::builtin().get(variant).expect("variant");
        let pos = Position::from_fen(&v, fen).expect("fen");
        pos.outcome().map(|o| (o.winner, o.reason))
    }

    #[test]
    fn a_full_board_goes_to_the_side_with_more_stones() {
        // 28 White stones against 21, Black to move.
        let full = "PPPPPPP/ppppppp/PPPPPPP/ppppppp/PPPPPPP/ppppppp/PPPPPPP b - - 0 30";
        assert_eq!(
            outcome("ataxx", full),
            Some((Some(Color::White), Reason::FullBoard))
        );
        // One empty cell: the game goes on.
        let open = "PPPPPPP/ppppppp/PPPPPPP/ppppppp/PPPPPPP/ppppppp/PPPPPP1 b - - 0 30";
        assert_eq!(outcome("ataxx", open), None);
        // 32 each on a full Othello board: a draw.
        let row_w = "PPPPPPPP";
        let row_b = "pppppppp";
        let even =
            format!("{row_w}/{row_b}/{row_w}/{row_b}/{row_w}/{row_b}/{row_w}/{row_b}[] w - - 0 31");
        assert_eq!(outcome("flipello", &even), Some((None, Reason::FullBoard)));
    }
}
