//! `menagerie bench`, `menagerie bench perft` and `menagerie bench speed`.

use crate::common::{outln, registry};
use anyhow::{bail, Context, Result};
use menagerie_rules::{perft, Position};
use std::time::Instant;

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Nothing: the search bench (fixed depth, one thread, node signature).
    /// `perft`: move-generation speed on a fixed set. `speed`: search nodes
    /// per second on one and two threads (chess, capablanca, and the first
    /// built-in 16x12 and 3D variants).
    mode: Option<String>,
    /// Seconds per search in `bench speed`.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Hash size in MB for the search bench.
    #[arg(long, default_value_t = menagerie_engine::bench::HASH_MB)]
    hash: usize,
    /// Write the node count to this signature file (default
    /// `tests/data/bench-signature.txt`, for running from the repository root).
    #[arg(long, num_args = 0..=1, default_missing_value = "tests/data/bench-signature.txt")]
    write_signature: Option<String>,
}

/// The fixed perft set: (variant, FEN or `None` for the start position, depth).
const PERFT_SET: &[(&str, Option<&str>, u32)] = &[
    ("chess", None, 6),
    ("capablanca", None, 5),
    ("shogi", None, 5),
    ("missing-ox", None, 3),
    // A Gnuqi Mitregi middlegame with full hands: every droppable type in
    // both hands (878 moves at the root, most of them drops).
    (
        "gnuqi-mitregi",
        Some("lhu4m3/1rnb1k1c3/2q5w2/ppp2pppppp/11/11/11/PPP2PPPPPP/2Q5W2/1RNB1K1C3/LHU4M3[RBNCILMXHUPPrbncilmxhupp] w Qq - 0 20"),
        3,
    ),
    // A Flipped-return Nichtschach middlegame (6x6x6, 26 directions) with
    // pieces in both hands.
    (
        "elefantnichtschach",
        Some("rubbur/p1pppp/4*g1/p1*G3/PPPPPP/RUBB1R|*r*u*b*b*u*r/*pppPpp/6/2P1*P1/PPP2P/*R*U*B*B*U*R|dg*qq1*d/1pp1pp/3*u2/2U3/PPPPPP/DG*QQ1*D|*d1q*qgd/1ppppp/p2p2/6/PPPPP*P/*D*GQ1GD|*r1*b*b*u1/1pp2p/4p*r/2p2P/2PPPP/*R*U*B*B*U*R|rub1u1/ppppb1/4p1/p*Q3R/PPP*gP1/RUBBUr w *PP2*pp 0 23"),
        3,
    ),
    // Fairy-Stockfish's own built-ins, to compare with its `go perft`
    // (docs/engine.md). Xiangqi: a middlegame reached by 40 random plies
    // (captures preferred) from the start; Crazyhouse: the Scandinavian
    // after 1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 4.d4 Nf6 5.Nf3 Bf5, a Pawn in
    // each hand.
    (
        "xiangqi",
        Some("6b2/3k5/9/p3p1p2/9/2P3P2/P3P4/4C2cB/9/2RcKA3 w - - 0 21"),
        5,
    ),
    ("janggi", None, 5),
    (
        "crazyhouse",
        Some("rn2kb1r/ppp1pppp/5n2/q4b2/3P4/2N2N2/PPP2PPP/R1BQKB1R[Pp] w KQkq - 3 6"),
        4,
    ),
    ("atomic", None, 5),
];

/// Runs `bench`.
pub fn run(a: &BenchArgs) -> Result<()> {
    let reg = registry(&[])?;
    match a.mode.as_deref() {
        Some("perft") => {
            outln!(
                "{:<18} {:>5} {:>14} {:>9} {:>8}",
                "variant",
                "depth",
                "nodes",
                "seconds",
                "Mnps"
            )?;
            for &(id, fen, depth) in PERFT_SET {
                let Ok(v) = reg.get(id) else {
                    outln!("{id:<18} (not built in yet; skipped)")?;
                    continue;
                };
                let mut p = match fen {
                    Some(f) => Position::from_fen(&v, f)
                        .map_err(|e| anyhow::anyhow!("bench position of {id}: {e}"))?,
                    None => Position::start(&v),
                };
                let t = Instant::now();
                let n = perft(&mut p, depth);
                let s = t.elapsed().as_secs_f64();
                outln!(
                    "{id:<18} {depth:>5} {n:>14} {s:>9.3} {:>8.2}",
                    n as f64 / s.max(1e-9) / 1e6
                )?;
            }
            Ok(())
        }
        Some("speed") => speed(&reg, a),
        Some(other) => {
            bail!("unknown bench mode `{other}` (use `bench`, `bench perft` or `bench speed`)")
        }
        None => {
            if a.write_signature.is_some() && a.hash != menagerie_engine::bench::HASH_MB {
                bail!(
                    "the signature is defined with --hash {}",
                    menagerie_engine::bench::HASH_MB
                );
            }
            let t = Instant::now();
            // The callback cannot return the write error: keep the first one
            // and hand it back when the bench ends.
            let mut written = Ok(());
            let lines = menagerie_engine::bench::run(&reg, a.hash, &mut |l| {
                if written.is_ok() {
                    written = outln!(
                        "{:<28} depth {:>2} nodes {:>10} {:>7.2} s  best {}",
                        l.position.variant,
                        l.position.depth,
                        l.nodes,
                        l.seconds,
                        l.best
                    );
                }
            });
            written?;
            let total: u64 = lines.iter().map(|l| l.nodes).sum();
            let secs = t.elapsed().as_secs_f64();
            outln!("Total time (ms) : {}", (secs * 1000.0) as u64)?;
            outln!(
                "Nodes/second    : {}",
                (total as f64 / secs.max(1e-9)) as u64
            )?;
            outln!("Nodes searched: {total}")?;
            if let Some(path) = &a.write_signature {
                std::fs::write(path, format!("{total}\n"))
                    .with_context(|| format!("cannot write {path}"))?;
                outln!("Signature written to {path}")?;
            }
            Ok(())
        }
    }
}

/// `bench speed`: nodes per second from the start position of a few
/// variants, chosen by board shape (never by name, except the two classics).
fn speed(reg: &menagerie_rules::Registry, a: &BenchArgs) -> Result<()> {
    use menagerie_engine::{Engine, EngineOptions, Limits};
    let mut picks: Vec<(String, String)> = Vec::new();
    for id in ["chess", "capablanca"] {
        if reg.get(id).is_ok() {
            picks.push((id.to_string(), id.to_string()));
        }
    }
    let ids = reg.ids();
    let shaped = |pred: &dyn Fn(&menagerie_rules::Variant) -> bool| {
        ids.iter()
            .find(|id| reg.get(id).is_ok_and(|v| pred(&v)))
            .cloned()
    };
    let g16 = shaped(&|v| {
        v.geometry.files() == 16 && v.geometry.ranks() == 12 && v.geometry.levels() <= 1
    });
    match g16 {
        Some(id) => picks.push(("16x12".into(), id)),
        None => outln!("16x12: no such built-in variant yet; skipped")?,
    }
    match shaped(&|v| v.geometry.levels() > 1) {
        Some(id) => picks.push(("3D".into(), id)),
        None => outln!("3D: no such built-in variant yet; skipped")?,
    }
    let ms = (a.seconds.max(0.1) * 1000.0) as u64;
    outln!(
        "{:<8} {:<14} {:>7} {:>12} {:>10}",
        "board",
        "variant",
        "threads",
        "nodes",
        "nps"
    )?;
    for (label, id) in picks {
        let v = reg.get(&id).map_err(|e| anyhow::anyhow!("{e}"))?;
        for threads in [1, 2] {
            let mut e = Engine::new(EngineOptions {
                hash_mb: a.hash.max(16),
                threads,
                ..EngineOptions::default()
            });
            e.prepare(&v);
            let t = Instant::now();
            let r = e.search(
                Position::start(&v),
                Limits {
                    movetime: Some(ms),
                    ..Limits::default()
                },
            );
            let nodes = r.nodes;
            let nps = (nodes as f64 / t.elapsed().as_secs_f64().max(1e-9)) as u64;
            outln!("{label:<8} {id:<14} {threads:>7} {nodes:>12} {nps:>10}")?;
        }
    }
    Ok(())
}
