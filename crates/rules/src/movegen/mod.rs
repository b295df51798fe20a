//! Move generation: compiled tables, the leg interpreter, attacks and the
//! generators.

pub mod attacks;
pub mod check;
pub mod compile;
pub mod gen;
pub mod legality;
pub mod legs;
pub mod noisy;
pub mod tables;
