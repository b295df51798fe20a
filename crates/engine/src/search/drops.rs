//! What drop games need beyond the ordinary search: checking drops found
//! without making them (`Position::attacks_if_placed`, the reverse attack
//! lines walked from the enemy royal outwards), and the look for a mate by
//! a drop at the first quiescence ply — a quiet move that quiescence would
//! otherwise never see.

use super::Searcher;
use menagerie_geometry::{CellId, CellSet};
use menagerie_rules::{Move, MoveList, PieceType};

impl Searcher<'_> {
    /// Fills `placed_buf` with the cells (and hand types) where a drop from
    /// the side to move's hand would attack an enemy royal; returns whether
    /// there is any.
    pub(super) fn find_checking_drops(&mut self) -> bool {
        if !self.drops || !self.has_royal {
            return false;
        }
        let us = self.pos.side();
        let kinds = (0..self.types)
            .filter(|&k| self.pos.hand(us, k as PieceType) > 0)
            .fold(0u64, |m, k| m | 1 << k);
        if kinds == 0 {
            return false;
        }
        let (pos, buf) = (&self.pos, &mut self.placed_buf);
        buf.clear();
        for r in pos.royals(us.flip()) {
            pos.attacks_if_placed(r, us, kinds, buf);
        }
        !buf.is_empty()
    }

    /// Marks the cells of `placed_buf` in `drop_check` (one mask per cell,
    /// however often the cell was found).
    pub(super) fn mark_checking_drops(&mut self) {
        for &(c, m) in &self.placed_buf {
            self.drop_check[c.idx()] |= m;
        }
    }

    /// True when the side to move can mate at once with a drop: a quiet
    /// move, so quiescence alone never sees it. Only drops that give check
    /// and cannot be won by exchange are tried; each is answered with the
    /// cheap evasions first (see [`Self::has_legal_reply`]).
    pub(super) fn mating_drop(&mut self) -> bool {
        if !self.find_checking_drops() {
            return false;
        }
        // Through `drop_check`, so that each drop is tried once however
        // many lines found its cell.
        self.mark_checking_drops();
        let cands = std::mem::take(&mut self.placed_buf);
        let mut found = false;
        'cands: for &(c, _) in &cands {
            let mut bits = std::mem::take(&mut self.drop_check[c.idx()]);
            while bits != 0 {
                let k = bits.trailing_zeros() as PieceType;
                bits &= bits - 1;
                if !self.pos.can_drop(k, c) {
                    continue;
                }
                let m = Move::drop(k, c);
                if self.see(m) < 0 {
                    continue;
                }
                self.pos.make_unchecked(m);
                let mate = self.legal_now()
                    && self.pos.in_check()
                    && !self.pos.decided_by_rule()
                    && !self.has_legal_reply(c, k);
                self.pos.unmake();
                if mate {
                    found = true;
                    break 'cands;
                }
            }
        }
        for &(c, _) in &cands {
            self.drop_check[c.idx()] = 0;
        }
        self.placed_buf = cands;
        found
    }

    /// True when the side to move, in check from a piece of `kind` just
    /// dropped on `checker`, has a legal move. Royal moves are tried first,
    /// then captures of the checker; only when the check could be blocked
    /// (or there are several royals) are all moves looked at.
    fn has_legal_reply(&mut self, checker: CellId, kind: PieceType) -> bool {
        let side = self.pos.side();
        let royals: Vec<_> = self.pos.royals(side).collect();
        let mut list = MoveList::new();
        let try_moves = |this: &mut Self, list: &MoveList, only_to: Option<_>| {
            list.iter().any(|&m| {
                let takes = |t| m.to() == t || (m.captures_via() && m.via() == Some(t));
                if only_to.is_some_and(|t| !takes(t)) {
                    return false;
                }
                this.pos.make_unchecked(m);
                let ok = this.legal_now();
                this.pos.unmake();
                ok
            })
        };
        for &r in &royals {
            list.clear();
            self.pos.moves_from(r, &mut list);
            if try_moves(self, &list, None) {
                return true;
            }
        }
        let mut found = std::mem::take(&mut self.attackers_buf);
        found.clear();
        self.pos.attackers(checker, side, &mut found);
        let mut reply = false;
        for &(s, _) in &found {
            list.clear();
            self.pos.moves_from(s, &mut list);
            if try_moves(self, &list, Some(checker)) {
                reply = true;
                break;
            }
        }
        self.attackers_buf = found;
        if reply {
            return true;
        }
        let blockable = royals.len() != 1 || {
            let mut path = CellSet::with_capacity(self.cells);
            self.pos
                .attack_paths(side.flip(), kind, checker, royals[0], &mut path);
            !path.is_empty()
        };
        if !blockable {
            return false;
        }
        list.clear();
        self.pos.pseudo_moves(&mut list);
        try_moves(self, &list, None)
    }
}
