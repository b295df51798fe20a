//! The variants embedded in the binary.

/// (file name, TOML text) of every built-in variant, in menu order.
pub const SOURCES: &[(&str, &str)] = &[
    (
        "chess.toml",
        include_str!("../../../../variants/chess.toml"),
    ),
    (
        "capablanca.toml",
        include_str!("../../../../variants/capablanca.toml"),
    ),
    (
        "shogi.toml",
        include_str!("../../../../variants/shogi.toml"),
    ),
];
