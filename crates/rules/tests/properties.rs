#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Code paths that must agree, checked on random legal games in every
//! built-in variant (and the Fairy-Stockfish oracle variants):
//! make+unmake restores the position exactly, the incremental hash equals a
//! from-scratch hash, FEN round-trips, `is_legal` agrees with the legal move
//! list, and move text round-trips through the parser.

use menagerie_rules::{move_text, parse_move, Move, MoveList, Position, Registry, TextStyle};
use proptest::prelude::*;
use std::path::PathBuf;
use std::sync::OnceLock;

fn registry() -> &'static Registry {
    static REG: OnceLock<Registry> = OnceLock::new();
    REG.get_or_init(|| {
        let mut reg = Registry::builtin();
        let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data/oracle/fsf-variants.ini");
        let ini = std::fs::read_to_string(p).unwrap();
        reg.add_ini("fsf-variants.ini", &ini).unwrap();
        reg
    })
}

use menagerie_rules::SplitMix64 as Rng;

fn check_position(pos: &mut Position, legal: &[Move]) {
    let v = pos.variant().clone();
    assert_eq!(
        pos.hash(),
        pos.compute_hash(),
        "incremental hash, {}",
        pos.to_fen()
    );
    let fen = pos.to_fen();
    let back = Position::from_fen(&v, &fen).unwrap_or_else(|e| panic!("{}: {fen}: {e}", v.id));
    assert_eq!(back.to_fen(), fen);
    assert!(back == *pos, "FEN round trip changed the position: {fen}");
    assert_eq!(back.hash(), pos.hash(), "hash after FEN round trip: {fen}");
    let mut pseudo = MoveList::new();
    pos.pseudo_moves(&mut pseudo);
    for &m in &pseudo {
        assert_eq!(
            pos.is_legal(m),
            legal.contains(&m),
            "is_legal({m:?}) in {fen}"
        );
    }
    for &m in legal {
        assert!(pseudo.contains(&m) || pos.decided_by_rule());
        let before = pos.clone();
        pos.make_unchecked(m);
        assert_eq!(pos.hash(), pos.compute_hash(), "hash after {m:?} in {fen}");
        pos.unmake();
        assert!(*pos == before, "make+unmake of {m:?} changed {fen}");
        assert_eq!(pos.hash(), before.hash());
        assert_eq!(pos.to_fen(), fen);
        for style in [TextStyle::Uci, TextStyle::Human] {
            let text = move_text(pos, m, style);
            let parsed = parse_move(pos, &text)
                .unwrap_or_else(|e| panic!("{}: `{text}` in {fen}: {e}", v.id));
            assert_eq!(parsed, m, "move text `{text}` in {fen}");
        }
    }
}

fn random_game(id: &str, seed: u64, plies: usize) {
    let v = registry().get(id).unwrap();
    let mut pos = Position::start(&v);
    let mut rng = Rng(seed);
    let mut moves = MoveList::new();
    for _ in 0..plies {
        pos.generate_legal(&mut moves);
        let legal = moves.clone();
        check_position(&mut pos, &legal);
        if legal.is_empty() {
            break;
        }
        // Prefer captures, promotions and drops now and then to reach varied positions.
        let special: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.is_capture() || m.promotion().is_some() || m.dropped().is_some())
            .collect();
        let m = if !special.is_empty() && rng.next().is_multiple_of(3) {
            special[(rng.next() % special.len() as u64) as usize]
        } else {
            legal[(rng.next() % legal.len() as u64) as usize]
        };
        pos.play(m).unwrap();
    }
}

fn all_ids() -> Vec<String> {
    registry().ids()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, .. ProptestConfig::default() })]
    #[test]
    fn random_games_keep_invariants(seed in any::<u64>()) {
        for id in all_ids() {
            random_game(&id, seed, 40);
        }
    }
}

#[test]
fn long_games_reach_the_end_consistently() {
    for (i, id) in all_ids().iter().enumerate() {
        random_game(id, 1000 + i as u64, 120);
    }
}
