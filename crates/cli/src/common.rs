//! Helpers shared by the subcommands.

use anyhow::{bail, Context, Result};
use menagerie_rules::variant::VariantError;
use menagerie_rules::{Registry, Variant};
use std::sync::Arc;

/// The built-in variants plus those in `files`. A file of several variants
/// (a Fairy-Stockfish ini) that is partly broken adds the variants that load
/// and prints the problems of the others on stderr; a file from which
/// nothing loads is an error.
pub fn registry(files: &[String]) -> Result<Registry> {
    let mut reg = Registry::builtin();
    for f in files {
        let text =
            std::fs::read_to_string(f).with_context(|| format!("cannot read variant file {f}"))?;
        let report = reg.load_file(f, &text);
        let problems = VariantError {
            problems: report.problems,
        };
        if report.ids.is_empty() {
            bail!("{problems}");
        }
        if !problems.problems.is_empty() {
            eprintln!("{problems}");
            eprintln!(
                "{f}: {} variant(s) loaded, {} problem(s) in the others",
                report.ids.len(),
                problems.problems.len()
            );
        }
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
    let report = reg.load_file(path, &text);
    if !report.ids.is_empty() {
        println!("{path}: ok ({})", report.ids.join(", "));
    }
    if report.problems.is_empty() {
        return Ok(());
    }
    let count = report.problems.len();
    println!(
        "{}",
        VariantError {
            problems: report.problems
        }
    );
    bail!("{count} problem(s) in {path}")
}
