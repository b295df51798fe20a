//! What a protocol session needs from a search engine.

use menagerie_engine::Level;
use menagerie_rules::{Move, Position};

/// The engine's own types: a session hands the GUI's limits to the engine and reports
/// its progress as it gives it.
pub use menagerie_engine::{Info, Limits, Score};

/// Receives search events.
pub trait Listener: Send {
    /// A progress report.
    fn info(&mut self, info: &Info);
    /// The search finished with this move (`None`: no legal move) and an
    /// optional move to ponder on.
    fn best_move(&mut self, best: Option<Move>, ponder: Option<Move>);
}

/// A search engine behind a protocol session.
pub trait Backend: Send {
    /// Engine name for `id name` / `myname`.
    fn name(&self) -> String;
    /// Sets an option (`Hash`, `Threads`, `MultiPV`, `Ponder`).
    ///
    /// # Errors
    /// A message for an unknown option or a bad value.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// Sets the playing level of the next searches (from `Skill Level`,
    /// `UCI_LimitStrength` and `UCI_Elo`, see [`crate::strength`]).
    fn set_level(&mut self, level: Level);
    /// Forgets everything learned in the previous game.
    fn new_game(&mut self);
    /// Starts searching `pos` (with its history) in the background; events go
    /// to `listener`. A running search is stopped first.
    fn go(&mut self, pos: Position, limits: Limits, listener: Box<dyn Listener>);
    /// Stops the running search; the listener still receives `best_move`.
    fn stop(&mut self);
    /// Turns a ponder search into a normal one (the predicted move was played).
    fn ponderhit(&mut self);
    /// Waits until no search is running.
    fn wait(&mut self);
    /// True while a search runs.
    fn searching(&self) -> bool;
    /// The static evaluation of `pos` term by term, as lines of text (the
    /// `eval` command); `None` when the engine cannot explain it.
    fn eval_trace(&self, _pos: &Position) -> Option<String> {
        None
    }
}
