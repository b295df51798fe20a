//! Walls: after moving a piece the mover places a wall on an empty cell
//! (Fairy-Stockfish's `wallingRule`). Duck chess, the Game of the Amazons,
//! Isolation and Snailtrail are this family; they differ only in where the
//! wall may go:
//!
//! * `arrow` (Amazons): a cell the piece that just moved could now move to
//!   without capturing, as if shooting an arrow from where it landed;
//! * `duck` (Duck chess): any empty cell; the previous wall (the duck) is
//!   taken off first, so it must move to a new cell;
//! * `past` (Snailtrail): the cell the piece has just left;
//! * `static` (Isolation): any empty cell of the wall region;
//! * `edge`: a cell on the edge of the board or orthogonally next to a wall;
//! * `none`: no move places a wall; walls come from the start position or
//!   from a rule that makes them (`components::petrify`'s stones).
//!
//! Every rule also keeps the wall inside `region` (per side; default: the
//! whole board). A drop places no wall, as in Fairy-Stockfish.
//!
//! Wall or move (`or_move`, Fairy-Stockfish's `wallOrMove`, Atlantis): piece
//! moves place no wall; instead a side may pass and place a wall where the
//! rule allows. The pass is written, as Fairy-Stockfish writes it, with the
//! side's first piece (by rank, then file) onto its own cell and the wall
//! after the comma (`a1a1,a1h3`); Fairy-Stockfish's text of a piece move
//! then also carries a wall field that means nothing, always `a1`
//! (`e2e4,e4a1`), which Menagerie writes and reads too. A side in check
//! may not wall (Fairy-Stockfish leaves the wall out of its evasions).
//!
//! Why walls are pieces: a wall is stored on the board as a piece of the
//! variant's wall type (`piece`), so the board, the FEN (`*`), the hash and
//! make/unmake need nothing new. It must block every move and be captured by
//! no one, so it always has the colour of the side to move: the move
//! generator then treats it like an own piece (not enterable, not
//! capturable, a blocker of rays) and the opponent's attacks see a blocker.
//! Making or taking back a move recolours the walls with the turn. A wall
//! type has no moves.
//!
//! A move that places a wall keeps the wall cell in its `via` field
//! ([`Move::wall`](crate::Move::wall)); its UCI text is Fairy-Stockfish's: the piece move, a
//! comma, the destination and the wall cell (`e2e4,e4e5`).

use crate::moves::{MoveKind, MoveList};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use crate::variant::spec::WallsFile;
use menagerie_geometry::{CellId, CellSet, Vector};

/// Where a wall may be placed (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WallRule {
    /// Where the moved piece could move next (Amazons).
    Arrow,
    /// Anywhere empty; the previous wall is removed first (Duck chess).
    Duck,
    /// On the board edge or next to a wall.
    Edge,
    /// On the cell just left (Snailtrail).
    Past,
    /// Never by a move (walls made by other rules: petrification).
    None,
    /// Anywhere empty (Isolation).
    Static,
}

impl WallRule {
    /// The rule by its name (Fairy-Stockfish's `wallingRule` values).
    ///
    /// # Errors
    /// An unknown name.
    pub fn from_name(s: &str) -> Result<WallRule, String> {
        Ok(match s {
            "arrow" => WallRule::Arrow,
            "duck" => WallRule::Duck,
            "edge" => WallRule::Edge,
            "past" => WallRule::Past,
            "none" => WallRule::None,
            "static" => WallRule::Static,
            _ => {
                return Err(format!(
                    "`{s}` is not a wall rule (expected arrow, duck, edge, past, static or none)"
                ))
            }
        })
    }
}

/// A validated wall rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Walls {
    /// Where walls go.
    pub rule: WallRule,
    /// The piece type that stands for a wall on the board.
    pub piece: PieceType,
    /// The cells each side may wall.
    pub region: [CellSet; 2],
    /// Walls are placed by passing instead of moving (see the module docs).
    pub or_move: bool,
}

/// The wall field Fairy-Stockfish writes after a piece move that places no
/// wall where a side may wall instead of moving (its square 0).
pub const NO_WALL_TEXT: &str = "a1";

/// The validated rule from `[rules] walls = { rule, piece, region }`.
///
/// # Errors
/// An unknown rule, piece or region, as a message for the key.
pub(crate) fn from_spec(
    spec: &WallsFile,
    cells: usize,
    piece: impl Fn(&str) -> Option<PieceType>,
    region: impl Fn(&str) -> Result<[CellSet; 2], String>,
) -> Result<Walls, String> {
    let rule = WallRule::from_name(&spec.rule)?;
    let piece = piece(&spec.piece).ok_or_else(|| format!("unknown piece `{}`", spec.piece))?;
    let region = match &spec.region {
        Some(r) => region(r).map_err(|e| format!("region `{r}`: {e}"))?,
        None => [CellSet::full(cells), CellSet::full(cells)],
    };
    Ok(Walls {
        rule,
        piece,
        region,
        or_move: spec.or_move.unwrap_or(false),
    })
}

impl Walls {
    /// True when moves place walls (every rule but `none`).
    #[must_use]
    pub fn placed(&self) -> bool {
        self.rule != WallRule::None
    }

    /// True when the wall leaves its cell on every move (the duck): lines
    /// it closed open up, so it is no lasting blocker.
    #[must_use]
    pub fn relocates(&self) -> bool {
        self.rule == WallRule::Duck
    }
}

/// The four orthogonal steps (for the `edge` rule).
const ORTHOGONAL: [Vector; 4] = [
    Vector::xy(1, 0),
    Vector::xy(-1, 0),
    Vector::xy(0, 1),
    Vector::xy(0, -1),
];

impl Position {
    /// Replaces each piece move of `out[start..]` by one move per cell where
    /// its wall may go (a move with nowhere to put its wall disappears);
    /// under wall-or-move, keeps the piece moves as they are and adds the
    /// side's passes that place a wall.
    pub(crate) fn add_walls(&self, w: &Walls, out: &mut MoveList, start: usize) {
        if !w.placed() {
            return;
        }
        let base: MoveList = if w.or_move {
            // As in Fairy-Stockfish, a side in check may not wall instead
            // of moving, even where the wall would block the check.
            match self.first_piece_cell(self.side()) {
                Some(c) if !self.in_check() => {
                    std::iter::once(crate::moves::Move::pass(c)).collect()
                }
                _ => return,
            }
        } else {
            out.drain(start..).collect()
        };
        if base.is_empty() {
            return;
        }
        let us = self.side();
        let mut after = self.clone();
        for m in base {
            if m.kind() == MoveKind::Drop {
                out.push(m);
                continue;
            }
            let blasted_before = after.blasted_len();
            after.make_unchecked(m);
            match w.rule {
                WallRule::Past => {
                    if let Some(f) = m.from() {
                        if after.piece(f).is_empty() && w.region[us.idx()].contains(f) {
                            out.push(m.with_wall(f));
                        }
                    }
                }
                WallRule::Arrow => {
                    let mut reach = MoveList::new();
                    after.moves_from(m.to(), &mut reach);
                    let targets: CellSet = reach
                        .iter()
                        .filter(|r| r.kind() == MoveKind::Normal && !r.is_capture())
                        .map(|r| r.to())
                        .filter(|&c| w.region[us.idx()].contains(c))
                        .fold(CellSet::with_capacity(self.board().len()), |mut s, c| {
                            s.insert(c);
                            s
                        });
                    out.extend(targets.iter().map(|c| m.with_wall(c)));
                }
                WallRule::None => out.push(m),
                WallRule::Duck | WallRule::Static | WallRule::Edge => {
                    // As in Fairy-Stockfish, not where the move's explosion
                    // emptied a cell (atomic duck): only cells empty before
                    // the move, its origin, or a piece taken en passant.
                    let blasted = after.blasted_from(blasted_before);
                    for c in w.region[us.idx()].iter() {
                        if after.piece(c).is_empty()
                            && !blasted.iter().any(|b| b.0 == c)
                            && (w.rule != WallRule::Edge || self.edge_ok(w, c))
                            && self.castle_safe_with_wall(m, c)
                        {
                            out.push(m.with_wall(c));
                        }
                    }
                }
            }
            after.unmake();
        }
    }

    /// True when `c` is on the board edge or orthogonally next to a wall
    /// standing before the move.
    fn edge_ok(&self, w: &Walls, c: CellId) -> bool {
        let g = &self.variant().geometry;
        ORTHOGONAL.iter().any(|&d| match g.offset(c, d) {
            None => true,
            Some(n) => {
                let p = self.piece(n);
                p.is_some() && p.kind() == w.piece
            }
        })
    }

    /// The cells holding walls.
    #[must_use]
    pub fn walls(&self) -> Vec<CellId> {
        match &self.variant().rules.walls {
            Some(w) => Color::BOTH
                .iter()
                .flat_map(|&c| self.cells_of(c, w.piece).iter().copied())
                .collect(),
            None => Vec::new(),
        }
    }
}

/// True when the piece type `kind` is the variant's wall.
#[must_use]
pub fn is_wall(pos: &Position, kind: PieceType) -> bool {
    pos.variant()
        .rules
        .walls
        .as_ref()
        .is_some_and(|w| w.piece == kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_move, perft, Registry};

    fn pos(id: &str, fen: &str) -> Position {
        let v = Registry::builtin().get(id).unwrap();
        Position::from_fen(&v, fen).unwrap()
    }

    #[test]
    fn rule_names() {
        assert_eq!(WallRule::from_name("duck"), Ok(WallRule::Duck));
        assert_eq!(WallRule::from_name("arrow"), Ok(WallRule::Arrow));
        assert!(WallRule::from_name("ducks").unwrap_err().contains("ducks"));
    }

    #[test]
    fn a_duck_is_no_castling_partner() {
        // Found by robustness::mutated_fen_never_panics: a `d` on h8 was
        // read as a black piece and kept Black's right `k`, but the FEN
        // written back (`*`, a wall of the side to move) was refused.
        let v = Registry::builtin().get("duck").unwrap();
        for fen in [
            "rnbqkbnd/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbn*/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN* w KQkq - 0 1",
        ] {
            let err = Position::from_fen(&v, fen).unwrap_err();
            assert_eq!(err.field, "castling", "{fen}: {err}");
        }
        // Without the right the same boards are read, and written back alike.
        let p = pos(
            "duck",
            "rnbqkbnd/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1",
        );
        let out = p.to_fen();
        assert_eq!(pos("duck", &out).to_fen(), out);
    }

    #[test]
    fn atlantis_walls_instead_of_moving() {
        // Fairy-Stockfish's atlantis: chess where a side may stay put and
        // wall an empty cell on the edge or next to a wall.
        let text = "[atlantis:chess]\nwallingRule = edge\nwallOrMove = true\n";
        let v = crate::test_support::ini_variant(text);
        let mut p = Position::start(&v);
        let moves = crate::test_support::legal_uci(&p);
        // pyffish 0.0.90: 20 piece moves with the empty wall field, 8 walls.
        assert_eq!(moves.len(), 28);
        assert!(moves.contains(&"e2e4,e4a1".to_string()));
        assert!(moves.contains(&"a1a1,a1h6".to_string()));
        let mut q = p.clone();
        crate::test_support::play_uci(&mut q, "e2e4,e4a1");
        assert_eq!(
            q.to_fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        crate::test_support::play_uci(&mut p, "a1a1,a1h5");
        // pyffish 0.0.90: the Rook written with the pass keeps its right,
        // and Black passes with its own first piece (a7), not the wall.
        assert_eq!(
            p.to_fen(),
            "rnbqkbnr/pppppppp/8/7*/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"
        );
        assert!(crate::test_support::legal_uci(&p).contains(&"a7a7,a7g5".to_string()));
        p.unmake();
        crate::test_support::play_uci(&mut p, "a1a1,a1a3");
        assert_eq!(
            p.to_fen(),
            "rnbqkbnr/pppppppp/8/8/8/*7/PPPPPPPP/RNBQKBNR b KQkq - 1 1"
        );
        // In check, no wall, not even one that would block the check on
        // f7 or g6 (pyffish 0.0.90: the King's four steps only).
        let checked = Position::from_fen(&v, "4k3/8/8/7Q/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(
            crate::test_support::legal_uci(&checked),
            ["e8d7,d7a1", "e8d8,d8a1", "e8e7,e7a1", "e8f8,f8a1"]
        );
        let walls: Vec<String> = crate::test_support::legal_uci_starting(&p, "a7a7");
        // pyffish 0.0.90: Black passes with its first piece, a7; b3 is
        // next to the new wall.
        assert_eq!(
            walls,
            [
                "a7a7,a7a4",
                "a7a7,a7a5",
                "a7a7,a7a6",
                "a7a7,a7b3",
                "a7a7,a7h3",
                "a7a7,a7h4",
                "a7a7,a7h5",
                "a7a7,a7h6"
            ]
        );
    }

    #[test]
    fn past_walls_the_cell_left() {
        // Snailtrail: a King step, then a wall where the piece stood.
        let p = pos("snailtrail", "6p/7/7/7/7/7/P6 w - - 0 1");
        let moves = p.legal_moves();
        assert_eq!(moves.len(), 3);
        assert!(moves.iter().all(|m| m.wall() == m.from()));
        let mut q = p.clone();
        q.play(parse_move(&p, "a1b2,b2a1").unwrap()).unwrap();
        assert_eq!(q.to_fen(), "6p/7/7/7/7/1P5/*6 b - - 1 1");
    }

    #[test]
    fn a_wall_blocks_and_cannot_be_taken() {
        // Amazons: the arrow on c1 blocks the a1 Amazon's rank.
        let mut p = pos("amazons", "10/10/10/10/10/10/10/10/10/Q1*5q1 w - - 0 1");
        let moves = p.legal_moves();
        assert!(moves.iter().all(|m| m.to() != CellId(2)));
        assert!(moves
            .iter()
            .all(|m| m.to() != CellId(1) || m.wall().is_some()));
        let n = perft(&mut p, 1);
        assert_eq!(n, moves.len() as u64);
    }

    #[test]
    fn the_duck_moves_on() {
        let p = pos(
            "duck",
            "rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        );
        let m = parse_move(&p, "e2e3,e3e4");
        assert!(m.is_err(), "the duck may not stay on e4");
        let mut q = p.clone();
        q.play(parse_move(&p, "e2e3,e3d5").unwrap()).unwrap();
        assert_eq!(
            q.to_fen(),
            "rnbqkbnr/pppppppp/8/3*4/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(q.walls().len(), 1);
        let mut r = q.clone();
        r.unmake();
        assert_eq!(r, p);
        assert_eq!(r.hash(), p.hash());
    }

    #[test]
    fn edge_rule_cells() {
        // A 7x7 Isolation board with the edge rule: only edge cells and
        // the neighbours of d4's wall.
        let v = Registry::builtin().get("isolation7x7").unwrap();
        let mut p = Position::from_fen(&v, "3p3/7/7/3*3/7/7/3P3 w - - 0 1").unwrap();
        let w = Walls {
            rule: WallRule::Edge,
            piece: v.rules.walls.as_ref().unwrap().piece,
            region: [CellSet::full(49), CellSet::full(49)],
            or_move: false,
        };
        let mut out = MoveList::new();
        p.pseudo_moves(&mut out);
        let base: MoveList = out.iter().map(|m| m.without_wall()).collect();
        let mut one = vec![base[0]];
        p.add_walls(&w, &mut one, 0);
        let g = &v.geometry;
        let names: Vec<&str> = one.iter().map(|m| g.name(m.wall().unwrap())).collect();
        assert!(names.contains(&"d5") && names.contains(&"a4") && !names.contains(&"c3"));
        p.make_unchecked(out[0]);
        p.unmake();
    }
}
