//! The `Engine` facade: positions with moves, background search with typed
//! events, stopping, mates, and play without a royal piece.
#![allow(clippy::unwrap_used, clippy::panic)]

use menagerie_engine::{Engine, EngineOptions, Event, Limits, Score};
use menagerie_rules::{move_text, Position, Registry, TextStyle};
use std::time::{Duration, Instant};

fn engine() -> Engine {
    Engine::new(EngineOptions {
        hash_mb: 8,
        ..EngineOptions::default()
    })
}

#[test]
fn set_position_go_and_events() {
    let reg = Registry::builtin();
    let v = reg.get("chess").unwrap();
    let mut e = engine();
    assert!(e.go_channel(Limits::default()).is_err(), "no position yet");
    e.set_position(&v, None, &["e2e4", "e7e5", "g1f3"]).unwrap();
    assert_eq!(e.position().unwrap().game_ply(), 3);
    assert!(e.set_position(&v, None, &["e2e5"]).is_err());
    assert!(e.set_position(&v, Some("not a fen"), &[]).is_err());
    let rx = e
        .go_channel(Limits {
            depth: Some(5),
            ..Limits::default()
        })
        .unwrap();
    let mut depths = Vec::new();
    let mut best = None;
    for ev in rx.iter() {
        match ev {
            Event::Info(i) => {
                assert!(!i.pv.is_empty());
                assert!(i.nodes > 0 && i.seldepth >= i.depth);
                depths.push(i.depth);
            }
            Event::BestMove { best: b, .. } => {
                best = b;
                break;
            }
        }
    }
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    let pos = e.position().unwrap();
    let m = best.unwrap();
    assert!(pos.is_legal(m), "{}", move_text(pos, m, TextStyle::Uci));
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let reg = Registry::builtin();
    let v = reg.get("capablanca").unwrap();
    let mut e = engine();
    e.set_position(&v, None, &[]).unwrap();
    let rx = e
        .go_channel(Limits {
            infinite: true,
            ..Limits::default()
        })
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    e.stop();
    let mut got = false;
    while let Ok(ev) = rx.recv_timeout(Duration::from_secs(5)) {
        if let Event::BestMove { best, .. } = ev {
            assert!(best.is_some());
            got = true;
            break;
        }
    }
    assert!(got, "no best move after stop");
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn finds_mate_and_reports_it() {
    let reg = Registry::builtin();
    let v = reg.get("chess").unwrap();
    let mut e = engine();
    // Scholar's mate pattern: Qxf7#.
    let pos = Position::from_fen(
        &v,
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    )
    .unwrap();
    let mut last = None;
    let r = e.search_with(
        pos.clone(),
        Limits {
            depth: Some(4),
            ..Limits::default()
        },
        &mut |ev| {
            if let Event::Info(i) = ev {
                last = Some(i.score);
            }
        },
    );
    assert_eq!(move_text(&pos, r.best.unwrap(), TextStyle::Uci), "f3f7");
    assert_eq!(last, Some(Score::Mate(1)));
}

#[test]
fn movetime_is_respected() {
    let reg = Registry::builtin();
    for id in reg.ids() {
        let v = reg.get(&id).unwrap();
        let mut e = engine();
        let t = Instant::now();
        let r = e.search(
            Position::start(&v),
            Limits {
                movetime: Some(100),
                ..Limits::default()
            },
        );
        assert!(r.best.is_some(), "{id}");
        assert!(
            t.elapsed() < Duration::from_millis(400),
            "{id}: {:?}",
            t.elapsed()
        );
    }
}

/// A small game without royal pieces that is lost by the side to move when
/// some radial direction is covered by none of its pieces.
const COVERAGE: &str = r#"
id = "mini-coverage"
name = "Mini coverage"
family = "Test"
description = "No royal piece; losing every piece that moves along a direction loses."
[board]
files = 6
ranks = 6
[pieces.R]
name = "Rook"
betza = "R"
[pieces.B]
name = "Bishop"
betza = "B"
[pieces.N]
name = "Knight"
betza = "N"
[setup]
fen = "rbnnbr/6/6/6/6/RBNNBR w - - 0 1"
[rules]
coverage = { min = 1 }
"#;

#[test]
fn plays_and_wins_without_a_royal_piece() {
    let mut reg = Registry::builtin();
    reg.add_toml("mini-coverage.toml", COVERAGE).unwrap();
    let v = reg.get("mini-coverage").unwrap();
    let mut e = engine();
    // Black's only rook stands en prise: taking it leaves Black without an
    // orthogonal mover, which loses at once.
    let pos = Position::from_fen(&v, "1b2b1/6/6/r5/6/RB4 w - - 0 1").unwrap();
    assert!(pos.outcome().is_none());
    let r = e.search(
        pos.clone(),
        Limits {
            depth: Some(3),
            ..Limits::default()
        },
    );
    let m = r.best.unwrap();
    assert_eq!(
        move_text(&pos, m, TextStyle::Uci),
        "a1a3",
        "score {}",
        r.score
    );
    assert!(r.score > 20_000, "a win by the coverage rule: {}", r.score);
    // From the start, a short search returns a legal move.
    let start = Position::start(&v);
    let r = e.search(
        start.clone(),
        Limits {
            depth: Some(4),
            ..Limits::default()
        },
    );
    assert!(start.is_legal(r.best.unwrap()));
}
