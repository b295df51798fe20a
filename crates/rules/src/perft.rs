//! Perft: counting the leaves of the legal move tree.
//!
//! The walk is iterative — one move list per ply on a heap-allocated stack, grown as the
//! walk descends — so no depth a caller passes can overflow the thread's stack, and it
//! polls a stop flag at every interior node so a protocol's `stop` ends it at once.
//! Front ends refuse depths above [`MAX_PERFT_DEPTH`] with a clear message.

use crate::moves::MoveList;
use crate::notation::{move_text, TextStyle};
use crate::position::Position;
use std::sync::atomic::{AtomicBool, Ordering};

/// Deepest perft the front ends accept (far beyond what finishes on any board; the
/// bound keeps the move-list stack small).
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Leaves of the legal move tree of depth `depth` (the last ply counted in
/// bulk, as Fairy-Stockfish does).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let never = AtomicBool::new(false);
    perft_until(pos, depth, &never).unwrap_or(0)
}

/// Like [`perft`], giving up (`None`, the position restored) once `stop` is set.
pub fn perft_until(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let last = depth as usize - 1; // the ply whose moves are counted in bulk
    let mut lists: Vec<MoveList> = vec![MoveList::with_capacity(128)];
    pos.generate_legal(&mut lists[0]);
    if last == 0 {
        return Some(lists[0].len() as u64);
    }
    // `next[p]`: index of the next move to try at ply `p`; `ply` moves are made.
    let mut next = vec![0usize];
    let mut ply = 0usize;
    let mut n = 0u64;
    loop {
        let Some(&m) = lists[ply].get(next[ply]) else {
            if ply == 0 {
                return Some(n);
            }
            pos.unmake();
            ply -= 1;
            continue;
        };
        next[ply] += 1;
        if stop.load(Ordering::Relaxed) {
            for _ in 0..ply {
                pos.unmake();
            }
            return None;
        }
        pos.make_unchecked(m);
        let child = ply + 1;
        if lists.len() <= child {
            lists.push(MoveList::with_capacity(128));
            next.push(0);
        }
        pos.generate_legal(&mut lists[child]);
        if child == last {
            n += lists[child].len() as u64;
            pos.unmake();
        } else {
            next[child] = 0;
            ply = child;
        }
    }
}

/// Perft split by root move: (move text, count), sorted by text.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    let never = AtomicBool::new(false);
    divide_until(pos, depth, &never).unwrap_or_default()
}

/// Like [`divide`], giving up (`None`, the position restored) once `stop` is set.
pub fn divide_until(
    pos: &mut Position,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<(String, u64)>> {
    let mut moves = MoveList::new();
    pos.generate_legal(&mut moves);
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let text = move_text(pos, m, TextStyle::Uci);
        pos.make_unchecked(m);
        let n = if depth <= 1 {
            Some(1)
        } else {
            perft_until(pos, depth - 1, stop)
        };
        pos.unmake();
        out.push((text, n?));
    }
    out.sort();
    Some(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::Registry;

    #[test]
    fn counts_and_restores_the_position() {
        let reg = Registry::builtin();
        let v = reg.get("chess").unwrap();
        let mut pos = Position::start(&v);
        let fen = pos.to_fen();
        assert_eq!(perft(&mut pos, 0), 1);
        assert_eq!(perft(&mut pos, 1), 20);
        assert_eq!(perft(&mut pos, 3), 8902);
        assert_eq!(perft(&mut pos, 4), 197_281);
        assert_eq!(pos.to_fen(), fen);
        let d = divide(&mut pos, 3);
        assert_eq!(d.len(), 20);
        assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 8902);
        assert_eq!(pos.to_fen(), fen);
    }

    #[test]
    fn a_stopped_perft_gives_up_and_restores() {
        let reg = Registry::builtin();
        let v = reg.get("chess").unwrap();
        let mut pos = Position::start(&v);
        let fen = pos.to_fen();
        let stop = AtomicBool::new(true);
        assert_eq!(perft_until(&mut pos, 5, &stop), None);
        assert_eq!(divide_until(&mut pos, 5, &stop), None);
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(perft_until(&mut pos, 1, &stop), Some(20), "nothing to stop");
    }

    #[test]
    fn any_depth_is_safe_where_the_game_is_over() {
        // Checkmate: no legal moves whatever the depth, and a depth this large must not
        // allocate per ply up front.
        let reg = Registry::builtin();
        let v = reg.get("chess").unwrap();
        let mut pos = Position::from_fen(&v, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert_eq!(perft(&mut pos, u32::MAX), 0);
    }
}
