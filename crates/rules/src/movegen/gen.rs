//! Pseudo-legal and legal move generation.

use super::legs::Run;
use super::tables::{flag, RayKind};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Piece, PieceType};
use crate::position::Position;
use menagerie_geometry::CellId;

impl Position {
    /// Appends every pseudo-legal move: piece moves (with promotion choices),
    /// castling (fully checked except the King's destination), en passant
    /// and drops. Legality (own royal safety, facing) is not checked.
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        let us = self.side();
        let v = self.variant();
        for kind in 0..v.types() as PieceType {
            for &s in self.cells_of(us, kind) {
                self.moves_from(s, out);
            }
        }
        self.castling_moves(out);
        if v.rules.drops {
            self.drop_moves(out);
        }
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
        let def = &v.pieces[usize::from(kind)];
        let (tk, joker) = if def.imitator {
            match self.imitation() {
                Some(t) => (t, true),
                None => return,
            }
        } else {
            (kind, false)
        };
        let start = out.len();
        let board = self.board();
        let m = v.tables.at(us, tk, s);
        // No promotion and no immobility rule: moves need no further checks.
        let plain = joker || (def.promotion.is_none() && !v.rules.immobility_illegal);
        let skip = |f: u8| joker && f & flag::INITIAL != 0;
        for l in m.leaps {
            if skip(l.flags) {
                continue;
            }
            let q = board[l.to.idx()];
            if q.is_empty() {
                if l.flags & flag::QUIET != 0 {
                    self.push(plain, s, l.to, None, false, l.flags, kind, joker, out);
                } else if l.flags & flag::EP != 0
                    && self.ep().contains(l.to)
                    && self.piece(self.ep().victim()).is_color(us.flip())
                {
                    out.push(Move::en_passant(s, l.to));
                }
            } else if q.color() != us && l.flags & flag::CAPTURE != 0 {
                self.push(plain, s, l.to, None, true, l.flags, kind, joker, out);
            }
        }
        for c in m.conds {
            if skip(c.flags) {
                continue;
            }
            let path = &c.path[..usize::from(c.path_len)];
            if !path.iter().all(|x| board[x.idx()].is_some() == c.occupied) {
                continue;
            }
            let q = board[c.to.idx()];
            if q.is_empty() {
                if c.flags & flag::QUIET != 0 {
                    self.push(plain, s, c.to, None, false, c.flags, kind, joker, out);
                }
            } else if q.color() != us && c.flags & flag::CAPTURE != 0 {
                self.push(plain, s, c.to, None, true, c.flags, kind, joker, out);
            }
        }
        for r in m.rays {
            if skip(r.flags) {
                continue;
            }
            let cells = v.tables.ray_cells(r);
            let stops = v.tables.ray_stops(r);
            match r.kind {
                RayKind::Slide => {
                    for (&c, &st) in cells.iter().zip(stops) {
                        let q = board[c.idx()];
                        if q.is_empty() {
                            if st & flag::QUIET != 0 {
                                self.push(plain, s, c, None, false, r.flags, kind, joker, out);
                            }
                            continue;
                        }
                        if q.color() != us && st & flag::CAPTURE != 0 {
                            self.push(plain, s, c, None, true, r.flags, kind, joker, out);
                        }
                        break;
                    }
                }
                RayKind::Cannon | RayKind::FriendCannon => {
                    let mut screen = false;
                    for (&c, &st) in cells.iter().zip(stops) {
                        let q = board[c.idx()];
                        if !screen {
                            if q.is_some() {
                                if r.kind == RayKind::FriendCannon && q.color() != us {
                                    break;
                                }
                                screen = true;
                            }
                            continue;
                        }
                        if q.is_empty() {
                            if st & flag::QUIET != 0 {
                                self.push(plain, s, c, None, false, r.flags, kind, joker, out);
                            }
                            continue;
                        }
                        if q.color() != us && st & flag::CAPTURE != 0 {
                            self.push(plain, s, c, None, true, r.flags, kind, joker, out);
                        }
                        break;
                    }
                }
                RayKind::Grasshopper => {
                    if let Some(i) = cells.iter().position(|c| board[c.idx()].is_some()) {
                        if let (Some(&c), Some(&st)) = (cells.get(i + 1), stops.get(i + 1)) {
                            let q = board[c.idx()];
                            if q.is_empty() {
                                if st & flag::QUIET != 0 {
                                    self.push(plain, s, c, None, false, r.flags, kind, joker, out);
                                }
                            } else if q.color() != us && st & flag::CAPTURE != 0 {
                                self.push(plain, s, c, None, true, r.flags, kind, joker, out);
                            }
                        }
                    }
                }
            }
        }
        if !m.progs.is_empty() {
            let run = Run {
                g: &v.geometry,
                board,
                color: us,
                from: s,
                target: None,
                empty_board: false,
            };
            for &pi in m.progs {
                let prog = v.tables.program(pi);
                if skip(prog.flags) {
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
                    self.push(plain, s, l.to, via, l.capture, prog.flags, kind, joker, out);
                }
            }
        }
        if v.pieces[usize::from(tk)].dedup {
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
    }

    /// Adds a piece move with its promotion choices.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &self,
        plain: bool,
        from: CellId,
        to: CellId,
        via: Option<(CellId, bool)>,
        capture: bool,
        flags: u8,
        kind: PieceType,
        joker: bool,
        out: &mut MoveList,
    ) {
        let mut m = Move::normal(from, to);
        if plain && via.is_none() {
            if capture {
                m = m.with_capture();
            } else if flags & flag::NORESET != 0 {
                m = m.with_noreset();
            }
            out.push(m);
            return;
        }
        let v = self.variant();
        let us = self.piece(from).color();
        if let Some((c, captures)) = via {
            m = m.with_via(c, captures);
        }
        if capture {
            m = m.with_capture();
        } else if flags & flag::NORESET != 0 && !m.is_capture() {
            m = m.with_noreset();
        }
        if joker {
            out.push(m);
            return;
        }
        let def = &v.pieces[usize::from(kind)];
        let immobile = v.rules.immobility_illegal && !def.mobile[us.idx()].contains(to);
        if let Some(pr) = &def.promotion {
            let zone = &pr.zone[us.idx()];
            if zone.contains(to) || (pr.on_start_too && zone.contains(from)) {
                let forced = pr.mandatory
                    || immobile
                    || (pr.on_entry && !zone.contains(from) && zone.contains(to));
                let before = out.len();
                for &t in &pr.to {
                    if !pr.only_lost || self.lost(us, t) {
                        out.push(m.with_promotion(t));
                    }
                }
                if !forced || out.len() == before {
                    out.push(m);
                }
                return;
            }
        }
        if !immobile {
            out.push(m);
        }
    }

    fn castling_moves(&self, out: &mut MoveList) {
        let v = self.variant();
        let us = self.side();
        let rights = self.castling();
        if rights == 0 {
            return;
        }
        'rules: for (i, c) in v.castling.iter().enumerate() {
            if c.color != us || rights >> i & 1 == 0 {
                continue;
            }
            let k = self.piece(c.king);
            let p = self.piece(c.partner);
            if !k.is_color(us) || !p.is_color(us) || !v.pieces[usize::from(k.kind())].royal {
                continue;
            }
            if let Some(mask) = c.imitation {
                match self.imitation() {
                    Some(t) if mask >> t & 1 != 0 => {}
                    _ => continue,
                }
            }
            for &e in &c.empty {
                if e != c.king && e != c.partner && self.piece(e).is_some() {
                    continue 'rules;
                }
            }
            for &s in &c.safe {
                if self.is_attacked(s, us.flip()) || (s != c.king && self.would_face(us, s, c.king))
                {
                    continue 'rules;
                }
            }
            out.push(Move::castle(i as u8, c.king, c.king_to));
        }
    }

    fn drop_moves(&self, out: &mut MoveList) {
        let v = self.variant();
        let us = self.side();
        for kind in 0..v.types() as PieceType {
            if self.hand(us, kind) == 0 {
                continue;
            }
            let def = &v.pieces[usize::from(kind)];
            let blocked_files: Vec<bool> = if def.no_doubled {
                v.file_cells
                    .iter()
                    .map(|cells| self.unpromoted_on(kind, cells))
                    .collect()
            } else {
                Vec::new()
            };
            let g = &v.geometry;
            for c in def.drop_zone[us.idx()].iter() {
                if !self.drop_cell_ok(kind, c) {
                    continue;
                }
                if def.no_doubled {
                    let x = g.coord(c).x;
                    if x >= 0 && blocked_files.get(x as usize).copied().unwrap_or(false) {
                        continue;
                    }
                }
                out.push(Move::drop(kind, c));
            }
        }
    }

    /// True when one of `cells` holds an unpromoted piece of the side to
    /// move of `kind` (a file closed to drops of a no-doubling type).
    fn unpromoted_on(&self, kind: PieceType, cells: &[CellId]) -> bool {
        let own = Piece::new(kind, self.side());
        cells
            .iter()
            .any(|&c| self.piece(c) == own && self.origin(c).is_none())
    }

    /// The tests of a drop on `c` that depend on the cell alone: empty, and
    /// the piece not left without a move where the variant forbids that.
    fn drop_cell_ok(&self, kind: PieceType, c: CellId) -> bool {
        let v = self.variant();
        self.piece(c).is_empty()
            && (!v.rules.immobility_illegal
                || v.pieces[usize::from(kind)].mobile[self.side().idx()].contains(c))
    }

    /// True when the side to move may drop a piece of `kind` on `c`: one in
    /// hand, the cell in the type's drop zone, and the tests of the drop
    /// generator (empty cell, immobility, one unpromoted piece per file).
    #[must_use]
    pub fn can_drop(&self, kind: PieceType, c: CellId) -> bool {
        let v = self.variant();
        let us = self.side();
        let Some(def) = v.pieces.get(usize::from(kind)) else {
            return false;
        };
        if self.hand(us, kind) == 0
            || !def.drop_zone[us.idx()].contains(c)
            || !self.drop_cell_ok(kind, c)
        {
            return false;
        }
        let x = v.geometry.coord(c).x;
        let file = usize::try_from(x).ok().and_then(|x| v.file_cells.get(x));
        !(def.no_doubled && file.is_some_and(|cells| self.unpromoted_on(kind, cells)))
    }

    /// True when the game has been decided by a rule evaluated at the start
    /// of the turn (coverage loss, win by count): no move may be made.
    #[must_use]
    pub fn decided_by_rule(&self) -> bool {
        self.coverage_failed(self.side()) || self.count_won(self.side())
    }

    /// Appends the legal moves to `out` (after clearing it).
    pub fn generate_legal(&mut self, out: &mut MoveList) {
        out.clear();
        if self.decided_by_rule() {
            return;
        }
        self.generate_legal_ignoring_rules(out);
    }

    /// Appends the legal moves to `out` (after clearing it) as if no rule
    /// evaluated at the start of the turn had decided the game (so that
    /// checkmate can be told apart from a win by count).
    pub fn generate_legal_ignoring_rules(&mut self, out: &mut MoveList) {
        out.clear();
        self.pseudo_moves(out);
        let v = self.variant();
        if !v.has_royal() {
            return;
        }
        let us = self.side();
        let them = us.flip();
        let mut royal_mask = 0u64;
        for (k, p) in v.pieces.iter().enumerate() {
            if p.royal {
                royal_mask |= 1 << k;
            }
        }
        let mut royals = self.royals(us);
        let king = royals.next();
        let single = king.is_some() && royals.next().is_none();
        drop(royals);
        // Fast path: one royal, not in check, not facing, no enemy piece
        // with moves the reverse tables cannot describe near the royal. Then
        // only pinned pieces, cannon/grasshopper lines, royal moves, castling,
        // en passant and path captures need the full test. With a facing
        // rule, a piece alone between the royals on a facing line is pinned
        // too (a move or drop never opens a line otherwise: it only fills
        // its destination).
        let mut pinned: Vec<CellId> = Vec::new();
        let mut hop_lines: Vec<CellId> = Vec::new();
        // Cells on the paths of enemy pieces the reverse tables cannot
        // describe (bent, curved, lame, friendly-hop moves, the Joker).
        let mut sensitive: Option<menagerie_geometry::CellSet> = None;
        // For a Joker: mover types after which the enemy Joker (moving like
        // the mover) could reach the royal; those moves get the full test.
        let mut joker_danger: u64 = 0;
        let mut joker_cells: Vec<CellId> = Vec::new();
        let mut joker_king: Option<CellId> = None;
        // Per mover type: (attacks now, cells of its paths to the royal).
        let mut joker_cache: Vec<Option<(bool, menagerie_geometry::CellSet)>> = Vec::new();
        let imitation = self.imitation();
        let imitator = v.imitator;
        let fast = match king {
            Some(k)
                if single
                    && !self.in_check()
                    && self.facing_screens(us, k).is_some_and(|s| {
                        pinned.extend(s);
                        true
                    }) =>
            {
                let present = self.present(them);
                let board = self.board();
                for ray in v.attacks.rays(them, k) {
                    if ray.any & present == 0 {
                        continue;
                    }
                    let cells = v.attacks.cells(ray);
                    if ray.hops & present != 0 {
                        // A cannon attacks with exactly one screen between:
                        // one move changes that count by at most one, so
                        // only attackers with 0 or 2 pieces between matter.
                        let mut between: Vec<CellId> = Vec::new();
                        for (idx, rc) in cells.iter().enumerate() {
                            let p = board[rc.cell.idx()];
                            if p.is_empty() {
                                continue;
                            }
                            let bit = 1u64 << p.kind();
                            if p.color() == them && (rc.cannon | rc.grass) & bit != 0 {
                                match between.len() {
                                    0 => hop_lines.extend(cells[..idx].iter().map(|c| c.cell)),
                                    2 => hop_lines.extend(between.iter().copied()),
                                    _ => {}
                                }
                                if rc.grass & bit != 0 {
                                    hop_lines.extend(cells[..idx].iter().map(|c| c.cell));
                                }
                            }
                            between.push(rc.cell);
                            if between.len() > 3 {
                                break;
                            }
                        }
                    }
                    if cells.len() < 2 || ray.slides & present == 0 {
                        continue;
                    }
                    let mut own = None;
                    for rc in cells {
                        let p = board[rc.cell.idx()];
                        if p.is_empty() {
                            continue;
                        }
                        if p.color() == us {
                            if own.is_some() {
                                break;
                            }
                            own = Some(rc.cell);
                            continue;
                        }
                        if let Some(o) = own {
                            if rc.slide >> p.kind() & 1 != 0 {
                                pinned.push(o);
                            }
                        }
                        break;
                    }
                }
                let mut bits = v.complex_types & present;
                while bits != 0 {
                    let kind = bits.trailing_zeros() as PieceType;
                    bits &= bits - 1;
                    for &s in self.cells_of(them, kind) {
                        if v.reach(them, kind, s).is_some_and(|r| r.contains(k)) {
                            let set = sensitive.get_or_insert_with(|| v.geometry.empty_set());
                            self.attack_near(them, kind, s, k, set);
                        }
                    }
                }
                if let Some(j) = imitator {
                    let jokers = self.cells_of(them, j);
                    if !jokers.is_empty() {
                        if let Some(t) = imitation {
                            for &s in jokers {
                                if self.could_reach(them, t, s, k) {
                                    let set =
                                        sensitive.get_or_insert_with(|| v.geometry.empty_set());
                                    self.attack_near(them, t, s, k, set);
                                }
                            }
                        }
                        for x in 0..v.types() as PieceType {
                            if x != j && jokers.iter().any(|&s| self.could_reach(them, x, s, k)) {
                                joker_danger |= 1 << x;
                            }
                        }
                        joker_cells = jokers.to_vec();
                        joker_king = Some(k);
                    }
                }
                true
            }
            _ => false,
        };
        let touches =
            |c: CellId| hop_lines.contains(&c) || sensitive.as_ref().is_some_and(|s| s.contains(c));
        let mut w = 0;
        for i in 0..out.len() {
            let m = out[i];
            let simple = fast
                && match m.kind() {
                    MoveKind::Castle | MoveKind::EnPassant => false,
                    MoveKind::Drop => {
                        !touches(m.to()) && joker_danger >> m.dropped().unwrap_or(0) & 1 == 0
                    }
                    MoveKind::Normal => {
                        let from = m.from().unwrap_or(m.to());
                        let kind = self.piece(from).kind();
                        let changes_imitation =
                            imitator.is_some_and(|j| j != kind) && imitation != Some(kind);
                        let basic = royal_mask >> kind & 1 == 0
                            && m.via().is_none()
                            && !pinned.contains(&from)
                            && !touches(from)
                            && !touches(m.to());
                        if basic && changes_imitation && joker_danger >> kind & 1 != 0 {
                            // The enemy Joker will move like this piece: safe
                            // unless it attacks the royal as such now or the
                            // move opens or screens one of its paths.
                            if joker_cache.is_empty() {
                                joker_cache = vec![None; 64];
                            }
                            if joker_cache[usize::from(kind)].is_none() {
                                let mut now = false;
                                let mut set = self.variant().geometry.empty_set();
                                if let Some(k) = joker_king {
                                    for &s in &joker_cells {
                                        now |= self.attacks_from(them, kind, s, k, false, true);
                                        self.attack_near(them, kind, s, k, &mut set);
                                    }
                                }
                                joker_cache[usize::from(kind)] = Some((now, set));
                            }
                            match &joker_cache[usize::from(kind)] {
                                Some((now, set)) => {
                                    !now && !set.contains(from) && !set.contains(m.to())
                                }
                                None => false,
                            }
                        } else {
                            basic
                        }
                    }
                };
            if simple || self.legal_after(m) {
                out[w] = m;
                w += 1;
            }
        }
        out.truncate(w);
    }

    /// Plays `m` (pseudo-legal), tests the mover's safety and takes it back.
    pub(crate) fn legal_after(&mut self, m: Move) -> bool {
        let us = self.side();
        self.make_unchecked(m);
        let ok = !self.royal_attacked(us) && !self.royals_facing();
        self.unmake();
        ok
    }

    /// The legal moves.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut p = self.clone();
        let mut out = MoveList::new();
        p.generate_legal(&mut out);
        out
    }

    /// True when `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        if m.is_null() {
            return false;
        }
        let mut p = self.clone();
        if p.decided_by_rule() {
            return false;
        }
        let mut pseudo = MoveList::new();
        p.pseudo_moves(&mut pseudo);
        pseudo.contains(&m) && (!p.variant().has_royal() || p.legal_after(m))
    }

    /// True when `m` is a move of the side to move's own pieces that the
    /// generator could produce here (cheap sanity check for stored moves).
    #[must_use]
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        let mut list = MoveList::new();
        match m.kind() {
            MoveKind::Drop => {
                if m.dropped().is_some_and(|k| self.hand(self.side(), k) > 0) {
                    self.drop_moves(&mut list);
                }
            }
            MoveKind::Castle => self.castling_moves(&mut list),
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
