//! Generic evaluation, derived from each variant's compiled move tables.
//!
//! * Piece values come from mobility on an empty board (leaps count fully,
//!   ride cells less the farther they are, leg programs by their reach), with
//!   discounts for forward-only and colour-bound pieces; royal pieces have no
//!   material value. A variant's `[ai] values` override them.
//! * Piece-square terms: a piece is worth more where it has more moves
//!   (centralisation and mobility from the geometry), and pieces that promote
//!   gain value as they approach their zone.
//! * King safety for royal pieces, hand pieces valued for drops, and the
//!   Nichtschach coverage margin.

use menagerie_geometry::{CellId, CellSet, Vector};
use menagerie_rules::movegen::legs::Run;
use menagerie_rules::movegen::tables::flag;
use menagerie_rules::variant::Coverage;
use menagerie_rules::{Color, Piece, PieceType, Position, Variant};

/// Evaluation data of one variant.
#[derive(Debug, Clone)]
pub struct EvalTables {
    /// Material value per type (centipawns).
    pub value: Vec<i32>,
    /// Value of a piece of each type held in hand.
    pub hand_value: Vec<i32>,
    /// Positional value per (colour, type, cell).
    pst: Vec<i32>,
    royal: Vec<bool>,
    cells: usize,
    types: usize,
    material_only: bool,
}

/// Empty-board mobility of a piece on a cell (weighted move count).
fn mobility(v: &Variant, c: Color, k: PieceType, s: CellId, empty: &[Piece]) -> f64 {
    let m = v.tables.at(c, k, s);
    let mut x = 0.0;
    for l in m.leaps {
        if l.flags & flag::INITIAL == 0 {
            x += if l.flags & flag::QUIET != 0 {
                1.25
            } else {
                0.7
            };
        }
    }
    x += 1.05 * m.conds.len() as f64;
    for r in m.rays {
        let stops = v.tables.ray_stops(r);
        let mut w = 1.0;
        for &st in stops {
            if st != 0 {
                x += w * if st & flag::QUIET != 0 { 1.0 } else { 0.6 };
            }
            w *= 0.86;
        }
    }
    if !m.progs.is_empty() {
        let mut reach = CellSet::with_capacity(v.geometry.len());
        let run = Run {
            g: &v.geometry,
            board: empty,
            color: c,
            from: s,
            target: None,
            empty_board: true,
        };
        for &pi in m.progs {
            let prog = v.tables.program(pi);
            if prog.flags & flag::INITIAL != 0 {
                continue;
            }
            run.run(prog, &mut |l| {
                reach.insert(l.to);
                false
            });
        }
        x += 0.75 * reach.len() as f64;
    }
    x
}

/// Cells reachable by repeated moves from `s` on an empty board.
fn component(v: &Variant, c: Color, k: PieceType, s: CellId) -> usize {
    let mut seen = CellSet::with_capacity(v.geometry.len());
    let mut stack = vec![s];
    seen.insert(s);
    while let Some(x) = stack.pop() {
        let m = v.tables.at(c, k, x);
        let mut next: Vec<CellId> = m.leaps.iter().map(|l| l.to).collect();
        next.extend(m.conds.iter().map(|c| c.to));
        for r in m.rays {
            next.extend(
                v.tables
                    .ray_cells(r)
                    .iter()
                    .zip(v.tables.ray_stops(r))
                    .filter(|(_, &st)| st != 0)
                    .map(|(&c, _)| c),
            );
        }
        for n in next {
            if !seen.contains(n) {
                seen.insert(n);
                stack.push(n);
            }
        }
    }
    seen.len()
}

fn forward_only(v: &Variant, k: PieceType) -> bool {
    let g = &v.geometry;
    let mut any = false;
    for s in g.cells() {
        let m = v.tables.at(Color::White, k, s);
        let from = g.coord(s);
        let mut dests: Vec<CellId> = m.leaps.iter().map(|l| l.to).collect();
        dests.extend(m.conds.iter().map(|c| c.to));
        for r in m.rays {
            dests.extend(v.tables.ray_cells(r).iter().copied());
        }
        for d in dests {
            any = true;
            if g.coord(d).y < from.y {
                return false;
            }
        }
        if !m.progs.is_empty() {
            return false;
        }
    }
    any
}

impl EvalTables {
    /// Derives the tables of a variant.
    #[must_use]
    pub fn new(v: &Variant) -> EvalTables {
        let g = &v.geometry;
        let n = g.len();
        let types = v.types();
        let empty = vec![Piece::EMPTY; n];
        let mut mob = vec![0.0f64; 2 * types * n];
        let mut value = vec![0i32; types];
        for k in 0..types {
            let kt = k as PieceType;
            for c in Color::BOTH {
                for s in g.cells() {
                    mob[(c.idx() * types + k) * n + s.idx()] = mobility(v, c, kt, s, &empty);
                }
            }
            let avg: f64 = (0..n).map(|i| mob[k * n + i]).sum::<f64>() / n as f64;
            let mut val = 45.0 * avg + 40.0;
            if forward_only(v, kt) {
                val *= 0.75;
            }
            let centre = g
                .cells()
                .max_by(|&a, &b| mob[k * n + a.idx()].total_cmp(&mob[k * n + b.idx()]));
            if let Some(cs) = centre {
                let comp = component(v, Color::White, kt, cs);
                if comp * 4 < n * 3 {
                    val *= 0.9;
                }
            }
            value[k] = val.round() as i32;
        }
        // The Joker is worth about the average non-royal piece.
        let nonroyal: Vec<i32> = (0..types)
            .filter(|&k| !v.pieces[k].royal && !v.pieces[k].imitator)
            .map(|k| value[k])
            .collect();
        let avg_piece = if nonroyal.is_empty() {
            300
        } else {
            nonroyal.iter().sum::<i32>() / nonroyal.len() as i32
        };
        for k in 0..types {
            if v.pieces[k].imitator {
                value[k] = avg_piece;
            }
            if v.pieces[k].royal {
                value[k] = 0;
            }
            if let Some(o) = v.ai_values[k] {
                value[k] = o;
            }
        }
        let hand_value: Vec<i32> = (0..types).map(|k| value[k] + value[k] / 8).collect();
        let mut pst = vec![0i32; 2 * types * n];
        for c in Color::BOTH {
            for k in 0..types {
                let def = &v.pieces[k];
                let base = (c.idx() * types + k) * n;
                let avg: f64 = (0..n).map(|i| mob[base + i]).sum::<f64>() / n as f64;
                let promo_gain = def
                    .promotion
                    .as_ref()
                    .map_or(0, |p| {
                        p.to.iter()
                            .map(|&t| value[usize::from(t)])
                            .max()
                            .unwrap_or(0)
                            - value[k]
                    })
                    .max(0);
                for s in g.cells() {
                    let mut x = ((mob[base + s.idx()] - avg) * 4.0) as i32;
                    if def.royal {
                        x = -x / 2;
                    }
                    if let Some(pr) = &def.promotion {
                        let zone = &pr.zone[c.idx()];
                        if promo_gain > 0 && !zone.is_empty() {
                            let y = i32::from(g.coord(s).y);
                            let dist = zone
                                .iter()
                                .map(|z| (i32::from(g.coord(z).y) - y).abs())
                                .min()
                                .unwrap_or(0);
                            let span = g.ranks() as i32;
                            let progress = (span - dist).max(0) as f64 / span as f64;
                            x += (f64::from(promo_gain) * 0.25 * progress.powi(3)) as i32;
                        }
                    }
                    pst[base + s.idx()] = x;
                }
            }
        }
        EvalTables {
            value,
            hand_value,
            pst,
            royal: v.pieces.iter().map(|p| p.royal).collect(),
            cells: n,
            types,
            material_only: false,
        }
    }

    /// The same values without positional terms (a weak reference player).
    #[must_use]
    pub fn material_only(mut self) -> EvalTables {
        self.material_only = true;
        self
    }

    /// Static evaluation from the side to move's view (centipawns).
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let v = pos.variant();
        let mut score = [0i32; 2];
        let g = &v.geometry;
        let kings: [Vec<CellId>; 2] = [
            pos.royals(Color::White).collect(),
            pos.royals(Color::Black).collect(),
        ];
        for c in Color::BOTH {
            let ci = c.idx();
            let mut bits = pos.present(c);
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let base = (ci * self.types + k) * self.cells;
                for &s in pos.cells_of(c, k as PieceType) {
                    score[ci] += self.value[k];
                    if self.material_only {
                        continue;
                    }
                    score[ci] += self.pst[base + s.idx()];
                    if !self.royal[k] {
                        // King pressure: pieces near the enemy royal.
                        for &kc in &kings[1 - ci] {
                            let a = g.coord(s);
                            let b = g.coord(kc);
                            let d = Vector::new(a.x - b.x, a.y - b.y, a.z - b.z).chebyshev();
                            if d <= 2 {
                                score[ci] += 12;
                            }
                        }
                        for &kc in &kings[ci] {
                            let a = g.coord(s);
                            let b = g.coord(kc);
                            if Vector::new(a.x - b.x, a.y - b.y, a.z - b.z).chebyshev() == 1 {
                                score[ci] += 6;
                            }
                        }
                    }
                }
            }
            if v.rules.drops {
                for k in 0..self.types {
                    let h = i32::from(pos.hand(c, k as PieceType));
                    score[ci] += h * self.hand_value[k];
                }
            }
            if !self.material_only {
                score[ci] -= coverage_penalty(pos, c);
            }
        }
        let us = pos.side().idx();
        score[us] - score[1 - us] + if self.material_only { 0 } else { 12 }
    }
}

/// Penalty for having few pieces above the coverage minimum.
fn coverage_penalty(pos: &Position, c: Color) -> i32 {
    let Some(cov) = &pos.variant().rules.coverage else {
        return 0;
    };
    let mut pen = 0;
    let margin_pen = |count: u32, min: u32| -> i32 {
        match count.saturating_sub(min) {
            0 => 90,
            1 => 30,
            2 => 10,
            _ => 0,
        }
    };
    match cov {
        Coverage::Directions { min, dirs, all } => {
            let mut counts = [0u32; 32];
            let mut bits = pos.present(c);
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let n = pos.count(c, k as PieceType) as u32;
                let mut m = dirs[c.idx()][k];
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    counts[d] += n;
                }
            }
            let mut need = *all;
            while need != 0 {
                let d = need.trailing_zeros() as usize;
                need &= need - 1;
                pen += margin_pen(counts[d], *min);
            }
        }
        Coverage::Groups { min, groups } => {
            for &gm in groups {
                let mut n = 0;
                let mut bits = gm & pos.present(c);
                while bits != 0 {
                    let k = bits.trailing_zeros() as PieceType;
                    bits &= bits - 1;
                    n += pos.count(c, k) as u32;
                }
                pen += 4 * margin_pen(n, *min);
            }
        }
    }
    pen
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Registry;

    #[test]
    fn chess_values_are_sensible() {
        let reg = Registry::builtin();
        let v = reg.get("chess").unwrap();
        let e = EvalTables::new(&v);
        let val = |key: &str| e.value[usize::from(v.piece_by_key(key).unwrap())];
        assert!(
            val("P") < val("N")
                && val("N") <= val("B") + 60
                && val("B") < val("R")
                && val("R") < val("Q"),
            "{:?}",
            e.value
        );
        assert_eq!(val("K"), 0);
        let p = Position::start(&v);
        assert!(e.evaluate(&p).abs() < 50);
    }
}
