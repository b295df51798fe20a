//! Board geometry for Menagerie.
//!
//! A [`Geometry`] is a set of cells with integer coordinates `(x, y, z)`
//! (file, rank, level). Rectangular 2D boards, boards with holes, boards with
//! extra cells outside the rectangle and 3D boxes are all the same type; nothing
//! about the size is fixed at compile time.
//!
//! This crate knows nothing about pieces, moves or chess: it answers "which cell
//! lies at this offset from that one", names cells, and evaluates region
//! expressions into [`CellSet`]s.

mod board;
mod cellset;
mod region;
mod vector;

pub use board::{BoardSpec, CellId, Geometry, GeometryError, MAX_FILES, MAX_LEVELS};
pub use cellset::CellSet;
pub use region::RegionError;
pub use vector::Vector;
