//! `menagerie perft`.

use crate::common::{outln, registry, variant};
use anyhow::Result;
use menagerie_rules::{divide, perft, Position};
use std::time::Instant;

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Variant id.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Load variants from this file first (TOML or Fairy-Stockfish ini).
    #[arg(long = "variant-file")]
    variant_file: Vec<String>,
    /// Start from this position instead of the variant's start.
    #[arg(long)]
    fen: Option<String>,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Depth in plies (at most 64).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=i64::from(menagerie_rules::MAX_PERFT_DEPTH)))]
    depth: u32,
}

/// Runs `perft`.
pub fn run(a: &PerftArgs) -> Result<()> {
    let reg = registry(&a.variant_file)?;
    let v = variant(&reg, &a.variant)?;
    let mut pos = match &a.fen {
        Some(f) => Position::from_fen(&v, f).map_err(|e| anyhow::anyhow!("{e}"))?,
        None => Position::start(&v),
    };
    let t = Instant::now();
    let total = if a.divide && a.depth > 0 {
        let mut sum = 0;
        for (m, n) in divide(&mut pos, a.depth) {
            outln!("{m}: {n}")?;
            sum += n;
        }
        outln!()?;
        sum
    } else {
        perft(&mut pos, a.depth)
    };
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "{secs:.3} s, {:.2} Mnps",
        total as f64 / secs.max(1e-9) / 1e6
    );
    outln!("Nodes searched: {total}")?;
    Ok(())
}
