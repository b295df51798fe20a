//! Colours, piece types and pieces on cells.

use std::fmt;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// Moves first, starts on the low ranks.
    White = 0,
    /// Moves second.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    #[must_use]
    pub const fn idx(self) -> usize {
        self as usize
    }

    /// Both colours.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// `w` or `b`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `white` or `black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Index of a piece type within its variant (at most 64 types).
pub type PieceType = u8;

/// Most piece types a variant may define.
pub const MAX_PIECE_TYPES: usize = 64;

/// The content of a cell: empty, or a piece type with a colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Piece(u8);

impl Piece {
    /// An empty cell.
    pub const EMPTY: Piece = Piece(0);

    /// A piece.
    #[inline]
    #[must_use]
    pub const fn new(kind: PieceType, color: Color) -> Piece {
        Piece(1 + (kind << 1) + color as u8)
    }

    /// True for an empty cell.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True for a piece.
    #[inline]
    #[must_use]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    /// The piece type (meaningless for an empty cell).
    #[inline]
    #[must_use]
    pub const fn kind(self) -> PieceType {
        (self.0 - 1) >> 1
    }

    /// The colour (meaningless for an empty cell).
    #[inline]
    #[must_use]
    pub const fn color(self) -> Color {
        if (self.0 - 1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// True when the cell holds a piece of `c`.
    #[inline]
    #[must_use]
    pub const fn is_color(self, c: Color) -> bool {
        self.0 != 0 && (self.0 - 1) & 1 == c as u8
    }

    /// Dense code (0 = empty), for tables.
    #[inline]
    #[must_use]
    pub const fn code(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            f.write_str("--")
        } else {
            write!(f, "{}{}", self.color().letter(), self.kind())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding() {
        for k in 0..64u8 {
            for c in Color::BOTH {
                let p = Piece::new(k, c);
                assert!(p.is_some());
                assert_eq!(p.kind(), k);
                assert_eq!(p.color(), c);
                assert!(p.is_color(c) && !p.is_color(c.flip()));
            }
        }
        assert!(Piece::EMPTY.is_empty());
        assert!(!Piece::EMPTY.is_color(Color::White));
    }
}
