//! `bench`: a fixed set of positions from every variant, searched to a fixed
//! depth on one thread; the total node count is a signature of the search.

use crate::engine::{Engine, EngineOptions, Limits};
use menagerie_rules::{Move, MoveList, Position, Registry, Variant};
use std::sync::Arc;
use std::time::Instant;

/// Hash size (MB) the signature is defined with.
pub const HASH_MB: usize = 16;

/// Node cap per position, so that a slow new variant cannot make the bench
/// (and the signature test) take long. Deterministic on one thread.
pub const NODE_CAP: u64 = 300_000;

/// One bench position.
#[derive(Debug, Clone)]
pub struct BenchPosition {
    /// Variant id.
    pub variant: String,
    /// Position.
    pub fen: String,
    /// Search depth.
    pub depth: u32,
}

/// Result of one bench position.
#[derive(Debug, Clone)]
pub struct BenchLine {
    /// The position.
    pub position: BenchPosition,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds.
    pub seconds: f64,
    /// Best move found (protocol text).
    pub best: String,
}

/// Depth for a variant: smaller boards search deeper.
fn depth_for(v: &Variant) -> u32 {
    match v.geometry.len() {
        0..=90 => 7,
        91..=150 => 6,
        _ => 5,
    }
}

/// A deterministic game prefix: the first legal move in text order, then the
/// last, alternating, to reach a middlegame-like position.
fn middlegame(v: &Arc<Variant>, plies: usize) -> Position {
    let mut p = Position::start(v);
    let mut moves = MoveList::new();
    for i in 0..plies {
        p.generate_legal(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mut texts: Vec<(String, Move)> = moves
            .iter()
            .map(|&m| {
                (
                    menagerie_rules::move_text(&p, m, menagerie_rules::TextStyle::Uci),
                    m,
                )
            })
            .collect();
        texts.sort_by(|a, b| a.0.cmp(&b.0));
        let pick = (i * 7 + 3) % texts.len();
        p.make_unchecked(texts[pick].1);
    }
    p
}

/// The bench positions: the start and one middlegame of every variant.
#[must_use]
pub fn positions(reg: &Registry) -> Vec<BenchPosition> {
    let mut out = Vec::new();
    for id in reg.ids() {
        let Ok(v) = reg.get(&id) else { continue };
        let d = depth_for(&v);
        out.push(BenchPosition {
            variant: id.clone(),
            fen: v.start_fen.clone(),
            depth: d,
        });
        let m = middlegame(&v, 12);
        if m.outcome().is_none() {
            out.push(BenchPosition {
                variant: id.clone(),
                fen: m.to_fen(),
                depth: d.saturating_sub(1).max(1),
            });
        }
    }
    out
}

/// The bench signature: total nodes of [`run`] with [`HASH_MB`].
#[must_use]
pub fn signature(reg: &Registry) -> u64 {
    run(reg, HASH_MB, &mut |_| {}).iter().map(|l| l.nodes).sum()
}

/// Runs the bench; `line` is called after each position.
pub fn run(reg: &Registry, hash_mb: usize, line: &mut dyn FnMut(&BenchLine)) -> Vec<BenchLine> {
    let mut out = Vec::new();
    for bp in positions(reg) {
        let Ok(v) = reg.get(&bp.variant) else {
            continue;
        };
        let Ok(pos) = Position::from_fen(&v, &bp.fen) else {
            continue;
        };
        let mut e = Engine::new(EngineOptions {
            hash_mb,
            threads: 1,
            ..EngineOptions::default()
        });
        let t = Instant::now();
        let r = e.search(
            pos.clone(),
            Limits {
                depth: Some(bp.depth),
                nodes: Some(NODE_CAP),
                ..Limits::default()
            },
        );
        let best = r.best.map_or_else(
            || "(none)".to_string(),
            |m| menagerie_rules::move_text(&pos, m, menagerie_rules::TextStyle::Uci),
        );
        let l = BenchLine {
            position: bp,
            nodes: r.nodes,
            seconds: t.elapsed().as_secs_f64(),
            best,
        };
        line(&l);
        out.push(l);
    }
    out
}
