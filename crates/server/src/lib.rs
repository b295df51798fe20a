//! Menagerie's web server: the JSON + Server-Sent-Events API of `docs/api.md`, many
//! concurrent games stored in SQLite, a computer opponent behind the [`Opponent`]
//! trait, and the web UI (`web/`) embedded in the binary.
//!
//! ```no_run
//! use menagerie_server::{run, ServerConfig};
//! let config = ServerConfig::new(menagerie_rules::Registry::builtin(), "./menagerie-data".into());
//! run(config, |ready| println!("Menagerie is running at http://{}/", ready.addr)).unwrap();
//! ```
//!
//! Layout: [`api`] (handlers, router), [`app`] (shared state, games in memory, searches),
//! [`game`] (one game), [`view`] (JSON types), [`store`] (SQLite), [`pgn`],
//! [`diagram`] (piece move diagrams), [`opponent`] (the engine trait and a small
//! material player), `assets` (the embedded UI).

pub mod api;
pub mod app;
mod assets;
pub mod diagram;
pub mod engine_opponent;
pub mod error;
pub mod game;
pub mod opponent;
pub mod pgn;
pub mod store;
pub mod view;

pub use app::App;
pub use engine_opponent::EngineOpponent;
pub use error::ApiError;
pub use opponent::{MaterialPlayer, Opponent, Score, SearchInfo, SearchLimits};
pub use store::Store;

use axum::Router;
use menagerie_rules::Registry;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

/// Port tried first when none is given.
pub const DEFAULT_PORT: u16 = 8080;
/// How many ports after [`DEFAULT_PORT`] are tried when it is busy.
pub const PORT_TRIES: u16 = 20;

/// A failure to start the server.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The data directory cannot be created.
    #[error("cannot create the data directory {path}: {source}")]
    DataDir {
        /// The directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The database cannot be opened.
    #[error("cannot open {path}: {source}")]
    Store {
        /// The file.
        path: PathBuf,
        /// Why.
        source: store::StoreError,
    },
    /// No port to listen on.
    #[error("{0}")]
    Bind(String),
    /// Other I/O failure (runtime, socket).
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// How to run the server.
pub struct ServerConfig {
    /// Address to listen on (default 127.0.0.1).
    pub host: IpAddr,
    /// Port; `None` tries [`DEFAULT_PORT`] and the next ones; `Some(0)` lets the system
    /// pick a free port.
    pub port: Option<u16>,
    /// Directory of `menagerie.db`, created when missing.
    pub data_dir: PathBuf,
    /// The variants offered.
    pub registry: Registry,
    /// The computer opponent (default: [`EngineOpponent`], the search engine).
    pub opponent: Arc<dyn Opponent>,
}

impl std::fmt::Debug for ServerConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("data_dir", &self.data_dir)
            .finish_non_exhaustive()
    }
}

impl ServerConfig {
    /// Defaults: 127.0.0.1, port 8080 or the next free one, the search engine ([`EngineOpponent`]).
    #[must_use]
    pub fn new(registry: Registry, data_dir: PathBuf) -> ServerConfig {
        ServerConfig {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: None,
            data_dir,
            registry,
            opponent: Arc::new(EngineOpponent::default()),
        }
    }
}

/// What [`run`] reports once it listens.
#[derive(Debug, Clone)]
pub struct Ready {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Ports that were busy before this one.
    pub busy: Vec<u16>,
    /// The database file.
    pub db: PathBuf,
    /// Games whose engine resumed thinking after the restart.
    pub resumed: usize,
}

/// Opens (creating when needed) the data directory and its database.
///
/// # Errors
/// [`ServerError::DataDir`] or [`ServerError::Store`].
pub fn open_app(
    registry: Registry,
    data_dir: &std::path::Path,
    opponent: Arc<dyn Opponent>,
) -> Result<Arc<App>, ServerError> {
    std::fs::create_dir_all(data_dir).map_err(|source| ServerError::DataDir {
        path: data_dir.to_path_buf(),
        source,
    })?;
    let path = data_dir.join("menagerie.db");
    let store = Store::open(&path).map_err(|source| ServerError::Store { path, source })?;
    Ok(App::new(registry, store, opponent))
}

/// The whole HTTP application: the API and the embedded UI.
pub fn router(app: Arc<App>) -> Router {
    api::routes(app).fallback(assets::serve)
}

/// Paths of the embedded UI files.
#[must_use]
pub fn embedded_files() -> Vec<String> {
    assets::files()
}

async fn bind(
    host: IpAddr,
    port: Option<u16>,
) -> Result<(tokio::net::TcpListener, Vec<u16>), ServerError> {
    let busy_msg = |p: u16, e: &std::io::Error| {
        format!("cannot listen on {host}:{p}: {e} (is Menagerie already running? choose another port with --port)")
    };
    match port {
        Some(p) => tokio::net::TcpListener::bind((host, p))
            .await
            .map(|l| (l, Vec::new()))
            .map_err(|e| ServerError::Bind(busy_msg(p, &e))),
        None => {
            let mut busy = Vec::new();
            let mut last = None;
            for p in DEFAULT_PORT..DEFAULT_PORT + PORT_TRIES {
                match tokio::net::TcpListener::bind((host, p)).await {
                    Ok(l) => return Ok((l, busy)),
                    Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
                        busy.push(p);
                        last = Some(e);
                    }
                    Err(e) => return Err(ServerError::Bind(busy_msg(p, &e))),
                }
            }
            let e = last.unwrap_or_else(|| std::io::Error::other("no port"));
            Err(ServerError::Bind(format!(
                "ports {}-{} on {host} are all busy ({e}); choose one with --port",
                DEFAULT_PORT,
                DEFAULT_PORT + PORT_TRIES - 1
            )))
        }
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// Runs the server until Ctrl-C or SIGTERM: opens the storage, listens, calls
/// `on_ready`, lets the engine resume the games it was thinking in, and serves.
///
/// # Errors
/// The data directory, database or port cannot be used.
pub fn run(config: ServerConfig, on_ready: impl FnOnce(&Ready)) -> Result<(), ServerError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("menagerie-http")
        .build()?;
    rt.block_on(async move {
        let app = open_app(config.registry, &config.data_dir, config.opponent)?;
        let (listener, busy) = bind(config.host, config.port).await?;
        let addr = listener.local_addr()?;
        let resumed = app.resume_engines();
        on_ready(&Ready {
            addr,
            busy,
            db: config.data_dir.join("menagerie.db"),
            resumed,
        });
        let stopping = Arc::new(tokio::sync::Notify::new());
        let notify = stopping.clone();
        let app2 = app.clone();
        let server = axum::serve(listener, router(app)).with_graceful_shutdown(async move {
            shutdown_signal().await;
            app2.stop_all();
            notify.notify_one();
        });
        // Event streams never end by themselves: give open requests a moment, then go.
        tokio::select! {
            r = server => r?,
            () = async {
                stopping.notified().await;
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            } => {}
        }
        Ok(())
    })
}
