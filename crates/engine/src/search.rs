//! Alpha-beta search: iterative deepening, PVS with aspiration windows,
//! transposition table, quiescence, null move, reverse futility, futility
//! and late-move pruning, late-move reductions, killer, countermove,
//! checking-drop and history ordering, check extensions, static exchange
//! evaluation, mate scores and draw rules.
//!
//! Nothing here knows a variant: it sees moves, make/unmake, in-check, the
//! rule-decided test (coverage loss, win by count), the hash and the
//! evaluator.

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
/// Value of a royal piece in exchanges (captured last).
const ROYAL_SEE: i32 = 20_000;
const HISTORY_MAX: i32 = 16_384;
/// Quiescence plies after which checks are no longer searched as such.
const QS_CHECK_LIMIT: u32 = 6;
/// Captures (promotions aside) tried at a quiescence node not in check.
const QS_MOVES: usize = 3;
/// Quiescence plies after which the static evaluation is returned.
const QS_LIMIT: u32 = 16;
/// What a draw is worth to the side that started the search (a little less
/// than nothing: play on when the position is balanced).
const CONTEMPT: i32 = 25;

// Move-ordering buckets.
const TT_MOVE: i32 = 10_000_000;
const GOOD_NOISY: i32 = 2_000_000;
const KILLER_1: i32 = 1_000_000;
const KILLER_2: i32 = 999_000;
const COUNTER: i32 = 998_000;
/// Drops that give check, after the counter move (ordered among themselves
/// by history); like killers they are never pruned as late moves.
const CHECK_DROP: i32 = 990_000;
const BAD_NOISY: i32 = -2_000_000;
/// Selection-sort picks before a long move list is sorted in one go.
const PICK_SORT_AFTER: usize = 3;
/// Lists with fewer remaining moves than this keep selection sort.
const PICK_SORT_MIN: usize = 24;

/// True for the ordering score of a drop that gives check.
fn is_check_drop(score: i32) -> bool {
    (CHECK_DROP - 1_000..CHECK_DROP + 1_000).contains(&score)
}

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
    /// Nodes searched (all threads, as far as they reported).
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
    reported: u64,
    seldepth: usize,
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    counter: Vec<Move>,
    /// History index of the move made at each ply (usize::MAX: null move).
    moved: Vec<usize>,
    evals: Vec<i32>,
    pv: Vec<Vec<Move>>,
    lists: Vec<MoveList>,
    scores: Vec<Vec<i32>>,
    /// Per ply: the index from which the move list is fully sorted by score
    /// (`usize::MAX` while moves are still picked by selection).
    sorted_from: Vec<usize>,
    sort_buf: Vec<(i32, Move)>,
    aborted: bool,
    types: usize,
    cells: usize,
    null_ok: bool,
    has_royal: bool,
    royal: Vec<bool>,
    /// Per type: the hand value its capture brings the captor (0 where
    /// captures do not go to a hand).
    hand_gain: Vec<i32>,
    /// Position of each type in the types ordered by value, royal last
    /// (the least valuable attacker is the one of lowest rank).
    value_rank: Vec<usize>,
    attackers_buf: Vec<(menagerie_geometry::CellId, PieceType)>,
    /// Per cell: the hand types whose drop there would give check (filled
    /// while a node's moves are scored, cleared right after).
    drop_check: Vec<u64>,
    placed_buf: Vec<(menagerie_geometry::CellId, u64)>,
    drops: bool,
    excluded_root: Vec<Move>,
    /// The first root move whose search completed in the current iteration.
    root_first: Option<Move>,
    pub main: bool,
    lmr: Vec<[u8; 64]>,
    root_side: menagerie_rules::Color,
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
        let cells = v.geometry.len().max(1);
        let has_royal = v.has_royal();
        let royal: Vec<bool> = v.pieces.iter().map(|p| p.royal).collect();
        let mut by_value: Vec<PieceType> = (0..types as PieceType).collect();
        by_value.sort_by_key(|&k| {
            if royal[usize::from(k)] {
                i32::MAX
            } else {
                eval.value.get(usize::from(k)).copied().unwrap_or(100)
            }
        });
        let lmr = (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (i, r) in row.iter_mut().enumerate() {
                    if d > 0 && i > 0 {
                        let x = 0.75 + (d as f64).ln() * (i as f64).ln() / 2.25;
                        *r = x.clamp(0.0, 30.0) as u8;
                    }
                }
                row
            })
            .collect();
        Searcher {
            pos,
            eval,
            tt,
            clock,
            total_nodes,
            node_limit,
            nodes: 0,
            reported: 0,
            seldepth: 0,
            killers: vec![[Move::NULL; 2]; MAX_PLY + 2],
            history: vec![0; 2 * types * cells],
            counter: vec![Move::NULL; 2 * types * cells],
            moved: vec![usize::MAX; MAX_PLY + 2],
            evals: vec![0; MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            lists: vec![MoveList::new(); MAX_PLY + 2],
            scores: vec![Vec::new(); MAX_PLY + 2],
            sorted_from: vec![usize::MAX; MAX_PLY + 2],
            sort_buf: Vec::new(),
            aborted: false,
            types,
            cells,
            // Null move needs a royal piece: without one (Nichtschach) passing
            // is too often the best "move" for the verification to help.
            null_ok: has_royal,
            has_royal,
            hand_gain: v
                .pieces
                .iter()
                .map(|p| match p.captured_as {
                    Some(h) if v.rules.captures_to_hand => {
                        eval.hand_value.get(usize::from(h)).copied().unwrap_or(0)
                    }
                    _ => 0,
                })
                .collect(),
            royal,
            value_rank: {
                let mut rank = vec![0; types];
                for (i, &k) in by_value.iter().enumerate() {
                    rank[usize::from(k)] = i;
                }
                rank
            },
            attackers_buf: Vec::new(),
            drop_check: vec![0; cells],
            placed_buf: Vec::new(),
            drops: v.rules.drops,
            excluded_root: Vec::new(),
            root_first: None,
            main: true,
            lmr,
            root_side: menagerie_rules::Color::White,
        }
    }

    fn check_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 127 == 0 {
            let fresh = self.nodes - self.reported;
            self.reported = self.nodes;
            let total = self.total_nodes.fetch_add(fresh, Ordering::Relaxed) + fresh;
            if self.clock.stopped()
                || (self.main && self.clock.hard_expired())
                || (self.node_limit > 0 && total >= self.node_limit)
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

    fn see_value(&self, k: PieceType) -> i32 {
        if self.royal.get(usize::from(k)).copied().unwrap_or(false) {
            ROYAL_SEE
        } else {
            self.value_of(k)
        }
    }

    /// What capturing the piece on `c` is worth: its value, and where
    /// captures go to the captor's hand, the hand piece it becomes (a
    /// promoted piece by the type it was promoted from).
    fn victim_value(&self, c: menagerie_geometry::CellId) -> i32 {
        let p = self.pos.piece(c);
        if p.is_empty() {
            return 0;
        }
        self.value_of(p.kind()) + self.captured_bonus(c, p.kind())
    }

    /// The hand value a capture of the piece of type `k` on `c` brings
    /// (0 where captures do not go to a hand).
    fn captured_bonus(&self, c: menagerie_geometry::CellId, k: PieceType) -> i32 {
        let base = self.pos.origin(c).unwrap_or(k);
        self.hand_gain.get(usize::from(base)).copied().unwrap_or(0)
    }

    /// Material gained by a move at first sight (victims, promotion).
    fn gain(&self, m: Move) -> i32 {
        let mut g = 0;
        if m.kind() == MoveKind::EnPassant {
            g += self.victim_value(self.pos.ep().victim());
        } else if m.kind() == MoveKind::Normal {
            g += self.victim_value(m.to());
            if m.captures_via() {
                if let Some(v) = m.via() {
                    g += self.victim_value(v);
                }
            }
            if let (Some(p), Some(f)) = (m.promotion(), m.from()) {
                g += self.value_of(p) - self.value_of(self.pos.piece(f).kind());
            }
        }
        g
    }

    /// The mover's value (royal: [`ROYAL_SEE`]).
    fn mover_value(&self, m: Move) -> i32 {
        match m.from() {
            Some(f) => {
                let p = self.pos.piece(f);
                if p.is_empty() {
                    0
                } else {
                    self.see_value(p.kind())
                }
            }
            None => m.dropped().map_or(0, |k| self.value_of(k)),
        }
    }

    /// What the opponent wins by capturing the mover once it stands on its
    /// target: [`Self::mover_value`] (or the promoted type's) and the hand
    /// piece it would become.
    fn mover_as_victim(&self, m: Move) -> i32 {
        match (m.from(), m.dropped()) {
            (Some(f), _) => {
                let k = self.pos.piece(f).kind();
                let own = match m.promotion() {
                    Some(p) => self.value_of(p),
                    None => self.mover_value(m),
                };
                own + self.captured_bonus(f, k)
            }
            (None, Some(k)) => self.value_of(k) + self.hand_gain[usize::from(k)],
            (None, None) => 0,
        }
    }

    /// The least valuable piece of the side to move that attacks `t`.
    fn least_attacker(
        &mut self,
        t: menagerie_geometry::CellId,
    ) -> Option<(menagerie_geometry::CellId, PieceType)> {
        let mut found = std::mem::take(&mut self.attackers_buf);
        found.clear();
        self.pos.attackers(t, self.pos.side(), &mut found);
        let best = found
            .iter()
            .copied()
            .min_by_key(|&(_, k)| self.value_rank[usize::from(k)]);
        self.attackers_buf = found;
        best
    }

    /// Static exchange evaluation of a capture or drop: plays it, then lets both
    /// sides recapture on that cell with their least valuable attacker
    /// (found with the real move tables, so hoppers, bent and lame pieces
    /// count), each side free to stop. Works on the real position with
    /// make/unmake, so screens and x-rays change as pieces leave.
    pub(crate) fn see(&mut self, m: Move) -> i32 {
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Drop) || m.via().is_some() {
            return self.gain(m);
        }
        let target = m.to();
        let mut gains = [0i32; 24];
        gains[0] = self.gain(m);
        let mut last = self.mover_as_victim(m);
        let mut d = 0;
        self.pos.make_unchecked(m);
        let mut made = 1;
        while d + 1 < gains.len() {
            let side = self.pos.side();
            // (One attacker scan: an `is_attacked` test first would walk the
            // lines twice whenever the cell is attacked.)
            let Some((s, k)) = self.least_attacker(target) else {
                break;
            };
            if self.royal[usize::from(k)] && self.pos.is_attacked(target, side.flip()) {
                break;
            }
            d += 1;
            gains[d] = last - gains[d - 1];
            last = self.see_value(k) + self.captured_bonus(s, k);
            self.pos
                .make_unchecked(Move::normal(s, target).with_capture());
            made += 1;
        }
        for _ in 0..made {
            self.pos.unmake();
        }
        while d > 0 {
            gains[d - 1] = -((-gains[d - 1]).max(gains[d]));
            d -= 1;
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

    fn is_noisy(m: Move) -> bool {
        m.is_capture() || m.promotion().is_some()
    }

    /// Fills `placed_buf` with the cells (and hand types) where a drop from
    /// the side to move's hand would attack an enemy royal; returns whether
    /// there is any.
    fn find_checking_drops(&mut self) -> bool {
        if !self.drops || !self.has_royal {
            return false;
        }
        let us = self.pos.side();
        let kinds = (0..self.types)
            .filter(|&k| self.pos.hand(us, k as PieceType) > 0)
            .fold(0u64, |m, k| m | 1 << k);
        if kinds == 0 {
            return false;
        }
        let (pos, buf) = (&self.pos, &mut self.placed_buf);
        buf.clear();
        for r in pos.royals(us.flip()) {
            pos.attacks_if_placed(r, us, kinds, buf);
        }
        !buf.is_empty()
    }

    /// Marks the cells of `placed_buf` in `drop_check` (one mask per cell,
    /// however often the cell was found).
    fn mark_checking_drops(&mut self) {
        for &(c, m) in &self.placed_buf {
            self.drop_check[c.idx()] |= m;
        }
    }

    /// Scores moves for ordering into `self.scores[ply]`; with `checks`,
    /// drops that give check are found and put right after the counter move.
    fn score_moves(&mut self, moves: &MoveList, tt_move: u64, ply: usize, checks: bool) {
        let mut scores = std::mem::take(&mut self.scores[ply]);
        scores.clear();
        let counter = if ply > 0 && self.moved[ply - 1] != usize::MAX {
            self.counter[self.moved[ply - 1]]
        } else {
            Move::NULL
        };
        let marked = checks && self.find_checking_drops();
        if marked {
            self.mark_checking_drops();
        }
        for &m in moves {
            let s = if m.raw() == tt_move {
                TT_MOVE
            } else if Self::is_noisy(m) {
                GOOD_NOISY + self.gain(m) * 16 - self.mover_value(m).min(5_000) / 16
            } else if m == self.killers[ply][0] {
                KILLER_1
            } else if m == self.killers[ply][1] {
                KILLER_2
            } else if m == counter {
                COUNTER
            } else if marked
                && m.dropped()
                    .is_some_and(|k| self.drop_check[m.to().idx()] >> k & 1 != 0)
            {
                CHECK_DROP + self.history[self.history_index(m)] / 64
            } else {
                self.history[self.history_index(m)]
            };
            scores.push(s);
        }
        if marked {
            for &(c, _) in &self.placed_buf {
                self.drop_check[c.idx()] = 0;
            }
        }
        self.scores[ply] = scores;
        self.sorted_from[ply] = usize::MAX;
    }

    /// Moves the best remaining move to `i`. The first picks are selection
    /// sort steps (a cut-off usually comes early); after [`PICK_SORT_AFTER`]
    /// of them a long remainder (drops make lists of hundreds of moves) is
    /// sorted once. Captures that lose material by SEE are demoted below
    /// the quiet moves the first time they come up.
    fn pick(&mut self, moves: &mut MoveList, i: usize, ply: usize) {
        loop {
            let sorted = self.sorted_from[ply] <= i;
            if !sorted {
                if i >= PICK_SORT_AFTER && moves.len() - i > PICK_SORT_MIN {
                    self.sort_rest(moves, i, ply);
                } else {
                    let scores = &mut self.scores[ply];
                    let mut best = i;
                    for j in i + 1..moves.len() {
                        if scores[j] > scores[best] {
                            best = j;
                        }
                    }
                    moves.swap(i, best);
                    scores.swap(i, best);
                }
            }
            let (m, s) = (moves[i], self.scores[ply][i]);
            if (GOOD_NOISY - 1_000_000..TT_MOVE).contains(&s)
                && m.is_capture()
                && self.mover_value(m) > self.gain(m)
                && self.see(m) < 0
            {
                let scores = &mut self.scores[ply];
                scores[i] = BAD_NOISY + (s - GOOD_NOISY);
                if self.sorted_from[ply] <= i {
                    // Keep the sorted remainder sorted: sink the demoted move.
                    let mut j = i;
                    while j + 1 < moves.len() && scores[j + 1] > scores[j] {
                        moves.swap(j, j + 1);
                        scores.swap(j, j + 1);
                        j += 1;
                    }
                }
                continue;
            }
            return;
        }
    }

    /// Sorts `moves[i..]` by descending score (stable), once per list.
    fn sort_rest(&mut self, moves: &mut MoveList, i: usize, ply: usize) {
        let scores = &mut self.scores[ply];
        let buf = &mut self.sort_buf;
        buf.clear();
        buf.extend((i..moves.len()).map(|j| (scores[j], moves[j])));
        buf.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        for (k, &(s, m)) in buf.iter().enumerate() {
            scores[i + k] = s;
            moves[i + k] = m;
        }
        self.sorted_from[ply] = i;
    }

    /// Score of a position with no legal move, or decided by a rule.
    fn terminal(&self, ply: usize, in_check: bool) -> i32 {
        let p = &self.pos;
        let us = p.side();
        if p.coverage_failed(us) {
            return -(MATE - ply as i32);
        }
        if p.count_won(us) {
            return MATE - ply as i32;
        }
        if in_check {
            return -(MATE - ply as i32);
        }
        match p.variant().rules.stalemate {
            Verdict::Draw => self.draw_score(),
            Verdict::Loss => -(MATE - ply as i32),
            Verdict::Win => MATE - ply as i32,
        }
    }

    /// Score of a draw for the side to move.
    fn draw_score(&self) -> i32 {
        if self.pos.side() == self.root_side {
            -CONTEMPT
        } else {
            CONTEMPT
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
        let h = p.hash();
        p.repeatable_keys().any(|k| k == h)
    }

    fn has_non_pawn_material(&self) -> bool {
        let v = self.pos.variant();
        let side = self.pos.side();
        let mut bits = self.pos.present(side);
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let d = &v.pieces[k];
            if !d.royal && d.promotion.is_none() {
                return true;
            }
        }
        v.rules.drops && (0..self.types).any(|k| self.pos.hand(side, k as PieceType) > 0)
    }

    /// True when the side to move can mate at once with a drop: a quiet
    /// move, so quiescence alone never sees it. Only drops that give check
    /// and cannot be won by exchange are tried; each is answered with the
    /// cheap evasions first (see [`Self::has_legal_reply`]).
    fn mating_drop(&mut self) -> bool {
        if !self.find_checking_drops() {
            return false;
        }
        // Through `drop_check`, so that each drop is tried once however
        // many lines found its cell.
        self.mark_checking_drops();
        let cands = std::mem::take(&mut self.placed_buf);
        let mut found = false;
        'cands: for &(c, _) in &cands {
            let mut bits = std::mem::take(&mut self.drop_check[c.idx()]);
            while bits != 0 {
                let k = bits.trailing_zeros() as PieceType;
                bits &= bits - 1;
                if !self.pos.can_drop(k, c) {
                    continue;
                }
                let m = Move::drop(k, c);
                if self.see(m) < 0 {
                    continue;
                }
                self.pos.make_unchecked(m);
                let mate = self.legal_now()
                    && self.pos.in_check()
                    && !self.pos.decided_by_rule()
                    && !self.has_legal_reply(c, k);
                self.pos.unmake();
                if mate {
                    found = true;
                    break 'cands;
                }
            }
        }
        for &(c, _) in &cands {
            self.drop_check[c.idx()] = 0;
        }
        self.placed_buf = cands;
        found
    }

    /// True when the side to move, in check from a piece of `kind` just
    /// dropped on `checker`, has a legal move. Royal moves are tried first,
    /// then captures of the checker; only when the check could be blocked
    /// (or there are several royals) are all moves looked at.
    fn has_legal_reply(&mut self, checker: menagerie_geometry::CellId, kind: PieceType) -> bool {
        let side = self.pos.side();
        let royals: Vec<_> = self.pos.royals(side).collect();
        let mut list = MoveList::new();
        let try_moves = |this: &mut Self, list: &MoveList, only_to: Option<_>| {
            list.iter().any(|&m| {
                let takes = |t| m.to() == t || (m.captures_via() && m.via() == Some(t));
                if only_to.is_some_and(|t| !takes(t)) {
                    return false;
                }
                this.pos.make_unchecked(m);
                let ok = this.legal_now();
                this.pos.unmake();
                ok
            })
        };
        for &r in &royals {
            list.clear();
            self.pos.moves_from(r, &mut list);
            if try_moves(self, &list, None) {
                return true;
            }
        }
        let mut found = std::mem::take(&mut self.attackers_buf);
        found.clear();
        self.pos.attackers(checker, side, &mut found);
        let mut reply = false;
        for &(s, _) in &found {
            list.clear();
            self.pos.moves_from(s, &mut list);
            if try_moves(self, &list, Some(checker)) {
                reply = true;
                break;
            }
        }
        self.attackers_buf = found;
        if reply {
            return true;
        }
        let blockable = royals.len() != 1 || {
            let mut path = menagerie_geometry::CellSet::with_capacity(self.cells);
            self.pos
                .attack_paths(side.flip(), kind, checker, royals[0], &mut path);
            !path.is_empty()
        };
        if !blockable {
            return false;
        }
        list.clear();
        self.pos.pseudo_moves(&mut list);
        try_moves(self, &list, None)
    }

    /// True when the move just made left the mover's royals safe.
    fn legal_now(&self) -> bool {
        if !self.has_royal {
            return true;
        }
        let mover = self.pos.side().flip();
        !self.pos.royal_attacked(mover) && !self.pos.royals_facing()
    }

    /// Quiescence search; `qdepth` counts its plies (captures beyond
    /// [`QS_CHECK_LIMIT`] no longer answer checks, beyond [`QS_LIMIT`] the
    /// static evaluation stands).
    pub(crate) fn qsearch(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        qdepth: u32,
    ) -> i32 {
        self.nodes += 1;
        if self.check_abort() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return self.eval.evaluate(&self.pos);
        }
        if self.pos.decided_by_rule() {
            return self.terminal(ply, in_check);
        }
        if ply > 0 && self.is_draw() {
            return self.draw_score();
        }
        let pv_node = beta - alpha > 1;
        let key = self.pos.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            if !pv_node {
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
        let in_check = in_check && qdepth < QS_CHECK_LIMIT;
        if qdepth >= QS_LIMIT {
            return self.eval.evaluate(&self.pos);
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let stand;
        if in_check {
            moves.clear();
            self.pos.pseudo_moves(&mut moves);
            stand = -INF;
        } else {
            stand = match entry {
                Some(e) if e.eval != 0 => e.eval,
                _ => self.eval.evaluate(&self.pos),
            };
            if stand >= beta {
                self.lists[ply] = moves;
                if entry.is_none() {
                    self.tt.store(key, 0, stand, stand, 0, Bound::Lower);
                }
                return stand;
            }
            if qdepth == 0 && self.mating_drop() {
                self.lists[ply] = moves;
                let s = MATE - (ply as i32 + 1);
                self.tt
                    .store(key, 0, mate_to_tt(s, ply), stand, 0, Bound::Lower);
                return s;
            }
            alpha = alpha.max(stand);
            moves.clear();
            self.pos.noisy_moves(&mut moves);
        }
        self.score_moves(&moves, entry.map_or(0, |e| e.mv), ply, false);
        let mut best = stand;
        let mut best_move = 0;
        let orig_alpha = alpha;
        let mut legal = 0usize;
        for i in 0..moves.len() {
            self.pick(&mut moves, i, ply);
            let m = moves[i];
            if !in_check {
                if self.scores[ply][i] < 0 {
                    // Only losing captures are left.
                    break;
                }
                if m.promotion().is_none() {
                    // Delta pruning.
                    if stand + self.gain(m) + 200 < alpha {
                        continue;
                    }
                    // Only the first few captures of a node are tried:
                    // on crowded boards the capture tree explodes otherwise.
                    if legal >= QS_MOVES && best > -MATE_BOUND {
                        continue;
                    }
                }
            }
            self.pos.make_unchecked(m);
            if !self.legal_now() {
                self.pos.unmake();
                continue;
            }
            legal += 1;
            let child_check = self.pos.in_check();
            let s = -self.qsearch(-beta, -alpha, ply + 1, child_check, qdepth + 1);
            self.pos.unmake();
            if self.aborted {
                self.lists[ply] = moves;
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = m.raw();
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = moves;
        if in_check && legal == 0 {
            best = self.terminal(ply, true);
        }
        // Quiescence results are kept at depth 0: capture sequences
        // transpose a lot, and the main search only takes them as a move
        // and a static evaluation.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha && best_move != 0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let ev = if in_check { 0 } else { stand };
        self.tt
            .store(key, best_move, mate_to_tt(best, ply), ev, 0, bound);
        best
    }

    #[allow(clippy::too_many_lines)]
    pub(crate) fn search(
        &mut self,
        mut alpha: i32,
        beta: i32,
        mut depth: i32,
        ply: usize,
        allow_null: bool,
        in_check: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, in_check, 0);
        }
        self.nodes += 1;
        if self.check_abort() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply > 0 {
            if self.is_draw() {
                return self.draw_score();
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
        let mut moves = std::mem::take(&mut self.lists[ply]);
        // Below the root, moves are pseudo-legal and checked when made (most
        // are never made at a cut node).
        if ply == 0 {
            self.pos.generate_legal(&mut moves);
            if !self.excluded_root.is_empty() {
                moves.retain(|m| !self.excluded_root.contains(m));
            }
        } else if self.pos.decided_by_rule() {
            moves.clear();
        } else {
            moves.clear();
            self.pos.pseudo_moves(&mut moves);
        }
        if moves.is_empty() {
            self.lists[ply] = moves;
            return self.terminal(ply, in_check);
        }
        let static_eval = if in_check {
            -INF
        } else {
            match entry {
                Some(e) if e.eval != 0 => e.eval,
                _ => self.eval.evaluate(&self.pos),
            }
        };
        self.evals[ply] = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];
        // Reverse futility pruning.
        if !pv_node
            && !in_check
            && depth <= 6
            && static_eval - (90 - 30 * i32::from(improving)) * depth >= beta
            && beta.abs() < MATE_BOUND
        {
            self.lists[ply] = moves;
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
            let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
            self.moved[ply] = usize::MAX;
            self.pos.make_null();
            let s = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, false);
            self.pos.unmake();
            if self.aborted {
                self.lists[ply] = moves;
                return 0;
            }
            if s >= beta {
                // Drop games are prone to zugzwang-like effects: verify there
                // and at high depth.
                if !self.pos.variant().rules.drops && depth < 10 {
                    self.lists[ply] = moves;
                    return if s > MATE_BOUND { beta } else { s };
                }
                let v = self.search(beta - 1, beta, depth - 1 - r, ply, false, false);
                if v >= beta {
                    self.lists[ply] = moves;
                    return beta;
                }
            }
        }
        // Internal iterative reduction: no move from the table to start with.
        if tt_move == 0 && depth >= 4 {
            depth -= 1;
        }
        self.score_moves(&moves, tt_move, ply, true);
        let mut best = -INF;
        let mut best_move = Move::NULL;
        let orig_alpha = alpha;
        let mut searched = 0usize;
        let mut quiets_tried: Vec<usize> = Vec::new();
        let mut late_quiets = 0;
        for i in 0..moves.len() {
            self.pick(&mut moves, i, ply);
            let m = moves[i];
            let score_i = self.scores[ply][i];
            let quiet = !Self::is_noisy(m);
            let hist_idx = self.history_index(m);
            let prunable = !pv_node && !in_check && best > -MATE_BOUND && searched > 0;
            // A checking drop the opponent cannot win by exchange is never
            // pruned as a late move and is extended; one he can win is just
            // a quiet move.
            let check_drop = is_check_drop(score_i) && self.see(m) >= 0;
            if prunable && quiet && score_i < COUNTER && !check_drop {
                // Late-move pruning.
                let limit = (3 + depth * depth) / if improving { 1 } else { 2 };
                if depth <= 5 && late_quiets >= limit {
                    continue;
                }
            }
            if prunable && !quiet && score_i < 0 && depth <= 4 {
                // Losing capture at low depth.
                continue;
            }
            self.moved[ply] = hist_idx;
            self.pos.make_unchecked(m);
            if ply > 0 && !self.legal_now() {
                self.pos.unmake();
                continue;
            }
            let gives_check = self.pos.in_check();
            // Futility pruning of quiet moves that cannot raise alpha.
            if prunable
                && quiet
                && !gives_check
                && depth <= 5
                && score_i < COUNTER
                && static_eval + 110 + 100 * depth <= alpha
            {
                self.pos.unmake();
                continue;
            }
            let ext = i32::from(
                gives_check
                    && (m.dropped().is_none() || check_drop)
                    && ply < 2 * depth as usize + 8,
            );
            let new_depth = depth - 1 + ext;
            let s = if searched == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, true, gives_check)
            } else {
                let mut r = 0;
                if depth >= 3 && !in_check && (quiet || score_i < 0) && searched >= 2 {
                    r = i32::from(self.lmr[depth.min(63) as usize][searched.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if score_i >= COUNTER {
                        r -= 1;
                    }
                    if gives_check {
                        r -= 1;
                    }
                    if quiet {
                        r -= self.history[hist_idx] / 6_000;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
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
            };
            self.pos.unmake();
            searched += 1;
            if self.aborted {
                self.lists[ply] = moves;
                return 0;
            }
            if ply == 0 && searched == 1 {
                self.root_first = Some(m);
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
                            if ply > 0 && self.moved[ply - 1] != usize::MAX {
                                self.counter[self.moved[ply - 1]] = m;
                            }
                            let bonus = (depth * depth).min(400) * 8;
                            self.update_history(hist_idx, bonus);
                            for &q in &quiets_tried {
                                self.update_history(q, -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(hist_idx);
                late_quiets += i32::from(!check_drop);
            }
        }
        if searched == 0 {
            // Pruning needs a searched move first, so here every move was
            // illegal (or, after an abort, nothing is known).
            self.lists[ply] = moves;
            return if self.aborted {
                0
            } else {
                self.terminal(ply, in_check)
            };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha && !best_move.is_null() {
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
        self.lists[ply] = moves;
        best
    }

    fn update_history(&mut self, idx: usize, bonus: i32) {
        let h = &mut self.history[idx];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        *h = (*h).clamp(-HISTORY_MAX, HISTORY_MAX);
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
                let mut delta = 30;
                let (mut alpha, mut beta) = if depth >= 4 && k == 0 && prev.abs() < MATE_BOUND {
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
                    delta += delta / 2 + 10;
                    if delta > 1_000 {
                        alpha = -INF;
                        beta = INF;
                    }
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
                // Nothing completed at this depth. A root move that raised
                // alpha in it beats an arbitrary one when no iteration
                // finished, and beats the last iteration's choice when that
                // was searched first at this depth and scored lower (a
                // threat only the deeper search sees).
                if let Some(&b) = self.pv[0].first() {
                    if result.depth == 0 || self.root_first == result.best {
                        result.best = Some(b);
                        if result.depth > 0 && result.pv.first() != Some(&b) {
                            result.pv = self.pv[0].clone();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Limits;
    use menagerie_rules::{parse_move, Registry};

    /// Quiescence of `fen` (side to move's view) with a fresh searcher.
    fn quiescence(variant: &str, fen: &str) -> i32 {
        with_searcher(variant, fen, |s| s.qsearch(-INF, INF, 0, false, 0))
    }

    #[test]
    fn quiescence_sees_a_quiet_mating_drop() {
        // From a lost game: Black mates with the drop C@g6, a Camel leap
        // onto the White King on f3, which its own pieces box in. A quiet
        // move, so only the mating-drop look finds it.
        let fen = "l1uu1bi1mcl/2rb1k2nr1/hq2n3w1h/p1ppppppppp/L10/1P2CN2M2/7WP1P/\
                   2PPPPPP1P1/3QBKN4/3RBRI4/1HUUX3MHL[MXccpp] b - - 0 36";
        let reg = Registry::builtin();
        let v = reg.get("toyang-gnuqi-mitregi").unwrap();
        let mut p = Position::from_fen(&v, fen).unwrap();
        let m = parse_move(&p, "C@g6").unwrap();
        p.play(m).unwrap();
        assert!(p.in_check() && p.legal_moves().is_empty(), "C@g6 mates");
        assert_eq!(quiescence("toyang-gnuqi-mitregi", fen), MATE - 1);
        // Without the Camels in hand there is no such mate.
        let no_camels = fen.replace("[MXccpp]", "[MXpp]");
        assert!(quiescence("toyang-gnuqi-mitregi", &no_camels).abs() < MATE_BOUND);
    }

    /// A searcher on `fen` with fresh tables, for `f`.
    fn with_searcher<R>(variant: &str, fen: &str, f: impl FnOnce(&mut Searcher) -> R) -> R {
        let reg = Registry::builtin();
        let v = reg.get(variant).unwrap();
        let pos = Position::from_fen(&v, fen).unwrap();
        let eval = EvalTables::new(&v);
        let tt = Table::new(1);
        let clock = Clock::new(&Limits::default(), true, 0, 0);
        let nodes = AtomicU64::new(0);
        let mut s = Searcher::new(pos, &eval, &tt, &clock, &nodes, u64::MAX);
        f(&mut s)
    }

    #[test]
    fn a_capture_into_the_hand_is_worth_the_hand_piece_too() {
        // A Pawn takes an undefended Rook. In chess that wins the Rook; in
        // shogi the Rook also joins the captor's hand, and the exchange
        // value says so.
        let chess = with_searcher("chess", "4k3/8/8/4r3/3P4/8/8/4K3 w - - 0 1", |s| {
            let m = parse_move(&s.pos, "d4e5").unwrap();
            (s.see(m), s.value_of(s.pos.piece(m.to()).kind()))
        });
        assert_eq!(chess.0, chess.1);
        let fen = "4k4/9/9/9/4r4/4P4/9/9/4K4[] w - - 0 1";
        let (see, rook, in_hand) = with_searcher("shogi", fen, |s| {
            let m = parse_move(&s.pos, "e4e5").unwrap();
            let k = s.pos.piece(m.to()).kind();
            (s.see(m), s.value_of(k), s.hand_gain[usize::from(k)])
        });
        assert!(in_hand > 0);
        assert_eq!(see, rook + in_hand);
        // Defended, the Rook still pays for the Pawn and the Pawn's hand
        // value.
        let defended = "4k4/9/9/4r4/4r4/4P4/9/9/4K4[] w - - 0 1";
        let (see, pawn_lost) = with_searcher("shogi", defended, |s| {
            let m = parse_move(&s.pos, "e4e5").unwrap();
            (s.see(m), s.mover_as_victim(m))
        });
        assert_eq!(see, rook + in_hand - pawn_lost);
    }
}
