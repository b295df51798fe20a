//! Helpers shared by the command-line tests (each test file includes this
//! module; not every file uses every helper).
#![allow(dead_code, clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::Command;

/// The `menagerie` binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

/// Runs `menagerie ARGS`: (success, stdout, stderr).
pub fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// A path `name` in a folder of this test process (`tag` tells the test
/// files apart).
pub fn tmp(tag: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("menagerie-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}
