//! Helpers shared by the subcommands.
//!
//! Output goes through [`outln!`] rather than `println!`: `println!` panics when
//! the reader of a pipe has gone (`menagerie check-variant f | head -1`), while
//! `outln!` hands the write error back, and `main` ends quietly when it is a
//! closed pipe ([`reader_gone`]). One path for every command, as `grep` or
//! `ripgrep` behave, instead of a fix per command.

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

/// Writes one line on standard output like `println!`, but returns the
/// `std::io::Result` of the write instead of panicking on it (see the module doc).
macro_rules! outln {
    () => {
        $crate::common::out_line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::common::out_line(format_args!($($arg)*))
    };
}
pub(crate) use outln;

/// The body of [`outln!`]: the formatted text and a newline on standard output.
pub fn out_line(args: std::fmt::Arguments<'_>) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_fmt(args)?;
    out.write_all(b"\n")?;
    // Line by line, like the terminal: a reader (`head`, a test harness)
    // sees each line as it is written.
    out.flush()
}

/// True when `e` comes from writing to a pipe whose reader has gone: the
/// command has no one left to tell anything, so it ends quietly.
pub fn reader_gone(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
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
        outln!("{path}: ok ({})", report.ids.join(", "))?;
    }
    if report.problems.is_empty() {
        return Ok(());
    }
    let count = report.problems.len();
    outln!(
        "{}",
        VariantError {
            problems: report.problems
        }
    )?;
    bail!("{count} problem(s) in {path}")
}
