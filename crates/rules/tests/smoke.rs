#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
use menagerie_rules::{divide, perft, Position, Registry};

#[test]
fn chess_start() {
    let reg = Registry::builtin();
    let v = reg.get("chess").unwrap();
    let mut p = Position::start(&v);
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    for (d, n) in [(1, 20), (2, 400), (3, 8902), (4, 197281)] {
        assert_eq!(perft(&mut p, d), n, "depth {d}");
    }
    let _ = divide(&mut p, 2);
}
