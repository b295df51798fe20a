#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! In-process transcripts for both protocols, every command included, with a
//! deterministic backend (first legal move in text order).

use menagerie_protocol::{
    Backend, Info, Limits, Listener, Output, Score, UciSession, XboardSession,
};
use menagerie_rules::{move_text, Position, Registry, TextStyle};
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

#[derive(Default)]
struct Log {
    options: Vec<(String, String)>,
    limits: Vec<Limits>,
    new_games: usize,
    stops: usize,
    ponderhits: usize,
    levels: Vec<u8>,
}

struct TestBackend(Arc<Mutex<Log>>);

impl Backend for TestBackend {
    fn name(&self) -> String {
        "TestEngine".into()
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "Hash" | "Threads" | "MultiPV" | "Ponder" => {
                self.0
                    .lock()
                    .unwrap()
                    .options
                    .push((name.into(), value.into()));
                Ok(())
            }
            _ => Err(format!("Unknown option {name}")),
        }
    }
    fn set_level(&mut self, level: menagerie_engine::Level) {
        self.0.lock().unwrap().levels.push(level.number());
    }
    fn new_game(&mut self) {
        self.0.lock().unwrap().new_games += 1;
    }
    fn go(&mut self, pos: Position, limits: Limits, mut listener: Box<dyn Listener>) {
        self.0.lock().unwrap().limits.push(limits);
        let mut moves: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .map(|m| (move_text(&pos, m, TextStyle::Uci), m))
            .collect();
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        let best = moves.first().map(|x| x.1);
        listener.info(&Info {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: Score::Cp(12),
            nodes: 42,
            nps: 4200,
            time_ms: 10,
            hashfull: 0,
            pv: best.into_iter().collect(),
        });
        listener.best_move(best, None);
    }
    fn stop(&mut self) {
        self.0.lock().unwrap().stops += 1;
    }
    fn ponderhit(&mut self) {
        self.0.lock().unwrap().ponderhits += 1;
    }
    fn wait(&mut self) {}
    fn searching(&self) -> bool {
        false
    }
}

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

const MINI: &str = r#"
id = "mini"
name = "Mini"
[board]
files = 5
ranks = 5
[pieces.K]
betza = "K"
royal = true
[pieces.G]
name = "Gnat"
betza = "WfF"
[pieces.X]
name = "Odd"
moves = [{ betza = "W", from = "*1" }]
[setup]
fen = "k1g2/5/5/5/2G1K w - - 0 1"
"#;

/// A Fairy-Stockfish ini file with one good and one broken section.
const PART_INI: &str = "[good]\nmaxFile = 8\n[broken]\ndropOnTop = true\n";

fn uci(input: &str) -> (Vec<String>, Arc<Mutex<Log>>) {
    let log = Arc::new(Mutex::new(Log::default()));
    let sink = Sink::default();
    let reader: menagerie_protocol::FileReader = Box::new(|p: &str| {
        if p == "mini.toml" {
            Ok(MINI.to_string())
        } else if p == "part.ini" {
            Ok(PART_INI.to_string())
        } else {
            Err("no such file".into())
        }
    });
    let mut s = UciSession::new(
        Registry::builtin(),
        TestBackend(log.clone()),
        Output::new(sink.clone()),
        Some(reader),
    );
    s.run(Cursor::new(input.to_string())).unwrap();
    let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    (text.lines().map(str::to_string).collect(), log)
}

fn xboard(input: &str) -> (Vec<String>, Arc<Mutex<Log>>) {
    let log = Arc::new(Mutex::new(Log::default()));
    let sink = Sink::default();
    let reader: menagerie_protocol::FileReader = Box::new(|p: &str| {
        if p == "mini.toml" {
            Ok(MINI.to_string())
        } else if p == "part.ini" {
            Ok(PART_INI.to_string())
        } else {
            Err("no such file".into())
        }
    });
    let mut s = XboardSession::new(
        Registry::builtin(),
        TestBackend(log.clone()),
        Output::new(sink.clone()),
        Some(reader),
    );
    s.run(Cursor::new(input.to_string())).unwrap();
    let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    (text.lines().map(str::to_string).collect(), log)
}

#[test]
fn uci_handshake_and_options() {
    let (out, log) = uci("uci\nisready\nsetoption name Hash value 32\nsetoption name Threads value 2\nsetoption name MultiPV value 3\nsetoption name Ponder value true\nsetoption name Bogus value 1\nquit\n");
    assert_eq!(out[0], "id name TestEngine");
    assert!(out.iter().any(|l| l.starts_with(
        "option name UCI_Variant type combo default chess var chess var capablanca var shogi"
    )));
    assert!(out
        .iter()
        .any(|l| l == "option name VariantPath type string default <empty>"));
    assert!(out.contains(&"uciok".to_string()));
    assert!(out.contains(&"readyok".to_string()));
    assert!(out.contains(&"info string Unknown option Bogus".to_string()));
    let opts = &log.lock().unwrap().options;
    assert_eq!(opts.len(), 4);
    assert_eq!(opts[0], ("Hash".into(), "32".into()));
}

#[test]
fn uci_positions_and_search() {
    let (out, log) = uci("ucinewgame\nposition startpos moves e2e4 e7e5\ngo wtime 1000 btime 2000 winc 10 binc 20 movestogo 5\nposition fen 8/8/8/8/8/8/8/K6k w - - 0 1\ngo movetime 100\ngo depth 3 nodes 1000\ngo infinite\nstop\nponderhit\nquit\n");
    assert!(out.iter().any(|l| l.starts_with(
        "info depth 1 seldepth 1 multipv 1 score cp 12 nodes 42 nps 4200 hashfull 0 time 10 pv "
    )));
    let best: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 4);
    assert_eq!(best[0], "bestmove a2a3");
    assert_eq!(best[1], "bestmove a1a2");
    let log = log.lock().unwrap();
    assert_eq!(log.new_games, 1);
    assert_eq!(
        log.limits[0],
        Limits {
            wtime: Some(1000),
            btime: Some(2000),
            winc: Some(10),
            binc: Some(20),
            movestogo: Some(5),
            ..Limits::default()
        }
    );
    assert_eq!(log.limits[1].movetime, Some(100));
    assert_eq!(
        (log.limits[2].depth, log.limits[2].nodes),
        (Some(3), Some(1000))
    );
    assert!(log.limits[3].infinite);
    assert!(log.ponderhits >= 1 && log.stops >= 1);
}

#[test]
fn uci_errors_do_not_corrupt_the_game() {
    let (out, _) = uci("position startpos moves e2e4\nposition startpos moves e2e4 e7e9\nposition fen nonsense w\nbananas\ngo bogus\nd\nquit\n");
    assert!(out
        .iter()
        .any(|l| l.starts_with("info string Illegal move e7e9")));
    assert!(out.iter().any(|l| l.starts_with("info string Invalid FEN")));
    assert!(out.contains(&"info string Unknown command: bananas".to_string()));
    assert!(out.iter().any(|l| l.contains("unknown `go` parameter")));
    // The game is still the one after e2e4.
    assert!(out.iter().any(|l| l == "info string variant chess fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
}

#[test]
fn uci_eval_without_a_table_says_so() {
    let (out, _) = uci("position startpos\neval\nquit\n");
    assert!(out.contains(&"info string this engine gives no evaluation table".to_string()));
}

#[test]
fn uci_go_after_a_rejected_position_does_not_search_the_old_one() {
    // The GUI shows the position it sent; answering `go` for the one kept
    // from before would play a move from another game.
    let (out, log) = uci("position startpos moves e2e4\nposition startpos moves e2e4 e7e9\ngo depth 1\ngo perft 1\nposition fen nonsense w\ngo depth 1\nposition startpos moves e2e4 e7e5\ngo depth 1\nquit\n");
    let refusals = out
        .iter()
        .filter(|l| {
            l.starts_with("info string not searching: the last position command was rejected")
        })
        .count();
    assert_eq!(refusals, 3, "{out:?}");
    assert!(out
        .iter()
        .any(|l| l.contains("rejected (Illegal move e7e9")));
    assert!(out.iter().any(|l| l.contains("rejected (Invalid FEN")));
    // Two refused searches answer `bestmove (none)`; perft prints no count.
    assert_eq!(out.iter().filter(|l| *l == "bestmove (none)").count(), 2);
    assert!(!out.iter().any(|l| l.starts_with("Nodes searched")));
    // Only the search after the valid position reached the engine.
    assert_eq!(log.lock().unwrap().limits.len(), 1);
}

#[test]
fn uci_positions_that_extend_the_last_one_give_the_same_games() {
    // The second command only adds moves (applied to the kept position);
    // the third changes an earlier move, the fourth restarts from a FEN, the
    // fifth has an illegal last move and the sixth extends the fourth: each
    // must give the position a fresh parse gives.
    let (out, _) = uci("position startpos moves e2e4 e7e5\nposition startpos moves e2e4 e7e5 g1f3\nd\nposition startpos moves d2d4 e7e5 g1f3\nd\nposition fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1d2\nposition fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1d2 e8e9\nd\nposition fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1d2 e8d7\nd\nucinewgame\nposition startpos moves e2e4 e7e5 g1f3 b8c6\nd\nquit\n");
    let fens: Vec<&str> = out
        .iter()
        .filter_map(|l| l.strip_prefix("info string variant chess fen "))
        .collect();
    assert_eq!(
        fens,
        [
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            "rnbqkbnr/pppp1ppp/8/4p3/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2",
            "4k3/8/8/8/8/8/3K4/8 b - - 1 1",
            "8/3k4/8/8/8/8/3K4/8 w - - 2 2",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        ]
    );
    assert!(out
        .iter()
        .any(|l| l.starts_with("info string Illegal move e8e9")));
}

#[test]
fn uci_variants_and_perft() {
    let (out, _) = uci("setoption name UCI_Variant value capablanca\ngo perft 2\nsetoption name UCI_Variant value shogi\nposition startpos moves c3c4\ngo perft 1\nsetoption name UCI_Variant value nosuch\nsetoption name VariantPath value mini.toml\nsetoption name UCI_Variant value mini\nposition startpos\ngo perft 1\nquit\n");
    assert!(out.contains(&"info string variant capablanca files 10 ranks 8 pocket 0 template fairy startpos rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1".to_string()));
    assert!(out.contains(&"Nodes searched: 784".to_string()));
    assert!(out.iter().any(
        |l| l.starts_with("info string variant shogi files 9 ranks 9 pocket 7 template shogi")
    ));
    assert!(out.contains(&"Nodes searched: 30".to_string()));
    assert!(out.contains(&"info string Unknown variant nosuch".to_string()));
    assert!(out.contains(&"info string loaded mini from mini.toml".to_string()));
    assert!(out
        .iter()
        .any(|l| l.starts_with("info string variant mini files 5 ranks 5")));
}

#[test]
fn a_partly_broken_ini_file_loads_its_good_sections() {
    let (out, _) = uci(
        "setoption name VariantPath value part.ini\nsetoption name UCI_Variant value good\nquit\n",
    );
    assert!(
        out.contains(&"info string part.ini:4: [broken] dropOnTop: Fairy-Stockfish key `dropOnTop` is not supported yet".to_string()),
        "{out:?}"
    );
    assert!(out.contains(&"info string loaded good from part.ini".to_string()));
    assert!(out
        .iter()
        .any(|l| l.starts_with("info string variant good files 8 ranks 8")));
    let (out, _) = xboard("protover 2\noption VariantPath=part.ini\nvariant good\nquit\n");
    assert!(
        out.iter()
            .any(|l| l.starts_with("# part.ini:4: [broken] dropOnTop")),
        "{out:?}"
    );
    assert!(out
        .iter()
        .any(|l| l.starts_with("tellusererror 1 problem(s) in part.ini (1 variant(s) loaded)")));
    assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
}

#[test]
fn xboard_game_against_the_engine() {
    let (out, log) = xboard("xboard\nprotover 2\naccepted done\nnew\nlevel 40 5 0\ntime 30000\notim 30000\npost\nusermove e2e4\nping 7\nforce\nusermove d2d4\nundo\nremove\ngo\nquit\n");
    assert!(out.contains(&"feature done=0".to_string()));
    let features = out
        .iter()
        .find(|l| l.starts_with("feature myname=\"TestEngine\" ping=1 setboard=1 usermove=1"))
        .expect("feature line");
    let list = features
        .split("variants=\"")
        .nth(1)
        .unwrap()
        .trim_end_matches('"');
    let names: Vec<&str> = list.split(',').collect();
    for v in ["normal", "capablanca", "shogi", "joshua", "missing-ox"] {
        assert!(names.contains(&v), "{v} offered: {list}");
    }
    assert!(
        !names.contains(&"big-outer"),
        "cells outside the rectangle cannot be shown in XBoard"
    );
    assert!(
        !names.iter().any(|n| n.contains("nichtschach")),
        "3D boards cannot be shown in XBoard: {list}"
    );
    assert!(out.contains(&"feature done=1".to_string()));
    let moves: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves[0], "move a7a5");
    assert!(
        out.iter().any(|l| l.starts_with("1 12 1 42 a7a5")),
        "post output: {out:?}"
    );
    assert!(out.contains(&"pong 7".to_string()));
    assert_eq!(moves.len(), 2, "{out:?}");
    let log = log.lock().unwrap();
    assert_eq!(log.limits[0].wtime, Some(300_000));
    assert_eq!(log.limits[0].btime, Some(300_000));
    assert_eq!(log.limits[0].movestogo, Some(40));
}

#[test]
fn xboard_commands_and_errors() {
    let (out, log) = xboard("new\nvariant capablanca\nforce\nsetboard rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\nusermove e2e9\nsetboard garbage\nfrobnicate\nmemory 128\ncores 2\nst 2\nsd 4\nhard\neasy\nnopost\nanalyze\nusermove e2e4\n.\nexit\nplayother\nusermove e7e5\nresult 1-0 {done}\nvariant nosuch\nundo\nquit\n");
    assert!(out
        .iter()
        .any(|l| l.starts_with("Illegal move") && l.ends_with("e2e9")));
    assert!(out
        .iter()
        .any(|l| l.starts_with("tellusererror Illegal position")));
    assert!(out.contains(&"Error (unknown command): frobnicate".to_string()));
    assert!(out.iter().any(|l| l.starts_with("stat01: ")));
    assert!(out.contains(&"Error (unknown variant): nosuch".to_string()));
    let log = log.lock().unwrap();
    assert!(log.options.contains(&("Hash".into(), "128".into())));
    assert!(log.options.contains(&("Threads".into(), "2".into())));
    assert!(log.options.contains(&("Ponder".into(), "true".into())));
    assert!(log.limits.iter().any(|l| l.infinite));
}

#[test]
fn xboard_setup_for_unknown_variants() {
    let (out, _) = xboard("protover 2\noption VariantPath=mini.toml\nprotover 2\nvariant mini\nforce\nusermove c1c2\nquit\n");
    let features: Vec<&String> = out.iter().filter(|l| l.contains("variants=")).collect();
    assert!(features[1].contains("mini"), "{features:?}");
    let setup = out
        .iter()
        .find(|l| l.starts_with("setup ("))
        .expect("setup command");
    assert!(
        setup.ends_with(" 5x5+0_fairy k1g2/5/5/5/2G1K w - - 0 1"),
        "{setup}"
    );
    assert!(out.contains(&"piece G& WfF".to_string()));
    assert!(
        !out.iter().any(|l| l.starts_with("piece X&")),
        "zone-dependent pieces are not described to XBoard"
    );
    assert!(!out.iter().any(|l| l.starts_with("Illegal")));
}

#[test]
fn xboard_accepts_its_own_fen_fields_and_claims_results() {
    let mox = "rnbcizhqktzjcbnr/dlemegdaudgemeld/sdfewevddvewefds/pyyppyyppyyppyyp/16/16/16/16/PYYPPYYPPYYPPYYP/SDFEWEVDDVEWEFDS/DLEMEGDAUDGEMELD/RNBCIZHQKTZJCBNR";
    let (out, _) = xboard(&format!(
        "protover 2\nvariant missing-ox\nforce\nsetboard {mox} w Q a: 0 1\nusermove a4a5\nquit\n"
    ));
    assert!(
        !out.iter()
            .any(|l| l.starts_with("tellusererror") || l.starts_with("Illegal")),
        "{out:?}"
    );
    // XBoard may add a promotion letter of its own to a move that cannot
    // promote (seen with a Missing Ox piece moving onto the last rank):
    // the move is taken without it; on a real promotion a wrong letter is
    // still an error.
    let (out, _) = xboard(&format!(
        "protover 2\nvariant missing-ox\nforce\nsetboard {mox} w Q a: 0 1\nusermove a4a5q\nusermove a9a8\nd\nquit\n"
    ));
    assert!(!out.iter().any(|l| l.starts_with("Illegal")), "{out:?}");
    let (out, _) = xboard("new\nforce\nsetboard 8/4P3/8/8/8/8/8/k6K w - - 0 1\nusermove e7e8z\nusermove e7e8q\nquit\n");
    assert!(
        out.iter()
            .any(|l| l.starts_with("Illegal move") && l.ends_with("e7e8z")),
        "{out:?}"
    );
    assert_eq!(
        out.iter().filter(|l| l.starts_with("Illegal")).count(),
        1,
        "{out:?}"
    );
    let (out, _) = xboard("new\nforce\nsetboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2\nusermove d8h4\nquit\n");
    assert!(
        out.iter()
            .any(|l| l.starts_with("0-1 {Black wins by checkmate}")),
        "{out:?}"
    );
}

#[test]
fn uci_strength_options_are_advertised_checked_and_set_the_level() {
    let (out, log) = uci("uci\nsetoption name Skill Level value 0\nsetoption name Skill Level value 10\nsetoption name Skill Level value 21\nsetoption name UCI_Elo value 1450\nsetoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 100\nsetoption name UCI_Elo value 2200\nsetoption name UCI_LimitStrength value false\nquit\n");
    for o in [
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 2200 min 800 max 2200",
    ] {
        assert!(out.iter().any(|l| l == o), "{o} in {out:?}");
    }
    assert!(
        out.contains(&"info string option Skill Level must be a number from 0 to 20".to_string()),
        "{out:?}"
    );
    assert!(
        out.contains(&"info string option UCI_Elo must be a number from 800 to 2200".to_string())
    );
    // Skill 0 -> 1, 10 -> 5; Elo 1450 kept while the limit is off (skill 10 -> 5);
    // the limit on: 1450 -> 4; 2200 -> 8; the limit off: skill 10 again.
    assert_eq!(log.lock().unwrap().levels, [1, 5, 5, 4, 8, 5]);
    assert!(
        log.lock().unwrap().options.is_empty(),
        "strength options are the session's"
    );
}

#[test]
fn xboard_strength_options_are_advertised_and_set_the_level() {
    let (out, log) = xboard("xboard\nprotover 2\noption Skill Level=3\noption UCI_LimitStrength=1\noption UCI_Elo=1999\noption UCI_Elo=abc\nquit\n");
    assert!(out.iter().any(|l| l
        == "feature option=\"Skill Level -spin 20 0 20\" option=\"UCI_LimitStrength -check 0\" option=\"UCI_Elo -spin 2200 800 2200\""));
    assert!(
        out.iter()
            .any(|l| l.starts_with("Error (option UCI_Elo must be a number from 800 to 2200)")),
        "{out:?}"
    );
    // Skill 3 -> 2; the limit on at the default Elo 2200 -> 8; Elo 1999 -> 6.
    assert_eq!(log.lock().unwrap().levels, [2, 8, 6]);
}
