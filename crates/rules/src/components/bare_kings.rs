//! Bare kings: a draw when both sides have only royal pieces left, on the
//! board and in hand.

use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, PieceType};
use crate::position::Position;

/// Draw when only royals are left (variants with royal pieces only).
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let v = pos.variant();
    let bare = v.has_royal()
        && Color::BOTH.iter().all(|&c| {
            let mut bits = pos.present(c);
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if !v.pieces[k].royal {
                    return false;
                }
            }
            (0..v.types()).all(|k| pos.hand(c, k as PieceType) == 0)
        });
    bare.then_some(Outcome {
        winner: None,
        reason: Reason::BareKings,
    })
}
