//! Attacks, check and royal facing.

use super::legs::{paths_to, Run};
use super::tables::{flag, RayKind};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::CellId;

impl Position {
    /// True when a piece of `by` could capture a piece of the other colour
    /// standing on `t` (one is imagined there when `t` is empty).
    #[must_use]
    pub fn is_attacked(&self, t: CellId, by: Color) -> bool {
        self.visit_attackers(t, by, |_, _| true)
    }

    /// Appends to `out` every piece of `by` that could capture on `t` (a
    /// piece of the other colour imagined there when `t` is empty), as its
    /// cell and the type it captures as (a Joker: its own type).
    pub fn attackers(&self, t: CellId, by: Color, out: &mut Vec<(CellId, PieceType)>) {
        self.visit_attackers(t, by, |s, k| {
            if !out.contains(&(s, k)) {
                out.push((s, k));
            }
            false
        });
    }

    /// Calls `found` with the cell and type of each piece of `by` that could
    /// capture on `t` (a piece may be reported twice); stops and returns
    /// true as soon as `found` does.
    fn visit_attackers(
        &self,
        t: CellId,
        by: Color,
        mut found: impl FnMut(CellId, PieceType) -> bool,
    ) -> bool {
        let v = self.variant();
        let present = self.present(by);
        let board = self.board();
        for ray in v.attacks.rays(by, t) {
            if ray.any & present == 0 {
                continue;
            }
            let mut screens = 0;
            let mut first_screen_adjacent = false;
            for (k, rc) in v.attacks.cells(ray).iter().enumerate() {
                let p = board[rc.cell.idx()];
                if p.is_empty() {
                    continue;
                }
                if p.color() == by
                    && rc.admits(screens, first_screen_adjacent) >> p.kind() & 1 != 0
                    && found(rc.cell, p.kind())
                {
                    return true;
                }
                if screens == 0 {
                    first_screen_adjacent = k == 0;
                }
                screens += 1;
                if screens > 1 || ray.hops & present == 0 {
                    break;
                }
            }
        }
        let mut bits = v.complex_types & present;
        while bits != 0 {
            let kind = bits.trailing_zeros() as PieceType;
            bits &= bits - 1;
            for &s in self.cells_of(by, kind) {
                let only_complex = !v.pieces[usize::from(kind)].limits.any();
                if v.reach(by, kind, s).is_some_and(|r| r.contains(t))
                    && self.attacks_from(by, kind, s, t, only_complex, false)
                    && found(s, kind)
                {
                    return true;
                }
            }
        }
        if let (Some(j), Some(imit)) = (v.imitator, self.imitation()) {
            for &s in self.cells_of(by, j) {
                if self.attacks_from(by, imit, s, t, false, true) && found(s, j) {
                    return true;
                }
            }
        }
        false
    }

    /// Appends to `out` the empty cells where a piece of `by` of one of the
    /// types in `kinds` (a bit per type), put there, would attack `t` on the
    /// current board, each with the mask of those types; a cell may appear
    /// more than once. This finds the drops that give check without making
    /// them. Moves only leg programs can make are looked for on the cells
    /// whose precomputed reach holds `t`; the Joker is left out.
    pub fn attacks_if_placed(
        &self,
        t: CellId,
        by: Color,
        kinds: u64,
        out: &mut Vec<(CellId, u64)>,
    ) {
        let v = self.variant();
        let board = self.board();
        let kinds = v.imitator.map_or(kinds, |j| kinds & !(1u64 << j));
        for ray in v.attacks.rays(by, t) {
            if ray.any & kinds == 0 {
                continue;
            }
            let mut screens = 0;
            let mut first_screen_adjacent = false;
            for (k, rc) in v.attacks.cells(ray).iter().enumerate() {
                if board[rc.cell.idx()].is_empty() {
                    let m = kinds & rc.admits(screens, first_screen_adjacent);
                    if m != 0 {
                        out.push((rc.cell, m));
                    }
                    continue;
                }
                if screens == 0 {
                    first_screen_adjacent = k == 0;
                }
                screens += 1;
                if screens > 1 || ray.hops & kinds == 0 {
                    break;
                }
            }
        }
        let mut bits = v.complex_types & kinds;
        while bits != 0 {
            let kind = bits.trailing_zeros() as PieceType;
            bits &= bits - 1;
            for s in v.geometry.cells() {
                let only_complex = !v.pieces[usize::from(kind)].limits.any();
                if board[s.idx()].is_empty()
                    && v.reach(by, kind, s).is_some_and(|r| r.contains(t))
                    && self.attacks_from(by, kind, s, t, only_complex, false)
                {
                    out.push((s, 1u64 << kind));
                }
            }
        }
    }

    /// True when the moves of a piece of type `kind` and colour `by` on `s`
    /// include a capture on `t`. With `only_complex`, only the moves the
    /// reverse tables do not cover are examined; with `skip_initial`, moves
    /// limited to the initial region are ignored (a Joker's view).
    #[must_use]
    pub fn attacks_from(
        &self,
        by: Color,
        kind: PieceType,
        s: CellId,
        t: CellId,
        only_complex: bool,
        skip_initial: bool,
    ) -> bool {
        let v = self.variant();
        let board = self.board();
        let limits = v.pieces[usize::from(kind)].limits;
        if board[t.idx()].is_some() && !limits.captures(board[t.idx()]) {
            return false;
        }
        let m = v.tables.at(by, kind, s);
        let occupied = |c: CellId| c == t || board[c.idx()].is_some();
        let skip = |f: u8| skip_initial && f & flag::INITIAL != 0;
        if !only_complex
            && m.leaps
                .iter()
                .any(|l| l.to == t && l.flags & flag::CAPTURE != 0 && !skip(l.flags))
        {
            return true;
        }
        // The complex moves (conditional leaps, friend-cannon rays, leg
        // programs) of a piece on `s` can only ever capture inside its
        // precomputed reach: outside it, only plain rays remain to look at.
        let complex_reaches = v.reach(by, kind, s).is_none_or(|r| r.contains(t));
        if !complex_reaches && only_complex {
            return false;
        }
        for c in m.conds.iter().filter(|_| complex_reaches) {
            if c.to == t && c.flags & flag::CAPTURE != 0 && !skip(c.flags) {
                let path = &c.path[..usize::from(c.path_len)];
                if path.iter().all(|&x| occupied(x) == c.occupied) {
                    return true;
                }
            }
        }
        for r in m.rays {
            if (only_complex && r.kind != RayKind::FriendCannon) || skip(r.flags) {
                continue;
            }
            let cells = v.tables.ray_cells(r);
            let stops = v.tables.ray_stops(r);
            let Some(idx) = cells.iter().position(|&c| c == t) else {
                continue;
            };
            if stops[idx] & flag::CAPTURE == 0 {
                continue;
            }
            let before = &cells[..idx];
            let blockers: Vec<usize> = before
                .iter()
                .enumerate()
                .filter(|(_, &c)| occupied(c))
                .map(|(i, _)| i)
                .collect();
            let ok = match r.kind {
                RayKind::Slide => blockers.is_empty(),
                RayKind::Cannon => {
                    blockers.len() == 1 && limits.hops_over(board[before[blockers[0]].idx()])
                }
                RayKind::FriendCannon => {
                    blockers.len() == 1 && board[before[blockers[0]].idx()].color() == by
                }
                RayKind::Grasshopper => blockers.len() == 1 && blockers[0] + 1 == idx,
            };
            if ok {
                return true;
            }
        }
        if m.progs.is_empty() || !complex_reaches {
            return false;
        }
        let run = Run {
            g: &v.geometry,
            board,
            color: by,
            from: s,
            target: Some(t),
            empty_board: false,
        };
        for &pi in m.progs {
            let prog = v.tables.program(pi);
            if skip(prog.flags) {
                continue;
            }
            let mut hit = false;
            run.run(prog, &mut |l| {
                if (l.to == t && l.capture) || l.via_capture == Some(t) {
                    hit = true;
                }
                hit
            });
            if hit {
                return true;
            }
        }
        false
    }

    /// True when a piece of `kind` and colour `by` on `s` could ever capture
    /// on `t` (on some board: occupancy ignored).
    #[must_use]
    pub fn could_reach(&self, by: Color, kind: PieceType, s: CellId, t: CellId) -> bool {
        let v = self.variant();
        let m = v.tables.at(by, kind, s);
        m.leaps.iter().any(|l| l.to == t)
            || m.conds.iter().any(|c| c.to == t)
            || m.rays.iter().any(|r| v.tables.ray_cells(r).contains(&t))
            || (!m.progs.is_empty() && v.reach(by, kind, s).is_some_and(|r| r.contains(t)))
    }

    /// Adds to `out` the cells whose contents can decide whether a piece of
    /// `kind` and colour `by` on `s` attacks `t` (the cells it passes, hops
    /// over or captures on the way).
    pub fn attack_paths(
        &self,
        by: Color,
        kind: PieceType,
        s: CellId,
        t: CellId,
        out: &mut menagerie_geometry::CellSet,
    ) {
        let v = self.variant();
        let m = v.tables.at(by, kind, s);
        for c in m.conds {
            if c.to == t {
                for &x in &c.path[..usize::from(c.path_len)] {
                    out.insert(x);
                }
            }
        }
        for r in m.rays {
            let cells = v.tables.ray_cells(r);
            if let Some(i) = cells.iter().position(|&c| c == t) {
                for &x in &cells[..i] {
                    out.insert(x);
                }
                if r.kind == RayKind::Grasshopper {
                    // Nothing more: the screen is among the cells before.
                }
            }
        }
        for &pi in m.progs {
            paths_to(&v.geometry, v.tables.program(pi), s, t, out);
        }
    }

    /// Adds to `out` the cells where a single change (a piece leaving, or a
    /// piece arriving) could let a piece of `kind` and colour `by` on `s`
    /// start attacking `t`, on the current board.
    pub fn attack_near(
        &self,
        by: Color,
        kind: PieceType,
        s: CellId,
        t: CellId,
        out: &mut menagerie_geometry::CellSet,
    ) {
        let v = self.variant();
        let board = self.board();
        let m = v.tables.at(by, kind, s);
        for c in m.conds {
            if c.to == t {
                let bad: Vec<CellId> = c.path[..usize::from(c.path_len)]
                    .iter()
                    .copied()
                    .filter(|&x| board[x.idx()].is_some() != c.occupied)
                    .collect();
                if bad.len() == 1 {
                    out.insert(bad[0]);
                }
            }
        }
        for r in m.rays {
            let cells = v.tables.ray_cells(r);
            let Some(i) = cells.iter().position(|&c| c == t) else {
                continue;
            };
            let before = &cells[..i];
            let occ: Vec<CellId> = before
                .iter()
                .copied()
                .filter(|x| board[x.idx()].is_some())
                .collect();
            match r.kind {
                RayKind::Slide => {
                    if occ.len() == 1 {
                        out.insert(occ[0]);
                    }
                }
                RayKind::Cannon | RayKind::FriendCannon | RayKind::Grasshopper => {
                    // Screens can appear or vanish anywhere on the line.
                    if occ.len() <= 2 {
                        for &x in before {
                            out.insert(x);
                        }
                    }
                }
            }
        }
        if !m.progs.is_empty() {
            let run = Run {
                g: &v.geometry,
                board,
                color: by,
                from: s,
                target: None,
                empty_board: false,
            };
            for &pi in m.progs {
                run.near_paths(v.tables.program(pi), t, out);
            }
        }
    }

    /// True when a royal piece of `color` is attacked.
    #[must_use]
    pub fn royal_attacked(&self, color: Color) -> bool {
        self.royals(color).any(|k| self.royal_threatened(k, color))
            || self.duple_checked(color, |s| self.royal_threatened(s, color))
    }

    /// True when a royal of `owner` on `cell` would be in check: attacked,
    /// and not shielded by an explosion that would take the attacker's own
    /// royal with it (atomic, [`Position::blast_shields`]).
    #[must_use]
    pub fn royal_threatened(&self, cell: CellId, owner: Color) -> bool {
        self.is_attacked(cell, owner.flip()) && !self.blast_shields(cell, owner)
    }

    /// True when the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.side())
    }

    /// The side to move's royal cells that are attacked.
    #[must_use]
    pub fn checked_royals(&self) -> Vec<CellId> {
        let us = self.side();
        self.royals(us)
            .filter(|&k| self.royal_threatened(k, us))
            .collect()
    }
}
