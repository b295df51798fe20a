//! Coverage loss: a side loses when too few of its pieces move along one of
//! the board's radial directions (Nichtschach: fewer than two for one of the
//! 26 directions of the 6x6x6 board) or belong to one group of types. The
//! rule is judged at the start of the side's turn, before anything else.

use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, PieceType};
use crate::position::Position;

/// The coverage loss rule.
#[derive(Debug, Clone)]
pub enum Coverage {
    /// Each radial direction needs `min` pieces moving along it.
    Directions {
        /// Pieces needed per direction.
        min: u32,
        /// Per colour and type: bit mask of covered directions (0 for
        /// excluded types).
        dirs: [Vec<u32>; 2],
        /// All directions that exist on this board.
        all: u32,
    },
    /// Each group of types needs `min` pieces.
    Groups {
        /// Pieces needed per group.
        min: u32,
        /// Bit mask of types per group.
        groups: Vec<u64>,
    },
}

impl Position {
    /// For each direction bit `d`, the number of `c`'s pieces on the board
    /// whose type has bit `d` set in `dirs` (a mask per type): the counts
    /// behind a coverage rule of directions.
    #[must_use]
    pub fn direction_counts(&self, c: Color, dirs: &[u32]) -> [u32; 32] {
        let mut counts = [0u32; 32];
        let mut present = self.present(c);
        while present != 0 {
            let k = present.trailing_zeros() as usize;
            present &= present - 1;
            let n = self.count(c, k as PieceType) as u32;
            let mut m = dirs[k];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                counts[d] += n;
            }
        }
        counts
    }

    /// True when `c` fails the variant's coverage rule.
    #[must_use]
    pub fn coverage_failed(&self, c: Color) -> bool {
        let Some(cov) = &self.variant().rules.coverage else {
            return false;
        };
        match cov {
            Coverage::Directions { min, dirs, all } => {
                let counts = self.direction_counts(c, &dirs[c.idx()]);
                let mut need = *all;
                while need != 0 {
                    let d = need.trailing_zeros() as usize;
                    need &= need - 1;
                    if counts[d] < *min {
                        return true;
                    }
                }
                false
            }
            Coverage::Groups { min, groups } => groups.iter().any(|&g| {
                let mut n = 0u32;
                let mut bits = g & self.present(c);
                while bits != 0 {
                    let k = bits.trailing_zeros() as PieceType;
                    bits &= bits - 1;
                    n += self.count(c, k) as u32;
                }
                n < *min
            }),
        }
    }
}

/// The side to move loses when it fails the rule.
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let us = pos.side();
    pos.coverage_failed(us).then_some(Outcome {
        winner: Some(us.flip()),
        reason: Reason::Coverage,
    })
}
