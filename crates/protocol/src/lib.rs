//! UCI and XBoard sessions: state machines generic over a reader and a
//! writer, driving any [`Backend`] search engine. No search internals here.

pub mod backend;
mod engine_backend;
pub mod lines;
mod output;
pub mod strength;
pub mod uci;
mod variants;
pub mod xboard;

pub use backend::{Backend, Info, Limits, Listener, Score};
pub use engine_backend::EngineBackend;
pub use output::Output;
pub use strength::Strength;
pub use uci::UciSession;
pub use xboard::XboardSession;

/// Reads a variant file named in an option (`VariantPath`): path to text.
pub type FileReader = Box<dyn Fn(&str) -> Result<String, String> + Send>;
