//! Menagerie's search engine: a generic evaluation derived from the compiled
//! move tables, an alpha-beta search (PVS, aspiration windows, transposition
//! table, quiescence, null move, LMR, killers, history, check extensions,
//! SEE, Lazy SMP), a time manager, the [`Engine`] facade, playing [`level`]s for
//! people and `bench`.
//!
//! The search does no I/O and never looks at a variant's name.

#![warn(missing_docs)]

pub mod bench;
mod engine;
pub mod eval;
pub mod eval_attacks;
pub mod eval_king_attack;
pub mod eval_mobility;
pub mod eval_pawns;
pub mod eval_threats;
pub mod eval_trace;
pub mod eval_weights;
pub mod level;
mod search;
mod time;
pub mod tt;

pub use engine::{
    max_hash_mb, Engine, EngineOptions, EvalChoice, Event, Info, Limits, Score, StopHandle,
    MAX_DEPTH, MAX_HASH_MB, MAX_MOVE_OVERHEAD_MS, MAX_MULTIPV, MAX_THREADS,
};
pub use eval::{EvalTables, EvalTerms};
pub use eval_weights::{EvalWeights, TERMS};
pub use level::{Level, MultiLines};
pub use search::{
    ParamError, ParamsChoice, SearchFamily, SearchParams, SearchResult, Tunable, TUNABLES,
};
