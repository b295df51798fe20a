//! Compiled move tables: every piece's moves resolved, per colour and origin
//! cell, into plain leaps, rays (slides and hoppers), conditional leaps (lame
//! or jumping) and leg programs for everything else.
//!
//! Region conditions (zone-dependent moves, destination limits, Rivers, the
//! Stockpoint's ring rule) are baked into these tables at load time, so move
//! generation never evaluates them except for leg programs.

use menagerie_geometry::{CellId, CellSet, Geometry, Vector};

/// Entry flags.
pub mod flag {
    /// May end on an empty cell.
    pub const QUIET: u8 = 1;
    /// May capture an enemy piece.
    pub const CAPTURE: u8 = 2;
    /// May capture en passant.
    pub const EP: u8 = 4;
    /// Only from the initial region (a Joker skips these).
    pub const INITIAL: u8 = 8;
    /// Quiet moves of this kind do not reset the move-rule clock.
    pub const NORESET: u8 = 16;
    /// Only from a cell where the mover's side still holds a first-move
    /// right (`components::first_move`).
    pub const FIRST_MOVE: u8 = 32;
    /// Not while the mover's side is in check.
    pub const CALM: u8 = 64;
}

/// A leap to a fixed cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leap {
    /// Destination.
    pub to: CellId,
    /// [`flag`] bits.
    pub flags: u8,
}

/// A leap whose intermediate cells must all be empty (lame) or all occupied
/// (jumping).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CondLeap {
    /// Destination.
    pub to: CellId,
    /// [`flag`] bits.
    pub flags: u8,
    /// True: the path must be occupied; false: empty.
    pub occupied: bool,
    /// Intermediate cells.
    pub path: [CellId; 6],
    /// How many of `path` are used.
    pub path_len: u8,
}

/// How a ray is travelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RayKind {
    /// Slide through empty cells.
    Slide,
    /// Hop over exactly one piece of either colour (cannon).
    Cannon,
    /// Hop over exactly one friendly piece.
    FriendCannon,
    /// Land directly behind the first piece (grasshopper).
    Grasshopper,
}

/// A line of cells from an origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ray {
    /// Index of the first cell in the pools.
    pub start: u32,
    /// Number of cells.
    pub len: u16,
    /// Travel rule.
    pub kind: RayKind,
    /// [`flag::INITIAL`] / [`flag::NORESET`] bits.
    pub flags: u8,
    /// The step vector.
    pub step: Vector,
}

/// Conditions on a leg program's destination, checked at generation time.
#[derive(Debug, Clone, Default)]
pub struct DestCond {
    /// Destination must be in this set.
    pub to: Option<CellSet>,
    /// Not from outside this set into it.
    pub not_into: Option<CellSet>,
    /// Origin and destination must have the same class (u8::MAX = none).
    pub same_class: Option<Vec<u8>>,
}

impl DestCond {
    /// True when a move from `from` may end on `to`.
    #[must_use]
    pub fn allows(&self, from: CellId, to: CellId) -> bool {
        if let Some(s) = &self.to {
            if !s.contains(to) {
                return false;
            }
        }
        if let Some(s) = &self.not_into {
            if !s.contains(from) && s.contains(to) {
                return false;
            }
        }
        if let Some(cl) = &self.same_class {
            let a = cl[from.idx()];
            if a == u8::MAX || a != cl[to.idx()] {
                return false;
            }
        }
        true
    }
}

/// One leg of a compiled program.
#[derive(Debug, Clone)]
pub struct ProgLeg {
    /// Candidate step vectors (already in the owner's orientation).
    pub vectors: Vec<Vector>,
    /// `allowed[i]`: indices into `vectors` allowed after the previous leg
    /// went along its vector `i` (one entry for the first leg).
    pub allowed: Vec<Vec<u8>>,
    /// Range of the leg.
    pub range: crate::betza::Range,
    /// The move may end here on an empty cell (last leg, or `may_end`).
    pub end_quiet: bool,
    /// The move may end here capturing an enemy.
    pub end_capture: bool,
    /// Non-final: may stop on an empty cell and continue.
    pub cont_empty: bool,
    /// Non-final: may capture an enemy here and continue (locust capture).
    pub cont_capture: bool,
    /// Non-final: may stop on any piece and hop over it.
    pub hop: bool,
    /// Non-final: may stop on a friendly piece and hop over it.
    pub hop_friend: bool,
}

/// A leg program: the general interpreter's input.
#[derive(Debug, Clone)]
pub struct Program {
    /// The legs.
    pub legs: Vec<ProgLeg>,
    /// The move may also end after leg `i`.
    pub may_end: Vec<bool>,
    /// Destination conditions.
    pub dest: DestCond,
    /// [`flag::INITIAL`] / [`flag::NORESET`].
    pub flags: u8,
    /// Record the first leg's end cell in capturing moves.
    pub show_path: bool,
    /// Source text (for messages).
    pub text: String,
}

/// Index ranges of one piece's moves from one cell.
#[derive(Debug, Clone, Copy, Default)]
pub struct CellEntry {
    leaps: (u32, u32),
    conds: (u32, u32),
    rays: (u32, u32),
    progs: (u32, u32),
}

/// All compiled moves of a variant.
#[derive(Debug, Clone, Default)]
pub struct MoveTables {
    pub(crate) cells: usize,
    pub(crate) types: usize,
    entries: Vec<CellEntry>,
    leaps: Vec<Leap>,
    conds: Vec<CondLeap>,
    rays: Vec<Ray>,
    ray_cells: Vec<CellId>,
    ray_stops: Vec<u8>,
    prog_refs: Vec<u32>,
    programs: Vec<Program>,
}

/// One piece's moves from one cell.
#[derive(Debug, Clone, Copy)]
pub struct CellMoves<'a> {
    /// Plain leaps.
    pub leaps: &'a [Leap],
    /// Lame and jumping leaps.
    pub conds: &'a [CondLeap],
    /// Rays.
    pub rays: &'a [Ray],
    /// Leg programs (indices into [`MoveTables::program`]).
    pub progs: &'a [u32],
}

impl CellMoves<'_> {
    /// True when this cell has attacks that the fast attack tables cannot
    /// express (capturing lame/jumping leaps, friendly hops, leg programs).
    /// A conditional leap that only moves (a chess Pawn's lame double step)
    /// attacks nothing and does not count.
    #[must_use]
    pub fn has_complex(&self) -> bool {
        self.conds.iter().any(|c| c.flags & flag::CAPTURE != 0)
            || !self.progs.is_empty()
            || self.rays.iter().any(|r| r.kind == RayKind::FriendCannon)
    }

    /// True when some of these moves only move or only capture (a chess
    /// Pawn's step and its diagonal capture), as opposed to a piece that
    /// captures wherever it moves (Shogi's Pawn, Xiangqi's Soldier).
    #[must_use]
    pub fn splits_move_and_capture(&self, t: &MoveTables) -> bool {
        let one_sided = |f: u8| (f & flag::QUIET == 0) != (f & flag::CAPTURE == 0);
        self.leaps.iter().any(|l| one_sided(l.flags))
            || self.conds.iter().any(|l| one_sided(l.flags))
            || self.rays.iter().any(|r| one_sided(r.flags))
            || self.progs.iter().any(|&i| {
                t.program(i)
                    .legs
                    .iter()
                    .any(|g| g.end_quiet != g.end_capture)
            })
    }

    /// True when there is no move at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.leaps.is_empty()
            && self.conds.is_empty()
            && self.rays.is_empty()
            && self.progs.is_empty()
    }
}

impl MoveTables {
    fn key(&self, color: usize, kind: usize, cell: CellId) -> usize {
        (color * self.types + kind) * self.cells + cell.idx()
    }

    /// The moves of piece type `kind` of colour `color` standing on `cell`.
    #[inline]
    #[must_use]
    pub fn at(&self, color: crate::Color, kind: crate::PieceType, cell: CellId) -> CellMoves<'_> {
        let e = self.entries[self.key(color.idx(), usize::from(kind), cell)];
        CellMoves {
            leaps: &self.leaps[e.leaps.0 as usize..e.leaps.1 as usize],
            conds: &self.conds[e.conds.0 as usize..e.conds.1 as usize],
            rays: &self.rays[e.rays.0 as usize..e.rays.1 as usize],
            progs: &self.prog_refs[e.progs.0 as usize..e.progs.1 as usize],
        }
    }

    /// Cells of a ray.
    #[inline]
    #[must_use]
    pub fn ray_cells(&self, r: &Ray) -> &[CellId] {
        &self.ray_cells[r.start as usize..r.start as usize + usize::from(r.len)]
    }

    /// Stop flags ([`flag::QUIET`], [`flag::CAPTURE`]) of a ray's cells.
    #[inline]
    #[must_use]
    pub fn ray_stops(&self, r: &Ray) -> &[u8] {
        &self.ray_stops[r.start as usize..r.start as usize + usize::from(r.len)]
    }

    /// True before any entry was built (a variant still being loaded).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// A leg program.
    #[inline]
    #[must_use]
    pub fn program(&self, i: u32) -> &Program {
        &self.programs[i as usize]
    }
}

/// Builds [`MoveTables`] one (colour, type, cell) entry at a time, in order.
#[derive(Debug)]
pub struct TableBuilder {
    t: MoveTables,
    cur: CellEntry,
    expected: usize,
}

impl TableBuilder {
    /// Starts tables for `types` piece types on `cells` cells.
    #[must_use]
    pub fn new(cells: usize, types: usize) -> Self {
        TableBuilder {
            t: MoveTables {
                cells,
                types,
                ..MoveTables::default()
            },
            cur: CellEntry::default(),
            expected: 2 * types * cells,
        }
    }

    /// Adds a program shared by later entries; returns its index.
    pub fn add_program(&mut self, p: Program) -> u32 {
        self.t.programs.push(p);
        (self.t.programs.len() - 1) as u32
    }

    /// Adds a leap to the current entry.
    pub fn leap(&mut self, l: Leap) {
        self.t.leaps.push(l);
    }

    /// Adds a conditional leap to the current entry.
    pub fn cond(&mut self, c: CondLeap) {
        self.t.conds.push(c);
    }

    /// Adds a ray to the current entry.
    pub fn ray(&mut self, cells: &[CellId], stops: &[u8], kind: RayKind, flags: u8, step: Vector) {
        let start = self.t.ray_cells.len() as u32;
        self.t.ray_cells.extend_from_slice(cells);
        self.t.ray_stops.extend_from_slice(stops);
        self.t.rays.push(Ray {
            start,
            len: cells.len() as u16,
            kind,
            flags,
            step,
        });
    }

    /// Adds a program reference to the current entry.
    pub fn prog(&mut self, i: u32) {
        self.t.prog_refs.push(i);
    }

    /// Closes the current entry; entries are closed in (colour, type, cell) order.
    pub fn finish_entry(&mut self) {
        let e = CellEntry {
            leaps: (self.cur.leaps.1, self.t.leaps.len() as u32),
            conds: (self.cur.conds.1, self.t.conds.len() as u32),
            rays: (self.cur.rays.1, self.t.rays.len() as u32),
            progs: (self.cur.progs.1, self.t.prog_refs.len() as u32),
        };
        self.t.entries.push(e);
        self.cur = e;
    }

    /// The finished tables.
    ///
    /// # Panics
    /// In debug builds, when the number of entries is wrong (a bug in the
    /// compiler, not an input problem).
    #[must_use]
    pub fn build(self) -> MoveTables {
        debug_assert_eq!(self.t.entries.len(), self.expected);
        self.t
    }
}

/// Cells on the line from `from` along `v`, at most `max` cells.
#[must_use]
pub fn line(g: &Geometry, from: CellId, v: Vector, max: usize) -> Vec<CellId> {
    g.ray(from, v, max)
}

impl TableBuilder {
    pub(crate) fn program_ref(&self, i: u32) -> &Program {
        &self.t.programs[i as usize]
    }
}
