//! Time management: how long to think, and when to stop.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use menagerie_rules::Move;

/// Stops a search from another thread: clone it freely, call [`StopHandle::stop`], and
/// the search returns its best move at once (no polling by the caller).
#[derive(Debug, Clone, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// A handle not yet stopped.
    #[must_use]
    pub fn new() -> StopHandle {
        StopHandle::default()
    }

    /// Asks the search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// True once [`StopHandle::stop`] was called.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl std::ops::Deref for StopHandle {
    type Target = AtomicBool;
    fn deref(&self) -> &AtomicBool {
        &self.0
    }
}

/// Search limits, as a front end gives them (times in milliseconds).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// White's clock.
    pub wtime: Option<u64>,
    /// Black's clock.
    pub btime: Option<u64>,
    /// White's increment.
    pub winc: Option<u64>,
    /// Black's increment.
    pub binc: Option<u64>,
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Exact time for this move.
    pub movetime: Option<u64>,
    /// Depth limit.
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Search until stopped.
    pub infinite: bool,
    /// Pondering: untimed until `ponderhit`.
    pub ponder: bool,
}

const NONE: u64 = u64::MAX;

/// Every number of the time rules, named (times in milliseconds, shares in
/// thousandths where integers).
///
/// On a game clock a search gets an *optimum* and a *maximum*. The optimum
/// is the clock's share for one move: the time left plus the increments
/// of the moves still to play, less the move overhead of each and a safety
/// margin, over a horizon of moves that shortens as the game goes on. After
/// each completed iteration the optimum is scaled by what the search has
/// shown (a best move that keeps changing, a falling score, a best move that
/// took few of the root's nodes: think longer; the opposite: stop sooner),
/// and no new iteration starts once a share of the scaled optimum is used
/// (the next would rarely finish). The maximum aborts the search whatever
/// it is doing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TimeParams {
    /// Moves the clock must last from the game's start when no
    /// `movestogo` is given (default 36).
    pub horizon_start: u64,
    /// The horizon shortens by one move every this many plies of the game
    /// (default 3).
    pub horizon_plies: u64,
    /// Shortest horizon without `movestogo` (default 20).
    pub horizon_min: u64,
    /// Longest horizon a `movestogo` is taken at (default 50).
    pub horizon_max: u64,
    /// Safety margin kept off the clock, in thousandths of the time left
    /// (default 100)...
    pub margin_permille: u64,
    /// ... but at least this (default 10 ms) ...
    pub margin_min: u64,
    /// ... and at most this (default 1000 ms).
    pub margin_max: u64,
    /// The optimum never exceeds this share of the usable time, in
    /// thousandths (default 200).
    pub optimum_max_permille: u64,
    /// The maximum is this many times the optimum (default 5) ...
    pub maximum_ratio: u64,
    /// ... and never more than this share of the usable time, in
    /// thousandths (default 250).
    pub maximum_max_permille: u64,
    /// No new iteration starts once this share of the scaled optimum is
    /// used, in percent (default 50): the next one usually takes longer
    /// than all before it together.
    pub new_iteration_percent: u64,
    /// Scale of the optimum per recent change of the best move: the factor
    /// is 1 + this · the recent changes (default 1.0).
    pub change_weight: f64,
    /// The count of recent best-move changes is multiplied by this after
    /// each iteration, so old changes fade (default 0.5).
    pub change_decay: f64,
    /// Once the best move stayed the same for this many iterations ...
    /// (default 4) ...
    pub stable_iterations: u32,
    /// ... the optimum is scaled by this (default 0.8).
    pub stable_scale: f64,
    /// Scale of the optimum per centipawn the score fell below the mean of
    /// the earlier iterations (default 0.01; a rise shortens it alike) ...
    pub falling_per_cp: f64,
    /// ... the factor bounded below by this (default 0.75) ...
    pub falling_min: f64,
    /// ... and above by this (default 1.6).
    pub falling_max: f64,
    /// Scores are capped at this size (cp) before they are compared, so
    /// mate scores do not swamp the rule (default 1000).
    pub score_cap: i32,
    /// The node factor is this, less [`TimeParams::node_share_weight`] ·
    /// the share of the iteration's root nodes spent under the best move
    /// (default 1.5) ...
    pub node_share_base: f64,
    /// ... (default 1.0): a best move that took most of the nodes is
    /// clear, one that took few is contested.
    pub node_share_weight: f64,
    /// The product of the factors is kept at least this (default 0.35) ...
    pub scale_min: f64,
    /// ... and at most this (default 2.5); the maximum bounds it too.
    pub scale_max: f64,
}

impl Default for TimeParams {
    fn default() -> Self {
        TimeParams {
            horizon_start: 36,
            horizon_plies: 3,
            horizon_min: 20,
            horizon_max: 50,
            margin_permille: 100,
            margin_min: 10,
            margin_max: 1000,
            optimum_max_permille: 200,
            maximum_ratio: 5,
            maximum_max_permille: 250,
            new_iteration_percent: 50,
            change_weight: 1.0,
            change_decay: 0.5,
            stable_iterations: 4,
            stable_scale: 0.8,
            falling_per_cp: 0.01,
            falling_min: 0.75,
            falling_max: 1.6,
            score_cap: 1000,
            node_share_base: 1.5,
            node_share_weight: 1.0,
            scale_min: 0.35,
            scale_max: 2.5,
        }
    }
}

impl TimeParams {
    /// The optimum and maximum for `time` left and `inc` a move, `overhead`
    /// a move outside the search, `movestogo` moves to the next control
    /// (`None`: to the game's end, guessed from `game_ply`).
    #[must_use]
    pub(crate) fn budget(
        &self,
        time: u64,
        inc: u64,
        movestogo: Option<u32>,
        game_ply: u32,
        overhead: u64,
    ) -> (u64, u64) {
        let mtg = match movestogo {
            Some(n) if n > 0 => u64::from(n).min(self.horizon_max),
            _ => self
                .horizon_start
                .saturating_sub(u64::from(game_ply) / self.horizon_plies.max(1))
                .max(self.horizon_min),
        }
        .max(1);
        let margin = (time * self.margin_permille / 1000).clamp(self.margin_min, self.margin_max);
        let usable = time.saturating_sub(overhead + margin).max(1);
        // Time for the rest of the game (or control): the clock and the
        // increments to come, less the overhead of every move still to play.
        let pool = (usable + inc * (mtg - 1)).saturating_sub(overhead * (mtg + 1));
        let pool = pool.max(usable / 20).max(1);
        let share = |permille: u64| (usable * permille / 1000).max(1);
        let optimum = (pool / mtg).min(share(self.optimum_max_permille)).max(1);
        let maximum = (optimum * self.maximum_ratio)
            .min(share(self.maximum_max_permille))
            .max(optimum);
        (optimum, maximum)
    }

    /// The factor for `changes` recent best-move changes and `stable`
    /// iterations with the same best move.
    fn stability(&self, changes: f64, stable: u32) -> f64 {
        let calm = if stable >= self.stable_iterations {
            self.stable_scale
        } else {
            1.0
        };
        (1.0 + self.change_weight * changes) * calm
    }

    /// The factor for a score `score` after earlier iterations that scored
    /// `mean` on average (both capped at [`TimeParams::score_cap`]).
    fn falling(&self, mean: f64, score: i32) -> f64 {
        let cap = f64::from(self.score_cap);
        let drop = mean.clamp(-cap, cap) - f64::from(score).clamp(-cap, cap);
        (1.0 + drop * self.falling_per_cp).clamp(self.falling_min, self.falling_max)
    }

    /// The factor for the best move's share (0 to 1) of the root's nodes.
    fn node_share(&self, share: f64) -> f64 {
        self.node_share_base - self.node_share_weight * share.clamp(0.0, 1.0)
    }
}

/// What the iterations of one search showed so far, for the scaling of its
/// optimum (the main thread keeps one per search).
#[derive(Debug, Clone)]
pub(crate) struct Progress {
    params: TimeParams,
    best: Option<Move>,
    /// Recent best-move changes, fading.
    changes: f64,
    /// Iterations in a row with the same best move.
    stable: u32,
    score_sum: f64,
    iterations: u32,
}

impl Progress {
    /// Nothing seen yet.
    pub(crate) fn new(params: TimeParams) -> Progress {
        Progress {
            params,
            best: None,
            changes: 0.0,
            stable: 0,
            score_sum: 0.0,
            iterations: 0,
        }
    }

    /// Records a completed iteration (its best move and score, the nodes
    /// spent under that move and under all root moves) and returns the
    /// factor for the optimum, within the bounds of [`TimeParams`].
    pub(crate) fn record(&mut self, best: Move, score: i32, best_nodes: u64, all: u64) -> f64 {
        let p = &self.params;
        self.changes *= p.change_decay;
        match self.best {
            Some(b) if b == best => self.stable += 1,
            Some(_) => {
                self.changes += 1.0;
                self.stable = 0;
            }
            None => self.stable = 0,
        }
        self.best = Some(best);
        let falling = if self.iterations == 0 {
            1.0
        } else {
            p.falling(self.score_sum / f64::from(self.iterations), score)
        };
        let cap = p.score_cap;
        self.score_sum += f64::from(score.clamp(-cap, cap));
        self.iterations += 1;
        let share = if all == 0 {
            0.5
        } else {
            best_nodes as f64 / all as f64
        };
        (p.stability(self.changes, self.stable) * falling * p.node_share(share))
            .clamp(p.scale_min, p.scale_max)
    }
}

/// Shared clock of one search.
#[derive(Debug)]
pub(crate) struct Clock {
    start: Instant,
    /// When the budget started (ms after `start`: 0, or the ponderhit).
    origin: AtomicU64,
    /// The optimum's deadline (ms after `start`).
    soft: AtomicU64,
    /// The maximum's deadline (ms after `start`).
    hard: AtomicU64,
    pub(crate) stop: StopHandle,
    /// The budget (optimum, maximum) a ponder search gets at ponderhit.
    pending: (u64, u64),
    /// The budget comes from a game clock (iterations may end early).
    flexible: bool,
    params: TimeParams,
}

impl Clock {
    /// Works out the budget: `soft` (the optimum) stops starting new
    /// iterations, `hard` (the maximum) aborts the search. `overhead` is
    /// what each move costs outside the search (process and protocol
    /// latency), in milliseconds.
    pub(crate) fn new(l: &Limits, white: bool, game_ply: u32, overhead: u64) -> Clock {
        let params = TimeParams::default();
        let (time, inc) = if white {
            (l.wtime, l.winc.unwrap_or(0))
        } else {
            (l.btime, l.binc.unwrap_or(0))
        };
        let budget = if let Some(mt) = l.movetime {
            let t = mt.saturating_sub(overhead).max(1);
            (t, t)
        } else if let Some(t) = time {
            params.budget(t, inc, l.movestogo, game_ply, overhead)
        } else {
            (NONE, NONE)
        };
        let untimed = l.infinite || l.ponder;
        Clock {
            start: Instant::now(),
            origin: AtomicU64::new(0),
            soft: AtomicU64::new(if untimed { NONE } else { budget.0 }),
            hard: AtomicU64::new(if untimed { NONE } else { budget.1 }),
            stop: StopHandle::new(),
            pending: budget,
            flexible: l.movetime.is_none() && time.is_some(),
            params,
        }
    }

    /// This clock, stopped by `stop` (shared with the caller).
    pub(crate) fn with_stop(mut self, stop: StopHandle) -> Clock {
        self.stop = stop;
        self
    }

    /// The time rules of this clock.
    pub(crate) fn params(&self) -> TimeParams {
        self.params
    }

    /// True when no new iteration should start after one that scaled the
    /// optimum by `scale` ([`Progress::record`]): on a game clock once the
    /// scaled optimum (never beyond the maximum) is used up to
    /// [`TimeParams::new_iteration_percent`], otherwise once the budget is
    /// used up.
    pub(crate) fn iteration_stop(&self, scale: f64) -> bool {
        let soft = self.soft.load(Ordering::Relaxed);
        if !self.flexible || soft == NONE {
            return self.soft_expired();
        }
        let origin = self.origin.load(Ordering::Relaxed);
        let hard = self.hard.load(Ordering::Relaxed);
        let optimum = soft.saturating_sub(origin) as f64;
        let scaled = (optimum * scale).min(hard.saturating_sub(origin) as f64);
        let used = self.elapsed_ms().saturating_sub(origin) as f64;
        used * 100.0 >= scaled * self.params.new_iteration_percent as f64
    }

    /// Milliseconds since the search started.
    pub(crate) fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// The predicted move was played: start the clock now.
    pub(crate) fn ponderhit(&self) {
        let now = self.elapsed_ms();
        if self.pending.0 != NONE {
            self.origin.store(now, Ordering::Relaxed);
            self.soft.store(now + self.pending.0, Ordering::Relaxed);
            self.hard.store(now + self.pending.1, Ordering::Relaxed);
        }
    }

    /// True when the budget's optimum is used up.
    pub(crate) fn soft_expired(&self) -> bool {
        let s = self.soft.load(Ordering::Relaxed);
        s != NONE && self.elapsed_ms() >= s
    }

    /// True when the search must stop now.
    pub(crate) fn hard_expired(&self) -> bool {
        let h = self.hard.load(Ordering::Relaxed);
        h != NONE && self.elapsed_ms() >= h
    }

    /// True when stopped by request.
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(t: u64, inc: u64, ply: u32, overhead: u64) -> (u64, u64) {
        let l = Limits {
            wtime: Some(t),
            btime: Some(t),
            winc: Some(inc),
            binc: Some(inc),
            ..Limits::default()
        };
        let c = Clock::new(&l, true, ply, overhead);
        (
            c.soft.load(Ordering::Relaxed),
            c.hard.load(Ordering::Relaxed),
        )
    }

    #[test]
    fn budgets_stay_inside_the_clock() {
        for &(t, inc) in &[
            (1000, 10),
            (5000, 50),
            (60_000, 0),
            (30, 10),
            (1, 0),
            (200, 0),
        ] {
            for ply in [0, 40, 200] {
                let (soft, hard) = budget(t, inc, ply, 10);
                assert!(soft >= 1 && soft <= hard, "{t}+{inc}: {soft} {hard}");
                assert!(hard <= (t / 3).max(1), "{t}+{inc} ply {ply}: hard {hard}");
            }
        }
        // 1 s + 0.01 s: a few tens of milliseconds per move at most.
        let (soft, hard) = budget(1000, 10, 0, 10);
        assert!(soft <= 40 && hard <= 160, "{soft} {hard}");
        // A longer game keeps a sensible budget.
        let (soft, _) = budget(5000, 50, 20, 10);
        assert!(soft >= 100, "{soft}");
    }

    #[test]
    fn movetime_and_untimed() {
        let l = Limits {
            movetime: Some(100),
            ..Limits::default()
        };
        let c = Clock::new(&l, true, 0, 10);
        assert_eq!(c.soft.load(Ordering::Relaxed), 90);
        let c = Clock::new(&Limits::default(), true, 0, 10);
        assert!(!c.soft_expired() && !c.hard_expired());
    }

    /// (optimum, maximum) under the default rules.
    fn rules(t: u64, inc: u64, mtg: Option<u32>, ply: u32) -> (u64, u64) {
        TimeParams::default().budget(t, inc, mtg, ply, 10)
    }

    #[test]
    fn optimum_within_maximum_within_the_clock() {
        let p = TimeParams::default();
        for t in [1, 5, 30, 200, 1000, 4000, 10_000, 60_000, 3_600_000] {
            for inc in [0, 10, 100, 2000, 100_000] {
                for mtg in [None, Some(1), Some(2), Some(40), Some(500)] {
                    for ply in [0, 30, 90, 400] {
                        let (opt, max) = rules(t, inc, mtg, ply);
                        assert!(
                            1 <= opt && opt <= max,
                            "{t}+{inc} {mtg:?} {ply}: {opt} {max}"
                        );
                        // Never more than a quarter of what is left after the
                        // overhead and the margin, whatever the increment.
                        let usable = t.saturating_sub(10 + (t / 10).clamp(10, 1000)).max(1);
                        let cap = (usable * p.maximum_max_permille / 1000).max(1);
                        assert!(max <= cap, "{t}+{inc} {mtg:?} {ply}: {max} > {cap}");
                        assert!(max <= (t / 3).max(1), "{t}+{inc}: {max}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_horizon_shortens_and_movestogo_sets_it() {
        // Later in the game a larger share of the clock, down to the
        // shortest horizon.
        let early = rules(60_000, 0, None, 0).0;
        let later = rules(60_000, 0, None, 30).0;
        let late = rules(60_000, 0, None, 300).0;
        assert!(early < later && later < late, "{early} {later} {late}");
        assert_eq!(late, rules(60_000, 0, None, 3000).0);
        // Fewer moves to the control: more time each, within the cap.
        let few = rules(60_000, 0, Some(5), 0).0;
        let many = rules(60_000, 0, Some(30), 0).0;
        assert!(few > many, "{few} {many}");
        assert_eq!(rules(60_000, 0, Some(1), 0).0, 58_990 / 5);
        // An absurd movestogo is read as the longest horizon.
        assert_eq!(
            rules(60_000, 0, Some(500), 0),
            rules(60_000, 0, Some(50), 0)
        );
    }

    #[test]
    fn tiny_clocks_and_large_increments() {
        // One millisecond left: still a budget of at least 1 ms, no more.
        assert_eq!(rules(1, 0, None, 0), (1, 1));
        // An increment far above the clock does not lift the budget past
        // what the clock holds now.
        let (opt, max) = rules(100, 5000, None, 40);
        assert!(opt <= 20 && max <= 25, "{opt} {max}");
        // 10 s + 0.1 s from the start: some hundreds of ms, a few times that
        // at most.
        let (opt, max) = rules(10_000, 100, None, 0);
        assert!((300..=450).contains(&opt), "{opt}");
        assert_eq!(max, opt * 5);
    }

    #[test]
    fn scaling_is_bounded_both_ways() {
        let p = TimeParams::default();
        let m = |i: u16| Move::from_raw(u64::from(i) + 1);
        // A best move that changes every iteration, a collapsing score and
        // few nodes under the best move: as long as allowed, no longer.
        let mut worst = Progress::new(p);
        let mut s = 0.0;
        for d in 0..20u16 {
            s = worst.record(m(d), -100 * i32::from(d), 1, 100);
        }
        assert!((s - p.scale_max).abs() < 1e-9, "{s}");
        // The same move all along, a rising score and all nodes under it:
        // as short as allowed, no shorter.
        let mut best = Progress::new(p);
        for d in 0..20u16 {
            s = best.record(m(1), 100 * i32::from(d), 100, 100);
        }
        assert!((s - p.scale_min).abs() < 1e-9, "{s}");
        // Mate scores are capped: a mate found after a small edge is a rise.
        let mut mate = Progress::new(p);
        mate.record(m(1), 50, 50, 100);
        let s = mate.record(m(1), 29_990, 50, 100);
        assert!(s >= p.scale_min && s < 1.0, "{s}");
    }

    #[test]
    fn each_signal_moves_the_scale_its_way() {
        let p = TimeParams::default();
        let m = |i: u16| Move::from_raw(u64::from(i) + 1);
        let run = |moves: &[u16], scores: &[i32], share: u64| {
            let mut g = Progress::new(p);
            let mut s = 0.0;
            for (&mv, &sc) in moves.iter().zip(scores) {
                s = g.record(m(mv), sc, share, 100);
            }
            s
        };
        let flat = [20; 6];
        let stable = run(&[1, 1, 1, 1, 1, 1], &flat, 60);
        let changed = run(&[1, 1, 1, 1, 2, 1], &flat, 60);
        assert!(changed > stable, "{changed} {stable}");
        let falling = run(&[1; 6], &[20, 20, 20, 20, 20, -30], 60);
        assert!(falling > stable, "{falling} {stable}");
        let clear = run(&[1; 6], &flat, 95);
        assert!(clear < stable, "{clear} {stable}");
    }

    #[test]
    fn the_scaled_optimum_never_passes_the_maximum() {
        let l = Limits {
            wtime: Some(10_000),
            winc: Some(100),
            ..Limits::default()
        };
        // A clock whose search started `ms` ago.
        let used = |l: &Limits, ms: u64| {
            let mut c = Clock::new(l, true, 0, 10);
            c.start = Instant::now()
                .checked_sub(std::time::Duration::from_millis(ms))
                .unwrap();
            c
        };
        let c = used(&l, 0);
        let (soft, hard) = (
            c.soft.load(Ordering::Relaxed),
            c.hard.load(Ordering::Relaxed),
        );
        // Nothing used yet: keep iterating at any scale.
        assert!(!c.iteration_stop(1.0));
        // A search that ran to the maximum stops whatever the scale.
        assert!(used(&l, hard).iteration_stop(1000.0));
        // Half the optimum used: a small scale stops, a large one goes on.
        let c = used(&l, soft / 2 + 1);
        assert!(c.iteration_stop(0.9) && !c.iteration_stop(1.5));
        // Without a game clock only the fixed budget counts.
        let movetime = Limits {
            movetime: Some(50),
            ..Limits::default()
        };
        assert!(!used(&movetime, 20).iteration_stop(0.0));
        assert!(used(&movetime, 60).iteration_stop(10.0));
        let depth = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        assert!(!used(&depth, 100_000).iteration_stop(0.0));
        // Pondering: untimed until the ponderhit, then timed from it.
        let ponder = Limits {
            ponder: true,
            ..l.clone()
        };
        let c = used(&ponder, 100_000);
        assert!(!c.iteration_stop(0.0));
        c.ponderhit();
        assert!(!c.iteration_stop(1.0));
    }
}
