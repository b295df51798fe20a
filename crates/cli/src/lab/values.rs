//! `menagerie lab values`: what each piece is worth, learned from how
//! self-play games end.
//!
//! Every quiet recorded position (no check, no capture played: material
//! that is not about to change hands) gives one row: per piece type the
//! difference between White's and Black's count, board and hand together,
//! and the game's result. A logistic regression of result on those
//! differences ([`super::fit`]) gives each type a coefficient; divided by
//! the pawn's (or, with no pawn, the weakest type's) it is the value in
//! pawns, with a 95% interval by the delta method from the game-clustered
//! covariance.
//!
//! Only positions that keep at least [`DEFAULT_MIN_PHASE`] of the start
//! position's non-pawn material (the evaluation's game phase, board and
//! hand) are used. In a late endgame the result hinges on whether a pawn
//! promotes and whether the stronger side has mating material — a lone
//! Knight or Bishop wins nothing — so there a regression of results values
//! pawns high and pieces low. Chess self-play shows it plainly (400 games
//! at 10,000 nodes, docs/lab/README.md): with every position a Knight comes
//! out at 1.9 Pawns, a Rook at 3.4 and a Queen at 7.6, each interval below
//! the familiar value; with a third of the non-pawn material or more (half
//! the positions) they are Knight 3.1, Bishop 3.3, Rook 4.8, Queen 11.4,
//! intervals around 3, 3, 5 and 9. `--min-phase 0` uses every position.

use super::fit::{fit, Row, Z95};
use super::records::read_files;
use super::selfplay::position;
use crate::common::{outln, registry, variant};
use anyhow::{bail, Result};
use menagerie_engine::eval::{EvalTables, PHASE_MAX};
use menagerie_rules::{Color, PieceType, Variant};
use serde::Serialize;

/// Arguments of `lab values` (and the input of `lab report`).
#[derive(clap::Args, Debug, Clone)]
pub struct ValuesArgs {
    /// Variant id.
    #[arg(long)]
    pub variant: String,
    /// Load variants from this file first (TOML or Fairy-Stockfish ini).
    #[arg(long = "variant-file")]
    pub variant_file: Vec<String>,
    /// Positions before this ply are left out (the random openings).
    #[arg(long = "min-ply", default_value_t = 12)]
    pub min_ply: u32,
    /// Record files written by `menagerie selfplay`.
    #[arg(required = true)]
    pub data: Vec<String>,
}

/// Which positions value the pieces (`lab values`, `lab report`).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct PhaseArgs {
    /// Positions with less than this share (0 to 1) of the start
    /// position's non-pawn material are left out: in late endgames results
    /// turn on promotion and mating material, not on what pieces are worth
    /// in play (0: every position).
    #[arg(long = "min-phase", default_value_t = DEFAULT_MIN_PHASE)]
    pub min_phase: f64,
}

/// Arguments of `lab values`.
#[derive(clap::Args, Debug, Clone)]
pub struct ValuesCommand {
    /// The variant, its records and the plies left out.
    #[command(flatten)]
    pub input: ValuesArgs,
    /// The phases left out.
    #[command(flatten)]
    pub phase: PhaseArgs,
}

/// Share of the start position's non-pawn material a position must keep
/// to value the pieces (see the module doc).
pub const DEFAULT_MIN_PHASE: f64 = 1.0 / 3.0;

impl ValuesArgs {
    /// The variant and the games these arguments name.
    ///
    /// # Errors
    /// An unknown variant, a variant file or record file that cannot be read.
    pub fn load(&self) -> Result<(std::sync::Arc<Variant>, Vec<super::records::GameRecord>)> {
        let reg = registry(&self.variant_file)?;
        let v = variant(&reg, &self.variant)?;
        Ok((v, read_files(&self.data)?))
    }
}

/// A type needs a material difference in this many rows to be valued.
const MIN_ROWS_WITH_DIFFERENCE: usize = 30;
/// One type's estimate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Value {
    /// Piece name.
    pub name: String,
    /// Value in units of the reference type.
    pub value: f64,
    /// 95% interval.
    pub low: f64,
    /// 95% interval.
    pub high: f64,
    /// Rows where the two sides had different numbers of it.
    pub rows: usize,
}

/// What the data says each piece is worth.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Estimate {
    /// Quiet positions the regression used.
    pub positions: usize,
    /// Least share of the start's non-pawn material of those positions.
    pub min_phase: f64,
    /// The reference type's name (the pawn, or the weakest type).
    pub reference: String,
    /// Every type valued, in the variant's order.
    pub values: Vec<Value>,
    /// Types too rarely unequal in the data to value.
    pub rare: Vec<String>,
}

/// Values the pieces of `v` from `games`, using quiet positions from
/// `min_ply` on that keep `min_phase` of the start's non-pawn material.
///
/// # Errors
/// A share outside 0 to 1, an unreadable FEN, no usable position, or no
/// estimate possible.
pub fn piece_values(
    v: &std::sync::Arc<Variant>,
    games: &[super::records::GameRecord],
    min_ply: u32,
    min_phase: f64,
) -> Result<Estimate> {
    if !(0.0..=1.0).contains(&min_phase) {
        bail!("--min-phase must be a share from 0 to 1, not {min_phase}");
    }
    let (types, rows) = material_rows(v, games, min_ply, min_phase)?;
    let (reference, values, rare) = estimate(v, &types, &rows)?;
    Ok(Estimate {
        positions: rows.len(),
        min_phase,
        reference,
        values,
        rare,
    })
}

/// Runs `lab values`.
pub fn run(a: &ValuesCommand) -> Result<()> {
    let (v, games) = a.input.load()?;
    let Estimate {
        positions,
        min_phase,
        reference,
        values,
        rare,
    } = piece_values(&v, &games, a.input.min_ply, a.phase.min_phase)?;
    outln!(
        "{}: {} games, {} quiet positions with {:.0}% of the non-pawn material or more; \
         values in {}s (95% interval)",
        v.id,
        games.len(),
        positions,
        100.0 * min_phase,
        reference
    )?;
    for x in &values {
        outln!(
            "  {:<16} {:>6.2}  [{:.2}, {:.2}]  ({} positions with a difference)",
            x.name,
            x.value,
            x.low,
            x.high,
            x.rows
        )?;
    }
    for name in rare {
        outln!("  {name:<16} too rarely unequal in the data to value")?;
    }
    Ok(())
}

/// The non-royal piece types and one row per quiet position after
/// `min_ply` with `min_phase` of the non-pawn material: White's minus
/// Black's count of each type.
fn material_rows(
    v: &std::sync::Arc<Variant>,
    games: &[super::records::GameRecord],
    min_ply: u32,
    min_phase: f64,
) -> Result<(Vec<PieceType>, Vec<Row>)> {
    // The hand-derived tables: the phase does not move with a tuned set.
    let tables = EvalTables::new(v);
    let least_phase = min_phase * f64::from(PHASE_MAX);
    let types: Vec<PieceType> = (0..v.pieces.len())
        .filter(|&t| !v.pieces[t].royal)
        .filter_map(|t| PieceType::try_from(t).ok())
        .collect();
    let mut rows = Vec::new();
    for g in games {
        for p in g.positions.iter().filter(|p| p.quiet && p.ply >= min_ply) {
            let pos = position(v, &p.fen)?;
            if f64::from(tables.phase(&pos)) < least_phase {
                continue;
            }
            let have = |c: Color, t: PieceType| pos.count(c, t) as f64 + f64::from(pos.hand(c, t));
            rows.push(Row {
                x: types
                    .iter()
                    .map(|&t| have(Color::White, t) - have(Color::Black, t))
                    .collect(),
                y: g.white_score,
                cluster: g.game,
            });
        }
    }
    if rows.is_empty() {
        bail!(
            "no quiet position after ply {min_ply} with {:.0}% of the non-pawn material in the data",
            100.0 * min_phase
        );
    }
    Ok((types, rows))
}

/// Fits the rows and scales the coefficients by the reference type's:
/// (reference name, values, names of types too rarely unequal).
fn estimate(
    v: &Variant,
    types: &[PieceType],
    rows: &[Row],
) -> Result<(String, Vec<Value>, Vec<String>)> {
    let unequal: Vec<usize> = (0..types.len())
        .map(|i| rows.iter().filter(|r| r.x[i] != 0.0).count())
        .collect();
    let kept: Vec<usize> = (0..types.len())
        .filter(|&i| unequal[i] >= MIN_ROWS_WITH_DIFFERENCE)
        .collect();
    let name = |i: usize| v.pieces[usize::from(types[i])].name.clone();
    let rare = (0..types.len())
        .filter(|i| !kept.contains(i))
        .map(name)
        .collect();
    if kept.is_empty() {
        bail!("no piece type is unequal often enough to be valued: play more games");
    }
    let narrowed: Vec<Row> = rows
        .iter()
        .map(|r| Row {
            x: kept.iter().map(|&i| r.x[i]).collect(),
            y: r.y,
            cluster: r.cluster,
        })
        .collect();
    let Some(f) = fit(&narrowed) else {
        bail!("the regression has no solution for this data");
    };
    // Coefficient k of the fit belongs to kept[k - 1].
    let coef = |k: usize| f.beta[k + 1];
    let pawn = kept
        .iter()
        .position(|&i| name(i).eq_ignore_ascii_case("pawn"));
    let weakest = (0..kept.len())
        .filter(|&k| coef(k) > 0.0)
        .min_by(|&a, &b| coef(a).total_cmp(&coef(b)));
    let Some(r) = pawn.or(weakest) else {
        bail!("no piece type helps its side in this data: play more games");
    };
    let values = (0..kept.len())
        .map(|k| {
            let ratio = coef(k) / coef(r);
            let (t, rr) = (k + 1, r + 1);
            let var = (f.cov[t][t] - 2.0 * ratio * f.cov[t][rr] + ratio * ratio * f.cov[rr][rr])
                / (coef(r) * coef(r));
            let half = Z95 * var.max(0.0).sqrt();
            Value {
                name: name(kept[k]),
                value: ratio,
                low: ratio - half,
                high: ratio + half,
                rows: unequal[kept[k]],
            }
        })
        .collect();
    Ok((name(kept[r]), values, rare))
}
