//! `menagerie tune spsa`: tunes the search's parameters by self-play with
//! SPSA (see `spsa.rs` for the method). Each iteration plays one game pair
//! (an opening, colours swapped) between Menagerie with the parameters
//! moved one way and Menagerie with them moved the other, both at a fixed
//! node count per move unless a time control is given (fixed nodes keep a
//! run reproducible from its seed and fair on a busy machine). The run's
//! state is saved after every batch of pairs, so an interrupted run picks
//! up where it stopped; at the end the tuned values are printed and
//! written as `name=value` lines that `match` reads back
//! (`menagerie:params=FILE`) for the SPRT that decides whether they are
//! kept.

pub mod spsa;

use crate::common::{outln, registry, variant};
use crate::match_cmd::{
    adjudication_plies, parse_tc, play_game, random_openings, read_openings, Internal,
    InternalSpec, Opening, OpeningArgs, TimeControl,
};
use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use menagerie_engine::{EngineOptions, ParamsChoice, SearchParams, TUNABLES};
use menagerie_rules::{Color, Variant};
use spsa::{Param, State, Trial, R_END};
use std::path::Path;
use std::sync::Arc;

/// `menagerie tune ...`.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum TuneCommand {
    /// Tune search parameters by self-play with SPSA (resumable).
    Spsa(SpsaArgs),
}

/// Arguments of `tune spsa`.
#[derive(clap::Args, Debug, Clone)]
pub struct SpsaArgs {
    /// Variant id.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Load variants from this file first (TOML or Fairy-Stockfish ini).
    #[arg(long = "variant-file")]
    variant_file: Vec<String>,
    /// Parameters to tune, comma-separated: `all`, or names of the search's
    /// parameters, each optionally with its own range and final
    /// perturbation as `name:min:max:c_end`.
    #[arg(long, default_value = "all")]
    params: String,
    /// Iterations (game pairs) of the whole run.
    #[arg(long, default_value_t = 1000)]
    iterations: u64,
    /// Nodes per move of both players.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// A time control `BASE+INC` in seconds instead of the node limit.
    #[arg(long)]
    tc: Option<String>,
    /// Where the openings come from (as for `match`; random ones are drawn
    /// from the seed and the iteration).
    #[command(flatten)]
    openings: OpeningArgs,
    /// Seed of the random directions and openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Game pairs played at the same time (each a batch member drawn from
    /// the same estimate).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Hash size (MB) of each player.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Adjudicate a draw after this many plies (as for `match`).
    #[arg(long)]
    max_plies: Option<usize>,
    /// Learning rate at the last iteration, relative to c_end² (fishtest's
    /// r_end).
    #[arg(long, default_value_t = R_END)]
    r_end: f64,
    /// The run's state, saved after every batch (default
    /// `spsa-VARIANT.json`); an existing one is resumed.
    #[arg(long)]
    state: Option<String>,
    /// Start over even when the state file exists.
    #[arg(long)]
    fresh: bool,
    /// Write the tuned values here as `name=value` lines at the end.
    #[arg(long)]
    out: Option<String>,
    /// Play at most this many pairs now, then save and stop (run the same
    /// command again to go on).
    #[arg(long)]
    session_pairs: Option<u64>,
    /// Iterations between two progress lines.
    #[arg(long, default_value_t = 10)]
    report: u64,
}

/// Runs `tune`.
pub fn run(c: &TuneCommand) -> Result<()> {
    match c {
        TuneCommand::Spsa(a) => run_spsa(a),
    }
}

/// The parameters `--params` names, starting from the defaults.
fn chosen_params(text: &str, r_end: f64) -> Result<Vec<Param>> {
    let base = SearchParams::default();
    let param = |t: &menagerie_engine::Tunable| Param {
        name: t.name.to_string(),
        theta: t.get(&base),
        min: t.min,
        max: t.max,
        c_end: t.step,
        r_end,
    };
    if text.trim() == "all" {
        return Ok(TUNABLES.iter().map(param).collect());
    }
    let mut out: Vec<Param> = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let mut parts = item.split(':');
        let name = parts.next().unwrap_or_default();
        let t = SearchParams::tunable(name)?;
        let mut p = param(t);
        let nums: Vec<&str> = parts.collect();
        if !nums.is_empty() {
            let [min, max, c_end] = nums[..] else {
                bail!("--params: `{item}` must be `name` or `name:min:max:c_end`");
            };
            let num = |s: &str| -> Result<f64> {
                s.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .with_context(|| format!("--params: `{s}` in `{item}` is not a number"))
            };
            (p.min, p.max, p.c_end) = (num(min)?, num(max)?, num(c_end)?);
            if p.min >= p.max || p.c_end <= 0.0 || !(p.min..=p.max).contains(&p.theta) {
                bail!(
                    "--params: `{item}` needs min < max, a positive c_end and the default {} within the range",
                    p.theta
                );
            }
        }
        if out.iter().any(|q| q.name == p.name) {
            bail!("--params names `{name}` twice");
        }
        out.push(p);
    }
    if out.is_empty() {
        bail!("--params names no parameter");
    }
    Ok(out)
}

/// The saved run at `path` if it exists and `--fresh` was not given (it
/// must be a run of the same variant and parameters), else a new one.
fn load_or_start(a: &SpsaArgs, path: &str) -> Result<State> {
    let params = chosen_params(&a.params, a.r_end)?;
    if a.fresh || !Path::new(path).exists() {
        return Ok(State::new(&a.variant, a.iterations, a.seed, params));
    }
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    let s: State = serde_json::from_str(&text)
        .with_context(|| format!("{path} is not a saved SPSA run (use --fresh to start over)"))?;
    let names = |ps: &[Param]| ps.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
    if s.variant != a.variant || names(&s.params) != names(&params) {
        bail!(
            "{path} is a run of {} over {} parameter(s), not of {} over the ones --params names: give another --state, or --fresh to overwrite it",
            s.variant,
            s.params.len(),
            a.variant
        );
    }
    Ok(s)
}

/// Writes the state beside its file and renames it over (an interruption
/// never leaves half a file).
fn save(path: &str, s: &State) -> Result<()> {
    let tmp = format!("{path}.tmp");
    let text = serde_json::to_string_pretty(s)?;
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {tmp}"))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {path}"))?;
    Ok(())
}

/// What one game pair is played with.
struct Setup {
    v: Arc<Variant>,
    book: Option<Vec<Opening>>,
    random_plies: usize,
    opening_balance: i32,
    seed: u64,
    nodes: Option<u64>,
    tc: Option<TimeControl>,
    hash: usize,
    max_plies: usize,
}

impl Setup {
    /// The opening of iteration `k`: the book's in turn, or a random one
    /// drawn from the seed and `k` (the same when a run is resumed).
    fn opening(&self, k: u64) -> Opening {
        match &self.book {
            Some(b) => b[(k as usize - 1) % b.len()].clone(),
            None => random_openings(
                &self.v,
                1,
                self.random_plies,
                self.seed.wrapping_add(k),
                self.opening_balance,
            )
            .remove(0),
        }
    }

    /// A player with the values `theta` of the tuned parameters.
    fn player(&self, s: &State, theta: &[f64], name: &str) -> Internal {
        let mut params = SearchParams::default();
        for (p, &x) in s.params.iter().zip(theta) {
            if let Ok(t) = SearchParams::tunable(&p.name) {
                t.set(&mut params, x);
            }
        }
        Internal::new(InternalSpec {
            name: name.into(),
            options: EngineOptions {
                hash_mb: self.hash,
                threads: 1,
                params: ParamsChoice::Given(params),
                ..EngineOptions::default()
            },
            depth: None,
            nodes: self.nodes,
            movetime: None,
        })
    }

    /// Plays the pair of trial `t`: the `plus` set's points minus the
    /// `minus` set's (−2 to 2).
    fn play_pair(&self, s: &State, t: &Trial) -> f64 {
        let o = self.opening(t.k);
        let mut plus = self.player(s, &t.plus, "plus");
        let mut minus = self.player(s, &t.minus, "minus");
        let mut points = 0.0;
        for plus_white in [true, false] {
            let players: [&mut dyn crate::match_cmd::Player; 2] = if plus_white {
                [&mut plus, &mut minus]
            } else {
                [&mut minus, &mut plus]
            };
            let rec = play_game(
                &self.v,
                &o.fen,
                &o.moves,
                players,
                self.tc,
                [1.0, 1.0],
                self.max_plies,
            );
            let plus_colour = if plus_white {
                Color::White
            } else {
                Color::Black
            };
            points += match rec.winner {
                Some(c) if c == plus_colour => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
        }
        points
    }
}

/// The parameters that moved most from where the run started, measured
/// in their final perturbations, for the progress line.
fn movers(s: &State, start: &[f64], n: usize) -> String {
    let mut by_move: Vec<(f64, &Param, f64)> = s
        .params
        .iter()
        .zip(start)
        .map(|(p, &x0)| (((p.theta - x0) / p.c_end).abs(), p, x0))
        .collect();
    by_move.sort_by(|a, b| b.0.total_cmp(&a.0));
    by_move
        .iter()
        .take(n)
        .map(|(_, p, x0)| format!("{} {:.2} ({:+.2})", p.name, p.theta, p.theta - x0))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Tuned values are written to 1/VALUE_SCALE (whole-number fields are
/// whole already).
const VALUE_SCALE: f64 = 10_000.0;

/// Parameters named on each progress line.
const MOVERS_SHOWN: usize = 4;

fn run_spsa(a: &SpsaArgs) -> Result<()> {
    let reg = registry(&a.variant_file)?;
    let v = variant(&reg, &a.variant)?;
    let path = a
        .state
        .clone()
        .unwrap_or_else(|| format!("spsa-{}.json", a.variant));
    let mut s = load_or_start(a, &path)?;
    let tc = match &a.tc {
        Some(t) => parse_tc(t)?,
        None => None,
    };
    if a.nodes == 0 && tc.is_none() {
        bail!("--nodes must be at least 1 (or give --tc)");
    }
    let setup = Setup {
        book: a
            .openings
            .book
            .as_deref()
            .map(|b| read_openings(&v, b))
            .transpose()?,
        random_plies: a.openings.random_plies,
        opening_balance: a.openings.opening_balance,
        seed: s.seed,
        nodes: tc.is_none().then_some(a.nodes),
        tc,
        hash: a.hash.clamp(1, 4096),
        max_plies: adjudication_plies(a.max_plies, &v),
        v,
    };
    let start: Vec<f64> = chosen_params(&a.params, a.r_end)?
        .iter()
        .map(|p| p.theta)
        .collect();
    eprintln!(
        "SPSA of {} parameter(s) in {}: iteration {} of {}, {}; state in {path}",
        s.params.len(),
        s.variant,
        s.done,
        s.iterations,
        match &a.tc {
            Some(t) => format!("time control {t}"),
            None => format!("{} nodes a move", a.nodes),
        }
    );
    let pb = ProgressBar::new(s.iterations);
    pb.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} pairs  {msg}  [{elapsed_precise}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb.set_position(s.done);
    let concurrency = a.concurrency.clamp(1, 64) as u64;
    let last = a
        .session_pairs
        .map_or(s.iterations, |n| (s.done + n).min(s.iterations));
    while s.done < last {
        let batch: Vec<Trial> = (s.done + 1..=(s.done + concurrency).min(last))
            .map(|k| s.trial(k))
            .collect();
        let results: Vec<f64> = std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .iter()
                .map(|t| {
                    let (setup, s) = (&setup, &s);
                    scope.spawn(move || setup.play_pair(s, t))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or(0.0))
                .collect()
        });
        for (t, r) in batch.iter().zip(results) {
            s.update(t, r);
        }
        save(&path, &s)?;
        pb.set_position(s.done);
        let [w, d, l] = s.pairs;
        pb.set_message(format!("plus +{w} ={d} -{l}"));
        if s.done % a.report.max(1) < concurrency || s.finished() {
            let line = format!(
                "iteration {}/{}: {}",
                s.done,
                s.iterations,
                movers(&s, &start, MOVERS_SHOWN)
            );
            if pb.is_hidden() {
                eprintln!("{line}");
            } else {
                pb.println(line);
            }
        }
    }
    pb.finish_and_clear();
    if !s.finished() {
        outln!(
            "SPSA paused after {} of {} iterations; the same command goes on from {path}",
            s.done,
            s.iterations
        )?;
        return Ok(());
    }
    let mut tuned = SearchParams::default();
    for p in &s.params {
        SearchParams::tunable(&p.name)?.set(&mut tuned, p.theta);
    }
    let lines: Vec<String> = s
        .params
        .iter()
        .map(|p| {
            let x = SearchParams::tunable(&p.name).map_or(p.theta, |t| t.get(&tuned));
            format!("{}={}", p.name, (x * VALUE_SCALE).round() / VALUE_SCALE)
        })
        .collect();
    outln!(
        "SPSA done: {} iterations of {}; tuned values (rounded as the search uses them):",
        s.iterations,
        s.variant
    )?;
    for l in &lines {
        outln!("{l}")?;
    }
    if let Some(out) = &a.out {
        let text = format!(
            "# menagerie tune spsa: {} iterations of {}, seed {}\n{}\n",
            s.iterations,
            s.variant,
            s.seed,
            lines.join("\n")
        );
        std::fs::write(out, text).with_context(|| format!("cannot write {out}"))?;
    }
    Ok(())
}
