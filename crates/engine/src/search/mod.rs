//! Alpha-beta search, by concern:
//!
//! * [`root`]: iterative deepening, aspiration windows, MultiPV;
//! * [`alphabeta`]: the main search and its pruning, reductions and
//!   extensions;
//! * [`quiescence`]: captures until the position is quiet;
//! * [`picker`]: move ordering;
//! * [`see`]: static exchange evaluation and material values;
//! * [`history`]: the butterfly, continuation and capture histories;
//! * [`correction`]: corrections of the static evaluation learned by search;
//! * [`drops`]: checking drops and mates by drop;
//! * [`params`]: every margin, reduction and limit, named;
//! * [`family`]: the tuned values per search family (data in
//!   `variants/search/`).
//!
//! This module holds what they share: the searcher with its per-ply stack,
//! the tables that outlive a node (histories, counter moves), the clock and
//! node accounting, and the scores of finished positions (mate, draws with
//! contempt).
//!
//! Nothing here knows a variant: it sees moves, make/unmake, in-check, the
//! rule-decided test (coverage loss, win by count), the hash and the
//! evaluator.

mod alphabeta;
mod correction;
mod drops;
pub mod family;
mod history;
mod learned;
mod params;
mod picker;
mod quiescence;
mod root;
mod see;

pub use family::{ParamsChoice, SearchFamily};
pub(crate) use learned::Learned;
pub use params::{ParamError, SearchParams, Tunable, TUNABLES};

use picker::{Picker, Stage};

use crate::eval::EvalTables;
use crate::time::Clock;
use crate::tt::Table;
use menagerie_geometry::CellId;
use menagerie_rules::{Judge, Move, MoveList, Outcome, PieceType, Position};
use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) const MATE: i32 = 30_000;
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;
/// Value of a royal piece in exchanges (captured last).
const ROYAL_SEE: i32 = 20_000;
/// Bound of a history score (the update's gravity keeps it inside).
const HISTORY_MAX: i32 = 16_384;

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

/// One completed iteration (or MultiPV line), as reported.
pub(crate) struct Iteration {
    pub nodes: u64,
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub pv: Vec<Move>,
    pub multipv: u32,
}

/// What the search keeps for one ply of the current line.
struct Frame {
    /// The two last quiet moves that caused a cut-off at this ply.
    killers: [Move; 2],
    /// History index of the move made here (`usize::MAX`: the null move),
    /// for the counter-move table of the next ply.
    moved: usize,
    /// Static evaluation of the node (-INF in check).
    static_eval: i32,
    /// Principal variation from this ply.
    pv: Vec<Move>,
    /// The node's moves (kept to reuse their allocation).
    moves: MoveList,
    /// The move picker's state for them.
    picker: Picker,
    /// Butterfly indices of the quiet moves searched here so far.
    quiets_tried: Vec<usize>,
    /// Capture-history indices of the captures searched here so far.
    captures_tried: Vec<usize>,
}

impl Default for Frame {
    fn default() -> Self {
        Frame {
            killers: [Move::NULL; 2],
            moved: usize::MAX,
            static_eval: 0,
            pv: Vec::new(),
            moves: MoveList::new(),
            picker: Picker::default(),
            quiets_tried: Vec::new(),
            captures_tried: Vec::new(),
        }
    }
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
    /// Per ply of the current line.
    stack: Vec<Frame>,
    /// Histories, corrections and counter moves: kept for the game's next
    /// search.
    learned: Learned,
    sort_buf: Vec<(i32, Move)>,
    staged_buf: Vec<(Stage, i32, Move)>,
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
    attackers_buf: Vec<(CellId, PieceType)>,
    /// Per cell: the hand types whose drop there would give check (filled
    /// while a node's moves are scored, cleared right after).
    drop_check: Vec<u64>,
    placed_buf: Vec<(CellId, u64)>,
    drops: bool,
    excluded_root: Vec<Move>,
    /// The first root move whose search completed in the current iteration.
    root_first: Option<Move>,
    /// Nodes searched under each root move in the current iteration (for
    /// the time rules: a best move that took most of them is clear).
    root_nodes: Vec<(Move, u64)>,
    pub main: bool,
    params: SearchParams,
    lmr: Vec<[u8; params::LMR_TABLE]>,
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

/// What every thread of one search shares.
pub(crate) struct Shared<'a> {
    pub eval: &'a EvalTables,
    pub tt: &'a Table,
    pub clock: &'a Clock,
    /// Nodes of all threads together.
    pub nodes: &'a AtomicU64,
    /// Stop after this many nodes of all threads (0: no limit).
    pub node_limit: u64,
    pub params: &'a SearchParams,
}

impl<'a> Searcher<'a> {
    /// A searcher of `pos` that starts from the tables of `learned` (which
    /// must fit `shared.eval`: see [`Learned::fits`]).
    pub(crate) fn new(pos: Position, shared: &Shared<'a>, mut learned: Learned) -> Self {
        let Shared {
            eval,
            tt,
            clock,
            nodes: total_nodes,
            node_limit,
            params,
        } = *shared;
        debug_assert!(std::ptr::eq(learned.eval.as_ref(), eval));
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
        let params = *params;
        learned.hist.age();
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
            stack: (0..MAX_PLY + 2).map(|_| Frame::default()).collect(),
            learned,
            sort_buf: Vec::new(),
            staged_buf: Vec::new(),
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
            root_nodes: Vec::new(),
            main: true,
            lmr: params.lmr_table(),
            params,
            root_side: menagerie_rules::Color::White,
        }
    }

    /// The tables this searcher learned, for the next search of the game.
    pub(crate) fn into_learned(self) -> Learned {
        self.learned
    }

    pub(super) fn check_abort(&mut self) -> bool {
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

    /// Score of a position where no legal move was found (the rules'
    /// verdict: checkmate, stalemate, or a rule that stops play).
    pub(super) fn terminal(&self, ply: usize) -> i32 {
        match self.pos.verdict(Judge::search_no_moves()) {
            Some(o) => self.outcome_score(o, ply),
            // A side without a legal move always has a verdict.
            None => self.draw_score(),
        }
    }

    /// Score of the game's end `o` for the side to move, `ply` plies from
    /// the root.
    fn outcome_score(&self, o: Outcome, ply: usize) -> i32 {
        match o.winner {
            None => self.draw_score(),
            Some(c) if c == self.pos.side() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The rules' verdict on a position just entered, from what needs no
    /// move list (a position's first recurrence counts as a repetition).
    pub(super) fn entry_verdict(&self, ply: usize) -> Option<i32> {
        self.pos
            .verdict(Judge::search_entry())
            .map(|o| self.outcome_score(o, ply))
    }

    /// Score of a draw for the side to move.
    pub(super) fn draw_score(&self) -> i32 {
        if self.pos.side() == self.root_side {
            -self.params.contempt
        } else {
            self.params.contempt
        }
    }

    pub(super) fn has_non_pawn_material(&self) -> bool {
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

    /// True when the move just made left the mover's royals safe.
    pub(super) fn legal_now(&self) -> bool {
        if !self.has_royal {
            return true;
        }
        self.pos.last_move_legal()
    }
}

#[cfg(test)]
mod end_tests;
#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::time::Limits;
    use menagerie_rules::Registry;

    /// A searcher on `fen` with fresh tables, for `f`.
    pub(in crate::search) fn with_searcher<R>(
        variant: &str,
        fen: &str,
        f: impl FnOnce(&mut Searcher) -> R,
    ) -> R {
        let v = Registry::builtin().get(variant).unwrap();
        with_variant_searcher(&v, fen, f)
    }

    /// A searcher on `fen` of variant `v` with fresh tables, for `f`.
    pub(in crate::search) fn with_variant_searcher<R>(
        v: &std::sync::Arc<menagerie_rules::Variant>,
        fen: &str,
        f: impl FnOnce(&mut Searcher) -> R,
    ) -> R {
        let pos = Position::from_fen(v, fen).unwrap();
        let eval = std::sync::Arc::new(EvalTables::new(v));
        let tt = Table::new(1);
        let clock = Clock::new(&Limits::default(), true, 0, 0);
        let nodes = AtomicU64::new(0);
        let learned = Learned::new(&pos, &eval);
        let shared = Shared {
            eval: &eval,
            tt: &tt,
            clock: &clock,
            nodes: &nodes,
            node_limit: u64::MAX,
            params: &SearchParams::default(),
        };
        let mut s = Searcher::new(pos, &shared, learned);
        f(&mut s)
    }
}
