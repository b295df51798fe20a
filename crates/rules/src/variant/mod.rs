//! Variants as data: TOML files (with `extends`), Fairy-Stockfish
//! `variants.ini` files, the embedded built-ins, and the registry that
//! loads them on demand.

mod build;
pub(crate) mod builtin;
pub mod ini;
mod ini_army;
mod ini_blast;
mod ini_castling;
mod ini_clip;
mod ini_connect;
mod ini_fen;
mod ini_gating;
mod ini_goals;
pub mod ini_keys;
mod ini_letters;
mod ini_palace;
mod ini_parent;
mod ini_pawns;
mod ini_profile;
mod ini_promoted;
mod ini_regions;
mod ini_rules;
mod ini_section;
mod ini_steps;
mod ini_walls;
mod ini_xiangqi;
mod load;
mod model;
pub mod spec;

pub use load::{line_col, Problem, VariantError, VariantSource, MAX_EXTENDS_DEPTH};
pub use model::*;

pub use build::StartCheck;

use crate::betza::Dialect;

/// Reads a variant file chain (resolving `extends` through `resolve`) and
/// builds it; `check_start` reads the finished variant's start FEN.
///
/// # Errors
/// Every problem found, with file, line and key.
pub fn compile_variant(
    source: &VariantSource,
    resolve: &dyn Fn(&str) -> Option<VariantSource>,
    dialect: Dialect,
    check_start: StartCheck<'_>,
) -> Result<Variant, VariantError> {
    let merged = load::read_chain(source, resolve)?;
    build::build(&merged, dialect, check_start)
}

/// The `id` of a variant file, if it reads as one.
#[must_use]
pub fn id_of(text: &str) -> Option<String> {
    let f: spec::VariantFile = toml::from_str(text).ok()?;
    f.id.map(|s| s.into_inner())
}
