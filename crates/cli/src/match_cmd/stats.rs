//! Match statistics: score, Elo difference and its 95% error margin.

/// Wins, draws and losses from the first player's view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl Tally {
    /// Number of games.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score fraction in [0, 1] (0.5 with no game).
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// Elo difference and the half-width of its 95% confidence interval
    /// (normal approximation over the per-game scores, as cutechess does).
    /// Infinite values are returned for a 0% or 100% score.
    #[must_use]
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let p = self.score();
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        let var = w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2);
        let sd = (var / n).sqrt();
        let lo = elo_of(p - 1.959_964 * sd);
        let hi = elo_of(p + 1.959_964 * sd);
        (elo_of(p), (hi - lo) / 2.0)
    }
}

/// Elo difference that gives an expected score `p`.
#[must_use]
pub fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / p - 1.0).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let t = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (e, m) = t.elo();
        assert!(e.abs() < 1e-9);
        // p = 0.5, sd = 0.5/sqrt(20) = 0.1118; bounds 0.2809..0.7191.
        assert!((m - 163.3).abs() < 0.5, "{m}");
    }

    #[test]
    fn known_values() {
        assert!((elo_of(0.75) - 190.85).abs() < 0.01);
        let t = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!((t.score() - 0.7).abs() < 1e-12);
        let (e, m) = t.elo();
        assert!((e - 147.19).abs() < 0.01, "{e}");
        assert!(m > 50.0 && m < 90.0, "{m}");
        let all = Tally {
            wins: 5,
            draws: 0,
            losses: 0,
        };
        assert!(all.elo().0.is_infinite());
    }
}
