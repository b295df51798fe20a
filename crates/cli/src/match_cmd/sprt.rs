//! Game pairs and the sequential probability ratio test (SPRT) that engine
//! developers use to accept or reject a change, as fishtest and fastchess
//! compute it.
//!
//! A match is played in pairs: one opening, each player White once. Scoring
//! a pair as a whole (the *pentanomial* model: 0, ½, 1, 1½ or 2 points for
//! the first player) removes most of the variance an unbalanced opening
//! brings, which is why every modern testing framework counts pairs, not
//! games.
//!
//! The test is the generalized SPRT of Michel Van den Bergh ("Comments on
//! Normalized Elo", 2020, sections 1 and 4): for each hypothesis the
//! maximum-likelihood distribution over the five pair outcomes that meets
//! it is found, and the log-likelihood ratio of the observed pairs under the
//! two is summed. Two Elo models are offered:
//!
//! * `normalized` (the default, as fishtest and fastchess use today): the
//!   hypotheses are on the t-value `(score - ½) / σ` of the pair score, and
//!   `nElo = t · 800 / ln 10 / √2`. One nElo means the same statistical
//!   effort whatever the draw rate.
//! * `logistic`: the hypotheses are on the expected score itself, with
//!   `score = 1 / (1 + 10^(-Elo/400))` (fishtest's older "logistic Elo").
//!
//! As in both reference implementations, a pair outcome that has not
//! occurred yet counts as 0.001 pairs, so that every likelihood is finite.

use anyhow::{bail, Context, Result};

/// Points of the first player for each pentanomial outcome, per game
/// (0, ¼, ½, ¾, 1).
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The count given to a pair outcome that has not occurred (as fishtest's
/// and fastchess's regularization).
const EMPTY_OUTCOME: f64 = 1e-3;

/// Standard normal quantile of 97.5%: the half-width of a 95% interval in
/// standard deviations.
const Z95: f64 = 1.959_963_985;

/// Converts normalized Elo to the t-value of one game: `800 / ln 10`.
fn nelo_per_t() -> f64 {
    800.0 / std::f64::consts::LN_10
}

/// Game pairs counted by the first player's points in the pair.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// `counts[k]`: pairs in which the first player scored `k` half points
    /// (0: lost both, 1: a loss and a draw, 2: a win and a loss or two
    /// draws, 3: a win and a draw, 4: won both).
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Counts one pair; `half_points` is the first player's score in the
    /// pair in half points (0 to 4).
    pub fn add(&mut self, half_points: u32) {
        self.counts[half_points.min(4) as usize] += 1;
    }

    /// Number of pairs.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The observed distribution over the five outcomes, with empty
    /// outcomes counted as [`EMPTY_OUTCOME`] pairs, and its total weight.
    fn regularized(&self) -> ([f64; 5], f64) {
        let c = self
            .counts
            .map(|n| if n == 0 { EMPTY_OUTCOME } else { f64::from(n) });
        let total: f64 = c.iter().sum();
        (c.map(|x| x / total), total)
    }

    /// Mean score per game and variance of the per-game pair score
    /// (unregularized; (0.5, 0) with no pair).
    fn mean_variance(&self) -> (f64, f64) {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return (0.5, 0.0);
        }
        let p = self.counts.map(|c| f64::from(c) / n);
        mean_variance(&PAIR_SCORES, &p)
    }

    /// Score fraction of the first player.
    #[must_use]
    pub fn score(&self) -> f64 {
        self.mean_variance().0
    }

    /// Logistic Elo of the first player and the half-width of its 95%
    /// confidence interval (normal approximation over pair scores, as
    /// fastchess reports). Infinite at a 0% or 100% score.
    #[must_use]
    pub fn elo(&self) -> (f64, f64) {
        let (mu, var) = self.mean_variance();
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let half = Z95 * (var / n).sqrt();
        let lo = super::stats::elo_of(mu - half);
        let hi = super::stats::elo_of(mu + half);
        (super::stats::elo_of(mu), (hi - lo) / 2.0)
    }

    /// Normalized Elo of the first player and the half-width of its 95%
    /// interval. Infinite when every pair had the same result.
    #[must_use]
    pub fn nelo(&self) -> (f64, f64) {
        let (mu, var) = self.mean_variance();
        let n = f64::from(self.pairs());
        if n == 0.0 || var <= 0.0 {
            return (0.0, f64::INFINITY);
        }
        let sigma_game = (2.0 * var).sqrt();
        let nelo = (mu - 0.5) / sigma_game * nelo_per_t();
        let err = Z95 * (var / n).sqrt() / sigma_game * nelo_per_t();
        (nelo, err)
    }
}

/// Mean and variance of the distribution `p` over `values`.
fn mean_variance(values: &[f64], p: &[f64]) -> (f64, f64) {
    let mu: f64 = values.iter().zip(p).map(|(a, q)| a * q).sum();
    let var = values
        .iter()
        .zip(p)
        .map(|(a, q)| q * (a - mu) * (a - mu))
        .sum();
    (mu, var)
}

/// Solves `Σ p_i·φ_i / (1 + θ·φ_i) = 0` for θ, where some φ_i are negative
/// and some positive: the left side falls strictly from +∞ to −∞ on
/// `(-1/max φ, -1/min φ)`, so bisection finds its only root.
fn secular_root(p: &[f64], phi: &[f64]) -> f64 {
    let hi_phi = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let lo_phi = phi.iter().copied().fold(f64::INFINITY, f64::min);
    debug_assert!(lo_phi < 0.0 && hi_phi > 0.0);
    let (mut lo, mut hi) = (-1.0 / hi_phi, -1.0 / lo_phi);
    let f = |x: f64| -> f64 { p.iter().zip(phi).map(|(q, a)| q * a / (1.0 + x * a)).sum() };
    // 200 halvings reach the resolution of f64 on any bracket used here.
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The distribution closest (maximum likelihood) to the observed `phat`
/// over `values` whose expected value is `s` (Van den Bergh, proposition
/// 1.1): `p_i = phat_i / (1 + θ(a_i − s))`.
fn mle_with_mean(values: &[f64], phat: &[f64], s: f64) -> Vec<f64> {
    let phi: Vec<f64> = values.iter().map(|a| a - s).collect();
    let theta = secular_root(phat, &phi);
    phat.iter()
        .zip(&phi)
        .map(|(q, a)| q / (1.0 + theta * a))
        .collect()
}

/// Iterations of the t-value fit at most (it converges in a handful).
const MLE_T_ITERATIONS: usize = 100;

/// The maximum-likelihood distribution over `values` whose t-value
/// `(μ − ref) / σ` is `t` (Van den Bergh, section 4.1): a fixed-point
/// iteration from the uniform distribution, each step a secular equation.
fn mle_with_t(values: &[f64], phat: &[f64], reference: f64, t: f64) -> Vec<f64> {
    let mut p = vec![1.0 / values.len() as f64; values.len()];
    for _ in 0..MLE_T_ITERATIONS {
        let (mu, var) = mean_variance(values, &p);
        let sigma = var.sqrt();
        let phi: Vec<f64> = values
            .iter()
            .map(|a| {
                let z = (a - mu) / sigma;
                a - reference - 0.5 * t * sigma * (1.0 + z * z)
            })
            .collect();
        let theta = secular_root(phat, &phi);
        let next: Vec<f64> = phat
            .iter()
            .zip(&phi)
            .map(|(q, a)| q / (1.0 + theta * a))
            .collect();
        let change = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    p
}

/// Log-likelihood ratio per observation of `p1` against `p0` under the
/// observed distribution `phat`.
fn llr_per_observation(phat: &[f64], p0: &[f64], p1: &[f64]) -> f64 {
    phat.iter()
        .zip(p0.iter().zip(p1))
        .map(|(q, (a, b))| q * (b.ln() - a.ln()))
        .sum()
}

/// How the SPRT's Elo bounds are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EloModel {
    /// Normalized Elo (t-value of the score; fastchess's and fishtest's default).
    Normalized,
    /// Logistic Elo (the expected score).
    Logistic,
}

/// What an SPRT concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR reached the upper bound: H1 (Elo ≥ elo1) accepted.
    Pass,
    /// The LLR reached the lower bound: H0 (Elo ≤ elo0) accepted.
    Fail,
}

/// An SPRT of H0: Elo = elo0 against H1: Elo = elo1 with error rates
/// alpha (false pass) and beta (false fail).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// Elo of the null hypothesis.
    pub elo0: f64,
    /// Elo of the alternative.
    pub elo1: f64,
    /// Probability of passing when H0 holds.
    pub alpha: f64,
    /// Probability of failing when H1 holds.
    pub beta: f64,
    /// How elo0 and elo1 are read.
    pub model: EloModel,
}

impl Sprt {
    /// Parses `elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]`
    /// (any order; alpha and beta default to 0.05, the model to normalized).
    ///
    /// # Errors
    /// Unknown keys, bad numbers, elo0 ≥ elo1, alpha or beta outside (0, 1)
    /// or alpha + beta ≥ 1.
    pub fn parse(text: &str) -> Result<Sprt> {
        let mut s = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Normalized,
        };
        for item in text.split(',').map(str::trim).filter(|x| !x.is_empty()) {
            let (k, v) = item
                .split_once('=')
                .with_context(|| format!("--sprt: `{item}` is not KEY=VALUE"))?;
            let num = || -> Result<f64> {
                v.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .with_context(|| format!("--sprt: `{k}` needs a number, not `{v}`"))
            };
            match k.trim() {
                "elo0" => s.elo0 = num()?,
                "elo1" => s.elo1 = num()?,
                "alpha" => s.alpha = num()?,
                "beta" => s.beta = num()?,
                "model" => {
                    s.model = match v.trim() {
                        "normalized" => EloModel::Normalized,
                        "logistic" => EloModel::Logistic,
                        _ => bail!("--sprt: model is `normalized` or `logistic`, not `{v}`"),
                    }
                }
                _ => bail!("--sprt: unknown key `{k}` (elo0, elo1, alpha, beta, model)"),
            }
        }
        if s.elo0.is_nan() || s.elo1.is_nan() {
            bail!("--sprt needs elo0 and elo1 (e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05)");
        }
        if s.elo0 >= s.elo1 {
            bail!("--sprt: elo0 must be less than elo1");
        }
        for (name, x) in [("alpha", s.alpha), ("beta", s.beta)] {
            if !(x > 0.0 && x < 1.0) {
                bail!("--sprt: {name} must lie strictly between 0 and 1");
            }
        }
        if s.alpha + s.beta >= 1.0 {
            bail!("--sprt: alpha + beta must be less than 1");
        }
        Ok(s)
    }

    /// The LLR bounds (lower, upper): Wald's `ln(β/(1−α))` and `ln((1−β)/α)`.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The name of the Elo model, for reports.
    #[must_use]
    pub fn model_name(&self) -> &'static str {
        match self.model {
            EloModel::Normalized => "normalized",
            EloModel::Logistic => "logistic",
        }
    }

    /// The generalized log-likelihood ratio of H1 against H0 given the pairs.
    #[must_use]
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let (phat, total) = pairs.regularized();
        let (p0, p1) = match self.model {
            EloModel::Logistic => {
                let score = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
                (
                    mle_with_mean(&PAIR_SCORES, &phat, score(self.elo0)),
                    mle_with_mean(&PAIR_SCORES, &phat, score(self.elo1)),
                )
            }
            EloModel::Normalized => {
                // The t-value of a pair score is √2 times that of a game.
                let t = |nelo: f64| std::f64::consts::SQRT_2 * nelo / nelo_per_t();
                (
                    mle_with_t(&PAIR_SCORES, &phat, 0.5, t(self.elo0)),
                    mle_with_t(&PAIR_SCORES, &phat, 0.5, t(self.elo1)),
                )
            }
        };
        total * llr_per_observation(&phat, &p0, &p1)
    }

    /// The verdict for `llr`, if it has crossed a bound.
    #[must_use]
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(Verdict::Pass)
        } else if llr <= lo {
            Some(Verdict::Fail)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn penta(c: [u32; 5]) -> Pentanomial {
        Pentanomial { counts: c }
    }

    fn sprt(elo0: f64, elo1: f64, model: EloModel) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model,
        }
    }

    #[test]
    fn wald_bounds() {
        // ln(0.05/0.95) = -2.944, the familiar (-2.94, 2.94).
        let (lo, hi) = sprt(0.0, 5.0, EloModel::Normalized).bounds();
        assert!((lo + 2.944_438_98).abs() < 1e-6, "{lo}");
        assert!((hi - 2.944_438_98).abs() < 1e-6, "{hi}");
        let s = Sprt::parse("elo0=0,elo1=5,alpha=0.1,beta=0.2").unwrap();
        let (lo, hi) = s.bounds();
        assert!((lo - (0.2f64 / 0.9).ln()).abs() < 1e-12);
        assert!((hi - (0.8f64 / 0.1).ln()).abs() < 1e-12);
    }

    #[test]
    fn two_point_outcomes_give_the_classical_binomial_sprt() {
        // With only 0 and 1 possible, the only distribution with mean s is
        // (1−s, s): the LLR is Wald's binomial one, computable by hand.
        let values = [0.0, 1.0];
        let phat = [0.3, 0.7];
        let (s0, s1) = (0.5, 0.6);
        let p0 = mle_with_mean(&values, &phat, s0);
        let p1 = mle_with_mean(&values, &phat, s1);
        let got = 50.0 * llr_per_observation(&phat, &p0, &p1);
        let want = 50.0 * (0.7 * (0.6f64 / 0.5).ln() + 0.3 * (0.4f64 / 0.5).ln());
        assert!((got - want).abs() < 1e-9, "{got} {want}");
        // 35 of 50: 35·ln 1.2 + 15·ln 0.8 = 6.3813 − 3.3471 = 3.0341.
        assert!((want - 3.034_101).abs() < 1e-5, "{want}");
    }

    #[test]
    fn the_fitted_distributions_meet_their_hypotheses() {
        let (phat, _) = penta([3, 20, 50, 30, 7]).regularized();
        let p = mle_with_mean(&PAIR_SCORES, &phat, 0.53);
        let (mu, _) = mean_variance(&PAIR_SCORES, &p);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!((mu - 0.53).abs() < 1e-9, "{mu}");
        let q = mle_with_t(&PAIR_SCORES, &phat, 0.5, 0.08);
        let (mu, var) = mean_variance(&PAIR_SCORES, &q);
        assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(((mu - 0.5) / var.sqrt() - 0.08).abs() < 1e-9);
    }

    #[test]
    fn symmetric_results_at_the_midpoint_give_zero() {
        // Pairs symmetric about an even score, hypotheses symmetric about 0.
        let p = penta([4, 17, 40, 17, 4]);
        for model in [EloModel::Normalized, EloModel::Logistic] {
            let llr = sprt(-5.0, 5.0, model).llr(&p);
            assert!(llr.abs() < 1e-9, "{model:?} {llr}");
        }
        // And an even score speaks for H0 against a positive H1.
        assert!(sprt(0.0, 5.0, EloModel::Normalized).llr(&p) < 0.0);
        assert!(sprt(0.0, 5.0, EloModel::Logistic).llr(&p) < 0.0);
    }

    #[test]
    fn normalized_model_matches_published_fastchess_results() {
        // fastchess 1.x reports (normalized model, bounds [0.00, 10.00]),
        // published in the eschec engine's development log, 100 pairs each:
        // "Ptnml(0-2): [1, 11, 47, 25, 16] ... LLR: 1.71", and so on.
        let s = sprt(0.0, 10.0, EloModel::Normalized);
        for (c, want) in [
            ([1, 11, 47, 25, 16], 1.71),
            ([1, 15, 25, 33, 26], 2.19),
            ([1, 24, 42, 25, 8], 0.60),
            ([2, 23, 32, 35, 8], 0.92),
        ] {
            let llr = s.llr(&penta(c));
            assert!((llr - want).abs() < 0.005 + 1e-9, "{c:?}: {llr} != {want}");
        }
        // The same report: "Elo: 77.71 +/- 33.03, nElo: 117.50 +/- 48.15".
        let p = penta([1, 11, 47, 25, 16]);
        let (e, m) = p.elo();
        assert!(
            (e - 77.71).abs() < 0.005 && (m - 33.03).abs() < 0.005,
            "{e} {m}"
        );
        let (e, m) = p.nelo();
        assert!(
            (e - 117.50).abs() < 0.005 && (m - 48.15).abs() < 0.005,
            "{e} {m}"
        );
    }

    #[test]
    fn logistic_model_approaches_the_brownian_approximation() {
        // For bounds close together the exact GSPRT approaches
        // N·(s1−s0)(2μ−s0−s1)/(2σ²) (Van den Bergh, "GSPRT approximation").
        let p = penta([300, 2000, 5000, 2300, 400]);
        let s = sprt(0.0, 5.0, EloModel::Logistic);
        let score = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (s0, s1) = (score(0.0), score(5.0));
        let (mu, var) = p.mean_variance();
        let n = f64::from(p.pairs());
        let approx = n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var);
        let exact = s.llr(&p);
        assert!(approx > 1.0, "{approx}");
        assert!(
            (exact - approx).abs() < 0.01 * approx.abs(),
            "{exact} {approx}"
        );
    }

    #[test]
    fn verdicts_and_parsing() {
        let s = Sprt::parse("elo0=0,elo1=5").unwrap();
        assert_eq!(s.model, EloModel::Normalized);
        assert_eq!(s.verdict(3.0), Some(Verdict::Pass));
        assert_eq!(s.verdict(-3.0), Some(Verdict::Fail));
        assert_eq!(s.verdict(0.0), None);
        // Winning every pair passes; losing every pair fails.
        assert!(s.llr(&penta([0, 0, 0, 0, 200])) > 2.95);
        assert!(s.llr(&penta([200, 0, 0, 0, 0])) < -2.95);
        let l = Sprt::parse("model=logistic, elo0=-1.5, elo1=3").unwrap();
        assert_eq!(l.model, EloModel::Logistic);
        assert!((l.elo0 + 1.5).abs() < 1e-12);
        for bad in [
            "elo0=5,elo1=0",
            "elo1=5",
            "elo0=0,elo1=5,alpha=0",
            "elo0=0,elo1=5,alpha=0.6,beta=0.5",
            "elo0=0,elo1=5,model=bayes",
            "elo0=0,elo1=x",
            "elo0=0,elo1=5,gamma=1",
            "elo0",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn pair_counting() {
        let mut p = Pentanomial::default();
        for k in [0, 2, 2, 4, 3] {
            p.add(k);
        }
        assert_eq!(p.counts, [1, 0, 2, 1, 1]);
        assert_eq!(p.pairs(), 5);
        assert!((p.score() - 0.55).abs() < 1e-12);
        assert!((Pentanomial::default().score() - 0.5).abs() < 1e-12);
    }
}
