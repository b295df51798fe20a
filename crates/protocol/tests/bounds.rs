#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Input that used to abort the engine process (issue 23, finding 3), as transcripts
//! against the real engine: every numeric option and argument is range-checked, perft
//! is bounded, iterative and stoppable, and lines that are not UTF-8 or too long are
//! answered like any unknown line.

use menagerie_engine::{max_hash_mb, EngineOptions};
use menagerie_protocol::lines::MAX_LINE;
use menagerie_protocol::{EngineBackend, Output, UciSession, XboardSession};
use menagerie_rules::Registry;
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);
impl Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn backend() -> EngineBackend {
    EngineBackend::new(EngineOptions {
        hash_mb: 1,
        ..EngineOptions::default()
    })
}

fn lines(sink: &Sink) -> Vec<String> {
    let text = String::from_utf8_lossy(&sink.0.lock().unwrap()).into_owned();
    text.lines().map(str::to_string).collect()
}

fn uci(input: &[u8]) -> Vec<String> {
    let sink = Sink::default();
    let mut s = UciSession::new(
        Registry::builtin(),
        backend(),
        Output::new(sink.clone()),
        None,
    );
    s.run(Cursor::new(input.to_vec())).unwrap();
    lines(&sink)
}

fn xboard(input: &[u8]) -> Vec<String> {
    let sink = Sink::default();
    let mut s = XboardSession::new(
        Registry::builtin(),
        backend(),
        Output::new(sink.clone()),
        None,
    );
    s.run(Cursor::new(input.to_vec())).unwrap();
    lines(&sink)
}

#[test]
fn uci_hash_beyond_the_machine_is_refused_and_the_table_kept() {
    let too_big = max_hash_mb() + 1;
    let input = format!(
        "uci\nsetoption name Hash value {too_big}\nsetoption name Hash value 65536\nsetoption name Hash value 0\nsetoption name Hash value 2\nsetoption name Threads value 100000\nsetoption name MultiPV value 0\nposition startpos\ngo depth 2\nisready\nquit\n"
    );
    let out = uci(input.as_bytes());
    let advertised = format!(
        "option name Hash type spin default 64 min 1 max {}",
        max_hash_mb()
    );
    assert!(out.contains(&advertised), "{out:?}");
    let refusals: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info string option Hash must be a number from 1 to"))
        .collect();
    let expected = if max_hash_mb() < 65536 { 3 } else { 2 };
    assert_eq!(refusals.len(), expected, "{out:?}");
    assert!(
        refusals[0].contains("the hash table is unchanged"),
        "{}",
        refusals[0]
    );
    assert!(out
        .iter()
        .any(|l| l.starts_with("info string option Threads must be a number from 1 to 256")));
    assert!(out
        .iter()
        .any(|l| l.starts_with("info string option MultiPV must be a number from 1 to 64")));
    assert!(
        out.iter().any(|l| l.starts_with("bestmove ")),
        "the engine still plays: {out:?}"
    );
    assert!(out.contains(&"readyok".to_string()));
}

#[test]
fn xboard_memory_and_option_hash_are_range_checked() {
    let out = xboard(
        b"xboard\nprotover 2\nmemory 9223372036854775807\noption Hash=4294967295\nmemory 1\ncores 0\nsd 100000\nst -1\nlevel 40 5 99999999\ntime 99999999999999999\nping 7\nquit\n",
    );
    let errors: Vec<&String> = out.iter().filter(|l| l.starts_with("Error (")).collect();
    assert!(
        errors[0].starts_with("Error (option Hash must be a number from 1 to"),
        "{errors:?}"
    );
    assert!(
        errors[0].ends_with("memory 9223372036854775807"),
        "{errors:?}"
    );
    assert!(
        errors[1].starts_with("Error (option Hash must be"),
        "{errors:?}"
    );
    assert!(
        errors[2].starts_with("Error (option Threads must be"),
        "{errors:?}"
    );
    assert!(
        errors[3].starts_with("Error (sd takes a depth from 1 to 100)"),
        "{errors:?}"
    );
    assert!(
        errors[4].starts_with("Error (st takes seconds"),
        "{errors:?}"
    );
    assert!(errors[5].starts_with("Error (bad level)"), "{errors:?}");
    assert_eq!(errors.len(), 6, "{errors:?}");
    assert!(
        out.contains(&"pong 7".to_string()),
        "the session goes on: {out:?}"
    );
}

#[test]
fn uci_go_arguments_are_range_checked() {
    let out = uci(b"position startpos\ngo depth 4294967297\ngo mate 99999999999\ngo movestogo 99999999999\ngo perft 100000\ngo perft 65\ngo perft x\ngo depth 1\nquit\n");
    assert!(
        out.contains(&"info string `go depth` needs a number from 1 to 100".to_string()),
        "{out:?}"
    );
    assert!(out.contains(&"info string `go mate` needs a number from 1 to 50".to_string()));
    assert!(out.contains(&"info string `go movestogo` needs a number from 0 to 10000".to_string()));
    let perft = "info string perft depth must be a number from 1 to 64".to_string();
    assert_eq!(out.iter().filter(|l| **l == perft).count(), 3, "{out:?}");
    assert_eq!(out.iter().filter(|l| l.starts_with("bestmove ")).count(), 1);
}

#[test]
fn isready_and_stop_answer_during_a_perft() {
    // Depth 64 never finishes: only `stop` can end it.
    let out = uci(b"position startpos\ngo perft 64\nisready\nstop\nisready\ngo perft 2\nquit\n");
    let ready: Vec<usize> = out
        .iter()
        .enumerate()
        .filter(|(_, l)| *l == "readyok")
        .map(|(i, _)| i)
        .collect();
    assert_eq!(ready.len(), 2, "{out:?}");
    assert!(
        out.contains(&"info string perft stopped".to_string()),
        "{out:?}"
    );
    // The next perft runs in full, after the stopped one.
    assert_eq!(out.last().unwrap(), "Nodes searched: 400", "{out:?}");
    assert_eq!(
        out.iter()
            .filter(|l| l.starts_with("Nodes searched"))
            .count(),
        1
    );
}

#[test]
fn a_perft_at_the_end_of_input_still_prints_its_count() {
    let out = uci(b"position startpos moves e2e4\ngo perft 3\n");
    assert_eq!(out.last().unwrap(), "Nodes searched: 13160", "{out:?}");
}

fn unreadable_input() -> Vec<u8> {
    let mut input = b"isready\n\xff\xfe garbage \xc3\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', MAX_LINE + 1));
    input.extend_from_slice(b"\nisready\n");
    input
}

#[test]
fn uci_bad_bytes_and_long_lines_are_unknown_lines() {
    let mut input = unreadable_input();
    input.extend_from_slice(b"position startpos\ngo depth 1\nquit\n");
    let out = uci(&input);
    assert_eq!(out[0], "readyok");
    assert!(
        out[1].starts_with("info string Unknown command: line is not UTF-8"),
        "{out:?}"
    );
    assert!(
        out[2].starts_with("info string Unknown command: line longer than"),
        "{out:?}"
    );
    assert_eq!(out[3], "readyok");
    assert!(out.iter().any(|l| l.starts_with("bestmove ")));
}

#[test]
fn xboard_bad_bytes_and_long_lines_are_unknown_lines() {
    let mut input = b"xboard\n".to_vec();
    input.extend_from_slice(&unreadable_input());
    input.extend_from_slice(b"ping 3\nquit\n");
    let out = xboard(&input);
    // `isready` is not XBoard: an unknown command like the unreadable lines.
    assert_eq!(out[0], "Error (unknown command): isready");
    assert!(
        out[1].starts_with("Error (unknown command): line is not UTF-8"),
        "{out:?}"
    );
    assert!(
        out[2].starts_with("Error (unknown command): line longer than"),
        "{out:?}"
    );
    assert!(out.contains(&"pong 3".to_string()));
}

/// Nodes of the `info` lines of a transcript.
fn reported_nodes(out: &[String]) -> Vec<u64> {
    out.iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let i = w.iter().position(|&x| x == "nodes")?;
            w.get(i + 1)?.parse().ok()
        })
        .collect()
}

#[test]
fn a_weak_level_searches_within_its_node_budget_and_answers_stop() {
    // Skill Level 0 is level 1: 150 nodes a move (menagerie_engine::level).
    let out = uci(b"uci\nsetoption name Skill Level value 0\nposition startpos\ngo depth 30\nisready\ngo infinite\nisready\nstop\nquit\n");
    let best: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(best.len(), 2, "{out:?}");
    let nodes = reported_nodes(&out);
    assert!(!nodes.is_empty(), "{out:?}");
    assert!(
        // The node limit is checked every few hundred nodes; `go depth 30` at full
        // strength would take millions.
        nodes.iter().all(|&n| n <= 1000),
        "a level-1 budget: {nodes:?}"
    );
    // `go infinite` holds its best move back until `stop`, though the budget is spent
    // at once: the last `readyok` (sent before `stop`) comes before the last best move.
    let last = |what: &str| out.iter().rposition(|l| l.starts_with(what)).unwrap();
    assert!(last("readyok") < last("bestmove "), "{out:?}");
}

#[test]
fn eval_explains_the_kept_position_after_bad_input() {
    // `eval` prints the table of the position the session holds; a rejected
    // `position` leaves it as it was: after 1.e4 d5 2.exd5 White is a pawn up.
    let out = uci(b"position startpos moves e2e4 d7d5 e4d5\nposition fen nonsense w\neval\nquit\n");
    let total = out
        .iter()
        .find_map(|l| l.strip_prefix("total "))
        .expect("a total line");
    let white: i32 = total
        .split(", ")
        .nth(1)
        .and_then(|w| w.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("White's view");
    assert!(white > 50, "a pawn up: {total}");
    assert!(out.iter().any(|l| l.starts_with("mobility ")));
}
