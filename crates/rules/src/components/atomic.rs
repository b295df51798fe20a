//! Explosions (atomic chess and its cousins; Fairy-Stockfish's
//! `blastOnCapture` and `blastImmuneTypes`): every capture ends in an
//! explosion on the destination cell that removes the capturing piece and
//! every piece on the cells around it, of both colours — except the types
//! the explosion spares when they stand next to it (atomic's Pawns) and the
//! types no explosion harms (atomar's King).
//!
//! Why a component of its own: the explosion is an effect of a move that
//! removes pieces no move names, so make/unmake must record them (a stack
//! in the position, the undo record holds how many), castling rights go with
//! a blasted King or Rook, and it changes what "royal" means:
//!
//! * a move that blows up the mover's own royal is illegal;
//! * a move that blows up the enemy royal is legal whatever else it leaves
//!   attacked (the game is over: the extinction rule judges it);
//! * a royal next to an enemy royal is not in check: capturing it would blow
//!   up the capturer's own royal ([`Position::blast_shields`]).
//!
//! Without royal pieces (`nocheckatomic`, `atomar`) only the explosion
//! itself applies; an extinction rule ends the game when the Kings are gone.
//! Where captures go to the hand (atomic crazyhouse), every blasted piece
//! goes to the hand of its owner's opponent (`Position::blast_one`).

use crate::components::walls;
use crate::moves::Move;
use crate::piece::{Color, Piece, PieceType};
use crate::position::Position;
use menagerie_geometry::{CellId, Geometry, Vector};

/// The most cells one explosion reaches: the capture cell and its 26
/// neighbours on a 3D board (8 on a 2D one).
const BLAST_CELLS: usize = 27;

/// An explosion rule.
#[derive(Debug, Clone)]
pub struct Blast {
    /// Types no explosion removes, not even on the capture cell (bit per type).
    pub immune: u64,
    /// Types spared when they stand next to the capture cell (bit per type).
    pub spared: u64,
    /// The cells around each cell (its King-step neighbours), by cell index.
    area: Vec<Vec<CellId>>,
}

/// The rule of `[rules] blast` on board `g`, its type sets read by the
/// builder (bit per type).
pub(crate) fn blast(immune: u64, spared: u64, g: &Geometry) -> Blast {
    Blast {
        immune,
        spared,
        area: neighbours(g),
    }
}

/// The King-step neighbours of every cell (all cells at Chebyshev
/// distance 1, in 2D and 3D alike).
fn neighbours(g: &Geometry) -> Vec<Vec<CellId>> {
    let span = if g.is_3d() { -1..=1 } else { 0..=0 };
    let mut steps = Vec::new();
    for z in span {
        for y in -1..=1 {
            for x in -1..=1 {
                if (x, y, z) != (0, 0, 0) {
                    steps.push(Vector::new(x, y, z));
                }
            }
        }
    }
    g.cells()
        .map(|c| steps.iter().filter_map(|&s| g.offset(c, s)).collect())
        .collect()
}

impl Blast {
    /// The cells an explosion on `c` reaches besides `c` itself.
    #[must_use]
    pub fn area(&self, c: CellId) -> &[CellId] {
        &self.area[c.idx()]
    }

    /// True when a piece of `kind` on a cell next to the explosion is removed.
    fn removes_near(&self, kind: PieceType) -> bool {
        (self.immune | self.spared) >> kind & 1 == 0
    }
}

impl Position {
    /// The explosion after a capture that ended on `to`: removes the piece
    /// there and the pieces around it (see the module docs), pushes them on
    /// the position's blast stack, drops the castling rights of the cells
    /// it emptied and returns how many pieces it removed.
    pub(crate) fn explode(&mut self, to: CellId) -> u8 {
        let mut cells = [to; BLAST_CELLS];
        let n = self.blast_victims(to, &mut cells);
        let cells = &cells[..n];
        for &c in cells {
            self.blast_one(c);
        }
        let rights = self.castling_after(cells.iter().copied());
        if rights != self.castling() {
            self.set_castling_rights(rights);
        }
        n as u8
    }

    /// Writes to `out` the cells whose pieces an explosion on `to` removes
    /// (`to` first) and returns how many there are.
    fn blast_victims(&self, to: CellId, out: &mut [CellId; BLAST_CELLS]) -> usize {
        let Some(b) = &self.variant().rules.blast else {
            return 0;
        };
        let mut n = 0;
        let here = self.piece(to);
        // Walls (the duck, stones) are no pieces to an explosion.
        if here.is_some() && b.immune >> here.kind() & 1 == 0 && !walls::is_wall(self, here.kind())
        {
            out[n] = to;
            n += 1;
        }
        for &c in b.area(to) {
            let p = self.piece(c);
            if p.is_some() && b.removes_near(p.kind()) && !walls::is_wall(self, p.kind()) {
                out[n] = c;
                n += 1;
            }
        }
        n
    }

    /// Puts back the last `n` pieces an explosion removed.
    pub(crate) fn unexplode(&mut self, n: u8) {
        for _ in 0..n {
            self.unblast_one();
        }
    }

    /// True when a capture on `cell`, where a royal of `owner` stands, would
    /// blow up a royal of the capturing side too: such a royal is not in
    /// check (atomic's touching Kings).
    #[must_use]
    pub fn blast_shields(&self, cell: CellId, owner: Color) -> bool {
        let v = self.variant();
        let Some(b) = &v.rules.blast else {
            return false;
        };
        let them = owner.flip();
        // Pseudo-royal types (atomic read from Fairy-Stockfish's keys)
        // shield like royal ones.
        let pseudo = self.pseudo_royals(them).0;
        b.area(cell).iter().any(|&c| {
            let p: Piece = self.piece(c);
            p.is_color(them)
                && (v.pieces[usize::from(p.kind())].royal || pseudo >> p.kind() & 1 != 0)
                && b.removes_near(p.kind())
        })
    }

    /// Called by make right after move `m` of `mover` (a piece of
    /// `moved_kind`) placed its wall: whether `mover`'s royals are
    /// capturable as Fairy-Stockfish judges an exploding move with a wall.
    /// Its safety test clears every non-pawn piece that stood beside the
    /// capture before the move, the mover's own origin included, so a duck
    /// the move placed on that origin stands there afterwards but shields
    /// nothing in the test (atomic duck). `None` for any other move: the
    /// usual test applies.
    pub(crate) fn origin_wall_exposed(
        &mut self,
        m: Move,
        moved_kind: PieceType,
        mover: Color,
    ) -> Option<bool> {
        let from = m.from()?;
        let b = self.variant().rules.blast.as_ref()?;
        let blown = m.is_capture()
            && m.wall() == Some(from)
            && b.removes_near(moved_kind)
            && b.area(m.to()).contains(&from);
        blown.then(|| self.capturable_without_stone(from, mover))
    }

    /// The verdict of the explosion rule on the move just made by `mover`,
    /// when it settles legality on its own: `Some(false)` when the mover's
    /// royals are gone (it blew itself up), `Some(true)` when the enemy's
    /// are (the game is won, whatever is left attacked).
    #[must_use]
    pub(crate) fn blast_legality(&self, mover: Color) -> Option<bool> {
        let v = self.variant();
        if v.rules.blast.is_none() || !v.has_royal() {
            return None;
        }
        if self.royals(mover).next().is_none() {
            return Some(false);
        }
        self.royals(mover.flip()).next().is_none().then_some(true)
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::{legal_uci as moves, play_uci as play};
    use crate::{Color, Position, Registry};

    fn pos(variant: &str, fen: &str) -> Position {
        let v = Registry::builtin().get(variant).expect(variant);
        Position::from_fen(&v, fen).expect("fen")
    }

    #[test]
    fn a_capture_removes_the_neighbourhood_but_not_pawns() {
        // Rxd5 blows up the Rook, the Knight it took and the Bishop on e6;
        // the Pawns on c6 and e4 stay.
        let mut p = pos("atomic", "k7/8/2p1b3/3n4/4P3/8/8/3RK3 w - - 0 1");
        let before = p.clone();
        play(&mut p, "d1d5");
        assert_eq!(p.to_fen(), "k7/8/2p5/8/4P3/8/8/4K3 b - - 0 1");
        p.unmake();
        assert_eq!(p, before);
        assert_eq!(p.hash(), p.compute_hash());
    }

    #[test]
    fn with_hands_every_blasted_piece_goes_to_its_opponent() {
        // Fairy-Stockfish's atomiczh section over atomic.
        let text = "[atomiczh:atomic]\ndropChecks = false\npieceDrops = true\ncapturesToHand = true\ncastling = false\n";
        let v = crate::test_support::ini_variant(text);
        let mut p = Position::start(&v);
        let before = p.clone();
        for m in ["g1f3", "e7e5", "f3e5"] {
            play(&mut p, m);
        }
        // pyffish 0.0.90: the black Pawn to White's hand, the blasted white
        // Knight to Black's.
        assert_eq!(
            p.to_fen(),
            "rnbqkbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Pn] b - - 0 2"
        );
        assert_eq!(p.hash(), p.compute_hash());
        // pyffish 0.0.90: 63 legal moves here.
        assert_eq!(moves(&p).len(), 63);
        for _ in 0..3 {
            p.unmake();
        }
        assert_eq!(p, before);
    }

    #[test]
    fn walls_survive_explosions() {
        // Fairy-Stockfish's nuclear section: pawns that explode, capturers
        // that turn to stone. The stone on c5 stays when e4xd5 explodes
        // next to it; d5 becomes a stone, e5's pawn goes.
        let text = "[nuclear:atomic]\npawn = -\ncustomPiece1 = p:fmWfceFifmnD\npawnTypes = p\npetrifyOnCaptureTypes = pnbrq\nenPassantRegion = -\n";
        let v = crate::test_support::ini_variant(text);
        let mut p = Position::from_fen(
            &v,
            "1nb1kb1r/rp4pp/1q5n/p1*ppp2/4P1P1/P2P1P1N/R1P1B2P/1NBQ1RK1 w - - 1 16",
        )
        .unwrap();
        play(&mut p, "e4d5");
        // pyffish 0.0.90.
        assert_eq!(
            p.to_fen(),
            "1nb1kb1r/rp4pp/1q5n/p1**1p2/6P1/P2P1P1N/R1P1B2P/1NBQ1RK1 b - - 0 16"
        );
    }

    #[test]
    fn a_blasted_rook_takes_its_castling_right_with_it() {
        let mut p = pos("atomic", "r3k3/1p6/8/8/8/8/8/4K2Q w q - 0 1");
        play(&mut p, "h1b7");
        assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(p.hash(), p.compute_hash());
    }

    #[test]
    fn exploding_ones_own_king_is_illegal_and_the_enemy_king_wins() {
        // Taking on d2 would blow up the white King on e1 too: illegal.
        let p = pos("atomic", "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1");
        assert!(!moves(&p).contains(&"d1d2".to_string()));
        // A King never captures: it would explode.
        assert!(!moves(&p).contains(&"e1d2".to_string()));
        // Taking on d7 blows up the black King on e8: legal, and it wins.
        let mut p = pos("atomic", "4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1");
        assert!(moves(&p).contains(&"d1d7".to_string()));
        play(&mut p, "d1d7");
        assert_eq!(p.outcome().map(|o| o.winner), Some(Some(Color::White)));
    }

    #[test]
    fn touching_kings_are_not_in_check() {
        // The Rook attacks the white King, but taking it would blow up the
        // black King next to it: no check, and the King may stay.
        let p = pos("atomic", "8/8/8/8/8/8/3k4/r3K3 w - - 0 1");
        assert!(!p.in_check());
        let p = pos("atomic", "8/8/8/8/8/8/8/r3K2k w - - 0 1");
        assert!(p.in_check());
    }

    #[test]
    fn atomar_kings_survive_explosions_and_never_take_each_other() {
        let mut p = pos("atomar", "8/8/8/8/8/3k4/3pK3/8 w - - 0 1");
        let m = moves(&p);
        assert!(m.contains(&"e2d2".to_string()), "{m:?}");
        assert!(!m.contains(&"e2d3".to_string()), "{m:?}");
        play(&mut p, "e2d2");
        // The King took the Pawn and stays; the black King is immune too.
        assert_eq!(p.to_fen(), "8/8/8/8/8/3k4/3K4/8 b - - 0 1");
    }

    #[test]
    fn a_fen_after_the_winning_explosion_reads_back_with_the_winner_in_check() {
        // Bxe7 blows up the black King; White's King stays attacked by the
        // Queen, which no longer matters.
        let mut p = pos("atomic", "r3kbnr/ppppnppp/8/8/1B2q3/8/8/4K3 w kq - 0 1");
        play(&mut p, "b4e7");
        let fen = p.to_fen();
        assert_eq!(fen, "r5nr/pppp1ppp/8/8/4q3/8/8/4K3 b - - 0 1");
        assert_eq!(pos("atomic", &fen).to_fen(), fen);
        // With the black King still there, the check is no position of the rules.
        let v = Registry::builtin().get("atomic").expect("atomic");
        let err = Position::from_fen(&v, "r3kbnr/ppppnppp/8/8/4q3/8/8/4K3 b kq - 0 1")
            .expect_err("White, not to move, in check");
        assert!(err.to_string().contains("in check"), "{err}");
    }

    /// The position `fen` of Fairy-Stockfish's `atomicduck` section.
    fn atomic_duck(fen: &str) -> Position {
        let v = crate::test_support::ini_variant(
            "[atomicduck:atomic]\nwallingRule = duck\nstalemateValue = win\n",
        );
        Position::from_fen(&v, fen).expect("fen")
    }

    /// The legal moves of `pos` whose text starts with `prefix`.
    fn moves_starting(pos: &Position, prefix: &str) -> Vec<String> {
        moves(pos)
            .into_iter()
            .filter(|m| m.starts_with(prefix))
            .collect()
    }

    #[test]
    fn an_explosion_spares_the_duck_and_the_duck_never_lands_where_it_blew() {
        // Atomic duck (Fairy-Stockfish's variants.ini): f4xg5 blows up
        // beside the duck on h4, which stays; the duck then moves to a cell
        // that was empty before the move (g5, emptied by the blast, is not).
        let pos = atomic_duck("rnbqkbnr/pp1ppp1p/2p5/6p1/5P1*/7P/PPPPP1P1/RNBQKBNR w KQkq - 0 3");
        let captures = moves_starting(&pos, "f4g5");
        assert_eq!(captures.len(), 32);
        assert!(!captures
            .iter()
            .any(|m| m == "f4g5,g5g5" || m == "f4g5,g5h4"));
        let mut p = pos.clone();
        play(&mut p, "f4g5,g5f4");
        assert_eq!(
            p.to_fen(),
            "rnbqkbnr/pp1ppp1p/2p5/8/5*2/7P/PPPPP1P1/RNBQKBNR b KQkq - 0 3"
        );
    }

    #[test]
    fn the_duck_leaving_a_line_opens_it_to_check() {
        // The duck on b2 shields the King on e2 from the Rook on a2 only
        // until it moves: every move must then block with the duck (c2,
        // d2) or move the King, as in Fairy-Stockfish.
        let pos = atomic_duck("3kq3/4n3/3p1ppn/3P3p/1Rp1P1PP/2P5/r*2K3/3N2N1 w - - 18 46");
        assert_eq!(moves_starting(&pos, "b4a4"), ["b4a4,a4c2", "b4a4,a4d2"]);
        assert_eq!(moves(&pos).len(), 208);
    }

    #[test]
    fn a_duck_on_the_blasted_origin_shields_nothing() {
        // Rxd6 explodes beside its own origin d5; with the d-file then open
        // from d1 to the King on d8 the duck must block it, and Fairy-
        // Stockfish's safety test treats d5 as blown clear (pyffish 0.0.90:
        // d2, d3, d4 and d7 only; 1063 moves in all).
        let pos = atomic_duck("1*1k4/p7/n2N4/2pr4/5Prp/PP3K2/6PP/3R4 b - - 9 39");
        assert_eq!(
            moves_starting(&pos, "d5d6"),
            ["d5d6,d6d2", "d5d6,d6d3", "d5d6,d6d4", "d5d6,d6d7"]
        );
        assert_eq!(moves(&pos).len(), 1063);
    }

    #[test]
    fn the_new_duck_may_shield_a_castling_king() {
        // Black is in check from the Queen on g6 through f7; castling long
        // with the duck moved to f7 is legal in Fairy-Stockfish (its path
        // test sees the new duck and not the old one on c6). pyffish
        // 0.0.90: that one castling move, 182 moves in all.
        let pos = atomic_duck("r3k1nr/1ppb2pp/pn*2pQ1/4p3/3P2qP/BPP5/P3BPP1/R3K1NR b KQkq - 4 13");
        assert_eq!(moves_starting(&pos, "e8c8"), ["e8c8,c8f7"]);
        assert_eq!(moves(&pos).len(), 182);
    }
}
