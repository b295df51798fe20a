//! Helpers shared by the subcommands.

use anyhow::{bail, Context, Result};
use menagerie_rules::{Registry, Variant};
use std::sync::Arc;

/// The built-in variants plus those in `files`.
pub fn registry(files: &[String]) -> Result<Registry> {
    let mut reg = Registry::builtin();
    for f in files {
        let text =
            std::fs::read_to_string(f).with_context(|| format!("cannot read variant file {f}"))?;
        reg.add_file(f, &text).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(reg)
}

/// A variant by id.
pub fn variant(reg: &Registry, id: &str) -> Result<Arc<Variant>> {
    reg.get(id).map_err(|e| anyhow::anyhow!("{e}"))
}

/// `check-variant`.
pub fn check_variant(path: &str) -> Result<()> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    let mut reg = Registry::builtin();
    match reg.add_file(path, &text) {
        Ok(ids) => {
            println!("{path}: ok ({})", ids.join(", "));
            Ok(())
        }
        Err(e) => {
            println!("{e}");
            bail!("{} problem(s) in {path}", e.problems.len());
        }
    }
}
