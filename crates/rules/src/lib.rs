//! Menagerie rules library.
pub mod betza;
