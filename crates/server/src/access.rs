//! Who may talk to the server, and the headers every answer carries.
//!
//! Menagerie is a local application: its API changes games on request and has no user
//! accounts, so any web page the user visits could otherwise drive it (a cross-site
//! `POST` with `text/plain` needs no CORS preflight) or read it (DNS rebinding: a
//! hostile name that resolves to 127.0.0.1 makes the browser treat the server as that
//! site). The [`guard`] middleware therefore refuses:
//!
//! * a `Host` header that does not name the server itself (its bound address, a
//!   loopback name, or an origin given with `--allow-origin`) — 421, code `bad_host`;
//! * a state-changing request (`POST`, `PATCH`, `PUT`, `DELETE`) whose body is not
//!   declared `application/json` — 415 `bad_content_type` (browsers cannot send that
//!   type across origins without a preflight, which the server never grants);
//! * a state-changing request whose `Origin` is another site, or that the browser marks
//!   `Sec-Fetch-Site: cross-site`/`same-site` — 403 `cross_origin`;
//! * when bound beyond loopback, a state-changing request without the access token
//!   printed at start (header `Authorization: Bearer ...`, or the cookie set by opening
//!   the printed `/?token=...` address) — 401 `token_required`.
//!
//! Every answer gets a Content-Security-Policy (scripts and connections from the server
//! only, no framing), `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff` and
//! `Referrer-Policy: no-referrer` (the token must not leak through links).

use crate::error::ApiError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// Name of the cookie that carries the access token in a browser.
pub const TOKEN_COOKIE: &str = "menagerie_token";
/// Longest time a request body may take to arrive (slow clients hold no handler).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Largest accepted request body (PGN imports are the largest bodies).
pub const MAX_BODY: usize = 2 * 1024 * 1024;

const CSP: &str = "default-src 'self'; script-src 'self'; connect-src 'self'; \
img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; \
base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// An origin named with `--allow-origin` (`http://host:port`, e.g. a reverse proxy).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllowedOrigin {
    scheme: String,
    host: String,
    port: u16,
}

impl AllowedOrigin {
    /// Reads `scheme://host[:port]` (`http` or `https`; no path).
    ///
    /// # Errors
    /// A message naming what is wrong.
    pub fn parse(text: &str) -> Result<AllowedOrigin, String> {
        let bad = |why: &str| {
            format!("--allow-origin `{text}`: {why} (write e.g. http://example.org:8080)")
        };
        let (scheme, rest) = text.split_once("://").ok_or_else(|| bad("no scheme"))?;
        let scheme = scheme.to_ascii_lowercase();
        let default_port = match scheme.as_str() {
            "http" => 80,
            "https" => 443,
            _ => return Err(bad("the scheme must be http or https")),
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.contains('/') || rest.is_empty() {
            return Err(bad("an origin has no path"));
        }
        let (host, port) = split_host(rest).ok_or_else(|| bad("bad host or port"))?;
        Ok(AllowedOrigin {
            scheme,
            host,
            port: port.unwrap_or(default_port),
        })
    }
}

/// Splits `host[:port]` (IPv6 in brackets) into a lowercase host and a port.
fn split_host(s: &str) -> Option<(String, Option<u16>)> {
    let (host, port) = if let Some(rest) = s.strip_prefix('[') {
        let (h, after) = rest.split_once(']')?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?),
        };
        (h, port)
    } else {
        match s.rsplit_once(':') {
            Some((h, p)) if !h.contains(':') => (h, Some(p)),
            Some(_) => return None,
            None => (s, None),
        }
    };
    if host.is_empty()
        || !host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.:".contains(&b))
    {
        return None;
    }
    let port = match port {
        None => None,
        Some(p) => Some(p.parse::<u16>().ok()?),
    };
    Some((host.to_ascii_lowercase(), port))
}

/// The access rules of one running server.
#[derive(Debug, Clone)]
pub struct Access {
    addr: SocketAddr,
    allowed: Vec<AllowedOrigin>,
    token: Option<String>,
}

impl Access {
    /// Rules for a server listening on `addr`: a token is made when `addr` is not a
    /// loopback address.
    #[must_use]
    pub fn new(addr: SocketAddr, allowed: Vec<AllowedOrigin>) -> Access {
        let token = (!addr.ip().is_loopback()).then(new_token);
        Access {
            addr,
            allowed,
            token,
        }
    }

    /// Rules for tests and embedding: loopback on `port`, no token.
    #[must_use]
    pub fn loopback(port: u16) -> Access {
        Access::new(
            SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port),
            Vec::new(),
        )
    }

    /// Requires this token for state-changing requests (whatever the address).
    #[must_use]
    pub fn with_token(mut self, token: impl Into<String>) -> Access {
        self.token = Some(token.into());
        self
    }

    /// The access token, when one is required.
    #[must_use]
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// True when `host` (and `port`, `None` meaning the scheme's default) names this
    /// server: a loopback name or address, the bound address (any IP address when bound
    /// to all interfaces: a literal address cannot be rebound), or an allowed origin.
    fn names_me(&self, scheme: &str, host: &str, port: Option<u16>) -> bool {
        let default = if scheme == "https" { 443 } else { 80 };
        let port = port.unwrap_or(default);
        if self
            .allowed
            .iter()
            .any(|o| o.scheme == scheme && o.host == host && o.port == port)
        {
            return true;
        }
        if scheme != "http" || port != self.addr.port() {
            return false;
        }
        if host == "localhost" {
            return true;
        }
        match host.parse::<IpAddr>() {
            Ok(ip) => ip.is_loopback() || ip == self.addr.ip() || self.addr.ip().is_unspecified(),
            Err(_) => false,
        }
    }

    fn host_ok(&self, headers: &HeaderMap) -> bool {
        let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
            return false;
        };
        let Some((name, port)) = split_host(host) else {
            return false;
        };
        // Through a proxy named by --allow-origin the Host may be its own.
        self.names_me("http", &name, port) || self.names_me("https", &name, port)
    }

    fn origin_ok(&self, headers: &HeaderMap) -> bool {
        if let Some(site) = headers.get("sec-fetch-site").and_then(|h| h.to_str().ok()) {
            if site.eq_ignore_ascii_case("cross-site") || site.eq_ignore_ascii_case("same-site") {
                return false;
            }
        }
        let Some(origin) = headers.get(header::ORIGIN) else {
            return true; // not a browser, or a same-origin GET
        };
        let Ok(origin) = origin.to_str() else {
            return false;
        };
        let Some((scheme, rest)) = origin.split_once("://") else {
            return false; // `null` and other opaque origins
        };
        match split_host(rest) {
            Some((host, port)) => self.names_me(&scheme.to_ascii_lowercase(), &host, port),
            None => false,
        }
    }

    fn token_ok(&self, headers: &HeaderMap) -> bool {
        let Some(token) = &self.token else {
            return true;
        };
        let bearer = headers
            .get(header::AUTHORIZATION)
            .and_then(|h| h.to_str().ok())
            .and_then(|h| h.strip_prefix("Bearer "))
            .map(str::trim);
        if bearer.is_some_and(|b| constant_time_eq(b, token)) {
            return true;
        }
        cookie(headers, TOKEN_COOKIE).is_some_and(|c| constant_time_eq(&c, token))
    }
}

/// The value of cookie `name`, if sent.
fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|h| h.to_str().ok())
        .flat_map(|h| h.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}

/// Compares without stopping at the first difference (no timing hint to a guesser).
fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// 128 random bits as hex, from the system's random source.
fn new_token() -> String {
    let mut bytes = [0u8; 16];
    let from_os = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes))
        .is_ok();
    if !from_os {
        // No /dev/urandom: the standard library's randomly keyed hasher.
        use std::hash::{BuildHasher, Hasher};
        for chunk in bytes.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos())
                    .unwrap_or(0),
            );
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The client's address, as a request extension (absent in in-process tests: loopback).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Client(pub IpAddr);

fn changes_state(m: &Method) -> bool {
    !matches!(
        *m,
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    )
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

fn add_security_headers(res: &mut Response) {
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
}

/// Checks a request against the rules of the module doc, reads its body within
/// [`BODY_TIMEOUT`], and adds the security headers to the answer.
pub async fn guard(State(access): State<Arc<Access>>, req: Request, next: Next) -> Response {
    let mut res = match check(&access, req).await {
        Ok((req, cookie)) => {
            let mut res = next.run(req).await;
            if let Some(c) = cookie {
                res.headers_mut().insert(header::SET_COOKIE, c);
            }
            res
        }
        Err(e) => e.into_response(),
    };
    add_security_headers(&mut res);
    res
}

/// The request (body read) and a cookie to set, or why it is refused.
async fn check(
    access: &Access,
    mut req: Request,
) -> Result<(Request, Option<HeaderValue>), ApiError> {
    let headers = req.headers();
    if !access.host_ok(headers) {
        return Err(ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            "bad_host",
            "the Host header does not name this server (open it by its address, e.g. http://127.0.0.1:PORT/, or start it with --allow-origin)",
        ));
    }
    if req.extensions().get::<Client>().is_none() {
        req.extensions_mut()
            .insert(Client(IpAddr::V4(Ipv4Addr::LOCALHOST)));
    }
    let mut set_cookie = None;
    if let Some(token) = access.token() {
        // Opening the printed address `/?token=...` stores the token in a cookie that
        // the browser sends only to this server (SameSite=Strict).
        let given = req.uri().query().and_then(|q| {
            q.split('&')
                .filter_map(|kv| kv.split_once('='))
                .find(|(k, _)| *k == "token")
                .map(|(_, v)| v.to_string())
        });
        if given.is_some_and(|g| constant_time_eq(&g, token)) {
            set_cookie = HeaderValue::from_str(&format!(
                "{TOKEN_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict"
            ))
            .ok();
        }
    }
    if !changes_state(req.method()) {
        return Ok((req, set_cookie));
    }
    let headers = req.headers();
    if !access.origin_ok(headers) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "cross_origin",
            "requests from other web sites are refused (start the server with --allow-origin to admit one)",
        ));
    }
    if !is_json(headers) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "bad_content_type",
            "send the body as JSON with Content-Type: application/json",
        ));
    }
    if !access.token_ok(headers) {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "token_required",
            "this server is reachable from the network: give the token printed at its start (Authorization: Bearer TOKEN, or open the printed address once)",
        ));
    }
    let (parts, body) = req.into_parts();
    let read = axum::body::to_bytes(body, MAX_BODY);
    let bytes = match tokio::time::timeout(BODY_TIMEOUT, read).await {
        Ok(Ok(b)) => b,
        Ok(Err(_)) => {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "bad_body",
                format!("the request body cannot be read or exceeds {MAX_BODY} bytes"),
            ))
        }
        Err(_) => {
            return Err(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "body_timeout",
                format!(
                    "the request body did not arrive within {} s",
                    BODY_TIMEOUT.as_secs()
                ),
            ))
        }
    };
    Ok((Request::from_parts(parts, Body::from(bytes)), set_cookie))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn host_names_the_server_or_loopback() {
        let a = Access::loopback(8080);
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "[::1]:8080",
            "LOCALHOST:8080",
        ] {
            assert!(a.host_ok(&headers(&[("host", ok)])), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "127.0.0.1:8081",
            "localhost",
            "10.0.0.1:8080",
            "127.0.0.1:8080:1",
            "",
        ] {
            assert!(!a.host_ok(&headers(&[("host", bad)])), "{bad}");
        }
        assert!(!a.host_ok(&HeaderMap::new()), "a request without Host");
    }

    #[test]
    fn all_interfaces_admit_literal_addresses_only() {
        let a = Access::new("0.0.0.0:9000".parse().unwrap(), Vec::new());
        assert!(a.token().is_some_and(|t| t.len() == 32));
        assert!(a.host_ok(&headers(&[("host", "192.168.1.20:9000")])));
        assert!(!a.host_ok(&headers(&[("host", "rebind.example:9000")])));
    }

    #[test]
    fn allowed_origins() {
        let proxy = AllowedOrigin::parse("https://chess.example.org").unwrap();
        let a = Access::new("127.0.0.1:8080".parse().unwrap(), vec![proxy]);
        assert!(a.host_ok(&headers(&[("host", "chess.example.org")])));
        assert!(a.origin_ok(&headers(&[("origin", "https://chess.example.org")])));
        assert!(!a.origin_ok(&headers(&[("origin", "http://chess.example.org")])));
        assert!(a.origin_ok(&headers(&[("origin", "http://127.0.0.1:8080")])));
        assert!(!a.origin_ok(&headers(&[("origin", "null")])));
        assert!(!a.origin_ok(&headers(&[("origin", "http://evil.example")])));
        assert!(!a.origin_ok(&headers(&[("sec-fetch-site", "cross-site")])));
        assert!(a.origin_ok(&headers(&[("sec-fetch-site", "same-origin")])));
        for bad in [
            "chess.example.org",
            "ftp://x",
            "http://x/path",
            "http://x:99999",
        ] {
            assert!(AllowedOrigin::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn token_by_header_or_cookie() {
        let a = Access::loopback(8080).with_token("abc123");
        assert!(!a.token_ok(&HeaderMap::new()));
        assert!(a.token_ok(&headers(&[("authorization", "Bearer abc123")])));
        assert!(!a.token_ok(&headers(&[("authorization", "Bearer abc124")])));
        assert!(a.token_ok(&headers(&[("cookie", "x=1; menagerie_token=abc123")])));
        assert!(!a.token_ok(&headers(&[("cookie", "menagerie_token=abc")])));
    }

    #[test]
    fn json_content_type() {
        assert!(is_json(&headers(&[("content-type", "application/json")])));
        assert!(is_json(&headers(&[(
            "content-type",
            "Application/JSON; charset=utf-8"
        )])));
        assert!(!is_json(&headers(&[("content-type", "text/plain")])));
        assert!(!is_json(&HeaderMap::new()));
    }
}
