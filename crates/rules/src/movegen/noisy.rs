//! Noisy-move generation for quiescence search: the pseudo-legal captures
//! (en passant included) and promotions of the side to move, without
//! generating the quiet moves of plain pieces.

use super::tables::{flag, CellMoves, RayKind};
use crate::components::promotion::Promotion;
use crate::moves::{retain_from, Move, MoveList};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::CellId;

/// How the noisy moves of one piece type are found, decided once per type.
struct TypePlan<'v> {
    /// Plain moves only (no imitator, promotion, immobility rule, duplicate
    /// destinations, move limits or immunity): its captures can be read
    /// straight from the move tables.
    simple: bool,
    /// Plain, and no en passant pending: leg programs that cannot reach an
    /// enemy may be skipped.
    plain_only: bool,
    /// Copies the last moved piece's moves (always generated in full).
    imitator: bool,
    /// Its plain moves may reach a cell twice.
    dedup: bool,
    /// Its promotion rule, if any.
    promotion: Option<&'v Promotion>,
}

impl Position {
    /// Appends the pseudo-legal moves that capture or promote: exactly the
    /// moves of [`Position::pseudo_moves`] with [`Move::is_noisy`] (in
    /// another order). Legality is not checked.
    pub fn noisy_moves(&self, out: &mut MoveList) {
        let us = self.side();
        let v = self.variant();
        if v.rules.walls.as_ref().is_some_and(|w| w.placed()) || v.rules.gating.is_some() {
            // Each noisy move comes with its wall (or gate) choices: take
            // them from the full list.
            let start = out.len();
            self.pseudo_moves(out);
            retain_from(out, start, |m| m.is_noisy());
            return;
        }
        for kind in 0..v.types() as PieceType {
            let def = &v.pieces[usize::from(kind)];
            let plain = !def.imitator && def.promotion.is_none() && !v.rules.immobility_illegal;
            // Mutually immune types filter their captures (`moves_from`).
            let immune = v.rules.mutually_immune >> kind & 1 != 0;
            let plan = TypePlan {
                simple: plain && !def.dedup && !def.limits.any() && !immune,
                plain_only: plain && self.ep().is_empty(),
                imitator: def.imitator,
                dedup: def.dedup,
                promotion: def.promotion.as_ref(),
            };
            for &s in self.cells_of(us, kind) {
                self.noisy_from(us, kind, s, &plan, out);
            }
        }
        // Promotions made as moves of their own (components::placed_promotion).
        self.placed_promotions(out);
    }

    /// Appends the noisy moves of the piece `kind` of `us` on `s`.
    fn noisy_from(
        &self,
        us: Color,
        kind: PieceType,
        s: CellId,
        plan: &TypePlan<'_>,
        out: &mut MoveList,
    ) {
        let v = self.variant();
        let m = v.tables.at(us, kind, s);
        // A promoted piece that may turn back has choices on every move
        // (`components::promotion`'s demotion).
        let flips = self.demotion_at(s).is_some();
        // A piece held back from the plain path only by promotion or
        // immobility rules, with table moves alone, is generated in full
        // only where it might capture or promote.
        if !plan.simple
            && !flips
            && !plan.imitator
            && m.progs.is_empty()
            && !self.may_be_noisy(us, s, &m, plan.promotion)
        {
            return;
        }
        // Leg programs that cannot reach an enemy add no capture.
        let skip_progs = plan.plain_only
            && !flips
            && !m.progs.is_empty()
            && v.reach(us, kind, s)
                .is_some_and(|r| !self.enemy_within(r, us.flip()));
        let start = out.len();
        if !skip_progs && (!plan.simple || flips || !m.progs.is_empty()) {
            self.moves_from(s, out);
            retain_from(out, start, |m| m.is_noisy());
            return;
        }
        self.table_captures(us, s, &m, out);
        if skip_progs && plan.dedup {
            // Plain moves of such a piece may reach a cell twice.
            drop_repeats_from(out, start);
        }
    }

    /// Appends the captures (en passant included) of the table moves `m`
    /// of the piece of `us` on `s`.
    fn table_captures(&self, us: Color, s: CellId, m: &CellMoves<'_>, out: &mut MoveList) {
        let board = self.board();
        for l in m.leaps {
            if self.captures_on(us, l.to, l.flags) {
                out.push(Move::normal(s, l.to).with_capture());
            } else if board[l.to.idx()].is_empty()
                && l.flags & flag::EP != 0
                && self.ep().contains(l.to)
                && self.piece(self.ep().victim()).is_color(us.flip())
            {
                out.push(Move::en_passant(s, l.to));
            }
        }
        for c in m.conds {
            let path = &c.path[..usize::from(c.path_len)];
            if self.captures_on(us, c.to, c.flags)
                && path.iter().all(|x| board[x.idx()].is_some() == c.occupied)
            {
                out.push(Move::normal(s, c.to).with_capture());
            }
        }
        let v = self.variant();
        for r in m.rays {
            let cells = v.tables.ray_cells(r);
            let stops = v.tables.ray_stops(r);
            let Some(j) = self.ray_target(us, r.kind, cells) else {
                continue;
            };
            if let (Some(&c), Some(&st)) = (cells.get(j), stops.get(j)) {
                if self.captures_on(us, c, st) {
                    out.push(Move::normal(s, c).with_capture());
                }
            }
        }
    }

    /// The index in `cells` of the one cell a ray of `kind` may capture on:
    /// the first occupied cell (slides), the one after the screen (cannons;
    /// a friend-cannon's screen must be of `us`) or right behind the first
    /// piece (grasshoppers).
    fn ray_target(&self, us: Color, kind: RayKind, cells: &[CellId]) -> Option<usize> {
        let board = self.board();
        let i = cells.iter().position(|c| board[c.idx()].is_some())?;
        match kind {
            RayKind::Slide => Some(i),
            RayKind::FriendCannon if board[cells[i].idx()].color() != us => None,
            RayKind::Cannon | RayKind::FriendCannon => cells[i + 1..]
                .iter()
                .position(|c| board[c.idx()].is_some())
                .map(|j| i + 1 + j),
            RayKind::Grasshopper => Some(i + 1),
        }
    }

    /// True when a table move of `flags` by `us` to `to` captures: an enemy
    /// stands there and the move may capture.
    fn captures_on(&self, us: Color, to: CellId, flags: u8) -> bool {
        let q = self.board()[to.idx()];
        q.is_some() && q.color() != us && flags & flag::CAPTURE != 0
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
            if board[to.idx()].is_empty() {
                (flags & flag::QUIET != 0 && promotes(to)) || (flags & flag::EP != 0 && ep)
            } else {
                self.captures_on(us, to, flags)
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

/// Drops, from `start` on, the moves of `out` that repeat an earlier one
/// from `start`, keeping the first and the generation order (unlike
/// `gen.rs`'s `dedup_from`, which sorts: the picker keeps generation order
/// within a stage, so the search's tree depends on it).
fn drop_repeats_from(out: &mut MoveList, start: usize) {
    let mut w = start;
    for r in start..out.len() {
        let mv = out[r];
        if !out[start..w].contains(&mv) {
            out[w] = mv;
            w += 1;
        }
    }
    out.truncate(w);
}
