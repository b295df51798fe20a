//! Who may drive the server: the Host, Origin, content-type and token rules, the
//! security headers, the per-client quotas (429), and the connection timeouts on a
//! real socket. Reproductions of issue 23's findings 1 and 2.
#![allow(clippy::unwrap_used, clippy::panic)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use menagerie_engine::{Info, Limits, StopHandle};
use menagerie_rules::{Move, Position, Registry};
use menagerie_server::{open_app_with, router, serve, Access, App, Opponent, Quotas};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// Thinks until stopped.
struct Forever;
impl Opponent for Forever {
    fn search(
        &self,
        _: Position,
        _: Limits,
        _: &mut dyn FnMut(Info),
        stop: &StopHandle,
    ) -> Option<Move> {
        while !stop.is_stopped() {
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

struct T {
    app: Arc<App>,
    access: Arc<Access>,
    _dir: tempfile::TempDir,
}

fn server(quotas: Quotas, access: Access) -> T {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app_with(Registry::builtin(), dir.path(), Arc::new(Forever), quotas).unwrap();
    T {
        app,
        access: Arc::new(access),
        _dir: dir,
    }
}

impl T {
    /// Sends a request with these headers; answers status, headers and JSON (or Null).
    async fn send(
        &self,
        method: &str,
        uri: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (StatusCode, axum::http::HeaderMap, Value) {
        let mut req = Request::builder().method(method).uri(uri);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let req = req.body(Body::from(body.to_string())).unwrap();
        let res = router(self.app.clone(), self.access.clone())
            .oneshot(req)
            .await
            .unwrap();
        let status = res.status();
        let h = res.headers().clone();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let v = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        (status, h, v)
    }

    async fn games(&self) -> usize {
        let (s, _, v) = self
            .send("GET", "/api/games", &[("host", "127.0.0.1:8080")], "")
            .await;
        assert_eq!(s, StatusCode::OK);
        v.as_array().unwrap().len()
    }
}

const JSON: (&str, &str) = ("content-type", "application/json");
const HOST: (&str, &str) = ("host", "127.0.0.1:8080");
const HUMANS: &str = r#"{"variant":"chess","white":"human","black":"human"}"#;

#[tokio::test]
async fn cross_site_requests_are_refused_and_change_nothing() {
    let t = server(Quotas::default(), Access::loopback(8080));
    // A form or a no-cors fetch from another site: text/plain, foreign Origin.
    let (s, _, v) = t
        .send(
            "POST",
            "/api/games",
            &[
                HOST,
                ("content-type", "text/plain"),
                ("origin", "http://evil.example"),
            ],
            HUMANS,
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(v["code"], "cross_origin");
    // The same without an Origin (curl): the content type is still required.
    let (s, _, v) = t
        .send(
            "POST",
            "/api/games",
            &[HOST, ("content-type", "text/plain")],
            HUMANS,
        )
        .await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{v}");
    assert_eq!(v["code"], "bad_content_type");
    let (s, _, _) = t.send("POST", "/api/games", &[HOST], HUMANS).await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // JSON but marked cross-site by the browser, or from an opaque origin.
    for h in [("sec-fetch-site", "cross-site"), ("origin", "null")] {
        let (s, _, v) = t.send("POST", "/api/games", &[HOST, JSON, h], HUMANS).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{h:?} {v}");
    }
    assert_eq!(t.games().await, 0, "no refused request created a game");
    // Same origin (the UI) and no origin (a script) are served.
    let (s, _, v) = t
        .send(
            "POST",
            "/api/games",
            &[
                HOST,
                JSON,
                ("origin", "http://127.0.0.1:8080"),
                ("sec-fetch-site", "same-origin"),
            ],
            HUMANS,
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let gid = v["id"].as_str().unwrap().to_string();
    let (s, _, _) = t
        .send(
            "POST",
            &format!("/api/games/{gid}/move"),
            &[HOST, JSON],
            r#"{"move":"e2e4"}"#,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    // A cross-site move, resignation or undo is refused too.
    for (path, body) in [
        ("move", r#"{"move":"e7e5"}"#),
        ("resign", "{}"),
        ("undo", "{}"),
    ] {
        let (s, _, _) = t
            .send(
                "POST",
                &format!("/api/games/{gid}/{path}"),
                &[
                    HOST,
                    ("content-type", "text/plain"),
                    ("origin", "http://evil.example"),
                ],
                body,
            )
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{path}");
    }
    let (_, _, g) = t
        .send("GET", &format!("/api/games/{gid}"), &[HOST], "")
        .await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 1);
    assert_eq!(g["status"]["over"], false);
}

#[tokio::test]
async fn a_rebound_host_reads_nothing() {
    let t = server(Quotas::default(), Access::loopback(8080));
    let (s, _, v) = t.send("POST", "/api/games", &[HOST, JSON], HUMANS).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    for host in [
        "evil.example:8080",
        "evil.example",
        "127.0.0.1:9999",
        "10.1.2.3:8080",
    ] {
        for path in ["/api/games", "/", "/api/variants"] {
            let (s, _, v) = t.send("GET", path, &[("host", host)], "").await;
            assert_eq!(s, StatusCode::MISDIRECTED_REQUEST, "{host} {path}");
            assert_eq!(v["code"], "bad_host");
        }
    }
    let (s, _, _) = t.send("GET", "/api/games", &[], "").await;
    assert_eq!(s, StatusCode::MISDIRECTED_REQUEST, "no Host header");
    for host in ["localhost:8080", "[::1]:8080"] {
        let (s, _, v) = t.send("GET", "/api/games", &[("host", host)], "").await;
        assert_eq!(s, StatusCode::OK, "{host}");
        assert_eq!(v.as_array().unwrap().len(), 1);
    }
}

#[tokio::test]
async fn security_headers_on_every_answer() {
    let t = server(Quotas::default(), Access::loopback(8080));
    for (path, host) in [
        ("/", HOST.1),
        ("/api/games", HOST.1),
        ("/api/nope", HOST.1),
        ("/", "evil.example"),
    ] {
        let (_, h, _) = t.send("GET", path, &[("host", host)], "").await;
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{csp}");
        assert_eq!(h["x-frame-options"], "DENY");
        assert_eq!(h["x-content-type-options"], "nosniff");
        assert_eq!(h["referrer-policy"], "no-referrer");
    }
}

#[tokio::test]
async fn beyond_loopback_state_changes_need_the_token() {
    let addr = "0.0.0.0:8080".parse().unwrap();
    let access = Access::new(addr, Vec::new());
    let token = access.token().unwrap().to_string();
    let t = server(Quotas::default(), access);
    let host = ("host", "192.168.1.7:8080");
    let (s, _, v) = t.send("POST", "/api/games", &[host, JSON], HUMANS).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    assert_eq!(v["code"], "token_required");
    let wrong = "Bearer 0123456789abcdef0123456789abcdef".to_string();
    let (s, _, _) = t
        .send(
            "POST",
            "/api/games",
            &[host, JSON, ("authorization", &wrong)],
            HUMANS,
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let bearer = format!("Bearer {token}");
    let (s, _, _) = t
        .send(
            "POST",
            "/api/games",
            &[host, JSON, ("authorization", &bearer)],
            HUMANS,
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    // Opening the printed address sets the cookie the UI's requests then carry.
    let (s, h, _) = t
        .send("GET", &format!("/?token={token}"), &[host], "")
        .await;
    assert_eq!(s, StatusCode::OK);
    let cookie = h["set-cookie"].to_str().unwrap().to_string();
    assert!(
        cookie.contains("SameSite=Strict") && cookie.contains("HttpOnly"),
        "{cookie}"
    );
    let pair = cookie.split(';').next().unwrap().to_string();
    let (s, _, _) = t
        .send(
            "POST",
            "/api/games",
            &[host, JSON, ("cookie", &pair)],
            HUMANS,
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    let (_, h, _) = t.send("GET", "/?token=wrong", &[host], "").await;
    assert!(h.get("set-cookie").is_none());
    // Reading needs no token.
    let (s, _, _) = t.send("GET", "/api/games", &[host], "").await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test]
async fn too_many_searches_or_games_is_a_clear_429() {
    let t = server(
        Quotas {
            searches_per_client: 2,
            searches_total: 10,
            games_per_minute: 4,
        },
        Access::loopback(8080),
    );
    let engine = r#"{"variant":"chess","white":"engine","black":"engine"}"#;
    for _ in 0..2 {
        let (s, _, v) = t.send("POST", "/api/games", &[HOST, JSON], engine).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        assert_eq!(v["engine"]["thinking"], true);
    }
    let (s, _, v) = t.send("POST", "/api/games", &[HOST, JSON], engine).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert_eq!(v["code"], "too_many_searches");
    assert!(
        v["error"].as_str().unwrap().contains('2'),
        "names the limit: {v}"
    );
    assert_eq!(t.games().await, 2, "the refused game was not created");
    assert_eq!(t.app.usage().searches(), 2);
    // Human games are not searches; the fifth game in a minute is refused.
    for _ in 0..2 {
        let (s, _, _) = t.send("POST", "/api/games", &[HOST, JSON], HUMANS).await;
        assert_eq!(s, StatusCode::CREATED);
    }
    let (s, _, v) = t.send("POST", "/api/games", &[HOST, JSON], HUMANS).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert_eq!(v["code"], "too_many_games");
    assert_eq!(t.games().await, 4);
}

/// Starts the real accept loop on a free loopback port with this header timeout.
async fn listening(timeout: Duration) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let t = server(Quotas::default(), Access::loopback(1));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let access = Arc::new(Access::loopback(addr.port()));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let app = t.app.clone();
    tokio::spawn(async move {
        let _t = t;
        serve(listener, router(app, access), timeout, async {
            let _ = stopped.await;
        })
        .await;
    });
    (addr, stop)
}

/// Reads until the server closes the connection; returns what it sent.
async fn until_closed(s: &mut tokio::net::TcpStream) -> String {
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        // Far beyond the configured timeout: a bound, not a timing assertion.
        match tokio::time::timeout(Duration::from_secs(60), s.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => break,
            Ok(Ok(n)) => all.extend_from_slice(&buf[..n]),
            Err(_) => panic!("the server kept the connection open"),
        }
    }
    String::from_utf8_lossy(&all).into_owned()
}

#[tokio::test]
async fn incomplete_headers_and_idle_connections_are_closed() {
    let (addr, _stop) = listening(Duration::from_millis(300)).await;
    // Slowloris: headers that never end.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\nX-A: 1\r\n").as_bytes())
        .await
        .unwrap();
    let got = until_closed(&mut s).await;
    assert!(!got.contains("200 OK"), "{got}");
    // A kept-alive connection that goes quiet after its request.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("GET /api/variants HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let got = until_closed(&mut s).await;
    assert!(got.starts_with("HTTP/1.1 200 OK"), "{got}");
    // The real socket passes the client's address to the rules: a rebinding Host is
    // refused there too.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET /api/games HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let got = until_closed(&mut s).await;
    assert!(got.starts_with("HTTP/1.1 421"), "{got}");
}
