//! Making and unmaking moves.

use super::{EpState, Position, Undo};
use crate::components::move_rule;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, PieceType};
use menagerie_geometry::CellId;
use std::sync::Arc;

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {0:?}")]
pub struct IllegalMove(pub Move);

impl Position {
    /// Plays a move after checking that it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] when it is not; the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m));
        }
        self.make_unchecked(m);
        Ok(())
    }

    /// Adds to `us`'s hand what capturing `captured` (promoted from
    /// `origin`, 0 for none) gives; returns it.
    fn gain(&mut self, us: Color, captured: Piece, origin: u8) -> Option<PieceType> {
        let h = self.hand_gain(captured, super::origin_kind(origin))?;
        self.add_hand(us, h, 1);
        Some(h)
    }

    /// Plays a pseudo-legal move without checking legality (for search).
    pub fn make_unchecked(&mut self, m: Move) {
        // The variant is read through `self.v` field by field (no clone of
        // the `Arc`: its reference count is a shared atomic, costly per move).
        let us = self.side;
        let them = us.flip();
        let mut u = Undo {
            mv: m,
            captured: Piece::EMPTY,
            captured_origin: 0,
            captured_via: Piece::EMPTY,
            captured_via_origin: 0,
            moved_origin: 0,
            moved_kind: 0,
            castling: self.castling,
            ep: self.ep,
            ep_hashed: self.ep_hashed,
            halfmove: self.halfmove,
            imitation: self.imitation,
            hash: self.hash,
            gained: [None, None],
            count: self.count,
            checks_left: self.checks_left,
            wall_removed: u16::MAX,
            blasted: 0,
            flips: Default::default(),
            placed_exposed: None,
            petrified: false,
        };
        if self.ep_hashed {
            for c in self.ep.cells() {
                self.hash ^= self.v.zobrist.ep(c);
            }
        }
        let old_ep = self.ep;
        self.ep = EpState::NONE;
        self.ep_hashed = false;
        let mut reset = false;
        let moved_kind;
        let mut touched = [u16::MAX; 3];
        match m.kind() {
            MoveKind::Drop => {
                let k = m.dropped().unwrap_or(0);
                if !self.v.rules.free_drops {
                    self.add_hand(us, k, -1);
                }
                let placed = if m.is_promoted_drop() {
                    self.v.pieces[usize::from(k)].promoted_drop()
                } else {
                    None
                };
                match placed {
                    Some(t) => {
                        let pr = self.v.pieces[usize::from(k)].promotion.as_ref();
                        let plus = pr.is_some_and(|pr| pr.plus_text_in(m));
                        self.put(m.to(), Piece::new(t, us), super::origin_byte(k, plus));
                    }
                    None => self.put(m.to(), Piece::new(k, us), 0),
                }
                moved_kind = placed.unwrap_or(k);
                reset = self.v.rules.drop_resets_clock;
                touched[0] = m.to().0;
            }
            MoveKind::Castle => {
                let [king, king_to, partner, partner_to] = self.castle_cells(m);
                let (kp, ko) = self.take(king);
                let (pp, po) = self.take(partner);
                self.put(king_to, kp, ko);
                self.put(partner_to, pp, po);
                moved_kind = kp.kind();
                touched = [king.0, partner.0, u16::MAX];
            }
            MoveKind::Normal | MoveKind::EnPassant => {
                let from = m.from().unwrap_or(m.to());
                let to = m.to();
                let p = self.board[from.idx()];
                moved_kind = p.kind();
                u.moved_kind = p.kind();
                let def = &self.v.pieces[usize::from(p.kind())];
                let pr = def.promotion.as_ref();
                let keeps_origin = pr.is_some_and(|x| x.keeps_origin_in(m));
                let plus_text = pr.is_some_and(|x| x.plus_text_in(m));
                let resets_clock = def.resets_clock;
                let reversible_keeps_clock = def.reversible_keeps_clock;
                let ep_field = def
                    .creates_ep
                    .then(|| def.ep_field.unwrap_or_else(|| self.v.fen.ep_field()));
                if m.captures_via() {
                    if let Some(via) = m.via() {
                        let (cp, co) = self.take(via);
                        u.captured_via = cp;
                        u.captured_via_origin = co;
                        u.gained[1] = self.gain(us, cp, co);
                        reset = true;
                        touched[2] = via.0;
                    }
                }
                if m.kind() == MoveKind::EnPassant {
                    let victim = old_ep.victim();
                    let (cp, co) = self.take(victim);
                    u.captured = cp;
                    u.captured_origin = co;
                    u.gained[0] = self.gain(us, cp, co);
                    reset = true;
                } else if to != from && self.board[to.idx()].is_some() {
                    let (cp, co) = self.take(to);
                    u.captured = cp;
                    u.captured_origin = co;
                    u.gained[0] = self.gain(us, cp, co);
                    reset = true;
                }
                if to != from {
                    self.relocate(from, to);
                }
                if let Some(k) = m.promotion() {
                    let (pp, po) = self.take(to);
                    u.moved_origin = po;
                    // A demotion (back to the kept origin) leaves no origin.
                    let demoted = super::origin_kind(po) == Some(k);
                    let origin = if keeps_origin && !demoted {
                        super::origin_byte(pp.kind(), plus_text)
                    } else {
                        0
                    };
                    self.put(to, Piece::new(k, us), origin);
                    if self.v.rules.promotion_resets_clock {
                        reset = true;
                    }
                }
                if resets_clock
                    && !m.keeps_clock()
                    && !(reversible_keeps_clock
                        && !m.is_capture()
                        && move_rule::undoable(&self.v.tables, us, moved_kind, from, to))
                {
                    reset = true;
                }
                // A promoting double step leaves no target (Fairy-Stockfish:
                // Epic Atomic's Black Pawn promotes on its fifth rank).
                if let Some(field) = ep_field.filter(|_| {
                    !m.is_capture() && m.kind() == MoveKind::Normal && m.promotion().is_none()
                }) {
                    let (ep, hashed) = self.ep_after(from, to, field);
                    self.ep = ep;
                    self.ep_hashed = hashed;
                    if hashed {
                        for c in ep.cells() {
                            self.hash ^= self.v.zobrist.ep(c);
                        }
                    }
                }
                // A pass (a wall placed instead of moving) keeps the
                // castling rights of the piece it is written with.
                if !m.is_pass() {
                    touched[0] = from.0;
                    touched[1] = to.0;
                }
                if m.is_capture() {
                    let landed = self.board[to.idx()].kind();
                    u.blasted = self.explode(to);
                    if let Some(n) = self.petrify(to, moved_kind, landed) {
                        u.blasted += n;
                        u.petrified = true;
                        u.placed_exposed = self.stone_exposed(to, us);
                    }
                }
            }
        }
        if let Some((cell, kind)) = self.gate_of(m) {
            // Judged before the piece is placed: it shields nothing.
            u.placed_exposed = Some(self.v.has_royal() && self.royal_attacked(us));
            self.add_hand(us, kind, -1);
            self.put(cell, Piece::new(kind, us), 0);
        }
        if self.v.rules.flip.is_some() && m.from() != Some(m.to()) {
            let v = Arc::clone(&self.v);
            if let Some(f) = &v.rules.flip {
                u.flips = self.flip_after(f, us, m.to(), m.from().is_none());
            }
        }
        if let Some(cell) = m.wall() {
            u.wall_removed = self.place_wall(us, cell);
            if let Some(exposed) = self.origin_wall_exposed(m, moved_kind, us) {
                u.placed_exposed = Some(exposed);
            }
        }
        let touched = touched
            .iter()
            .filter(|&&t| t != u16::MAX)
            .map(|&t| CellId(t));
        let rights = self.castling_after(touched);
        let rights = self.castling960_after(rights, us, moved_kind);
        let rights = self.first_moves_after(rights, moved_kind, m.to());
        let rights = self.gates_after(rights, us);
        let rights = self.drop_castling_after(rights, m, us);
        let rights = self.opposite_castling_after(rights, m, us);
        if rights != self.castling {
            self.set_castling(rights);
        }
        if let Some(t) = self.imitation_after(moved_kind) {
            self.set_imitation(Some(t));
        }
        if let Some(left) = self.checks_after(us) {
            self.set_checks_left(left);
        }
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if let Some(c) = self.v.rules.counting {
            let mut before = self.count;
            if before.active() {
                before.ply += 1;
            }
            let captured = u.captured.is_some().then(|| u.captured.kind());
            self.count = c.after_move(self, us, before, captured, m.promotion().is_some());
        }
        self.side = them;
        self.hash ^= self.v.zobrist.side;
        self.recolour_walls(them);
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.ply += 1;
        self.keys.push(u.hash);
        self.history.push(u);
    }

    /// Places `us`'s wall on `cell` (after taking off the previous one
    /// under the duck rule) and cancels an en-passant target it covers;
    /// returns the cell of the wall taken off (`u16::MAX`: none).
    fn place_wall(&mut self, us: Color, cell: CellId) -> u16 {
        let Some(w) = self.v.rules.walls.clone() else {
            return u16::MAX;
        };
        let mut removed = u16::MAX;
        if w.rule == crate::components::walls::WallRule::Duck {
            if let Some(&old) = self.cells_of(us, w.piece).first() {
                self.take(old);
                removed = old.0;
            }
        }
        self.put(cell, Piece::new(w.piece, us), 0);
        if self.ep.contains(cell) {
            if self.ep_hashed {
                for c in self.ep.cells() {
                    self.hash ^= self.v.zobrist.ep(c);
                }
            }
            self.ep = EpState::NONE;
            self.ep_hashed = false;
        }
        removed
    }

    /// Takes back the last move.
    ///
    /// # Panics
    /// In debug builds when there is no move to take back.
    pub fn unmake(&mut self) {
        let Some(u) = self.history.pop() else {
            debug_assert!(false, "unmake without a move");
            return;
        };
        self.keys.pop();
        let free_drops = self.v.rules.free_drops;
        let wall_piece = self.v.rules.walls.as_ref().map(|w| w.piece);
        let them = self.side;
        let us = them.flip();
        self.side = us;
        self.recolour_walls(us);
        if us == Color::Black {
            self.fullmove -= 1;
        }
        self.ply -= 1;
        let m = u.mv;
        if m.is_null() {
            self.restore(u);
            return;
        }
        if let Some(cell) = m.wall() {
            self.take(cell);
            if u.wall_removed != u16::MAX {
                if let Some(w) = wall_piece {
                    self.put(CellId(u.wall_removed), Piece::new(w, us), 0);
                }
            }
        }
        if u.flips != crate::components::flip::Flipped::default() {
            self.unflip(m.to(), &u.flips);
        }
        if let Some((cell, kind)) = self.gate_of(m) {
            self.take(cell);
            self.add_hand(us, kind, 1);
        }
        for h in u.gained.iter().flatten() {
            self.add_hand(us, *h, -1);
        }
        if u.petrified {
            self.unpetrify(m.to());
        }
        self.unexplode(u.blasted);
        match m.kind() {
            MoveKind::Drop => {
                self.take(m.to());
                if !free_drops {
                    self.add_hand(us, m.dropped().unwrap_or(0), 1);
                }
            }
            MoveKind::Castle => {
                let [king, king_to, partner, partner_to] = self.castle_cells(m);
                let (kp, ko) = self.take(king_to);
                let (pp, po) = self.take(partner_to);
                self.put(king, kp, ko);
                self.put(partner, pp, po);
            }
            MoveKind::Normal | MoveKind::EnPassant => {
                let from = m.from().unwrap_or(m.to());
                let to = m.to();
                if m.promotion().is_some() {
                    let (_, _) = self.take(to);
                    self.put(to, Piece::new(u.moved_kind, us), u.moved_origin);
                }
                if to != from {
                    self.relocate(to, from);
                }
                if u.captured.is_some() {
                    let at = if m.kind() == MoveKind::EnPassant {
                        u.ep.victim()
                    } else {
                        to
                    };
                    self.put(at, u.captured, u.captured_origin);
                }
                if u.captured_via.is_some() {
                    if let Some(via) = m.via() {
                        self.put(via, u.captured_via, u.captured_via_origin);
                    }
                }
            }
        }
        self.restore(u);
    }

    fn restore(&mut self, u: Undo) {
        self.castling = u.castling;
        self.ep = u.ep;
        self.ep_hashed = u.ep_hashed;
        self.halfmove = u.halfmove;
        self.imitation = u.imitation;
        self.count = u.count;
        self.checks_left = u.checks_left;
        self.hash = u.hash;
    }

    /// Passes the turn (for null-move search). Undo with [`Position::unmake`].
    pub fn make_null(&mut self) {
        let u = Undo {
            mv: Move::NULL,
            captured: Piece::EMPTY,
            captured_origin: 0,
            captured_via: Piece::EMPTY,
            captured_via_origin: 0,
            moved_origin: 0,
            moved_kind: 0,
            castling: self.castling,
            ep: self.ep,
            ep_hashed: self.ep_hashed,
            halfmove: self.halfmove,
            imitation: self.imitation,
            hash: self.hash,
            gained: [None, None],
            count: self.count,
            checks_left: self.checks_left,
            wall_removed: u16::MAX,
            blasted: 0,
            flips: Default::default(),
            placed_exposed: None,
            petrified: false,
        };
        if self.ep_hashed {
            for c in self.ep.cells() {
                self.hash ^= self.v.zobrist.ep(c);
            }
        }
        self.ep = EpState::NONE;
        self.ep_hashed = false;
        self.halfmove += 1;
        let us = self.side;
        self.side = us.flip();
        self.hash ^= self.v.zobrist.side;
        self.recolour_walls(us.flip());
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.ply += 1;
        self.keys.push(u.hash);
        self.history.push(u);
    }
}
