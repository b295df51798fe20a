//! Passing: a side may spend its turn without moving (Janggi). Fairy-
//! Stockfish writes a pass as the royal's move onto its own cell (`e2e2`),
//! and Menagerie does the same, so a pass is an ordinary move whose origin
//! is its destination: make/unmake only hand the turn over and advance the
//! clocks, and the move text needs no form of its own.
//!
//! A pass is legal when it leaves the mover's royal unattacked, as any move
//! must (so a side in check cannot pass), except under bikjang
//! (`components::bikjang`). A side without a royal passes with its piece on
//! the first cell in FEN order of the ranks from the first. Two passes in a
//! row end the game: a draw, or the material count where the variant has
//! one (`components::material_count`).
//!
//! Passing only when stuck (`pass_on_stalemate`; Othello, Ataxx): a side
//! that has no other legal move passes instead of being stalemated. The
//! generator adds that pass after every other move, only when it found
//! none (without a royal, every pseudo-legal move is legal); with a royal
//! the legal move generator adds it when all its moves were illegal.
//!
//! Hooks: extra moves (`Position::pass_moves`, called by the generator
//! after the piece moves, and `Position::pass_if_stuck` after every other
//! move) and verdict (`judge`).

use crate::moves::{Move, MoveKind, MoveList};
use crate::outcome::{Outcome, Reason};
use crate::position::Position;
use menagerie_geometry::CellId;

impl Move {
    /// A pass: the piece on `cell` stays where it is.
    #[must_use]
    pub fn pass(cell: CellId) -> Move {
        Move::normal(cell, cell)
    }

    /// True for a pass (a move onto its own origin that promotes nothing).
    #[must_use]
    pub fn is_pass(self) -> bool {
        self.kind() == MoveKind::Normal
            && self.from() == Some(self.to())
            && self.promotion().is_none()
    }
}

impl Position {
    /// Appends the side to move's pass, where the variant lets it pass.
    pub(crate) fn pass_moves(&self, out: &mut MoveList) {
        let us = self.side();
        if !self.variant().rules.pass[us.idx()] {
            return;
        }
        if let Some(cell) = self.pass_cell() {
            out.push(Move::pass(cell));
        }
    }

    /// Appends the side to move's pass when the variant lets a stuck side
    /// pass and `out[start..]` holds no other move.
    pub(crate) fn pass_if_stuck(&self, out: &mut MoveList, start: usize) {
        let us = self.side();
        if self.variant().rules.pass_on_stalemate[us.idx()] && out.len() == start {
            if let Some(cell) = self.pass_cell() {
                out.push(Move::pass(cell));
            }
        }
    }

    /// Adds the stuck side's pass to an empty list of legal moves (a side
    /// with a royal whose every pseudo-legal move was illegal). A side in
    /// check cannot pass.
    pub(crate) fn pass_when_no_legal_move(&mut self, out: &mut MoveList) {
        let us = self.side();
        if !out.is_empty() || !self.variant().rules.pass_on_stalemate[us.idx()] {
            return;
        }
        if let Some(cell) = self.pass_cell() {
            let pass = Move::pass(cell);
            if self.legal_after(pass) {
                out.push(pass);
            }
        }
    }

    /// The cell of the piece a pass of the side to move is written with:
    /// its royal, or else its first piece.
    fn pass_cell(&self) -> Option<CellId> {
        let us = self.side();
        self.royals(us).next().or_else(|| self.first_piece_cell(us))
    }

    /// The cell of `us`'s piece that comes first by rank, then file (walls,
    /// which have the colour of the side to move, are no pieces).
    pub(crate) fn first_piece_cell(&self, us: crate::piece::Color) -> Option<CellId> {
        let g = &self.variant().geometry;
        g.cells()
            .filter(|&c| {
                let p = self.piece(c);
                p.is_color(us) && !crate::components::walls::is_wall(self, p.kind())
            })
            .min_by_key(|&c| {
                let p = g.coord(c);
                (p.z, p.y, p.x)
            })
    }

    /// True when the last `n` moves were all passes.
    #[must_use]
    pub fn passed_last(&self, n: usize) -> bool {
        (0..n).all(|back| self.move_back(back).is_some_and(Move::is_pass))
    }
}

/// Two passes in a row end the game (drawn, unless material counting
/// decides it).
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    pos.passed_last(2).then_some(Outcome {
        winner: None,
        reason: Reason::DoublePass,
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

    const START: &str = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

    #[test]
    fn the_general_passes_onto_its_own_cell() {
        let pos = after("janggicasual", START, &[]);
        let moves = legal(&pos);
        assert_eq!(moves.len(), 32);
        assert!(moves.contains(&"e2e2".to_string()));
        // A pass hands the turn over and advances the clock.
        let pos = after("janggicasual", START, &["e2e2"]);
        assert_eq!(
            pos.to_fen(),
            "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1"
        );
        assert!(pos.outcome().is_none());
    }

    #[test]
    fn no_pass_in_check() {
        // The Chariot on i1 checks the General on e1 along the rank.
        let pos = after("janggicasual", "4k4/9/9/9/9/9/9/9/9/4K3r w - - 0 1", &[]);
        assert_eq!(legal(&pos), ["e1e2"]);
    }

    #[test]
    fn two_passes_in_a_row_end_the_game() {
        let pos = after("janggicasual", START, &["e2e2", "e9e9"]);
        let o = pos.outcome().expect("ended");
        assert_eq!((o.winner, o.reason), (None, Reason::DoublePass));
        assert!(pos.legal_moves().is_empty());
        // With material counting, equal armies give the game to Black.
        let pos = after("janggi", START, &["e2e2", "e9e9"]);
        let o = pos.outcome().expect("ended");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::Black), Reason::DoublePass)
        );
        // One pass, a move, one pass: the game goes on.
        let pos = after("janggicasual", START, &["e2e2", "a7a6", "e2e2"]);
        assert!(pos.outcome().is_none());
    }
}
