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
    /// Attack mode: treat this cell as holding an enemy if empty.
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
                        // On the empty board a locust leg may also capture
                        // here: its landings then carry this cell as victim,
                        // so reach sets cover locust captures.
                        if !last
                            && self.empty_board
                            && leg.cont_capture
                            && captured.is_none()
                            && self.leg(prog, i + 1, c, vi, Some(c), here_mid, emit)
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
                        // A locust capture only counts once the rest of the
                        // move can be made (its landing carries the victim).
                        if enemy
                            && leg.cont_capture
                            && captured.is_none()
                            && self.leg(prog, i + 1, c, vi, Some(c), here_mid, emit)
                        {
                            return true;
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

/// Adds to `out` every cell on any path of `prog` from `from` that could
/// capture on `target` on some board (occupancy ignored; hops and locust
/// captures allowed anywhere): the cells whose contents can decide whether
/// the program attacks `target`.
pub fn paths_to(
    g: &Geometry,
    prog: &Program,
    from: CellId,
    target: CellId,
    out: &mut menagerie_geometry::CellSet,
) {
    let mut stack = Vec::new();
    paths_rec(g, prog, 0, from, 0, from, target, &mut stack, out);
}

#[allow(clippy::too_many_arguments)]
fn paths_rec(
    g: &Geometry,
    prog: &Program,
    i: usize,
    cur: CellId,
    prev: usize,
    from: CellId,
    target: CellId,
    stack: &mut Vec<CellId>,
    out: &mut menagerie_geometry::CellSet,
) {
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
        if leg.range.min == 0 && !last {
            paths_rec(g, prog, i + 1, cur, vi, from, target, stack, out);
        }
        let base = stack.len();
        let mut c = cur;
        for k in 1..=limit {
            let Some(n) = g.offset(c, v) else { break };
            c = n;
            if c == from {
                stack.push(c);
                continue;
            }
            let stop = leg.range.allows(k);
            if c == target {
                if stop && (may_end || leg.cont_capture) {
                    for &s in stack.iter() {
                        out.insert(s);
                    }
                }
                break;
            }
            if stop && !last {
                stack.push(c);
                paths_rec(g, prog, i + 1, c, vi, from, target, stack, out);
                stack.pop();
            }
            stack.push(c);
        }
        stack.truncate(base);
    }
}

impl Run<'_> {
    /// Adds to `out` the cells whose change by a single move could make this
    /// program capture on `target` (`self.target` is ignored): on the actual
    /// board, every path to the target that is one cell away from working
    /// (a blocker that would have to leave, or a screen or victim that would
    /// have to arrive) contributes that cell. Paths that already work need no
    /// cell and add nothing (the caller knows it is in check then).
    pub fn near_paths(
        &self,
        prog: &Program,
        target: CellId,
        out: &mut menagerie_geometry::CellSet,
    ) {
        self.near(prog, 0, self.from, 0, None, None, target, out);
    }

    #[allow(clippy::too_many_arguments)]
    fn near(
        &self,
        prog: &Program,
        i: usize,
        cur: CellId,
        prev: usize,
        captured: Option<CellId>,
        miss: Option<CellId>,
        target: CellId,
        out: &mut menagerie_geometry::CellSet,
    ) {
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
            if leg.range.min == 0 && !last {
                self.near(prog, i + 1, cur, vi, captured, miss, target, out);
            }
            let mut c = cur;
            let mut miss = miss;
            for k in 1..=limit {
                let Some(n) = self.g.offset(c, v) else { break };
                c = n;
                let stop = leg.range.allows(k);
                if c == target {
                    if stop
                        && ((may_end && leg.end_capture)
                            || (!last && leg.cont_capture && captured.is_none()))
                    {
                        if let Some(m) = miss {
                            out.insert(m);
                        }
                    }
                    break;
                }
                let p = if c == self.from || captured == Some(c) {
                    Piece::EMPTY
                } else {
                    self.board[c.idx()]
                };
                let occupied = p.is_some();
                // As a cell that must be occupied: a screen or a victim.
                if stop && !last {
                    let mut cost = None;
                    let mut ok = false;
                    if leg.hop {
                        ok = true;
                        if !occupied {
                            cost = Some(c);
                        }
                    } else if leg.hop_friend && occupied && p.color() == self.color {
                        ok = true;
                    } else if leg.cont_capture && captured.is_none() {
                        ok = true;
                        if !occupied || p.color() == self.color {
                            cost = Some(c);
                        }
                    }
                    if ok && (cost.is_none() || miss.is_none()) {
                        let m2 = miss.or(cost);
                        let cap = if leg.cont_capture && !leg.hop {
                            Some(c)
                        } else {
                            captured
                        };
                        self.near(prog, i + 1, c, vi, cap, m2, target, out);
                    }
                }
                // As a cell that must be empty.
                if occupied {
                    if miss.is_some() {
                        break;
                    }
                    miss = Some(c);
                }
                if stop && !last && leg.cont_empty {
                    self.near(prog, i + 1, c, vi, captured, miss, target, out);
                }
            }
        }
    }
}
