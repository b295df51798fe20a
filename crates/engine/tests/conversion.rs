//! A won ending has to be won: from set King-and-Rook and King-and-Queen
//! against King positions, the engine playing both sides at a fixed node
//! budget (independent of the machine's load) mates before the fifty-move
//! rule draws. This is what the evaluation's mop-up terms are for; with too
//! gentle a gradient the search shuffles the Rook until the move rule ends
//! the game, which also spoils the lab's self-play data (won endings recorded
//! as draws).
#![allow(clippy::unwrap_used, clippy::panic)]

use menagerie_engine::{Engine, EngineOptions, Limits};
use menagerie_rules::{Color, Position, Reason, Registry};

/// Nodes a move: a fast self-play game's budget.
const NODES: u64 = 1_500;
/// The move rule (100 plies) ends a shuffled game well before this.
const MAX_PLIES: usize = 200;

/// Plays `fen` out; the outcome with the plies it took.
fn play_out(variant: &str, fen: &str) -> (Option<(Option<Color>, Reason)>, usize) {
    let reg = Registry::builtin();
    let v = reg.get(variant).unwrap();
    let mut pos = Position::from_fen(&v, fen).unwrap();
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 8,
        ..EngineOptions::default()
    });
    engine.prepare(&v);
    for ply in 0..MAX_PLIES {
        if let Some(o) = pos.outcome() {
            return (Some((o.winner, o.reason)), ply);
        }
        let limits = Limits {
            nodes: Some(NODES),
            ..Limits::default()
        };
        let m = engine.search(pos.clone(), limits).best.unwrap();
        pos.make_unchecked(m);
    }
    (None, MAX_PLIES)
}

#[test]
fn rook_and_queen_endings_are_mated_before_the_move_rule() {
    for (variant, fen) in [
        ("chess", "8/8/8/3k4/8/8/8/R3K3 w - - 0 1"),
        ("chess", "8/5k2/8/8/8/8/8/1RK5 w - - 0 1"),
        ("chess", "8/8/8/4k3/8/8/8/KR6 w - - 0 1"),
        ("chess", "8/8/2k5/8/8/8/8/3RK3 w - - 0 1"),
        ("chess", "8/8/8/3k4/8/8/8/Q3K3 w - - 0 1"),
        ("capablanca", "10/10/10/4k5/10/10/10/R4K4 w - - 0 1"),
    ] {
        let (outcome, plies) = play_out(variant, fen);
        assert!(
            matches!(outcome, Some((Some(Color::White), Reason::Checkmate))),
            "{variant} {fen}: {outcome:?} after {plies} plies"
        );
    }
}
