//! `menagerie bench` and `menagerie bench perft`.

use crate::common::registry;
use anyhow::{bail, Context, Result};
use menagerie_rules::{perft, Position};
use std::time::Instant;

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// `perft` for the move-generation benchmark; nothing for the search bench.
    mode: Option<String>,
    /// Hash size in MB for the search bench.
    #[arg(long, default_value_t = menagerie_engine::bench::HASH_MB)]
    hash: usize,
    /// Write the node count to this signature file (default
    /// `tests/data/bench-signature.txt`, for running from the repository root).
    #[arg(long, num_args = 0..=1, default_missing_value = "tests/data/bench-signature.txt")]
    write_signature: Option<String>,
}

/// The fixed perft set: (variant, depth).
const PERFT_SET: &[(&str, u32)] = &[
    ("chess", 6),
    ("capablanca", 5),
    ("shogi", 5),
    ("missing-ox", 3),
];

/// Runs `bench`.
pub fn run(a: &BenchArgs) -> Result<()> {
    let reg = registry(&[])?;
    match a.mode.as_deref() {
        Some("perft") => {
            println!(
                "{:<14} {:>5} {:>14} {:>9} {:>8}",
                "variant", "depth", "nodes", "seconds", "Mnps"
            );
            for &(id, depth) in PERFT_SET {
                let Ok(v) = reg.get(id) else {
                    println!("{id:<14} (not built in yet; skipped)");
                    continue;
                };
                let mut p = Position::start(&v);
                let t = Instant::now();
                let n = perft(&mut p, depth);
                let s = t.elapsed().as_secs_f64();
                println!(
                    "{id:<14} {depth:>5} {n:>14} {s:>9.3} {:>8.2}",
                    n as f64 / s.max(1e-9) / 1e6
                );
            }
            Ok(())
        }
        Some(other) => bail!("unknown bench mode `{other}` (use `bench` or `bench perft`)"),
        None => {
            if a.write_signature.is_some() && a.hash != menagerie_engine::bench::HASH_MB {
                bail!(
                    "the signature is defined with --hash {}",
                    menagerie_engine::bench::HASH_MB
                );
            }
            let t = Instant::now();
            let lines = menagerie_engine::bench::run(&reg, a.hash, &mut |l| {
                println!(
                    "{:<28} depth {:>2} nodes {:>10} {:>7.2} s  best {}",
                    l.position.variant, l.position.depth, l.nodes, l.seconds, l.best
                );
            });
            let total: u64 = lines.iter().map(|l| l.nodes).sum();
            let secs = t.elapsed().as_secs_f64();
            println!("Total time (ms) : {}", (secs * 1000.0) as u64);
            println!(
                "Nodes/second    : {}",
                (total as f64 / secs.max(1e-9)) as u64
            );
            println!("Nodes searched: {total}");
            if let Some(path) = &a.write_signature {
                std::fs::write(path, format!("{total}\n"))
                    .with_context(|| format!("cannot write {path}"))?;
                println!("Signature written to {path}");
            }
            Ok(())
        }
    }
}
