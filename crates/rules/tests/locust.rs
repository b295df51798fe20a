//! Locust captures (a piece captured on the way, the mover landing beyond)
//! count as attacks on the victim's cell: check detection and attack tests
//! see them even though the victim is not the destination.
#![allow(clippy::unwrap_used, clippy::panic)]

use menagerie_rules::{Color, Position, Registry};

const LOCUST: &str = r#"
id = "locust"
name = "Locust"
family = "Test"
description = "A checker-like piece that captures by jumping over an adjacent enemy."
[board]
files = 8
ranks = 8
[pieces.K]
name = "King"
betza = "K"
royal = true
[pieces.L]
name = "Locust"
betza = "mWcafmW"
[setup]
fen = "7k/8/8/8/8/8/8/L6K w - - 0 1"
"#;

#[test]
fn locust_victims_are_attacked() {
    let mut reg = Registry::new();
    reg.add_toml("locust.toml", LOCUST).unwrap();
    let v = reg.get("locust").unwrap();
    let g = &v.geometry;
    let cell = |s: &str| g.parse_cell(s).unwrap();
    // The black King on a2 can be jumped from a1 (landing on a3): in check.
    let p = Position::from_fen(&v, "8/8/8/8/8/8/k7/L6K b - - 0 1").unwrap();
    assert!(p.is_attacked(cell("a2"), Color::White));
    assert!(p.in_check());
    // With a3 occupied the jump is impossible: no attack, no check.
    let q = Position::from_fen(&v, "8/8/8/8/8/l7/k7/L6K b - - 0 1").unwrap();
    assert!(!q.is_attacked(cell("a2"), Color::White));
    assert!(!q.in_check());
    // The capture itself is generated as a move to a3 that takes a2.
    let r = Position::from_fen(&v, "7k/8/8/8/8/8/l7/L6K w - - 0 1").unwrap();
    let moves = r.legal_moves();
    assert!(
        moves
            .iter()
            .any(|m| m.to() == cell("a3") && m.via() == Some(cell("a2"))),
        "{moves:?}"
    );
}
