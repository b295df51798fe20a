//! Bare kings: a draw when both sides have only royal pieces left, on the
//! board and in hand. The same test tells a site whether a side whose
//! opponent's flag fell could ever have won ([`Position::cannot_win`]).

use super::end::EndRule;
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use crate::variant::Verdict;

/// Draw when only royals are left (variants with royal pieces only).
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let bare = pos.variant().has_royal() && Color::BOTH.iter().all(|&c| pos.only_royals(c));
    bare.then_some(Outcome {
        winner: None,
        reason: Reason::BareKings,
    })
}

impl Position {
    /// `c` has only royal pieces, on the board and in hand.
    #[must_use]
    pub fn only_royals(&self, c: Color) -> bool {
        let v = self.variant();
        let mut bits = self.present(c);
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !v.pieces[k].royal {
                return false;
            }
        }
        (0..v.types()).all(|k| self.hand(c, k as PieceType) == 0)
    }

    /// True when `c` can never win here by the variant's rules: it has only
    /// royal pieces and the variant's only win is checkmate (no win by
    /// count, checks, coverage or a bared king; stalemate no win either). A
    /// lone king cannot mate, so a flag fall against it is a draw, as chess
    /// rules a flag fall against a side that cannot mate.
    #[must_use]
    pub fn cannot_win(&self, c: Color) -> bool {
        let v = self.variant();
        let mate_wins = v.rules.checkmate == Verdict::Loss;
        if !v.has_royal() || v.rules.stalemate != Verdict::Draw || !mate_wins {
            return false;
        }
        let other_wins = EndRule::list(&v.rules).iter().any(|r| {
            matches!(
                r,
                EndRule::Coverage
                    | EndRule::Checks
                    | EndRule::CountWin
                    | EndRule::BareKing
                    | EndRule::Flag
                    | EndRule::CastlingWins
                    | EndRule::Extinction
            )
        });
        !other_wins && self.only_royals(c)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Color, Position, Registry};

    #[test]
    fn a_lone_king_cannot_win_a_queen_can() {
        let reg = Registry::builtin();
        let chess = reg.get("chess").unwrap();
        let p = Position::from_fen(&chess, "8/8/4k3/8/8/8/3QK3/8 w - - 0 1").unwrap();
        assert!(p.only_royals(Color::Black) && !p.only_royals(Color::White));
        assert!(p.cannot_win(Color::Black));
        assert!(!p.cannot_win(Color::White));
        // In Shatranj a bared king loses: a lone king still wins there if
        // the other side is bared too, so the flag-fall draw does not apply.
        let shatranj = reg.get("shatranj").unwrap();
        let p = Position::from_fen(&shatranj, "8/8/4k3/8/8/8/3RK3/8 w - - 0 1").unwrap();
        assert!(!p.cannot_win(Color::Black));
        // A lone King may still reach the hill, or be the aim (losers).
        for id in ["kingofthehill", "losers"] {
            let v = reg.get(id).unwrap();
            let p = Position::from_fen(&v, "8/8/4k3/8/8/8/3QK3/8 w - - 0 1").unwrap();
            assert!(!p.cannot_win(Color::Black), "{id}");
        }
    }
}
