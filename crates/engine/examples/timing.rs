//! Times searches of one position under a small clock (debugging aid).
//! Usage: timing VARIANT FEN MS
use menagerie_engine::{Engine, EngineOptions, Event, Limits};
use menagerie_rules::{Position, Registry};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let reg = Registry::builtin();
    let v = reg.get(&args[1]).expect("variant");
    let pos = Position::from_fen(&v, &args[2]).expect("fen");
    let ms: u64 = args[3].parse().expect("ms");
    let mut e = Engine::new(EngineOptions {
        hash_mb: 8,
        ..EngineOptions::default()
    });
    e.prepare(&v);
    for _ in 0..5 {
        let t = Instant::now();
        let mut last = String::new();
        let r = e.search_with(
            pos.clone(),
            Limits {
                wtime: Some(ms),
                btime: Some(ms),
                winc: Some(10),
                binc: Some(10),
                ..Limits::default()
            },
            &mut |ev| {
                if let Event::Info(i) = ev {
                    last = format!("d{} n{} t{}", i.depth, i.nodes, i.time_ms)
                }
            },
        );
        println!("{:?} {} best {:?}", t.elapsed(), last, r.best.is_some());
    }
}
