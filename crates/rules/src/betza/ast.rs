//! The syntax tree of a piece description.

use menagerie_geometry::Vector;

/// A parsed piece description: a union of move components.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Betza {
    /// The components, in text order.
    pub components: Vec<Component>,
}

/// One move component: a single leg (`fmW`, `cpR`, `(3,4)`) or a chain of legs
/// (`mafsW`, `[mR-sW]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// The legs, first to last.
    pub legs: Vec<Leg>,
    /// `may_end[i]`: the move may also end after leg `i` (bracket `?`), for
    /// `i < legs.len() - 1`. The last leg always ends the move.
    pub may_end: Vec<bool>,
    /// 1-based column where the component starts.
    pub column: usize,
    /// The component's source text.
    pub text: String,
    /// Directions of later legs are relative to the previous leg (XBetza
    /// chains and brackets); false for leg programs written with absolute
    /// directions in variant files.
    pub relative: bool,
}

/// A basic step and all its symmetric images.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Atom {
    /// The step's absolute components, sorted descending (e.g. `(2,1,0)`).
    pub base: [u8; 3],
}

impl Atom {
    /// Builds an atom from its components in any order.
    #[must_use]
    pub fn new(a: u8, b: u8, c: u8) -> Self {
        let mut base = [a, b, c];
        base.sort_unstable_by(|x, y| y.cmp(x));
        Atom { base }
    }

    /// True for a three-component atom (needs a 3D board).
    #[must_use]
    pub fn is_triple(self) -> bool {
        self.base[2] != 0
    }

    /// Every vector with these components: all permutations over the board's
    /// axes and all signs, deduplicated, sorted by angle for 2D boards.
    #[must_use]
    pub fn vectors(self, three_d: bool) -> Vec<Vector> {
        let [a, b, c] = self.base.map(|v| v as i8);
        let mut perms: Vec<[i8; 3]> = if three_d {
            vec![
                [a, b, c],
                [a, c, b],
                [b, a, c],
                [b, c, a],
                [c, a, b],
                [c, b, a],
            ]
        } else {
            vec![[a, b, 0], [b, a, 0]]
        };
        let mut out = Vec::new();
        for p in perms.drain(..) {
            for sx in [1i8, -1] {
                for sy in [1i8, -1] {
                    for sz in [1i8, -1] {
                        let v = Vector::new(p[0] * sx, p[1] * sy, p[2] * sz);
                        if !v.is_zero() && !out.contains(&v) {
                            out.push(v);
                        }
                    }
                }
            }
        }
        out.sort_by(|u, v| {
            u.angle()
                .partial_cmp(&v.angle())
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(u.z.cmp(&v.z))
        });
        out
    }
}

/// Which distances a leg may stop at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stops {
    /// Any distance in range.
    All,
    /// Odd distances only.
    Odd,
    /// Even distances only.
    Even,
    /// Distances whose bit is set (bit k = distance k, k < 64).
    Set(u64),
}

/// How far a leg goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    /// Fewest steps (0 only in later legs of a chain: "zero or more").
    pub min: u8,
    /// Most steps; 0 = unlimited.
    pub max: u8,
    /// Allowed stopping distances.
    pub stops: Stops,
}

impl Range {
    /// A single step.
    pub const ONE: Range = Range {
        min: 1,
        max: 1,
        stops: Stops::All,
    };
    /// Any number of steps.
    pub const UNLIMITED: Range = Range {
        min: 1,
        max: 0,
        stops: Stops::All,
    };

    /// True for a single step (a leap).
    #[must_use]
    pub fn is_leap(&self) -> bool {
        self.min == 1 && self.max == 1
    }

    /// True when the leg may stop after `k` steps.
    #[must_use]
    pub fn allows(&self, k: usize) -> bool {
        if k < usize::from(self.min) || (self.max != 0 && k > usize::from(self.max)) {
            return false;
        }
        match self.stops {
            Stops::All => true,
            Stops::Odd => k % 2 == 1,
            Stops::Even => k.is_multiple_of(2),
            Stops::Set(bits) => k < 64 && bits >> k & 1 == 1,
        }
    }

    /// Largest distance the leg can ever stop at, given a board limit.
    #[must_use]
    pub fn limit(&self, board: usize) -> usize {
        let mut m = if self.max == 0 {
            board
        } else {
            usize::from(self.max).min(board)
        };
        if let Stops::Set(bits) = self.stops {
            m = m.min(63 - bits.leading_zeros() as usize);
        }
        m
    }
}

/// One leg of a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leg {
    /// The steps (one atom, or two for `K` and `Q`).
    pub atoms: Vec<Atom>,
    /// Direction modifier letters as written (`f`, `fs`, `ff`, `hr`).
    pub dirs: String,
    /// Range and stopping distances.
    pub range: Range,
    /// `m`: may end on an empty cell.
    pub quiet: bool,
    /// `c`: may end on (and, if last, capture) an enemy piece.
    pub capture: bool,
    /// `p`: hops over a piece (cannon screen or, on a non-final leg, passes
    /// an occupied cell).
    pub hop: bool,
    /// `g`: grasshopper: lands directly behind the screen.
    pub grasshop: bool,
    /// `t` (Menagerie extension): the screen must be a friendly piece.
    pub friendly_screen: bool,
    /// `n`: lame (blocked by an occupied intermediate cell).
    pub lame: bool,
    /// `j`: jumping (leaper: must jump an occupied cell; rider: skips the
    /// first cell).
    pub jump: bool,
    /// `i`: only from the piece's initial region.
    pub initial: bool,
    /// `e`: may capture en passant.
    pub en_passant: bool,
    /// `q`: circular rider.
    pub circular: bool,
    /// `z`: crooked rider.
    pub crooked: bool,
    /// True when `m` or `c` (or both) were written explicitly.
    pub explicit_mode: bool,
}

impl Leg {
    /// A plain leg for `atom` with no modifiers.
    #[must_use]
    pub fn plain(atom: Atom, range: Range) -> Self {
        Leg {
            atoms: vec![atom],
            dirs: String::new(),
            range,
            quiet: true,
            capture: true,
            hop: false,
            grasshop: false,
            friendly_screen: false,
            lame: false,
            jump: false,
            initial: false,
            en_passant: false,
            circular: false,
            crooked: false,
            explicit_mode: false,
        }
    }
}
