//! The [`Backend`] implementation on Menagerie's own engine.

use crate::backend::{Backend, Limits, Listener};
use menagerie_engine::{Engine, EngineOptions, Event};
use menagerie_rules::Position;

/// Menagerie's engine behind a protocol session.
#[derive(Debug, Default)]
pub struct EngineBackend {
    engine: Engine,
}

impl EngineBackend {
    /// A backend with these engine options.
    #[must_use]
    pub fn new(options: EngineOptions) -> Self {
        EngineBackend {
            engine: Engine::new(options),
        }
    }
}

impl Backend for EngineBackend {
    fn name(&self) -> String {
        format!("Menagerie {}", env!("CARGO_PKG_VERSION"))
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.engine.set_option(name, value)
    }

    fn new_game(&mut self) {
        self.engine.new_game();
    }

    fn go(&mut self, pos: Position, limits: Limits, mut listener: Box<dyn Listener>) {
        self.engine.go(
            pos,
            limits,
            Box::new(move |e| match e {
                Event::Info(i) => listener.info(&i),
                Event::BestMove { best, ponder } => listener.best_move(best, ponder),
            }),
        );
    }

    fn stop(&mut self) {
        self.engine.stop();
    }

    fn ponderhit(&mut self) {
        self.engine.ponderhit();
    }

    fn wait(&mut self) {
        self.engine.wait();
    }

    fn searching(&self) -> bool {
        self.engine.searching()
    }
}
