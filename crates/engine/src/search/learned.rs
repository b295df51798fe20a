//! What a search thread learns that is still true at the next move of the
//! same game: the history tables (butterfly, continuation, capture), the
//! correction history of the static evaluation and the counter moves.
//!
//! Engines of Stockfish's lineage keep these tables for the whole game and
//! clear them only for a new one: the position two plies later is mostly
//! the same position, so a quiet move that refuted a line a move ago most
//! likely refutes it again, and the evaluation's bias in this pawn
//! structure is the same bias. Started empty at every move, a search at a
//! short time control spends its first iterations relearning them. The
//! tables hold ordering hints and small corrections only (every score is
//! bounded by its gravity), so carrying them over cannot make a result
//! wrong, only the order of the search better or worse. The history
//! scores are halved at each new search (`Histories::age`), so what the
//! last positions taught weighs more than what the opening did.
//!
//! The tables are indexed by piece types and cells of one variant and read
//! with one evaluation's values, so they are kept only while the variant
//! and the evaluation stay the same ([`Learned::fits`]); the engine clears
//! them on a new game.

use super::{correction::Corrections, history::Histories};
use crate::eval::EvalTables;
use menagerie_rules::{Move, Position};
use std::sync::Arc;

/// The tables of one search thread that outlive its search.
pub(crate) struct Learned {
    /// The evaluation (and so the variant) the tables were learned under.
    pub(super) eval: Arc<EvalTables>,
    pub(super) hist: Histories,
    pub(super) corr: Corrections,
    /// Per previous move (butterfly index): the move that refuted it.
    pub(super) counter: Vec<Move>,
}

impl Learned {
    /// Empty tables for searches of `pos`'s variant under `eval`.
    pub(crate) fn new(pos: &Position, eval: &Arc<EvalTables>) -> Self {
        let v = pos.variant();
        let types = v.types();
        let cells = v.geometry.len().max(1);
        Learned {
            eval: eval.clone(),
            hist: Histories::new(types, cells),
            corr: Corrections::new(pos, eval),
            counter: vec![Move::NULL; 2 * types * cells],
        }
    }

    /// Whether these tables serve a search under `eval`: the same
    /// evaluation tables, hence the same variant and piece values.
    pub(crate) fn fits(&self, eval: &Arc<EvalTables>) -> bool {
        Arc::ptr_eq(&self.eval, eval)
    }

    /// Whether any quiet-move history was recorded (for tests).
    #[cfg(test)]
    pub(crate) fn learned_something(&self) -> bool {
        self.hist.main.iter().any(|&h| h != 0)
    }
}
