//! `menagerie serve`: the web app (also what `menagerie` alone starts on a terminal).

use crate::common::outln;
use anyhow::{Context, Result};
use clap::Args;
use menagerie_rules::Registry;
use std::io::IsTerminal;
use std::net::IpAddr;
use std::path::PathBuf;

/// Options of `menagerie serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Port to listen on (default: 8080, or the next free one if it is busy; 0 = any free port).
    #[arg(long)]
    pub port: Option<u16>,
    /// Address to listen on. Beyond loopback (e.g. 0.0.0.0) the server prints an
    /// access token that every state-changing request needs.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: Option<IpAddr>,
    /// Another origin allowed to call the API (e.g. a reverse proxy:
    /// `https://chess.example.org`); repeatable.
    #[arg(long = "allow-origin")]
    pub allow_origin: Vec<String>,
    /// Engine searches one client may have running or queued at once.
    #[arg(long = "max-searches-per-client", default_value_t = menagerie_server::Quotas::SEARCHES_PER_CLIENT as u32,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_searches_per_client: u32,
    /// Games one client may start per minute.
    #[arg(long = "max-games-per-minute", default_value_t = menagerie_server::Quotas::GAMES_PER_MINUTE as u32,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_games_per_minute: u32,
    /// Engine searches that run at once, all games together (the others wait their
    /// turn). Default: one less than the number of cores, at least 1.
    #[arg(long = "search-workers", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub search_workers: Option<u32>,
    /// Directory of the game database (default: the platform data directory, e.g.
    /// ~/.local/share/menagerie, else ./menagerie-data).
    #[arg(long = "data-dir")]
    pub data_dir: Option<PathBuf>,
    /// Also offer the variants of these files (TOML or Fairy-Stockfish ini).
    #[arg(long = "variant-file")]
    pub variant_file: Vec<String>,
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs {
            port: None,
            host: None,
            data_dir: None,
            variant_file: Vec::new(),
            allow_origin: Vec::new(),
            max_searches_per_client: menagerie_server::Quotas::SEARCHES_PER_CLIENT as u32,
            max_games_per_minute: menagerie_server::Quotas::GAMES_PER_MINUTE as u32,
            search_workers: None,
        }
    }
}

/// True when `menagerie` without a command should start the web app: stdin is a
/// terminal (without one, stdin stays free for the engine protocols).
pub fn default_on_terminal() -> bool {
    std::io::stdin().is_terminal()
}

/// The data directory used when none is given.
pub fn default_data_dir() -> PathBuf {
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
    config.allow_origins = args
        .allow_origin
        .iter()
        .map(|o| menagerie_server::AllowedOrigin::parse(o))
        .collect::<Result<_, _>>()
        .map_err(anyhow::Error::msg)?;
    config.quotas.searches_per_client = args.max_searches_per_client as usize;
    config.quotas.searches_total = config
        .quotas
        .searches_total
        .max(config.quotas.searches_per_client);
    config.quotas.games_per_minute = args.max_games_per_minute as usize;
    if let Some(n) = args.search_workers {
        config.search_workers = n as usize;
    }
    menagerie_server::run(config, |ready| {
        // The server goes on serving when no one reads its banner (a reader
        // that closed the pipe): the browser, not stdout, is its audience.
        let _ = banner(ready);
    })
    .context("cannot start the web server")
}

/// What `serve` prints once it listens.
fn banner(ready: &menagerie_server::Ready) -> std::io::Result<()> {
    for p in &ready.busy {
        outln!("Port {p} is busy, trying the next one.")?;
    }
    outln!("Menagerie is running at {}", ready.url())?;
    if ready.token.is_some() {
        outln!(
            "It is reachable from the network: open the address above (with its token) once \
             in the browser; scripts send the header `Authorization: Bearer <token>`."
        )?;
    }
    outln!("Games are stored in {}", ready.db.display())?;
    if ready.resumed > 0 {
        outln!("The engine resumed thinking in {} game(s).", ready.resumed)?;
    }
    outln!("Press Ctrl-C to stop.")
}
