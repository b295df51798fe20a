//! The evaluation of one position term by term, as a table (the UCI and
//! XBoard `eval` command).
//!
//! Comparing Menagerie's judgement with another engine's, or finding which
//! term misjudges a position from a lost game, needs each term's share of
//! the score, not only the sum. The table shows every term after its
//! weight (a tuned set's scale), per colour, middlegame and endgame parts,
//! and how they combine: tapered by the game phase, plus material and
//! tempo, faded by the move-rule counter. The numbers come from
//! [`EvalTables::combine_with`], the arithmetic the search's evaluation
//! uses: the diff columns are the summands it added (the per-colour
//! columns, each scaled alone, can differ from them by a rounding).

use std::fmt::Write;

use menagerie_rules::{Color, Position};

use crate::eval::{EvalTables, PHASE_MAX};
use crate::eval_weights::TERMS;

/// Column width of the table's numbers.
const COL: usize = 9;

impl EvalTables {
    /// The evaluation of `pos` as a table, one line per term (see the
    /// module doc). Scores in centipawns; the total is from the side to
    /// move's view and from White's.
    #[must_use]
    pub fn trace(&self, pos: &Position) -> String {
        let mut out = String::new();
        let t = self.terms(pos);
        let _ = writeln!(
            out,
            "{:<14}{:>COL$}{:>COL$}{:>COL$}{:>COL$}{:>COL$}{:>COL$}",
            "term", "white mg", "white eg", "black mg", "black eg", "diff mg", "diff eg"
        );
        // The differences as `combine` added them (side to move's view),
        // turned to White's: the table's diff columns are the exact summands.
        let white_sign = if pos.side() == Color::White { 1 } else { -1 };
        let mut diffs = Vec::new();
        let c = self.combine_with(&t, pos, |i, mg, eg| {
            diffs.push((i, white_sign * mg, white_sign * eg));
        });
        let (w, b) = (Color::White.idx(), Color::Black.idx());
        for (i, mg, eg) in diffs {
            let (m, e) = Self::raw_parts(&t, &c.mopup, i);
            let _ = writeln!(
                out,
                "{:<14}{:>COL$}{:>COL$}{:>COL$}{:>COL$}{:>COL$}{:>COL$}",
                TERMS[i].name,
                self.scaled(i, m[w]),
                self.scaled(i, e[w]),
                self.scaled(i, m[b]),
                self.scaled(i, e[b]),
                mg,
                eg
            );
        }
        let _ = writeln!(
            out,
            "material      {:>COL$}{:>COL$}  (coverage included)",
            c.mat[w], c.mat[b]
        );
        let _ = writeln!(
            out,
            "phase {}/{PHASE_MAX}: positional mg {}, eg {}, tapered {}",
            t.phase,
            white_sign * c.mg,
            white_sign * c.eg,
            white_sign * c.tapered
        );
        let (num, den) = c.fade;
        let _ = writeln!(
            out,
            "tempo {} for the side to move; move-rule fade {num}/{den}",
            c.tempo
        );
        let _ = write!(
            out,
            "total {} (side to move), {} (White's view)",
            c.score,
            white_sign * c.score
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Registry;

    /// The table's parts add up to the evaluation: the positional
    /// difference tapered, plus material and tempo, faded.
    #[test]
    fn the_rows_add_up_to_the_total() {
        let reg = Registry::builtin();
        let v = reg.get("chess").unwrap();
        let e = EvalTables::new(&v);
        for fen in [
            "r1bqk2r/ppp2ppp/2n2n2/3pp3/1bPP4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 0 6",
            "8/5k2/8/3P4/8/8/6K1/8 b - - 12 60",
        ] {
            let p = Position::from_fen(&v, fen).unwrap();
            let text = e.trace(&p);
            let num = |key: &str| -> i32 {
                let line = text.lines().find(|l| l.starts_with(key)).unwrap();
                line.split([' ', ','])
                    .filter_map(|w| w.parse().ok())
                    .next_back()
                    .unwrap()
            };
            let tapered = num("phase");
            let mat: Vec<i32> = text
                .lines()
                .find(|l| l.starts_with("material"))
                .unwrap()
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            let us = if p.side() == Color::White { 1 } else { -1 };
            let tempo = crate::eval::TEMPO;
            let (n, d) = e.fade(&p);
            let expect = (us * (mat[0] - mat[1] + tapered) + tempo) * n / d;
            assert_eq!(expect, e.evaluate(&p), "{text}");
            assert!(text.ends_with(&format!(
                "total {} (side to move), {} (White's view)",
                e.evaluate(&p),
                us * e.evaluate(&p)
            )));
        }
    }

    /// The diff columns are the summands of the positional sums, exactly
    /// (no rounding from scaling each colour apart), with either side to
    /// move and a tuned set's scales.
    #[test]
    fn the_diff_columns_add_up_to_the_positional_sums() {
        let reg = Registry::builtin();
        for (name, fen) in [
            (
                "chess",
                "r2q1rk1/pp2bppp/2n1pn2/3p4/3P1B2/2PBPN2/PP1N1PPP/R2QK2R b KQ - 3 9",
            ),
            ("chess", "8/2k5/1p6/1P1K4/8/8/5R2/6r1 w - - 4 50"),
            (
                "capablanca",
                "r1bqckabnr/pppp1ppppp/2n7/4p5/4P5/5N4/PPPP1PPPPP/RNBQCKAB1R w KQkq - 2 3",
            ),
        ] {
            let v = reg.get(name).unwrap();
            let e = crate::EvalChoice::Default.tables(&v).unwrap();
            assert_ne!(e.weights(), EvalTables::new(&v).weights(), "{name}: tuned");
            let p = Position::from_fen(&v, fen).unwrap();
            let text = e.trace(&p);
            let (mut mg, mut eg) = (0, 0);
            for line in text
                .lines()
                .skip(1)
                .take_while(|l| !l.starts_with("material"))
            {
                let n: Vec<i32> = line
                    .split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect();
                mg += n[4];
                eg += n[5];
            }
            let sums = text.lines().find(|l| l.starts_with("phase")).unwrap();
            assert!(
                sums.contains(&format!("positional mg {mg}, eg {eg},")),
                "{text}"
            );
        }
    }
}
