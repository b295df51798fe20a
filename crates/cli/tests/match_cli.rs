//! `menagerie match` end to end: internal players, the UCI and XBoard
//! clients (talking to Menagerie itself), PGN output, and an engine that
//! plays an illegal move.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("menagerie-match-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn internal_players_pgn_and_summary() {
    let pgn = tmp("internal.pgn");
    let (ok, out, err) = run(&[
        "match",
        "--variant",
        "capablanca",
        "--first",
        "menagerie:depth=2",
        "--second",
        "menagerie:depth=1,material",
        "--tc",
        "none",
        "--games",
        "2",
        "--random-plies",
        "2",
        "--max-plies",
        "30",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("Score of Menagerie(depth=2) vs Menagerie(depth=1,material)"),
        "{out}"
    );
    assert!(out.contains("Elo difference:"), "{out}");
    assert!(
        out.contains("illegal moves 0, crashes 0, time forfeits 0"),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Variant \"capablanca\"]").count(),
        2,
        "{text}"
    );
    assert_eq!(text.matches("[FEN \"").count(), 2);
    // Colours alternate: each player is White once.
    assert!(text.contains("[White \"Menagerie(depth=2)\"]"));
    assert!(text.contains("[White \"Menagerie(depth=1,material)\"]"));
    // Both games start with the same two random opening moves.
    let firsts: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("1. "))
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>())
        .map(|v| if v.len() == 3 { "ok" } else { "short" })
        .collect();
    assert_eq!(firsts, vec!["ok", "ok"]);
}

#[test]
fn uci_and_xboard_clients_against_menagerie() {
    for proto in ["uci", "xboard"] {
        let second = format!("{proto}:{BIN} {proto};name=ext");
        let (ok, out, err) = run(&[
            "match",
            "--variant",
            "chess",
            "--first",
            "menagerie",
            "--second",
            &second,
            "--tc",
            "1+0.01",
            "--games",
            "2",
            "--max-plies",
            "24",
        ]);
        assert!(ok, "{proto}: {out}\n{err}");
        assert!(
            out.contains("ext: illegal moves 0, crashes 0, time forfeits 0"),
            "{proto}: {out}\n{err}"
        );
        assert!(out.contains("[0."), "{proto}: {out}");
    }
}

#[test]
fn an_illegal_move_loses_and_is_reported() {
    let script = tmp("bad-engine.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name Bad'; echo uciok;;\n    isready) echo readyok;;\n    go*) echo 'bestmove a1a5';;\n    quit) exit 0;;\n  esac\ndone\n",
    )
    .unwrap();
    let second = format!("uci:sh {};name=Bad", script.display());
    let (ok, out, err) = run(&[
        "match",
        "--first",
        "menagerie:depth=1",
        "--second",
        &second,
        "--tc",
        "2+0.1",
        "--games",
        "2",
        "--random-plies",
        "0",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains(": 2 - 0 - 0"), "{out}");
    assert!(out.contains("Bad: illegal moves 2"), "{out}");
    assert!(err.contains("illegal move: a1a5"), "{err}");
}
