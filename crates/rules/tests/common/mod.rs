//! Helpers for the rules tests (seed-game specs, random games).
#![allow(dead_code, clippy::unwrap_used, clippy::panic, clippy::expect_used)]

use menagerie_rules::{
    move_text, parse_move, Move, MoveList, Position, Registry, TextStyle, Variant,
};
use std::sync::{Arc, OnceLock};

/// The built-in registry (loaded once).
pub fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(Registry::builtin)
}

/// A built-in variant.
pub fn variant(id: &str) -> Arc<Variant> {
    registry().get(id).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// A position from a FEN.
pub fn pos(id: &str, fen: &str) -> Position {
    Position::from_fen(&variant(id), fen).unwrap_or_else(|e| panic!("{id} {fen}: {e}"))
}

/// Sorted human move texts of all legal moves, or of those from `from`
/// (a cell name) or of drops (`from = "@"`).
pub fn moves(p: &Position, from: Option<&str>) -> Vec<String> {
    let g = &p.variant().geometry;
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| match from {
            None => true,
            Some("@") => m.dropped().is_some(),
            Some(c) => m.from().is_some_and(|f| g.name(f) == c),
        })
        .map(|m| move_text(p, m, TextStyle::Human))
        .collect();
    v.sort();
    v
}

/// Asserts the exact move list (space-separated) and that each text parses
/// back to the same move.
pub fn expect(p: &Position, from: Option<&str>, want: &str) {
    let mut w: Vec<String> = want.split_whitespace().map(str::to_string).collect();
    w.sort();
    let got = moves(p, from);
    assert_eq!(got, w, "moves from {from:?} in {}", p.to_fen());
    for t in &w {
        let m = parse_move(p, t).unwrap_or_else(|e| panic!("`{t}`: {e}"));
        assert_eq!(&move_text(p, m, TextStyle::Human), t);
    }
}

/// Plays a move given as text.
pub fn play(p: &mut Position, text: &str) {
    let m = parse_move(p, text).unwrap_or_else(|e| panic!("`{text}` in {}: {e}", p.to_fen()));
    p.play(m).unwrap();
}

/// The FEN field at `index` (0 = board).
pub fn field(p: &Position, index: usize) -> String {
    p.to_fen()
        .split_whitespace()
        .nth(index)
        .unwrap_or("")
        .to_string()
}

/// A deterministic xorshift generator.
pub fn rng(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// Plays a random legal move, a capture two times in three when there is
/// one (so that hands fill up); false when there is no legal move.
pub fn play_random_preferring_captures(p: &mut Position, rnd: &mut impl FnMut() -> u64) -> bool {
    let mut legal = MoveList::new();
    p.generate_legal(&mut legal);
    if legal.is_empty() {
        return false;
    }
    let caps: Vec<Move> = legal.iter().copied().filter(|m| m.is_capture()).collect();
    let m = if !caps.is_empty() && !rnd().is_multiple_of(3) {
        caps[(rnd() % caps.len() as u64) as usize]
    } else {
        legal[(rnd() % legal.len() as u64) as usize]
    };
    p.make_unchecked(m);
    true
}
