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
//! A `safe` flag with an extra move (Alapo) wins at once when the arrival
//! is safe; an unsafe arrival gives the opponent one answer, and the piece
//! still standing there at its side's next turn wins, attacked or not
//! (Fairy-Stockfish checks safety only for the side that just moved).
//!
//! Some race games need several flag pieces home at once (`count`, Kono's
//! seven men, Halma's nine Knights). There `blocked_win` also lets a side
//! win with fewer when every cell of its region is occupied (by anything),
//! so an opponent cannot block a home cell forever. With a `safe` flag and
//! exactly `count` pieces home, all of them must be unattacked.

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
    /// Flag pieces needed in the region at once (at least 1).
    pub count: usize,
    /// With fewer than `count` home, one suffices when the region is full.
    pub blocked_win: bool,
}

/// The key that makes every piece a flag piece.
pub const ANY_PIECE: &str = "*";

impl Position {
    /// True when `c` has its flag pieces in its flag region: `count` of
    /// them, or (with `blocked_win`) one in a region without an empty cell.
    /// For a `safe` flag, exactly `count` arrived pieces must all be
    /// unattacked; with an extra move that holds only for the side that
    /// has just moved (see the module docs).
    #[must_use]
    pub fn flag_reached(&self, c: Color) -> bool {
        self.variant().rules.flag.as_ref().is_some_and(|f| {
            let region = &f.region[c.idx()];
            let mut arrived = Vec::new();
            let mut bits = f.pieces[c.idx()] & self.present(c);
            while bits != 0 {
                let kind = bits.trailing_zeros() as PieceType;
                bits &= bits - 1;
                arrived.extend(
                    self.cells_of(c, kind)
                        .iter()
                        .filter(|&&s| region.contains(s)),
                );
            }
            let enough = arrived.len() >= f.count
                || (f.blocked_win && region.iter().all(|s| !self.piece(s).is_empty()));
            if arrived.is_empty() || !enough {
                return false;
            }
            let judged_safe = f.safe && (!f.extra_move || c != self.side());
            !(judged_safe && arrived.len() == f.count)
                || arrived.iter().all(|&s| !self.is_attacked(s, c.flip()))
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
    let count = match spec.count {
        None => 1,
        Some(n @ 1..=MAX_COUNT) => n as usize,
        Some(n) => return Err(format!("count {n}: use 1 to {MAX_COUNT}")),
    };
    let white = mask(&spec.piece)?;
    let black = spec.black_piece.as_deref().map_or(Ok(white), mask)?;
    Ok(Flag {
        pieces: [white, black],
        region: region(&spec.region).map_err(|e| format!("region `{}`: {e}", spec.region))?,
        extra_move: spec.extra_move.unwrap_or(false),
        safe: spec.safe.unwrap_or(false),
        count,
        blocked_win: spec.blocked_win.unwrap_or(false),
    })
}

/// The largest `count` accepted (more flag pieces than cells of any board
/// Menagerie plays is a typing error).
const MAX_COUNT: u32 = 256;

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
    // The side to move arrived before the opponent's answer (extra move),
    // or safely at any time (a safe flag); both arrived may be a draw.
    if (f.extra_move || f.safe) && pos.flag_reached(us) {
        let racing_draw = f.extra_move && us == Color::White && royal(pos, f.pieces[them.idx()]);
        let both_safe = f.safe && !f.extra_move;
        let drawn = (racing_draw || both_safe) && pos.flag_reached(them);
        return result(if drawn { None } else { Some(us) });
    }
    let royal_us = royal(pos, f.pieces[us.idx()]);
    let decided_early = !f.extra_move || f.safe || royal_us;
    if decided_early && pos.flag_reached(them) {
        let may_equalise = f.extra_move && royal_us && us == Color::Black && !pos.in_check();
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

    /// A variant from ini text (one section), at `fen`.
    fn ini_at(text: &str, fen: &str) -> Position {
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("t.ini", text).expect("loads");
        let v = reg.get(&ids[0]).expect("registered");
        Position::from_fen(&v, fen).expect("fen")
    }

    /// Knights racing across a 3x3 board, `count` of them needed home.
    fn race(extra: &str) -> String {
        format!("[race]\nmaxRank = 3\nmaxFile = c\ncustomPiece1 = n:mN\nstartFen = nnn/3/NNN w - - 0 1\nflagPiece = n\nflagRegionWhite = *3\nflagRegionBlack = *1\nflagPieceCount = 3\n{extra}")
    }

    #[test]
    fn several_flag_pieces_must_be_home_at_once() {
        let text = race("");
        assert_eq!(ini_at(&text, "NN1/2N/n1n b - - 0 1").outcome(), None);
        let o = ini_at(&text, "NNN/3/n1n b - - 0 1")
            .outcome()
            .expect("home");
        assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Flag));
        // A full region lets one piece win only with `blocked_win`.
        assert_eq!(ini_at(&text, "Nnn/3/N1N b - - 0 1").outcome(), None);
        let blocked = race("flagPieceBlockedWin = true\n");
        let o = ini_at(&blocked, "Nnn/3/N1N b - - 0 1")
            .outcome()
            .expect("blocked");
        assert_eq!(o.winner, Some(Color::White));
        assert_eq!(ini_at(&blocked, "N1n/3/N1N b - - 0 1").outcome(), None);
    }

    #[test]
    fn a_safe_flag_with_an_extra_move_wins_at_once_only_when_safe() {
        // Alapo's rule: any piece home; safe at once, else after one answer.
        let text = "[al:chess]\nking = -\ncommoner = k\ncastling = false\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\nflagMove = true\n";
        let safe = ini_at(text, "8/7r/8/8/8/1k6/R7/7K w - - 0 1");
        let o = after(&safe, "a2a8").outcome().expect("safe arrival");
        assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Flag));
        let unsafe_ = ini_at(text, "7r/8/8/8/8/1k6/R7/7K w - - 0 1");
        let arrived = after(&unsafe_, "a2a8");
        assert_eq!(arrived.outcome(), None);
        assert_eq!(after(&arrived, "h8a8").outcome(), None);
        let o = after(&arrived, "b3b4").outcome().expect("still home");
        assert_eq!(o.winner, Some(Color::White));
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
