//! `menagerie lab report`: what the self-play data says about a variant, as
//! one page a person reads and the same figures as JSON for programs.
//!
//! The page is self-contained (inline CSS, figures as inline SVG from
//! [`super::svg`]) so it can be committed under `docs/lab/`, mailed or
//! served as it is. It shows the piece values with their 95% intervals
//! ([`super::values`]), the balance ([`super::balance`]: first-player
//! score, draws, length, how games end, best and worst first moves) and the
//! mean search score by ply with the share of games still going — where a
//! variant's advantage builds up, and how long its games last.

use super::balance::{balance, Balance};
use super::records::GameRecord;
use super::svg::{self, escape};
use super::values::{piece_values, Estimate, PhaseArgs, ValuesArgs};
use crate::common::outln;
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Arguments of `lab report`.
#[derive(clap::Args, Debug, Clone)]
pub struct ReportArgs {
    /// The variant, its records and the plies left out of the values.
    #[command(flatten)]
    pub input: ValuesArgs,
    /// The phases left out of the values.
    #[command(flatten)]
    pub phase: PhaseArgs,
    /// The HTML page to write.
    #[arg(long)]
    pub out: PathBuf,
    /// The JSON file to write (default: the page's path with `.json`).
    #[arg(long)]
    pub json: Option<PathBuf>,
}

/// Plies per point of the score-by-ply line.
const PLY_BUCKET: u32 = 10;
/// Search scores are clamped to this many centipawns before averaging (a
/// mate score would swamp the mean).
const SCORE_CLAMP: i32 = 1000;

/// The search score over a span of plies.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlyBucket {
    /// First ply of the span.
    pub ply: u32,
    /// Mean search score, centipawns from White's view, clamped.
    pub mean_score: f64,
    /// Positions in the span.
    pub positions: usize,
    /// Share of games still going at its first ply.
    pub games_going: f64,
}

/// Everything the page shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Variant id.
    pub variant: String,
    /// Variant name.
    pub name: String,
    /// Games read.
    pub games: usize,
    /// First ply used by the values.
    pub min_ply: u32,
    /// Piece values, if the data allowed them.
    pub values: Option<Estimate>,
    /// Why there are no values, when there are none.
    pub values_missing: Option<String>,
    /// First-player score, draws, length, endings, first moves.
    pub balance: Balance,
    /// Mean search score by span of plies.
    pub score_by_ply: Vec<PlyBucket>,
}

/// Runs `lab report`.
pub fn run(a: &ReportArgs) -> Result<()> {
    let (v, games) = a.input.load()?;
    let Some(balance) = balance(&games) else {
        bail!("no complete game in the data");
    };
    let (values, values_missing) =
        match piece_values(&v, &games, a.input.min_ply, a.phase.min_phase) {
            Ok(e) => (Some(e), None),
            Err(e) => (None, Some(e.to_string())),
        };
    let report = Report {
        variant: v.id.clone(),
        name: v.name.clone(),
        games: games.len(),
        min_ply: a.input.min_ply,
        values,
        values_missing,
        balance,
        score_by_ply: score_by_ply(&games),
    };
    let json = a
        .json
        .clone()
        .unwrap_or_else(|| a.out.with_extension("json"));
    write(&a.out, &html(&report))?;
    write(&json, &serde_json::to_string_pretty(&report)?)?;
    outln!(
        "{}: {} games; wrote {} and {}",
        report.variant,
        report.games,
        a.out.display(),
        json.display()
    )?;
    Ok(())
}

fn write(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The mean clamped search score of each span of [`PLY_BUCKET`] plies.
#[must_use]
pub fn score_by_ply(games: &[GameRecord]) -> Vec<PlyBucket> {
    let last = games.iter().map(|g| g.plies).max().unwrap_or(0);
    (0..=last / PLY_BUCKET)
        .filter_map(|b| {
            let (lo, hi) = (b * PLY_BUCKET, (b + 1) * PLY_BUCKET);
            let scores: Vec<f64> = games
                .iter()
                .flat_map(|g| &g.positions)
                .filter(|p| (lo..hi).contains(&p.ply))
                .map(|p| f64::from(p.score.clamp(-SCORE_CLAMP, SCORE_CLAMP)))
                .collect();
            (!scores.is_empty()).then(|| PlyBucket {
                ply: lo,
                mean_score: scores.iter().sum::<f64>() / scores.len() as f64,
                positions: scores.len(),
                games_going: games.iter().filter(|g| g.plies > lo).count() as f64
                    / games.len() as f64,
            })
        })
        .collect()
}

/// The page.
#[must_use]
pub fn html(r: &Report) -> String {
    let b = &r.balance;
    let mut s = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{name}: self-play report</title><style>\
         body{{font-family:sans-serif;max-width:760px;margin:2em auto;padding:0 1em;color:#222}}\
         table{{border-collapse:collapse}}td,th{{padding:.2em .8em;text-align:left}}\
         svg{{width:100%;height:auto}}</style></head><body>\
         <h1>{name}: what self-play says</h1>\
         <p>{games} games of Menagerie against itself (variant <code>{id}</code>). \
         Made by <code>menagerie lab report</code>; method in docs/lab.md.</p>\
         <h2>Balance</h2><table>\
         <tr><th>First player's score</th><td>{w:.1}% &plusmn; {wi:.1}</td></tr>\
         <tr><th>Draws</th><td>{d:.1}%</td></tr>\
         <tr><th>Mean length</th><td>{p:.0} plies</td></tr></table>",
        name = escape(&r.name),
        id = escape(&r.variant),
        games = r.games,
        w = b.white.0 * 100.0,
        wi = b.white.1 * 100.0,
        d = b.draws * 100.0,
        p = b.plies,
    );
    s.push_str(&svg::shares("How games end", &b.reasons));
    if !b.first_moves.is_empty() {
        s.push_str("<h3>First moves</h3><table><tr><th>move</th><th>games</th><th>first player's score</th></tr>");
        for (m, n, score) in &b.first_moves {
            let _ = write!(
                s,
                "<tr><td>{}</td><td>{n}</td><td>{:.0}%</td></tr>",
                escape(m),
                score * 100.0
            );
        }
        s.push_str("</table>");
    }
    s.push_str("<h2>Piece values</h2>");
    match (&r.values, &r.values_missing) {
        (Some(e), _) => {
            let _ = write!(
                s,
                "<p>In {}s, with 95% intervals, from {} quiet positions after ply {} that keep \
                 {:.0}% or more of the start's non-pawn material (late endgames value pieces by \
                 their mating power).</p>",
                escape(&e.reference),
                e.positions,
                r.min_ply,
                100.0 * e.min_phase
            );
            let rows: Vec<(String, f64, f64, f64)> = e
                .values
                .iter()
                .map(|x| (x.name.clone(), x.value, x.low, x.high))
                .collect();
            s.push_str(&svg::interval_bars(
                "Piece values",
                &format!("{}s", e.reference),
                &rows,
            ));
            for name in &e.rare {
                let _ = write!(s, "<p>{}: too rarely unequal to value.</p>", escape(name));
            }
        }
        (None, why) => {
            let _ = write!(
                s,
                "<p>No values: {}.</p>",
                escape(why.as_deref().unwrap_or("no data"))
            );
        }
    }
    s.push_str("<h2>Score by ply</h2><p>The search's mean score (centipawns, first player's view, clamped at 1000) and the share of games still going.</p>");
    let points: Vec<(f64, f64)> = r
        .score_by_ply
        .iter()
        .map(|p| (f64::from(p.ply), p.mean_score))
        .collect();
    let clamp = f64::from(SCORE_CLAMP);
    s.push_str(&svg::line(
        "Mean score by ply",
        "ply",
        &points,
        -clamp,
        clamp,
    ));
    let going: Vec<(f64, f64)> = r
        .score_by_ply
        .iter()
        .map(|p| (f64::from(p.ply), p.games_going * 100.0))
        .collect();
    s.push_str(&svg::line(
        "Games still going (%)",
        "ply",
        &going,
        0.0,
        100.0,
    ));
    s.push_str("</body></html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::records::PositionRecord;

    fn game(game: u64, white_score: f64, scores: &[i32]) -> GameRecord {
        GameRecord {
            game,
            white_score,
            reason: "checkmate".into(),
            plies: scores.len() as u32,
            opening: vec!["e2e4".into()],
            positions: scores
                .iter()
                .enumerate()
                .map(|(i, &score)| PositionRecord {
                    ply: i as u32,
                    score,
                    quiet: true,
                    fen: String::new(),
                })
                .collect(),
        }
    }

    #[test]
    fn scores_are_clamped_averaged_and_counted_by_span() {
        let long: Vec<i32> = (0..25).map(|i| if i < 10 { 100 } else { 30_000 }).collect();
        let short = vec![-100; 5];
        let b = score_by_ply(&[game(0, 1.0, &long), game(1, 0.0, &short)]);
        assert_eq!(b.len(), 3);
        // Plies 0-9: ten scores of 100 and five of -100.
        assert!((b[0].mean_score - 500.0 / 15.0).abs() < 1e-9);
        assert_eq!(b[0].positions, 15);
        assert!((b[0].games_going - 1.0).abs() < 1e-9);
        // Plies 10-19: mates clamped to 1000; one game of two still going.
        assert!((b[1].mean_score - 1000.0).abs() < 1e-9);
        assert!((b[1].games_going - 0.5).abs() < 1e-9);
    }

    #[test]
    fn page_escapes_names_and_says_why_values_are_missing() {
        let games = [game(0, 1.0, &[0, 10]), game(1, 0.5, &[0, -10])];
        let r = Report {
            variant: "x".into(),
            name: "A <b> game".into(),
            games: 2,
            min_ply: 12,
            values: None,
            values_missing: Some("no quiet position after ply 12".into()),
            balance: balance(&games).expect("games"),
            score_by_ply: score_by_ply(&games),
        };
        let page = html(&r);
        assert!(page.contains("A &lt;b&gt; game"));
        assert!(page.contains("No values: no quiet position after ply 12."));
        assert!(page.contains("75.0% &plusmn;"));
        let json: serde_json::Value = serde_json::to_value(&r).expect("json");
        assert_eq!(json["balance"]["games"], 2);
        assert!(json["values"].is_null());
    }
}
