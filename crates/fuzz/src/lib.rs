//! Fuzz targets: one function per kind of input Menagerie reads from outside, each
//! taking arbitrary bytes. Bad input must get a clear error, never a panic, and what
//! is accepted must be coherent (a FEN the program writes reads back, a move it parses
//! is legal and prints back as itself, an HTTP request is never answered with a 5xx):
//! a target panics only when that fails, which the fuzzer records as a crash.
//!
//! Why here and why so: the targets are plain functions, so the same code runs under
//! the coverage-guided fuzzer (AFL++ through `cargo afl`, which works on the stable
//! toolchain, `src/bin/afl.rs`, `scripts/fuzz.sh`) and in `cargo test`, which replays
//! every seed and every input once found to crash (`corpus/TARGET/`, `tests/corpus.rs`).
//! Inputs that need a choice besides text (a variant, a position, an endpoint) take it
//! from their first bytes, so the fuzzer mutates the choice and the text together.

// A target reports a bug by panicking: that is what the fuzzer catches.
#![allow(clippy::panic)]

use menagerie_engine::{Info, Limits, StopHandle};
use menagerie_rules::{
    move_text, parse_move, parse_san, Color, Move, Position, Registry, TextStyle, Variant,
};
use std::sync::{Arc, OnceLock};

mod http;
mod protocol;

/// A fuzz target: any bytes in, a panic only for a bug.
pub type Target = fn(&[u8]);

/// Every target by name (the name is also its corpus folder).
pub const TARGETS: &[(&str, Target)] = &[
    ("fen", fen),
    ("move_text", move_text_target),
    ("betza", betza),
    ("toml_variant", toml_variant),
    ("ini", ini),
    ("uci", protocol::uci),
    ("xboard", protocol::xboard),
    ("http_body", http::http_body),
];

/// The target named `name`.
#[must_use]
pub fn target(name: &str) -> Option<Target> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|&(_, t)| t)
}

/// Most plies a target plays from a position it reached, to look at what follows.
const PLIES_TRIED: usize = 8;

/// The built-in variants, loaded once per process (every target starts from them).
fn builtin() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::builtin)
}

/// The built-in variant picked by `choice` (any byte picks one).
fn variant_of(choice: u8) -> Arc<Variant> {
    let ids = builtin().ids();
    let id = &ids[usize::from(choice) % ids.len()];
    builtin()
        .get(id)
        .unwrap_or_else(|e| panic!("built-in variant {id} does not load: {e}"))
}

/// Splits the first byte off (0 for empty input).
fn split_choice(data: &[u8]) -> (u8, &[u8]) {
    match data.split_first() {
        Some((&c, rest)) => (c, rest),
        None => (0, data),
    }
}

/// What every accepted position must satisfy: its FEN reads back as the same FEN,
/// its legal moves are legal, and each can be played, judged and taken back.
fn check_position(pos: &mut Position) {
    let fen = pos.to_fen();
    let again = Position::from_fen(pos.variant(), &fen)
        .unwrap_or_else(|e| panic!("the FEN it wrote does not read back: {fen}: {e}"));
    assert_eq!(again.to_fen(), fen, "FEN round trip");
    let _ = pos.outcome();
    let legal = pos.legal_moves();
    for &m in legal.iter().take(PLIES_TRIED) {
        assert!(pos.is_legal(m), "a generated move is not legal in {fen}");
        let text = move_text(pos, m, TextStyle::Uci);
        let parsed =
            parse_move(pos, &text).unwrap_or_else(|e| panic!("{text} in {fen} reads back: {e}"));
        assert_eq!(parsed, m, "{text} in {fen} reads back as another move");
        pos.make_unchecked(m);
        let _ = pos.to_fen();
        let _ = pos.outcome();
        pos.unmake();
    }
}

/// FEN text: the first byte picks a built-in variant, the rest is the FEN.
pub fn fen(data: &[u8]) {
    let (choice, text) = split_choice(data);
    let v = variant_of(choice);
    let text = String::from_utf8_lossy(text);
    if let Ok(mut pos) = Position::from_fen(&v, &text) {
        check_position(&mut pos);
    }
}

/// Move text: the first byte picks a variant, the next `PLIES_TRIED` bytes a line of
/// play from its start (each byte a legal move), the rest is the text read as a move
/// (coordinates or SAN). A move read must be legal and print back as itself.
pub fn move_text_target(data: &[u8]) {
    let (choice, rest) = split_choice(data);
    let v = variant_of(choice);
    let mut pos = Position::start(&v);
    let (line, text) = rest.split_at(rest.len().min(PLIES_TRIED));
    for &b in line {
        let legal = pos.legal_moves();
        if legal.is_empty() || pos.outcome().is_some() {
            break;
        }
        pos.make_unchecked(legal[usize::from(b) % legal.len()]);
    }
    let text = String::from_utf8_lossy(text);
    for m in [parse_move(&pos, &text), parse_san(&pos, &text)]
        .into_iter()
        .flatten()
    {
        assert_legal_and_stable(&pos, m, &text);
    }
}

fn assert_legal_and_stable(pos: &Position, m: Move, text: &str) {
    assert!(pos.is_legal(m), "{text:?} read as an illegal move");
    let uci = move_text(pos, m, TextStyle::Uci);
    assert_eq!(parse_move(pos, &uci).ok(), Some(m), "{text:?} -> {uci}");
}

/// A TOML basic string holding `text` (escaped by the TOML writer).
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// Betza text: parsed, then given to a piece of a chess variant, which is compiled
/// and played from its start.
pub fn betza(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = menagerie_rules::betza::parse(&text);
    let file = format!(
        "id = \"fuzzbetza\"\nextends = \"chess\"\naliases = []\n\n[pieces.X]\nname = \"X\"\nbetza = {}\n\
         \n[start]\nfen = \"rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n",
        toml_string(&text)
    );
    load_and_play("fuzz.toml", &file);
}

/// Loads a variant file into the built-in registry and plays each variant it adds.
fn load_and_play(name: &str, text: &str) {
    let mut reg = Registry::builtin();
    let report = reg.load_file(name, text);
    for id in report.ids {
        if let Ok(v) = reg.get(&id) {
            check_position(&mut Position::start(&v));
        }
    }
}

/// A variant file in Menagerie's TOML.
pub fn toml_variant(data: &[u8]) {
    load_and_play("fuzz.toml", &String::from_utf8_lossy(data));
}

/// A Fairy-Stockfish variants.ini file.
pub fn ini(data: &[u8]) {
    load_and_play("fuzz.ini", &String::from_utf8_lossy(data));
}

/// A computer player that answers at once with the first legal move: the targets fuzz
/// the protocols and the server, not the search.
#[derive(Debug, Clone, Copy, Default)]
pub struct FirstMove;

impl FirstMove {
    fn choose(pos: &Position) -> Option<Move> {
        pos.legal_moves().first().copied()
    }
}

impl menagerie_server::Opponent for FirstMove {
    fn search(
        &self,
        pos: Position,
        _: Limits,
        _: &mut dyn FnMut(Info),
        _: &StopHandle,
    ) -> Option<Move> {
        FirstMove::choose(&pos)
    }

    fn accepts_draw(&self, _: &Position, me: Color) -> bool {
        me == Color::Black
    }
}
