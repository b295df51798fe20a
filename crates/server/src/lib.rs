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
//! Layout: [`api`] (handlers, router), [`access`] (who may call it: Host, Origin,
//! content type, token; security headers), [`quota`] (per-client limits), [`app`]
//! (shared state, games in memory, searches), [`searches`] (the workers all games'
//! searches share),
//! [`game`] (one game), [`clock`] (game clocks) and [`flag_watch`] (ending games on
//! time), [`view`] (JSON types), [`store`] (SQLite), [`pgn`],
//! [`analysis`] (best lines, game review), [`diagram`] (piece move diagrams), [`opponent`] (the engine trait and a small
//! material player), `assets` (the embedded UI).

pub mod access;
pub mod analysis;
pub mod api;
pub mod app;
mod assets;
pub mod clock;
pub mod diagram;
pub mod engine_opponent;
pub mod error;
pub mod flag_watch;
pub mod game;
pub mod opponent;
pub mod pgn;
pub mod quota;
pub mod record;
pub mod rules_text;
pub mod searches;
pub mod store;
pub mod view;

pub use access::{Access, AllowedOrigin};
pub use app::App;
pub use engine_opponent::EngineOpponent;
pub use error::ApiError;
pub use opponent::Opponent;
pub use quota::Quotas;
pub use store::Store;

use axum::Router;
use menagerie_rules::Registry;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Port tried first when none is given.
pub const DEFAULT_PORT: u16 = 8080;
/// How many ports after [`DEFAULT_PORT`] are tried when it is busy.
pub const PORT_TRIES: u16 = 20;
/// Time a client has to send a request's headers; it also closes a kept-alive
/// connection that sends nothing for this long.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections served at once; more wait in the system's accept queue.
pub const MAX_CONNECTIONS: usize = 1024;
/// Time between automatic backups (another is made at shutdown).
pub const BACKUP_INTERVAL: Duration = Duration::from_secs(3600);
/// How long open requests (event streams never end) get at shutdown.
const SHUTDOWN_GRACE: Duration = Duration::from_millis(500);

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
    /// The database is missing, damaged or cannot be opened (the message says how to
    /// recover).
    #[error("{0}")]
    Store(#[from] store::OpenError),
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
    /// Other origins that may call the API (e.g. a reverse proxy's address).
    pub allow_origins: Vec<AllowedOrigin>,
    /// Per-client limits.
    pub quotas: Quotas,
    /// See [`HEADER_TIMEOUT`].
    pub header_timeout: Duration,
    /// Engine searches that run at once, all games together (the others wait their
    /// turn; see [`searches`]).
    pub search_workers: usize,
}

impl std::fmt::Debug for ServerConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("data_dir", &self.data_dir)
            .field("allow_origins", &self.allow_origins)
            .field("quotas", &self.quotas)
            .field("search_workers", &self.search_workers)
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
            allow_origins: Vec::new(),
            quotas: Quotas::default(),
            header_timeout: HEADER_TIMEOUT,
            search_workers: searches::SearchPool::default_workers(),
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
    /// The token state-changing requests need (bound beyond loopback).
    pub token: Option<String>,
}

impl Ready {
    /// The address to open in a browser (with the token when one is needed).
    #[must_use]
    pub fn url(&self) -> String {
        match &self.token {
            Some(t) => format!("http://{}/?token={t}", self.addr),
            None => format!("http://{}/", self.addr),
        }
    }
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
    open_app_with(registry, data_dir, opponent, Quotas::default())
}

/// Like [`open_app`], with these per-client limits.
///
/// # Errors
/// [`ServerError::DataDir`] or [`ServerError::Store`].
pub fn open_app_with(
    registry: Registry,
    data_dir: &std::path::Path,
    opponent: Arc<dyn Opponent>,
    quotas: Quotas,
) -> Result<Arc<App>, ServerError> {
    let store = open_store(data_dir)?;
    Ok(App::with_quotas(registry, store, opponent, quotas))
}

fn open_store(data_dir: &std::path::Path) -> Result<Store, ServerError> {
    std::fs::create_dir_all(data_dir).map_err(|source| ServerError::DataDir {
        path: data_dir.to_path_buf(),
        source,
    })?;
    Ok(Store::open_dir(data_dir)?)
}

/// The whole HTTP application: the API and the embedded UI, behind the access rules.
pub fn router(app: Arc<App>, access: Arc<Access>) -> Router {
    api::routes(app)
        .fallback(assets::serve)
        .layer(axum::middleware::from_fn_with_state(access, access::guard))
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

/// Listens for Ctrl-C and SIGTERM from the moment it is called; the future ends at the
/// first. Called before the server says it runs, so a signal sent as soon as it said so
/// stops it cleanly instead of meeting the default, fatal action.
fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate())?;
        let mut interrupt = signal(SignalKind::interrupt())?;
        Ok(async move {
            tokio::select! {
                _ = term.recv() => {},
                _ = interrupt.recv() => {},
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            let _ = tokio::signal::ctrl_c().await;
        })
    }
}

/// Serves `router` on `listener` until `shutdown` completes: HTTP/1.1 with a header
/// timeout (which also ends idle kept-alive connections), at most [`MAX_CONNECTIONS`]
/// connections, the client's address given to the handlers as [`access::Client`].
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    header_timeout: Duration,
    shutdown: impl std::future::Future<Output = ()>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt as _;
    let (closing, close_rx) = tokio::sync::watch::channel(false);
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            p = slots.clone().acquire_owned() => p,
            () = &mut shutdown => break,
        };
        let Ok(permit) = permit else { break };
        let accepted = tokio::select! {
            a = listener.accept() => a,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(x) => x,
            Err(_) => {
                // Out of file descriptors and the like: let it pass.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let router = router.clone();
        let mut close = close_rx.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let svc = hyper::service::service_fn(move |mut req: hyper::Request<_>| {
                req.extensions_mut().insert(access::Client(peer.ip()));
                router.clone().oneshot(req.map(axum::body::Body::new))
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let conn = builder.serve_connection(TokioIo::new(stream), svc);
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = async { let _ = close.wait_for(|c| *c).await; } => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    let _ = closing.send(true);
    // Event streams never end by themselves: give open requests a moment, then go.
    let all = u32::try_from(MAX_CONNECTIONS).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, slots.acquire_many(all)).await;
}

/// Writes a backup generation into `data_dir/backups` every `every` (the first after
/// one interval); a failure is reported on stderr and tried again next time.
async fn backup_every(app: Arc<App>, data_dir: PathBuf, every: Duration) {
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    loop {
        tick.tick().await;
        let (a, d) = (app.clone(), data_dir.clone());
        match tokio::task::spawn_blocking(move || a.store().backup_generation(&d)).await {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => eprintln!("warning: automatic backup failed: {e}"),
            Err(e) => eprintln!("warning: automatic backup failed: {e}"),
        }
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
        let app = App::with_limits(
            config.registry,
            open_store(&config.data_dir)?,
            config.opponent,
            config.quotas,
            config.search_workers,
        );
        let (listener, busy) = bind(config.host, config.port).await?;
        let addr = listener.local_addr()?;
        let access = Arc::new(Access::new(addr, config.allow_origins));
        let stop_signal = shutdown_signal()?;
        let resumed = app.resume_engines();
        on_ready(&Ready {
            addr,
            busy,
            db: config.data_dir.join(store::DB_FILE),
            resumed,
            token: access.token().map(str::to_string),
        });
        let app2 = app.clone();
        let app3 = app.clone();
        let backups = tokio::spawn(backup_every(
            app.clone(),
            config.data_dir.clone(),
            BACKUP_INTERVAL,
        ));
        serve(
            listener,
            router(app, access),
            config.header_timeout,
            async move {
                stop_signal.await;
                app2.stop_all();
            },
        )
        .await;
        backups.abort();
        // A last generation at shutdown.
        let dir = config.data_dir.clone();
        let last = tokio::task::spawn_blocking(move || app3.store().backup_generation(&dir)).await;
        if let Ok(Err(e)) = last {
            eprintln!("warning: the backup at shutdown failed: {e}");
        }
        Ok(())
    })
}
