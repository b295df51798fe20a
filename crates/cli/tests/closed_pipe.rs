//! A reader that stops early (`menagerie check-variant f | head -1`,
//! `| grep -q`) closes the pipe: every printing command then ends quietly,
//! with success and no panic message, instead of panicking on the write.
//! The pipe's read end is closed before the command starts, so its very first
//! write fails, every time.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

/// Runs `args` with `stdin` as input and a standard output nobody reads;
/// returns the exit status and what it wrote on stderr.
fn run_unread(args: &[&str], stdin: &str) -> (std::process::ExitStatus, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // The command may end before reading it all: a failed write here is fine.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let out = child.wait_with_output().unwrap();
    (out.status, String::from_utf8_lossy(&out.stderr).to_string())
}

fn variant_file() -> String {
    let dir = std::env::temp_dir().join(format!("menagerie-closed-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("two.ini");
    std::fs::write(&path, "[one:chess]\n\n[two:chess]\nmaxRank = 7\n").unwrap();
    path.to_string_lossy().to_string()
}

#[test]
fn every_printing_command_ends_quietly_when_its_reader_has_gone() {
    let file = variant_file();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["check-variant", &file], ""),
        (vec!["variants"], ""),
        (vec!["perft", "--variant", "chess", "--divide", "2"], ""),
        (vec!["perft", "--variant", "chess", "1"], ""),
        (vec!["probe"], "chess\tstartpos\te2e4\n"),
        (vec!["uci"], "uci\nisready\nquit\n"),
        (vec!["xboard"], "xboard\nprotover 2\nquit\n"),
    ];
    for (args, input) in cases {
        let (status, err) = run_unread(&args, input);
        assert!(
            !err.contains("panicked"),
            "menagerie {args:?} panicked on a closed pipe:\n{err}"
        );
        assert!(
            status.success(),
            "menagerie {args:?} failed on a closed pipe ({status}):\n{err}"
        );
        assert!(
            !err.contains("error") && !err.contains("Broken pipe"),
            "menagerie {args:?} said:\n{err}"
        );
    }
}
