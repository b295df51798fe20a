//! Simultaneous perturbation stochastic approximation (SPSA), the method
//! fishtest tunes Stockfish's search with: every iteration moves all the
//! parameters at once by a random ±c_k each, plays the two perturbed sets
//! against each other, and steps every parameter towards the side that
//! scored better. Two games (one opening, colours swapped) estimate the
//! gradient along the random direction; over thousands of iterations the
//! noise averages out.
//!
//! The gain schedules are Spall's, with fishtest's choices: the
//! perturbation shrinks as `c_k = c / k^γ` and the step as
//! `a_k = a / (A + k)^α`, where `c` and `a` are set so that the last
//! iteration uses the parameter's own final perturbation `c_end` and
//! step `r_end · c_end²`. Everything a run needs to go on after an
//! interruption is in [`State`], which is saved after every batch.

use menagerie_rules::SplitMix64;
use serde::{Deserialize, Serialize};

/// Exponent of the step-size decay (Spall's recommended value).
pub const ALPHA: f64 = 0.602;
/// Exponent of the perturbation decay (Spall's recommended value).
pub const GAMMA: f64 = 0.101;
/// The stability constant `A` as a fraction of the iterations.
pub const A_FRACTION: f64 = 0.1;
/// The learning rate at the last iteration, relative to `c_end²`
/// (fishtest's default).
pub const R_END: f64 = 0.002;

/// One parameter under tuning.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Param {
    /// Its name (a field of the search's parameters).
    pub name: String,
    /// The current estimate.
    pub theta: f64,
    /// Smallest value it may take.
    pub min: f64,
    /// Largest value it may take.
    pub max: f64,
    /// Perturbation at the last iteration.
    pub c_end: f64,
    /// Learning rate at the last iteration.
    pub r_end: f64,
}

/// The perturbed sets of one iteration.
#[derive(Debug, Clone, PartialEq)]
pub struct Trial {
    /// The iteration (from 1).
    pub k: u64,
    /// +1 or −1 per parameter: the random direction.
    pub signs: Vec<f64>,
    /// `theta + c_k · sign`, kept in range.
    pub plus: Vec<f64>,
    /// `theta − c_k · sign`, kept in range.
    pub minus: Vec<f64>,
}

/// A tuning run: its settings and how far it got.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The variant the games are played in.
    pub variant: String,
    /// Iterations the run makes in all (the schedules depend on it).
    pub iterations: u64,
    /// Iterations done.
    pub done: u64,
    /// Seed of the random directions (and of random openings).
    pub seed: u64,
    /// The parameters.
    pub params: Vec<Param>,
    /// Game pairs the `plus` side won, drew and lost on points (2-0 or
    /// 1.5-0.5 is a win, 1-1 a draw).
    pub pairs: [u64; 3],
}

impl State {
    /// A fresh run.
    #[must_use]
    pub fn new(variant: &str, iterations: u64, seed: u64, params: Vec<Param>) -> State {
        State {
            variant: variant.to_string(),
            iterations: iterations.max(1),
            done: 0,
            seed,
            params,
            pairs: [0; 3],
        }
    }

    /// True when every iteration has been made.
    #[must_use]
    pub fn finished(&self) -> bool {
        self.done >= self.iterations
    }

    /// Perturbation of parameter `p` at iteration `k`.
    fn c_k(&self, p: &Param, k: u64) -> f64 {
        let n = self.iterations as f64;
        p.c_end * n.powf(GAMMA) / (k as f64).powf(GAMMA)
    }

    /// Step of parameter `p` at iteration `k` (before the division by
    /// `c_k` that turns a score into a gradient).
    fn a_k(&self, p: &Param, k: u64) -> f64 {
        let n = self.iterations as f64;
        let big_a = A_FRACTION * n;
        let a_end = p.r_end * p.c_end * p.c_end;
        a_end * (big_a + n).powf(ALPHA) / (big_a + k as f64).powf(ALPHA)
    }

    /// The perturbed sets of iteration `k` around the current estimate:
    /// the direction depends only on the seed and `k`, so a resumed run
    /// draws the same ones.
    #[must_use]
    pub fn trial(&self, k: u64) -> Trial {
        let mut rng = SplitMix64(self.seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut t = Trial {
            k,
            signs: Vec::new(),
            plus: Vec::new(),
            minus: Vec::new(),
        };
        for p in &self.params {
            let sign = if rng.next() & 1 == 0 { 1.0 } else { -1.0 };
            let c = self.c_k(p, k);
            t.signs.push(sign);
            t.plus.push((p.theta + c * sign).clamp(p.min, p.max));
            t.minus.push((p.theta - c * sign).clamp(p.min, p.max));
        }
        t
    }

    /// Takes in the result of a trial: `result` is the `plus` set's points
    /// minus the `minus` set's over the game pair (−2 to 2).
    pub fn update(&mut self, t: &Trial, result: f64) {
        let k = t.k;
        let steps: Vec<f64> = self
            .params
            .iter()
            .zip(&t.signs)
            .map(|(p, s)| self.a_k(p, k) / self.c_k(p, k) * result * s)
            .collect();
        for (p, step) in self.params.iter_mut().zip(steps) {
            p.theta = (p.theta + step).clamp(p.min, p.max);
        }
        let slot = if result > 0.0 {
            0
        } else if result == 0.0 {
            1
        } else {
            2
        };
        self.pairs[slot] += 1;
        self.done = self.done.max(k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(name: &str, theta: f64) -> Param {
        Param {
            name: name.into(),
            theta,
            min: -100.0,
            max: 100.0,
            c_end: 2.0,
            r_end: R_END,
        }
    }

    #[test]
    fn the_schedules_end_at_the_parameters_own_values() {
        let s = State::new("chess", 1000, 1, vec![param("x", 0.0)]);
        let p = &s.params[0];
        assert!((s.c_k(p, 1000) - 2.0).abs() < 1e-9);
        assert!((s.a_k(p, 1000) - R_END * 4.0).abs() < 1e-12);
        // Both shrink along the run.
        assert!(s.c_k(p, 1) > s.c_k(p, 500) && s.a_k(p, 1) > s.a_k(p, 500));
    }

    #[test]
    fn a_trial_is_symmetric_in_range_and_the_same_when_drawn_again() {
        let mut s = State::new("chess", 100, 7, vec![param("x", 0.0), param("y", 99.5)]);
        s.params[1].max = 100.0;
        let t = s.trial(3);
        assert_eq!(t, s.trial(3));
        for i in 0..2 {
            assert!(t.signs[i] == 1.0 || t.signs[i] == -1.0);
        }
        assert!((t.plus[0] + t.minus[0]).abs() < 1e-9);
        assert!(t.plus[1] <= 100.0 && t.minus[1] <= 100.0);
        // The directions vary from one iteration to the next.
        let signs: Vec<Vec<f64>> = (1..=20).map(|k| s.trial(k).signs).collect();
        assert!(signs.iter().any(|v| *v != signs[0]));
    }

    /// A noisy "match" between two values of each parameter: the side
    /// nearer the optimum wins more often.
    fn noisy_match(plus: &[f64], minus: &[f64], best: &[f64], rng: &mut SplitMix64) -> f64 {
        let loss = |x: &[f64]| -> f64 { x.iter().zip(best).map(|(a, b)| (a - b).powi(2)).sum() };
        let edge = (loss(minus) - loss(plus)).clamp(-50.0, 50.0) / 100.0;
        let mut points = 0.0;
        for _ in 0..2 {
            let u = (rng.next() % 10_000) as f64 / 10_000.0;
            points += if u < 0.5 + edge { 1.0 } else { -1.0 };
        }
        points
    }

    #[test]
    fn it_finds_the_optimum_of_a_noisy_objective() {
        let best = [12.0, -7.0];
        let mut s = State::new("test", 4000, 3, vec![param("x", 0.0), param("y", 0.0)]);
        for p in &mut s.params {
            p.r_end = 0.05;
        }
        let mut rng = SplitMix64(11);
        for k in 1..=s.iterations {
            let t = s.trial(k);
            let r = noisy_match(&t.plus, &t.minus, &best, &mut rng);
            s.update(&t, r);
        }
        assert!(s.finished());
        for (p, b) in s.params.iter().zip(best) {
            assert!(
                (p.theta - b).abs() < 3.0,
                "{} = {}, want {b}",
                p.name,
                p.theta
            );
        }
        assert_eq!(s.pairs.iter().sum::<u64>(), 4000);
    }

    #[test]
    fn the_state_round_trips_through_json() {
        let mut s = State::new("chess", 10, 5, vec![param("x", 1.5)]);
        let t = s.trial(1);
        s.update(&t, 2.0);
        let text = serde_json::to_string_pretty(&s).unwrap();
        let back: State = serde_json::from_str(&text).unwrap();
        assert_eq!(back, s);
    }
}
