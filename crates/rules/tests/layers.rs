#![allow(clippy::unwrap_used, clippy::panic)]
//! The rules crate's own layering, checked on its sources: a variant is
//! built from its file without positions (the start placement is read by
//! `placement`, the start FEN checked by the registry above both), so the
//! `variant` module never imports `position` or `registry`, and `placement`
//! and `zobrist` sit below both.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `crate::module` a file names.
fn imports(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        out.push(name);
    }
    out
}

fn check(module: &str, forbidden: &[&str]) {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let dir = src.join(module);
    if dir.is_dir() {
        sources(&dir, &mut files);
    } else {
        files.push(src.join(format!("{module}.rs")));
    }
    assert!(!files.is_empty(), "no sources for {module}");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for name in imports(&text) {
            assert!(
                !forbidden.contains(&name.as_str()),
                "{} uses crate::{name}; `{module}` must not depend on {forbidden:?}",
                f.display()
            );
        }
    }
}

#[test]
fn variants_are_built_without_positions() {
    check(
        "variant",
        &["position", "registry", "perft", "san", "notation"],
    );
}

#[test]
fn placement_and_zobrist_sit_below_variant_and_position() {
    for m in ["placement", "zobrist"] {
        check(
            m,
            &["variant", "position", "registry", "components", "movegen"],
        );
    }
}
