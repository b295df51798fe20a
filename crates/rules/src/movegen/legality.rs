//! Legality of pseudo-legal moves: the full test (play the move, look at the
//! mover's royals, take it back) and the fast path that spares it.
//!
//! With a single royal not in check, most moves cannot expose it: only a
//! pinned piece, a piece on a cannon or grasshopper line to the royal, a
//! piece on or near the path of an enemy piece whose moves the reverse
//! attack tables cannot describe (bent, lame, leg programs), the royal
//! itself, castling, en passant and path captures can. The scan below
//! finds those once per generation; every other move is legal as it is.
//! Rule components that change what can attack add their own tests here
//! (royal facing: the screen between two royals is pinned; imitation: see
//! `ImitationGuard`).

use crate::components::imitation::ImitationGuard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::{CellId, CellSet};

/// What the fast path needs to know about the side to move's royal.
#[derive(Debug)]
pub(crate) struct FastLegality {
    /// Bit per royal type.
    royal_mask: u64,
    /// Pieces that may not leave their line (pins and facing screens).
    pinned: Vec<CellId>,
    /// Cells on cannon and grasshopper lines to the royal.
    hop_lines: Vec<CellId>,
    /// Cells on or near the paths of enemy pieces the reverse tables cannot
    /// describe.
    sensitive: Option<CellSet>,
    /// The enemy imitators, if any.
    imitation: Option<ImitationGuard>,
    /// Captures explode (atomic): they may remove the royal or its shields.
    captures_explode: bool,
}

impl FastLegality {
    /// The scan for the side to move, or `None` when the fast path does not
    /// apply (several royals or none, in check, royals facing, a duck that
    /// moves off the lines it blocks).
    pub(crate) fn new(pos: &Position) -> Option<FastLegality> {
        let v = pos.variant();
        let us = pos.side();
        let them = us.flip();
        let mut royals = pos.royals(us);
        let king = royals.next()?;
        if royals.next().is_some()
            || pos.in_check()
            || !pos.checking_allowed()
            || pos.must_drop_now()
            || (v.rules.bikjang && pos.in_bikjang())
            || v.rules.walls.as_ref().is_some_and(|w| w.relocates())
        {
            return None;
        }
        let pinned = pos.facing_screens(us, king)?;
        let mut scan = FastLegality {
            royal_mask: v.royal_types | pos.pseudo_royals(us).0,
            pinned,
            hop_lines: Vec::new(),
            sensitive: None,
            imitation: None,
            captures_explode: v.rules.blast.is_some(),
        };
        scan.scan_lines(pos, us, king);
        let present = pos.present(them);
        let mut bits = v.complex_types & present;
        while bits != 0 {
            let kind = bits.trailing_zeros() as PieceType;
            bits &= bits - 1;
            for &s in pos.cells_of(them, kind) {
                if v.reach(them, kind, s).is_some_and(|r| r.contains(king)) {
                    let set = scan.sensitive.get_or_insert_with(|| v.geometry.empty_set());
                    pos.attack_near(them, kind, s, king, set);
                }
            }
        }
        scan.imitation = ImitationGuard::new(pos, them, king, &mut scan.sensitive);
        Some(scan)
    }

    /// Walks the reverse attack rays from the royal: pins by sliders, and
    /// the cells where a move could make or unmake a cannon's screen.
    fn scan_lines(&mut self, pos: &Position, us: Color, king: CellId) {
        let v = pos.variant();
        let them = us.flip();
        let present = pos.present(them);
        let board = pos.board();
        for ray in v.attacks.rays(them, king) {
            if ray.any & present == 0 {
                continue;
            }
            let cells = v.attacks.cells(ray);
            if ray.hops & present != 0 {
                // A cannon attacks with exactly one screen between: one move
                // changes that count by at most one, so only attackers with
                // 0 or 2 pieces between matter.
                let mut between: Vec<CellId> = Vec::new();
                for (idx, rc) in cells.iter().enumerate() {
                    let p = board[rc.cell.idx()];
                    if p.is_empty() {
                        continue;
                    }
                    let bit = 1u64 << p.kind();
                    if p.color() == them && (rc.cannon | rc.grass) & bit != 0 {
                        match between.len() {
                            0 => self.hop_lines.extend(cells[..idx].iter().map(|c| c.cell)),
                            2 => self.hop_lines.extend(between.iter().copied()),
                            _ => {}
                        }
                        if rc.grass & bit != 0 {
                            self.hop_lines.extend(cells[..idx].iter().map(|c| c.cell));
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
                        self.pinned.push(o);
                    }
                }
                break;
            }
        }
    }

    fn touches(&self, c: CellId) -> bool {
        self.hop_lines.contains(&c) || self.sensitive.as_ref().is_some_and(|s| s.contains(c))
    }

    /// True when `m` is legal without the full test.
    pub(crate) fn is_simple(&mut self, pos: &Position, m: Move) -> bool {
        match m.kind() {
            MoveKind::Castle | MoveKind::EnPassant => false,
            MoveKind::Drop => {
                let kind = m.dropped().unwrap_or(0);
                !self.touches(m.to())
                    && !self
                        .imitation
                        .as_ref()
                        .is_some_and(|g| g.drop_needs_test(kind))
            }
            MoveKind::Normal if self.captures_explode && m.is_capture() => false,
            MoveKind::Normal => {
                let from = m.from().unwrap_or(m.to());
                let kind = pos.piece(from).kind();
                let basic = self.royal_mask >> kind & 1 == 0
                    && m.via().is_none()
                    && (m.promotion().is_none() || !v_placed(pos))
                    && !self.pinned.contains(&from)
                    && !self.touches(from)
                    && !self.touches(m.to());
                basic
                    && self
                        .imitation
                        .as_mut()
                        .is_none_or(|g| g.move_is_safe(pos, kind, from, m.to()))
            }
        }
    }
}

/// True when promotions are placed promotions, whose legality only the full
/// test checks (`components::placed_promotion`).
fn v_placed(pos: &Position) -> bool {
    pos.variant().rules.placed_promotion.is_some()
}

impl Position {
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
        if !self.variant().has_royal() {
            self.keep_required_drops(out);
            self.keep_forced_legal_captures(out);
            return;
        }
        let mut fast = FastLegality::new(self);
        out.retain(|&m| {
            let simple = fast.as_mut().is_some_and(|f| f.is_simple(self, m));
            simple || self.legal_after(m)
        });
        self.keep_forced_legal_captures(out);
        self.pass_when_no_legal_move(out);
    }

    /// Plays `m` (pseudo-legal), tests the mover's safety and takes it back.
    pub(crate) fn legal_after(&mut self, m: Move) -> bool {
        if self.escape_forbidden(m) || self.drop_required(m) {
            return false;
        }
        self.make_unchecked(m);
        let ok = self.last_move_legal() && !self.placed_promotion_forbidden(m);
        self.unmake();
        ok
    }

    /// True when the move just made (by the side not to move now) left its
    /// royals safe, the royals not facing, and broke no checking ban — the
    /// test the search makes after playing a pseudo-legal move.
    #[must_use]
    pub fn last_move_legal(&self) -> bool {
        let mover = self.side().flip();
        if let Some(ok) = self.blast_legality(mover) {
            return ok;
        }
        if self.petrified_royal() {
            return false;
        }
        let exposed = self
            .last_placed_exposed()
            .unwrap_or_else(|| self.royal_capturable(mover));
        (!exposed || self.bikjang_pass())
            && !self.royals_facing()
            && !self.gave_banned_check(mover)
            && self.bikjang_allows_last_move()
    }

    /// True when the side not to move may stand in check in a position that
    /// carries no last move (one read from a FEN): the exceptions of
    /// [`Position::last_move_legal`] judged from the board alone. An
    /// explosion that took every enemy royal wins whatever it leaves
    /// attacked, and a pass under bikjang is legal in check.
    #[must_use]
    pub(crate) fn check_may_stand(&self) -> bool {
        let mover = self.side().flip();
        self.blast_legality(mover) == Some(true)
            || (self.variant().rules.bikjang && self.in_bikjang())
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
        let stuck_pass = m.is_pass() && p.variant().rules.pass_on_stalemate[p.side().idx()];
        if p.forces_captures() || stuck_pass {
            return p.legal_moves().contains(&m);
        }
        let mut pseudo = MoveList::new();
        p.pseudo_moves(&mut pseudo);
        pseudo.contains(&m)
            && if p.variant().has_royal() {
                p.legal_after(m)
            } else {
                !p.drop_required(m)
            }
    }
}
