//! Pseudo-legal and legal move generation.

use super::legs::Run;
use super::tables::{flag, CondLeap, Leap, Ray, RayKind};
use crate::components::cannon_limits::CannonLimits;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::CellId;

/// Sorts the moves from `start` on and drops repeats (a piece that reaches
/// one cell in two ways).
fn dedup_from(out: &mut MoveList, start: usize) {
    let tail = &mut out[start..];
    tail.sort_unstable_by_key(|m| m.raw());
    let mut w = start;
    for r in start..out.len() {
        if r == start || out[r] != out[w - 1] {
            out[w] = out[r];
            w += 1;
        }
    }
    out.truncate(w);
}

/// The piece whose moves are being generated.
struct Mover {
    from: CellId,
    /// Its colour.
    color: Color,
    kind: PieceType,
    /// Its moves need no promotion or immobility test.
    plain: bool,
    /// Types it may not hop over or capture.
    limits: CannonLimits,
}

impl Position {
    /// Appends every pseudo-legal move: piece moves (with promotion choices),
    /// castling (fully checked except the King's destination), en passant
    /// and drops. Legality (own royal safety, facing) is not checked.
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        let us = self.side();
        let v = self.variant();
        let start = out.len();
        for kind in 0..v.types() as PieceType {
            for &s in self.cells_of(us, kind) {
                self.moves_from(s, out);
            }
        }
        self.castling_moves(out);
        self.placed_promotions(out);
        self.pass_moves(out);
        if v.rules.drop_moves() {
            self.drop_moves(out);
        }
        if v.rules.gating.is_some() {
            self.gate_moves(start, out);
        }
        if let Some(w) = &v.rules.walls {
            self.add_walls(w, out, start);
        }
        self.pass_if_stuck(out, start);
    }

    /// True when [`Position::pseudo_moves`] would find at least one move. A
    /// search that may cut a node before it needs the moves asks this first:
    /// usually the first piece looked at has a move, so the full list is
    /// generated only where the node is searched. `scratch` is cleared and
    /// left holding whatever was generated.
    pub fn has_pseudo_move(&self, scratch: &mut MoveList) -> bool {
        scratch.clear();
        // Placed walls turn the piece moves into moves with walls, and a
        // move may find no wall cell: only the full list tells.
        if !self
            .variant()
            .rules
            .walls
            .as_ref()
            .is_some_and(|w| w.placed())
        {
            // The later steps of `pseudo_moves` only add moves.
            let us = self.side();
            for kind in 0..self.variant().types() as PieceType {
                for &s in self.cells_of(us, kind) {
                    self.moves_from(s, scratch);
                    if !scratch.is_empty() {
                        return true;
                    }
                }
            }
        }
        scratch.clear();
        self.pseudo_moves(scratch);
        !scratch.is_empty()
    }

    /// Appends the pseudo-legal moves of the piece on `s` (no castling).
    pub fn moves_from(&self, s: CellId, out: &mut MoveList) {
        let p = self.piece(s);
        if p.is_empty() {
            return;
        }
        let v = self.variant();
        let us = p.color();
        let kind = p.kind();
        let Some((tk, imitates)) = self.imitated_kind(kind) else {
            return;
        };
        let def = &v.pieces[usize::from(kind)];
        let mover = Mover {
            from: s,
            color: us,
            kind,
            // No promotion and no immobility rule: moves need no further
            // checks. An imitator never promotes.
            plain: imitates
                || (def.promotion.is_none()
                    && !v.rules.immobility_illegal
                    && self.demotion_at(s).is_none()),
            limits: v.pieces[usize::from(tk)].limits,
        };
        let start = out.len();
        let m = v.tables.at(us, tk, s);
        // An imitator does not borrow moves limited to the initial region.
        let skip = (if imitates { flag::INITIAL } else { 0 }) | self.first_move_skip(us, s);
        self.leap_moves(&mover, m.leaps, skip, out);
        self.conditional_moves(&mover, m.conds, skip, out);
        for r in m.rays {
            if r.flags & skip == 0 {
                self.ray_moves(&mover, r, out);
            }
        }
        if !m.progs.is_empty() {
            self.program_moves(&mover, m.progs, skip, out);
        }
        if v.pieces[usize::from(tk)].dedup {
            dedup_from(out, start);
        }
        self.drop_immune_captures(kind, start, out);
    }

    /// Leaps: to an empty cell (quiet or en passant) or onto an enemy.
    #[inline]
    fn leap_moves(&self, mover: &Mover, leaps: &[Leap], skip: u8, out: &mut MoveList) {
        let board = self.board();
        let us = mover.color;
        for l in leaps {
            if l.flags & skip != 0 {
                continue;
            }
            let q = board[l.to.idx()];
            if q.is_empty() {
                if l.flags & flag::QUIET != 0 {
                    self.push(mover, l.to, None, false, l.flags, out);
                } else if l.flags & flag::EP != 0
                    && self.ep().contains(l.to)
                    && self.piece(self.ep().victim()).is_color(us.flip())
                {
                    out.push(Move::en_passant(mover.from, l.to));
                }
            } else if q.color() != us && l.flags & flag::CAPTURE != 0 {
                self.push(mover, l.to, None, true, l.flags, out);
            }
        }
    }

    /// Leaps whose path must be all empty or all occupied (lame leapers,
    /// hurdles).
    #[inline]
    fn conditional_moves(&self, mover: &Mover, conds: &[CondLeap], skip: u8, out: &mut MoveList) {
        let board = self.board();
        let us = mover.color;
        for c in conds {
            if c.flags & skip != 0 {
                continue;
            }
            let path = &c.path[..usize::from(c.path_len)];
            if !path.iter().all(|x| board[x.idx()].is_some() == c.occupied) {
                continue;
            }
            let q = board[c.to.idx()];
            if q.is_empty() {
                if c.flags & flag::QUIET != 0 {
                    self.push(mover, c.to, None, false, c.flags, out);
                }
            } else if q.color() != us && c.flags & flag::CAPTURE != 0 {
                self.push(mover, c.to, None, true, c.flags, out);
            }
        }
    }

    /// The cell of a ray at `c` with stop flags `st`: pushes its move and
    /// says whether the ray goes on (the cell is empty).
    #[inline]
    fn ray_cell(&self, mover: &Mover, c: CellId, st: u8, flags: u8, out: &mut MoveList) -> bool {
        let q = self.board()[c.idx()];
        if q.is_empty() {
            if st & flag::QUIET != 0 {
                self.push(mover, c, None, false, flags, out);
            }
            return true;
        }
        if q.color() != mover.color && st & flag::CAPTURE != 0 {
            self.push(mover, c, None, true, flags, out);
        }
        false
    }

    /// A ray: slider, cannon (over one screen, a friendly one for
    /// friend-cannons) or grasshopper (just beyond the first piece).
    #[inline]
    fn ray_moves(&self, mover: &Mover, r: &Ray, out: &mut MoveList) {
        let v = self.variant();
        let board = self.board();
        let cells = v.tables.ray_cells(r);
        let stops = v.tables.ray_stops(r);
        match r.kind {
            RayKind::Slide => {
                for (&c, &st) in cells.iter().zip(stops) {
                    if !self.ray_cell(mover, c, st, r.flags, out) {
                        break;
                    }
                }
            }
            RayKind::Cannon | RayKind::FriendCannon => {
                let us = mover.color;
                let Some(i) = cells.iter().position(|c| board[c.idx()].is_some()) else {
                    return;
                };
                let screen = board[cells[i].idx()];
                if (r.kind == RayKind::FriendCannon && screen.color() != us)
                    || !mover.limits.hops_over(screen)
                {
                    return;
                }
                for (&c, &st) in cells[i + 1..].iter().zip(&stops[i + 1..]) {
                    if !self.ray_cell(mover, c, st, r.flags, out) {
                        break;
                    }
                }
            }
            RayKind::Grasshopper => {
                if let Some(i) = cells.iter().position(|c| board[c.idx()].is_some()) {
                    if let (Some(&c), Some(&st)) = (cells.get(i + 1), stops.get(i + 1)) {
                        self.ray_cell(mover, c, st, r.flags, out);
                    }
                }
            }
        }
    }

    /// Multi-leg moves run as leg programs.
    fn program_moves(&self, mover: &Mover, progs: &[u32], skip: u8, out: &mut MoveList) {
        let v = self.variant();
        let run = Run {
            g: &v.geometry,
            board: self.board(),
            color: mover.color,
            from: mover.from,
            target: None,
            empty_board: false,
        };
        for &pi in progs {
            let prog = v.tables.program(pi);
            if prog.flags & skip != 0 {
                continue;
            }
            let mut found = Vec::new();
            run.run(prog, &mut |l| {
                found.push(l);
                false
            });
            for l in found {
                let via = match l.via_capture {
                    Some(c) => Some((c, true)),
                    None if prog.show_path && l.capture => l.mid.map(|c| (c, false)),
                    None => None,
                };
                self.push(mover, l.to, via, l.capture, prog.flags, out);
            }
        }
    }

    /// Adds a piece move found by the generator, with its promotion choices
    /// (see [`Position::push_promotions`]).
    fn push(
        &self,
        mover: &Mover,
        to: CellId,
        via: Option<(CellId, bool)>,
        capture: bool,
        flags: u8,
        out: &mut MoveList,
    ) {
        if capture && !mover.limits.captures(self.piece(to)) {
            return;
        }
        let mut m = Move::normal(mover.from, to);
        if let Some((c, captures)) = via {
            m = m.with_via(c, captures);
        }
        if capture {
            m = m.with_capture();
        } else if flags & flag::NORESET != 0 && !m.is_capture() {
            m = m.with_noreset();
        }
        if mover.plain {
            out.push(m);
        } else {
            self.push_promotions(mover.kind, mover.from, to, m, m.is_capture(), out);
        }
    }

    /// True when `m` is a move of the side to move's own pieces that the
    /// generator could produce here (cheap sanity check for stored moves).
    #[must_use]
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        let mut list = MoveList::new();
        if self
            .variant()
            .rules
            .walls
            .as_ref()
            .is_some_and(|w| w.placed())
        {
            self.pseudo_moves(&mut list);
            return list.contains(&m);
        }
        match m.kind() {
            MoveKind::Drop => {
                if m.dropped().is_some_and(|k| self.holds(self.side(), k)) {
                    self.drop_moves(&mut list);
                }
            }
            MoveKind::Castle => self.castling_moves(&mut list),
            _ if m.promotion().is_some() && self.variant().rules.placed_promotion.is_some() => {
                self.placed_promotions(&mut list);
            }
            _ if m.is_pass() => {
                self.pass_moves(&mut list);
                if self.variant().rules.pass_on_stalemate[self.side().idx()] {
                    self.pseudo_moves(&mut list);
                }
            }
            _ => {
                if let Some(f) = m.from() {
                    if self.piece(f).is_color(self.side()) {
                        self.moves_from(f, &mut list);
                    }
                }
            }
        }
        list.contains(&m)
    }
}
