//! Iterative deepening at the root: one depth after the other, each in an
//! aspiration window around the last score (widened on a fail), MultiPV by
//! excluding the lines already found, the choice of move when time runs
//! out in the middle of an iteration, and after each iteration the time
//! rules' verdict (best-move stability, score trend, the best move's share
//! of the root's nodes: [`crate::time::Progress`]).

use super::{Iteration, SearchResult, Searcher, INF, MATE, MATE_BOUND};
use crate::time::Progress;
use menagerie_rules::{Move, MoveList};

impl Searcher<'_> {
    /// Iterative deepening; calls `report` after each completed iteration
    /// (main thread). `offset` varies depths for helper threads.
    pub(crate) fn iterate(
        &mut self,
        max_depth: u32,
        multipv: u32,
        offset: u32,
        report: &mut dyn FnMut(&Iteration),
    ) -> SearchResult {
        self.root_side = self.pos.side();
        let mut root = MoveList::new();
        self.pos.generate_legal(&mut root);
        let mut result = SearchResult {
            best: root.first().copied(),
            ponder: None,
            score: 0,
            depth: 0,
            pv: Vec::new(),
            nodes: 0,
        };
        if root.is_empty() {
            return result;
        }
        let root_check = self.pos.in_check();
        let mut progress = Progress::new(self.clock.params());
        let mut prev: i32 = 0;
        let mut depth = 1 + offset;
        while depth <= max_depth {
            let mut lines: Vec<Iteration> = Vec::new();
            self.excluded_root.clear();
            self.root_first = None;
            self.root_nodes.clear();
            for k in 0..multipv.max(1).min(root.len() as u32) {
                self.seldepth = 0;
                let d = depth as i32;
                let p = self.params;
                let mut delta = p.aspiration_delta;
                let (mut alpha, mut beta) =
                    if depth >= p.aspiration_depth && k == 0 && prev.abs() < MATE_BOUND {
                        (prev - delta, prev + delta)
                    } else {
                        (-INF, INF)
                    };
                let score = loop {
                    let s = self.search(alpha, beta, d, 0, false, root_check);
                    if self.aborted {
                        break s;
                    }
                    if s <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (alpha - delta).max(-INF);
                    } else if s >= beta {
                        beta = (beta + delta).min(INF);
                    } else {
                        break s;
                    }
                    delta += delta / 2 + p.aspiration_widen;
                    if delta > p.aspiration_max {
                        alpha = -INF;
                        beta = INF;
                    }
                };
                if self.aborted {
                    break;
                }
                let pv = self.stack[0].pv.clone();
                if k == 0 {
                    prev = score;
                }
                if let Some(&first) = pv.first() {
                    self.excluded_root.push(first);
                }
                lines.push(Iteration {
                    nodes: self.nodes,
                    depth,
                    seldepth: self.seldepth as u32,
                    score,
                    pv,
                    multipv: k + 1,
                });
            }
            self.excluded_root.clear();
            if self.aborted && lines.is_empty() {
                // Nothing completed at this depth. A root move that raised
                // alpha in it beats an arbitrary one when no iteration
                // finished, and beats the last iteration's choice when that
                // was searched first at this depth and scored lower (a
                // threat only the deeper search sees).
                if let Some(&b) = self.stack[0].pv.first() {
                    if result.depth == 0 || self.root_first == result.best {
                        result.best = Some(b);
                        if result.depth > 0 && result.pv.first() != Some(&b) {
                            result.pv = self.stack[0].pv.clone();
                            result.ponder = result.pv.get(1).copied();
                        }
                    }
                }
                break;
            }
            if let Some(first) = lines.first() {
                if let Some(&b) = first.pv.first() {
                    result.best = Some(b);
                    result.ponder = first.pv.get(1).copied();
                    result.score = first.score;
                    result.depth = depth;
                    result.pv = first.pv.clone();
                }
            }
            if self.main {
                for l in &lines {
                    report(l);
                }
            }
            if self.aborted {
                break;
            }
            if self.main
                && self
                    .clock
                    .iteration_stop(self.time_scale(&mut progress, &result))
            {
                break;
            }
            if result.score.abs() > MATE_BOUND && depth as i32 > 2 * (MATE - result.score.abs()) + 2
            {
                break;
            }
            depth += 1;
        }
        result.nodes = self.nodes;
        result
    }
}

impl Searcher<'_> {
    /// Adds `nodes` searched under root move `m` to the iteration's count.
    pub(super) fn count_root_nodes(&mut self, m: Move, nodes: u64) {
        match self.root_nodes.iter_mut().find(|(r, _)| *r == m) {
            Some((_, n)) => *n += nodes,
            None => self.root_nodes.push((m, nodes)),
        }
    }

    /// The factor for the optimum after the iteration that gave `result`
    /// (recorded in `progress`).
    fn time_scale(&self, progress: &mut Progress, result: &SearchResult) -> f64 {
        let Some(best) = result.best else {
            return 1.0;
        };
        let all: u64 = self.root_nodes.iter().map(|&(_, n)| n).sum();
        let under_best = self
            .root_nodes
            .iter()
            .find(|&&(m, _)| m == best)
            .map_or(0, |&(_, n)| n);
        progress.record(best, result.score, under_best, all)
    }
}
