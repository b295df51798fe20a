//! UCI and XBoard sessions fed arbitrary input, with a backend that answers at once
//! (the protocol layer is fuzzed here: line reading, commands, positions, moves,
//! variant switches, perft arguments; the engine's own option ranges have their
//! tests in `crates/protocol/tests/bounds.rs`).

use crate::FirstMove;
use menagerie_protocol::{
    Backend, Info, Limits, Listener, Output, Score, UciSession, XboardSession,
};
use menagerie_rules::{Position, Registry};
use std::io::Cursor;

/// Options the sessions may set; any other name is refused as the engine would.
const OPTIONS: &[&str] = &["hash", "threads", "multipv", "ponder", "move overhead"];

/// Answers every `go` at once with the first legal move.
#[derive(Debug, Default)]
struct Instant;

impl Backend for Instant {
    fn name(&self) -> String {
        "fuzz".into()
    }

    fn set_option(&mut self, name: &str, _: &str) -> Result<(), String> {
        if OPTIONS.contains(&name.trim().to_ascii_lowercase().as_str()) {
            Ok(())
        } else {
            Err(format!("Unknown option {name}"))
        }
    }

    fn set_level(&mut self, _: menagerie_engine::Level) {}

    fn new_game(&mut self) {}

    fn go(&mut self, pos: Position, _: Limits, mut listener: Box<dyn Listener>) {
        let best = FirstMove::choose(&pos);
        listener.info(&Info {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: Score::Cp(0),
            nodes: 1,
            nps: 1,
            time_ms: 1,
            hashfull: 0,
            pv: best.into_iter().collect(),
        });
        listener.best_move(best, None);
    }

    fn stop(&mut self) {}

    fn ponderhit(&mut self) {}

    fn wait(&mut self) {}

    fn searching(&self) -> bool {
        false
    }
}

/// The input, ended by `stop` (a perft it started stops instead of running to the end).
fn session_input(data: &[u8]) -> Cursor<Vec<u8>> {
    let mut input = data.to_vec();
    input.extend_from_slice(b"\nstop\n");
    Cursor::new(input)
}

/// Lines of a UCI session.
pub fn uci(data: &[u8]) {
    let mut s = UciSession::new(
        Registry::builtin(),
        Instant,
        Output::new(std::io::sink()),
        None,
    );
    s.run(session_input(data))
        .unwrap_or_else(|e| panic!("reading from memory failed: {e}"));
}

/// Lines of an XBoard session.
pub fn xboard(data: &[u8]) {
    let mut s = XboardSession::new(
        Registry::builtin(),
        Instant,
        Output::new(std::io::sink()),
        None,
    );
    s.run(session_input(data))
        .unwrap_or_else(|e| panic!("reading from memory failed: {e}"));
}
