//! Correction history for the static evaluation: how far searches have
//! found the evaluation off in positions of the same pawn structure and of
//! the same material (hands included), averaged and added back to the
//! evaluation of later nodes that share them. A hand-written evaluation is
//! systematically wrong in some structures (a blocked centre, a piece in
//! hand that mates); the search measures that error at every node it
//! finishes, and this table lets the pruning margins see it.
//!
//! The keys are variant-generic: "pawns" are the non-royal types of the
//! lowest material value (chess and shogi pawns, a variant's weakest
//! soldiers), hashed with their cells; material is the count of every type
//! on the board and in hand for both sides.

use super::{Searcher, MATE_BOUND};
use crate::eval::EvalTables;
use menagerie_rules::{Color, PieceType, Position};

/// Entries per side of each correction table.
const CORR_SIZE: usize = 1 << 14;
/// Corrections are kept in units of 1/CORR_GRAIN centipawn.
const CORR_GRAIN: i32 = 256;
/// Weight of a finished node's error in the running average, at most
/// (of [`CORR_WEIGHT_SCALE`]).
const CORR_WEIGHT_MAX: i32 = 32;
/// Denominator of the running average's weights.
const CORR_WEIGHT_SCALE: i32 = 256;

/// The correction tables of one searcher and what their keys need.
pub(super) struct Corrections {
    /// By side and pawn-structure key.
    pawn: Vec<i32>,
    /// By side and material key.
    material: Vec<i32>,
    /// Types that count as pawns.
    pawn_types: Vec<PieceType>,
    /// The pawn key's term of each side, pawn type (by its place in
    /// `pawn_types`) and cell, mixed once here instead of at every node.
    pawn_terms: Vec<u64>,
    /// Cells of the board (the stride of `pawn_terms`).
    cells: usize,
}

/// A well-mixed 64-bit hash of `x` (splitmix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Corrections {
    /// Empty tables for the variant of `pos`, pawns chosen by `eval`'s values.
    pub(super) fn new(pos: &Position, eval: &EvalTables) -> Self {
        let v = pos.variant();
        let candidates: Vec<(PieceType, i32)> = (0..v.types())
            .filter(|&k| !v.pieces[k].royal)
            .map(|k| (k as PieceType, eval.value.get(k).copied().unwrap_or(100)))
            .collect();
        let low = candidates.iter().map(|&(_, x)| x).min();
        let pawn_types: Vec<PieceType> = candidates
            .iter()
            .filter(|&&(_, x)| Some(x) == low)
            .map(|&(k, _)| k)
            .collect();
        let cells = v.geometry.len();
        let mut pawn_terms = Vec::with_capacity(2 * pawn_types.len() * cells);
        for c in [Color::White, Color::Black] {
            for &k in &pawn_types {
                pawn_terms.extend(
                    (0..cells).map(|i| mix((i as u64) << 8 | (c.idx() as u64) << 7 | u64::from(k))),
                );
            }
        }
        Corrections {
            pawn: vec![0; 2 * CORR_SIZE],
            material: vec![0; 2 * CORR_SIZE],
            pawn_types,
            pawn_terms,
            cells,
        }
    }

    /// The pawn-structure key of `pos`: the pawns' terms combined.
    fn pawn_key(&self, pos: &Position) -> u64 {
        let mut pawns = 0u64;
        let n = self.pawn_types.len();
        for c in [Color::White, Color::Black] {
            for (j, &k) in self.pawn_types.iter().enumerate() {
                let terms = &self.pawn_terms[(c.idx() * n + j) * self.cells..];
                for &cell in pos.cells_of(c, k) {
                    pawns ^= terms[cell.idx()];
                }
            }
        }
        pawns
    }

    /// The slots of `pos` in the pawn and material tables.
    fn slots(&self, pos: &Position) -> [usize; 2] {
        let pawns = self.pawn_key(pos);
        let mut material = 0u64;
        for c in [Color::White, Color::Black] {
            for k in 0..pos.variant().types() {
                let k = k as PieceType;
                let n = pos.count(c, k) as u64 | u64::from(pos.hand(c, k)) << 16;
                if n != 0 {
                    material = mix(material ^ n ^ (u64::from(k) << 32 | (c.idx() as u64) << 40));
                }
            }
        }
        let side = pos.side().idx() * CORR_SIZE;
        let at = |h: u64| side + (h as usize & (CORR_SIZE - 1));
        [at(pawns), at(material)]
    }
}

impl Searcher<'_> {
    /// The correction tables' slots for the current position.
    pub(super) fn correction_slots(&self) -> [usize; 2] {
        self.learned.corr.slots(&self.pos)
    }

    /// `raw` (the evaluation of the position of `slots`) with the learned
    /// corrections added, kept clear of mate scores.
    pub(super) fn corrected_eval(&self, raw: i32, slots: [usize; 2]) -> i32 {
        let p = &self.params;
        let c = self.learned.corr.pawn[slots[0]] * p.corr_pawn_weight
            + self.learned.corr.material[slots[1]] * p.corr_material_weight;
        (raw + c / (100 * CORR_GRAIN)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A node searched to `depth` scored `best` where its static
    /// evaluation (uncorrected) was `raw`: moves both tables toward the
    /// error, the more the deeper the search.
    pub(super) fn update_correction(&mut self, slots: [usize; 2], raw: i32, best: i32, depth: i32) {
        let limit = self.params.corr_limit * CORR_GRAIN;
        let target = ((best - raw) * CORR_GRAIN).clamp(-limit, limit);
        let w = (depth + 1).min(CORR_WEIGHT_MAX);
        for e in [
            &mut self.learned.corr.pawn[slots[0]],
            &mut self.learned.corr.material[slots[1]],
        ] {
            *e += (target - *e) * w / CORR_WEIGHT_SCALE;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::with_searcher;
    use super::*;

    #[test]
    fn pawn_key_is_the_mix_of_each_pawn_cell() {
        for (variant, fen) in [
            (
                "chess",
                "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            ),
            (
                "shogi",
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 2",
            ),
        ] {
            with_searcher(variant, fen, |s| {
                let corr = &s.learned.corr;
                let mut want = 0u64;
                for c in [Color::White, Color::Black] {
                    for &k in &corr.pawn_types {
                        for &cell in s.pos.cells_of(c, k) {
                            want ^= mix((cell.idx() as u64) << 8
                                | (c.idx() as u64) << 7
                                | u64::from(k));
                        }
                    }
                }
                assert_ne!(want, 0, "{variant}");
                assert_eq!(corr.pawn_key(&s.pos), want, "{variant}");
            });
        }
    }

    #[test]
    fn pawn_slot_follows_the_pawns_and_material_slot_the_counts() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        // A knight moved: same pawns, same material.
        let knight = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
        // A pawn moved: other pawns, same material.
        let pawn = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
        // A knight missing: same pawns, other material.
        let less = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1";
        let slots = |fen| with_searcher("chess", fen, |s| s.correction_slots());
        let s = slots(start);
        assert_eq!(slots(knight), s);
        assert!(slots(pawn)[0] != s[0] && slots(pawn)[1] == s[1]);
        assert!(slots(less)[0] == s[0] && slots(less)[1] != s[1]);
    }

    #[test]
    fn corrections_move_toward_the_searched_score_and_stay_bounded() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        with_searcher("chess", fen, |s| {
            let slots = s.correction_slots();
            assert_eq!(s.corrected_eval(10, slots), 10);
            for _ in 0..2_000 {
                s.update_correction(slots, 10, 400, 10);
            }
            let e = s.corrected_eval(10, slots);
            assert!(e > 10, "{e}");
            // Bounded by corr_limit per table, whatever the error.
            let p = s.params;
            let max = 10 + p.corr_limit * (p.corr_pawn_weight + p.corr_material_weight) / 100;
            assert!(e <= max, "{e} > {max}");
            for _ in 0..2_000 {
                s.update_correction(slots, 10, -400, 10);
            }
            assert!(s.corrected_eval(10, slots) < 10);
        });
    }
}
