//! The web UI (`web/` without `web/dev/`) and the lab's self-play reports
//! (`docs/lab/`, pages written by `menagerie lab report`), embedded in the
//! binary.

use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
#[exclude = "dev/*"]
#[exclude = "*/node_modules/*"]
#[exclude = "README.md"]
struct Web;

/// The self-play reports, served under `/lab/`.
#[derive(rust_embed::Embed)]
#[folder = "../../docs/lab/"]
#[include = "*.html"]
#[include = "*.json"]
struct LabReports;

/// Where the self-play report of variant `id` is served, if one is embedded.
#[must_use]
pub fn lab_report(id: &str) -> Option<String> {
    let file = format!("{id}.html");
    LabReports::get(&file).map(|_| format!("/lab/{file}"))
}

/// Paths of the embedded files (`index.html`, `js/app.js`, ...).
#[must_use]
pub fn files() -> Vec<String> {
    Web::iter().map(|p| p.to_string()).collect()
}

/// Serves an embedded file: `/` is `index.html`; anything else unknown is a 404.
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let file = match path.strip_prefix("lab/") {
        Some(report) => LabReports::get(report),
        None => Web::get(path),
    };
    match file {
        Some(file) => {
            let mime = file.metadata.mimetype();
            let mut res = file.data.into_owned().into_response();
            let h = res.headers_mut();
            if let Ok(v) = HeaderValue::from_str(mime) {
                h.insert(header::CONTENT_TYPE, v);
            }
            // Revalidate every time: a new binary may bring new UI files.
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            res
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
