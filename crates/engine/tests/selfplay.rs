//! CI-sized self-play over every built-in variant at a very fast time
//! control (1 s + 0.01 s): every move the engine returns must be legal, no
//! search may panic, and no side may run out of its clock.
#![allow(clippy::unwrap_used, clippy::panic)]

use menagerie_engine::{Engine, EngineOptions, Limits};
use menagerie_rules::{move_text, Position, Registry, TextStyle};
use std::time::Instant;

const BASE_MS: i64 = 1000;
const INC_MS: i64 = 10;
const MAX_PLIES: usize = 120;

fn play_game(id: &str, pos: &mut Position, engines: &mut [Engine; 2]) -> (String, i64) {
    let mut clock = [BASE_MS, BASE_MS];
    let mut lowest = BASE_MS;
    for e in engines.iter_mut() {
        e.new_game();
        e.prepare(pos.variant());
    }
    for _ in 0..MAX_PLIES {
        if let Some(o) = pos.outcome() {
            return (o.to_string(), lowest);
        }
        let side = pos.side();
        let i = side.idx();
        let limits = Limits {
            wtime: Some(clock[0].max(1) as u64),
            btime: Some(clock[1].max(1) as u64),
            winc: Some(INC_MS as u64),
            binc: Some(INC_MS as u64),
            ..Limits::default()
        };
        let t = Instant::now();
        let r = engines[i].search(pos.clone(), limits);
        let spent = t.elapsed().as_millis() as i64;
        clock[i] -= spent;
        assert!(
            clock[i] >= 0,
            "{id}: {side} lost on time ({spent} ms used) at ply {} in {}",
            pos.game_ply(),
            pos.to_fen()
        );
        lowest = lowest.min(clock[i]);
        clock[i] += INC_MS;
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
    ("unfinished".to_string(), lowest)
}

#[test]
fn fast_self_play_in_every_variant() {
    let reg = Registry::builtin();
    let mut engines = [
        Engine::new(EngineOptions {
            hash_mb: 8,
            ..EngineOptions::default()
        }),
        Engine::new(EngineOptions {
            hash_mb: 8,
            ..EngineOptions::default()
        }),
    ];
    for id in reg.ids() {
        let v = reg.get(&id).unwrap();
        for game in 0..2 {
            let mut pos = Position::start(&v);
            // A different first move in each game.
            let moves = pos.legal_moves();
            if let Some(&m) = moves.get(game * 3 % moves.len().max(1)) {
                pos.make_unchecked(m);
            }
            let (result, lowest) = play_game(&id, &mut pos, &mut engines);
            eprintln!(
                "{id} game {}: {result} after {} plies, lowest clock {lowest} ms",
                game + 1,
                pos.game_ply()
            );
            assert!(pos.game_ply() > 1);
        }
    }
}
