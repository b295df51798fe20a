//! Perft: counting the leaves of the legal move tree.

use crate::moves::MoveList;
use crate::notation::{move_text, TextStyle};
use crate::position::Position;

/// Leaves of the legal move tree of depth `depth` (the last ply counted in
/// bulk, as Fairy-Stockfish does).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::with_capacity(128);
    pos.generate_legal(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for m in moves {
        pos.make_unchecked(m);
        n += perft(pos, depth - 1);
        pos.unmake();
    }
    n
}

/// Perft split by root move: (move text, count), sorted by text.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    let mut moves = MoveList::new();
    pos.generate_legal(&mut moves);
    let mut out: Vec<(String, u64)> = moves
        .into_iter()
        .map(|m| {
            let text = move_text(pos, m, TextStyle::Uci);
            pos.make_unchecked(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake();
            (text, n)
        })
        .collect();
    out.sort();
    out
}
