//! Variant bookkeeping shared by both protocols.

use menagerie_rules::{Position, Registry, Variant};
use std::sync::Arc;

/// Number of piece types that can be held in hand.
pub(crate) fn pocket_size(v: &Variant) -> usize {
    v.hand_types().len()
}

/// Fairy-Stockfish's `info string variant ...` line.
pub(crate) fn variant_info(v: &Arc<Variant>) -> String {
    let g = &v.geometry;
    let template = if v.rules.drops && v.plus_promotion {
        "shogi"
    } else {
        "fairy"
    };
    format!(
        "info string variant {} files {} ranks {} pocket {} template {} startpos {}",
        v.id,
        g.files(),
        g.ranks(),
        pocket_size(v),
        template,
        v.start_fen
    )
}

/// Loads a variant by id, falling back to chess.
pub(crate) fn start(reg: &Registry, id: &str) -> Option<(Arc<Variant>, Position)> {
    let v = reg.get(id).ok()?;
    let p = Position::start(&v);
    Some((v, p))
}
