//! The evaluation of one position term by term, as a table (the UCI and
//! XBoard `eval` command).
//!
//! Comparing Menagerie's judgement with another engine's, or finding which
//! term misjudges a position from a lost game, needs each term's share of
//! the score, not only the sum. The table shows every term after its
//! weight (a tuned set's scale), per colour, middlegame and endgame parts,
//! and how they combine: tapered by the game phase, plus material and
//! tempo, faded by the move-rule counter — the same arithmetic as
//! [`EvalTables::combine`], which the last line checks against.

use std::fmt::Write;

use menagerie_rules::{Color, Position};

use crate::eval::{EvalTables, PHASE_MAX};
use crate::eval_weights::{term, TERMS};

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
        let mat: [i32; 2] = std::array::from_fn(|ci| {
            t.mat[ci] + self.scaled(term::COVERAGE, t.mg[term::COVERAGE][ci])
        });
        let mopup = self.mopup(&t, &mat);
        let (w, b) = (Color::White.idx(), Color::Black.idx());
        let (mut mg, mut eg) = (0i32, 0i32);
        for (i, info) in TERMS.iter().enumerate().filter(|&(i, _)| term::tapered(i)) {
            let part = |side: usize, mid: bool| {
                let x = if i == term::MOPUP {
                    if mid {
                        0
                    } else {
                        mopup[side]
                    }
                } else if mid {
                    t.mg[i][side]
                } else {
                    t.eg[i][side]
                };
                self.scaled(i, x)
            };
            let row = [part(w, true), part(w, false), part(b, true), part(b, false)];
            mg += row[0] - row[2];
            eg += row[1] - row[3];
            let _ = writeln!(
                out,
                "{:<14}{:>COL$}{:>COL$}{:>COL$}{:>COL$}{:>COL$}{:>COL$}",
                info.name,
                row[0],
                row[1],
                row[2],
                row[3],
                row[0] - row[2],
                row[1] - row[3]
            );
        }
        let tapered = (mg * t.phase + eg * (PHASE_MAX - t.phase)) / PHASE_MAX;
        let _ = writeln!(
            out,
            "material      {:>COL$}{:>COL$}  (coverage included)",
            mat[w], mat[b]
        );
        let _ = writeln!(
            out,
            "phase {}/{PHASE_MAX}: positional mg {mg}, eg {eg}, tapered {tapered}",
            t.phase
        );
        let total = self.evaluate(pos);
        let white = if pos.side() == Color::White {
            total
        } else {
            -total
        };
        let (num, den) = self.fade(pos);
        let _ = writeln!(
            out,
            "tempo {} for the side to move; move-rule fade {num}/{den}",
            self.scaled(term::TEMPO, crate::eval::TEMPO)
        );
        let _ = write!(out, "total {total} (side to move), {white} (White's view)");
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
}
