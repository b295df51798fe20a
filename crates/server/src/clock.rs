//! Game clocks: a time control chosen when the game is created (`5+3` = five minutes
//! each and three seconds added after every move), one clock per side, and the loss on
//! time when a clock runs out.
//!
//! The clocks are wall-clock times kept by the server, so a reload, another tab or a
//! restart of the server shows the same times: the state stores each side's time left
//! at the start of its turn and the instant that turn began (Unix milliseconds), and the
//! time left *now* is computed from them. Rules:
//!
//! * A clock starts with the first move: White's (or whoever moves first) first move is
//!   not timed, then the side to move's clock runs.
//! * After a move the mover's clock gets the increment; the other side's starts.
//! * A move that arrives after its side's time ran out is refused, and the game ends on
//!   time; a watcher (see `crate::app`) also ends it at the moment the flag falls, so
//!   the page sees it without anyone moving.
//! * Flag fall loses, unless the opponent could never win by the variant's rules with
//!   what it has left (`Position::cannot_win` in the rules): then the game is drawn.
//! * Taking a move back restarts the side to move's clock from its stored time; the game
//!   end (any reason) stops both clocks.
//! * While an engine's search waits in the server's queue for a worker
//!   (`crate::searches`), its clock is *held* ([`GameClock::hold`]): the engine is not
//!   thinking yet, and with many games thinking at once the wait could otherwise cost
//!   it the game on time. The clock runs again when the search starts
//!   ([`GameClock::release`]).

use crate::error::{ApiError, ApiResult};
use menagerie_rules::Color;
use serde::Serialize;

/// Shortest accepted starting time (ms).
pub const MIN_INITIAL_MS: u64 = 10_000;
/// Longest accepted starting time (ms): three hours.
pub const MAX_INITIAL_MS: u64 = 3 * 3600 * 1000;
/// Largest accepted increment (ms).
pub const MAX_INCREMENT_MS: u64 = 180_000;

/// A time control: starting time and increment per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TimeControl {
    /// Starting time of each side (ms).
    pub initial_ms: u64,
    /// Time added to the mover's clock after each of its moves (ms).
    pub increment_ms: u64,
}

impl TimeControl {
    /// Checks a time control.
    ///
    /// # Errors
    /// `bad_clock` when a value is out of range.
    pub fn new(initial_ms: u64, increment_ms: u64) -> ApiResult<TimeControl> {
        if !(MIN_INITIAL_MS..=MAX_INITIAL_MS).contains(&initial_ms) {
            return Err(ApiError::bad(
                "bad_clock",
                format!(
                    "clock.initial_ms must be between {MIN_INITIAL_MS} and {MAX_INITIAL_MS} (10 s to 3 h)"
                ),
            ));
        }
        if increment_ms > MAX_INCREMENT_MS {
            return Err(ApiError::bad(
                "bad_clock",
                format!("clock.increment_ms must be between 0 and {MAX_INCREMENT_MS}"),
            ));
        }
        Ok(TimeControl {
            initial_ms,
            increment_ms,
        })
    }

    /// PGN's `TimeControl` tag value: seconds `+` increment seconds (`300+3`).
    #[must_use]
    pub fn pgn(&self) -> String {
        let secs = |ms: u64| {
            if ms.is_multiple_of(1000) {
                (ms / 1000).to_string()
            } else {
                format!("{:.1}", ms as f64 / 1000.0)
            }
        };
        format!("{}+{}", secs(self.initial_ms), secs(self.increment_ms))
    }
}

/// The two clocks of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameClock {
    /// The time control.
    pub control: TimeControl,
    /// Time left (ms) per colour (index [`Color::idx`]) at the start of the running
    /// side's turn; exact for the side that is not running.
    pub left: [u64; 2],
    /// The side whose clock runs and when its turn began (Unix ms); `None` before the
    /// first move and after the game ended.
    pub running: Option<(Color, i64)>,
    /// The side whose clock is held while its engine's search waits for a worker
    /// (not running, its time kept in `left`).
    pub held: Option<Color>,
}

impl GameClock {
    /// Both clocks full, not running.
    #[must_use]
    pub fn new(control: TimeControl) -> GameClock {
        GameClock {
            control,
            left: [control.initial_ms; 2],
            running: None,
            held: None,
        }
    }

    /// Time `c` has left at `now` (Unix ms).
    #[must_use]
    pub fn left_at(&self, c: Color, now: i64) -> u64 {
        let base = self.left[c.idx()];
        match self.running {
            Some((r, since)) if r == c => base.saturating_sub(elapsed(since, now)),
            _ => base,
        }
    }

    /// The side whose time has run out at `now`, if any.
    #[must_use]
    pub fn flagged(&self, now: i64) -> Option<Color> {
        let (c, _) = self.running?;
        (self.left_at(c, now) == 0).then_some(c)
    }

    /// When the running side's time runs out (Unix ms).
    #[must_use]
    pub fn deadline(&self) -> Option<i64> {
        let (c, since) = self.running?;
        Some(since.saturating_add(i64::try_from(self.left[c.idx()]).unwrap_or(i64::MAX)))
    }

    /// `mover` has moved at `now`: its time is charged and the increment added; the
    /// other side's clock starts when `next_runs` (the game goes on). The first move of
    /// a game, made before any clock runs, is not charged.
    pub fn moved(&mut self, mover: Color, now: i64, next_runs: bool) {
        if self.held == Some(mover) {
            self.release(now);
        }
        let timed = self.running.is_some_and(|(c, _)| c == mover);
        if timed {
            let i = mover.idx();
            self.left[i] = self.left_at(mover, now) + self.control.increment_ms;
        }
        self.running = next_runs.then_some((mover.flip(), now));
    }

    /// Stops the running clock at `now`, charging the time used (game over).
    pub fn stop(&mut self, now: i64) {
        if let Some((c, _)) = self.running {
            self.left[c.idx()] = self.left_at(c, now);
        }
        self.running = None;
        self.held = None;
    }

    /// Holds the running clock at `now` (its engine's search waits for a worker): the
    /// time used so far is charged, and the clock stands still until
    /// [`GameClock::release`]. Nothing happens when no clock runs.
    pub fn hold(&mut self, now: i64) {
        if let Some((c, _)) = self.running {
            self.left[c.idx()] = self.left_at(c, now);
            self.running = None;
            self.held = Some(c);
        }
    }

    /// Lets a held clock run again from `now` (the search starts, or will not come).
    pub fn release(&mut self, now: i64) {
        if let Some(c) = self.held.take() {
            self.running = Some((c, now));
        }
    }

    /// After a take-back: the clock of `side` runs from `now` (with the time it had
    /// stored), unless no move is left on the board (clocks start with the first move).
    pub fn restart(&mut self, side: Color, now: i64, moves_left: usize) {
        self.stop(now);
        self.running = (moves_left > 0).then_some((side, now));
    }
}

/// The stored form of a [`GameClock`] (a JSON text in the games table).
#[derive(Debug, Serialize, serde::Deserialize)]
struct Stored {
    initial_ms: u64,
    increment_ms: u64,
    white_ms: u64,
    black_ms: u64,
    running: Option<String>,
    since: Option<i64>,
    #[serde(default)]
    held: Option<String>,
}

impl GameClock {
    /// The stored text of the clocks.
    #[must_use]
    pub fn to_stored(&self) -> String {
        let s = Stored {
            initial_ms: self.control.initial_ms,
            increment_ms: self.control.increment_ms,
            white_ms: self.left[0],
            black_ms: self.left[1],
            running: self.running.map(|(c, _)| c.name().to_string()),
            since: self.running.map(|(_, t)| t),
            held: self.held.map(|c| c.name().to_string()),
        };
        serde_json::to_string(&s).unwrap_or_default()
    }

    /// Reads [`GameClock::to_stored`]; `None` for a text that is not one.
    #[must_use]
    pub fn from_stored(text: &str) -> Option<GameClock> {
        let s: Stored = serde_json::from_str(text).ok()?;
        let running = match (s.running.as_deref(), s.since) {
            (Some("white"), Some(t)) => Some((Color::White, t)),
            (Some("black"), Some(t)) => Some((Color::Black, t)),
            _ => None,
        };
        let held = match s.held.as_deref() {
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            _ => None,
        };
        Some(GameClock {
            control: TimeControl::new(s.initial_ms, s.increment_ms).ok()?,
            left: [s.white_ms, s.black_ms],
            running,
            held: held.filter(|_| running.is_none()),
        })
    }
}

fn elapsed(since: i64, now: i64) -> u64 {
    u64::try_from(now.saturating_sub(since)).unwrap_or(0)
}

/// Current Unix time in milliseconds.
#[must_use]
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// `clock` in the game state: the time control and each side's time left when the
/// state was made; the client counts the running side down from there.
#[derive(Debug, Clone, Serialize)]
pub struct ClockView {
    initial_ms: u64,
    increment_ms: u64,
    white_ms: u64,
    black_ms: u64,
    /// The side whose clock runs, or null.
    running: Option<&'static str>,
    /// The side whose clock is held while its engine waits for a search worker, or null.
    held: Option<&'static str>,
}

impl ClockView {
    /// The clocks at `now`.
    #[must_use]
    pub fn of(c: &GameClock, now: i64) -> ClockView {
        ClockView {
            initial_ms: c.control.initial_ms,
            increment_ms: c.control.increment_ms,
            white_ms: c.left_at(Color::White, now),
            black_ms: c.left_at(Color::Black, now),
            running: c.running.map(|(c, _)| c.name()),
            held: c.held.map(Color::name),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn clock() -> GameClock {
        GameClock::new(TimeControl::new(60_000, 2_000).unwrap())
    }

    #[test]
    fn first_move_free_then_charged_with_increment() {
        let mut c = clock();
        c.moved(Color::White, 1_000, true);
        assert_eq!(c.left, [60_000, 60_000], "the first move is not timed");
        assert_eq!(c.running, Some((Color::Black, 1_000)));
        assert_eq!(c.left_at(Color::Black, 6_000), 55_000);
        c.moved(Color::Black, 6_000, true);
        assert_eq!(c.left[Color::Black.idx()], 57_000, "5 s used, 2 s added");
        assert_eq!(c.running, Some((Color::White, 6_000)));
        assert_eq!(c.deadline(), Some(66_000));
    }

    #[test]
    fn a_held_clock_stands_still_until_released() {
        let mut c = clock();
        c.moved(Color::White, 0, true);
        c.hold(4_000);
        assert_eq!((c.running, c.held), (None, Some(Color::Black)));
        assert_eq!(
            c.left_at(Color::Black, 100_000),
            56_000,
            "held: no time passes"
        );
        assert_eq!(c.deadline(), None, "a held clock cannot fall");
        assert_eq!(c.flagged(1_000_000), None);
        let stored = GameClock::from_stored(&c.to_stored()).unwrap();
        assert_eq!(stored, c, "a held clock is stored as held");
        c.release(100_000);
        assert_eq!(c.running, Some((Color::Black, 100_000)));
        assert_eq!(c.held, None);
        assert_eq!(c.left_at(Color::Black, 101_000), 55_000);
        c.moved(Color::Black, 102_000, true);
        assert_eq!(
            c.left[Color::Black.idx()],
            56_000,
            "6 s used in all, 2 s added"
        );
        // Holding a clock that does not run (before the first move) does nothing.
        let mut fresh = clock();
        fresh.hold(5);
        fresh.release(10);
        assert_eq!(fresh, clock());
        // A game that ends while a clock is held keeps its time and releases nothing.
        c.hold(103_000);
        c.stop(200_000);
        assert_eq!((c.running, c.held), (None, None));
        assert_eq!(
            c.left[Color::White.idx()],
            59_000,
            "1 s used before the hold"
        );
    }

    #[test]
    fn flag_falls_at_the_deadline_only() {
        let mut c = clock();
        c.moved(Color::White, 0, true);
        assert_eq!(c.flagged(59_999), None);
        assert_eq!(c.flagged(60_000), Some(Color::Black));
        assert_eq!(c.left_at(Color::Black, 90_000), 0, "never below zero");
        c.stop(30_000);
        assert_eq!(c.left[Color::Black.idx()], 30_000);
        assert_eq!(c.flagged(1_000_000), None, "a stopped clock does not fall");
    }

    #[test]
    fn restart_after_take_back() {
        let mut c = clock();
        c.moved(Color::White, 0, true);
        c.restart(Color::White, 10_000, 0);
        assert_eq!(c.running, None, "back at the start no clock runs");
        assert_eq!(c.left[Color::Black.idx()], 50_000, "time used stays used");
    }

    #[test]
    fn stored_form_round_trips() {
        let mut c = clock();
        c.moved(Color::White, 5, true);
        assert_eq!(GameClock::from_stored(&c.to_stored()), Some(c.clone()));
        c.stop(99);
        assert_eq!(GameClock::from_stored(&c.to_stored()), Some(c));
        assert_eq!(GameClock::from_stored("nonsense"), None);
    }

    #[test]
    fn time_controls_are_checked_and_written_for_pgn() {
        assert!(TimeControl::new(0, 0).is_err());
        assert!(TimeControl::new(60_000, MAX_INCREMENT_MS + 1).is_err());
        assert_eq!(TimeControl::new(300_000, 3_000).unwrap().pgn(), "300+3");
        assert_eq!(TimeControl::new(15_000, 500).unwrap().pgn(), "15+0.5");
    }
}
