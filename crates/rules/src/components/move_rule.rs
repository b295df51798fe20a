//! The move rule: a draw after a number of plies without progress (100 in
//! chess: fifty moves by each side). What counts as progress — captures,
//! moves of types that reset the clock, drops, promotions — is decided when
//! a move is made (`position::make`); this rule only reads the counter.
//!
//! A type may reset the clock only by moves it cannot take back
//! (`reversible_keeps_clock`, Fairy-Stockfish's `nMoveRuleTypes`): a quiet
//! step that the piece could retrace by one quiet move of its own on an
//! empty board (a Pawn stepping sideways or back) is no progress, while a
//! forward step or an initial double step is. `undoable` decides that
//! from the compiled move tables, so it holds for any move set.

use crate::movegen::tables::{flag, MoveTables, RayKind};
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::CellId;

/// Draw once `plies` plies have passed without progress (more under the
/// chasing rule after many checks: `components::chasing`).
pub(crate) fn judge(pos: &Position, plies: u32) -> Option<Outcome> {
    let over = pos.halfmove() >= plies
        && pos
            .halfmove()
            .saturating_sub(super::chasing::move_rule_grace(pos))
            >= plies;
    over.then_some(Outcome {
        winner: None,
        reason: Reason::MoveRule,
    })
}

/// True when a piece of `kind` and colour `us` standing on `to` could go
/// back to `from` by one quiet move on an empty board: a leap, a lame leap
/// or a slide that is not limited to its first move. Hops need a screen and
/// leg programs depend on the board, so neither counts as a way back.
#[must_use]
pub(crate) fn undoable(
    t: &MoveTables,
    us: Color,
    kind: PieceType,
    from: CellId,
    to: CellId,
) -> bool {
    let first_only = flag::INITIAL | flag::FIRST_MOVE;
    let quiet = |flags: u8| flags & flag::QUIET != 0 && flags & first_only == 0;
    let mv = t.at(us, kind, to);
    mv.leaps.iter().any(|l| l.to == from && quiet(l.flags))
        || mv
            .conds
            .iter()
            .any(|c| c.to == from && !c.occupied && quiet(c.flags))
        || mv
            .rays
            .iter()
            .filter(|r| r.kind == RayKind::Slide && r.flags & first_only == 0)
            .any(|r| {
                t.ray_cells(r)
                    .iter()
                    .zip(t.ray_stops(r))
                    .any(|(&c, &stop)| c == from && stop & flag::QUIET != 0)
            })
}
