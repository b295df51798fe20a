//! Pawn structure and passed pawns: the terms of the evaluation that look at
//! the pawn-like pieces of both sides together (who stands ahead on which
//! file, who defends whom, how free a passer's path is). They are a module
//! of their own because they need what the rest of the evaluation has
//! finished: the attack map of both sides ([`crate::eval_attacks`]) and the
//! cells each side's pawns attack ([`GuardSet`]), so they run after the
//! walk over the pieces, not inside it.
//!
//! Everything comes from the variant's data. A piece is pawn-like as decided
//! in [`crate::eval`]; a file is an (x, z) column and White's pawns advance
//! towards higher ranks, as the passed-pawn test has always assumed. The
//! cell *ahead* of a pawn is its one quiet single step (a Berolina pawn or a
//! 3D pawn with two such steps has none, and gets no path terms); its
//! distance to promotion is counted in ranks to the nearest cell of its
//! zone.
//!
//! * Passed (no enemy pawn ahead on its or a next file): a bonus by cell,
//!   the endgame scale, a third of it in the middlegame; doubled and
//!   isolated pawns a small penalty.
//! * Passers near promotion (the last four ranks in chess) also score, weighed by
//!   their urgency (growing as they near the zone, and with what the
//!   promotion gains): in the endgame the kings' distances to the cell ahead
//!   (the enemy's far is good, the own's near is good), how free the path
//!   is (no enemy piece on it and none attacking it; or at least the cell
//!   ahead safe; more when the own side defends the cell ahead); nothing
//!   of the path bonus when the cell ahead is occupied (a blocked passer).
//!   Against a side with nothing but pawns and royals, a passer whose path
//!   is empty and whose promotion cell the enemy royal cannot reach in time
//!   (the rule of the square) gains most of its promotion.
//! * Connected pawns (defended by an own pawn, or beside one on the same
//!   rank): a bonus that grows fast near the zone, less when an enemy pawn
//!   stands ahead on the file, more for a pawn beside another.

use menagerie_geometry::{CellId, MAX_FILES, MAX_LEVELS};
use menagerie_rules::movegen::tables::flag;
use menagerie_rules::{Color, PieceType, Position, Variant};

use crate::eval_attacks::AttackMap;
use crate::eval_mobility::GuardSet;
use crate::eval_weights::term;

/// Slots of the per-file pawn tables (a file is an (x, z) column).
pub const FILE_SLOTS: usize = MAX_FILES * MAX_LEVELS;

/// The slot of the file (x, z) in the per-file tables.
#[must_use]
pub fn file_slot(x: i16, z: i16) -> usize {
    z as usize * MAX_FILES + x as usize
}

/// The "no cell" mark of the per-cell tables.
const NO_CELL: u16 = u16::MAX;

/// Penalty for a doubled pawn-like piece (middlegame, endgame).
const DOUBLED: (i32, i32) = (8, 16);
/// Penalty for an isolated pawn-like piece (middlegame, endgame).
const ISOLATED: (i32, i32) = (8, 10);
/// The middlegame part of the passed bonus is its endgame value divided by
/// this (a passer decides endgames; in the middlegame it is one weakness
/// among many).
const PASSED_MG_DIV: i32 = 3;

/// Passers this many ranks from their zone or nearer get the path and king
/// terms (farther ones are slow: the pieces decide).
const PASSER_NEAR_RANKS: i32 = 4;
/// Urgency of a passer [`PASSER_NEAR_RANKS`] from its zone.
const URGENCY_FAR: i32 = 2;
/// Urgency added per rank nearer (a passer one step from promotion:
/// 2 + 3 · 5 = 17).
const URGENCY_PER_RANK: i32 = 5;
/// The promotion gain (in the variant's smallest piece values) at which the
/// urgency is as above; more gain scales it up, less down (a passer that
/// only becomes a minor piece matters less).
const URGENCY_REF_GAIN: f64 = 8.0;
/// The path and king terms are in half centipawns per unit of urgency.
const PASSER_DIV: i32 = 2;
/// King distances count up to this many cells (farther is as far).
const KING_FAR: i32 = 5;
/// Per cell of the enemy royal's distance from the cell ahead (endgame).
const KING_THEM: i32 = 5;
/// Per cell of the own royal's distance from the cell ahead (endgame,
/// subtracted).
const KING_US: i32 = 2;
/// Per cell of the own royal's distance from the cell two ahead (endgame,
/// subtracted): it escorts the pawn's next step too.
const KING_US_NEXT: i32 = 1;
/// Path bonus when no enemy piece stands on or attacks any cell of the
/// path to the zone.
const PATH_FREE: i32 = 32;
/// Path bonus when the path is contested but the cell ahead is safe.
const PATH_STEP: i32 = 10;
/// Added to the path bonus when the own side attacks (defends) the cell
/// ahead.
const PATH_DEFENDED: i32 = 6;
/// A passer the enemy royal cannot catch (nothing but pawns and royals
/// against it) gains this fraction of its promotion gain, in percent
/// (endgame): not all of it, the search still has to see it through.
const UNSTOPPABLE_PCT: f64 = 60.0;

/// Connected bonus, a pawn one rank from its zone (middlegame,
/// centipawns); it halves with each rank farther.
const CONNECTED_NEAR: i32 = 64;
/// Connected bonus at any distance (a chain holds even at home).
const CONNECTED_BASE: i32 = 3;
/// Added for a pawn defended by an own pawn (middlegame).
const CONNECTED_SUPPORT: i32 = 10;
/// The connected bonus's endgame part is its middlegame part times
/// (this − ranks to the zone) / this: a chain far from the zone is
/// a target in the endgame rather than a strength.
const CONNECTED_EG_RANKS: i32 = 5;

/// Pawn-structure data of one variant.
#[derive(Debug, Clone)]
pub struct PawnTables {
    cells: usize,
    types: usize,
    /// A bit per pawn-like type.
    pawn_types: u64,
    /// A bit per royal type.
    royal_types: u64,
    /// Passed bonus per (colour, type, cell) (endgame scale).
    passed: Vec<i32>,
    /// Per (colour, type, cell): the cell ahead (`NO_CELL`: none).
    ahead: Vec<u16>,
    /// Per (colour, type, cell): a passer's urgency (0: too far, or no
    /// cell ahead).
    urgency: Vec<i32>,
    /// Per (colour, type, cell): ranks to the zone (0: in it or none).
    ranks_to_zone: Vec<u8>,
    /// Per type: what promotion gains, clamped (centipawns).
    gain: Vec<i32>,
    /// Per file slot: the slots of the files next to it, diagonally
    /// included.
    file_neighbours: Vec<Vec<u16>>,
    /// Per cell: range into `beside_cells`.
    beside_at: Vec<u32>,
    /// Cells on the same rank and a next file.
    beside_cells: Vec<CellId>,
}

/// What promoting a piece of type `k` gains (the best choice's value less
/// its own), clamped to twelve of the smallest piece values.
#[must_use]
pub fn promotion_gain(v: &Variant, value: &[i32], k: usize, min_value: i32) -> i32 {
    let gain = v.pieces[k]
        .promotion
        .as_ref()
        .map_or(0, |p| {
            p.to.iter()
                .map(|&t| value[usize::from(t)])
                .max()
                .unwrap_or(0)
                - value[k]
        })
        .max(0);
    gain.min(4 * min_value * 3)
}

/// The one quiet, not-first-move single step of a piece, if it has exactly
/// one.
fn single_step(v: &Variant, c: Color, k: PieceType, s: CellId) -> Option<CellId> {
    let m = v.tables.at(c, k, s);
    let quiet = |f: u8| f & flag::QUIET != 0 && f & flag::INITIAL == 0;
    let mut steps = m
        .leaps
        .iter()
        .filter(|l| quiet(l.flags))
        .map(|l| l.to)
        .chain(m.conds.iter().filter(|l| quiet(l.flags)).map(|l| l.to));
    match (steps.next(), steps.next()) {
        (Some(to), None) if m.rays.is_empty() => Some(to),
        _ => None,
    }
}

impl PawnTables {
    /// Derives the tables; `passed`: the passed bonus per (colour, type,
    /// cell), `value`: piece values, `min_value`: the smallest.
    #[must_use]
    pub fn new(
        v: &Variant,
        pawnlike: &[bool],
        passed: Vec<i32>,
        value: &[i32],
        min_value: i32,
    ) -> PawnTables {
        let g = &v.geometry;
        let n = g.len();
        let types = pawnlike.len();
        let mut ahead = vec![NO_CELL; 2 * types * n];
        let mut urgency = vec![0; 2 * types * n];
        let mut ranks_to_zone = vec![0u8; 2 * types * n];
        let gain: Vec<i32> = (0..types)
            .map(|k| promotion_gain(v, value, k, min_value))
            .collect();
        for c in Color::BOTH {
            for k in (0..types).filter(|&k| pawnlike[k]) {
                let Some(pr) = &v.pieces[k].promotion else {
                    continue;
                };
                let zone = &pr.zone[c.idx()];
                let scale = f64::from(gain[k]) / (URGENCY_REF_GAIN * f64::from(min_value));
                let base = (c.idx() * types + k) * n;
                for s in g.cells() {
                    let y = i32::from(g.coord(s).y);
                    let ranks = zone
                        .iter()
                        .map(|z| (i32::from(g.coord(z).y) - y).abs())
                        .min()
                        .unwrap_or(0);
                    ranks_to_zone[base + s.idx()] = ranks.min(i32::from(u8::MAX)) as u8;
                    let Some(to) = single_step(v, c, k as PieceType, s) else {
                        continue;
                    };
                    ahead[base + s.idx()] = to.0;
                    if (1..=PASSER_NEAR_RANKS).contains(&ranks) {
                        let u = URGENCY_FAR + URGENCY_PER_RANK * (PASSER_NEAR_RANKS - ranks);
                        urgency[base + s.idx()] = (f64::from(u) * scale).round() as i32;
                    }
                }
            }
        }
        let mut beside_at = Vec::with_capacity(n + 1);
        let mut beside_cells = Vec::new();
        beside_at.push(0);
        for s in g.cells() {
            let a = g.coord(s);
            for dz in -1..=1 {
                for dx in [-1, 0, 1] {
                    if (dx, dz) == (0, 0) {
                        continue;
                    }
                    if let Some(b) =
                        g.cell_at(i32::from(a.x) + dx, i32::from(a.y), i32::from(a.z) + dz)
                    {
                        beside_cells.push(b);
                    }
                }
            }
            beside_at.push(beside_cells.len() as u32);
        }
        PawnTables {
            cells: n,
            types,
            pawn_types: bits(pawnlike),
            royal_types: bits(&v.pieces.iter().map(|p| p.royal).collect::<Vec<_>>()),
            passed,
            ahead,
            urgency,
            ranks_to_zone,
            gain,
            file_neighbours: file_neighbours(g.files() as i16, g.levels().max(1) as i16),
            beside_at,
            beside_cells,
        }
    }
}

/// A bit per type for which `set` holds.
fn bits(set: &[bool]) -> u64 {
    set.iter()
        .enumerate()
        .filter(|(_, &b)| b)
        .fold(0, |m, (k, _)| m | (1 << k))
}

/// Per file slot, the slots of the files next to it (diagonally included).
fn file_neighbours(files: i16, levels: i16) -> Vec<Vec<u16>> {
    let mut t = vec![Vec::new(); FILE_SLOTS];
    for z in 0..levels {
        for x in 0..files {
            for nz in (z - 1).max(0)..=(z + 1).min(levels - 1) {
                for nx in (x - 1).max(0)..=(x + 1).min(files - 1) {
                    if (nx, nz) != (x, z) {
                        t[file_slot(x, z)].push(file_slot(nx, nz) as u16);
                    }
                }
            }
        }
    }
    t
}

/// Per side and file: how many pawn-like pieces, and the rank of the
/// rearmost (lowest for White, highest for Black): what the pawn terms ask
/// of other pawns, in one pass instead of a pawn-by-pawn comparison.
struct Files {
    pawns_on: [[u8; FILE_SLOTS]; 2],
    rearmost: [[i8; FILE_SLOTS]; 2],
}

impl Files {
    /// True when side `ci`'s rearmost pawn on file `f` stands ahead of rank
    /// `y` as seen by the other side (it blocks the other side's pawn there).
    #[inline]
    fn ahead_of(&self, ci: usize, f: usize, y: i8) -> bool {
        let r = self.rearmost[ci][f];
        if ci == 1 {
            r > y
        } else {
            r < y
        }
    }
}

/// What the pawn terms read of the rest of the evaluation.
#[derive(Debug)]
pub struct PawnContext<'a> {
    /// Coordinates of each cell.
    pub xyz: &'a [(i16, i16, i16)],
    /// Per side, its royal pieces' coordinates.
    pub kings: [&'a [(i16, i16, i16)]; 2],
    /// The attack map of both sides.
    pub map: &'a AttackMap,
    /// Per side, the cells its pawn-like pieces attack.
    pub guards: [&'a GuardSet; 2],
}

/// Chebyshev distance in cells.
fn cheb(a: (i16, i16, i16), b: (i16, i16, i16)) -> i32 {
    i32::from(
        (a.0 - b.0)
            .abs()
            .max((a.1 - b.1).abs())
            .max((a.2 - b.2).abs()),
    )
}

impl PawnTables {
    /// Adds the pawn terms of `pos` to `mg` and `eg` (per term and colour).
    pub fn score(
        &self,
        pos: &Position,
        cx: &PawnContext<'_>,
        mg: &mut [[i32; 2]; term::COUNT],
        eg: &mut [[i32; 2]; term::COUNT],
    ) {
        let files = self.files(pos, cx.xyz);
        for c in Color::BOTH {
            let mut bits = pos.present(c) & self.pawn_types;
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for &s in pos.cells_of(c, k as PieceType) {
                    self.score_pawn(pos, cx, &files, c, k, s, mg, eg);
                }
            }
        }
    }

    /// The per-file census of both sides' pawn-like pieces.
    fn files(&self, pos: &Position, xyz: &[(i16, i16, i16)]) -> Files {
        let mut f = Files {
            pawns_on: [[0; FILE_SLOTS]; 2],
            rearmost: [[i8::MAX; FILE_SLOTS], [i8::MIN; FILE_SLOTS]],
        };
        for c in Color::BOTH {
            let ci = c.idx();
            let mut bits = pos.present(c) & self.pawn_types;
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for &s in pos.cells_of(c, k as PieceType) {
                    let (x, y, z) = xyz[s.idx()];
                    let slot = file_slot(x, z);
                    f.pawns_on[ci][slot] = f.pawns_on[ci][slot].saturating_add(1);
                    let y = y as i8;
                    let r = &mut f.rearmost[ci][slot];
                    *r = if ci == 0 { (*r).min(y) } else { (*r).max(y) };
                }
            }
        }
        f
    }

    /// The terms of `c`'s pawn-like piece of type `k` on `s`.
    #[allow(clippy::too_many_arguments)]
    fn score_pawn(
        &self,
        pos: &Position,
        cx: &PawnContext<'_>,
        files: &Files,
        c: Color,
        k: usize,
        s: CellId,
        mg: &mut [[i32; 2]; term::COUNT],
        eg: &mut [[i32; 2]; term::COUNT],
    ) {
        let ci = c.idx();
        let at = (ci * self.types + k) * self.cells + s.idx();
        let (x, y, z) = cx.xyz[s.idx()];
        let y = y as i8;
        // Passed: no enemy pawn ahead on this or a neighbouring file;
        // isolated: no own pawn on a neighbouring file.
        let own = file_slot(x, z);
        let opposed = files.ahead_of(1 - ci, own, y);
        let mut stopped = opposed;
        let mut neighbours = false;
        for &f in &self.file_neighbours[own] {
            let f = usize::from(f);
            stopped |= files.ahead_of(1 - ci, f, y);
            neighbours |= files.pawns_on[ci][f] > 0;
        }
        if !stopped {
            let b = self.passed[at];
            mg[term::PASSED][ci] += b / PASSED_MG_DIV;
            eg[term::PASSED][ci] += b;
            if self.urgency[at] > 0 {
                let (m, e) = self.passer(pos, cx, c, k, s);
                mg[term::PASSER][ci] += m;
                eg[term::PASSER][ci] += e;
            }
        }
        if files.pawns_on[ci][own] > 1 {
            mg[term::DOUBLED][ci] -= DOUBLED.0;
            eg[term::DOUBLED][ci] -= DOUBLED.1;
        }
        if !neighbours {
            mg[term::ISOLATED][ci] -= ISOLATED.0;
            eg[term::ISOLATED][ci] -= ISOLATED.1;
        }
        let (m, e) = self.connected(pos, cx, c, s, self.ranks_to_zone[at], opposed);
        mg[term::CONNECTED][ci] += m;
        eg[term::CONNECTED][ci] += e;
    }

    /// The connected bonus (middlegame, endgame) of `c`'s pawn on `s`,
    /// `ranks` from its zone; `opposed`: an enemy pawn stands ahead on its
    /// file.
    fn connected(
        &self,
        pos: &Position,
        cx: &PawnContext<'_>,
        c: Color,
        s: CellId,
        ranks: u8,
        opposed: bool,
    ) -> (i32, i32) {
        let supported = cx.guards[c.idx()].contains(s);
        let (a, b) = (
            self.beside_at[s.idx()] as usize,
            self.beside_at[s.idx() + 1] as usize,
        );
        let phalanx = self.beside_cells[a..b].iter().any(|&x| {
            let p = pos.piece(x);
            p.is_some() && p.color() == c && (self.pawn_types >> p.kind()) & 1 != 0
        });
        if !supported && !phalanx {
            return (0, 0);
        }
        let ranks = i32::from(ranks.max(1));
        let base = CONNECTED_BASE + (CONNECTED_NEAR >> (ranks - 1).min(30));
        let v = base * (2 + i32::from(phalanx) - i32::from(opposed)) / 2
            + if supported { CONNECTED_SUPPORT } else { 0 };
        let e = v * (CONNECTED_EG_RANKS - ranks).max(0) / CONNECTED_EG_RANKS;
        (v, e)
    }

    /// The path and king terms (middlegame, endgame) of `c`'s passer of
    /// type `k` on `s` (its urgency is above 0, so it has a cell ahead).
    fn passer(
        &self,
        pos: &Position,
        cx: &PawnContext<'_>,
        c: Color,
        k: usize,
        s: CellId,
    ) -> (i32, i32) {
        let ci = c.idx();
        let base = (ci * self.types + k) * self.cells;
        let w = self.urgency[base + s.idx()];
        let step = CellId(self.ahead[base + s.idx()]);
        let near = |kings: &[(i16, i16, i16)], x: CellId| {
            kings
                .iter()
                .map(|&kc| cheb(kc, cx.xyz[x.idx()]))
                .min()
                .unwrap_or(KING_FAR)
                .min(KING_FAR)
        };
        let (us, them) = (cx.kings[ci], cx.kings[1 - ci]);
        let mut e = (KING_THEM * near(them, step) - KING_US * near(us, step)) * w;
        let next = self.ahead[base + step.idx()];
        if next != NO_CELL && self.ranks_to_zone[base + step.idx()] > 0 {
            e -= KING_US_NEXT * near(us, CellId(next)) * w;
        }
        let mut m = 0;
        if pos.piece(step).is_empty() {
            let (path, contested, last) = self.path(pos, cx.map, c, base, step);
            let mut bonus = if !contested {
                PATH_FREE
            } else if cx.map.count(c.flip(), step) == 0 {
                PATH_STEP
            } else {
                0
            };
            if cx.map.count(c, step) > 0 {
                bonus += PATH_DEFENDED;
            }
            m += bonus * w;
            e += bonus * w;
            if path && self.unstoppable(pos, cx, c, s, last) {
                e += (f64::from(self.gain[k]) * UNSTOPPABLE_PCT / 100.0) as i32 * PASSER_DIV;
            }
        }
        (m / PASSER_DIV, e / PASSER_DIV)
    }

    /// Walks the path of `c`'s passer from the empty cell `step` (its
    /// tables at `base`) into the zone: whether every cell of it is empty,
    /// whether an enemy piece stands on or attacks any, and its last cell.
    fn path(
        &self,
        pos: &Position,
        map: &AttackMap,
        c: Color,
        base: usize,
        step: CellId,
    ) -> (bool, bool, CellId) {
        let (mut empty, mut contested) = (true, false);
        let mut x = step;
        loop {
            let p = pos.piece(x);
            empty &= p.is_empty();
            contested |= map.count(c.flip(), x) > 0 || (p.is_some() && p.color() != c);
            let next = self.ahead[base + x.idx()];
            if self.ranks_to_zone[base + x.idx()] == 0 || next == NO_CELL {
                return (empty, contested, x);
            }
            x = CellId(next);
        }
    }

    /// True when `c`'s passer on `s`, with an empty path ending at `last`,
    /// cannot be caught: the enemy has nothing but pawns and royals (on the
    /// board and in hand), and its nearest royal is farther from `last`
    /// than the passer (a move more when the enemy is to move).
    fn unstoppable(
        &self,
        pos: &Position,
        cx: &PawnContext<'_>,
        c: Color,
        s: CellId,
        last: CellId,
    ) -> bool {
        let them = c.flip();
        if pos.present(them) & !(self.pawn_types | self.royal_types) != 0
            || (pos.variant().rules.drops
                && (0..self.types).any(|k| pos.hand(them, k as PieceType) > 0))
        {
            return false;
        }
        let Some(catch) = cx.kings[them.idx()]
            .iter()
            .map(|&kc| cheb(kc, cx.xyz[last.idx()]))
            .min()
        else {
            return false;
        };
        let steps = cheb(cx.xyz[s.idx()], cx.xyz[last.idx()]);
        catch - i32::from(pos.side() == them) > steps
    }
}

#[cfg(test)]
mod tests {
    use crate::eval::term_in;
    use crate::eval_weights::term;

    /// The endgame part of term `t` for White minus Black in a chess FEN.
    fn eg(fen: &str, t: usize) -> i32 {
        let (_, e) = term_in("chess", fen, t);
        e[0] - e[1]
    }

    /// The middlegame part, White minus Black.
    fn mg(fen: &str, t: usize) -> i32 {
        let (m, _) = term_in("chess", fen, t);
        m[0] - m[1]
    }

    /// Mirrors a chess FEN's board and side to move (colours swapped).
    fn mirror(fen: &str) -> String {
        let mut parts = fen.split(' ');
        let board: Vec<String> = parts
            .next()
            .unwrap()
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|ch| {
                        if ch.is_ascii_uppercase() {
                            ch.to_ascii_lowercase()
                        } else {
                            ch.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if parts.next() == Some("w") { "b" } else { "w" };
        format!("{} {side} - - 0 1", board.join("/"))
    }

    #[test]
    fn the_own_king_in_front_of_a_passer_is_better_than_the_enemy_king() {
        let own = eg("8/8/3K4/3P4/8/8/8/6k1 w - - 0 1", term::PASSER);
        let enemy = eg("8/8/3k4/3P4/8/8/8/6K1 w - - 0 1", term::PASSER);
        assert!(own > enemy + 50, "{own} {enemy}");
    }

    #[test]
    fn a_blocked_passer_scores_less_than_a_free_one() {
        let free = eg("4k3/8/8/3P4/8/8/8/4K1n1 w - - 0 1", term::PASSER);
        let blocked = eg("4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1", term::PASSER);
        assert!(free > blocked, "{free} {blocked}");
        let m_free = mg("4k3/8/8/3P4/8/8/8/4K1n1 w - - 0 1", term::PASSER);
        let m_blocked = mg("4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1", term::PASSER);
        assert!(m_free > m_blocked, "{m_free} {m_blocked}");
    }

    #[test]
    fn connected_pawns_score_more_than_split_ones() {
        let phalanx = mg("4k3/8/8/3PP3/8/8/8/4K3 w - - 0 1", term::CONNECTED);
        let chain = mg("4k3/8/8/3P4/4P3/8/8/4K3 w - - 0 1", term::CONNECTED);
        let split = mg("4k3/8/8/2P2P2/8/8/8/4K3 w - - 0 1", term::CONNECTED);
        assert!(phalanx > 0 && chain > 0, "{phalanx} {chain}");
        assert_eq!(split, 0);
        // Nearer the zone, more.
        let far = mg("4k3/8/8/8/8/3PP3/8/4K3 w - - 0 1", term::CONNECTED);
        assert!(phalanx > far, "{phalanx} {far}");
    }

    #[test]
    fn a_passer_outside_the_square_is_unstoppable() {
        let outside = eg("7k/8/8/8/1P6/8/8/4K3 w - - 0 1", term::PASSER);
        let inside = eg("3k4/8/8/8/1P6/8/8/4K3 w - - 0 1", term::PASSER);
        assert!(outside > inside + 300, "{outside} {inside}");
        // The same, Black to move: one step nearer for the King.
        let caught = eg("6k1/8/8/8/1P6/8/8/4K3 b - - 0 1", term::PASSER);
        let gone = eg("6k1/8/8/8/1P6/8/8/4K3 w - - 0 1", term::PASSER);
        assert!(gone > caught + 300, "{gone} {caught}");
    }

    #[test]
    fn the_pawn_terms_are_colour_symmetric() {
        for fen in [
            "8/8/3K4/3P4/8/8/8/6k1 w - - 0 1",
            "4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1",
            "7k/8/8/8/1P6/8/8/4K3 w - - 0 1",
            "r3k2r/pp3ppp/2p5/3PP3/8/5N2/PP3PPP/R3K2R w - - 0 1",
            "4k3/1p6/8/2PP4/8/1n6/5K2/8 b - - 0 1",
        ] {
            let m = mirror(fen);
            for t in [
                term::PASSED,
                term::PASSER,
                term::CONNECTED,
                term::DOUBLED,
                term::ISOLATED,
            ] {
                assert_eq!(eg(fen, t), -eg(&m, t), "{fen} {t}");
                assert_eq!(mg(fen, t), -mg(&m, t), "{fen} {t}");
            }
        }
    }
}
