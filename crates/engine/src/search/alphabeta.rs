//! The main search: principal variation search with the table, mate
//! distance pruning, reverse futility, null move (verified in drop games and
//! at high depth), internal iterative reduction, then the moves in picker
//! order with late-move and futility pruning, check extensions and
//! late-move reductions; cut-offs feed the killer, counter-move and history
//! tables (butterfly and continuation histories for quiet moves, capture
//! history for captures).

use super::picker::Stage;
use super::{mate_from_tt, mate_to_tt, Searcher, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::tt::Bound;
use menagerie_rules::{Move, MoveList};

/// What a move is, as the pruning and reduction rules ask it.
#[derive(Clone, Copy)]
struct MoveFacts {
    /// The picker's stage it came from.
    stage: Stage,
    /// Neither a capture nor a promotion.
    quiet: bool,
    /// It gives check.
    gives_check: bool,
}

/// A node's facts that the search of its moves reads (`alpha` rises as
/// moves beat it).
struct Node {
    alpha: i32,
    beta: i32,
    /// The depth left, after internal iterative reduction.
    depth: i32,
    ply: usize,
    pv_node: bool,
    in_check: bool,
    /// The static evaluation (corrected; -INF in check).
    static_eval: i32,
    /// The static evaluation rose since our previous move.
    improving: bool,
}

/// What the search of a node's moves found.
struct Found {
    best: i32,
    best_move: Move,
    /// Moves made and searched (not pruned, legal).
    searched: usize,
}

impl Searcher<'_> {
    /// Searches the node to `depth` plies within (alpha, beta); returns its
    /// score from the side to move's view (0 after an abort).
    pub(crate) fn search(
        &mut self,
        alpha: i32,
        beta: i32,
        mut depth: i32,
        ply: usize,
        allow_null: bool,
        in_check: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.stack[ply].pv.clear();
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, in_check, 0);
        }
        self.nodes += 1;
        if self.check_abort() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(score) = self.early_verdict(alpha, beta, ply) {
            return score;
        }
        let key = self.pos.hash();
        let entry = self.tt.probe(key);
        if let Some(score) =
            entry.and_then(|e| Self::table_cut(e, pv_node, depth, ply, alpha, beta))
        {
            return score;
        }
        let tt_move = entry.map_or(0, |e| e.mv);
        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        // Below the root, moves are pseudo-legal and checked when made (most
        // are never made at a cut node). Whether there is any is known now;
        // the list itself is generated only if reverse futility does not cut
        // the node. Making and taking back moves reorders the piece lists,
        // hence the generation order the picker keeps within a stage: the
        // forced-capture test does so, so with that rule the list is made
        // at once.
        let eager = ply > 0 && self.pos.forces_captures();
        if !self.any_move(&mut moves, ply, eager) {
            self.stack[ply].moves = moves;
            return self.terminal(ply);
        }
        // The table keeps the evaluation uncorrected; the search uses it
        // with the corrections learned so far.
        let corr_slots = if in_check {
            [0; 2]
        } else {
            self.correction_slots()
        };
        let raw_eval = match entry {
            _ if in_check => 0,
            Some(e) if e.eval != 0 => e.eval,
            _ => self.eval.evaluate(&self.pos),
        };
        let static_eval = if in_check {
            -INF
        } else {
            self.corrected_eval(raw_eval, corr_slots)
        };
        self.stack[ply].static_eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.stack[ply - 2].static_eval;
        let prunable_node = !pv_node && !in_check;
        if prunable_node {
            if let Some(s) = self.reverse_futility(beta, depth, static_eval, improving) {
                self.stack[ply].moves = moves;
                return s;
            }
        }
        if ply > 0 && !eager {
            // Before the null move's search, which reorders the lists.
            self.node_moves(&mut moves);
        }
        if prunable_node {
            if let Some(s) = self.null_move(beta, depth, ply, static_eval, allow_null) {
                self.stack[ply].moves = moves;
                return s;
            }
        }
        // Internal iterative reduction: no move from the table to start with.
        if tt_move == 0 && depth >= self.params.iir_depth {
            depth -= 1;
        }
        self.start_picker(&mut moves, tt_move, ply, true);
        let mut node = Node {
            alpha,
            beta,
            depth,
            ply,
            pv_node,
            in_check,
            static_eval,
            improving,
        };
        let found = self.search_moves(&mut moves, &mut node);
        self.stack[ply].moves = moves;
        if found.searched == 0 {
            // Pruning needs a searched move first, so here every move was
            // illegal (or, after an abort, nothing is known).
            return if self.aborted { 0 } else { self.terminal(ply) };
        }
        if self.aborted {
            return 0;
        }
        self.store_node(key, alpha, &node, &found, corr_slots, raw_eval);
        found.best
    }

    /// After a node's moves: stores the result in the table with its bound
    /// against the entry window (`alpha` as the node was entered), and, when
    /// the result measures the evaluation's error, feeds the correction
    /// history.
    fn store_node(
        &mut self,
        key: u64,
        alpha: i32,
        node: &Node,
        found: &Found,
        corr_slots: [usize; 2],
        raw_eval: i32,
    ) {
        let bound = if found.best >= node.beta {
            Bound::Lower
        } else if found.best > alpha && !found.best_move.is_null() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A quiet best move (or none) whose score the bound pins down on
        // the evaluation's wrong side measures the evaluation's error.
        if !node.in_check
            && (found.best_move.is_null() || !found.best_move.is_noisy())
            && found.best.abs() < MATE_BOUND
            && !(bound == Bound::Lower && found.best <= node.static_eval)
            && !(bound == Bound::Upper && found.best >= node.static_eval)
        {
            self.update_correction(corr_slots, raw_eval, found.best, node.depth);
        }
        let mv = if found.best_move.is_null() {
            0
        } else {
            found.best_move.raw()
        };
        self.tt.store(
            key,
            mv,
            mate_to_tt(found.best, node.ply),
            raw_eval,
            node.depth,
            bound,
        );
    }

    /// Below the root: the verdict of a rule that ends the game here, a
    /// mate-distance bound that closes the window, or the evaluation at the
    /// stack's limit.
    fn early_verdict(&mut self, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        if ply > 0 {
            if let Some(score) = self.entry_verdict(ply) {
                return Some(score);
            }
            // Mate distance pruning.
            let a = alpha.max(-(MATE - ply as i32));
            let b = beta.min(MATE - ply as i32 - 1);
            if a >= b {
                return Some(a);
            }
        }
        (ply >= MAX_PLY).then(|| self.eval.evaluate(&self.pos))
    }

    /// The table's score for a non-PV node below the root, where its entry
    /// is deep enough and its bound decides the window.
    fn table_cut(
        e: crate::tt::Entry,
        pv_node: bool,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if pv_node || e.depth < depth || ply == 0 {
            return None;
        }
        let s = mate_from_tt(e.score, ply);
        let cut = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        cut.then_some(s)
    }

    /// Whether the side to move has a move here: the root's legal moves
    /// (less the excluded ones) and an `eager` node's pseudo-legal ones go
    /// into `moves`; elsewhere only a probe, the list made later.
    fn any_move(&mut self, moves: &mut MoveList, ply: usize, eager: bool) -> bool {
        if ply == 0 {
            self.pos.generate_legal(moves);
            if !self.excluded_root.is_empty() {
                moves.retain(|m| !self.excluded_root.contains(m));
            }
            !moves.is_empty()
        } else if eager {
            self.node_moves(moves);
            !moves.is_empty()
        } else {
            // Rules that stop play were judged on entry.
            self.pos.has_pseudo_move(moves)
        }
    }

    /// Searches the node's moves in picker order, with late-move,
    /// continuation, exchange and futility pruning, check extensions and
    /// late-move reductions, until one fails high (rewarded in the history
    /// tables) or none is left.
    fn search_moves(&mut self, moves: &mut MoveList, node: &mut Node) -> Found {
        let ply = node.ply;
        let mut found = Found {
            best: -INF,
            best_move: Move::NULL,
            searched: 0,
        };
        // History indices of the moves tried before a cut-off (the frame's
        // buffers, kept to reuse their allocation).
        let mut quiets_tried = std::mem::take(&mut self.stack[ply].quiets_tried);
        let mut captures_tried = std::mem::take(&mut self.stack[ply].captures_tried);
        quiets_tried.clear();
        captures_tried.clear();
        let mut late_quiets = 0;
        while let Some((m, stage)) = self.next_move(moves, ply) {
            let quiet = !m.is_noisy();
            let hist_idx = self.history_index(m);
            let prunable =
                !node.pv_node && !node.in_check && found.best > -MATE_BOUND && found.searched > 0;
            // A checking drop the opponent cannot win by exchange is never
            // pruned as a late move and is extended; one he can win is just
            // a quiet move.
            let check_drop = stage == Stage::CheckDrop && self.see(m) >= 0;
            if prunable
                && quiet
                && stage.is_late()
                && !check_drop
                && self.prune_late_quiet(m, hist_idx, node, late_quiets)
            {
                continue;
            }
            if prunable && stage == Stage::BadNoisy && node.depth <= self.params.see_prune_depth {
                // Losing capture at low depth.
                continue;
            }
            self.stack[ply].moved = hist_idx;
            let nodes_before = self.nodes;
            self.pos.make_unchecked(m);
            if ply > 0 && !self.legal_now() {
                self.pos.unmake();
                continue;
            }
            let facts = MoveFacts {
                stage,
                quiet,
                gives_check: self.pos.in_check(),
            };
            if prunable && self.futile(node, facts) {
                self.pos.unmake();
                continue;
            }
            let ext = i32::from(
                facts.gives_check
                    && (m.dropped().is_none() || check_drop)
                    && (ply as i32) < 2 * node.depth + self.params.check_ext_ply_margin,
            );
            let s = self.search_made(node, facts, found.searched, node.depth - 1 + ext, hist_idx);
            self.pos.unmake();
            found.searched += 1;
            if ply == 0 {
                self.count_root_nodes(m, self.nodes - nodes_before);
            }
            if self.aborted {
                break;
            }
            if ply == 0 && found.searched == 1 {
                self.root_first = Some(m);
            }
            if s > found.best {
                found.best = s;
                found.best_move = m;
                if s > node.alpha {
                    node.alpha = s;
                    let (head, tail) = self.stack.split_at_mut(ply + 1);
                    head[ply].pv.clear();
                    head[ply].pv.push(m);
                    head[ply].pv.extend_from_slice(&tail[0].pv);
                    if s >= node.beta {
                        self.reward_cutoff(
                            m,
                            quiet,
                            node.depth,
                            ply,
                            &quiets_tried,
                            &captures_tried,
                        );
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(hist_idx);
                late_quiets += i32::from(!check_drop);
            } else if m.is_capture() {
                captures_tried.push(self.capture_index(m));
            }
        }
        self.stack[ply].quiets_tried = quiets_tried;
        self.stack[ply].captures_tried = captures_tried;
        found
    }

    /// Late-move pruning (after enough quiet moves), continuation-history
    /// pruning (a quiet move that kept failing after these previous moves)
    /// and exchange pruning (a quiet move that loses material) of a late
    /// quiet move, before it is made: true when it is skipped.
    fn prune_late_quiet(
        &mut self,
        m: Move,
        hist_idx: usize,
        node: &Node,
        late_quiets: i32,
    ) -> bool {
        let p = &self.params;
        let depth = node.depth;
        let limit = (p.lmp_base + depth * depth) / if node.improving { 1 } else { 2 };
        if depth <= p.lmp_depth && late_quiets >= limit {
            return true;
        }
        if depth <= p.cont_prune_depth
            && self.cont_score(hist_idx, node.ply) < -p.cont_prune_margin * depth
        {
            return true;
        }
        let (see_depth, see_margin) = (p.see_quiet_depth, p.see_quiet_margin);
        depth <= see_depth && self.see(m) < -see_margin * depth * depth
    }

    /// Futility pruning of a made quiet late move that gives no check and
    /// cannot raise alpha.
    fn futile(&self, node: &Node, facts: MoveFacts) -> bool {
        let p = &self.params;
        facts.quiet
            && !facts.gives_check
            && node.depth <= p.futility_depth
            && facts.stage.is_late()
            && node.static_eval + p.futility_base + p.futility_per_depth * node.depth <= node.alpha
    }

    /// Searches the move just made to `new_depth`: the first with the full
    /// window, a later one reduced and with a null window first
    /// ([`Self::search_late`]). The child's score, our view.
    fn search_made(
        &mut self,
        node: &Node,
        facts: MoveFacts,
        searched: usize,
        new_depth: i32,
        hist_idx: usize,
    ) -> i32 {
        let (alpha, beta, ply) = (node.alpha, node.beta, node.ply);
        if searched == 0 {
            return -self.search(-beta, -alpha, new_depth, ply + 1, true, facts.gives_check);
        }
        let p = &self.params;
        let r = if node.depth >= p.lmr_min_depth
            && !node.in_check
            && (facts.quiet || facts.stage == Stage::BadNoisy)
            && searched >= p.lmr_min_moves
        {
            self.reduction(
                node.depth,
                searched,
                node.pv_node,
                node.improving,
                facts,
                hist_idx,
            )
            .clamp(0, new_depth - 1)
        } else {
            0
        };
        self.search_late(alpha, beta, new_depth, r, ply, facts.gives_check)
    }

    /// The pseudo-legal moves of a node below the root, forced captures
    /// applied (they never empty a list that has a move).
    fn node_moves(&mut self, moves: &mut MoveList) {
        moves.clear();
        self.pos.pseudo_moves(moves);
        self.pos.keep_forced_captures(moves);
    }

    /// Reverse futility: cuts a non-PV node not in check, before its moves
    /// are generated, whose static evaluation beats beta by a margin. The
    /// score to return, if any.
    fn reverse_futility(
        &self,
        beta: i32,
        depth: i32,
        static_eval: i32,
        improving: bool,
    ) -> Option<i32> {
        let p = &self.params;
        (depth <= p.rfp_depth
            && static_eval - (p.rfp_margin - p.rfp_improving * i32::from(improving)) * depth
                >= beta
            && beta.abs() < MATE_BOUND)
            .then_some(static_eval)
    }

    /// Null move: cuts a non-PV node not in check, before its moves are
    /// searched, where passing still beats beta. The score to return, if
    /// any.
    fn null_move(
        &mut self,
        beta: i32,
        depth: i32,
        ply: usize,
        static_eval: i32,
        allow_null: bool,
    ) -> Option<i32> {
        let p = self.params;
        if !(allow_null
            && self.null_ok
            && depth >= p.nmp_min_depth
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && self.has_non_pawn_material())
        {
            return None;
        }
        let r = p.nmp_base
            + depth / p.nmp_depth_div
            + ((static_eval - beta) / p.nmp_eval_div).min(p.nmp_eval_max);
        self.stack[ply].moved = usize::MAX;
        self.pos.make_null();
        let s = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, false);
        self.pos.unmake();
        if self.aborted {
            return Some(0);
        }
        if s < beta {
            return None;
        }
        // Drop games are prone to zugzwang-like effects: verify there
        // and at high depth.
        if !self.pos.variant().rules.drops && depth < p.nmp_verify_depth {
            return Some(if s > MATE_BOUND { beta } else { s });
        }
        let v = self.search(beta - 1, beta, depth - 1 - r, ply, false, false);
        (v >= beta).then_some(beta)
    }

    /// Late-move reduction of a move after the first ones, in plies (before
    /// clamping to the depth left).
    fn reduction(
        &self,
        depth: i32,
        searched: usize,
        pv_node: bool,
        improving: bool,
        m: MoveFacts,
        hist_idx: usize,
    ) -> i32 {
        let last = super::params::LMR_TABLE - 1;
        let mut r = i32::from(self.lmr[(depth as usize).min(last)][searched.min(last)]);
        if pv_node {
            r -= 1;
        }
        if !improving {
            r += 1;
        }
        if !m.stage.is_late() {
            r -= 1;
        }
        if m.gives_check {
            r -= 1;
        }
        if m.quiet {
            r -= self.learned.hist.main[hist_idx] / self.params.lmr_history_div;
        }
        r
    }

    /// A move after the first: a null-window search reduced by `r`, again
    /// at full depth if it beats alpha, and with the full window if it
    /// lands inside it (the move made; the child's score, our view).
    fn search_late(
        &mut self,
        alpha: i32,
        beta: i32,
        new_depth: i32,
        r: i32,
        ply: usize,
        gives_check: bool,
    ) -> i32 {
        let mut s = -self.search(
            -alpha - 1,
            -alpha,
            new_depth - r,
            ply + 1,
            true,
            gives_check,
        );
        if s > alpha && r > 0 {
            s = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, true, gives_check);
        }
        if s > alpha && s < beta {
            s = -self.search(-beta, -alpha, new_depth, ply + 1, true, gives_check);
        }
        s
    }

    /// Move `m` caused a cut-off at `ply`. A quiet one becomes a killer
    /// and the counter to the previous move, and gains butterfly and
    /// continuation history that the quiet moves tried before it lose; a
    /// capture gains capture history. The captures tried before it lose
    /// capture history either way.
    fn reward_cutoff(
        &mut self,
        m: Move,
        quiet: bool,
        depth: i32,
        ply: usize,
        quiets_tried: &[usize],
        captures_tried: &[usize],
    ) {
        let p = &self.params;
        let bonus = (depth * depth).min(p.history_bonus_depth_cap) * p.history_bonus;
        if quiet {
            let frame = &mut self.stack[ply];
            if frame.killers[0] != m {
                frame.killers[1] = frame.killers[0];
                frame.killers[0] = m;
            }
            if ply > 0 && self.stack[ply - 1].moved != usize::MAX {
                self.learned.counter[self.stack[ply - 1].moved] = m;
            }
            let idx = self.history_index(m);
            self.update_quiet(idx, ply, bonus);
            for &q in quiets_tried {
                self.update_quiet(q, ply, -bonus);
            }
        } else if m.is_capture() {
            self.learned
                .hist
                .update_capture(self.capture_index(m), bonus);
        }
        for &c in captures_tried {
            self.learned.hist.update_capture(c, -bonus);
        }
    }
}
