//! `menagerie uci` and `menagerie xboard`: protocol sessions on stdin/stdout.

use crate::common::registry;
use anyhow::Result;
use menagerie_engine::EngineOptions;
use menagerie_protocol::{EngineBackend, FileReader, Output, UciSession, XboardSession};

/// Arguments of the protocol commands.
#[derive(clap::Args, Debug, Default)]
pub struct ProtocolArgs {
    /// Load variants from this file first (TOML or Fairy-Stockfish ini).
    #[arg(long = "variant-file")]
    variant_file: Vec<String>,
}

fn reader() -> FileReader {
    Box::new(|p: &str| std::fs::read_to_string(p).map_err(|e| e.to_string()))
}

/// Runs a UCI session.
pub fn uci(a: &ProtocolArgs) -> Result<()> {
    let reg = registry(&a.variant_file)?;
    let mut s = UciSession::new(
        reg,
        EngineBackend::new(EngineOptions::default()),
        Output::new(std::io::stdout()),
        Some(reader()),
    );
    s.run(std::io::stdin().lock())?;
    Ok(())
}

/// Runs an XBoard session.
pub fn xboard(a: &ProtocolArgs) -> Result<()> {
    let reg = registry(&a.variant_file)?;
    let mut s = XboardSession::new(
        reg,
        EngineBackend::new(EngineOptions::default()),
        Output::new(std::io::stdout()),
        Some(reader()),
    );
    s.run(std::io::stdin().lock())?;
    Ok(())
}
