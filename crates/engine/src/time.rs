//! Time management: how long to think, and when to stop.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

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

/// Shared clock of one search.
#[derive(Debug)]
pub(crate) struct Clock {
    start: Instant,
    soft: AtomicU64,
    hard: AtomicU64,
    pub(crate) stop: StopHandle,
    pending: (u64, u64),
    /// The budget comes from a game clock (iterations may end early).
    flexible: bool,
}

impl Clock {
    /// Works out the budget: `soft` stops starting new iterations, `hard`
    /// aborts the search. `overhead` is what each move costs outside the
    /// search (process and protocol latency), in milliseconds.
    pub(crate) fn new(l: &Limits, white: bool, game_ply: u32, overhead: u64) -> Clock {
        let (time, inc) = if white {
            (l.wtime, l.winc.unwrap_or(0))
        } else {
            (l.btime, l.binc.unwrap_or(0))
        };
        let budget = if let Some(mt) = l.movetime {
            let t = mt.saturating_sub(overhead).max(1);
            (t, t)
        } else if let Some(t) = time {
            let mtg = match l.movestogo {
                Some(n) if n > 0 => u64::from(n).min(50),
                _ => (50u64.saturating_sub(u64::from(game_ply) / 4)).max(25),
            };
            // Time for the rest of the game (or time control), less the
            // overhead of every move still to play and a safety margin.
            let margin = (t / 10).clamp(10, 1000);
            let usable = t.saturating_sub(overhead + margin).max(1);
            let pool = (usable + inc * (mtg - 1)).saturating_sub(overhead * (mtg + 1));
            let pool = pool.max(usable / 20).max(1);
            let soft = (pool / mtg).min(usable / 4).max(1);
            let hard = (soft * 4).min(usable / 4).max(soft).max(1);
            (soft, hard)
        } else {
            (NONE, NONE)
        };
        let untimed = l.infinite || l.ponder;
        Clock {
            start: Instant::now(),
            soft: AtomicU64::new(if untimed { NONE } else { budget.0 }),
            hard: AtomicU64::new(if untimed { NONE } else { budget.1 }),
            stop: StopHandle::new(),
            pending: budget,
            flexible: l.movetime.is_none() && time.is_some(),
        }
    }

    /// This clock, stopped by `stop` (shared with the caller).
    pub(crate) fn with_stop(mut self, stop: StopHandle) -> Clock {
        self.stop = stop;
        self
    }

    /// True when the next iteration is unlikely to finish within the soft
    /// budget (it usually takes longer than all earlier ones together).
    pub(crate) fn next_iteration_hopeless(&self) -> bool {
        let s = self.soft.load(Ordering::Relaxed);
        self.flexible && s != NONE && self.elapsed_ms() * 2 >= s
    }

    /// Milliseconds since the search started.
    pub(crate) fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// The predicted move was played: start the clock now.
    pub(crate) fn ponderhit(&self) {
        let now = self.elapsed_ms();
        if self.pending.0 != NONE {
            self.soft.store(now + self.pending.0, Ordering::Relaxed);
            self.hard.store(now + self.pending.1, Ordering::Relaxed);
        }
    }

    /// True when no new iteration should start.
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
}
