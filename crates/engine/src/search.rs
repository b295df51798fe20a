//! Alpha-beta search: iterative deepening, PVS with aspiration windows,
//! transposition table, quiescence, null move, late-move reductions,
//! killer and history ordering, check extensions, static exchange
//! evaluation, mate scores and draw rules.

use crate::eval::EvalTables;
use crate::time::Clock;
use crate::tt::{Bound, Table};
use menagerie_rules::variant::Verdict;
use menagerie_rules::{Move, MoveKind, MoveList, PieceType, Position};
use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) const MATE: i32 = 30_000;
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;

/// The outcome of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// Best move (`None`: no legal move).
    pub best: Option<Move>,
    /// Expected reply.
    pub ponder: Option<Move>,
    /// Score from the side to move's view (centipawns or mate).
    pub score: i32,
    /// Last completed depth.
    pub depth: u32,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Nodes searched by this thread.
    pub nodes: u64,
}

pub(crate) struct Iteration {
    pub nodes: u64,
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub pv: Vec<Move>,
    pub multipv: u32,
}

pub(crate) struct Searcher<'a> {
    pub pos: Position,
    eval: &'a EvalTables,
    tt: &'a Table,
    clock: &'a Clock,
    total_nodes: &'a AtomicU64,
    node_limit: u64,
    pub nodes: u64,
    seldepth: usize,
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    pv: Vec<Vec<Move>>,
    aborted: bool,
    types: usize,
    cells: usize,
    null_ok: bool,
    excluded_root: Vec<Move>,
    pub main: bool,
}

fn mate_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn mate_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        pos: Position,
        eval: &'a EvalTables,
        tt: &'a Table,
        clock: &'a Clock,
        total_nodes: &'a AtomicU64,
        node_limit: u64,
    ) -> Self {
        let v = pos.variant().clone();
        let types = v.types();
        let cells = v.geometry.len();
        // Null move is unsafe where zugzwang is common: drop games (verified
        // instead) are handled in the search; no royal piece: disabled.
        let null_ok = v.has_royal();
        Searcher {
            pos,
            eval,
            tt,
            clock,
            total_nodes,
            node_limit,
            nodes: 0,
            seldepth: 0,
            killers: vec![[Move::NULL; 2]; MAX_PLY + 2],
            history: vec![0; 2 * types * cells.max(1)],
            pv: vec![Vec::new(); MAX_PLY + 2],
            aborted: false,
            types,
            cells,
            null_ok,
            excluded_root: Vec::new(),
            main: true,
        }
    }

    fn check_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 255 == 0 {
            self.total_nodes.fetch_add(256, Ordering::Relaxed);
            if self.clock.stopped()
                || (self.main && self.clock.hard_expired())
                || (self.node_limit > 0
                    && self.total_nodes.load(Ordering::Relaxed) >= self.node_limit)
            {
                if self.main {
                    self.clock.stop.store(true, Ordering::Relaxed);
                }
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn value_of(&self, k: PieceType) -> i32 {
        self.eval
            .value
            .get(usize::from(k))
            .copied()
            .unwrap_or(100)
            .max(50)
    }

    /// Material gained by a move at first sight (victims, promotion).
    fn gain(&self, m: Move) -> i32 {
        let mut g = 0;
        if m.kind() == MoveKind::EnPassant {
            g += self.value_of(self.pos.piece(self.pos.ep().victim()).kind());
        } else if m.kind() == MoveKind::Normal {
            let t = self.pos.piece(m.to());
            if t.is_some() {
                g += self.value_of(t.kind());
            }
            if m.captures_via() {
                if let Some(v) = m.via() {
                    g += self.value_of(self.pos.piece(v).kind());
                }
            }
            if let (Some(p), Some(f)) = (m.promotion(), m.from()) {
                g += self.value_of(p) - self.value_of(self.pos.piece(f).kind());
            }
        }
        g
    }

    fn mover_value(&self, m: Move) -> i32 {
        match m.from() {
            Some(f) => {
                let p = self.pos.piece(f);
                if self.pos.variant().pieces[usize::from(p.kind())].royal {
                    1000
                } else {
                    self.value_of(p.kind())
                }
            }
            None => 0,
        }
    }

    /// Static exchange evaluation of a capture on `m.to()`: plays the capture,
    /// then lets both sides recapture on that cell with their least valuable
    /// legal capturer. Works for any piece because it uses the real moves.
    pub(crate) fn see(&mut self, m: Move) -> i32 {
        let target = m.to();
        let mut gains = vec![self.gain(m)];
        let mut last_value = if let Some(p) = m.promotion() {
            self.value_of(p)
        } else {
            self.mover_value(m)
        };
        let mut made = 1;
        self.pos.make_unchecked(m);
        let mut moves = MoveList::new();
        while made < 8 {
            self.pos.generate_legal(&mut moves);
            let best = moves
                .iter()
                .copied()
                .filter(|x| x.to() == target && x.kind() == MoveKind::Normal && x.is_capture())
                .min_by_key(|&x| self.mover_value(x));
            let Some(r) = best else { break };
            gains.push(last_value - gains[gains.len() - 1]);
            last_value = if let Some(p) = r.promotion() {
                self.value_of(p)
            } else {
                self.mover_value(r)
            };
            self.pos.make_unchecked(r);
            made += 1;
        }
        for _ in 0..made {
            self.pos.unmake();
        }
        while gains.len() > 1 {
            let g = gains.pop().unwrap_or(0);
            let n = gains.len();
            gains[n - 1] = -((-gains[n - 1]).max(g));
        }
        gains[0]
    }

    fn history_index(&self, m: Move) -> usize {
        let k = match m.dropped() {
            Some(k) => k,
            None => m.from().map_or(0, |f| self.pos.piece(f).kind()),
        };
        (self.pos.side().idx() * self.types + usize::from(k)) * self.cells + m.to().idx()
    }

    fn order(&mut self, moves: &mut MoveList, tt_move: u64, ply: usize, with_see: bool) {
        let mut scored: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let s = if m.raw() == tt_move {
                    1_000_000
                } else if m.is_capture() || m.promotion().is_some() {
                    500_000 + self.gain(m) * 16 - self.mover_value(m) / 8
                } else if m == self.killers[ply][0] {
                    400_000
                } else if m == self.killers[ply][1] {
                    399_000
                } else {
                    self.history[self.history_index(m)].clamp(-300_000, 300_000)
                };
                (s, m)
            })
            .collect();
        if with_see {
            for e in &mut scored {
                if e.0 >= 500_000
                    && e.0 < 1_000_000
                    && e.1.is_capture()
                    && self.mover_value(e.1) > self.gain(e.1)
                    && self.see(e.1) < 0
                {
                    e.0 = -400_000 + e.0 - 500_000;
                }
            }
        }
        scored.sort_by_key(|e| std::cmp::Reverse(e.0));
        moves.clear();
        moves.extend(scored.into_iter().map(|(_, m)| m));
    }

    /// Score of a position with no legal move (or decided by a rule).
    fn terminal(&self, ply: usize) -> i32 {
        let p = &self.pos;
        if p.decided_by_rule() {
            return match p.outcome() {
                Some(o) => match o.winner {
                    Some(c) if c == p.side() => MATE - ply as i32,
                    Some(_) => -(MATE - ply as i32),
                    None => 0,
                },
                None => 0,
            };
        }
        if p.in_check() {
            return -(MATE - ply as i32);
        }
        match p.variant().rules.stalemate {
            Verdict::Draw => 0,
            Verdict::Loss => -(MATE - ply as i32),
            Verdict::Win => MATE - ply as i32,
        }
    }

    fn is_draw(&self) -> bool {
        let p = &self.pos;
        let r = &p.variant().rules;
        if r.move_rule > 0 && p.halfmove() >= r.move_rule {
            return true;
        }
        if r.ply_cap > 0 && p.game_ply() >= r.ply_cap {
            return true;
        }
        let keys = p.key_history();
        let window = (p.halfmove() as usize).min(keys.len());
        let h = p.hash();
        keys[keys.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&k| k == h)
    }

    fn has_non_pawn_material(&self) -> bool {
        let v = self.pos.variant();
        let mut bits = self.pos.present(self.pos.side());
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let d = &v.pieces[k];
            if !d.royal && d.promotion.is_none() {
                return true;
            }
        }
        false
    }

    pub(crate) fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.check_abort() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return self.eval.evaluate(&self.pos);
        }
        if ply > 0 && self.is_draw() {
            return 0;
        }
        let in_check = self.pos.in_check();
        let mut moves = MoveList::new();
        self.pos.generate_legal(&mut moves);
        if moves.is_empty() {
            return self.terminal(ply);
        }
        let stand = if in_check {
            -INF
        } else {
            self.eval.evaluate(&self.pos)
        };
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            moves.retain(|m| m.is_capture() || m.promotion().is_some());
        }
        self.order(&mut moves, 0, ply, false);
        let mut best = stand;
        for m in moves {
            if !in_check {
                // Delta pruning and losing captures of defended pieces.
                let g = self.gain(m);
                if stand + g + 200 < alpha && m.promotion().is_none() {
                    continue;
                }
                if m.is_capture()
                    && self.mover_value(m) > g + 50
                    && self.pos.is_attacked(m.to(), self.pos.side().flip())
                {
                    continue;
                }
            }
            self.pos.make_unchecked(m);
            let s = -self.qsearch(-beta, -alpha, ply + 1);
            self.pos.unmake();
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    #[allow(clippy::too_many_lines)]
    pub(crate) fn search(
        &mut self,
        mut alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        self.nodes += 1;
        if self.check_abort() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply > 0 {
            if self.is_draw() {
                return 0;
            }
            // Mate distance pruning.
            let a = alpha.max(-(MATE - ply as i32));
            let b = beta.min(MATE - ply as i32 - 1);
            if a >= b {
                return a;
            }
        }
        if ply >= MAX_PLY {
            return self.eval.evaluate(&self.pos);
        }
        let key = self.pos.hash();
        let entry = self.tt.probe(key);
        let mut tt_move = 0;
        if let Some(e) = entry {
            tt_move = e.mv;
            if !pv_node && e.depth >= depth && ply > 0 {
                let s = mate_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let in_check = self.pos.in_check();
        let mut moves = MoveList::new();
        self.pos.generate_legal(&mut moves);
        if ply == 0 && !self.excluded_root.is_empty() {
            moves.retain(|m| !self.excluded_root.contains(m));
        }
        if moves.is_empty() {
            return self.terminal(ply);
        }
        let static_eval = if in_check {
            -INF
        } else {
            entry.map_or_else(|| self.eval.evaluate(&self.pos), |e| e.eval)
        };
        // Reverse futility pruning.
        if !pv_node
            && !in_check
            && depth <= 3
            && static_eval - 120 * depth >= beta
            && beta.abs() < MATE_BOUND
        {
            return static_eval;
        }
        // Null move.
        if allow_null
            && self.null_ok
            && !pv_node
            && !in_check
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && self.has_non_pawn_material()
        {
            let r = 3 + depth / 4;
            self.pos.make_null();
            let s = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
            self.pos.unmake();
            if self.aborted {
                return 0;
            }
            if s >= beta {
                // Drop games are prone to zugzwang-like effects: verify.
                if !self.pos.variant().rules.drops && depth < 10 {
                    return beta;
                }
                let v = self.search(beta - 1, beta, depth - 1 - r, ply, false);
                if v >= beta {
                    return beta;
                }
            }
        }
        self.order(&mut moves, tt_move, ply, depth >= 3);
        let mut best = -INF;
        let mut best_move = Move::NULL;
        let orig_alpha = alpha;
        let mut searched = 0;
        let moves_len = moves.len();
        for (i, m) in moves.iter().copied().enumerate() {
            let quiet = !m.is_capture() && m.promotion().is_none();
            // Late-move pruning at shallow depth.
            if !pv_node
                && !in_check
                && quiet
                && depth <= 2
                && i > 6 + 4 * depth as usize
                && best > -MATE_BOUND
            {
                continue;
            }
            self.pos.make_unchecked(m);
            let gives_check = self.pos.in_check();
            let ext = i32::from(gives_check && ply < 60);
            let new_depth = depth - 1 + ext;
            let s = if searched == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, true)
            } else {
                let mut r = 0;
                if depth >= 3 && quiet && !in_check && !gives_check && i >= 3 {
                    let l = (f64::from(depth).ln() * (i as f64).ln() / 2.0) as i32;
                    r = l.clamp(1, depth - 2);
                    if pv_node {
                        r = (r - 1).max(0);
                    }
                }
                let mut s = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.search(-beta, -alpha, new_depth, ply + 1, true);
                }
                s
            };
            self.pos.unmake();
            searched += 1;
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                best_move = m;
                if s > alpha {
                    alpha = s;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if s >= beta {
                        if quiet {
                            if self.killers[ply][0] != m {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = m;
                            }
                            let hi = self.history_index(m);
                            self.history[hi] += depth * depth;
                        }
                        break;
                    }
                }
            } else if quiet {
                let hi = self.history_index(m);
                self.history[hi] -= depth;
            }
        }
        let _ = moves_len;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let ev = if in_check { 0 } else { static_eval };
        self.tt.store(
            key,
            if best_move.is_null() {
                0
            } else {
                best_move.raw()
            },
            mate_to_tt(best, ply),
            ev,
            depth,
            bound,
        );
        best
    }

    /// Iterative deepening; calls `report` after each completed iteration
    /// (main thread). `offset` varies depths for helper threads.
    pub(crate) fn iterate(
        &mut self,
        max_depth: u32,
        multipv: u32,
        offset: u32,
        report: &mut dyn FnMut(&Iteration),
    ) -> SearchResult {
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
        let mut prev = 0;
        let mut depth = 1 + offset;
        while depth <= max_depth {
            let mut lines: Vec<Iteration> = Vec::new();
            self.excluded_root.clear();
            for k in 0..multipv.max(1).min(root.len() as u32) {
                self.seldepth = 0;
                let d = depth as i32;
                let mut delta = 35;
                let (mut alpha, mut beta) = if depth >= 4 && k == 0 {
                    (prev - delta, prev + delta)
                } else {
                    (-INF, INF)
                };
                let score = loop {
                    let s = self.search(alpha, beta, d, 0, false);
                    if self.aborted {
                        break s;
                    }
                    if s <= alpha {
                        alpha = (alpha - delta).max(-INF);
                    } else if s >= beta {
                        beta = (beta + delta).min(INF);
                    } else {
                        break s;
                    }
                    delta *= 2;
                };
                if self.aborted {
                    break;
                }
                let pv = self.pv[0].clone();
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
            if self.main && self.clock.soft_expired() {
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
