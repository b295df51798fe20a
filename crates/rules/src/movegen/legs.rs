//! The general leg interpreter: runs a [`Program`] from a cell.

use super::tables::Program;
use crate::piece::{Color, Piece};
use menagerie_geometry::{CellId, Geometry};

/// A destination found by a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    /// Final cell.
    pub to: CellId,
    /// Captures on the final cell.
    pub capture: bool,
    /// Cell captured before the last leg (locust capture), if any.
    pub via_capture: Option<CellId>,
    /// End cell of the first leg (for notation).
    pub mid: Option<CellId>,
}

/// A program run: board view and origin for the interpreter.
#[derive(Debug)]
pub struct Run<'a> {
    /// Board geometry.
    pub g: &'a Geometry,
    /// Cell contents.
    pub board: &'a [Piece],
    /// Colour of the moving piece.
    pub color: Color,
    /// Origin of the move.
    pub from: CellId,
    /// Attack mode: treat this cell as holding an enemy if empty, and stop
    /// at the first capture on it.
    pub target: Option<CellId>,
    /// Ignore occupancy (superset reach on an empty board).
    pub empty_board: bool,
}

impl Run<'_> {
    fn look(&self, c: CellId, left_origin: bool, captured: Option<CellId>) -> Piece {
        // The moving piece has left its origin once it moves at all.
        if self.empty_board {
            return Piece::EMPTY;
        }
        if left_origin && c == self.from {
            return Piece::EMPTY;
        }
        if captured == Some(c) {
            return Piece::EMPTY;
        }
        let p = self.board[c.idx()];
        if p.is_empty() && self.target == Some(c) {
            return Piece::new(0, self.color.flip());
        }
        p
    }

    /// Runs `prog`; calls `emit` for every destination. `emit` returns true
    /// to stop the search early. Returns true when stopped.
    pub fn run(&self, prog: &Program, emit: &mut dyn FnMut(Landing) -> bool) -> bool {
        self.leg(prog, 0, self.from, 0, None, None, emit)
    }

    #[allow(clippy::too_many_arguments)]
    fn leg(
        &self,
        prog: &Program,
        i: usize,
        cur: CellId,
        prev: usize,
        captured: Option<CellId>,
        mid: Option<CellId>,
        emit: &mut dyn FnMut(Landing) -> bool,
    ) -> bool {
        let leg = &prog.legs[i];
        let last = i + 1 == prog.legs.len();
        let may_end = last || prog.may_end[i];
        let allowed = leg
            .allowed
            .get(if leg.allowed.len() == 1 { 0 } else { prev })
            .map_or(&[][..], |v| &v[..]);
        let limit = leg.range.limit(64);
        for &vi in allowed {
            let v = leg.vectors[usize::from(vi)];
            let vi = usize::from(vi);
            if leg.range.min == 0
                && !last
                && self.leg(
                    prog,
                    i + 1,
                    cur,
                    vi,
                    captured,
                    mid.or(if i == 0 { Some(cur) } else { None }),
                    emit,
                )
            {
                return true;
            }
            let mut c = cur;
            for k in 1..=limit {
                let Some(n) = self.g.offset(c, v) else { break };
                c = n;
                let here_mid = if i == 0 { Some(c) } else { mid };
                let p = self.look(c, true, captured);
                let stop = leg.range.allows(k);
                if p.is_empty() {
                    if stop {
                        if may_end
                            && (leg.end_quiet || (self.empty_board && leg.end_capture))
                            && c != self.from
                            && prog.dest.allows(self.from, c)
                        {
                            let l = Landing {
                                to: c,
                                capture: false,
                                via_capture: captured,
                                mid: here_mid,
                            };
                            if emit(l) {
                                return true;
                            }
                        }
                        if !last
                            && (leg.cont_empty || self.empty_board)
                            && self.leg(prog, i + 1, c, vi, captured, here_mid, emit)
                        {
                            return true;
                        }
                    }
                    continue;
                }
                if stop {
                    let enemy = p.color() != self.color;
                    if enemy && may_end && leg.end_capture && prog.dest.allows(self.from, c) {
                        let l = Landing {
                            to: c,
                            capture: true,
                            via_capture: captured,
                            mid: here_mid,
                        };
                        if emit(l) {
                            return true;
                        }
                    }
                    if !last {
                        if enemy && leg.cont_capture && captured.is_none() {
                            if self.target == Some(c) {
                                let l = Landing {
                                    to: c,
                                    capture: true,
                                    via_capture: None,
                                    mid: here_mid,
                                };
                                if emit(l) {
                                    return true;
                                }
                            }
                            if self.leg(prog, i + 1, c, vi, Some(c), here_mid, emit) {
                                return true;
                            }
                        }
                        if (leg.hop || (leg.hop_friend && !enemy))
                            && self.leg(prog, i + 1, c, vi, captured, here_mid, emit)
                        {
                            return true;
                        }
                    }
                }
                break;
            }
        }
        false
    }
}
