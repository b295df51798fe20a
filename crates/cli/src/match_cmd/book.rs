//! `menagerie book`: balanced opening books made by the engine itself.
//!
//! An SPRT measures a change only as well as its openings let it: a
//! position that is already lost scores 1-1 over a pair whoever plays
//! better, and adds games without adding information. A book line here is
//! a few uniformly random legal moves from the start position, kept only
//! when a fixed-node search (one thread: the same book on every machine for
//! the same engine) scores it within `--balance` centipawns of level, and
//! only once. The command line that made a book is written at its top, so
//! that it can be made again.

use super::{imbalance, random_line, Rng};
use crate::common::{outln, registry, variant};
use anyhow::{bail, Context, Result};
use menagerie_engine::{Engine, EngineOptions};
use std::collections::HashSet;
use std::fmt::Write as _;

/// Arguments of `book`.
#[derive(clap::Args, Debug, Clone)]
pub struct BookArgs {
    /// Variant id.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Load variants from this file first (TOML or Fairy-Stockfish ini).
    #[arg(long = "variant-file")]
    variant_file: Vec<String>,
    /// Positions in the book.
    #[arg(long, default_value_t = 100)]
    count: usize,
    /// Random plies from the start position to each position.
    #[arg(long, default_value_t = 8)]
    plies: usize,
    /// Nodes of the search that judges each position (one thread).
    #[arg(long, default_value_t = 50_000)]
    nodes: u64,
    /// Positions the search scores beyond this many centipawns for either
    /// side are left out.
    #[arg(long, default_value_t = 60)]
    balance: i32,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output file (one FEN a line, `#` comments).
    #[arg(long)]
    out: String,
}

/// Random lines tried per position wanted before giving up.
const TRIES_PER_POSITION: usize = 200;

/// Runs `book`.
pub fn run(a: &BookArgs) -> Result<()> {
    let reg = registry(&a.variant_file)?;
    let v = variant(&reg, &a.variant)?;
    if a.count == 0 || a.plies == 0 || a.nodes == 0 || a.balance < 0 {
        bail!("--count, --plies and --nodes must be positive and --balance at least 0");
    }
    let mut judge = Engine::new(EngineOptions {
        hash_mb: 16,
        threads: 1,
        ..EngineOptions::default()
    });
    let mut rng = Rng(a.seed);
    let mut seen = HashSet::new();
    let mut lines = Vec::new();
    let mut tries = 0;
    let mut worst = 0;
    while lines.len() < a.count {
        tries += 1;
        if tries > a.count * TRIES_PER_POSITION {
            bail!(
                "only {} balanced positions in {} random lines: allow more --balance or fewer --plies",
                lines.len(),
                tries - 1
            );
        }
        let Some((p, _)) = random_line(&v, a.plies, &mut rng) else {
            continue;
        };
        let fen = p.to_fen();
        if seen.contains(&fen) {
            continue;
        }
        let off = imbalance(&mut judge, p, a.nodes);
        if off <= a.balance {
            worst = worst.max(off);
            seen.insert(fen.clone());
            lines.push(fen);
            eprint!("\r{}/{} positions, {} tried", lines.len(), a.count, tries);
        }
    }
    eprintln!();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# {} positions of {} made by: menagerie book --variant {} --count {} --plies {} --nodes {} --balance {} --seed {}",
        a.count, v.id, v.id, a.count, a.plies, a.nodes, a.balance, a.seed
    );
    let _ = writeln!(
        text,
        "# {} random plies from the start; a {}-node search scores each within {} cp (at most {} here); {} lines tried",
        a.plies, a.nodes, a.balance, worst, tries
    );
    for l in &lines {
        let _ = writeln!(text, "{l}");
    }
    std::fs::write(&a.out, text).with_context(|| format!("cannot write {}", a.out))?;
    outln!(
        "{}: {} positions, |score| at most {} cp, {} lines tried",
        a.out,
        a.count,
        worst,
        tries
    )?;
    Ok(())
}
