//! `menagerie match`: engine against engine in any variant, refereed by
//! Menagerie's rules, with clocks, alternating colours, opening positions,
//! several games at once, a progress bar, PGN output and an Elo estimate.

mod external;
mod game;
mod pgn;
mod player;
mod stats;

use crate::common::{registry, variant};
use anyhow::{bail, Context, Result};
use external::{parse_external, External, Protocol};
use game::{Ending, GameRecord, TimeControl};
use indicatif::{ProgressBar, ProgressStyle};
use menagerie_engine::{Engine, EngineOptions, Limits};
use menagerie_rules::{Color, MoveList, Position, Variant};
use player::{parse_internal, Internal, Player};
use stats::Tally;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

/// Arguments of `match`.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// Variant id.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Load variants from this file first (TOML or Fairy-Stockfish ini).
    #[arg(long = "variant-file")]
    variant_file: Vec<String>,
    /// First player: `menagerie[:opts]`, `uci:CMD[;opts]` or `xboard:CMD[;opts]`.
    /// Menagerie options: depth=N, nodes=N, movetime=MS, hash=MB, threads=N,
    /// material (material-only evaluation), time=F (time-control factor),
    /// name=S. External options: name=S, variant=S (XBoard variant name),
    /// time=F, option.NAME=VALUE (UCI setoption).
    #[arg(long, default_value = "menagerie")]
    first: String,
    /// Second player (same forms as --first).
    #[arg(long, default_value = "menagerie:depth=1,material")]
    second: String,
    /// Number of games (colours alternate; each opening is played twice).
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Time control `BASE+INC` in seconds (e.g. `5+0.05`), or `none`.
    #[arg(long, default_value = "5+0.05")]
    tc: String,
    /// File of opening positions, one FEN per line (`#` comments).
    #[arg(long)]
    openings: Option<String>,
    /// Without an openings file: random plies played from the start
    /// position to make each opening (0: always the start position).
    #[arg(long, default_value_t = 4)]
    random_plies: usize,
    /// Random openings a short search scores beyond this many centipawns
    /// for either side are replaced by other random moves (0: any opening).
    #[arg(long, default_value_t = 150)]
    opening_balance: i32,
    /// Seed for the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Hash size (MB) of each Menagerie player unless it sets its own.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Adjudicate a draw after this many plies (default: the variant's own
    /// ply cap where it has one, such as Nichtschach's 2000, else 600).
    #[arg(long)]
    max_plies: Option<usize>,
    /// Write the games to this PGN file.
    #[arg(long)]
    pgn: Option<String>,
    /// Print every game's result as it ends.
    #[arg(long)]
    verbose: bool,
}

/// Adjudication length of a variant without a ply cap of its own.
const DEFAULT_MAX_PLIES: usize = 600;

/// Plies after which a game is adjudicated a draw: `--max-plies`, else the
/// variant's own ply cap (the rules end the game there), else 600.
fn adjudication_plies(given: Option<usize>, v: &Variant) -> usize {
    given.unwrap_or(match v.rules.ply_cap {
        0 => DEFAULT_MAX_PLIES,
        cap => cap as usize,
    })
}

/// A player recipe: builds a fresh player for each worker.
#[derive(Debug, Clone)]
enum Recipe {
    Internal(player::InternalSpec),
    External(external::ExternalSpec),
}

impl Recipe {
    fn build(&self) -> Box<dyn Player> {
        match self {
            Recipe::Internal(s) => Box::new(Internal::new(s.clone())),
            Recipe::External(s) => Box::new(External::new(s.clone())),
        }
    }
}

fn parse_player(text: &str, hash: usize) -> Result<(Recipe, f64)> {
    let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
    match kind {
        "menagerie" | "self" => {
            let (s, f) = parse_internal(rest, hash)?;
            Ok((Recipe::Internal(s), f))
        }
        "uci" => {
            let (s, f) = parse_external(Protocol::Uci, rest)?;
            Ok((Recipe::External(s), f))
        }
        "xboard" => {
            let (s, f) = parse_external(Protocol::Xboard, rest)?;
            Ok((Recipe::External(s), f))
        }
        _ => bail!("unknown player `{text}`: use menagerie[:opts], uci:CMD or xboard:CMD"),
    }
}

/// Parses `5+0.05`, `40` or `none` (seconds).
fn parse_tc(text: &str) -> Result<Option<TimeControl>> {
    if text == "none" {
        return Ok(None);
    }
    let (b, i) = text.split_once('+').unwrap_or((text, "0"));
    let secs = |s: &str| -> Result<u64> {
        let x: f64 = s
            .trim()
            .parse()
            .with_context(|| format!("bad time `{s}` in --tc {text}"))?;
        if !x.is_finite() || x < 0.0 {
            bail!("bad time `{s}` in --tc {text}");
        }
        Ok((x * 1000.0).round() as u64)
    };
    let base_ms = secs(b)?;
    if base_ms == 0 {
        bail!("--tc needs a positive base time");
    }
    Ok(Some(TimeControl {
        base_ms,
        inc_ms: secs(i)?,
    }))
}

/// A small deterministic generator (SplitMix64) for random openings.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// An opening: a position and moves played from it before the engines
/// take over (moves keep engines without set-up support usable).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Opening {
    fen: String,
    moves: Vec<String>,
}

/// Nodes of the search that judges whether a random opening is balanced.
const BALANCE_NODES: u64 = 20_000;

/// The engine that judges random openings (single thread: deterministic).
fn balance_judge() -> Engine {
    Engine::new(EngineOptions {
        hash_mb: 4,
        threads: 1,
        ..EngineOptions::default()
    })
}

/// How far from level a [`BALANCE_NODES`] search of `p` finds it, in
/// centipawns for either side.
fn imbalance(judge: &mut Engine, p: Position) -> i32 {
    judge.new_game();
    let limits = Limits {
        nodes: Some(BALANCE_NODES),
        ..Limits::default()
    };
    judge.search(p, limits).score.saturating_abs()
}

/// Random openings: `plies` random legal moves from the start, avoiding
/// finished positions and, when `balance` is positive, positions a short
/// search (single thread, [`BALANCE_NODES`]: deterministic) scores beyond
/// `balance` centipawns for either side — random moves can hang a piece, and
/// a match should measure the players, not the dice. After 100 tries the
/// most balanced opening found is taken.
fn random_openings(
    v: &Arc<Variant>,
    n: usize,
    plies: usize,
    seed: u64,
    balance: i32,
) -> Vec<Opening> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    let mut judge = (balance > 0).then(balance_judge);
    for _ in 0..n {
        // (|score|, moves) of the most balanced playable opening so far.
        let mut best: Option<(i32, Vec<String>)> = None;
        for _attempt in 0..100 {
            let mut p = Position::start(v);
            let mut texts = Vec::new();
            let mut ok = true;
            for _ in 0..plies {
                p.generate_legal(&mut moves);
                if moves.is_empty() {
                    ok = false;
                    break;
                }
                let m = moves[(rng.next() % moves.len() as u64) as usize];
                texts.push(menagerie_rules::move_text(
                    &p,
                    m,
                    menagerie_rules::TextStyle::Uci,
                ));
                p.make_unchecked(m);
            }
            if !ok || p.outcome().is_some() {
                continue;
            }
            let off = judge.as_mut().map_or(0, |e| imbalance(e, p));
            match &best {
                Some((b, _)) if *b <= off => {}
                _ => best = Some((off, texts)),
            }
            if off <= balance {
                break;
            }
        }
        out.push(Opening {
            fen: v.start_fen.clone(),
            moves: best.map(|(_, m)| m).unwrap_or_default(),
        });
    }
    out
}

/// Reads an openings file: each line a FEN, optionally followed by
/// ` moves M1 M2 ...`.
fn read_openings(v: &Arc<Variant>, path: &str) -> Result<Vec<Opening>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let (fen, moves) = match l.split_once(" moves ") {
            Some((f, m)) => (f.trim(), m.split_whitespace().map(str::to_string).collect()),
            None => (l, Vec::new()),
        };
        let mut p = Position::from_fen(v, fen)
            .map_err(|e| anyhow::anyhow!("{path}:{}: bad FEN for {}: {e}", i + 1, v.id))?;
        for m in &moves {
            let mv = menagerie_rules::parse_move(&p, m)
                .map_err(|e| anyhow::anyhow!("{path}:{}: move {m}: {e}", i + 1))?;
            p.make_unchecked(mv);
        }
        if p.outcome().is_some() {
            bail!(
                "{path}:{}: the game is already over in this position",
                i + 1
            );
        }
        out.push(Opening {
            fen: fen.to_string(),
            moves,
        });
    }
    if out.is_empty() {
        bail!("{path} holds no opening position");
    }
    Ok(out)
}

/// Per-player fault counters.
#[derive(Debug, Default, Clone, Copy)]
struct Faults {
    illegal: u32,
    crash: u32,
    time: u32,
    claim: u32,
}

/// Runs `match`.
pub fn run(a: &MatchArgs) -> Result<()> {
    let reg = registry(&a.variant_file)?;
    let v = variant(&reg, &a.variant)?;
    let tc = parse_tc(&a.tc)?;
    let (first, f1) = parse_player(&a.first, a.hash)?;
    let (second, f2) = parse_player(&a.second, a.hash)?;
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    let pairs = a.games.div_ceil(2);
    let openings = match &a.openings {
        Some(path) => read_openings(&v, path)?,
        None if a.random_plies == 0 => vec![Opening {
            fen: v.start_fen.clone(),
            moves: Vec::new(),
        }],
        None => random_openings(&v, pairs, a.random_plies, a.seed, a.opening_balance),
    };
    let concurrency = a.concurrency.clamp(1, 64).min(a.games);
    let names = [first.build().name(), second.build().name()];
    let names = if names[0] == names[1] {
        [format!("{} (1)", names[0]), format!("{} (2)", names[1])]
    } else {
        names
    };
    eprintln!(
        "{} vs {}: {} games of {} at {}, {} at a time",
        names[0], names[1], a.games, v.id, a.tc, concurrency
    );

    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<(usize, bool, GameRecord)>();
    let mut handles = Vec::new();
    for _ in 0..concurrency {
        let next = next.clone();
        let tx = tx.clone();
        let v = v.clone();
        let openings = openings.clone();
        let (first, second) = (first.clone(), second.clone());
        let games = a.games;
        let max_plies = adjudication_plies(a.max_plies, &v);
        handles.push(std::thread::spawn(move || {
            let mut p1 = first.build();
            let mut p2 = second.build();
            loop {
                let g = next.fetch_add(1, Ordering::SeqCst);
                if g >= games {
                    break;
                }
                let o = &openings[(g / 2) % openings.len()];
                let first_white = g.is_multiple_of(2);
                let rec = if first_white {
                    let players: [&mut dyn Player; 2] = [p1.as_mut(), p2.as_mut()];
                    game::play(&v, &o.fen, &o.moves, players, tc, [f1, f2], max_plies)
                } else {
                    let players: [&mut dyn Player; 2] = [p2.as_mut(), p1.as_mut()];
                    game::play(&v, &o.fen, &o.moves, players, tc, [f2, f1], max_plies)
                };
                // A player that crashed is rebuilt for the next game.
                if matches!(
                    rec.ending,
                    Ending::Crash(_) | Ending::Setup(_) | Ending::Time(..)
                ) {
                    let white_fault = rec.offender == Some(Color::White);
                    if white_fault == first_white {
                        p1 = first.build();
                    } else {
                        p2 = second.build();
                    }
                }
                if tx.send((g, first_white, rec)).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);

    let pb = ProgressBar::new(a.games as u64);
    pb.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut tally = Tally::default();
    let mut faults = [Faults::default(); 2];
    let mut records: Vec<Option<(bool, GameRecord)>> = vec![None; a.games];
    let mut max_think = [0u64; 2];
    for (g, first_white, rec) in rx {
        let first_color = if first_white {
            Color::White
        } else {
            Color::Black
        };
        match rec.winner {
            None => tally.draws += 1,
            Some(c) if c == first_color => tally.wins += 1,
            Some(_) => tally.losses += 1,
        }
        if let Some(off) = rec.offender {
            let who = usize::from(off != first_color);
            let f = &mut faults[who];
            match rec.ending {
                Ending::Illegal(_) => f.illegal += 1,
                Ending::Crash(_) | Ending::Setup(_) => f.crash += 1,
                Ending::Time(..) => f.time += 1,
                Ending::FalseClaim(_) => f.claim += 1,
                _ => {}
            }
        }
        let (fw, fb) = (usize::from(!first_white), usize::from(first_white));
        max_think[fw] = max_think[fw].max(rec.max_think_ms[0]);
        max_think[fb] = max_think[fb].max(rec.max_think_ms[1]);
        let abnormal = !matches!(
            rec.ending,
            Ending::Rules(_) | Ending::PlyLimit | Ending::Resign
        );
        if a.verbose || abnormal {
            let (w, b) = if first_white { (0, 1) } else { (1, 0) };
            let line = format!(
                "game {:>4}: {} - {}  {}  ({}, {} plies)",
                g + 1,
                names[w],
                names[b],
                rec.result(),
                rec.describe(),
                rec.moves.len()
            );
            if pb.is_hidden() {
                eprintln!("{line}");
            } else {
                pb.println(line);
            }
        }
        pb.inc(1);
        pb.set_message(format!(
            "+{} ={} -{}  {:.1}%",
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score()
        ));
        records[g] = Some((first_white, rec));
    }
    pb.finish_and_clear();
    for h in handles {
        let _ = h.join();
    }

    if let Some(path) = &a.pgn {
        let mut text = String::new();
        for (g, r) in records.iter().enumerate() {
            if let Some((first_white, rec)) = r {
                let (w, b) = if *first_white {
                    (&names[0], &names[1])
                } else {
                    (&names[1], &names[0])
                };
                text.push_str(&pgn::game(&v, g + 1, w, b, &a.tc, rec));
            }
        }
        std::fs::write(path, text).with_context(|| format!("cannot write {path}"))?;
    }

    let (elo, margin) = tally.elo();
    println!(
        "Score of {} vs {} ({}, tc {}): {} - {} - {}  [{:.3}] {}",
        names[0],
        names[1],
        v.id,
        a.tc,
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score(),
        tally.games()
    );
    if elo.is_finite() && margin.is_finite() {
        println!("Elo difference: {elo:.1} +/- {margin:.1}");
    } else {
        println!(
            "Elo difference: {elo:.1} (error margin unbounded: too few games or a one-sided score)"
        );
    }
    for (i, f) in faults.iter().enumerate() {
        println!(
            "{}: illegal moves {}, crashes {}, time forfeits {}, false claims {}, longest think {} ms",
            names[i], f.illegal, f.crash, f.time, f.claim, max_think[i]
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_follows_the_variant_ply_cap() {
        let reg = menagerie_rules::Registry::builtin();
        let chess = reg.get("chess").unwrap();
        let elefant = reg.get("elefantnichtschach").unwrap();
        assert_eq!(adjudication_plies(None, &chess), 600);
        assert_eq!(adjudication_plies(None, &elefant), 2000);
        assert_eq!(adjudication_plies(Some(300), &elefant), 300);
    }

    #[test]
    fn time_controls() {
        assert_eq!(
            parse_tc("5+0.05").unwrap(),
            Some(TimeControl {
                base_ms: 5000,
                inc_ms: 50
            })
        );
        assert_eq!(
            parse_tc("1").unwrap(),
            Some(TimeControl {
                base_ms: 1000,
                inc_ms: 0
            })
        );
        assert_eq!(parse_tc("none").unwrap(), None);
        assert!(parse_tc("0+1").is_err());
        assert!(parse_tc("x+1").is_err());
        assert!(parse_tc("-1").is_err());
    }

    #[test]
    fn random_openings_can_be_kept_balanced() {
        let reg = menagerie_rules::Registry::builtin();
        let v = reg.get("springernichtschach").unwrap();
        let judge = |o: &Opening| {
            let mut p = Position::from_fen(&v, &o.fen).unwrap();
            for m in &o.moves {
                p.play(menagerie_rules::parse_move(&p, m).unwrap()).unwrap();
            }
            imbalance(&mut balance_judge(), p)
        };
        // Four random plies in Nichtschach often hang a piece: some of
        // these openings are lopsided, none of the balanced ones is.
        let any = random_openings(&v, 8, 4, 3, 0);
        assert!(any.iter().any(|o| judge(o) > 150));
        let balanced = random_openings(&v, 8, 4, 3, 150);
        assert_eq!(balanced, random_openings(&v, 8, 4, 3, 150));
        for o in &balanced {
            assert_eq!(o.moves.len(), 4);
            assert!(judge(o) <= 150, "{:?}", o.moves);
        }
    }

    #[test]
    fn random_openings_are_playable_and_repeatable() {
        let reg = menagerie_rules::Registry::builtin();
        let v = reg.get("chess").unwrap();
        let a = random_openings(&v, 5, 4, 7, 0);
        let b = random_openings(&v, 5, 4, 7, 0);
        assert_eq!(a, b);
        for o in &a {
            assert_eq!(o.fen, v.start_fen);
            assert_eq!(o.moves.len(), 4);
            let mut p = Position::from_fen(&v, &o.fen).unwrap();
            for m in &o.moves {
                p.play(menagerie_rules::parse_move(&p, m).unwrap()).unwrap();
            }
            assert!(p.outcome().is_none());
        }
    }
}
