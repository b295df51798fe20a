//! Iterative deepening at the root: one depth after the other, each in an
//! aspiration window around the last score (widened on a fail), MultiPV by
//! excluding the lines already found, and the choice of move when time runs
//! out in the middle of an iteration.

use super::{Iteration, SearchResult, Searcher, INF, MATE, MATE_BOUND};
use menagerie_rules::MoveList;

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
        let mut prev: i32 = 0;
        let mut depth = 1 + offset;
        while depth <= max_depth {
            let mut lines: Vec<Iteration> = Vec::new();
            self.excluded_root.clear();
            self.root_first = None;
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
            if self.main && (self.clock.soft_expired() || self.clock.next_iteration_hopeless()) {
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
