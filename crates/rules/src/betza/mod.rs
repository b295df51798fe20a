//! The piece-move notation: an XBetza superset.
//!
//! [`parse`] turns text into an AST ([`Betza`]) and reports the first problem
//! with its column; [`crate::movegen::compile`] turns the AST into move tables for a
//! concrete board. The grammar is documented in the README ("Piece notation").

mod ast;
mod dirs;
mod parse;

pub use ast::{Atom, Betza, Component, Leg, Range, Stops};
pub use dirs::{select_directions, Dialect, DirError};
pub use parse::{parse, BetzaError, MAX_LEGS, MAX_LENGTH};
