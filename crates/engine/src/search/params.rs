//! Every margin, reduction and limit of the search in one place, each
//! with its default and meaning, so that a tuner (SPSA) or a test can
//! change them without touching the search code.

/// The numbers that steer the search. The defaults are hand-set values
/// that have been measured against each other in self-play; see
/// `docs/strength.md` for the tests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchParams {
    /// Reverse futility pruning is tried up to this depth.
    pub rfp_depth: i32,
    /// Reverse futility: a node whose static evaluation beats beta by this
    /// much per ply of depth is cut.
    pub rfp_margin: i32,
    /// Reverse futility: the per-ply margin shrinks by this much when the
    /// static evaluation improved on the side's previous one.
    pub rfp_improving: i32,
    /// Null move is tried from this depth on.
    pub nmp_min_depth: i32,
    /// Null move: base reduction in plies.
    pub nmp_base: i32,
    /// Null move: one more ply of reduction per this many plies of depth.
    pub nmp_depth_div: i32,
    /// Null move: one more ply of reduction per this many centipawns the
    /// static evaluation exceeds beta …
    pub nmp_eval_div: i32,
    /// … up to this many plies.
    pub nmp_eval_max: i32,
    /// Null move: from this depth on (and always in drop games) a null-move
    /// cut-off is verified by a reduced search of the node itself.
    pub nmp_verify_depth: i32,
    /// Internal iterative reduction: a node without a table move from this
    /// depth on is searched one ply shallower.
    pub iir_depth: i32,
    /// Late-move pruning applies up to this depth …
    pub lmp_depth: i32,
    /// … after `(lmp_base + depth²)` quiet moves (half as many when the
    /// position is not improving).
    pub lmp_base: i32,
    /// Captures that lose material by exchange are skipped up to this depth
    /// (once a move has been searched).
    pub see_prune_depth: i32,
    /// Futility pruning of quiet moves applies up to this depth …
    pub futility_depth: i32,
    /// … when the static evaluation plus `futility_base + futility_per_depth
    /// · depth` cannot reach alpha.
    pub futility_base: i32,
    /// See [`SearchParams::futility_base`].
    pub futility_per_depth: i32,
    /// Late-move reductions apply from this depth …
    pub lmr_min_depth: i32,
    /// … to moves after this many searched ones.
    pub lmr_min_moves: usize,
    /// Late-move reduction table: `lmr_base + ln(depth)·ln(move) / lmr_div`.
    pub lmr_base: f64,
    /// See [`SearchParams::lmr_base`].
    pub lmr_div: f64,
    /// A quiet move's reduction shrinks by one ply per this much history.
    pub lmr_history_div: i32,
    /// History bonus of a cut-off move: `history_bonus · min(depth²,
    /// history_bonus_depth_cap)` (the same malus for the quiet moves tried
    /// before it).
    pub history_bonus: i32,
    /// See [`SearchParams::history_bonus`].
    pub history_bonus_depth_cap: i32,
    /// Continuation-history pruning applies up to this depth: a late quiet
    /// move (once a move has been searched) is skipped …
    pub cont_prune_depth: i32,
    /// … when its continuation history (after the moves one and two plies
    /// before) is below `-cont_prune_margin · depth`.
    pub cont_prune_margin: i32,
    /// Captures of equal material gain are ordered by capture history; it
    /// counts `1 / capture_history_div` of a gain in centipawns × 16.
    pub capture_history_div: i32,
    /// Checks are extended while the ply is below `2 · depth +
    /// check_ext_ply_margin` (no explosion of check sequences).
    pub check_ext_ply_margin: i32,
    /// Aspiration windows are used from this depth on …
    pub aspiration_depth: u32,
    /// … with this half-width in centipawns at first …
    pub aspiration_delta: i32,
    /// … widened after each fail by half of itself plus this much …
    pub aspiration_widen: i32,
    /// … until it exceeds this, when the window opens fully.
    pub aspiration_max: i32,
    /// Quiescence: a capture whose gain leaves the stand-pat score this far
    /// below alpha is skipped (delta pruning).
    pub qs_delta: i32,
    /// Quiescence: captures (promotions aside) tried at a node not in check.
    pub qs_moves: usize,
    /// Quiescence plies after which checks are no longer searched as such.
    pub qs_check_limit: u32,
    /// Quiescence plies after which the static evaluation is returned.
    pub qs_limit: u32,
    /// Correction history: percent of the pawn-structure table's learned
    /// error added to the static evaluation …
    pub corr_pawn_weight: i32,
    /// … and of the material table's.
    pub corr_material_weight: i32,
    /// Each table's correction is bounded by this many centipawns.
    pub corr_limit: i32,
    /// What a draw is worth to the side that started the search, below
    /// nothing (play on when the position is balanced).
    pub contempt: i32,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            rfp_depth: 6,
            rfp_margin: 90,
            rfp_improving: 30,
            nmp_min_depth: 3,
            nmp_base: 3,
            nmp_depth_div: 4,
            nmp_eval_div: 200,
            nmp_eval_max: 2,
            nmp_verify_depth: 10,
            iir_depth: 4,
            lmp_depth: 5,
            lmp_base: 3,
            see_prune_depth: 4,
            futility_depth: 5,
            futility_base: 110,
            futility_per_depth: 100,
            lmr_min_depth: 3,
            lmr_min_moves: 2,
            lmr_base: 0.75,
            lmr_div: 2.25,
            lmr_history_div: 6_000,
            history_bonus: 8,
            history_bonus_depth_cap: 400,
            cont_prune_depth: 3,
            cont_prune_margin: 1_000,
            capture_history_div: 8,
            check_ext_ply_margin: 8,
            aspiration_depth: 4,
            aspiration_delta: 30,
            aspiration_widen: 10,
            aspiration_max: 1_000,
            qs_delta: 200,
            qs_moves: 3,
            qs_check_limit: 6,
            qs_limit: 16,
            corr_pawn_weight: 50,
            corr_material_weight: 50,
            corr_limit: 300,
            contempt: 25,
        }
    }
}

/// Plies and move numbers the reduction table covers (larger ones use its
/// last entry).
pub(super) const LMR_TABLE: usize = 64;

impl SearchParams {
    /// The late-move reduction table: `[depth][move number]` in plies.
    pub(super) fn lmr_table(&self) -> Vec<[u8; LMR_TABLE]> {
        (0..LMR_TABLE)
            .map(|d| {
                let mut row = [0u8; LMR_TABLE];
                for (i, r) in row.iter_mut().enumerate() {
                    if d > 0 && i > 0 {
                        let x = self.lmr_base + (d as f64).ln() * (i as f64).ln() / self.lmr_div;
                        *r = x.clamp(0.0, 30.0) as u8;
                    }
                }
                row
            })
            .collect()
    }
}
