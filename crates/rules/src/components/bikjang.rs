//! Bikjang (Janggi's facing Generals). Unlike Xiangqi's flying general
//! (`components::facing`), a move may bring the two royals face to face on
//! a file or a rank with nothing between them; the side that then has to
//! move is "in bikjang" and must break the line or pass. If it passes, the
//! game ends at once (Fairy-Stockfish: both of the last two positions were
//! bikjang): a draw, or decided by material counting where the variant has
//! one (`components::material_count`). A pass under bikjang is legal even
//! while in check.
//!
//! Hooks: legality ([`Position::bikjang_allows_last_move`], asked by
//! `last_move_legal`, so the legal list, perft and the search agree) and
//! verdict (`judge`).

use crate::moves::{Move, MoveKind};
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::position::Position;
use menagerie_geometry::{CellId, Vector};

impl Position {
    /// True when a White and a Black royal stand on one file or rank with
    /// only empty cells between them, where `occupied` says which cells hold
    /// a piece.
    fn royals_in_line(
        &self,
        white: CellId,
        black: CellId,
        occupied: &dyn Fn(CellId) -> bool,
    ) -> bool {
        let g = &self.variant().geometry;
        let (a, b) = (g.coord(white), g.coord(black));
        let d = Vector::new(b.x - a.x, b.y - a.y, b.z - a.z);
        if d.z != 0 || d.is_zero() || (d.x != 0 && d.y != 0) {
            return false;
        }
        let step = d.signum();
        let mut c = white;
        while let Some(n) = g.offset(c, step) {
            if n == black {
                return true;
            }
            if occupied(n) {
                return false;
            }
            c = n;
        }
        false
    }

    /// True when the royals face each other now (bikjang for the side to
    /// move).
    #[must_use]
    pub fn in_bikjang(&self) -> bool {
        let occupied = |c: CellId| self.piece(c).is_some();
        self.royals(Color::White).any(|w| {
            self.royals(Color::Black)
                .any(|b| self.royals_in_line(w, b, &occupied))
        })
    }

    /// True when the royals faced each other before the last move `m` was
    /// made (its mover was in bikjang). Only the cells `m` touched changed.
    fn faced_before(&self, m: Move) -> bool {
        let Some(from) = m.from() else {
            // A drop filled one cell, which is not between the royals that
            // face now.
            return true;
        };
        if m.is_pass() {
            return true;
        }
        if m.kind() != MoveKind::Normal || m.via().is_some() {
            let mut p = self.clone();
            p.unmake();
            return p.in_bikjang();
        }
        let to = m.to();
        let mover_royal = self.variant().pieces[usize::from(self.piece(to).kind())].royal;
        let occupied = |c: CellId| {
            if c == from {
                true
            } else if c == to {
                m.is_capture()
            } else {
                self.piece(c).is_some()
            }
        };
        let mover = self.side().flip();
        let place = |c: CellId| if mover_royal && c == to { from } else { c };
        self.royals(Color::White).any(|w| {
            self.royals(Color::Black).any(|b| {
                let (w, b) = match mover {
                    Color::White => (place(w), b),
                    Color::Black => (w, place(b)),
                };
                self.royals_in_line(w, b, &occupied)
            })
        })
    }

    /// The bikjang rule's part of the legality of the move just made: a side
    /// in bikjang must break the line between the royals or pass.
    #[must_use]
    pub fn bikjang_allows_last_move(&self) -> bool {
        if !self.variant().rules.bikjang {
            return true;
        }
        // The search's null move is no move of the rules.
        let Some(m) = self.last_move().filter(|m| !m.is_null()) else {
            return true;
        };
        m.is_pass() || !self.in_bikjang() || !self.faced_before(m)
    }

    /// True when the move just made is a pass out of bikjang, which is legal
    /// even in check.
    #[must_use]
    pub fn bikjang_pass(&self) -> bool {
        self.variant().rules.bikjang
            && self.last_move().is_some_and(Move::is_pass)
            && self.in_bikjang()
    }
}

/// A pass under bikjang ends the game: drawn, unless material counting
/// decides it.
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    (pos.last_move().is_some_and(Move::is_pass) && pos.in_bikjang()).then_some(Outcome {
        winner: None,
        reason: Reason::Bikjang,
    })
}

#[cfg(test)]
mod tests {
    use crate::test_support::legal_uci as legal;
    use crate::{Color, Position, Reason, Registry};

    fn after(variant: &str, fen: &str, moves: &[&str]) -> Position {
        let v = Registry::builtin().get(variant).expect("variant");
        let mut pos = Position::from_fen(&v, fen).expect("fen");
        for m in moves {
            let mv = crate::notation::parse_move(&pos, m).expect("move");
            pos.play(mv).expect("legal");
        }
        pos
    }

    /// The Generals face each other on the e-file; White has a Chariot.
    const FACING: &str = "4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1";

    #[test]
    fn a_side_in_bikjang_must_break_the_line_or_pass() {
        let pos = after("janggi", FACING, &[]);
        assert!(pos.in_bikjang());
        assert_eq!(
            legal(&pos),
            ["e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"]
        );
        // Without the rule the Chariot may move and the General stay.
        let pos = after("janggicasual", FACING, &[]);
        assert_eq!(legal(&pos).len(), 26);
    }

    #[test]
    fn a_pass_under_bikjang_ends_the_game() {
        // Counted: White's Chariot outweighs Black's bonus.
        let o = after("janggi", FACING, &["e2e2"]).outcome().expect("ended");
        assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Bikjang));
        let o = after("janggitraditional", FACING, &["e2e2"])
            .outcome()
            .expect("ended");
        assert_eq!((o.winner, o.reason), (None, Reason::Bikjang));
        assert!(after("janggicasual", FACING, &["e2e2"]).outcome().is_none());
    }

    #[test]
    fn a_pass_under_bikjang_is_legal_in_check() {
        // The Chariot on i2 checks along the rank while the Generals face.
        let fen = "4k4/9/9/9/9/9/9/9/4K3r/9 w - - 0 1";
        let pos = after("janggi", fen, &[]);
        assert_eq!(legal(&pos), ["e2d1", "e2d3", "e2e2", "e2f1", "e2f3"]);
        let pos = after("janggicasual", fen, &[]);
        assert_eq!(
            legal(&pos),
            ["e2d1", "e2d3", "e2e1", "e2e3", "e2f1", "e2f3"]
        );
    }

    #[test]
    fn a_fen_after_a_pass_in_check_under_bikjang_reads_back() {
        // The Chariot on i2 checks while the Generals face: White passed, so
        // White, not to move, stands in check, which only bikjang allows.
        let fen = "4k4/9/9/9/9/9/9/9/4K3r/9 b - - 1 1";
        let pos = after("janggi", "4k4/9/9/9/9/9/9/9/4K3r/9 w - - 0 1", &["e2e2"]);
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(after("janggi", fen, &[]).to_fen(), fen);
        // Once the line is broken the same check is no position of the rules.
        let v = Registry::builtin().get("janggi").expect("janggi");
        let err = Position::from_fen(&v, "4k4/9/9/9/4p4/9/9/9/4K3r/9 b - - 1 1")
            .expect_err("White, not to move, in check");
        assert!(err.to_string().contains("in check"), "{err}");
    }
}
