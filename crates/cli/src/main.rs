//! The `menagerie` command: one binary for the browser UI, the engine
//! protocols, perft, bench and matches.

mod bench_cmd;
mod common;
mod lab;
mod match_cmd;
mod perft_cmd;
mod probe_cmd;
mod protocol_cmd;
mod store_cmd;
mod tune;

use anyhow::Result;
use clap::{Parser, Subcommand};

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
    Perft(perft_cmd::PerftArgs),
    /// Play in the browser: start the web app (the default on a terminal).
    Serve(serve_cmd::ServeArgs),
    /// Copy the game database (works while the server runs).
    Backup(store_cmd::BackupArgs),
    /// Put a backup in place of the game database (stop the server first).
    Restore(store_cmd::RestoreArgs),
    /// Check a variant file and report every problem.
    CheckVariant {
        /// Path of the file.
        path: String,
    },
    /// Speak UCI on standard input and output.
    Uci(protocol_cmd::ProtocolArgs),
    /// Speak the XBoard protocol (CECP v2) on standard input and output.
    Xboard(protocol_cmd::ProtocolArgs),
    /// Search a fixed set of positions (`bench perft`: move generation speed).
    Bench(bench_cmd::BenchArgs),
    /// Play engine against engine (Menagerie settings, UCI or XBoard engines).
    Match(match_cmd::MatchArgs),
    /// Machine interface for differential tests: per stdin line
    /// `VARIANT<TAB>FEN|startpos<TAB>MOVES`, print the FEN, legal moves and
    /// result after the moves.
    Probe(probe_cmd::ProbeArgs),
    /// Make a balanced opening book (random lines a search scores level).
    Book(match_cmd::BookArgs),
    /// Play fast engine-against-itself games and record their positions.
    Selfplay(lab::selfplay::SelfplayArgs),
    /// Learn from self-play records: piece values, balance.
    #[command(subcommand)]
    Lab(lab::LabCommand),
    /// Tune the search's parameters by self-play (`tune spsa`).
    #[command(subcommand)]
    Tune(tune::TuneCommand),
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        if common::reader_gone(&e) {
            return;
        }
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None if serve_cmd::default_on_terminal() => serve_cmd::run(
            serve_cmd::ServeArgs::default(),
            menagerie_rules::Registry::builtin(),
        ),
        None => protocol_cmd::uci(&protocol_cmd::ProtocolArgs::default()),
        Some(Command::Serve(args)) => {
            let reg = common::registry(&args.variant_file)?;
            serve_cmd::run(args, reg)
        }
        Some(Command::Variants { variant_file }) => {
            let reg = common::registry(&variant_file)?;
            for id in reg.ids() {
                common::outln!("{id}")?;
            }
            Ok(())
        }
        Some(Command::Perft(a)) => perft_cmd::run(&a),
        Some(Command::Backup(a)) => store_cmd::backup(&a),
        Some(Command::Restore(a)) => store_cmd::restore(&a),
        Some(Command::CheckVariant { path }) => common::check_variant(&path),
        Some(Command::Uci(a)) => protocol_cmd::uci(&a),
        Some(Command::Xboard(a)) => protocol_cmd::xboard(&a),
        Some(Command::Bench(a)) => bench_cmd::run(&a),
        Some(Command::Match(a)) => match_cmd::run(&a),
        Some(Command::Probe(a)) => probe_cmd::run(&a),
        Some(Command::Book(a)) => match_cmd::book_run(&a),
        Some(Command::Selfplay(a)) => lab::selfplay::run(&a),
        Some(Command::Lab(c)) => lab::run(&c),
        Some(Command::Tune(c)) => tune::run(&c),
    }
}
