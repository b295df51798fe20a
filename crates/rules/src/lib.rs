//! Menagerie rules library: piece notation, variants as data, positions,
//! legal moves, outcomes, FEN and move text, perft.
//!
//! ```
//! use menagerie_rules::{Registry, Position, perft};
//! let reg = Registry::builtin();
//! let chess = reg.get("chess").unwrap();
//! let mut pos = Position::start(&chess);
//! assert_eq!(perft(&mut pos, 2), 400);
//! ```

#![warn(missing_docs)]

pub mod betza;
pub mod components;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
mod perft;
pub mod piece;
pub mod placement;
pub mod position;
pub mod registry;
mod rng;
pub mod san;
pub mod shogi_notation;
#[cfg(test)]
mod test_support;
pub mod variant;
pub mod zobrist;

pub use components::end::{Judge, Moves};
pub use moves::{Move, MoveKind, MoveList};
pub use notation::{move_text, parse_move, protocol_text, MoveError, TextStyle};
pub use outcome::{Outcome, Reason};
pub use perft::{divide, divide_until, perft, perft_until, MAX_PERFT_DEPTH};
pub use piece::{Color, Piece, PieceType};
pub use position::fen::FenError;
pub use position::Position;
pub use registry::{FileReport, Registry, RegistryError};
pub use rng::SplitMix64;
pub use san::{parse_san, san, san_line};
pub use variant::Variant;
