//! What the server needs from a computer player.
//!
//! The server only talks to an [`Opponent`]: it hands over a position, the engine's
//! [`Limits`], a progress callback and a [`StopHandle`], and gets a move back. The
//! search engine ([`crate::EngineOpponent`]) is the one real player; its material-only
//! option is the weak one. Test doubles implement the same trait.

use menagerie_engine::{Info, Level, Limits, StopHandle};
use menagerie_rules::{Color, Move, Position};

/// A computer player.
///
/// `search` runs on a thread of its own, never on the async runtime. It must return
/// promptly once `stop` is stopped (the server stops it when the game changes or the
/// server shuts down) and respect `limits` (the server always gives a move time).
pub trait Opponent: Send + Sync {
    /// Searches `pos` and returns the move to play (`None` when there is no legal move
    /// or the search was stopped before it found one). `info` receives progress.
    fn search(
        &self,
        pos: Position,
        limits: Limits,
        info: &mut dyn FnMut(Info),
        stop: &StopHandle,
    ) -> Option<Move>;

    /// Like [`Opponent::search`], at a playing level (below full strength the engine
    /// searches less and sometimes plays a weaker line, drawn from `seed`; see
    /// `menagerie_engine::level`). By default the level is ignored.
    fn search_at_level(
        &self,
        pos: Position,
        limits: Limits,
        level: Level,
        seed: u64,
        info: &mut dyn FnMut(Info),
        stop: &StopHandle,
    ) -> Option<Move> {
        let _ = (level, seed);
        self.search(pos, limits, info, stop)
    }

    /// Analyses `pos`: the last report of each of the `lines` best lines (MultiPV),
    /// best first. `progress` receives the lines as they stand whenever the search
    /// reports during the analysis. By default one line, from [`Opponent::search`]'s
    /// reports.
    fn analyse(
        &self,
        pos: Position,
        limits: Limits,
        lines: u32,
        progress: &mut dyn FnMut(&[Info]),
        stop: &StopHandle,
    ) -> Vec<Info> {
        let _ = lines;
        let mut last = None;
        self.search(
            pos,
            limits,
            &mut |i| {
                progress(std::slice::from_ref(&i));
                last = Some(i);
            },
            stop,
        );
        last.into_iter().collect()
    }

    /// Answers a draw offer made to `me` in `pos`: true accepts (by default, never).
    fn accepts_draw(&self, pos: &Position, me: Color) -> bool {
        let _ = (pos, me);
        false
    }
}
