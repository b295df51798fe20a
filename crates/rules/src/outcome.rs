//! How games end: checkmate, stalemate, coverage loss, win by count and the
//! draw rules, evaluated in the order the variant specs prescribe.

use crate::piece::{Color, PieceType};
use crate::position::Position;
use crate::variant::{Coverage, Verdict};
use std::fmt;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// No legal move while in check.
    Checkmate,
    /// No legal move, not in check (scored by the variant).
    Stalemate,
    /// Too few pieces left covering a direction or group.
    Coverage,
    /// Reached the winning number of a piece type.
    Count,
    /// Same position repeated.
    Repetition,
    /// Too many plies without progress.
    MoveRule,
    /// Game length cap reached.
    PlyCap,
    /// Only royals left.
    BareKings,
}

impl Reason {
    /// Lowercase name used in text interfaces.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Coverage => "coverage",
            Reason::Count => "princes",
            Reason::Repetition => "repetition",
            Reason::MoveRule => "move-rule",
            Reason::PlyCap => "ply-cap",
            Reason::BareKings => "bare-kings",
        }
    }
}

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.reason.name())
    }
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
            let mask = dirs[k];
            let n = self.count(c, k as PieceType) as u32;
            let mut m = mask;
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

    /// True when `c` has reached the variant's winning count.
    #[must_use]
    pub fn count_won(&self, c: Color) -> bool {
        match self.variant().rules.count_win {
            Some((k, n)) => self.count(c, k) as u32 >= n,
            None => false,
        }
    }

    /// Hashes of the earlier positions, newest first and with the same side
    /// to move, that this one may repeat. Unless captures go to the hand, a
    /// reset of the no-progress counter (a capture, a pawn move) can never
    /// be undone, so only the positions since the last one are looked at.
    /// Where captured pieces come back as drops any earlier position can
    /// recur — a capture, a recapture and two drops can restore the board
    /// and both hands — so the whole game is.
    pub fn repeatable_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let keys = self.key_history();
        let window = if self.variant().rules.captures_to_hand {
            keys.len()
        } else {
            (self.halfmove() as usize).min(keys.len())
        };
        keys[keys.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .copied()
    }

    /// How many earlier positions equal this one (see [`Self::repeatable_keys`]).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let h = self.hash();
        self.repeatable_keys().filter(|&k| k == h).count()
    }

    /// The game's end, if the position is final.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let v = self.variant();
        let us = self.side();
        let win = |c: Color, reason| {
            Some(Outcome {
                winner: Some(c),
                reason,
            })
        };
        if self.coverage_failed(us) {
            return win(us.flip(), Reason::Coverage);
        }
        // Checkmate comes before a win by count: look at the moves the side
        // to move would have if the count rule had not ended the game.
        let legal = if self.count_won(us) {
            let mut p = self.clone();
            let mut out = crate::moves::MoveList::new();
            p.generate_legal_ignoring_rules(&mut out);
            out
        } else {
            self.legal_moves()
        };
        let in_check = legal.is_empty() && self.in_check();
        if in_check {
            return win(us.flip(), Reason::Checkmate);
        }
        if self.count_won(us) {
            return win(us, Reason::Count);
        }
        if legal.is_empty() {
            return match v.rules.stalemate {
                Verdict::Draw => Some(Outcome {
                    winner: None,
                    reason: Reason::Stalemate,
                }),
                Verdict::Loss => win(us.flip(), Reason::Stalemate),
                Verdict::Win => win(us, Reason::Stalemate),
            };
        }
        if v.rules.repetition > 0 && self.repetitions() + 1 >= v.rules.repetition as usize {
            return Some(Outcome {
                winner: None,
                reason: Reason::Repetition,
            });
        }
        if v.rules.move_rule > 0 && self.halfmove() >= v.rules.move_rule {
            return Some(Outcome {
                winner: None,
                reason: Reason::MoveRule,
            });
        }
        if v.rules.ply_cap > 0 && self.game_ply() >= v.rules.ply_cap {
            return Some(Outcome {
                winner: None,
                reason: Reason::PlyCap,
            });
        }
        if v.rules.bare_kings_draw && v.has_royal() && self.bare_royals() {
            return Some(Outcome {
                winner: None,
                reason: Reason::BareKings,
            });
        }
        None
    }

    fn bare_royals(&self) -> bool {
        let v = self.variant();
        Color::BOTH.iter().all(|&c| {
            let mut bits = self.present(c);
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if !v.pieces[k].royal {
                    return false;
                }
            }
            (0..v.types()).all(|k| self.hand(c, k as PieceType) == 0)
        })
    }
}
