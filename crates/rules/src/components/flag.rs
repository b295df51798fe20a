//! Flag regions (king of the hill, racing kings): a side wins by bringing a
//! flag piece into its flag region.
//!
//! Without an extra move the side whose flag piece has just arrived wins at
//! once (king of the hill). With one (`extra_move`, racing kings) the
//! opponent may still answer: the arrival wins at the start of the
//! arriving side's next turn if the piece is still there. When the flag
//! piece is royal the result is known earlier, as in Fairy-Stockfish:
//!
//! * the second player (Black), answering an arrival of White's, loses at
//!   once unless its own royal flag piece can legally step into its region
//!   now; if it does, the game is drawn (both arrived, White to move);
//! * the first player (White), answering an arrival of Black's, loses at
//!   once (it has no extra move: Black moved second).
//!
//! A position where the side to move has arrived and the opponent has not
//! is a win for the side to move; where both have, it is a draw when White
//! is to move and the opponent's flag piece is royal (Black's equalising
//! answer), else a win for the side to move — Fairy-Stockfish's reading.
//!
//! A `safe` flag (Dobutsu shogi's Lion, Fairy-Stockfish's `flagPieceSafe`)
//! counts only while the opponent does not attack the piece that arrived
//! (with several flag pieces in the region it counts at once): a Lion that
//! steps onto the far rank where it can be taken has not won yet, and wins
//! at its side's next turn if it is still there and no longer attacked.
//! Either side may be judged at any turn; both safely arrived is a draw.

use crate::moves::{MoveKind, MoveList};
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use crate::variant::spec::FlagFile;
use menagerie_geometry::CellSet;

/// A flag rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flag {
    /// The flag piece types, per colour, as a bit per type (all types:
    /// any piece counts, Fairy-Stockfish's `flagPiece = *`).
    pub pieces: [u64; 2],
    /// The region each colour's flag piece must reach.
    pub region: [CellSet; 2],
    /// The opponent may answer an arrival before it wins.
    pub extra_move: bool,
    /// An arrival counts only while the flag piece is not attacked.
    pub safe: bool,
}

/// The key that makes every piece a flag piece.
pub const ANY_PIECE: &str = "*";

impl Position {
    /// True when `c` has a flag piece in its flag region (for a `safe`
    /// flag: one the opponent does not attack, or several).
    #[must_use]
    pub fn flag_reached(&self, c: Color) -> bool {
        self.variant().rules.flag.as_ref().is_some_and(|f| {
            let mut arrived = Vec::new();
            let mut bits = f.pieces[c.idx()] & self.present(c);
            while bits != 0 {
                let kind = bits.trailing_zeros() as PieceType;
                bits &= bits - 1;
                arrived.extend(
                    self.cells_of(c, kind)
                        .iter()
                        .filter(|&&s| f.region[c.idx()].contains(s)),
                );
            }
            match arrived.as_slice() {
                [] => false,
                [one] if f.safe => !self.is_attacked(*one, c.flip()),
                _ => true,
            }
        })
    }

    /// True when the side to move can legally bring its flag piece into
    /// its region now (Black's equalising answer in racing kings).
    fn can_reach_flag(&self, f: &Flag) -> bool {
        let us = self.side();
        let mut p = self.clone();
        let mut moves = MoveList::new();
        p.generate_legal_ignoring_rules(&mut moves);
        moves.iter().any(|m| {
            m.kind() == MoveKind::Normal
                && f.region[us.idx()].contains(m.to())
                && m.from()
                    .is_some_and(|s| f.pieces[us.idx()] >> self.piece(s).kind() & 1 != 0)
        })
    }
}

/// The validated rule from the `[rules] flag` key: `piece` and
/// `black_piece` resolve piece keys (or [`ANY_PIECE`]), `region` a region
/// name or expression per colour.
///
/// # Errors
/// An unknown piece or a bad region, as a message for the key.
pub(crate) fn from_spec(
    spec: &FlagFile,
    types: usize,
    piece: impl Fn(&str) -> Option<PieceType>,
    region: impl Fn(&str) -> Result<[CellSet; 2], String>,
) -> Result<Flag, String> {
    let mask = |k: &str| {
        if k == ANY_PIECE {
            return Ok(u64::MAX.checked_shr((64 - types) as u32).unwrap_or(0));
        }
        piece(k)
            .map(|t| 1u64 << t)
            .ok_or_else(|| format!("unknown piece `{k}`"))
    };
    if spec.safe == Some(true) && spec.extra_move == Some(true) {
        return Err("`safe` with `extra_move` is not supported".into());
    }
    let white = mask(&spec.piece)?;
    let black = spec.black_piece.as_deref().map_or(Ok(white), mask)?;
    Ok(Flag {
        pieces: [white, black],
        region: region(&spec.region).map_err(|e| format!("region `{}`: {e}", spec.region))?,
        extra_move: spec.extra_move.unwrap_or(false),
        safe: spec.safe.unwrap_or(false),
    })
}

/// True when every flag piece type in `mask` is royal (a flag King: its
/// race can be decided before the extra move, as in Fairy-Stockfish).
fn royal(pos: &Position, mask: u64) -> bool {
    let pieces = &pos.variant().pieces;
    mask != 0
        && (0..pieces.len())
            .filter(|&k| mask >> k & 1 != 0)
            .all(|k| pieces[k].royal)
}

/// The flag verdict (see the module docs).
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let f = pos.variant().rules.flag.as_ref()?;
    let us = pos.side();
    let them = us.flip();
    let result = |winner: Option<Color>| {
        Some(Outcome {
            winner,
            reason: Reason::Flag,
        })
    };
    if f.safe {
        // Either side may have arrived safely by now (see the module docs).
        return match (pos.flag_reached(us), pos.flag_reached(them)) {
            (true, true) => result(None),
            (true, false) => result(Some(us)),
            (false, true) => result(Some(them)),
            (false, false) => None,
        };
    }
    if f.extra_move && pos.flag_reached(us) {
        let equalised =
            us == Color::White && royal(pos, f.pieces[them.idx()]) && pos.flag_reached(them);
        return result(if equalised { None } else { Some(us) });
    }
    let decided_early = !f.extra_move || royal(pos, f.pieces[us.idx()]);
    if decided_early && pos.flag_reached(them) {
        let may_equalise = f.extra_move && us == Color::Black && !pos.in_check();
        if may_equalise && pos.can_reach_flag(f) {
            return None;
        }
        return result(Some(them));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_move, Registry};

    fn at(variant: &str, fen: &str) -> Position {
        let v = Registry::builtin().get(variant).expect(variant);
        Position::from_fen(&v, fen).expect("fen")
    }

    fn after(pos: &Position, mv: &str) -> Position {
        let mut p = pos.clone();
        p.play(parse_move(&p, mv).expect(mv)).expect(mv);
        p
    }

    #[test]
    fn the_hill_wins_on_arrival() {
        let pos = at("kingofthehill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1");
        assert_eq!(pos.outcome(), None);
        let o = after(&pos, "d3d4").outcome().expect("on the hill");
        assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Flag));
        assert_eq!(after(&pos, "d3c4").outcome(), None);
        // The same board in chess is no win.
        let chess = at("chess", "4k3/8/8/8/3K4/8/8/7R b - - 0 1");
        assert_eq!(chess.outcome(), None);
    }

    #[test]
    fn racing_kings_black_may_equalise() {
        // White reaches the eighth rank; Black's king can follow: play on,
        // and a draw if it does, a White win if it does not.
        let pos = at("racingkings", "8/1k4K1/8/8/8/8/8/8 w - - 0 1");
        let arrived = after(&pos, "g7g8");
        assert_eq!(arrived.outcome(), None);
        let o = after(&arrived, "b7b8").outcome().expect("both arrived");
        assert_eq!((o.winner, o.reason), (None, Reason::Flag));
        let o = after(&arrived, "b7a7").outcome().expect("White stays");
        assert_eq!(o.winner, Some(Color::White));
        // Black cannot follow from the sixth rank: White wins at once.
        let far = at("racingkings", "8/6K1/1k6/8/8/8/8/8 w - - 0 1");
        let o = after(&far, "g7g8").outcome().expect("no answer");
        assert_eq!(o.winner, Some(Color::White));
        assert!(after(&far, "g7g8").legal_moves().is_empty());
        // Black arriving first wins at once: White has no answer.
        let black = at("racingkings", "8/1k6/8/8/8/6K1/8/8 b - - 0 1");
        let o = after(&black, "b7b8").outcome().expect("Black arrived");
        assert_eq!(o.winner, Some(Color::Black));
    }

    #[test]
    fn a_safe_flag_counts_only_while_the_piece_cannot_be_taken() {
        // Dobutsu shogi: the Lion wins on the far rank unless attacked there.
        let pos = at("dobutsu", "l2/2L/3/3[] w - - 0 1");
        let o = after(&pos, "c3c4").outcome().expect("safe arrival");
        assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Flag));
        // On b4 Black's Lion attacks it: play on (Black may take it).
        let attacked = after(&pos, "c3b4");
        assert_eq!(attacked.outcome(), None);
        let o = after(&attacked, "a4b4").outcome().expect("Lion taken");
        assert_eq!(o.winner, Some(Color::Black));
        // An unattacked Lion on the far rank wins whoever is to move.
        let o = at("dobutsu", "l1L/3/3/3[] b - - 0 1")
            .outcome()
            .expect("arrived");
        assert_eq!(o.winner, Some(Color::White));
        assert_eq!(at("dobutsu", "1lL/3/3/3[] b - - 0 1").outcome(), None);
    }
}
