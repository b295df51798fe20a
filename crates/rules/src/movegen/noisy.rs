//! Noisy-move generation for quiescence search: the pseudo-legal captures
//! (en passant included) and promotions of the side to move, without
//! generating the quiet moves of plain pieces.

use super::tables::{flag, CellMoves, RayKind};
use crate::components::promotion::Promotion;
use crate::moves::{Move, MoveList};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::CellId;

impl Position {
    /// Appends the pseudo-legal moves that capture or promote: exactly the
    /// moves of [`Position::pseudo_moves`] with `is_capture()` or
    /// `promotion().is_some()` (in another order). Legality is not checked.
    pub fn noisy_moves(&self, out: &mut MoveList) {
        let us = self.side();
        let v = self.variant();
        if v.rules.walls.as_ref().is_some_and(|w| w.placed()) || v.rules.gating.is_some() {
            // Each noisy move comes with its wall (or gate) choices: take
            // them from the full list.
            let start = out.len();
            self.pseudo_moves(out);
            let mut w = start;
            for r in start..out.len() {
                let mv = out[r];
                if mv.is_capture() || mv.promotion().is_some() {
                    out[w] = mv;
                    w += 1;
                }
            }
            out.truncate(w);
            return;
        }
        let board = self.board();
        for kind in 0..v.types() as PieceType {
            let def = &v.pieces[usize::from(kind)];
            let plain = !def.imitator && def.promotion.is_none() && !v.rules.immobility_illegal;
            // Mutually immune types filter their captures (`moves_from`).
            let immune = v.rules.mutually_immune >> kind & 1 != 0;
            let simple = plain && !def.dedup && !def.limits.any() && !immune;
            // Such pieces whose leg programs cannot capture from here (no
            // enemy inside their reach, no en passant pending) need only
            // their plain moves looked at.
            let plain_only = plain && self.ep().is_empty();
            for &s in self.cells_of(us, kind) {
                let m = v.tables.at(us, kind, s);
                // A promoted piece that may turn back has choices on every
                // move (`components::promotion`'s demotion).
                let flips = self.demotion_at(s).is_some();
                // A piece held back from the plain path only by promotion or
                // immobility rules, with table moves alone, is generated in
                // full only where it might capture or promote.
                if !simple
                    && !flips
                    && !def.imitator
                    && m.progs.is_empty()
                    && !self.may_be_noisy(us, s, &m, def.promotion.as_ref())
                {
                    continue;
                }
                let skip_progs = plain_only
                    && !flips
                    && !m.progs.is_empty()
                    && v.reach(us, kind, s)
                        .is_some_and(|r| !self.enemy_within(r, us.flip()));
                let start = out.len();
                if !skip_progs && (!simple || flips || !m.progs.is_empty()) {
                    self.moves_from(s, out);
                    let mut w = start;
                    for r in start..out.len() {
                        let mv = out[r];
                        if mv.is_capture() || mv.promotion().is_some() {
                            out[w] = mv;
                            w += 1;
                        }
                    }
                    out.truncate(w);
                    continue;
                }
                let enemy = |c: menagerie_geometry::CellId| {
                    let q = board[c.idx()];
                    q.is_some() && q.color() != us
                };
                for l in m.leaps {
                    let q = board[l.to.idx()];
                    if q.is_empty() {
                        if l.flags & flag::EP != 0
                            && self.ep().contains(l.to)
                            && self.piece(self.ep().victim()).is_color(us.flip())
                        {
                            out.push(Move::en_passant(s, l.to));
                        }
                    } else if q.color() != us && l.flags & flag::CAPTURE != 0 {
                        out.push(Move::normal(s, l.to).with_capture());
                    }
                }
                for c in m.conds {
                    if c.flags & flag::CAPTURE == 0 || !enemy(c.to) {
                        continue;
                    }
                    let path = &c.path[..usize::from(c.path_len)];
                    if path.iter().all(|x| board[x.idx()].is_some() == c.occupied) {
                        out.push(Move::normal(s, c.to).with_capture());
                    }
                }
                for r in m.rays {
                    let cells = v.tables.ray_cells(r);
                    let stops = v.tables.ray_stops(r);
                    // The cell a capture may land on: the first occupied cell
                    // (slides), the one after the screen (cannons) or right
                    // behind the first piece (grasshoppers).
                    let first = cells.iter().position(|c| board[c.idx()].is_some());
                    let Some(i) = first else { continue };
                    let hit = match r.kind {
                        RayKind::Slide => Some(i),
                        RayKind::Cannon | RayKind::FriendCannon => {
                            if r.kind == RayKind::FriendCannon
                                && board[cells[i].idx()].color() != us
                            {
                                None
                            } else {
                                cells[i + 1..]
                                    .iter()
                                    .position(|c| board[c.idx()].is_some())
                                    .map(|j| i + 1 + j)
                            }
                        }
                        RayKind::Grasshopper => Some(i + 1),
                    };
                    if let Some(j) = hit {
                        if let (Some(&c), Some(&st)) = (cells.get(j), stops.get(j)) {
                            if st & flag::CAPTURE != 0 && enemy(c) {
                                out.push(Move::normal(s, c).with_capture());
                            }
                        }
                    }
                }
                if skip_progs && def.dedup {
                    // Plain moves of such a piece may reach a cell twice.
                    let mut w = start;
                    for r in start..out.len() {
                        let mv = out[r];
                        if !(start..w).any(|k| out[k] == mv) {
                            out[w] = mv;
                            w += 1;
                        }
                    }
                    out.truncate(w);
                }
            }
        }
        // Promotions made as moves of their own (components::placed_promotion).
        self.placed_promotions(out);
    }

    /// False only when the piece of `us` on `s`, with the table moves `m`
    /// and promotion rule `pr`, has no capture and no promoting move here.
    /// A cheap superset test: paths of conditional leaps, moves limited to
    /// the first move and what a piece may not capture are not looked at,
    /// and rays other than slides always count as noisy.
    fn may_be_noisy(
        &self,
        us: Color,
        s: CellId,
        m: &CellMoves<'_>,
        pr: Option<&Promotion>,
    ) -> bool {
        let board = self.board();
        let promotes = |to: CellId| pr.is_some_and(|pr| pr.applies(us, s, to, false));
        let ep = !self.ep().is_empty();
        // A move of table `flags` to `to`: a capture, en passant or a
        // promotion possible?
        let noisy = |to: CellId, flags: u8| {
            let q = board[to.idx()];
            if q.is_empty() {
                (flags & flag::QUIET != 0 && promotes(to)) || (flags & flag::EP != 0 && ep)
            } else {
                q.color() != us && flags & flag::CAPTURE != 0
            }
        };
        if m.leaps.iter().any(|l| noisy(l.to, l.flags))
            || m.conds.iter().any(|c| noisy(c.to, c.flags))
        {
            return true;
        }
        let v = self.variant();
        m.rays.iter().any(|r| {
            if r.kind != RayKind::Slide {
                return true;
            }
            let cells = v.tables.ray_cells(r);
            let stops = v.tables.ray_stops(r);
            for (&c, &st) in cells.iter().zip(stops) {
                if noisy(c, st) {
                    return true;
                }
                if board[c.idx()].is_some() {
                    break;
                }
            }
            false
        })
    }

    /// True when a piece of `color` stands on a cell of `set`.
    fn enemy_within(&self, set: &menagerie_geometry::CellSet, color: Color) -> bool {
        let mut bits = self.present(color);
        while bits != 0 {
            let kind = bits.trailing_zeros() as PieceType;
            bits &= bits - 1;
            if self.cells_of(color, kind).iter().any(|&c| set.contains(c)) {
                return true;
            }
        }
        false
    }
}
