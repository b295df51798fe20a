//! `menagerie serve`: the web app (also what `menagerie` alone starts on a terminal).

use anyhow::{Context, Result};
use clap::Args;
use menagerie_rules::Registry;
use std::io::IsTerminal;
use std::net::IpAddr;
use std::path::PathBuf;

/// Options of `menagerie serve`.
#[derive(Args, Debug, Default)]
pub struct ServeArgs {
    /// Port to listen on (default: 8080, or the next free one if it is busy; 0 = any free port).
    #[arg(long)]
    pub port: Option<u16>,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: Option<IpAddr>,
    /// Directory of the game database (default: the platform data directory, e.g.
    /// ~/.local/share/menagerie, else ./menagerie-data).
    #[arg(long = "data-dir")]
    pub data_dir: Option<PathBuf>,
    /// Also offer the variants of these files (TOML or Fairy-Stockfish ini).
    #[arg(long = "variant-file")]
    pub variant_file: Vec<String>,
}

/// True when `menagerie` without a command should start the web app: stdin is a
/// terminal (without one, stdin stays free for the engine protocols).
pub fn default_on_terminal() -> bool {
    std::io::stdin().is_terminal()
}

fn default_data_dir() -> PathBuf {
    dirs::data_dir()
        .map(|d| d.join("menagerie"))
        .unwrap_or_else(|| PathBuf::from("menagerie-data"))
}

/// Runs the server until Ctrl-C.
pub fn run(args: ServeArgs, registry: Registry) -> Result<()> {
    let data_dir = args.data_dir.unwrap_or_else(default_data_dir);
    let mut config = menagerie_server::ServerConfig::new(registry, data_dir);
    if let Some(h) = args.host {
        config.host = h;
    }
    config.port = args.port;
    menagerie_server::run(config, |ready| {
        for p in &ready.busy {
            println!("Port {p} is busy, trying the next one.");
        }
        println!("Menagerie is running at http://{}/", ready.addr);
        println!("Games are stored in {}", ready.db.display());
        if ready.resumed > 0 {
            println!("The engine resumed thinking in {} game(s).", ready.resumed);
        }
        println!("Press Ctrl-C to stop.");
    })
    .context("cannot start the web server")
}
