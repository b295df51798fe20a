//! Stage 7: the move tables compiled from every piece's moves, and what is
//! derived from them once: where each type can move at all, which types need
//! their moves deduplicated or checked by the slow path, the reach of the
//! complex moves, and the reverse attack tables.

use super::pieces::Pieces;
use super::Ctx;
use crate::betza::Dialect;
use crate::movegen::attacks::AttackTables;
use crate::movegen::compile::compile;
use crate::movegen::legs::Run;
use crate::movegen::tables::{flag, MoveTables, RayKind};
use crate::piece::{Color, Piece, PieceType};
use crate::variant::load::VariantError;
use menagerie_geometry::{CellId, CellSet, Geometry};

/// The compiled tables and their derived data.
pub(super) struct Tables {
    /// Moves per (colour, type, cell).
    pub moves: MoveTables,
    /// Reverse attack tables.
    pub attacks: AttackTables,
    /// Reach superset of the complex moves per (colour, type, cell).
    pub reach: Vec<Option<CellSet>>,
    /// Bit mask of types with complex moves.
    pub complex_types: u64,
}

/// What one type's moves from one cell look like on an empty board.
struct CellMoves {
    /// Destinations of leaps and rays, with repeats.
    dests: Vec<CellId>,
    /// Cells its capturing conditional, friend-cannon and program moves can
    /// reach: where the attack tests must look at its own moves.
    reach: CellSet,
    /// Cells where its moves may repeat a destination of `dests`: those of
    /// friend-cannon and program moves, every move of a limited piece, and
    /// its conditional leaps. A conditional leap repeats nothing by itself
    /// (its destination is in `dests`), but a piece with one keeps its moves
    /// sorted as they always were: dropping that sort changes the order the
    /// search sees among equal moves (a fixed-node match against the sorted
    /// order, docs/strength.md, was undecided at -10 Elo), for 2% of perft.
    repeat_reach: CellSet,
    /// It has leg programs.
    programs: bool,
    /// The reverse attack tables cannot express some of its moves.
    complex: bool,
}

impl CellMoves {
    /// The moves of `kind` from `s`; a `limited` piece (one that may not hop
    /// over or capture some types) has all its moves counted as complex.
    fn of(
        g: &Geometry,
        t: &MoveTables,
        (color, kind, limited): (Color, PieceType, bool),
        s: CellId,
    ) -> CellMoves {
        let mv = t.at(color, kind, s);
        let mut dests: Vec<CellId> = Vec::new();
        dests.extend(mv.leaps.iter().map(|l| l.to));
        dests.extend(mv.conds.iter().map(|c| c.to));
        for r in mv.rays {
            let stops = t.ray_stops(r);
            dests.extend(
                t.ray_cells(r)
                    .iter()
                    .zip(stops)
                    .filter(|(_, &st)| st != 0)
                    .map(|(&c, _)| c),
            );
        }
        let mut reach = CellSet::with_capacity(g.len());
        if limited {
            for &c in &dests {
                reach.insert(c);
            }
        }
        // A conditional leap that only moves (a chess Pawn's lame double
        // step) attacks nothing: the attack tests need not look at it.
        for c in mv.conds.iter().filter(|c| c.flags & flag::CAPTURE != 0) {
            reach.insert(c.to);
        }
        for r in mv.rays.iter().filter(|r| r.kind == RayKind::FriendCannon) {
            for &c in t.ray_cells(r) {
                reach.insert(c);
            }
        }
        if !mv.progs.is_empty() {
            let empty = vec![Piece::EMPTY; g.len()];
            let run = Run {
                g,
                board: &empty,
                color,
                from: s,
                target: None,
                empty_board: true,
            };
            for &pi in mv.progs {
                run.run(t.program(pi), &mut |l| {
                    reach.insert(l.to);
                    if let Some(c) = l.via_capture {
                        reach.insert(c);
                    }
                    false
                });
            }
        }
        let mut repeat_reach = reach.clone();
        for c in mv.conds {
            repeat_reach.insert(c.to);
        }
        let complex = mv.has_complex() || (limited && !dests.is_empty());
        CellMoves {
            dests,
            reach,
            repeat_reach,
            programs: !mv.progs.is_empty(),
            complex,
        }
    }

    /// One destination can be reached in two ways: deduplicate the moves.
    fn repeats(&self) -> bool {
        let mut sorted = self.dests.clone();
        sorted.sort_unstable();
        sorted.dedup();
        self.programs
            || sorted.len() != self.dests.len()
            || (!self.repeat_reach.is_empty()
                && self.dests.iter().any(|d| self.repeat_reach.contains(*d)))
    }
}

impl Ctx<'_> {
    /// Compiles the move tables and derives the per-type data (which it
    /// writes into `pieces.defs`).
    pub(super) fn tables(
        &self,
        pieces: &mut Pieces,
        dialect: Dialect,
    ) -> Result<Tables, VariantError> {
        let m = self.m;
        let g = &self.g;
        let moves = compile(g, &pieces.sources, dialect).map_err(|e| {
            let key = &self.keys[e.piece];
            let (origin, sp) = &m.pieces[key];
            super::fail(m.problem_at(
                *origin,
                Some(sp.span()),
                &format!("pieces.{key}"),
                format!("`{}`: {}", e.text, e.message),
            ))
        })?;
        let types = pieces.defs.len();
        let n = g.len();
        let mut reach = vec![None; 2 * types * n];
        let mut complex_types = 0u64;
        for (k, def) in pieces.defs.iter_mut().enumerate() {
            for color in Color::BOTH {
                for s in g.cells() {
                    let limited = def.limits.any();
                    let cm = CellMoves::of(g, &moves, (color, k as PieceType, limited), s);
                    def.dedup |= cm.repeats();
                    if !cm.dests.is_empty() || !cm.reach.is_empty() {
                        def.mobile[color.idx()].insert(s);
                    }
                    if cm.complex {
                        complex_types |= 1 << k;
                        reach[(color.idx() * types + k) * n + s.idx()] = Some(cm.reach);
                    }
                }
            }
            def.complex = complex_types >> k & 1 != 0;
        }
        // The reverse tables cannot tell which type a screen or a victim
        // is: limited pieces find their attacks by their own moves.
        let limited = pieces
            .defs
            .iter()
            .enumerate()
            .filter(|(_, d)| d.limits.any())
            .fold(0u64, |m, (k, _)| m | 1 << k);
        let skip = pieces.imitator.map_or(0, |j| 1u64 << j) | limited;
        Ok(Tables {
            attacks: AttackTables::build(g, &moves, skip),
            moves,
            reach,
            complex_types,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::{Color, Registry};

    #[test]
    fn only_capturing_lame_leaps_are_complex_attacks() {
        // The chess Pawn's lame double step only moves: the attack tests
        // need not look at it, so the Pawn is no complex type and has no
        // reach to test.
        let reg = Registry::builtin();
        let v = reg.get("chess").expect("chess");
        let pawn = v.piece_by_key("P").expect("P") as crate::PieceType;
        let e2 = v.geometry.parse_cell("e2").expect("e2");
        assert!(!v.tables.at(Color::White, pawn, e2).conds.is_empty());
        assert_eq!(v.complex_types >> pawn & 1, 0);
        assert!(v.reach(Color::White, pawn, e2).is_none());
        // Xiangqi's Horse captures with its lame leaps: complex.
        let v = reg.get("xiangqi").expect("xiangqi");
        let horse = v.piece_by_key("N").expect("N") as crate::PieceType;
        let b1 = v.geometry.parse_cell("b1").expect("b1");
        assert_eq!(v.complex_types >> horse & 1, 1);
        assert!(v.reach(Color::White, horse, b1).is_some());
    }
}
