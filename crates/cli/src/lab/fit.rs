//! Logistic regression of game results on features, with standard errors
//! that respect games: the positions of one game share its result, so they
//! are not independent, and treating them so would make intervals far too
//! narrow. The covariance is the cluster-robust ("sandwich") estimate with
//! one cluster per game.
//!
//! Written here because the few dozen lines it takes (Newton's method on a
//! handful of coefficients, a small matrix inverse) are less than what a
//! linear-algebra crate would add to the build, and no maintained Rust crate
//! gives clustered errors for logistic regression.

/// One observation: features, result in [0, 1] (a draw is 0.5), cluster.
#[derive(Debug, Clone)]
pub struct Row {
    /// Feature values (the constant term is added by [`fit`]).
    pub x: Vec<f64>,
    /// Observed result.
    pub y: f64,
    /// Cluster (the game).
    pub cluster: u64,
}

/// A fitted model.
#[derive(Debug, Clone)]
pub struct Fit {
    /// Coefficients: the constant first, then one per feature.
    pub beta: Vec<f64>,
    /// Their covariance (cluster-robust).
    pub cov: Vec<Vec<f64>>,
}

/// Two-sided 95% normal quantile (the lab's intervals).
pub const Z95: f64 = 1.959_964;

/// Newton steps at most.
const MAX_ITERATIONS: usize = 50;
/// Converged when no coefficient moves more than this.
const TOLERANCE: f64 = 1e-9;
/// Added to the diagonal so that a feature that never varies leaves the
/// system solvable (its coefficient stays near 0 with a huge error).
const RIDGE: f64 = 1e-6;

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Fits `P(result) = sigmoid(b0 + b . x)`; `None` when the data cannot
/// determine it (no rows, or a singular system).
#[must_use]
pub fn fit(rows: &[Row]) -> Option<Fit> {
    let k = rows.first()?.x.len() + 1;
    let with_const = |r: &Row| {
        std::iter::once(1.0)
            .chain(r.x.iter().copied())
            .collect::<Vec<_>>()
    };
    let mut beta = vec![0.0; k];
    let mut info = vec![vec![0.0; k]; k];
    for _ in 0..MAX_ITERATIONS {
        let mut grad = vec![0.0; k];
        info = vec![vec![0.0; k]; k];
        for r in rows {
            let x = with_const(r);
            let p = sigmoid(dot(&beta, &x));
            let w = p * (1.0 - p);
            for i in 0..k {
                grad[i] += (r.y - p) * x[i];
                for j in 0..k {
                    info[i][j] += w * x[i] * x[j];
                }
            }
        }
        for (i, row) in info.iter_mut().enumerate() {
            row[i] += RIDGE;
        }
        let step = mat_vec(&invert(&info)?, &grad);
        let moved = step.iter().fold(0.0_f64, |m, s| m.max(s.abs()));
        for (b, s) in beta.iter_mut().zip(&step) {
            *b += s;
        }
        if moved < TOLERANCE {
            break;
        }
    }
    // Sandwich: A^-1 B A^-1 with B the sum over clusters of (sum of
    // scores)(sum of scores)^T.
    let mut scores: std::collections::BTreeMap<u64, Vec<f64>> = Default::default();
    for r in rows {
        let x = with_const(r);
        let p = sigmoid(dot(&beta, &x));
        let s = scores.entry(r.cluster).or_insert_with(|| vec![0.0; k]);
        for i in 0..k {
            s[i] += (r.y - p) * x[i];
        }
    }
    let mut meat = vec![vec![0.0; k]; k];
    for s in scores.values() {
        for i in 0..k {
            for j in 0..k {
                meat[i][j] += s[i] * s[j];
            }
        }
    }
    let bread = invert(&info)?;
    let cov = mat_mul(&mat_mul(&bread, &meat), &bread);
    Some(Fit { beta, cov })
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

pub(crate) fn mat_vec(m: &[Vec<f64>], v: &[f64]) -> Vec<f64> {
    m.iter().map(|row| dot(row, v)).collect()
}

fn mat_mul(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = b.first().map_or(0, Vec::len);
    a.iter()
        .map(|row| {
            (0..n)
                .map(|j| row.iter().zip(b).map(|(x, brow)| x * brow[j]).sum())
                .collect()
        })
        .collect()
}

/// Gauss-Jordan inverse with partial pivoting; `None` when singular.
pub(crate) fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            r
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let p = a[col][col];
        for v in &mut a[col] {
            *v /= p;
        }
        for r in 0..n {
            if r != col {
                let f = a[r][col];
                if f != 0.0 {
                    let pivot_row = a[col].clone();
                    for (v, pv) in a[r].iter_mut().zip(&pivot_row) {
                        *v -= f * pv;
                    }
                }
            }
        }
    }
    Some(a.into_iter().map(|r| r[n..].to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inverse_inverts() {
        let m = vec![vec![4.0, 7.0], vec![2.0, 6.0]];
        let inv = invert(&m).unwrap();
        let id = mat_mul(&m, &inv);
        for (i, row) in id.iter().enumerate() {
            for (j, v) in row.iter().enumerate() {
                assert!((v - if i == j { 1.0 } else { 0.0 }).abs() < 1e-12, "{id:?}");
            }
        }
        assert!(invert(&[vec![1.0, 2.0], vec![2.0, 4.0]]).is_none());
    }

    #[test]
    fn a_known_model_is_recovered_with_an_honest_interval() {
        // Results drawn from P = sigmoid(0.2 + 0.8 x) with x in -3..=3; a
        // deterministic generator, many clusters of five rows.
        let mut rng = menagerie_rules::SplitMix64(5);
        let rows: Vec<Row> = (0..20_000)
            .map(|i| {
                let x = f64::from((i % 7) as u8) - 3.0;
                let u = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
                Row {
                    x: vec![x],
                    y: f64::from(u8::from(u < sigmoid(0.2 + 0.8 * x))),
                    cluster: i / 5,
                }
            })
            .collect();
        let f = fit(&rows).unwrap();
        let se = f.cov[1][1].sqrt();
        assert!(se > 0.0 && se < 0.05, "{se}");
        assert!((f.beta[1] - 0.8).abs() < 3.0 * se, "{:?} ± {se}", f.beta);
        assert!(
            (f.beta[0] - 0.2).abs() < 3.0 * f.cov[0][0].sqrt(),
            "{:?}",
            f.beta
        );
    }
}
