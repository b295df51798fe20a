//! Counting rules of the South-East Asian chess family (Makruk, Ouk Chatrang,
//! ASEAN chess): once no pawn is left, the weaker side may count the moves,
//! and the game is drawn when the stronger side has not mated it within the
//! limit.
//!
//! Why a component of its own: the count is state that outlives the move
//! that starts it (it is carried from position to position and written in
//! the FEN), it starts on conditions about the material left, and it ends
//! the game with its own verdict. The three rules differ only in when a
//! count starts and how long it may run:
//!
//! * **Board's honour** — the side to count has more than its king left and
//!   no pawn is on the board: 64 moves (Makruk), 63 (Ouk Chatrang); the
//!   count runs from 0.
//! * **Pieces' honour** — the side to count has only its king: the limit
//!   depends on the strongest material of the other side (two rooks 8, one
//!   rook 16, two khons 22, two knights 32, one khon 44, otherwise 64 in
//!   Makruk; one less in Ouk Chatrang; ASEAN chess: rook 16, khon 44,
//!   knight 64), and the count starts at the number of pieces on the board.
//!
//! The limit and the count are kept in plies, as Fairy-Stockfish does; its
//! FEN writes the limit where the en-passant cells go and the count where
//! the half-move clock goes, while a count runs.

use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, PieceType};
use crate::position::Position;

/// Which counting rule a variant uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountingStyle {
    /// Thai Makruk.
    Makruk,
    /// Cambodian Ouk Chatrang.
    Cambodian,
    /// ASEAN chess.
    Asean,
}

impl CountingStyle {
    /// The style named in a variant file (`makruk`, `cambodian`, `asean`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<CountingStyle> {
        match name {
            "makruk" => Some(CountingStyle::Makruk),
            "cambodian" => Some(CountingStyle::Cambodian),
            "asean" => Some(CountingStyle::Asean),
            _ => None,
        }
    }
}

/// Limits in full moves, named after what they count against.
mod limit {
    /// Board's honour in Makruk (and the pieces' honour default).
    pub const MAKRUK_BOARD: u32 = 64;
    /// Board's honour in Ouk Chatrang (and its pieces' honour default).
    pub const CAMBODIAN_BOARD: u32 = 63;
    /// Makruk pieces' honour against two rooks, one rook, two khons, two
    /// knights, one khon.
    pub const MAKRUK_PIECES: [u32; 5] = [8, 16, 22, 32, 44];
    /// ASEAN chess against a rook, a khon, a knight.
    pub const ASEAN: [u32; 3] = [16, 44, 64];
}

/// The counting rule of a variant: its style and the piece types whose
/// numbers set the limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counting {
    /// The rule.
    pub style: CountingStyle,
    /// The pawn type (no count while pawns are on the board).
    pub pawn: PieceType,
    /// The rook type.
    pub rook: PieceType,
    /// The khon (silver general) type.
    pub khon: PieceType,
    /// The knight type.
    pub knight: PieceType,
}

/// The running count: `limit` plies allowed (0: no count runs) and `ply`
/// plies counted so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CountState {
    /// The limit in plies; 0 when no count runs.
    pub limit: u32,
    /// Plies counted.
    pub ply: u32,
}

impl CountState {
    /// True while a count runs.
    #[must_use]
    pub fn active(self) -> bool {
        self.limit > 0
    }
}

impl Counting {
    /// The limit in full moves for `side` counting now (0: it may not count).
    fn limit(self, pos: &Position, side: Color) -> u32 {
        let other = side.flip();
        let pawns = pos.count(Color::White, self.pawn) + pos.count(Color::Black, self.pawn);
        let own = total(pos, side);
        let theirs = total(pos, other);
        let n = |k: PieceType| pos.count(other, k);
        let honour = |rules: [u32; 5], default: u32| {
            let [two_rooks, rook, two_khons, two_knights, khon] = rules;
            if n(self.rook) > 1 {
                two_rooks
            } else if n(self.rook) == 1 {
                rook
            } else if n(self.khon) > 1 {
                two_khons
            } else if n(self.knight) > 1 {
                two_knights
            } else if n(self.khon) == 1 {
                khon
            } else {
                default
            }
        };
        match self.style {
            CountingStyle::Makruk => {
                if pawns > 0 || theirs == 1 {
                    0
                } else if own > 1 {
                    limit::MAKRUK_BOARD
                } else {
                    honour(limit::MAKRUK_PIECES, limit::MAKRUK_BOARD)
                }
            }
            CountingStyle::Cambodian => {
                if own > 3 || theirs == 1 {
                    0
                } else if own > 1 {
                    limit::CAMBODIAN_BOARD
                } else if pawns > 0 {
                    0
                } else {
                    honour(limit::MAKRUK_PIECES.map(|l| l - 1), limit::CAMBODIAN_BOARD)
                }
            }
            CountingStyle::Asean => {
                let [rook, khon, knight] = limit::ASEAN;
                if pawns > 0 || own > 1 {
                    0
                } else if n(self.rook) > 0 {
                    rook
                } else if n(self.khon) > 0 {
                    khon
                } else if n(self.knight) > 0 {
                    knight
                } else {
                    0
                }
            }
        }
    }

    /// The count after a move by `mover` that captured `captured` (if
    /// anything) and promoted or not, given the count before it (already
    /// advanced by the ply). `pos` is the position after the move.
    #[must_use]
    pub fn after_move(
        self,
        pos: &Position,
        mover: Color,
        before: CountState,
        captured: Option<PieceType>,
        promoted: bool,
    ) -> CountState {
        let mut state = before;
        let all = total(pos, Color::White) + total(pos, Color::Black);
        let pawns = pos.count(Color::White, self.pawn) + pos.count(Color::Black, self.pawn);
        // A bare king that takes the last pawn starts its own count.
        if self.style != CountingStyle::Asean
            && captured == Some(self.pawn)
            && total(pos, mover) == 1
            && pawns == 0
        {
            let l = self.limit(pos, mover);
            if l > 0 {
                state = CountState {
                    limit: 2 * l,
                    ply: 2 * all - 1,
                };
            }
        }
        let next = mover.flip();
        let bare = total(pos, next) == 1;
        if !state.active() || ((captured.is_some() || promoted) && bare) {
            let l = self.limit(pos, next);
            if l > 0 {
                let ply = if self.style == CountingStyle::Asean || !bare {
                    0
                } else {
                    2 * all
                };
                state = CountState { limit: 2 * l, ply };
            }
        }
        state
    }
}

/// The validated rule of a `[rules] counting` table; `lookup` finds a piece
/// type by its key.
///
/// # Errors
/// A message naming the unknown style or piece key.
pub fn from_spec(
    spec: &crate::variant::spec::CountingFile,
    lookup: &dyn Fn(&str) -> Option<PieceType>,
) -> Result<Counting, String> {
    let style = CountingStyle::from_name(&spec.rule)
        .ok_or_else(|| format!("rule `{}`: use makruk, cambodian or asean", spec.rule))?;
    let piece = |role: &str, key: &str| {
        lookup(key).ok_or_else(|| format!("{role} = `{key}` is not a piece of this variant"))
    };
    Ok(Counting {
        style,
        pawn: piece("pawn", &spec.pawn)?,
        rook: piece("rook", &spec.rook)?,
        khon: piece("khon", &spec.khon)?,
        knight: piece("knight", &spec.knight)?,
    })
}

/// Pieces of `side` on the board, its king included.
fn total(pos: &Position, side: Color) -> u32 {
    (0..pos.variant().types())
        .map(|k| pos.count(side, k as PieceType) as u32)
        .sum()
}

/// Draw when the count has run past its limit (a checkmate on the last
/// counted move is judged before, in the end-rule list).
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let s = pos.count_state();
    (s.active() && s.ply > s.limit).then_some(Outcome {
        winner: None,
        reason: Reason::Counting,
    })
}

/// Reads a count from the FEN's en-passant and half-move fields: a number in
/// the en-passant field is the limit, and then the half-move field is the
/// count. Returns `None` when the en-passant field holds no number.
#[must_use]
pub fn from_fen_fields(ep_text: &str, halfmove: u32) -> Option<CountState> {
    if ep_text.is_empty() || !ep_text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let limit = ep_text.parse().ok()?;
    Some(CountState {
        limit,
        ply: halfmove,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Registry, Variant};
    use std::sync::Arc;

    fn makruk() -> Arc<Variant> {
        Registry::builtin().get("makruk").expect("makruk")
    }

    fn state(fen: &str, moves: &[&str]) -> (Position, CountState) {
        let v = makruk();
        let mut pos = Position::from_fen(&v, fen).expect("fen");
        for m in moves {
            let mv = crate::notation::parse_move(&pos, m).expect("move");
            pos.play(mv).expect("legal");
        }
        let s = pos.count_state();
        (pos, s)
    }

    #[test]
    fn no_count_while_pawns_are_on_the_board() {
        let (pos, s) = state("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", &["a1b1"]);
        assert_eq!(s, CountState::default());
        assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/P7/1R2K3 b - - 1 1");
    }

    #[test]
    fn a_bare_king_counts_by_the_pieces_honour() {
        // The rook takes Black's last piece: Black counts against one rook
        // (16 moves = 32 plies) from the three pieces left (6 plies).
        let (pos, s) = state("R6r/4k3/8/8/8/8/8/4K3 w - - 0 1", &["a8h8"]);
        assert_eq!(s, CountState { limit: 32, ply: 6 });
        assert_eq!(pos.to_fen(), "7R/4k3/8/8/8/8/8/4K3 b - 32 6 1");
        let (pos, _) = state("R6r/4k3/8/8/8/8/8/4K3 w - - 0 1", &["a8h8", "e7d6"]);
        assert_eq!(pos.to_fen(), "7R/8/3k4/8/8/8/8/4K3 w - 32 7 2");
    }

    #[test]
    fn the_board_honour_counts_from_zero_and_draws_past_the_limit() {
        let (pos, s) = state("4k3/8/8/3s4/8/8/8/R3K3 w - - 0 1", &["a1a2"]);
        assert_eq!(s, CountState { limit: 128, ply: 0 });
        assert_eq!(pos.to_fen(), "4k3/8/8/3s4/8/8/R7/4K3 b - 128 0 1");
        assert!(pos.outcome().is_none());
        let v = makruk();
        let over = Position::from_fen(&v, "4k3/8/8/3s4/8/8/R7/4K3 w - 128 129 40").expect("fen");
        assert_eq!(
            over.count_state(),
            CountState {
                limit: 128,
                ply: 129
            }
        );
        let o = over.outcome().expect("drawn by the count");
        assert_eq!((o.winner, o.reason), (None, Reason::Counting));
        let on = Position::from_fen(&v, "4k3/8/8/3s4/8/8/R7/4K3 w - 128 128 40").expect("fen");
        assert!(on.outcome().is_none());
        assert_eq!(on.to_fen(), "4k3/8/8/3s4/8/8/R7/4K3 w - 128 128 40");
    }

    #[test]
    fn the_fen_number_is_a_count_only_in_the_en_passant_field() {
        assert_eq!(
            from_fen_fields("16", 3),
            Some(CountState { limit: 16, ply: 3 })
        );
        assert_eq!(from_fen_fields("-", 3), None);
        assert_eq!(from_fen_fields("e3", 3), None);
    }
}
