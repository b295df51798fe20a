//! `menagerie match`: engine against engine in any variant, refereed by
//! Menagerie's rules, with clocks, game pairs (one opening, colours
//! swapped), opening books, several games at once, a progress bar, PGN
//! output, an Elo estimate and the SPRT that decides whether a change is kept.

mod book;
mod external;
mod game;
mod pgn;
mod player;
mod sprt;
mod stats;

use crate::common::{outln, registry, variant};
use anyhow::{bail, Context, Result};
pub use book::{run as book_run, BookArgs};
use external::{parse_external, External, Protocol};
use game::GameRecord;
pub(crate) use game::{play as play_game, Ending, TimeControl};
use indicatif::{ProgressBar, ProgressStyle};
use menagerie_engine::{Engine, EngineOptions, Limits};
use menagerie_rules::{Color, MoveList, Position, Variant};
use player::parse_internal;
pub(crate) use player::Player;
pub(crate) use player::{check_eval, eval_choice, Internal, InternalSpec};
use sprt::{Pentanomial, Sprt, Verdict};
use stats::Tally;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
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
    /// name=S, param.NAME=VALUE (a search parameter, see `menagerie tune
    /// spsa`), params=FILE (`name=value` lines, as `tune spsa --out`
    /// writes them; these settings change the hand-set values),
    /// params=untuned (the hand-set values), params=default (the variant
    /// family's tuned set, `variants/search/`: what plays without
    /// settings). External options: name=S, variant=S (XBoard variant name),
    /// time=F, option.NAME=VALUE (UCI setoption), nodes=N (UCI: `go nodes N`
    /// instead of the clock).
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
    /// Where the openings come from.
    #[command(flatten)]
    openings: OpeningArgs,
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
    /// Play game pairs until a sequential probability ratio test decides:
    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]`
    /// (pentanomial model; Elo bounds normalized unless model=logistic).
    /// Replaces --games.
    #[arg(long)]
    sprt: Option<String>,
    /// Pairs an SPRT plays at most before it stops without a verdict
    /// (default 20000).
    #[arg(long)]
    max_pairs: Option<usize>,
    /// Write the games to this PGN file.
    #[arg(long)]
    pgn: Option<String>,
    /// Print every game's result as it ends.
    #[arg(long)]
    verbose: bool,
}

/// Where the openings of a match or a tuning run come from.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct OpeningArgs {
    /// Opening book: one position a line, as a FEN (optionally followed by
    /// ` moves M1 M2 ...`) or an EPD record (FEN fields, then `;`-ended
    /// operations, which are ignored); `#` starts a comment line. Each
    /// position is played twice, colours swapped; the book is used in
    /// order and from the start again when the games outnumber it — except
    /// between two fixed-search players (nodes or depth, no clock), which
    /// would replay the same games: their match stops at the book's end.
    #[arg(long, alias = "openings")]
    pub(crate) book: Option<String>,
    /// Without an openings file: random plies played from the start
    /// position to make each opening (0: always the start position).
    #[arg(long, default_value_t = 4)]
    pub(crate) random_plies: usize,
    /// Random openings a short search scores beyond this many centipawns
    /// for either side are replaced by other random moves (0: any opening).
    #[arg(long, default_value_t = 150)]
    pub(crate) opening_balance: i32,
}

/// Adjudication length of a variant without a ply cap of its own.
const DEFAULT_MAX_PLIES: usize = 600;

/// Plies after which a game is adjudicated a draw: `--max-plies`, else the
/// variant's own ply cap (the rules end the game there), else 600.
pub(crate) fn adjudication_plies(given: Option<usize>, v: &Variant) -> usize {
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

    /// Whether this player answers a position the same way every time:
    /// a fixed search (depth or nodes, no clock, no fixed move time) on one
    /// thread. Two such players replay a game move for move from the same
    /// opening (each game starts with a cleared hash table).
    fn repeatable(&self, timed: bool) -> bool {
        match self {
            Recipe::Internal(s) => {
                (s.depth.is_some() || s.nodes.is_some())
                    && s.movetime.is_none()
                    && !timed
                    && s.options.threads <= 1
            }
            // `go nodes N` replaces the clock; more threads than one make
            // the search depend on timing.
            Recipe::External(s) => {
                s.nodes.is_some()
                    && !s
                        .options
                        .iter()
                        .any(|(k, v)| k.eq_ignore_ascii_case("threads") && v.trim() != "1")
            }
        }
    }
}

/// Games a match plays when asked for `games` from `openings` distinct
/// openings. Players that both repeat themselves ([`Recipe::repeatable`])
/// play each opening's pair once at most: a pair past that replays an
/// earlier pair move for move, and counting it would count the same
/// evidence twice (the printed margin would shrink and an SPRT's LLR grow
/// as if the games were new). Returns the games and whether they were cut.
fn distinct_games(games: usize, openings: usize, repeatable: bool) -> (usize, bool) {
    let most = 2 * openings;
    if repeatable && games > most {
        (most, true)
    } else {
        (games, false)
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
pub(crate) fn parse_tc(text: &str) -> Result<Option<TimeControl>> {
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

/// The small deterministic generator for random openings.
use menagerie_rules::SplitMix64 as Rng;

/// An opening: a position and moves played from it before the engines
/// take over (moves keep engines without set-up support usable).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Opening {
    pub(crate) fen: String,
    pub(crate) moves: Vec<String>,
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

/// How far from level a search of `nodes` nodes finds `p`, in centipawns
/// for either side.
fn imbalance(judge: &mut Engine, p: Position, nodes: u64) -> i32 {
    judge.new_game();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    judge.search(p, limits).score.saturating_abs()
}

/// `plies` uniformly random legal moves from the start position: the
/// position reached and the moves as text, or None when the game ended on
/// the way.
pub(crate) fn random_line(
    v: &Arc<Variant>,
    plies: usize,
    rng: &mut Rng,
) -> Option<(Position, Vec<String>)> {
    let mut p = Position::start(v);
    let mut moves = MoveList::new();
    let mut texts = Vec::new();
    for _ in 0..plies {
        p.generate_legal(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let m = moves[(rng.next() % moves.len() as u64) as usize];
        texts.push(menagerie_rules::move_text(
            &p,
            m,
            menagerie_rules::TextStyle::Uci,
        ));
        p.make_unchecked(m);
    }
    p.outcome().is_none().then_some((p, texts))
}

/// Random openings: `plies` random legal moves from the start, avoiding
/// finished positions and, when `balance` is positive, positions a short
/// search (single thread, [`BALANCE_NODES`]: deterministic) scores beyond
/// `balance` centipawns for either side — random moves can hang a piece, and
/// a match should measure the players, not the dice. After 100 tries the
/// most balanced opening found is taken.
pub(crate) fn random_openings(
    v: &Arc<Variant>,
    n: usize,
    plies: usize,
    seed: u64,
    balance: i32,
) -> Vec<Opening> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut judge = (balance > 0).then(balance_judge);
    for _ in 0..n {
        // (|score|, moves) of the most balanced playable opening so far.
        let mut best: Option<(i32, Vec<String>)> = None;
        for _attempt in 0..100 {
            let Some((p, texts)) = random_line(v, plies, &mut rng) else {
                continue;
            };
            let off = judge.as_mut().map_or(0, |e| imbalance(e, p, BALANCE_NODES));
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

/// The FEN of an EPD record: the longest run of leading fields that the
/// variant reads as a FEN (EPD has no move counters and puts operations
/// such as `bm e4;` or `c0 "comment";` after the position fields).
fn epd_fen(v: &Arc<Variant>, record: &str) -> Option<String> {
    let fields: Vec<&str> = record.split(';').next()?.split_whitespace().collect();
    (1..=fields.len())
        .rev()
        .map(|n| fields[..n].join(" "))
        .find(|fen| Position::from_fen(v, fen).is_ok())
}

/// Reads an opening book: each line a FEN, optionally followed by
/// ` moves M1 M2 ...`, or an EPD record.
pub(crate) fn read_openings(v: &Arc<Variant>, path: &str) -> Result<Vec<Opening>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let (fen, moves): (String, Vec<String>) = match l.split_once(" moves ") {
            Some((f, m)) => (
                f.trim().to_string(),
                m.split_whitespace().map(str::to_string).collect(),
            ),
            None if l.contains(';') => match epd_fen(v, l) {
                Some(f) => (f, Vec::new()),
                None => bail!("{path}:{}: no {} position in this EPD record", i + 1, v.id),
            },
            None => (l.to_string(), Vec::new()),
        };
        let mut p = Position::from_fen(v, &fen)
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
        out.push(Opening { fen, moves });
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

/// Pairs between two progress lines of an SPRT (every pair with --verbose).
const REPORT_EVERY_PAIRS: u32 = 10;

/// Pairs an SPRT plays at most unless `--max-pairs` says otherwise.
const DEFAULT_MAX_PAIRS: usize = 20_000;

/// Runs `match`.
pub fn run(a: &MatchArgs) -> Result<()> {
    let reg = registry(&a.variant_file)?;
    let v = variant(&reg, &a.variant)?;
    let tc = parse_tc(&a.tc)?;
    let (first, f1) = parse_player(&a.first, a.hash)?;
    let (second, f2) = parse_player(&a.second, a.hash)?;
    for (side, r) in [("--first", &first), ("--second", &second)] {
        if let Recipe::Internal(s) = r {
            player::check_eval(&s.options.eval, &v).map_err(|e| anyhow::anyhow!("{side}: {e}"))?;
        }
    }
    let sprt = a.sprt.as_deref().map(Sprt::parse).transpose()?;
    let games = match (&sprt, a.max_pairs) {
        (_, Some(0)) => bail!("--max-pairs must be at least 1"),
        (Some(_), m) => 2 * m.unwrap_or(DEFAULT_MAX_PAIRS),
        (None, Some(_)) => bail!("--max-pairs bounds an SPRT: give --sprt too (or use --games)"),
        (None, None) => a.games,
    };
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let o = &a.openings;
    let openings = match &o.book {
        Some(path) => read_openings(&v, path)?,
        None if o.random_plies == 0 => vec![Opening {
            fen: v.start_fen.clone(),
            moves: Vec::new(),
        }],
        None => random_openings(
            &v,
            games.div_ceil(2),
            o.random_plies,
            a.seed,
            o.opening_balance,
        ),
    };
    let repeatable = first.repeatable(tc.is_some()) && second.repeatable(tc.is_some());
    let (games, cut) = distinct_games(games, openings.len(), repeatable);
    if cut {
        eprintln!(
            "warning: both players search a fixed amount (no clock), so a pair past the {} \
             opening(s) would replay an earlier pair move for move; playing {} pairs. \
             For more, use a larger book or random openings (--random-plies N without --book).",
            openings.len(),
            games / 2
        );
    }
    let concurrency = a.concurrency.clamp(1, 64).min(games);
    let names = [first.build().name(), second.build().name()];
    let names = if names[0] == names[1] {
        [format!("{} (1)", names[0]), format!("{} (2)", names[1])]
    } else {
        names
    };
    match &sprt {
        Some(s) => eprintln!(
            "{} vs {}: SPRT of {} at {}, at most {} pairs, {} games at a time; {}",
            names[0],
            names[1],
            v.id,
            a.tc,
            games / 2,
            concurrency,
            describe_sprt(s)
        ),
        None => eprintln!(
            "{} vs {}: {} games of {} at {}, {} at a time",
            names[0], names[1], games, v.id, a.tc, concurrency
        ),
    }

    let stop = Arc::new(AtomicBool::new(false));
    let work = Work {
        v: v.clone(),
        openings: Arc::new(openings),
        recipes: [first, second],
        factors: [f1, f2],
        tc,
        games,
        max_plies: adjudication_plies(a.max_plies, &v),
    };
    let (rx, handles) = spawn_workers(&work, concurrency, &stop);

    let pb = ProgressBar::new(games as u64);
    pb.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let say = |line: String| {
        if pb.is_hidden() {
            eprintln!("{line}");
        } else {
            pb.println(line);
        }
    };
    let mut res = Results::new(games);
    for (g, first_white, rec) in rx {
        if res.verdict.is_some() {
            // Games still being played when the SPRT decided: not counted.
            continue;
        }
        let abnormal = !matches!(
            rec.ending,
            Ending::Rules(_) | Ending::PlyLimit | Ending::Resign
        );
        if a.verbose || abnormal {
            let (w, b) = if first_white { (0, 1) } else { (1, 0) };
            say(format!(
                "game {:>4}: {} - {}  {}  ({}, {} plies)",
                g + 1,
                names[w],
                names[b],
                rec.result(),
                rec.describe(),
                rec.moves.len()
            ));
        }
        let pair_done = res.record(g, first_white, rec);
        pb.inc(1);
        let Some(s) = &sprt else {
            pb.set_message(format!(
                "+{} ={} -{}  {:.1}%",
                res.tally.wins,
                res.tally.draws,
                res.tally.losses,
                100.0 * res.tally.score()
            ));
            continue;
        };
        if !pair_done {
            continue;
        }
        let llr = s.llr(&res.pairs);
        let (lo, hi) = s.bounds();
        pb.set_message(format!("LLR {llr:.2} ({lo:.2}, {hi:.2})"));
        res.verdict = s.verdict(llr);
        let n = res.pairs.pairs();
        if a.verbose || n.is_multiple_of(REPORT_EVERY_PAIRS) || res.verdict.is_some() {
            say(sprt_status(s, &res.pairs));
        }
        if res.verdict.is_some() {
            stop.store(true, Ordering::SeqCst);
        }
    }
    pb.finish_and_clear();
    for h in handles {
        let _ = h.join();
    }
    if let Some(path) = &a.pgn {
        std::fs::write(path, res.pgn(&v, &names, &a.tc))
            .with_context(|| format!("cannot write {path}"))?;
    }
    res.print_summary(&names, &v.id, &a.tc)?;
    if let Some(s) = &sprt {
        outln!("{}", sprt_status(s, &res.pairs))?;
        match res.verdict {
            Some(Verdict::Pass) => outln!("SPRT: H1 accepted (passed)")?,
            Some(Verdict::Fail) => outln!("SPRT: H0 accepted (failed)")?,
            None if cut => outln!(
                "SPRT: no verdict after {} pairs (every opening played once; \
                 more would replay the same games)",
                res.pairs.pairs()
            )?,
            None => outln!(
                "SPRT: no verdict after {} pairs (the --max-pairs limit)",
                res.pairs.pairs()
            )?,
        }
    }
    Ok(())
}

/// The hypotheses of an SPRT, for the report.
fn describe_sprt(s: &Sprt) -> String {
    format!(
        "H0 {} Elo {:.2}, H1 {:.2}, alpha {}, beta {}",
        s.model_name(),
        s.elo0,
        s.elo1,
        s.alpha,
        s.beta
    )
}

/// One progress line of an SPRT: pairs, LLR and bounds, Elo and the
/// pentanomial counts.
fn sprt_status(s: &Sprt, p: &Pentanomial) -> String {
    let (lo, hi) = s.bounds();
    let (elo, err) = p.elo();
    let (nelo, nerr) = p.nelo();
    format!(
        "pairs {}  score {:.1}%  LLR {:.2} ({:.2}, {:.2}) [{:.2}, {:.2}] {}  Elo {}  nElo {}  Ptnml(0-2) {:?}",
        p.pairs(),
        100.0 * p.score(),
        s.llr(p),
        lo,
        hi,
        s.elo0,
        s.elo1,
        s.model_name(),
        plus_minus(elo, err),
        plus_minus(nelo, nerr),
        p.counts
    )
}

/// `12.3 +/- 4.5`, or the estimate alone when the margin is unbounded.
fn plus_minus(x: f64, err: f64) -> String {
    if x.is_finite() && err.is_finite() {
        format!("{x:.1} +/- {err:.1}")
    } else {
        format!("{x:.1} (margin unbounded)")
    }
}

/// What every worker plays.
struct Work {
    v: Arc<Variant>,
    openings: Arc<Vec<Opening>>,
    recipes: [Recipe; 2],
    factors: [f64; 2],
    tc: Option<TimeControl>,
    games: usize,
    max_plies: usize,
}

/// A finished game: its number, whether the first player had White, the record.
type Finished = (usize, bool, GameRecord);

/// Starts `concurrency` threads that take game numbers in turn (game `g`
/// plays opening `g / 2`, the first player White when `g` is even) until
/// every game is taken or `stop` is set.
fn spawn_workers(
    w: &Work,
    concurrency: usize,
    stop: &Arc<AtomicBool>,
) -> (mpsc::Receiver<Finished>, Vec<std::thread::JoinHandle<()>>) {
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<Finished>();
    let mut handles = Vec::new();
    for _ in 0..concurrency {
        let (next, stop, tx) = (next.clone(), stop.clone(), tx.clone());
        let (v, openings) = (w.v.clone(), w.openings.clone());
        let [first, second] = w.recipes.clone();
        let [f1, f2] = w.factors;
        let (tc, games, max_plies) = (w.tc, w.games, w.max_plies);
        handles.push(std::thread::spawn(move || {
            let mut p1 = first.build();
            let mut p2 = second.build();
            loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
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
    (rx, handles)
}

/// Everything counted while the games come in.
struct Results {
    tally: Tally,
    faults: [Faults; 2],
    max_think: [u64; 2],
    records: Vec<Option<(bool, GameRecord)>>,
    /// The first player's half points in each game (2 win, 1 draw, 0 loss),
    /// kept until the other game of its pair ends.
    half_points: Vec<Option<u32>>,
    pairs: Pentanomial,
    verdict: Option<Verdict>,
}

impl Results {
    fn new(games: usize) -> Results {
        Results {
            tally: Tally::default(),
            faults: [Faults::default(); 2],
            max_think: [0; 2],
            records: vec![None; games],
            half_points: vec![None; games],
            pairs: Pentanomial::default(),
            verdict: None,
        }
    }

    /// Counts game `g`; true when it completed its pair.
    fn record(&mut self, g: usize, first_white: bool, rec: GameRecord) -> bool {
        let first_color = if first_white {
            Color::White
        } else {
            Color::Black
        };
        let half = match rec.winner {
            None => {
                self.tally.draws += 1;
                1
            }
            Some(c) if c == first_color => {
                self.tally.wins += 1;
                2
            }
            Some(_) => {
                self.tally.losses += 1;
                0
            }
        };
        if let Some(off) = rec.offender {
            let f = &mut self.faults[usize::from(off != first_color)];
            match rec.ending {
                Ending::Illegal(_) => f.illegal += 1,
                Ending::Crash(_) | Ending::Setup(_) => f.crash += 1,
                Ending::Time(..) => f.time += 1,
                Ending::FalseClaim(_) => f.claim += 1,
                _ => {}
            }
        }
        let (fw, fb) = (usize::from(!first_white), usize::from(first_white));
        self.max_think[fw] = self.max_think[fw].max(rec.max_think_ms[0]);
        self.max_think[fb] = self.max_think[fb].max(rec.max_think_ms[1]);
        self.records[g] = Some((first_white, rec));
        self.half_points[g] = Some(half);
        let pair = g - g % 2;
        match (self.half_points[pair], self.half_points.get(pair + 1)) {
            (Some(x), Some(Some(y))) => {
                self.pairs.add(x + y);
                true
            }
            _ => false,
        }
    }

    /// The counted games as PGN.
    fn pgn(&self, v: &Variant, names: &[String; 2], tc: &str) -> String {
        let mut text = String::new();
        for (g, r) in self.records.iter().enumerate() {
            if let Some((first_white, rec)) = r {
                let (w, b) = if *first_white {
                    (&names[0], &names[1])
                } else {
                    (&names[1], &names[0])
                };
                text.push_str(&pgn::game(v, g + 1, w, b, tc, rec));
            }
        }
        text
    }

    /// Score, Elo and fault counts.
    fn print_summary(&self, names: &[String; 2], id: &str, tc: &str) -> std::io::Result<()> {
        let t = &self.tally;
        outln!(
            "Score of {} vs {} ({id}, tc {tc}): {} - {} - {}  [{:.3}] {}",
            names[0],
            names[1],
            t.wins,
            t.losses,
            t.draws,
            t.score(),
            t.games()
        )?;
        let (elo, margin) = t.elo();
        if elo.is_finite() && margin.is_finite() {
            outln!("Elo difference: {elo:.1} +/- {margin:.1}")?;
        } else {
            outln!(
                "Elo difference: {elo:.1} (error margin unbounded: too few games or a one-sided score)"
            )?;
        }
        if self.pairs.pairs() > 0 {
            let (e, m) = self.pairs.elo();
            let (ne, nm) = self.pairs.nelo();
            outln!(
                "Pairs {}: Ptnml(0-2) {:?}, Elo {}, nElo {}",
                self.pairs.pairs(),
                self.pairs.counts,
                plus_minus(e, m),
                plus_minus(ne, nm)
            )?;
        }
        for (i, f) in self.faults.iter().enumerate() {
            outln!(
                "{}: illegal moves {}, crashes {}, time forfeits {}, false claims {}, longest think {} ms",
                names[i], f.illegal, f.crash, f.time, f.claim, self.max_think[i]
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_books_are_playable_positions_of_their_variant() {
        // tests/data/books/VARIANT.fen: every line a position of VARIANT
        // where the game is not over (read_openings checks both).
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/books");
        let reg = menagerie_rules::Registry::builtin();
        let mut books = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("fen") {
                continue;
            }
            let id = path.file_stem().unwrap().to_str().unwrap();
            let v = reg.get(id).unwrap();
            let book = read_openings(&v, path.to_str().unwrap()).unwrap();
            assert!(book.len() >= 50, "{id}: {} positions", book.len());
            books += 1;
        }
        assert!(books >= 8, "{books} books");
    }

    #[test]
    fn fixed_search_players_play_each_opening_once() {
        let p = |t: &str| parse_player(t, 16).unwrap().0;
        let fixed = p("menagerie:nodes=2000");
        assert!(fixed.repeatable(false));
        assert!(p("menagerie:depth=3").repeatable(false));
        // A clock, a move time or threads make the search depend on timing.
        assert!(!fixed.repeatable(true));
        assert!(!p("menagerie:nodes=2000,movetime=50").repeatable(false));
        assert!(!p("menagerie:nodes=2000,threads=2").repeatable(false));
        assert!(!p("menagerie").repeatable(false));
        assert!(p("uci:eng;nodes=5000").repeatable(true));
        assert!(p("uci:eng;nodes=5000,option.Threads=1").repeatable(true));
        assert!(!p("uci:eng;nodes=5000,option.Threads=2").repeatable(true));
        assert!(!p("uci:eng").repeatable(false));
        // 100 openings: 200 games at most between repeatable players.
        assert_eq!(distinct_games(800, 100, true), (200, true));
        assert_eq!(distinct_games(200, 100, true), (200, false));
        assert_eq!(distinct_games(800, 100, false), (800, false));
    }

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
            imbalance(&mut balance_judge(), p, BALANCE_NODES)
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
