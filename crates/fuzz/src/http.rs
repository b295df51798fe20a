//! HTTP request bodies, sent through the whole router (access rules, handlers,
//! storage) of a server with a temporary data directory, as a page on the server's
//! own origin would send them. No request may be answered with a 5xx.

use crate::FirstMove;
use axum::body::Body;
use axum::http::Request;
use menagerie_server::{open_app_with, router, Access, App, Quotas};
use std::cell::RefCell;
use std::sync::Arc;
use tower::ServiceExt as _;

/// Requests one server answers before a fresh one takes over (its games pile up in
/// memory and storage otherwise).
const REQUESTS_PER_SERVER: usize = 500;

/// The endpoints a body can go to: method and path, `{g}` standing for a game.
const ENDPOINTS: &[(&str, &str)] = &[
    ("POST", "/api/games"),
    ("POST", "/api/games/import"),
    ("POST", "/api/games/{g}/move"),
    ("PATCH", "/api/games/{g}"),
    ("POST", "/api/games/{g}/undo"),
    ("POST", "/api/games/{g}/resign"),
    ("POST", "/api/games/{g}/draw"),
    ("POST", "/api/games/{g}/engine-move"),
    ("GET", "/api/games?{q}"),
    ("GET", "/api/variants/{q}"),
];

struct Server {
    rt: tokio::runtime::Runtime,
    app: Arc<App>,
    access: Arc<Access>,
    served: usize,
    _dir: tempfile::TempDir,
}

impl Server {
    fn new() -> Server {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap_or_else(|e| panic!("no runtime: {e}"));
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("no temporary directory: {e}"));
        let quotas = Quotas {
            games_per_minute: usize::MAX,
            ..Quotas::default()
        };
        let app = rt
            .block_on(async {
                open_app_with(
                    menagerie_rules::Registry::builtin(),
                    dir.path(),
                    Arc::new(FirstMove),
                    quotas,
                )
            })
            .unwrap_or_else(|e| panic!("the server does not open: {e}"));
        Server {
            rt,
            app,
            access: Arc::new(Access::loopback(8080)),
            served: 0,
            _dir: dir,
        }
    }

    /// Sends a request; answers the status and the body text.
    fn send(&self, method: &str, uri: &str, body: Vec<u8>) -> (u16, String) {
        let req = Request::builder()
            .method(method)
            .uri(uri)
            .header("host", "127.0.0.1:8080")
            .header("content-type", "application/json")
            .body(Body::from(body));
        let Ok(req) = req else {
            return (400, String::new()); // not a request a client could send
        };
        self.rt.block_on(async {
            let res = router(self.app.clone(), self.access.clone())
                .oneshot(req)
                .await
                .unwrap_or_else(|e| match e {});
            let status = res.status().as_u16();
            let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
                .await
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default();
            (status, bytes)
        })
    }

    /// A new human game to send the body to.
    fn game(&self) -> String {
        let (status, body) = self.send(
            "POST",
            "/api/games",
            br#"{"variant":"chess","white":"human","black":"engine"}"#.to_vec(),
        );
        assert_eq!(status, 201, "{body}");
        let start = body.find("\"id\":\"").map(|i| i + 6).unwrap_or(0);
        body[start..]
            .split('"')
            .next()
            .unwrap_or_default()
            .to_string()
    }
}

thread_local! {
    static SERVER: RefCell<Option<Server>> = const { RefCell::new(None) };
}

/// The first byte picks the endpoint, the rest is the body (or, for a GET, the query
/// or path segment, percent-encoded).
pub fn http_body(data: &[u8]) {
    let (choice, body) = crate::split_choice(data);
    let (method, path) = ENDPOINTS[usize::from(choice) % ENDPOINTS.len()];
    SERVER.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell
            .as_ref()
            .is_none_or(|s| s.served >= REQUESTS_PER_SERVER)
        {
            *cell = Some(Server::new());
        }
        let Some(server) = cell.as_mut() else { return };
        server.served += 1;
        let uri = if path.contains("{g}") {
            path.replace("{g}", &server.game())
        } else {
            path.replace("{q}", &percent_encoded(body))
        };
        let (status, text) = server.send(method, &uri, body.to_vec());
        assert!(status < 500, "{method} {uri}: {status} {text}");
    });
}

/// `bytes` with everything but unreserved characters and `=`/`&` percent-encoded.
fn percent_encoded(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b"-._~=&".contains(&b) {
            s.push(char::from(b));
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s
}
