//! `menagerie match` end to end: internal players, the UCI and XBoard
//! clients (talking to Menagerie itself), PGN output, and an engine that
//! plays an illegal move.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;
use common::{run, BIN};

fn tmp(name: &str) -> std::path::PathBuf {
    common::tmp("match-test", name)
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
        let pgn = tmp(&format!("clocks-{proto}.pgn"));
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
            "--random-plies",
            "2",
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert!(ok, "{proto}: {out}\n{err}");
        assert!(
            out.contains("ext: illegal moves 0, crashes 0, time forfeits 0"),
            "{proto}: {out}\n{err}"
        );
        assert!(out.contains("[0."), "{proto}: {out}");
        // Every move the players made (not the two random opening plies)
        // carries its clock and think time, within the 1 s clock.
        let text = std::fs::read_to_string(&pgn).unwrap();
        let plies: usize = text
            .lines()
            .filter_map(|l| l.strip_prefix("[PlyCount \""))
            .map(|n| n.trim_end_matches("\"]").parse::<usize>().unwrap())
            .sum();
        assert_eq!(text.matches("[%clk 0:00:0").count(), plies - 4, "{text}");
        assert_eq!(text.matches("[%emt 0:00:0").count(), plies - 4, "{text}");
        for first in text.lines().filter(|l| l.starts_with("1. ")) {
            let opening: Vec<&str> = first.split_whitespace().take(3).collect();
            assert!(!opening.concat().contains('{'), "{first}");
        }
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

#[test]
fn sprt_decides_on_game_pairs_and_reports_as_it_goes() {
    // A much stronger first player wins every pair: with wide hypotheses
    // the LLR crosses the upper bound within a few pairs, and the run
    // stops there although --max-pairs allows more.
    let (ok, out, err) = run(&[
        "match",
        "--sprt",
        "elo0=0,elo1=200,alpha=0.1,beta=0.1",
        "--max-pairs",
        "40",
        "--first",
        "menagerie:depth=3",
        "--second",
        "menagerie:depth=1,material",
        "--tc",
        "none",
        "--random-plies",
        "2",
        "--max-plies",
        "120",
        "--verbose",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("SPRT: H1 accepted (passed)"), "{out}");
    assert!(err.contains("pairs 1  score"), "{err}");
    assert!(
        out.contains("(-2.20, 2.20) [0.00, 200.00] normalized"),
        "{out}"
    );
    let pairs: u32 = out
        .lines()
        .find_map(|l| l.strip_prefix("Pairs "))
        .and_then(|l| l.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(pairs < 40, "{out}");
    // Every counted game belongs to a counted pair.
    assert!(out.contains(&format!("] {}\n", 2 * pairs)), "{out}");

    // The same pairing with --max-pairs 1 stops without a verdict.
    let (ok, out, err) = run(&[
        "match",
        "--sprt",
        "elo0=0,elo1=5",
        "--max-pairs",
        "1",
        "--first",
        "menagerie:depth=1",
        "--second",
        "menagerie:depth=1",
        "--tc",
        "none",
        "--random-plies",
        "2",
        "--max-plies",
        "40",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("SPRT: no verdict after 1 pairs (the --max-pairs limit)"),
        "{out}"
    );
    let (ok, _, err) = run(&["match", "--sprt", "elo0=5,elo1=0"]);
    assert!(!ok && err.contains("elo0 must be less than elo1"), "{err}");
    let (ok, _, err) = run(&["match", "--max-pairs", "3"]);
    assert!(!ok && err.contains("give --sprt"), "{err}");
}

#[test]
fn books_are_made_balanced_and_read_back_as_fen_or_epd() {
    let book = tmp("chess-book.fen");
    let (ok, out, err) = run(&[
        "book",
        "--variant",
        "chess",
        "--count",
        "3",
        "--plies",
        "4",
        "--nodes",
        "3000",
        "--balance",
        "80",
        "--out",
        book.to_str().unwrap(),
    ]);
    assert!(ok, "{out}\n{err}");
    let text = std::fs::read_to_string(&book).unwrap();
    assert!(text.starts_with("# 3 positions of chess made by: menagerie book --variant chess"));
    let fens: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(fens.len(), 3, "{text}");
    // The same book as EPD records with operations after four FEN fields.
    let epd = tmp("chess-book.epd");
    let records: Vec<String> = fens
        .iter()
        .map(|f| {
            let four: Vec<&str> = f.split_whitespace().take(4).collect();
            format!("{} bm e4; c0 \"from the book test\";", four.join(" "))
        })
        .collect();
    std::fs::write(&epd, records.join("\n")).unwrap();
    for file in [&book, &epd] {
        let pgn = tmp("book-games.pgn");
        let (ok, out, err) = run(&[
            "match",
            "--book",
            file.to_str().unwrap(),
            "--first",
            "menagerie:depth=1",
            "--second",
            "menagerie:depth=1,material",
            "--tc",
            "none",
            "--games",
            "4",
            "--max-plies",
            "10",
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert!(ok, "{out}\n{err}");
        assert!(out.contains("Pairs 2: Ptnml(0-2)"), "{out}");
        // Games 1 and 2 start from the book's first position, 3 and 4 from
        // its second (the board field of the FEN).
        let games = std::fs::read_to_string(&pgn).unwrap();
        let board = |f: &str| f.split_whitespace().next().unwrap().to_string();
        let starts: Vec<String> = games
            .lines()
            .filter_map(|l| l.strip_prefix("[FEN \""))
            .map(board)
            .collect();
        assert_eq!(
            starts,
            vec![
                board(fens[0]),
                board(fens[0]),
                board(fens[1]),
                board(fens[1])
            ],
            "{games}"
        );
    }
    // Fixed-depth players without a clock replay the same game from the
    // same opening: an SPRT stops when every opening of the book has been
    // played once, and says so, although --max-pairs allows more.
    let (ok, out, err) = run(&[
        "match",
        "--book",
        book.to_str().unwrap(),
        "--sprt",
        "elo0=0,elo1=5",
        "--max-pairs",
        "10",
        "--first",
        "menagerie:depth=1",
        "--second",
        "menagerie:depth=1,material",
        "--tc",
        "none",
        "--max-plies",
        "10",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(err.contains("would replay an earlier pair"), "{err}");
    assert!(
        out.contains("SPRT: no verdict after 3 pairs (every opening played once"),
        "{out}"
    );
    let bad = tmp("bad-book.epd");
    std::fs::write(&bad, "not a position; c0 \"x\";\n").unwrap();
    let (ok, _, err) = run(&["match", "--book", bad.to_str().unwrap()]);
    assert!(
        !ok && err.contains("no chess position in this EPD record"),
        "{err}"
    );
}
