//! The [`Backend`] implementation on Menagerie's own engine.
//!
//! At full strength a search is the engine's own background search. Below it (a level
//! set through [`crate::strength`]) the search is the engine's level search
//! (`Engine::search_level`, a node budget and chosen slips), which runs on the calling
//! thread: here it gets a thread of its own with a stop handle, so `stop` and
//! `isready` are still answered while it runs. Its best move is held back until
//! `stop` or `ponderhit` when the GUI asked for an infinite or ponder search, as UCI
//! wants (the level's node budget may end such a search early).

use crate::backend::{Backend, Limits, Listener};
use menagerie_engine::{Engine, EngineOptions, Event, Level, StopHandle};
use menagerie_rules::Position;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often a held-back best move looks whether it may be sent.
const RELEASE_POLL: Duration = Duration::from_millis(2);

/// A search below full strength running on its own thread.
#[derive(Debug)]
struct LevelSearch {
    stop: StopHandle,
    /// Set by `stop` or `ponderhit`: a held-back best move may be sent.
    released: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// Menagerie's engine behind a protocol session.
#[derive(Debug, Default)]
pub struct EngineBackend {
    engine: Arc<Mutex<Engine>>,
    level: Option<Level>,
    /// Seeds the level's slips: one per search, so a GUI's games differ.
    searches: AtomicU64,
    level_search: Option<LevelSearch>,
}

impl EngineBackend {
    /// A backend with these engine options.
    #[must_use]
    pub fn new(options: EngineOptions) -> Self {
        EngineBackend {
            engine: Arc::new(Mutex::new(Engine::new(options))),
            ..EngineBackend::default()
        }
    }

    fn engine(&self) -> MutexGuard<'_, Engine> {
        self.engine
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn weak_level(&self) -> Option<Level> {
        self.level.filter(|&l| l < Level::FULL)
    }

    fn go_at_level(
        &mut self,
        level: Level,
        pos: Position,
        limits: Limits,
        mut listener: Box<dyn Listener>,
    ) {
        let stop = StopHandle::new();
        let released = Arc::new(AtomicBool::new(!(limits.infinite || limits.ponder)));
        let seed = self.searches.fetch_add(1, Ordering::Relaxed);
        let (engine, s2, r2) = (self.engine.clone(), stop.clone(), released.clone());
        let handle = std::thread::spawn(move || {
            let r = engine
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .search_level(pos, limits, level, seed, &s2, &mut |e| {
                    if let Event::Info(i) = e {
                        listener.info(&i);
                    }
                });
            while !r2.load(Ordering::Relaxed) && !s2.is_stopped() {
                std::thread::sleep(RELEASE_POLL);
            }
            listener.best_move(r.best, r.ponder);
        });
        self.level_search = Some(LevelSearch {
            stop,
            released,
            handle,
        });
    }
}

impl Backend for EngineBackend {
    fn name(&self) -> String {
        format!("Menagerie {}", env!("CARGO_PKG_VERSION"))
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        // A search below full strength holds the engine until its node budget is spent.
        self.engine().set_option(name, value)
    }

    fn set_level(&mut self, level: Level) {
        self.level = Some(level);
    }

    fn new_game(&mut self) {
        self.stop();
        self.wait();
        self.engine().new_game();
    }

    fn go(&mut self, pos: Position, limits: Limits, mut listener: Box<dyn Listener>) {
        self.stop();
        self.wait();
        if let Some(level) = self.weak_level() {
            self.go_at_level(level, pos, limits, listener);
            return;
        }
        self.engine().go(
            pos,
            limits,
            Box::new(move |e| match e {
                Event::Info(i) => listener.info(&i),
                Event::BestMove { best, ponder } => listener.best_move(best, ponder),
            }),
        );
    }

    fn stop(&mut self) {
        match &self.level_search {
            Some(s) => {
                s.stop.stop();
                s.released.store(true, Ordering::Relaxed);
            }
            None => self.engine().stop(),
        }
    }

    fn ponderhit(&mut self) {
        match &self.level_search {
            Some(s) => s.released.store(true, Ordering::Relaxed),
            None => self.engine().ponderhit(),
        }
    }

    fn wait(&mut self) {
        self.wait_level_search();
        self.engine().wait();
    }

    fn searching(&self) -> bool {
        match &self.level_search {
            Some(s) => !s.handle.is_finished(),
            None => self.engine().searching(),
        }
    }

    fn eval_trace(&self, pos: &Position) -> Option<String> {
        Some(self.engine().eval_trace(pos))
    }
}

impl EngineBackend {
    /// Waits for a search below full strength to end (nothing when none runs).
    fn wait_level_search(&mut self) {
        if let Some(s) = self.level_search.take() {
            let _ = s.handle.join();
        }
    }
}
