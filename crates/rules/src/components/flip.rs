//! Flipping: stones that change colour instead of being captured
//! (Fairy-Stockfish's `enclosingDrop` and `flipEnclosedPieces`). Reversi,
//! Othello and Ataxx are this family. Two rules make it up, each with two
//! shapes:
//!
//! * **where a drop may go** (`[rules] enclosing_drops`):
//!   * `reversi`: a drop must enclose — in at least one of the eight King
//!     directions, a line of one or more enemy stones right next to the
//!     cell, closed by a stone of the mover's own. As Fairy-Stockfish tests
//!     it, holes and walls on that line do not break it (its test looks
//!     through them, its flipping does not): a cell beside an enemy stone
//!     with, along some line, an own stone not next to it past nothing but
//!     enemy stones, holes and walls (Annexation's corner walls);
//!   * `ataxx`: a drop must touch one of the mover's own stones (the
//!     "clone" of Ataxx);
//!   * `snort`: a drop may not stand straight next to (not diagonally) an
//!     enemy stone (Snort, "cats and dogs");
//!   * `top`: a drop lands on the first rank or on a stone (Connect Four's
//!     gravity);
//!   * `anyside`: a stone pushed in from one of the four edges. Per rank
//!     whose a-file cell is empty, the first empty cell from the a-file
//!     that is next to a stone further east (or the last one); per file
//!     whose first-rank cell is empty, likewise northwards. From the far
//!     edges Fairy-Stockfish takes, per file whose top cell is empty, the
//!     lowest empty cell above a stone or on the first rank, and per rank
//!     whose last cell is empty, the westernmost empty cell east of a stone
//!     or on the a-file: where a stone pushed in from there stops while the
//!     line has no gap, and Menagerie reads it as Fairy-Stockfish does;
//!
//!   and, while a cell of the `enclosing_start` region is empty, drops go
//!   there and nowhere else, enclosing or not (Reversi's opening);
//! * **what a move flips** (`[rules] flips`), after every move that is not
//!   a pass:
//!   * `reversi`: every line of enemy stones enclosed between the
//!     destination and an own stone, in each of the eight directions;
//!   * `ataxx`: every enemy stone on the eight cells around the
//!     destination;
//!   * `quadwrangle`: the same, after a move on the board or a drop next to
//!     an own stone (a drop among enemy stones alone flips nothing).
//!
//! Why its own undo record: once flipped, a stone cannot be told from one
//! that was always the mover's, so make/unmake keep how many stones turned
//! in each direction ([`Flipped`], eight small counts) and turn exactly
//! those back.
//!
//! Hooks: extra moves (a filter of drop cells, `Position::flip_drop_ok`,
//! called by the drop generator) and effects of a move
//! (`Position::flip_after` and `Position::unflip`, called by
//! `position::make`).

use crate::components::walls;
use crate::piece::Color;
use crate::position::Position;
use menagerie_geometry::{CellId, CellSet, Vector};

/// The eight King directions, in the order of a [`Flipped`] record.
const DIRECTIONS: [Vector; 8] = [
    Vector::xy(1, 0),
    Vector::xy(1, 1),
    Vector::xy(0, 1),
    Vector::xy(-1, 1),
    Vector::xy(-1, 0),
    Vector::xy(-1, -1),
    Vector::xy(0, -1),
    Vector::xy(1, -1),
];

/// The value of `enclosing_drops` and `flips` that switches the rule off.
const NONE: &str = "none";

/// How many stones a move turned in each of the `DIRECTIONS`, counted
/// from its destination.
pub type Flipped = [u8; 8];

/// The shape of one of the two rules (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enclosing {
    /// Lines of enemy stones closed by an own stone.
    Reversi,
    /// The eight neighbours.
    Ataxx,
    /// Drops only: not orthogonally next to an enemy stone.
    Snort,
    /// Drops only: on the first rank or on a stone.
    Top,
    /// Drops only: pushed in from an edge (see the module docs).
    AnySide,
    /// Flips only: the eight neighbours, unless a drop touches no own stone.
    Quadwrangle,
}

impl Enclosing {
    /// The drop rule by its name (Fairy-Stockfish's `enclosingDrop`
    /// values).
    ///
    /// # Errors
    /// An unknown name, or one that is only a flipping rule.
    pub fn drop_rule(s: &str) -> Result<Enclosing, String> {
        match s {
            "reversi" => Ok(Enclosing::Reversi),
            "ataxx" => Ok(Enclosing::Ataxx),
            "snort" => Ok(Enclosing::Snort),
            "top" => Ok(Enclosing::Top),
            "anyside" => Ok(Enclosing::AnySide),
            _ => Err(format!(
                "`{s}` is not a drop rule (expected reversi, ataxx, snort, top, anyside or none)"
            )),
        }
    }

    /// The flipping rule by its name (Fairy-Stockfish's
    /// `flipEnclosedPieces` values).
    ///
    /// # Errors
    /// An unknown name, or one that is only a drop rule.
    pub fn flip_rule(s: &str) -> Result<Enclosing, String> {
        match s {
            "reversi" => Ok(Enclosing::Reversi),
            "ataxx" => Ok(Enclosing::Ataxx),
            "quadwrangle" => Ok(Enclosing::Quadwrangle),
            _ => Err(format!(
                "`{s}` is not a flipping rule (expected reversi, ataxx, quadwrangle or none)"
            )),
        }
    }
}

/// The straight (Rook) directions among `DIRECTIONS`: east, north, west,
/// south.
const STRAIGHT: [Vector; 4] = [DIRECTIONS[0], DIRECTIONS[2], DIRECTIONS[4], DIRECTIONS[6]];

/// A validated flipping rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flip {
    /// Where drops may go (`None`: wherever the drop rules allow).
    pub drops: Option<Enclosing>,
    /// What a move flips (`None`: nothing).
    pub flips: Option<Enclosing>,
    /// Cells that must all be filled before the `drops` rule applies;
    /// until then drops go only there (empty: no opening).
    pub start: CellSet,
}

/// The validated rule from `[rules] enclosing_drops`, `flips` and
/// `enclosing_start`; `None` when none is given.
///
/// # Errors
/// An unknown rule name or start region, with the key it was given for.
pub(crate) fn from_spec(
    drops: Option<&str>,
    flips: Option<&str>,
    start: Option<&str>,
    cells: usize,
    region: impl Fn(&str) -> Result<CellSet, String>,
) -> Result<Option<Flip>, (&'static str, String)> {
    if drops.is_none() && flips.is_none() && start.is_none() {
        return Ok(None);
    }
    // `none` switches off a rule an inherited variant has.
    let shape =
        |s: Option<&str>, key: &'static str, parse: fn(&str) -> Result<Enclosing, String>| {
            s.filter(|&s| s != NONE)
                .map(parse)
                .transpose()
                .map_err(|e| (key, e))
        };
    let start = match start {
        Some(r) => region(r).map_err(|e| ("enclosing_start", format!("`{r}`: {e}")))?,
        None => CellSet::with_capacity(cells),
    };
    Ok(Some(Flip {
        drops: shape(drops, "enclosing_drops", Enclosing::drop_rule)?,
        flips: shape(flips, "flips", Enclosing::flip_rule)?,
        start,
    }))
}

impl Position {
    /// True when the stone on `c` belongs to `us` (a wall, which has the
    /// colour of the side to move, belongs to no one).
    fn stone_of(&self, c: CellId, us: Color) -> bool {
        let p = self.piece(c);
        p.is_color(us) && self.variant().rules.walls.as_ref().map(|w| w.piece) != Some(p.kind())
    }

    /// The length of the line of `us`'s enemy stones from `c` (not
    /// included) in direction `d` that an own stone closes, 0 if none does.
    fn enclosed_run(&self, c: CellId, d: Vector, us: Color) -> u8 {
        let g = &self.variant().geometry;
        let them = us.flip();
        let mut run = 0u8;
        let mut cur = c;
        while let Some(n) = g.offset(cur, d) {
            if self.stone_of(n, them) {
                run = run.saturating_add(1);
                cur = n;
            } else {
                return if self.stone_of(n, us) { run } else { 0 };
            }
        }
        0
    }

    /// Fairy-Stockfish's Reversi drop test (see the module docs): beside
    /// an enemy stone, and an own stone not next to `c` closes some line
    /// of enemy stones, holes and walls.
    fn reversi_drop_ok(&self, c: CellId, us: Color) -> bool {
        let g = &self.variant().geometry;
        let them = us.flip();
        let beside = DIRECTIONS
            .iter()
            .any(|&d| g.offset(c, d).is_some_and(|n| self.stone_of(n, them)));
        beside && DIRECTIONS.iter().any(|&d| self.closed_beyond(c, d, us))
    }

    /// True when, from `c` in direction `d`, the first cell that is no
    /// enemy stone, hole or wall holds an own stone two or more steps away.
    fn closed_beyond(&self, c: CellId, d: Vector, us: Color) -> bool {
        let g = &self.variant().geometry;
        let a = g.coord(c);
        let inside = |x: i32, n: usize| x >= 0 && usize::try_from(x).is_ok_and(|x| x < n);
        let mut k: i32 = 1;
        loop {
            let x = i32::from(a.x) + i32::from(d.x) * k;
            let y = i32::from(a.y) + i32::from(d.y) * k;
            if !inside(x, g.files()) || !inside(y, g.ranks()) {
                return false;
            }
            match g.cell_at(x, y, i32::from(a.z)) {
                Some(n) if !self.stone_of(n, us.flip()) && !self.wall_on(n) => {
                    return k > 1 && self.stone_of(n, us);
                }
                _ => k += 1,
            }
        }
    }

    /// True when a wall stands on `c`.
    fn wall_on(&self, c: CellId) -> bool {
        let p = self.piece(c);
        p.is_some() && walls::is_wall(self, p.kind())
    }

    /// True when the side to move may drop on the empty cell `c` under
    /// `f`'s drop rule.
    pub(crate) fn flip_drop_ok(&self, f: &Flip, c: CellId) -> bool {
        if f.start.iter().any(|s| self.piece(s).is_empty()) {
            return f.start.contains(c);
        }
        let us = self.side();
        let g = &self.variant().geometry;
        match f.drops {
            None => true,
            Some(Enclosing::Reversi) => self.reversi_drop_ok(c, us),
            Some(Enclosing::Ataxx) => self.touches_own(c, us),
            Some(Enclosing::Snort) => !STRAIGHT
                .iter()
                .any(|&d| g.offset(c, d).is_some_and(|n| self.stone_of(n, us.flip()))),
            Some(Enclosing::Top) => g
                .offset(c, STRAIGHT[3])
                .is_none_or(|below| !self.piece(below).is_empty()),
            Some(Enclosing::AnySide) => self.pushed_in_at(c),
            // A flipping rule only (`Enclosing::drop_rule` refuses it).
            Some(Enclosing::Quadwrangle) => true,
        }
    }

    /// True when one of the eight cells around `c` holds a stone of `us`.
    fn touches_own(&self, c: CellId, us: Color) -> bool {
        let g = &self.variant().geometry;
        DIRECTIONS
            .iter()
            .any(|&d| g.offset(c, d).is_some_and(|n| self.stone_of(n, us)))
    }

    /// True when `c` is one of the `anyside` landing cells of its rank and
    /// file (see the module docs).
    fn pushed_in_at(&self, c: CellId) -> bool {
        let [east, north, west, south] = STRAIGHT;
        // (scan direction, the neighbour that stops the stone, whether the
        // entry is at the low end of the line).
        [
            (east, east, true),
            (north, north, true),
            (north, south, false),
            (east, west, false),
        ]
        .iter()
        .any(|&(axis, stop, low_entry)| self.landing(c, axis, stop, low_entry) == Some(c))
    }

    /// The landing cell of the line through `c` along `axis`: the first
    /// empty cell from the line's low end whose `stop` neighbour is
    /// occupied or off the board, provided the entry end (low or high) is
    /// empty.
    fn landing(&self, c: CellId, axis: Vector, stop: Vector, low_entry: bool) -> Option<CellId> {
        let g = &self.variant().geometry;
        let back = Vector::xy(-axis.x, -axis.y);
        let end = |dir: Vector| {
            let mut cur = c;
            while let Some(n) = g.offset(cur, dir) {
                cur = n;
            }
            cur
        };
        let low = end(back);
        let entry = if low_entry { low } else { end(axis) };
        if !self.piece(entry).is_empty() {
            return None;
        }
        let mut cur = Some(low);
        while let Some(s) = cur {
            let stopped = g.offset(s, stop).is_none_or(|n| !self.piece(n).is_empty());
            if self.piece(s).is_empty() && stopped {
                return Some(s);
            }
            cur = g.offset(s, axis);
        }
        None
    }

    /// Turns the enemy stones that `us`'s move to `to` (a drop when
    /// `dropped`) flips under `f`; returns what it turned, for
    /// [`Position::unflip`].
    pub(crate) fn flip_after(&mut self, f: &Flip, us: Color, to: CellId, dropped: bool) -> Flipped {
        let mut done = Flipped::default();
        let shape = match f.flips {
            Some(Enclosing::Quadwrangle) if dropped && !self.touches_own(to, us) => return done,
            Some(Enclosing::Quadwrangle) => Enclosing::Ataxx,
            Some(shape) => shape,
            None => return done,
        };
        let v = self.variant().clone();
        for (i, &d) in DIRECTIONS.iter().enumerate() {
            done[i] = match shape {
                Enclosing::Reversi => self.enclosed_run(to, d, us),
                // The drop-only shapes never get here (`flip_rule`).
                _ => u8::from(
                    v.geometry
                        .offset(to, d)
                        .is_some_and(|n| self.stone_of(n, us.flip())),
                ),
            };
            self.turn_line(to, d, done[i]);
        }
        done
    }

    /// Turns back the stones a move to `to` turned.
    pub(crate) fn unflip(&mut self, to: CellId, done: &Flipped) {
        for (&d, &n) in DIRECTIONS.iter().zip(done) {
            self.turn_line(to, d, n);
        }
    }

    /// Turns the `n` stones after `from` in direction `d` to the other
    /// colour.
    fn turn_line(&mut self, from: CellId, d: Vector, n: u8) {
        let v = self.variant().clone();
        let mut cur = from;
        for _ in 0..n {
            let Some(c) = v.geometry.offset(cur, d) else {
                return;
            };
            self.recolour(c);
            cur = c;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{legal_uci as legal, play_uci as play};
    use crate::Registry;

    fn position(variant: &str, fen: &str) -> Position {
        let v = Registry::builtin().get(variant).expect("variant");
        Position::from_fen(&v, fen).expect("fen")
    }

    #[test]
    fn names() {
        assert_eq!(Enclosing::drop_rule("reversi"), Ok(Enclosing::Reversi));
        assert_eq!(Enclosing::drop_rule("ataxx"), Ok(Enclosing::Ataxx));
        assert_eq!(Enclosing::drop_rule("top"), Ok(Enclosing::Top));
        assert_eq!(
            Enclosing::flip_rule("quadwrangle"),
            Ok(Enclosing::Quadwrangle)
        );
        assert!(Enclosing::drop_rule("othello")
            .unwrap_err()
            .contains("reversi, ataxx, snort, top, anyside or none"));
        // Each name belongs to the rule Fairy-Stockfish plays it for.
        assert!(Enclosing::drop_rule("quadwrangle").is_err());
        assert!(Enclosing::flip_rule("snort").is_err());
    }

    /// A game of stones dropped from a hand (ini text), at `fen`.
    fn stones(keys: &str, fen: &str) -> Position {
        let text = format!("[stones]\nmaxRank = 4\nmaxFile = 4\nimmobile = p\nstartFen = {fen}\npieceDrops = true\ndoubleStep = false\ncastling = false\n{keys}");
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("t.ini", &text).expect("loads");
        let v = reg.get(&ids[0]).expect("registered");
        Position::from_fen(&v, fen).expect("fen")
    }

    #[test]
    fn a_top_drop_falls_onto_the_first_rank_or_a_stone() {
        let pos = stones("enclosingDrop = top\n", "4/4/p3/P3[Pp] w - - 0 1");
        assert_eq!(legal(&pos), ["P@a3", "P@b1", "P@c1", "P@d1"]);
    }

    #[test]
    fn a_snort_drop_keeps_off_the_enemy_s_straight_neighbours() {
        let pos = stones("enclosingDrop = snort\n", "4/4/1p2/4[Pp] w - - 0 1");
        let moves = legal(&pos);
        assert_eq!(moves.len(), 15 - 4, "{moves:?}");
        for gone in ["P@a2", "P@c2", "P@b1", "P@b3"] {
            assert!(!moves.iter().any(|m| m == gone), "{gone}: {moves:?}");
        }
        assert!(
            moves.iter().any(|m| m == "P@a1"),
            "a diagonal neighbour is fine"
        );
    }

    #[test]
    fn an_anyside_drop_is_pushed_in_from_an_edge() {
        // Empty board: every edge cell takes a stone (from its rank or
        // file), inner cells none.
        let pos = stones("enclosingDrop = anyside\n", "4/4/4/4[Pp] w - - 0 1");
        assert_eq!(legal(&pos).len(), 12);
        // A stone on b2 (b1 below it empty). Pushed in from the a-file, a
        // stone slides to d1, a2 (against b2), d3, d4; from the first rank
        // to a4, b1 (against b2), c4, d4. From the top of each file
        // Fairy-Stockfish takes the lowest cell above a stone or on the
        // first rank (b1, not b3 where a falling stone would stop), and
        // from the last file the westernmost cell east of a stone or on the
        // a-file (a2, not c2).
        let pos = stones("enclosingDrop = anyside\n", "4/4/1P2/4[Pp] b - - 0 1");
        assert_eq!(
            legal(&pos),
            ["P@a1", "P@a2", "P@a3", "P@a4", "P@b1", "P@c1", "P@c4", "P@d1", "P@d3", "P@d4"]
        );
        // A gap in file c (stones on c1 and c3): from the top of file c
        // Fairy-Stockfish lands on c2, the lowest cell above a stone, not c4.
        let pos = stones("enclosingDrop = anyside\n", "4/2P1/4/2P1[Pp] b - - 0 1");
        let moves = legal(&pos);
        assert!(moves.iter().any(|m| m == "P@c2"), "{moves:?}");
        assert!(!moves.iter().any(|m| m == "P@c4"), "{moves:?}");
    }

    #[test]
    fn a_quadwrangle_drop_flips_only_next_to_an_own_stone() {
        let keys = "flipEnclosedPieces = quadwrangle\n";
        // Alone among enemy stones: nothing turns.
        let mut pos = stones(keys, "4/4/1p2/4[Pp] w - - 0 1");
        play(&mut pos, "P@a1");
        assert_eq!(pos.to_fen(), "4/4/1p2/P3[p] b - - 0 1");
        // Beside an own stone: every enemy neighbour turns.
        let mut pos = stones(keys, "4/4/1p2/3P[Pp] w - - 0 1");
        play(&mut pos, "P@c1");
        assert_eq!(pos.to_fen(), "4/4/1P2/2PP[p] b - - 0 1");
    }

    #[test]
    fn a_reversi_drop_encloses_and_flips_every_closed_line() {
        let start = "8/8/8/3pP3/3Pp3/8/8/8[PPPPpppp] w - - 0 1";
        let pos = position("flipello", start);
        assert_eq!(legal(&pos), ["P@c5", "P@d6", "P@e3", "P@f4"]);
        // A drop on d6 closes d5 against d4 (a file line).
        let mut pos = position("flipello", start);
        play(&mut pos, "P@d6");
        assert_eq!(pos.to_fen(), "8/8/3P4/3PP3/3Pp3/8/8/8[PPPpppp] b - - 0 1");
        // Two lines at once: e4 closes c4 and d4 against b4 along the rank
        // and d5 against c6 along the diagonal.
        let before = "8/8/2P5/3p4/1Ppp4/8/8/8[P] w - - 0 1";
        let mut pos = position("flipello", before);
        assert_eq!(legal(&pos), ["P@e4", "P@e5"]);
        play(&mut pos, "P@e4");
        assert_eq!(pos.to_fen(), "8/8/2P5/3P4/1PPPP3/8/8/8[] b - - 0 1");
        pos.unmake();
        assert_eq!(pos.to_fen(), before);
        assert_eq!(pos.hash(), pos.compute_hash());
    }

    #[test]
    fn the_opening_fills_the_start_cells_first() {
        let mut pos = position("flipersi", "8/8/8/8/8/8/8/8[PPpp] w - - 0 1");
        assert_eq!(legal(&pos), ["P@d4", "P@d5", "P@e4", "P@e5"]);
        play(&mut pos, "P@d4");
        play(&mut pos, "P@e5");
        play(&mut pos, "P@e4");
        assert_eq!(legal(&pos), ["P@d5"]);
    }

    #[test]
    fn ataxx_clones_beside_its_own_and_turns_the_neighbours() {
        let mut pos = position("ataxx", "7/7/7/7/2pp3/2P4/7 w - - 0 1");
        assert_eq!(
            legal(&pos),
            [
                "P@b1", "P@b2", "P@b3", "P@c1", "P@d1", "P@d2", "c2a1", "c2a2", "c2a3", "c2a4",
                "c2b4", "c2c4", "c2d4", "c2e1", "c2e2", "c2e3", "c2e4"
            ]
        );
        // A clone beside c2 turns both stones next to d2.
        play(&mut pos, "P@d2");
        assert_eq!(pos.to_fen(), "7/7/7/7/2PP3/2PP3/7 b - - 0 1");
        pos.unmake();
        // A jump turns the stones around where it lands: d3 only.
        play(&mut pos, "c2e4");
        assert_eq!(pos.to_fen(), "7/7/7/4P2/2pP3/7/7 b - - 1 1");
        pos.unmake();
        assert_eq!(pos.to_fen(), "7/7/7/7/2pp3/2P4/7 w - - 0 1");
    }

    #[test]
    fn a_reversi_drop_test_looks_through_holes_as_fairy_stockfish_does() {
        // Annexation (Fairy-Stockfish's variants.ini: 10x10 Reversi with
        // corner walls, holes here). b4 is beside the enemy c5, and past
        // the hole c3 stands the own d2: a drop there is legal though it
        // encloses nothing, and it flips nothing.
        let v = crate::test_support::ini_variant("[annexation:flipello]\nmaxRank = 10\nmaxFile = 10\nstartFen = ***4***/***4***/***4***/10/4pP4/4Pp4/10/***4***/***4***/***4***[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppp] w 0 1\n");
        let hand = "PPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp";
        let fen = format!("***4***/***4***/***4***/4Pp4/1pP1Pp4/2pPPp4/2Ppp5/***Pp2***/***P3***/***4***[{hand}] w - - 0 7");
        let mut pos = Position::from_fen(&v, &fen).expect("fen");
        assert_eq!(
            legal(&pos),
            [
                "P@a6", "P@b4", "P@b5", "P@e2", "P@f3", "P@f4", "P@g4", "P@g5", "P@g6", "P@g7",
                "P@g8"
            ]
        );
        play(&mut pos, "P@b4");
        assert!(
            pos.to_fen().starts_with(
                "***4***/***4***/***4***/4Pp4/1pP1Pp4/2pPPp4/1PPpp5/***Pp2***/***P3***/***4***["
            ),
            "{}",
            pos.to_fen()
        );
    }
}
