//! Dynamic mobility: how many cells each piece really reaches in this
//! position, the largest positional term of classical engines and one the
//! piece-square tables (mobility on an EMPTY board) cannot see: a Bishop
//! behind its own Pawns, a Rook on a closed file.
//!
//! A cell counts for a piece when one of its compiled moves (plain and
//! conditional leaps, slides, cannon and grasshopper hops, the same walk as
//! move generation) ends there — quietly on an empty cell or capturing an
//! enemy — and no enemy pawn-like piece attacks it (a cell a Pawn covers is
//! no square to go to). Leg programs are not run (too slow for every node);
//! initial-only and first-move moves do not count. Royal and pawn-like
//! pieces are not counted: their safety and structure are other terms.
//!
//! The weight of a cell shrinks with the piece's reach: a Knight's eighth
//! move matters more than a Queen's twenty-seventh. Per type, a reachable
//! cell is worth [`MOB_MG`] / sqrt(most cells the piece reaches from any
//! cell of an empty board) in the middlegame and [`MOB_EG_PER_MG`] times
//! that in the endgame (the shape of Stockfish's classical mobility tables,
//! which give about 11 cp a move to a Knight, 8 to a Rook and 5 to a Queen
//! in the middlegame, fitted by one constant; they grow in the endgame).
//! A piece reaching [`MOB_CENTRE`] of its empty-board average scores 0, so a
//! trade of equally mobile pieces changes nothing. The rule is the same on
//! every board, 2D or 3D, with drops or without.
//!
//! The same walk records every cell each piece attacks in the evaluation's
//! attack map ([`crate::eval_attacks`]); royal pieces are walked for it too
//! (their mobility is not scored), pawn-like pieces' attacks come from
//! [`Mobility::guards`].

use menagerie_geometry::CellId;
use menagerie_rules::movegen::tables::{flag, RayKind};
use menagerie_rules::{Color, Piece, PieceType, Position, Variant};

use crate::eval_attacks::{AttackMap, NO_TAG};

/// Middlegame weight of a reachable cell times the square root of the
/// piece's largest empty-board reach (centipawns): 32 gives a Knight 11 cp
/// a cell, a Bishop 9, a Rook 8.5, a Queen 6.
pub const MOB_MG: f64 = 32.0;
/// Endgame weight of a cell relative to the middlegame weight.
pub const MOB_EG_PER_MG: f64 = 1.5;
/// The reach (fraction of the piece's average empty-board reach) that
/// scores 0.
pub const MOB_CENTRE: f64 = 0.5;
/// Boards of up to 64 times this many cells keep the cells enemy pawns
/// attack in a bit set on the stack (larger ones allocate it).
const GUARD_WORDS: usize = 16;
/// Fixed-point scale of the per-cell weights (weights in 1/16 cp).
pub const MOB_FRAC: i32 = 16;

/// Mobility data of one variant.
#[derive(Debug, Clone)]
pub struct Mobility {
    cells: usize,
    /// Per type: middlegame and endgame weight of a cell, in 1/[`MOB_FRAC`]
    /// cp (0: the type is not counted).
    per_cell: Vec<(i32, i32)>,
    /// Per type: what a piece at the centre reach scores, subtracted once
    /// per piece (1/[`MOB_FRAC`] cp).
    offset: Vec<(i32, i32)>,
    types: usize,
    /// A bit per pawn-like type.
    pawn_types: u64,
    /// Per (colour, type, cell): range into `attacks` (pawn-like types).
    attack_at: Vec<u32>,
    /// Cells a pawn-like piece attacks.
    attacks: Vec<CellId>,
    /// Per type: its attacks are walked for the attack map (not pawn-like:
    /// those come from [`Mobility::guards`]).
    attacking: Vec<bool>,
}

impl Mobility {
    /// Derives the weights of a variant; `counted[k]`: type `k` is scored
    /// (not royal, not pawn-like); `pawnlike[k]`: its attacks make a cell
    /// unsafe for the enemy; `attacking[k]`: its moves are walked for the
    /// attack map even when its mobility is not scored (royal pieces).
    #[must_use]
    pub fn new(v: &Variant, counted: &[bool], pawnlike: &[bool], attacking: &[bool]) -> Mobility {
        let g = &v.geometry;
        let n = g.len();
        let types = counted.len();
        let empty = vec![Piece::EMPTY; n];
        let no_guard = |_: CellId| false;
        let mut per_cell = vec![(0, 0); types];
        let mut offset = vec![(0, 0); types];
        for k in 0..types {
            if !counted[k] || n == 0 {
                continue;
            }
            let reach: Vec<i32> = g
                .cells()
                .map(|s| reach(v, &empty, Color::White, k as PieceType, s, no_guard, |_| {}))
                .collect();
            let most = reach.iter().copied().max().unwrap_or(0);
            if most == 0 {
                continue;
            }
            let avg = f64::from(reach.iter().sum::<i32>()) / n as f64;
            let mg = MOB_MG / f64::from(most).sqrt();
            let eg = mg * MOB_EG_PER_MG;
            let frac = f64::from(MOB_FRAC);
            per_cell[k] = ((mg * frac).round() as i32, (eg * frac).round() as i32);
            let centre = avg * MOB_CENTRE;
            offset[k] = (
                (f64::from(per_cell[k].0) * centre).round() as i32,
                (f64::from(per_cell[k].1) * centre).round() as i32,
            );
        }
        let mut attack_at = Vec::with_capacity(2 * types * n + 1);
        let mut attacks = Vec::new();
        let mut pawn_types = 0u64;
        attack_at.push(0);
        for c in Color::BOTH {
            for (k, &pawn) in pawnlike.iter().enumerate() {
                if pawn {
                    pawn_types |= 1 << k;
                }
                for s in g.cells() {
                    if pawn {
                        let m = v.tables.at(c, k as PieceType, s);
                        let targets = m
                            .leaps
                            .iter()
                            .map(|l| (l.to, l.flags))
                            .chain(m.conds.iter().map(|l| (l.to, l.flags)));
                        for (to, f) in targets {
                            if f & flag::CAPTURE != 0 && f & flag::INITIAL == 0 {
                                attacks.push(to);
                            }
                        }
                    }
                    attack_at.push(attacks.len() as u32);
                }
            }
        }
        Mobility {
            cells: n,
            types,
            per_cell,
            offset,
            pawn_types,
            attack_at,
            attacks,
            attacking: attacking.to_vec(),
        }
    }

    /// The cells `by`'s pawn-like pieces attack in `pos`, also recorded in
    /// `map` (with each type's value rank from `ranks`).
    #[must_use]
    pub fn guards(&self, pos: &Position, by: Color, map: &mut AttackMap, ranks: &[u8]) -> GuardSet {
        let mut g = GuardSet::new(self.cells);
        let mut bits = pos.present(by) & self.pawn_types;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut side = map.side(by, k as PieceType, ranks[k], NO_TAG);
            let base = (by.idx() * self.types + k) * self.cells;
            for &s in pos.cells_of(by, k as PieceType) {
                let (a, b) = (
                    self.attack_at[base + s.idx()] as usize,
                    self.attack_at[base + s.idx() + 1] as usize,
                );
                for &x in &self.attacks[a..b] {
                    g.insert(x);
                    side.add(x);
                }
            }
        }
        g
    }

    /// The mobility of `c`'s pieces of type `k` standing on `cells`, with
    /// the enemy pawns' attacks `unsafe_cells`: middlegame and endgame parts
    /// in 1/[`MOB_FRAC`] cp. Their attacks go into `map` with the type's
    /// value rank `rank` (checks on cells tagged `tag`, see
    /// [`Self::mark_checks`]); `royal`: they are royal (they defend, but do
    /// not count as king attackers).
    #[must_use]
    #[allow(clippy::too_many_arguments)]
    pub fn score(
        &self,
        pos: &Position,
        c: Color,
        k: PieceType,
        cells: &[CellId],
        unsafe_cells: &GuardSet,
        map: &mut AttackMap,
        royal: bool,
        rank: u8,
        tag: u8,
    ) -> (i32, i32) {
        let (wm, we) = self.per_cell[usize::from(k)];
        if wm == 0 && we == 0 && !self.attacking[usize::from(k)] {
            return (0, 0);
        }
        let (om, oe) = self.offset[usize::from(k)];
        let v = pos.variant();
        let board = pos.board();
        let (mut mg, mut eg) = (0, 0);
        let mut zone_attackers = 0;
        let mut side = map.side(c, k, rank, tag);
        for &s in cells {
            let mut zone = false;
            let r = reach(
                v,
                board,
                c,
                k,
                s,
                |x| unsafe_cells.contains(x),
                |x| zone |= side.add(x),
            );
            zone_attackers += u8::from(zone && !royal);
            mg += wm * r - om;
            eg += we * r - oe;
        }
        map.note_king_attackers(c, zone_attackers);
        (mg, eg)
    }

    /// Tags in `map` with `tag` the cells from which `by`'s piece of type
    /// `k` would attack the cell `royal` in `pos`: the cells a piece of
    /// that type of the other colour attacks from `royal` (exact for moves
    /// symmetric left to right; a lame leap's leg is looked for next to
    /// `royal` rather than next to the checking piece).
    pub fn mark_checks(
        &self,
        pos: &Position,
        by: Color,
        k: PieceType,
        royal: CellId,
        map: &mut AttackMap,
        tag: u8,
    ) {
        let v = pos.variant();
        reach(
            v,
            pos.board(),
            by.flip(),
            k,
            royal,
            |_| false,
            |x| map.mark_check(x, tag),
        );
    }
}

/// A set of cells, on the stack for boards of up to 64 × `GUARD_WORDS`
/// cells.
#[derive(Debug, Clone)]
pub struct GuardSet {
    small: [u64; GUARD_WORDS],
    large: Vec<u64>,
}

impl GuardSet {
    fn new(cells: usize) -> GuardSet {
        GuardSet {
            small: [0; GUARD_WORDS],
            large: if cells > GUARD_WORDS * 64 {
                vec![0; cells.div_ceil(64)]
            } else {
                Vec::new()
            },
        }
    }

    #[inline]
    fn words(&self) -> &[u64] {
        if self.large.is_empty() {
            &self.small
        } else {
            &self.large
        }
    }

    #[inline]
    fn insert(&mut self, x: CellId) {
        let w = if self.large.is_empty() {
            &mut self.small[..]
        } else {
            &mut self.large[..]
        };
        w[x.idx() / 64] |= 1 << (x.idx() % 64);
    }

    /// True when `x` is in the set.
    #[inline]
    #[must_use]
    pub fn contains(&self, x: CellId) -> bool {
        self.words()[x.idx() / 64] >> (x.idx() % 64) & 1 != 0
    }
}

/// Cells a piece of `c`, type `k`, on `s` reaches on `board` (see the module
/// documentation), `unsafe_cell` excluded; `hit` is called with every cell
/// the piece attacks (a capturing move ends there, whatever stands on it:
/// an own piece is defended).
#[inline]
fn reach(
    v: &Variant,
    board: &[Piece],
    c: Color,
    k: PieceType,
    s: CellId,
    unsafe_cell: impl Fn(CellId) -> bool,
    mut hit: impl FnMut(CellId),
) -> i32 {
    // A move with flags `f` (or a ray stop) ending on `to`: counted?
    let ends = |to: CellId, f: u8| -> bool {
        let p = board[to.idx()];
        let fits = if p.is_empty() {
            f & flag::QUIET != 0
        } else {
            !p.is_color(c) && f & flag::CAPTURE != 0
        };
        fits && !unsafe_cell(to)
    };
    let skip = flag::INITIAL | flag::FIRST_MOVE;
    let m = v.tables.at(c, k, s);
    let mut n = 0;
    for l in m.leaps {
        if l.flags & skip == 0 {
            n += i32::from(ends(l.to, l.flags));
            if l.flags & flag::CAPTURE != 0 {
                hit(l.to);
            }
        }
    }
    for l in m.conds {
        if l.flags & skip != 0 {
            continue;
        }
        let path = &l.path[..usize::from(l.path_len)];
        if path.iter().all(|x| board[x.idx()].is_some() == l.occupied) {
            n += i32::from(ends(l.to, l.flags));
            if l.flags & flag::CAPTURE != 0 {
                hit(l.to);
            }
        }
    }
    for r in m.rays {
        if r.flags & skip != 0 {
            continue;
        }
        let cells = v.tables.ray_cells(r);
        let stops = v.tables.ray_stops(r);
        let first = || cells.iter().position(|x| board[x.idx()].is_some());
        // Where the walk starts, and whether it ends after one cell.
        let (from, one) = match r.kind {
            RayKind::Slide => (Some(0), false),
            RayKind::Cannon => (first().map(|i| i + 1), false),
            RayKind::FriendCannon => match first() {
                Some(i) if board[cells[i].idx()].is_color(c) => (Some(i + 1), false),
                _ => (None, false),
            },
            RayKind::Grasshopper => (first().map(|i| i + 1), true),
        };
        let Some(from) = from else { continue };
        for (&x, &st) in cells[from..].iter().zip(&stops[from..]) {
            n += i32::from(ends(x, st));
            if st & flag::CAPTURE != 0 {
                hit(x);
            }
            if one || board[x.idx()].is_some() {
                break;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::EvalTables;
    use crate::eval_weights::term;
    use menagerie_rules::Registry;

    fn mobility(id: &str, fen: &str) -> ([i32; 2], [i32; 2]) {
        crate::eval::term_in(id, fen, term::MOBILITY)
    }

    /// A cell is worth less to a piece that reaches more: Knight, Bishop,
    /// Rook, Queen in falling order, all in the range the module names.
    #[test]
    fn chess_weights_fall_with_reach() {
        let v = Registry::builtin().get("chess").unwrap();
        let e = EvalTables::new(&v);
        let p = Position::start(&v);
        let m = Mobility::new(&v, &[true; 6], &[false; 6], &[true; 6]);
        let w = |key: &str| m.per_cell[usize::from(v.piece_by_key(key).unwrap())].0;
        let (n, b, r, q) = (w("N"), w("B"), w("R"), w("Q"));
        assert!(n > b && b > r && r > q && q > 0, "{n} {b} {r} {q}");
        assert!((10 * MOB_FRAC..=12 * MOB_FRAC).contains(&n), "{n}");
        assert!((5 * MOB_FRAC..=7 * MOB_FRAC).contains(&q), "{q}");
        // The start position is symmetric.
        let t = e.terms(&p);
        assert_eq!(t.mg[term::MOBILITY][0], t.mg[term::MOBILITY][1]);
    }

    /// Developed pieces score more than the same pieces shut in; the
    /// colour-flipped position gives each side the other's score.
    #[test]
    fn developed_beats_cramped_and_colours_mirror() {
        // White developed (Knights, Bishops out), Black's still at home.
        let dev = "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 5 4";
        let mirror = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 5 5";
        let (mg, eg) = mobility("chess", dev);
        assert!(mg[0] > mg[1] + 40 && eg[0] > eg[1] + 60, "{mg:?} {eg:?}");
        let (fm, fe) = mobility("chess", mirror);
        assert_eq!((fm, fe), ([mg[1], mg[0]], [eg[1], eg[0]]));
        let v = Registry::builtin().get("chess").unwrap();
        let e = EvalTables::new(&v);
        let a = e.evaluate(&Position::from_fen(&v, dev).unwrap());
        let b = e.evaluate(&Position::from_fen(&v, mirror).unwrap());
        assert_eq!(a, b, "each side to move sees the same position");
    }

    /// Cells an enemy Pawn attacks do not count: a Knight on f3 (its own
    /// King on e1) reaches 7 cells; Black Pawns on e5 and g5 take d4 and
    /// h4 away (the Pawns themselves count: it may capture them).
    #[test]
    fn cells_enemy_pawns_attack_do_not_count() {
        let v = Registry::builtin().get("chess").unwrap();
        let n = v.piece_by_key("N").unwrap();
        let pawn: Vec<bool> = v.pieces.iter().map(|p| p.key == "P").collect();
        let m = Mobility::new(&v, &vec![true; pawn.len()], &pawn, &vec![true; pawn.len()]);
        let reach_of = |fen: &str| {
            let p = Position::from_fen(&v, fen).unwrap();
            let mut map = AttackMap::new(v.geometry.len());
            let guards = m.guards(&p, Color::Black, &mut map, &[0; 6]);
            let f3 = v.geometry.parse_cell("f3").unwrap();
            super::reach(
                &v,
                p.board(),
                Color::White,
                n,
                f3,
                |x| guards.contains(x),
                |_| {},
            )
        };
        assert_eq!(reach_of("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1"), 7);
        assert_eq!(reach_of("4k3/8/8/4p1p1/8/5N2/8/4K3 w - - 0 1"), 5);
    }

    /// Against a bare royal, mobility is not scored (mop-up drives the
    /// mate); with a piece left on each side it is.
    #[test]
    fn a_bare_royal_turns_mobility_off() {
        let (mg, eg) = mobility("chess", "8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        assert_eq!((mg, eg), ([0; 2], [0; 2]));
        let (mg, _) = mobility("chess", "8/8/8/3k4/8/8/1n6/R3K3 w - - 0 1");
        assert!(mg[0] != 0 && mg[1] != 0, "{mg:?}");
    }

    /// Drops, cannons and 3D boards: the term is defined and mirrors.
    #[test]
    fn other_families_score_the_start_evenly() {
        let reg = Registry::builtin();
        for id in [
            "shogi",
            "crazyhouse",
            "xiangqi",
            "joshua",
            "missing-ox",
            "janggi",
        ] {
            let v = reg.get(id).unwrap();
            let e = EvalTables::new(&v);
            let t = e.terms(&Position::start(&v));
            let m = t.mg[term::MOBILITY];
            assert_eq!(m[0], m[1], "{id}");
        }
    }
}
