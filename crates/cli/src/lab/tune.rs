//! `menagerie lab tune`: Texel tuning of the evaluation's weights
//! ([`menagerie_engine::EvalWeights`]) on self-play records.
//!
//! Positions: quiet recorded positions (not in check, no capture played)
//! from `--min-ply` on, whose search score is no mate and lies within
//! `--margin` of the static evaluation (the evaluation means what the
//! search found). Each gives the features the evaluation is linear in —
//! per piece type the count difference on the board and in hand, per
//! positional term its tapered difference — computed once, and the game's
//! result from the side to move's view.
//!
//! First `K` of `sigmoid(K * eval)` is fitted to the results with the
//! derived weights; then the weights, as factors of their defaults, by
//! Newton's method on the mean logistic loss plus a ridge pulling each
//! factor towards 1 (terms the data hardly sees stay as derived).
//!
//! The target each position's prediction is fitted to (`--target`) is the
//! game's result, the search's own verdict `sigmoid(K * score)`, or a mix
//! `lambda * result + (1 - lambda) * sigmoid(K * score)` (`--lambda`): the
//! search score carries the engine's own material scale, so a fit to it
//! does not trade the scale of every value against `K`, as a fit to
//! results alone may. `--anchor` keeps board values fixed (a piece key, or
//! `material` for all of them): only the rest is fitted. Games
//! whose number ends in 9 (a tenth) are held out: the loss there, before
//! and after, shows whether the fit generalises. Deterministic.

use super::fit::{invert, mat_vec};
use super::records::GameRecord;
use super::selfplay::position;
use crate::common::outln;
use crate::match_cmd::{check_eval, eval_choice};
use anyhow::{bail, Context, Result};
use menagerie_engine::eval::{EvalTables, PHASE_MAX, TEMPO};
use menagerie_engine::eval_weights::{term, EvalWeights, MAX_SCALE, MAX_VALUE, SCALE_ONE};
use menagerie_engine::TERMS;
use menagerie_rules::{Color, PieceType, Variant};
use std::sync::Arc;

/// Arguments of `lab tune`.
#[derive(clap::Args, Debug, Clone)]
pub struct TuneArgs {
    /// Variant, records and the first ply used (as for `lab values`).
    #[command(flatten)]
    pub input: super::values::ValuesArgs,
    /// Positions whose search score differs from the static evaluation by
    /// more than this (centipawns) are left out.
    #[arg(long, default_value_t = 150)]
    pub margin: i32,
    /// Newton steps at most.
    #[arg(long, default_value_t = 30)]
    pub iterations: usize,
    /// Ridge: pull of each weight's factor towards 1.
    #[arg(long, default_value_t = 0.002)]
    pub ridge: f64,
    /// What the predictions are fitted to: the game's `result`, the search
    /// `score` (as `sigmoid(K * score)`), or a `mix` of both (`--lambda`).
    #[arg(long, value_enum, default_value_t = Target::Result)]
    pub target: Target,
    /// Share of the result in a `mix` target (the rest is the search score).
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// Board values kept as they are (not fitted): a piece key, or
    /// `material` for every board value. Repeatable.
    #[arg(long)]
    pub anchor: Vec<String>,
    /// Weights the fit starts from: `untuned` (the derived evaluation),
    /// `default` (the variant's embedded tuned set, if any) or a weights
    /// file, e.g. the set the games were played with when iterating. Factors,
    /// ridge, margin and the loss before are relative to them.
    #[arg(long, default_value = "untuned")]
    pub from: String,
    /// Output weights file (TOML, docs/lab.md).
    #[arg(long)]
    pub out: String,
}

/// What `lab tune` fits the predictions to.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The game's result.
    Result,
    /// The search's score, as `sigmoid(K * score)`.
    Score,
    /// `lambda * result + (1 - lambda) * sigmoid(K * score)`.
    Mix,
}

impl Target {
    /// The share of the result in the target (the rest: the search score).
    fn result_share(self, lambda: f64) -> f64 {
        match self {
            Target::Result => 1.0,
            Target::Score => 0.0,
            Target::Mix => lambda,
        }
    }
}

/// Scores beyond this are mates (the engine's mate band).
const MATE_BAND: i32 = 29_000;
/// One game in this many is held out.
const HOLD_OUT_EVERY: u64 = 10;
/// Range the fit of `K` searches (per centipawn).
const K_RANGE: (f64, f64) = (1e-5, 0.05);
/// Golden-section steps of the fit of `K`.
const K_STEPS: usize = 100;
/// Newton stops when the loss improves by less than this.
const LOSS_TOLERANCE: f64 = 1e-10;

/// One position: features (in the units of the weight each multiplies,
/// times that weight's default: the linear evaluation is the sum of
/// `factor * z`) and the target from the side to move's view.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// Feature per parameter, scaled by its default.
    pub z: Vec<f64>,
    /// Target for the side to move, from 0 to 1 (the result, 1, 0.5 or 0,
    /// until [`blend_targets`]).
    pub y: f64,
    /// Search score for the side to move (centipawns).
    pub score: f64,
}

/// Replaces each sample's result by the target: `share * result + (1 -
/// share) * sigmoid(k * score)`.
pub fn blend_targets(samples: &mut [Sample], k: f64, share: f64) {
    for s in samples {
        s.y = share * s.y + (1.0 - share) * sigmoid(k * s.score);
    }
}

/// Which of `ps` `anchors` keep fixed (a piece key's board value, or
/// `material`: every board value).
///
/// # Errors
/// An anchor that is neither `material` nor a valued piece of `v`.
pub fn anchored(v: &Variant, ps: &[Param], anchors: &[String]) -> Result<Vec<bool>> {
    let mut fixed = vec![false; ps.len()];
    for a in anchors {
        let hits: Vec<usize> = ps
            .iter()
            .enumerate()
            .filter(|(_, p)| match p {
                Param::Value(k) => a == "material" || v.pieces[*k].key == *a,
                _ => false,
            })
            .map(|(i, _)| i)
            .collect();
        if hits.is_empty() {
            bail!(
                "--anchor {a}: `{}` has no valued piece `{a}` (a piece key, or `material`)",
                v.id
            );
        }
        for i in hits {
            fixed[i] = true;
        }
    }
    Ok(fixed)
}

/// What a weight of the fit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Param {
    /// Board value of a type.
    Value(usize),
    /// Hand value of a type.
    Hand(usize),
    /// Scale of a term.
    Scale(usize),
}

/// The parameters a variant's evaluation has (types worth nothing, such
/// as royals, have none; hand values only in drop games).
#[must_use]
pub fn params(v: &Variant, w: &EvalWeights) -> Vec<Param> {
    let types = v.pieces.len();
    let mut p: Vec<Param> = (0..types)
        .filter(|&k| w.value[k] != 0)
        .map(Param::Value)
        .collect();
    if v.rules.drops {
        p.extend(
            (0..types)
                .filter(|&k| w.hand_value[k] != 0)
                .map(Param::Hand),
        );
    }
    p.extend((0..term::COUNT).map(Param::Scale));
    p
}

fn default_of(w: &EvalWeights, p: Param) -> f64 {
    match p {
        Param::Value(k) => f64::from(w.value[k]),
        Param::Hand(k) => f64::from(w.hand_value[k]),
        Param::Scale(i) => f64::from(w.scale[i]),
    }
}

/// The features of a position for `ps` (see [`Sample`]), from the side
/// to move's view; their sum is the evaluation up to integer rounding.
fn features(e: &EvalTables, ps: &[Param], pos: &menagerie_rules::Position) -> Vec<f64> {
    let w = e.weights();
    let t = e.terms(pos);
    let us = pos.side();
    let (u, th) = (us.idx(), 1 - us.idx());
    let (num, den) = e.fade(pos);
    let fade = f64::from(num) / f64::from(den);
    let sc = |i: usize, x: i32| i64::from(x) * i64::from(w.scale[i]) / i64::from(SCALE_ONE);
    let mat: [i32; 2] =
        std::array::from_fn(|ci| t.mat[ci] + sc(term::COVERAGE, t.mg[term::COVERAGE][ci]) as i32);
    let mopup = e.mopup(&t, &mat);
    let phase = f64::from(t.phase) / f64::from(PHASE_MAX);
    let term_value = |i: usize| -> f64 {
        match i {
            term::COVERAGE => f64::from(t.mg[i][u] - t.mg[i][th]),
            term::TEMPO => f64::from(TEMPO),
            term::MOPUP => (1.0 - phase) * f64::from(mopup[u] - mopup[th]),
            _ => {
                phase * f64::from(t.mg[i][u] - t.mg[i][th])
                    + (1.0 - phase) * f64::from(t.eg[i][u] - t.eg[i][th])
            }
        }
    };
    let diff = |f: &dyn Fn(Color) -> f64| f(us) - f(us.flip());
    ps.iter()
        .map(|&p| {
            let x = match p {
                Param::Value(k) => diff(&|c| pos.count(c, k as PieceType) as f64),
                Param::Hand(k) => diff(&|c| f64::from(pos.hand(c, k as PieceType))),
                Param::Scale(i) => term_value(i) / f64::from(SCALE_ONE),
            };
            x * fade * default_of(&w, p)
        })
        .collect()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Mean logistic loss of predictions `sigmoid(k * eval)` against results.
fn loss_of(evals: &[f64], ys: &[f64], k: f64) -> f64 {
    let n = evals.len().max(1) as f64;
    evals
        .iter()
        .zip(ys)
        .map(|(&e, &y)| {
            let p = sigmoid(k * e).clamp(1e-12, 1.0 - 1e-12);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum::<f64>()
        / n
}

/// The `K` that minimises the loss of `evals` (golden-section search).
#[must_use]
pub fn fit_k(evals: &[f64], ys: &[f64]) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (K_RANGE.0.ln(), K_RANGE.1.ln());
    let f = |x: f64| loss_of(evals, ys, x.exp());
    for _ in 0..K_STEPS {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// Mean loss of factors `theta` on `samples` (with the ridge).
fn objective(samples: &[Sample], theta: &[f64], k: f64, ridge: f64) -> f64 {
    let evals: Vec<f64> = samples.iter().map(|s| dot(&s.z, theta)).collect();
    let ys: Vec<f64> = samples.iter().map(|s| s.y).collect();
    loss_of(&evals, &ys, k) + ridge / 2.0 * theta.iter().map(|t| (t - 1.0).powi(2)).sum::<f64>()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Factors of the defaults (1 = unchanged) minimising the mean logistic
/// loss of `sigmoid(k * sum(factor * z))` plus `ridge / 2 * sum((factor -
/// 1)^2)`, by damped Newton steps from all ones; the factors `fixed`
/// names stay 1. `progress` sees each step's number and loss.
#[must_use]
pub fn fit_factors(
    samples: &[Sample],
    k: f64,
    ridge: f64,
    iterations: usize,
    fixed: &[bool],
    progress: &mut dyn FnMut(usize, f64),
) -> Vec<f64> {
    let n = samples.first().map_or(0, |s| s.z.len());
    let m = samples.len().max(1) as f64;
    let mut theta = vec![1.0; n];
    let mut loss = objective(samples, &theta, k, ridge);
    for it in 0..iterations {
        let mut grad: Vec<f64> = theta.iter().map(|t| ridge * (t - 1.0)).collect();
        let mut hess = vec![vec![0.0; n]; n];
        for (i, row) in hess.iter_mut().enumerate() {
            row[i] = ridge;
        }
        for s in samples {
            let p = sigmoid(k * dot(&s.z, &theta));
            let (r, h) = ((p - s.y) * k / m, p * (1.0 - p) * k * k / m);
            for i in 0..n {
                grad[i] += r * s.z[i];
                if s.z[i] != 0.0 {
                    for j in 0..n {
                        hess[i][j] += h * s.z[i] * s.z[j];
                    }
                }
            }
        }
        // A parameter the data never sees keeps its factor.
        for i in 0..n {
            hess[i][i] = hess[i][i].max(1e-9);
        }
        // An anchored one is left out: no gradient, a unit row and column.
        for i in (0..n).filter(|&i| fixed.get(i) == Some(&true)) {
            grad[i] = 0.0;
            for j in 0..n {
                hess[i][j] = 0.0;
                hess[j][i] = 0.0;
            }
            hess[i][i] = 1.0;
        }
        let Some(inv) = invert(&hess) else { break };
        let step = mat_vec(&inv, &grad);
        let mut t = 1.0;
        let mut improved = false;
        while t > 1e-4 {
            let cand: Vec<f64> = theta.iter().zip(&step).map(|(a, d)| a - t * d).collect();
            let l = objective(samples, &cand, k, ridge);
            if l < loss {
                improved = loss - l > LOSS_TOLERANCE;
                theta = cand;
                loss = l;
                break;
            }
            t /= 2.0;
        }
        progress(it + 1, loss);
        if !improved {
            break;
        }
    }
    theta
}

/// The positions of `games` a tuning uses, as samples for `ps`, with their
/// static evaluations; split into (training, held out).
type Split = (Vec<Sample>, Vec<Sample>);

fn samples(
    v: &Arc<Variant>,
    e: &EvalTables,
    ps: &[Param],
    games: &[GameRecord],
    a: &TuneArgs,
) -> Result<Split> {
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for g in games {
        for p in &g.positions {
            if !p.quiet || p.ply < a.input.min_ply || p.score.abs() >= MATE_BAND {
                continue;
            }
            let pos = position(v, &p.fen)?;
            if pos.in_check() {
                continue;
            }
            let white = pos.side() == Color::White;
            let search = if white { p.score } else { -p.score };
            if (search - e.evaluate(&pos)).abs() > a.margin {
                continue;
            }
            let y = if white {
                g.white_score
            } else {
                1.0 - g.white_score
            };
            let s = Sample {
                z: features(e, ps, &pos),
                y,
                score: f64::from(search),
            };
            if g.game % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
                held.push(s);
            } else {
                train.push(s);
            }
        }
    }
    Ok((train, held))
}

/// The weights of factors `theta` of `base`, rounded and clamped to what a
/// weights file may hold.
fn weights_of(base: &EvalWeights, ps: &[Param], theta: &[f64]) -> EvalWeights {
    let mut w = base.clone();
    for (&p, &t) in ps.iter().zip(theta) {
        let x = default_of(base, p) * t;
        let cp = || x.round().clamp(-(MAX_VALUE as f64), MAX_VALUE as f64) as i32;
        match p {
            Param::Value(k) => w.value[k] = cp(),
            Param::Hand(k) => w.hand_value[k] = cp(),
            Param::Scale(i) => {
                w.scale[i] = x.round().clamp(0.0, MAX_SCALE * f64::from(SCALE_ONE)) as i32;
            }
        }
    }
    w
}

/// Loss of a set of weights on samples, evaluated exactly (the engine's
/// own integer evaluation of each position's linear form).
fn loss_with(samples: &[Sample], theta: &[f64], k: f64) -> f64 {
    let evals: Vec<f64> = samples.iter().map(|s| dot(&s.z, theta).round()).collect();
    let ys: Vec<f64> = samples.iter().map(|s| s.y).collect();
    loss_of(&evals, &ys, k)
}

/// The evaluation a fit starts from (`--from`).
fn start_tables(v: &Variant, from: &str) -> Result<EvalTables> {
    check_eval(&eval_choice(from)?, v).map_err(|e| anyhow::anyhow!("--from {from}: {e}"))
}

/// Runs `lab tune`.
pub fn run(a: &TuneArgs) -> Result<()> {
    let (v, games) = a.input.load()?;
    let e = start_tables(&v, &a.from)?;
    let base = e.weights();
    let ps = params(&v, &base);
    if !(0.0..=1.0).contains(&a.lambda) {
        bail!("--lambda must lie from 0 to 1, not {}", a.lambda);
    }
    let fixed = anchored(&v, &ps, &a.anchor)?;
    let (mut train, mut held) = samples(&v, &e, &ps, &games, a)?;
    if train.is_empty() || held.is_empty() {
        bail!(
            "too few usable positions ({} training, {} held out): play more games",
            train.len(),
            held.len()
        );
    }
    outln!(
        "{}: {} games; {} training and {} held-out positions; {} weights",
        v.id,
        games.len(),
        train.len(),
        held.len(),
        ps.len()
    )?;
    let ones = vec![1.0; ps.len()];
    let evals: Vec<f64> = train.iter().map(|s| dot(&s.z, &ones)).collect();
    let ys: Vec<f64> = train.iter().map(|s| s.y).collect();
    let k = fit_k(&evals, &ys);
    let share = a.target.result_share(a.lambda);
    blend_targets(&mut train, k, share);
    blend_targets(&mut held, k, share);
    let before = (loss_with(&train, &ones, k), loss_with(&held, &ones, k));
    outln!(
        "K = {k:.6} per centipawn; loss before: training {:.6}, held out {:.6}",
        before.0,
        before.1
    )?;
    let theta = fit_factors(&train, k, a.ridge, a.iterations, &fixed, &mut |i, l| {
        let _ = outln!("  step {i}: objective {l:.6}");
    });
    let w = weights_of(&base, &ps, &theta);
    let rounded: Vec<f64> = ps
        .iter()
        .map(|&p| default_of(&w, p) / default_of(&base, p))
        .collect();
    let after = (
        loss_with(&train, &rounded, k),
        loss_with(&held, &rounded, k),
    );
    outln!(
        "loss after: training {:.6}, held out {:.6}",
        after.0,
        after.1
    )?;
    for &p in &ps {
        let name = match p {
            Param::Value(k) => format!("value {}", v.pieces[k].key),
            Param::Hand(k) => format!("hand {}", v.pieces[k].key),
            Param::Scale(i) => format!("scale {}", TERMS[i].name),
        };
        outln!(
            "  {name:<24} {:>8.0} -> {:>8.0}",
            default_of(&base, p),
            default_of(&w, p)
        )?;
    }
    let comment = format!(
        "Tuned by `menagerie lab tune` on {} games ({} positions), min-ply {}, margin {}, ridge {}.\n\
         Target: {} (result share {share}); anchored: {}.\n\
         K = {k:.6}; loss training {:.6} -> {:.6}, held out {:.6} -> {:.6}.\n\
         Started from: {}.",
        games.len(),
        train.len() + held.len(),
        a.input.min_ply,
        a.margin,
        a.ridge,
        format!("{:?}", a.target).to_lowercase(),
        if a.anchor.is_empty() {
            "nothing".to_string()
        } else {
            a.anchor.join(", ")
        },
        before.0,
        after.0,
        before.1,
        after.1,
        a.from
    );
    std::fs::write(&a.out, w.to_toml(&v, &comment))
        .with_context(|| format!("cannot write {}", a.out))?;
    outln!("wrote {}", a.out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::SplitMix64;

    /// Results drawn from a known model are fitted back to its weights.
    #[test]
    fn known_factors_are_recovered() {
        let truth = [1.3, 0.6, 1.0];
        let k = 0.01;
        let mut rng = SplitMix64(21);
        let mut unit = || (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let z: Vec<f64> = (0..3).map(|_| (unit() - 0.5) * 400.0).collect();
                let p = sigmoid(k * dot(&z, &truth));
                Sample {
                    y: if unit() < p { 1.0 } else { 0.0 },
                    z,
                    score: 0.0,
                }
            })
            .collect();
        let mut steps = 0;
        let theta = fit_factors(&samples, k, 0.0, 30, &[], &mut |_, _| steps += 1);
        assert!(steps >= 2);
        for (t, want) in theta.iter().zip(truth) {
            assert!((t - want).abs() < 0.08, "{theta:?}");
        }
        // K is recovered from the true evaluations.
        let evals: Vec<f64> = samples.iter().map(|s| dot(&s.z, &truth)).collect();
        let ys: Vec<f64> = samples.iter().map(|s| s.y).collect();
        let kk = fit_k(&evals, &ys);
        assert!((kk / k - 1.0).abs() < 0.1, "{kk}");
    }

    /// Samples of `n` random features each, with the results and search
    /// scores of a known model.
    fn drawn(truth: &[f64], k: f64, seed: u64, count: usize) -> Vec<Sample> {
        let mut rng = SplitMix64(seed);
        let mut unit = || (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
        (0..count)
            .map(|_| {
                let z: Vec<f64> = truth.iter().map(|_| (unit() - 0.5) * 400.0).collect();
                let score = dot(&z, truth);
                Sample {
                    y: if unit() < sigmoid(k * score) {
                        1.0
                    } else {
                        0.0
                    },
                    z,
                    score,
                }
            })
            .collect()
    }

    /// Fitted to the search score, the factors come back closely from far
    /// fewer positions than results need, whatever `K` is.
    #[test]
    fn a_score_target_recovers_the_scores_model() {
        let truth = [1.3, 0.6, 1.0];
        for k in [0.004, 0.01] {
            let mut samples = drawn(&truth, 0.01, 36, 2_000);
            blend_targets(&mut samples, k, 0.0);
            assert!(samples.iter().all(|s| s.y > 0.0 && s.y < 1.0));
            let theta = fit_factors(&samples, k, 0.0, 30, &[], &mut |_, _| {});
            for (t, want) in theta.iter().zip(truth) {
                assert!((t - want).abs() < 0.02, "K {k}: {theta:?}");
            }
        }
        // A mix lies between result and score.
        let mut s = drawn(&truth, 0.01, 7, 1);
        let (result, score) = (s[0].y, sigmoid(0.01 * s[0].score));
        blend_targets(&mut s, 0.01, 0.25);
        assert!((s[0].y - (0.25 * result + 0.75 * score)).abs() < 1e-12);
    }

    /// An anchored factor stays 1; the others fit around it.
    #[test]
    fn an_anchored_factor_stays_and_the_rest_fit() {
        let truth = [1.0, 0.6, 1.3];
        let mut samples = drawn(&truth, 0.01, 5, 2_000);
        blend_targets(&mut samples, 0.01, 0.0);
        // Started from the wrong scale of the first: fixed, it stays 1.
        for s in &mut samples {
            s.z[0] *= 1.5;
        }
        let fixed = [true, false, false];
        let theta = fit_factors(&samples, 0.01, 0.0, 30, &fixed, &mut |_, _| {});
        assert!((theta[0] - 1.0).abs() < 1e-12, "{theta:?}");
        let free = fit_factors(&samples, 0.01, 0.0, 30, &[], &mut |_, _| {});
        assert!((free[0] - 1.0 / 1.5).abs() < 0.02, "{free:?}");
    }

    #[test]
    fn anchors_name_board_values_or_all_material() {
        let v = menagerie_rules::Registry::builtin().get("chess").unwrap();
        let e = EvalTables::new(&v);
        let ps = params(&v, &e.weights());
        let one = anchored(&v, &ps, &["P".to_string()]).unwrap();
        assert_eq!(one.iter().filter(|&&f| f).count(), 1);
        let p = ps
            .iter()
            .position(|&p| p == Param::Value(usize::from(v.piece_by_key("P").unwrap())));
        assert!(one[p.unwrap()]);
        let all = anchored(&v, &ps, &["material".to_string()]).unwrap();
        let values = ps.iter().filter(|p| matches!(p, Param::Value(_))).count();
        assert_eq!(all.iter().filter(|&&f| f).count(), values);
        assert!(all
            .iter()
            .zip(&ps)
            .all(|(&f, p)| f == matches!(p, Param::Value(_))));
        for bad in ["Z", "K", "pst_mg"] {
            let e = anchored(&v, &ps, &[bad.to_string()]).unwrap_err();
            assert!(e.to_string().contains(&format!("--anchor {bad}")), "{e}");
        }
    }

    /// With the default weights the features sum to the engine's own
    /// evaluation (up to the integer rounding of the tapered sum).
    #[test]
    fn the_features_sum_to_the_evaluation() {
        let reg = menagerie_rules::Registry::builtin();
        for (id, fen) in [
            (
                "chess",
                "r1bqk2r/pp3ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 4 9",
            ),
            ("chess", "8/5k2/8/8/3K4/8/1R6/8 b - - 10 70"),
            (
                "crazyhouse",
                "r1bqk2r/ppp2ppp/2n5/3p4/1b1P4/2N2N2/PPP2PPP/R2QKB1R[PBNp] b KQkq - 0 9",
            ),
        ] {
            let v = reg.get(id).unwrap();
            let e = EvalTables::new(&v);
            let ps = params(&v, &e.weights());
            let pos = position(&v, fen).unwrap();
            let sum: f64 = features(&e, &ps, &pos).iter().sum();
            let want = f64::from(e.evaluate(&pos));
            assert!((sum - want).abs() <= 3.0, "{id} {fen}: {sum} vs {want}");
        }
    }
}
