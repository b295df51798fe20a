//! Time management: how long to think, and when to stop.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

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
    pub(crate) stop: AtomicBool,
    pending: (u64, u64),
}

impl Clock {
    /// Works out the budget: `soft` stops starting new iterations, `hard`
    /// aborts the search.
    pub(crate) fn new(l: &Limits, white: bool, game_ply: u32) -> Clock {
        let (time, inc) = if white {
            (l.wtime, l.winc.unwrap_or(0))
        } else {
            (l.btime, l.binc.unwrap_or(0))
        };
        let budget = if let Some(mt) = l.movetime {
            let t = mt.saturating_sub(15).max(1);
            (t, t)
        } else if let Some(t) = time {
            // Keep a safety margin for slow move generation and I/O.
            let reserve = (t / 20).clamp(20, 1000).min(t / 2);
            let usable = t.saturating_sub(reserve);
            let mtg = u64::from(l.movestogo.unwrap_or(0)).clamp(0, 50);
            let mtg = if mtg == 0 {
                (40u64.saturating_sub(u64::from(game_ply) / 4)).max(20)
            } else {
                mtg
            };
            let base = usable / mtg + inc * 3 / 4;
            let soft = base.min(usable / 3).max(1);
            let hard = (soft * 4).min(usable / 2 + inc / 2).max(soft).max(1);
            (soft, hard)
        } else {
            (NONE, NONE)
        };
        let untimed = l.infinite || l.ponder;
        Clock {
            start: Instant::now(),
            soft: AtomicU64::new(if untimed { NONE } else { budget.0 }),
            hard: AtomicU64::new(if untimed { NONE } else { budget.1 }),
            stop: AtomicBool::new(false),
            pending: budget,
        }
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
