//! Petrification (Fairy-Stockfish's `petrifyOnCaptureTypes`, its
//! `petrified` variant): a piece of one of the listed types that captures
//! turns to stone on the cell where it captured. The stone blocks every
//! move, belongs to no one and is never captured or moved again. A Pawn's
//! capture never petrifies unless Pawns are listed, even when it promotes
//! (the type that moved decides, as in Fairy-Stockfish).
//!
//! Why a stone is a wall: it is stored as the variant's wall piece
//! (`components::walls`, usually with the `none` rule, under which no move
//! places a wall), so the board, the FEN (`*`), the hash and the colouring
//! of walls with the turn need nothing new. The piece that turned to stone
//! goes on the position's blast stack (where explosions keep their
//! victims) and comes back from it on unmake.
//!
//! Royal pieces change meaning when they petrify (the Kings of `petrified`,
//! royal through a pseudo-royal extinction rule), as in Fairy-Stockfish:
//!
//! * a royal piece may not capture at all: it would turn to stone and its
//!   side would lose the piece it must keep (`petrified_royal`);
//! * so an enemy piece of a pseudo-royal type that petrifies threatens
//!   nothing when the safety of a side's royals is judged after its move:
//!   two Kings may stand side by side (`royal_capturable`);
//! * it still counts as an attacker for check, so a side without a legal
//!   move whose King the enemy King touches is mated, not stalemated, and
//!   a castling King may not pass a cell the enemy King touches.
//!
//! With explosions (Fairy-Stockfish's `nuclear`), Fairy-Stockfish judges
//! whether a capture leaves the mover's royal safe on the board the
//! explosion leaves, the capture cell empty: the stone put there shields
//! nothing, so a Pawn may not take on a line between its King and an enemy
//! Queen (`stone_exposed`, recorded by make like a gated piece's shield).
//!
//! Hooks: effects of a move (`petrify`, called by make after a capture;
//! unmake takes the stone off and puts the piece back) and legality
//! (`petrified_royal`, `royal_capturable` and the recorded
//! `stone_exposed`, in `Position::last_move_legal`).

use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::CellId;

impl Position {
    /// After a capture that ended on `to` by a piece of type `moved`, which
    /// stands there as `landed` (its promoted type, if it promoted): puts a
    /// stone on `to` when the rule says so (see the module docs). Returns
    /// `None` when it did not, else how many pieces it put on the blast
    /// stack (the piece it replaced: none when an explosion already
    /// removed it), for unmake.
    pub(crate) fn petrify(
        &mut self,
        to: CellId,
        moved: PieceType,
        landed: PieceType,
    ) -> Option<u8> {
        let rules = &self.variant().rules;
        let stone = rules.walls.as_ref()?.piece;
        // With explosions the captor is blown up and its cell turns to
        // stone when its type petrifies (Fairy-Stockfish's `nuclear`);
        // otherwise the type that moved must petrify too.
        let exploded = rules.blast.is_some();
        if rules.petrify >> landed & 1 == 0 || (!exploded && rules.petrify >> moved & 1 == 0) {
            return None;
        }
        let here = self.piece(to).is_some();
        if exploded && here {
            // A captor no explosion harms stays as it is.
            return None;
        }
        if here {
            self.blast_one(to);
        }
        self.put_stone(to, stone);
        Some(u8::from(here))
    }

    /// After a capture whose explosion turned the captor's cell `to` to
    /// stone (just placed by [`Position::petrify`]): whether `mover`'s
    /// royals were capturable with that cell empty, as Fairy-Stockfish
    /// judges the move (see the module docs). `None` without explosions
    /// or royals: the stone then shields like any wall.
    pub(crate) fn stone_exposed(&mut self, to: CellId, mover: Color) -> Option<bool> {
        let v = self.variant();
        if v.rules.blast.is_none() || !v.has_royal() {
            return None;
        }
        Some(self.capturable_without_stone(to, mover))
    }

    /// Takes the stone off `to`; unmake then puts back from the blast
    /// stack what was there (the inverse of [`Position::petrify`]).
    pub(crate) fn unpetrify(&mut self, to: CellId) {
        self.take_stone(to);
    }

    /// True when `kind` is royal for `c` as the position stood before `c`'s
    /// last move turned one piece of it to stone: a royal type, or a
    /// pseudo-royal one with no more than its count plus one pieces then.
    fn royal_before_petrifying(&self, c: Color, kind: PieceType) -> bool {
        let v = self.variant();
        if v.pieces[usize::from(kind)].royal {
            return true;
        }
        v.rules
            .extinction
            .as_ref()
            .filter(|e| e.pseudo_royal && e.types >> kind & 1 != 0)
            .is_some_and(|e| self.count(c, kind) as u32 <= e.count)
    }

    /// True when the move just made turned one of its mover's royal pieces
    /// to stone: illegal, its side would lose the piece it must keep.
    #[must_use]
    pub(crate) fn petrified_royal(&self) -> bool {
        let mover = self.side().flip();
        self.last_petrified()
            .is_some_and(|k| self.royal_before_petrifying(mover, k))
    }

    /// The enemy types that threaten no royal (bit per type): pseudo-royal
    /// types that petrify, which may never capture.
    fn harmless_attackers(&self) -> u64 {
        let rules = &self.variant().rules;
        rules
            .extinction
            .as_ref()
            .filter(|e| e.pseudo_royal)
            .map_or(0, |e| e.types & rules.petrify)
    }

    /// True when a royal of `mover` (who has just moved) is attacked by an
    /// enemy piece that could capture it: the legality test after a move.
    /// Without petrifying royals this is [`Position::royal_attacked`].
    #[must_use]
    pub(crate) fn royal_capturable(&self, mover: Color) -> bool {
        let harmless = self.harmless_attackers();
        if harmless == 0 {
            return self.royal_attacked(mover);
        }
        let capturable = |k: CellId| {
            let mut found = Vec::new();
            self.attackers(k, mover.flip(), &mut found);
            found.iter().any(|&(_, t)| harmless >> t & 1 == 0)
        };
        self.royals(mover).any(capturable) || self.duple_checked(mover, capturable)
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::{legal_uci as moves, play_uci as play};
    use crate::{Position, Registry};

    fn pos(fen: &str) -> Position {
        let v = Registry::builtin().get("petrified").expect("petrified");
        Position::from_fen(&v, fen).expect("fen")
    }

    #[test]
    fn a_capturing_queen_turns_to_stone_and_unmake_restores_it() {
        let start = pos("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
        let mut p = start.clone();
        play(&mut p, "d8d5");
        assert_eq!(
            p.to_fen(),
            "rnb1kbnr/ppp1pppp/8/3*4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"
        );
        assert_eq!(p.hash(), p.compute_hash());
        // The stone blocks the d-file and can be neither taken nor passed.
        assert!(!moves(&p).iter().any(|m| m.ends_with("d5")));
        p.unmake();
        assert_eq!(p, start);
        assert_eq!(p.hash(), start.hash());
    }

    #[test]
    fn pawns_do_not_petrify() {
        let mut p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        play(&mut p, "e4d5");
        assert!(p.to_fen().starts_with("rnbqkbnr/ppp1pppp/8/3P4/8/"));
    }

    #[test]
    fn kings_never_capture_and_may_stand_side_by_side() {
        // The White King may take nothing (the Pawn on e2) and may step
        // next to the Black King, whose touch threatens nothing.
        let p = pos("8/8/8/8/8/3k4/4p3/3K4 w - - 0 1");
        assert_eq!(moves(&p), ["d1c1", "d1c2", "d1d2", "d1e1"]);
        // A Queen may still not be left attacking the King.
        let q = pos("8/8/8/8/8/3k4/8/3K3q w - - 0 1");
        assert_eq!(moves(&q), ["d1c2", "d1d2", "d1e2"]);
    }

    #[test]
    fn a_king_touched_by_the_enemy_king_with_no_move_is_mated() {
        // White to move: its King on a1 has no legal move (b1, b2 and a2
        // are covered by the Queen on b3 and stone on b1) and the Black
        // King touches it: checkmate, not stalemate.
        let p = pos("8/8/8/8/8/1q6/k7/K*6 w - - 0 1");
        assert!(moves(&p).is_empty());
        let o = p.outcome().expect("over");
        assert_eq!(o.winner, Some(crate::Color::Black));
    }

    /// Fairy-Stockfish's `nuclear` section: atomic chess whose Pawns are a
    /// custom piece (blown up by explosions) and whose pieces but the King
    /// turn to stone where they capture.
    const NUCLEAR: &str = "[nuclear:atomic]\npawn = -\ncustomPiece1 = p:fmWfceFifmnD\npawnTypes = p\npetrifyOnCaptureTypes = pnbrq\nenPassantRegion = -\n";

    #[test]
    fn after_an_explosion_the_captors_stone_shields_nothing() {
        let v = crate::test_support::ini_variant(NUCLEAR);
        let nuclear = |fen: &str| Position::from_fen(&v, fen).expect("fen");
        // pyffish 0.0.90: with the White Queen on e1, neither the Pawn nor
        // the Queen on d5 may take on e4, though each would leave a stone
        // there between the Queen and the Black King.
        let p = nuclear("4k3/8/8/3p4/4P3/8/8/K3Q3 b - - 0 1");
        assert_eq!(moves(&p), ["d5d4", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]);
        let q = nuclear("4k3/8/8/3q4/4P3/8/8/K3Q3 b - - 0 1");
        assert!(!moves(&q).contains(&"d5e4".to_string()));
        assert_eq!(moves(&q).len(), 28);
        // Without the Queen the capture stands, and the stone blocks later.
        let mut free = nuclear("4k3/8/8/3p4/4P3/8/8/K7 b - - 0 1");
        assert!(moves(&free).contains(&"d5e4".to_string()));
        play(&mut free, "d5e4");
        assert_eq!(free.to_fen(), "4k3/8/8/8/4*3/8/8/K7 w - - 0 2");
        assert_eq!(moves(&free), ["a1a2", "a1b1", "a1b2"]);
    }

    #[test]
    fn the_enemy_king_stops_castling_through_cells_it_touches() {
        // The Black King on g2 touches f1: no castling, though the White
        // King may itself step onto f1 (as Fairy-Stockfish plays it).
        let m = moves(&pos("8/8/8/8/8/8/6k1/4K2R w K - 0 1"));
        assert!(!m.contains(&"e1g1".to_string()), "{m:?}");
        assert!(m.contains(&"e1f1".to_string()), "{m:?}");
    }
}
