//! Writes a perft regression suite for a variant: the start position and
//! positions reached by deterministic random play (preferring captures,
//! promotions, drops and checks), with perft at the given depth.
//!
//! `cargo run --release -p menagerie-rules --example make_perft_suite -- VARIANT COUNT DEPTH [SEED]`
use menagerie_rules::{perft, Move, MoveList, Position, Registry};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).expect("variant id");
    let count: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(6);
    let depth: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(7);
    let reg = Registry::builtin();
    let v = reg.get(id).expect("variant");
    let mut rng = menagerie_rules::SplitMix64(seed);
    let mut next = || rng.next();
    let mut rows = vec![Position::start(&v)];
    let mut moves = MoveList::new();
    while rows.len() < count {
        let mut p = Position::start(&v);
        let plies = 8 + (next() % 40) as usize;
        for _ in 0..plies {
            p.generate_legal(&mut moves);
            if moves.is_empty() {
                break;
            }
            let special: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| {
                    m.is_capture()
                        || m.promotion().is_some()
                        || m.dropped().is_some()
                        || m.castling().is_some()
                })
                .collect();
            let m = if !special.is_empty() && next() % 2 == 0 {
                special[(next() % special.len() as u64) as usize]
            } else {
                moves[(next() % moves.len() as u64) as usize]
            };
            p.make_unchecked(m);
        }
        if p.outcome().is_none() {
            rows.push(Position::from_fen(&v, &p.to_fen()).expect("round trip"));
        }
    }
    for mut p in rows {
        for d in 1..=depth {
            let n = perft(&mut p, d);
            println!("{}\t{}\t{}\t{}", id, p.to_fen(), d, n);
        }
    }
}
