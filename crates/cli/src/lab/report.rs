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
use menagerie_engine::eval::EvalTables;
use menagerie_engine::eval_weights::{file_variant, tuned_text};
use menagerie_rules::Variant;
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
    /// Weights files of successive tuning iterations, in order (as `lab
    /// tune --out` writes them), for the page's value drift; without any,
    /// the variant's embedded tuned set, if it has one.
    #[arg(long = "tuned")]
    pub tuned: Vec<PathBuf>,
}

/// One piece type's board value at each tuning step.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PieceDrift {
    /// Piece name.
    pub name: String,
    /// Board value (centipawns) at each step of [`Drift::steps`].
    pub values: Vec<i32>,
}

/// The evaluation's piece values across tuning iterations.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Drift {
    /// The steps: `derived` (from the move tables), then each tuned set.
    pub steps: Vec<String>,
    /// Every non-royal type.
    pub pieces: Vec<PieceDrift>,
}

/// The board values of `v`'s evaluation as derived and after each tuned
/// set in `files` (or the embedded set when `files` is empty); `None` when
/// there is no tuned set.
///
/// # Errors
/// A file that cannot be read, is not for `v`, or that `v` refuses.
pub fn value_drift(v: &Variant, files: &[PathBuf]) -> Result<Option<Drift>> {
    let derived = EvalTables::new(v).weights();
    let mut sets = Vec::new();
    if files.is_empty() {
        if let Some(text) = tuned_text(&v.id) {
            sets.push(("embedded tuned set".to_string(), text.to_string()));
        }
    }
    for f in files {
        let text = std::fs::read_to_string(f)
            .with_context(|| format!("cannot read the weights file {}", f.display()))?;
        let name = f
            .file_name()
            .map_or_else(|| f.display().to_string(), |n| n.to_string_lossy().into());
        sets.push((name, text));
    }
    if sets.is_empty() {
        return Ok(None);
    }
    let mut steps = vec!["derived".to_string()];
    let mut weights = vec![derived.clone()];
    for (name, text) in sets {
        if file_variant(&text).as_deref() != Some(&*v.id) {
            bail!("the weights file {name} is not for `{}`", v.id);
        }
        let mut w = derived.clone();
        w.apply_toml(v, &text)
            .map_err(|e| anyhow::anyhow!("the weights file {name}: {e}"))?;
        steps.push(name);
        weights.push(w);
    }
    let pieces = (0..v.pieces.len())
        .filter(|&t| !v.pieces[t].royal)
        .map(|t| PieceDrift {
            name: v.pieces[t].name.clone(),
            values: weights.iter().map(|w| w.value[t]).collect(),
        })
        .collect();
    Ok(Some(Drift { steps, pieces }))
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
    /// The evaluation's piece values across tuning iterations, if tuned.
    pub drift: Option<Drift>,
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
        drift: value_drift(&v, &a.tuned)?,
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
    if let Some(d) = &r.drift {
        drift_section(&mut s, d);
    }
    s.push_str("</body></html>\n");
    s
}

/// The page's section on the values across tuning iterations: a chart and
/// the same numbers as a table.
fn drift_section(s: &mut String, d: &Drift) {
    s.push_str(
        "<h2>Values across tuning iterations</h2><p>The evaluation's board value of each piece \
         (centipawns): as derived from the move tables, then after each tuning iteration \
         (<code>menagerie lab tune</code>, docs/lab.md).</p>",
    );
    let rows: Vec<(String, Vec<f64>)> = d
        .pieces
        .iter()
        .map(|p| {
            (
                p.name.clone(),
                p.values.iter().map(|&x| f64::from(x)).collect(),
            )
        })
        .collect();
    s.push_str(&svg::series("Piece values by tuning step", &d.steps, &rows));
    s.push_str("<table><tr><th>piece</th>");
    for step in &d.steps {
        let _ = write!(s, "<th>{}</th>", escape(step));
    }
    s.push_str("</tr>");
    for p in &d.pieces {
        let _ = write!(s, "<tr><td>{}</td>", escape(&p.name));
        for x in &p.values {
            let _ = write!(s, "<td>{x}</td>");
        }
        s.push_str("</tr>");
    }
    s.push_str("</table>");
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
            drift: None,
        };
        let page = html(&r);
        assert!(!page.contains("Values across tuning iterations"));
        assert!(page.contains("A &lt;b&gt; game"));
        assert!(page.contains("No values: no quiet position after ply 12."));
        assert!(page.contains("75.0% &plusmn;"));
        let json: serde_json::Value = serde_json::to_value(&r).expect("json");
        assert_eq!(json["balance"]["games"], 2);
        assert!(json["values"].is_null());
    }

    #[test]
    fn value_drift_follows_the_tuned_sets_in_order() {
        let reg = menagerie_rules::Registry::builtin();
        // A chess-like variant without an embedded set (chess has one).
        let koth = reg.get("kingofthehill").expect("kingofthehill");
        // No tuned set, none given: no drift.
        assert_eq!(value_drift(&koth, &[]).expect("drift"), None);
        let dir = std::env::temp_dir().join(format!("menagerie-drift-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let (one, two) = (dir.join("one.toml"), dir.join("two.toml"));
        let (one_text, two_text) = (
            "variant = \"kingofthehill\"\n[values]\nN = 310\n",
            "variant = \"kingofthehill\"\n[values]\nN = 330\nQ = 1000\n",
        );
        std::fs::write(&one, one_text).expect("write");
        std::fs::write(&two, two_text).expect("write");
        let d = value_drift(&koth, &[one.clone(), two])
            .expect("drift")
            .expect("some");
        assert_eq!(d.steps, ["derived", "one.toml", "two.toml"]);
        let knight = d
            .pieces
            .iter()
            .find(|p| p.name == "Knight")
            .expect("knight");
        assert_eq!(&knight.values[1..], [310, 330]);
        let queen = d.pieces.iter().find(|p| p.name == "Queen").expect("queen");
        // Each set is read over the derived values, not over the one before.
        assert_eq!(queen.values[1], queen.values[0]);
        assert_eq!(queen.values[2], 1000);
        assert!(d.pieces.iter().all(|p| p.name != "King"));
        let page_part = {
            let mut s = String::new();
            drift_section(&mut s, &d);
            s
        };
        assert!(page_part.contains("<td>Knight</td><td>") && page_part.contains("<td>330</td>"));
        // A file for another variant is refused with its name.
        let shogi = reg.get("shogi").expect("shogi");
        let err = value_drift(&shogi, &[one])
            .expect_err("not shogi's")
            .to_string();
        assert!(err.contains("one.toml is not for `shogi`"), "{err}");
        // A variant with an embedded set shows it without a file.
        let joshua = reg.get("joshua").expect("joshua");
        let d = value_drift(&joshua, &[]).expect("drift").expect("embedded");
        assert_eq!(d.steps, ["derived", "embedded tuned set"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
