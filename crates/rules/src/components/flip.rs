//! Flipping: stones that change colour instead of being captured
//! (Fairy-Stockfish's `enclosingDrop` and `flipEnclosedPieces`). Reversi,
//! Othello and Ataxx are this family. Two rules make it up, each with two
//! shapes:
//!
//! * **where a drop may go** (`[rules] enclosing_drops`):
//!   * `reversi`: a drop must enclose — in at least one of the eight King
//!     directions, a line of one or more enemy stones right next to the
//!     cell, closed by a stone of the mover's own;
//!   * `ataxx`: a drop must touch one of the mover's own stones (the
//!     "clone" of Ataxx);
//!
//!   and, while a cell of the `enclosing_start` region is empty, drops go
//!   there and nowhere else, enclosing or not (Reversi's opening);
//! * **what a move flips** (`[rules] flips`), after every move that is not
//!   a pass:
//!   * `reversi`: every line of enemy stones enclosed between the
//!     destination and an own stone, in each of the eight directions;
//!   * `ataxx`: every enemy stone on the eight cells around the
//!     destination.
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
}

impl Enclosing {
    /// The shape by its name (Fairy-Stockfish's values `reversi`, `ataxx`).
    ///
    /// # Errors
    /// An unknown name.
    pub fn from_name(s: &str) -> Result<Enclosing, String> {
        match s {
            "reversi" => Ok(Enclosing::Reversi),
            "ataxx" => Ok(Enclosing::Ataxx),
            _ => Err(format!(
                "`{s}` is not an enclosing rule (expected reversi, ataxx or none)"
            )),
        }
    }
}

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
    let shape = |s: Option<&str>, key: &'static str| {
        s.filter(|&s| s != NONE)
            .map(Enclosing::from_name)
            .transpose()
            .map_err(|e| (key, e))
    };
    let start = match start {
        Some(r) => region(r).map_err(|e| ("enclosing_start", format!("`{r}`: {e}")))?,
        None => CellSet::with_capacity(cells),
    };
    Ok(Some(Flip {
        drops: shape(drops, "enclosing_drops")?,
        flips: shape(flips, "flips")?,
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
            Some(Enclosing::Reversi) => DIRECTIONS.iter().any(|&d| self.enclosed_run(c, d, us) > 0),
            Some(Enclosing::Ataxx) => DIRECTIONS
                .iter()
                .any(|&d| g.offset(c, d).is_some_and(|n| self.stone_of(n, us))),
        }
    }

    /// Turns the enemy stones that `us`'s move to `to` flips under `f`;
    /// returns what it turned, for [`Position::unflip`].
    pub(crate) fn flip_after(&mut self, f: &Flip, us: Color, to: CellId) -> Flipped {
        let mut done = Flipped::default();
        let Some(shape) = f.flips else {
            return done;
        };
        let v = self.variant().clone();
        for (i, &d) in DIRECTIONS.iter().enumerate() {
            done[i] = match shape {
                Enclosing::Reversi => self.enclosed_run(to, d, us),
                Enclosing::Ataxx => u8::from(
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
    use crate::{notation::move_text, Registry, TextStyle};

    fn legal(pos: &Position) -> Vec<String> {
        let mut out: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| move_text(pos, m, TextStyle::Uci))
            .collect();
        out.sort();
        out
    }

    fn position(variant: &str, fen: &str) -> Position {
        let v = Registry::builtin().get(variant).expect("variant");
        Position::from_fen(&v, fen).expect("fen")
    }

    fn play(pos: &mut Position, m: &str) {
        let mv = crate::notation::parse_move(pos, m).expect("move");
        pos.play(mv).expect("legal");
    }

    #[test]
    fn names() {
        assert_eq!(Enclosing::from_name("reversi"), Ok(Enclosing::Reversi));
        assert_eq!(Enclosing::from_name("ataxx"), Ok(Enclosing::Ataxx));
        assert!(Enclosing::from_name("othello")
            .unwrap_err()
            .contains("reversi, ataxx or none"));
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
}
