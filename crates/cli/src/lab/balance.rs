//! `menagerie lab balance`: is a variant fair, and how do its games end?
//! From self-play records: the first player's score with its 95% interval,
//! the draw rate, the average length, and the share of games each rule (or
//! adjudication, or the ply cap) decided.

use super::fit::Z95;
use super::records::{read_files, GameRecord};
use crate::common::outln;
use anyhow::{bail, Result};
use std::collections::BTreeMap;

/// Arguments of `lab balance`.
#[derive(clap::Args, Debug, Clone)]
pub struct BalanceArgs {
    /// Record files written by `menagerie selfplay`.
    #[arg(required = true)]
    pub data: Vec<String>,
}

/// The balance of a set of games.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Balance {
    /// Games.
    pub games: usize,
    /// White's mean score and the half-width of its 95% interval.
    pub white: (f64, f64),
    /// Share of draws.
    pub draws: f64,
    /// Mean length in plies.
    pub plies: f64,
    /// Share of games by reason, largest first.
    pub reasons: Vec<(String, f64)>,
    /// First moves played in at least [`MIN_GAMES_PER_MOVE`] games: (move,
    /// games, White's mean score), best for White first.
    pub first_moves: Vec<(String, usize, f64)>,
}

/// A first move is ranked only with this many games behind it.
pub const MIN_GAMES_PER_MOVE: usize = 5;
/// Best and worst first moves shown.
const FIRST_MOVES_SHOWN: usize = 3;

/// Measures `games`.
#[must_use]
pub fn balance(games: &[GameRecord]) -> Option<Balance> {
    if games.is_empty() {
        return None;
    }
    let n = games.len() as f64;
    let mean = games.iter().map(|g| g.white_score).sum::<f64>() / n;
    let var = games
        .iter()
        .map(|g| (g.white_score - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let mut by: BTreeMap<&str, usize> = BTreeMap::new();
    for g in games {
        *by.entry(g.reason.as_str()).or_default() += 1;
    }
    let mut reasons: Vec<(String, f64)> = by
        .into_iter()
        .map(|(r, c)| (r.to_string(), c as f64 / n))
        .collect();
    reasons.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut by_move: BTreeMap<&str, (usize, f64)> = BTreeMap::new();
    for g in games {
        if let Some(m) = g.opening.first() {
            let e = by_move.entry(m.as_str()).or_default();
            e.0 += 1;
            e.1 += g.white_score;
        }
    }
    let mut first_moves: Vec<(String, usize, f64)> = by_move
        .into_iter()
        .filter(|(_, (n, _))| *n >= MIN_GAMES_PER_MOVE)
        .map(|(m, (n, sum))| (m.to_string(), n, sum / n as f64))
        .collect();
    first_moves.sort_by(|a, b| b.2.total_cmp(&a.2));
    Some(Balance {
        games: games.len(),
        white: (mean, Z95 * (var / n).sqrt()),
        draws: games.iter().filter(|g| g.white_score == 0.5).count() as f64 / n,
        plies: games.iter().map(|g| f64::from(g.plies)).sum::<f64>() / n,
        reasons,
        first_moves,
    })
}

/// Runs `lab balance`.
pub fn run(a: &BalanceArgs) -> Result<()> {
    let games = read_files(&a.data)?;
    let Some(b) = balance(&games) else {
        bail!("no complete game in the data");
    };
    outln!(
        "{} games: first player scores {:.1}% ± {:.1}%, draws {:.1}%, {:.0} plies on average",
        b.games,
        100.0 * b.white.0,
        100.0 * b.white.1,
        100.0 * b.draws,
        b.plies
    )?;
    for (r, share) in &b.reasons {
        outln!("  {r:<16} {:>5.1}%", 100.0 * share)?;
    }
    let n = b.first_moves.len();
    if n > 0 {
        outln!(
            "first moves (random openings, at least {MIN_GAMES_PER_MOVE} games), White's score:"
        )?;
        let shown = b.first_moves.iter().take(FIRST_MOVES_SHOWN).chain(
            b.first_moves
                .iter()
                .skip(FIRST_MOVES_SHOWN.max(n.saturating_sub(FIRST_MOVES_SHOWN))),
        );
        for (m, games, score) in shown {
            outln!("  {m:<10} {:>5.1}%  ({games} games)", 100.0 * score)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(score: f64, reason: &str, plies: u32) -> GameRecord {
        GameRecord {
            game: 0,
            white_score: score,
            reason: reason.into(),
            plies,
            opening: vec![if score > 0.5 { "e2e4" } else { "f2f3" }.into()],
            positions: Vec::new(),
        }
    }

    #[test]
    fn shares_and_interval() {
        let games = [
            g(1.0, "checkmate", 40),
            g(0.5, "repetition", 60),
            g(1.0, "checkmate", 50),
            g(0.0, "adjudicated", 50),
        ];
        let b = balance(&games).unwrap();
        assert_eq!(b.games, 4);
        assert!((b.white.0 - 0.625).abs() < 1e-12);
        // sd of (1, .5, 1, 0) = 0.4787; / sqrt(4) * 1.96 = 0.469
        assert!((b.white.1 - 0.4692).abs() < 1e-3, "{}", b.white.1);
        assert!((b.draws - 0.25).abs() < 1e-12);
        assert!((b.plies - 50.0).abs() < 1e-12);
        assert_eq!(b.reasons[0], ("checkmate".to_string(), 0.5));
        assert!(
            b.first_moves.is_empty(),
            "fewer games than MIN_GAMES_PER_MOVE"
        );
        let many: Vec<_> = games
            .iter()
            .cycle()
            .take(4 * MIN_GAMES_PER_MOVE)
            .cloned()
            .collect();
        let b = balance(&many).unwrap();
        let moves: Vec<_> = b.first_moves.iter().map(|m| (m.0.as_str(), m.2)).collect();
        assert_eq!(moves, [("e2e4", 1.0), ("f2f3", 0.25)]);
        assert!(balance(&[]).is_none());
    }
}
