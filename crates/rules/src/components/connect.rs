//! Connection goals (tic-tac-toe, Connect Four, Teeko, Gale): a side that
//! lines up its pieces ends the game — Fairy-Stockfish's `connectN`,
//! `collinearN`, `connectNxN` and `connectRegion` rules.
//!
//! Four shapes count, each made of the counted piece types of the side
//! that has just moved:
//!
//! * a line of `n` pieces in a row along one of the allowed directions
//!   (along ranks, files, diagonals; each may be switched off);
//! * `n` pieces on one such line with any cells between them
//!   (Fairy-Stockfish's `collinearN`: Three Musketeers);
//! * a solid square block of `square` x `square` pieces (Teeko);
//! * a chain from one region of the side to its other region (Gale, Hex):
//!   as in Fairy-Stockfish, the chain grows from the first region only by
//!   steps east, north, north-east and south-east (the allowed ones among
//!   them), never back west or south.
//!
//! The verdict (win, loss or draw) is the connecting side's (Fairy-Stockfish's
//! `connectValue`, a win by default; `loss` in misère Connect Four).
//!
//! Hook: verdict (`judge`), judged at the start of the turn after the move
//! that made the connection, before checkmate and stalemate.

use crate::components::mate::Verdict;
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::spec::ConnectFile;
use menagerie_geometry::{CellId, CellSet, Vector};

/// A connection rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Connect {
    /// The counted piece types (a bit per type).
    pub pieces: u64,
    /// Pieces in a row that win; 0: no line goal.
    pub line: u32,
    /// Side of a solid square block that wins; 0: no block goal.
    pub square: u32,
    /// Pieces on one line, gaps allowed, that win; 0: no such goal.
    pub collinear: u32,
    /// The two regions each colour must join with a chain, if any.
    pub regions: Option<[[CellSet; 2]; 2]>,
    /// The allowed directions, as (file, rank) steps.
    pub directions: Vec<(i8, i8)>,
    /// The verdict for the side that connects.
    pub verdict: Verdict,
}

/// The key that counts every piece type.
pub const ANY_PIECE: &str = "*";

/// Builds the rule from its file form; `piece` finds a piece key's type,
/// `region` the cells (per colour) of a region name or expression.
pub(crate) fn from_spec(
    spec: &ConnectFile,
    types: usize,
    piece: impl Fn(&str) -> Option<u8>,
    region: impl Fn(&str) -> Result<[CellSet; 2], String>,
) -> Result<Connect, String> {
    let mut pieces = 0u64;
    for k in spec.pieces.as_deref().unwrap_or(&[ANY_PIECE.to_string()]) {
        pieces |= if k == ANY_PIECE {
            u64::MAX.checked_shr((64 - types) as u32).unwrap_or(0)
        } else {
            piece(k)
                .map(|t| 1u64 << t)
                .ok_or_else(|| format!("unknown piece `{k}`"))?
        };
    }
    let regions = match (&spec.from, &spec.to) {
        (Some(a), Some(b)) => {
            let read = |r: &str| region(r).map_err(|e| format!("region `{r}`: {e}"));
            Some([read(a)?, read(b)?])
        }
        (None, None) => None,
        _ => return Err("give both `from` and `to` regions".into()),
    };
    let mut directions = Vec::new();
    if spec.horizontal.unwrap_or(true) {
        directions.push((1, 0));
    }
    if spec.vertical.unwrap_or(true) {
        directions.push((0, 1));
    }
    if spec.diagonal.unwrap_or(true) {
        directions.extend([(1, 1), (1, -1)]);
    }
    let verdict = match spec.verdict.as_deref() {
        None => Verdict::Win,
        Some(s) => {
            Verdict::from_name(s).ok_or_else(|| format!("verdict `{s}`: use win, loss or draw"))?
        }
    };
    let line = spec.line.unwrap_or(0);
    let square = spec.square.unwrap_or(0);
    let collinear = spec.collinear.unwrap_or(0);
    if line == 0 && square == 0 && collinear == 0 && regions.is_none() {
        return Err("give `line`, `square`, `collinear` or the `from` and `to` regions".into());
    }
    Ok(Connect {
        pieces,
        line,
        square,
        collinear,
        regions,
        directions,
        verdict,
    })
}

/// The cells of `c`'s counted pieces.
fn counted(pos: &Position, rule: &Connect, c: Color) -> CellSet {
    let mut set = CellSet::default();
    let mut bits = rule.pieces & pos.present(c);
    while bits != 0 {
        let kind = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        for &s in pos.cells_of(c, kind) {
            set.insert(s);
        }
    }
    set
}

/// The cell one step `(dx, dy)` from `s`, if on the board.
fn step(pos: &Position, s: CellId, (dx, dy): (i8, i8)) -> Option<CellId> {
    pos.variant().geometry.offset(s, Vector::new(dx, dy, 0))
}

/// `n` counted pieces in a row along an allowed direction.
fn has_line(pos: &Position, rule: &Connect, mine: &CellSet) -> bool {
    let n = rule.line;
    rule.directions.iter().any(|&d| {
        mine.iter().any(|start| {
            let mut s = start;
            (1..n).all(|_| match step(pos, s, d) {
                Some(next) if mine.contains(next) => {
                    s = next;
                    true
                }
                _ => false,
            })
        })
    })
}

/// `n` counted pieces on one line along an allowed direction, any cells
/// between them: counted from each piece forwards, the first piece of a
/// line sees all of it.
fn has_collinear(pos: &Position, rule: &Connect, mine: &CellSet) -> bool {
    let n = rule.collinear as usize;
    rule.directions.iter().any(|&d| {
        mine.iter().any(|start| {
            let ahead = std::iter::successors(step(pos, start, d), |&s| step(pos, s, d));
            1 + ahead.filter(|&s| mine.contains(s)).count() >= n
        })
    })
}

/// A solid `k` x `k` block of counted pieces.
fn has_square(pos: &Position, k: u32, mine: &CellSet) -> bool {
    let k = i8::try_from(k).unwrap_or(i8::MAX);
    mine.iter().any(|corner| {
        (0..k).all(|dx| {
            (0..k).all(|dy| step(pos, corner, (dx, -dy)).is_some_and(|s| mine.contains(s)))
        })
    })
}

/// A chain of counted pieces from `from` into `to`, grown only along the
/// allowed directions (see the module docs).
fn has_chain(pos: &Position, rule: &Connect, mine: &CellSet, from: &CellSet, to: &CellSet) -> bool {
    let mut reached: Vec<CellId> = mine.iter().filter(|&s| from.contains(s)).collect();
    if reached.is_empty() || !mine.iter().any(|s| to.contains(s)) {
        return false;
    }
    let mut seen = CellSet::default();
    for &s in &reached {
        seen.insert(s);
    }
    while let Some(s) = reached.pop() {
        for &d in &rule.directions {
            let Some(next) = step(pos, s, d) else {
                continue;
            };
            if mine.contains(next) && !seen.contains(next) {
                if to.contains(next) {
                    return true;
                }
                seen.insert(next);
                reached.push(next);
            }
        }
    }
    false
}

/// The connection verdict: the side that has just moved has connected.
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let rule = pos.variant().rules.connect.as_ref()?;
    let mover = pos.side().flip();
    let mine = counted(pos, rule, mover);
    let joined = (rule.line > 0 && has_line(pos, rule, &mine))
        || rule
            .regions
            .as_ref()
            .is_some_and(|[a, b]| has_chain(pos, rule, &mine, &a[mover.idx()], &b[mover.idx()]))
        || (rule.square > 0 && has_square(pos, rule.square, &mine))
        || (rule.collinear > 0 && has_collinear(pos, rule, &mine));
    joined.then(|| rule.verdict.flip().outcome(pos, Reason::Connect))
}

#[cfg(test)]
mod tests {
    use crate::{Color, Position, Reason, Registry};

    fn outcome(text: &str, fen: &str) -> Option<(Option<Color>, Reason)> {
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("x.ini", text).expect("loads");
        let v = reg.get(&ids[0]).expect("registered");
        let pos = Position::from_fen(&v, fen).expect("fen");
        pos.outcome().map(|o| (o.winner, o.reason))
    }

    const TICTACTOE: &str = "[t]\nmaxRank = 3\nmaxFile = 3\nimmobile = p\npawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\nking = -\nstartFen = 3/3/3[PPPPPpppp] w - - 0 1\npieceDrops = true\ndoubleStep = false\ncastling = false\nstalemateValue = draw\nimmobilityIllegal = false\nconnectN = 3\n";

    /// Fairy-Stockfish's Three Musketeers section: the Musketeers lose
    /// when the three stand on one rank or file, gaps allowed.
    const MUSKETEERS: &str = "[three-musketeers]\nmaxRank = 5\nmaxFile = 5\nstartFen = ppppM/ppppp/ppMpp/ppppp/Mpppp\ncollinearN = 3\nconnectDiagonal = false\ncustomPiece1 = m:cW\ncustomPiece2 = p:mW\nconnectValue = loss\nstalemateValue = win\nconnectPieceTypes = m\n";

    #[test]
    fn three_on_a_line_with_gaps_connect() {
        // pyffish 0.0.90 is_immediate_game_end: (True, 32000) for Black to
        // move after White lined up a5, a3, a1; the same cells with White
        // to move, two on a rank and two on a file, or a diagonal: no end
        // (each side to move there has a move: 1, 4 and 2 in pyffish).
        let loss = Some((Some(Color::Black), Reason::Connect));
        assert_eq!(outcome(MUSKETEERS, "M1p2/5/M4/5/M4 b - - 0 1"), loss);
        assert_eq!(outcome(MUSKETEERS, "M1p2/5/Mp3/5/M4 w - - 0 1"), None);
        assert_eq!(outcome(MUSKETEERS, "M3M/5/2p2/5/M4 b - - 0 1"), None);
        assert_eq!(outcome(MUSKETEERS, "M4/1M3/2M2/5/4p b - - 0 1"), None);
        assert_eq!(outcome(MUSKETEERS, "2M2/2p2/2M2/5/2M2 b - - 0 1"), loss);
    }

    #[test]
    fn three_in_a_row_wins_for_the_side_that_made_it() {
        let win = Some((Some(Color::White), Reason::Connect));
        // A row, a column, both diagonals; Black to move after White's drop.
        assert_eq!(outcome(TICTACTOE, "PPP/1p1/p2[PPpp] b - - 0 3"), win);
        assert_eq!(outcome(TICTACTOE, "P1p/Pp1/P2[PPpp] b - - 0 3"), win);
        assert_eq!(outcome(TICTACTOE, "P1p/1Pp/2P[PPpp] b - - 0 3"), win);
        assert_eq!(outcome(TICTACTOE, "p1P/1P1/P1p[PPpp] b - - 0 3"), win);
        // Two in a row, or a bent line: no end.
        assert_eq!(outcome(TICTACTOE, "PP1/1p1/p1P[PPpp] b - - 0 3"), None);
        // The line of the side to move does not count (it was not just made).
        assert_eq!(outcome(TICTACTOE, "PPP/1p1/p2[PPpp] w - - 0 3"), None);
        // Without diagonals a diagonal line is nothing.
        let straight = format!("{TICTACTOE}connectDiagonal = false\n");
        assert_eq!(outcome(&straight, "P1p/1Pp/2P[PPpp] b - - 0 3"), None);
        // Misère: the connecting side loses.
        let misere = format!("{TICTACTOE}connectValue = loss\n");
        assert_eq!(
            outcome(&misere, "PPP/1p1/p2[PPpp] b - - 0 3"),
            Some((Some(Color::Black), Reason::Connect))
        );
    }

    #[test]
    fn a_square_block_and_a_chain_between_regions_connect() {
        let teeko = "[k]\nmaxRank = 5\nmaxFile = 5\ncustomPiece1 = p:mK\npawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\nking = -\ncastling = false\ndoubleStep = false\nconnectN = 4\nconnectNxN = 2\nstartFen = 5/5/5/5/5 w - - 0 1\n";
        let block = Some((Some(Color::Black), Reason::Connect));
        assert_eq!(outcome(teeko, "5/1pp2/1pp2/5/P1P1P w - - 0 5"), block);
        assert_eq!(outcome(teeko, "5/1pp2/2pp1/5/P1P1P w - - 0 5"), None);
        // Gale-like: White joins file a to file c, Black rank 1 to rank 3.
        let gale = "[g]\nmaxRank = 3\nmaxFile = 3\nimmobile = p\npawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\nking = -\ncastling = false\ndoubleStep = false\npieceDrops = true\nconnectRegion1White = a*\nconnectRegion2White = c*\nconnectRegion1Black = *1\nconnectRegion2Black = *3\nconnectDiagonal = false\nstartFen = 3/3/3[PPPPPppppp] w - - 0 1\n";
        let white = Some((Some(Color::White), Reason::Connect));
        assert_eq!(outcome(gale, "3/PPP/3[PPpp] b - - 0 3"), white);
        // A chain that would have to step west (from c back to a) is not
        // grown backwards: b3-a3 is not reached from a1's region... but a
        // bend east then north then east is.
        assert_eq!(outcome(gale, "1PP/PP1/3[PPpp] b - - 0 3"), white);
        assert_eq!(outcome(gale, "3/PP1/2P[PPpp] b - - 0 3"), None);
    }
}
