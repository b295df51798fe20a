//! The web UI (`web/` without `web/dev/`), embedded in the binary.

use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
#[exclude = "dev/*"]
#[exclude = "*/node_modules/*"]
#[exclude = "README.md"]
struct Web;

/// Paths of the embedded files (`index.html`, `js/app.js`, ...).
#[must_use]
pub fn files() -> Vec<String> {
    Web::iter().map(|p| p.to_string()).collect()
}

/// Serves an embedded file: `/` is `index.html`; anything else unknown is a 404.
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    match Web::get(path) {
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
