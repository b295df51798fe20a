#![allow(clippy::unwrap_used, clippy::expect_used)]
//! `menagerie probe`, the machine interface of the differential tests.

use std::io::Write;
use std::process::{Command, Stdio};

fn probe(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .arg("probe")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn probe_answers_each_line() {
    let out = probe(
        "chess\tstartpos\t\n\
         chess\tstartpos\tf2f3 e7e5 g2g4 d8h4\n\
         chess\tstartpos\te2e5\n\
         nosuchvariant\tstartpos\t\n\
         garbage\n",
    );
    assert_eq!(out.len(), 5);
    let start: Vec<&str> = out[0].split('\t').collect();
    assert_eq!(start[0], "ok");
    assert_eq!(
        start[1],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(start[2].split(' ').count(), 20);
    assert!(start[2].contains("e2e4"));
    assert_eq!(start[3], "-");
    let mate: Vec<&str> = out[1].split('\t').collect();
    assert_eq!(mate[2], "");
    assert_eq!(mate[3], "0-1 (checkmate)");
    assert!(out[2].starts_with("error\tmove e2e5"), "{}", out[2]);
    assert!(out[3].starts_with("error\t"), "{}", out[3]);
    assert!(out[4].starts_with("error\texpected"), "{}", out[4]);
}
