//! What a protocol session needs from a search engine.

use menagerie_rules::{Move, Position};

/// Search limits, as the GUI gave them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// White's remaining time (ms).
    pub wtime: Option<u64>,
    /// Black's remaining time (ms).
    pub btime: Option<u64>,
    /// White's increment (ms).
    pub winc: Option<u64>,
    /// Black's increment (ms).
    pub binc: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Fixed time for this move (ms).
    pub movetime: Option<u64>,
    /// Maximum depth.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Search until stopped.
    pub infinite: bool,
    /// Pondering (search until `ponderhit` or `stop`).
    pub ponder: bool,
}

/// A score from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// One progress report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// Iteration depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Principal-variation number (1-based).
    pub multipv: u32,
    /// Score.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Elapsed time (ms).
    pub time_ms: u64,
    /// Hash table fill in permille.
    pub hashfull: u32,
    /// Principal variation.
    pub pv: Vec<Move>,
}

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
}
