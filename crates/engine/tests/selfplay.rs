//! CI-sized self-play over every built-in variant: two short games each at a
//! fixed node count per move (independent of the machine's load, so no
//! timed assertion), from two different first moves. Every move the engine
//! returns must be legal, no search may panic, and the engine must find a
//! move whenever the game is not over.
#![allow(clippy::unwrap_used, clippy::panic)]

use menagerie_engine::{Engine, EngineOptions, Limits};
use menagerie_rules::{move_text, Position, Registry, TextStyle};

/// Nodes per move: enough for a real search with quiescence and the
/// transposition table, small enough for a hundred variants in CI.
const NODES: u64 = 600;
/// Plies per game at most.
const MAX_PLIES: usize = 100;

fn play_game(id: &str, pos: &mut Position, engines: &mut [Engine; 2]) -> String {
    for e in engines.iter_mut() {
        e.new_game();
        e.prepare(pos.variant());
    }
    for _ in 0..MAX_PLIES {
        if let Some(o) = pos.outcome() {
            return o.to_string();
        }
        let side = pos.side();
        let limits = Limits {
            nodes: Some(NODES),
            ..Limits::default()
        };
        let r = engines[side.idx()].search(pos.clone(), limits);
        let m = r
            .best
            .unwrap_or_else(|| panic!("{id}: no move in {} (game not over)", pos.to_fen()));
        assert!(
            pos.is_legal(m),
            "{id}: illegal move {} in {}",
            move_text(pos, m, TextStyle::Uci),
            pos.to_fen()
        );
        pos.make_unchecked(m);
    }
    "unfinished".to_string()
}

#[test]
fn fast_self_play_in_every_variant() {
    let reg = Registry::builtin();
    let options = EngineOptions {
        hash_mb: 8,
        ..EngineOptions::default()
    };
    let mut engines = [Engine::new(options.clone()), Engine::new(options)];
    for id in reg.ids() {
        let v = reg.get(&id).unwrap();
        for game in 0..2 {
            let mut pos = Position::start(&v);
            // A different first move in each game.
            let moves = pos.legal_moves();
            if let Some(&m) = moves.get(game * 3 % moves.len().max(1)) {
                pos.make_unchecked(m);
            }
            let result = play_game(&id, &mut pos, &mut engines);
            eprintln!(
                "{id} game {}: {result} after {} plies",
                game + 1,
                pos.game_ply()
            );
            assert!(pos.game_ply() > 1);
        }
    }
}
