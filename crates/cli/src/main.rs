//! The `menagerie` command.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use menagerie_rules::{divide, perft, Position, Registry, Variant};
use std::sync::Arc;
use std::time::Instant;

mod serve_cmd;

#[derive(Parser, Debug)]
#[command(
    name = "menagerie",
    version,
    about = "Engine and play platform for large and exotic chess variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the variant ids, one per line.
    Variants {
        /// Also load variant files (TOML or Fairy-Stockfish ini).
        #[arg(long = "variant-file")]
        variant_file: Vec<String>,
    },
    /// Count the leaves of the legal move tree.
    Perft {
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
        /// Depth in plies.
        depth: u32,
    },
    /// Play in the browser: start the web app (the default on a terminal).
    Serve(serve_cmd::ServeArgs),
    /// Check a variant file and report every problem.
    CheckVariant {
        /// Path of the file.
        path: String,
    },
}

fn registry(files: &[String]) -> Result<Registry> {
    let mut reg = Registry::builtin();
    for f in files {
        let text =
            std::fs::read_to_string(f).with_context(|| format!("cannot read variant file {f}"))?;
        reg.add_file(f, &text).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(reg)
}

fn variant(reg: &Registry, id: &str) -> Result<Arc<Variant>> {
    reg.get(id).map_err(|e| anyhow::anyhow!("{e}"))
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None if serve_cmd::default_on_terminal() => {
            serve_cmd::run(serve_cmd::ServeArgs::default(), Registry::builtin())?;
        }
        None => bail!("no command given; try `menagerie --help`"),
        Some(Command::Serve(args)) => {
            let reg = registry(&args.variant_file)?;
            serve_cmd::run(args, reg)?;
        }
        Some(Command::Variants { variant_file }) => {
            let reg = registry(&variant_file)?;
            for id in reg.ids() {
                println!("{id}");
            }
        }
        Some(Command::Perft {
            variant: id,
            variant_file,
            fen,
            divide: div,
            depth,
        }) => {
            let reg = registry(&variant_file)?;
            let v = variant(&reg, &id)?;
            let mut pos = match fen {
                Some(f) => Position::from_fen(&v, &f).map_err(|e| anyhow::anyhow!("{e}"))?,
                None => Position::start(&v),
            };
            let t = Instant::now();
            let total = if div {
                let mut sum = 0;
                for (m, n) in divide(&mut pos, depth.max(1)) {
                    println!("{m}: {n}");
                    sum += n;
                }
                println!();
                if depth == 0 {
                    1
                } else {
                    sum
                }
            } else {
                perft(&mut pos, depth)
            };
            let secs = t.elapsed().as_secs_f64();
            eprintln!(
                "{:.3} s, {:.2} Mnps",
                secs,
                total as f64 / secs.max(1e-9) / 1e6
            );
            println!("Nodes searched: {total}");
        }
        Some(Command::CheckVariant { path }) => {
            let text =
                std::fs::read_to_string(&path).with_context(|| format!("cannot read {path}"))?;
            let mut reg = Registry::builtin();
            match reg.add_file(&path, &text) {
                Ok(ids) => println!("{path}: ok ({})", ids.join(", ")),
                Err(e) => {
                    println!("{e}");
                    bail!("{} problem(s) in {path}", e.problems.len());
                }
            }
        }
    }
    Ok(())
}
