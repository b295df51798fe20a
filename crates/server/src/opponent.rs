//! What the server needs from a computer player, and a small honest one.
//!
//! The server only talks to an [`Opponent`]: it hands over a position, limits, a progress
//! callback and a stop flag, and gets a move back. The real search engine
//! (`menagerie-engine`) plugs in behind this trait; until then [`MaterialPlayer`], a
//! shallow iterative-deepening alpha-beta over material, plays.

use menagerie_rules::{Color, Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Limits of one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchLimits {
    /// Time for this move in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Depth limit in plies.
    pub depth: Option<u32>,
}

/// A score from the searching side's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// Progress of a search (one completed iteration).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: u32,
    /// Score from the searching side's view.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Principal variation, starting with the move it would play.
    pub pv: Vec<Move>,
}

/// A computer player.
///
/// `search` runs on a dedicated thread, never on the async runtime. It must return
/// promptly (within a few milliseconds) once `stop` becomes true, and should respect
/// `limits`; the server additionally sets `stop` when the move time is over.
pub trait Opponent: Send + Sync {
    /// Searches `pos` and returns the move to play (`None` when there is no legal move
    /// or the search was stopped before it found one). `info` receives progress.
    fn search(
        &self,
        pos: Position,
        limits: SearchLimits,
        info: &mut dyn FnMut(SearchInfo),
        stop: &AtomicBool,
    ) -> Option<Move>;

    /// Answers a draw offer made to `me` in `pos`: true accepts.
    fn accepts_draw(&self, pos: &Position, me: Color) -> bool {
        material(pos, me) < -150
    }
}

/// Material balance of `pos` from `me`'s view, in centipawns (board and hands),
/// using the variant's `[ai] values` where given and a value derived from the piece's
/// mobility on an empty board otherwise.
#[must_use]
pub fn material(pos: &Position, me: Color) -> i32 {
    let values = piece_values(pos);
    let v = pos.variant();
    let mut sum = 0;
    for k in 0..v.types() {
        let kind = k as u8;
        let val = values[k];
        let board = pos.count(me, kind) as i32 - pos.count(me.flip(), kind) as i32;
        let hand = i32::from(pos.hand(me, kind)) - i32::from(pos.hand(me.flip(), kind));
        sum += val * (board + hand);
    }
    sum
}

/// Value of each piece type in centipawns.
fn piece_values(pos: &Position) -> Vec<i32> {
    let v = pos.variant();
    let n = v.geometry.len().max(1) as i32;
    (0..v.types())
        .map(|k| {
            if v.pieces[k].royal {
                return 0;
            }
            if let Some(Some(val)) = v.ai_values.get(k) {
                return *val;
            }
            // Average number of cells reachable on an empty board, scaled so that a
            // chess Knight (5.25 on 8x8) is worth about 300.
            let mobile = &v.pieces[k].mobile[0];
            let mut reach = 0i32;
            for c in mobile.iter() {
                let t = v.tables.at(Color::White, k as u8, c);
                reach += t.leaps.len() as i32 + t.conds.len() as i32;
                for r in t.rays {
                    reach += v.tables.ray_cells(r).len() as i32;
                }
                reach += 2 * t.progs.len() as i32;
            }
            (100 + reach * 40 / n).clamp(60, 2000)
        })
        .collect()
}

/// A small, honest computer player: iterative deepening alpha-beta over material with
/// captures first, capped by time and by depth (at most [`MaterialPlayer::MAX_DEPTH`]).
#[derive(Debug, Clone, Default)]
pub struct MaterialPlayer;

impl MaterialPlayer {
    /// Deepest search it attempts.
    pub const MAX_DEPTH: u32 = 8;
}

struct Ctx<'a> {
    values: Vec<i32>,
    nodes: u64,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    aborted: bool,
}

impl Ctx<'_> {
    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 255 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn eval(&self, pos: &Position) -> i32 {
        let me = pos.side();
        let v = pos.variant();
        let mut sum = 0;
        for k in 0..v.types() {
            let kind = k as u8;
            let d = pos.count(me, kind) as i32 - pos.count(me.flip(), kind) as i32
                + i32::from(pos.hand(me, kind))
                - i32::from(pos.hand(me.flip(), kind));
            sum += self.values[k] * d;
        }
        sum
    }
}

const MATE: i32 = 1_000_000;

fn ordered(pos: &Position) -> Vec<Move> {
    let mut moves = pos.legal_moves();
    moves.sort_by_key(|m| {
        let cap = m.is_capture() || m.captures_via();
        let promo = m.promotion().is_some();
        std::cmp::Reverse(u8::from(cap) * 2 + u8::from(promo))
    });
    moves
}

fn alphabeta(
    pos: &mut Position,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    ply: i32,
    ctx: &mut Ctx,
) -> i32 {
    ctx.nodes += 1;
    if ctx.out_of_time() {
        return 0;
    }
    if let Some(o) = pos.outcome() {
        return match o.winner {
            None => 0,
            Some(w) if w == pos.side() => MATE - ply,
            Some(_) => -MATE + ply,
        };
    }
    if depth == 0 {
        return ctx.eval(pos);
    }
    let moves = ordered(pos);
    if moves.is_empty() {
        return 0;
    }
    let mut best = -MATE - 1;
    for m in moves {
        pos.make_unchecked(m);
        let s = -alphabeta(pos, depth - 1, -beta, -alpha, ply + 1, ctx);
        pos.unmake();
        if ctx.aborted {
            return 0;
        }
        if s > best {
            best = s;
        }
        if s > alpha {
            alpha = s;
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

impl Opponent for MaterialPlayer {
    fn search(
        &self,
        mut pos: Position,
        limits: SearchLimits,
        info: &mut dyn FnMut(SearchInfo),
        stop: &AtomicBool,
    ) -> Option<Move> {
        let start = Instant::now();
        let root = ordered(&pos);
        let mut best = *root.first()?;
        if root.len() == 1 {
            return Some(best);
        }
        let max_depth = limits
            .depth
            .unwrap_or(Self::MAX_DEPTH)
            .clamp(1, Self::MAX_DEPTH);
        let mut ctx = Ctx {
            values: piece_values(&pos),
            nodes: 0,
            stop,
            deadline: limits
                .movetime_ms
                .map(|ms| start + Duration::from_millis(ms)),
            aborted: false,
        };
        // Rotate the root order by the position hash so that equal moves vary a little
        // between games instead of always taking the first generated move.
        let mut order = root.clone();
        let shift = (pos.hash() % order.len() as u64) as usize;
        order.rotate_left(shift);
        order.sort_by_key(|m| std::cmp::Reverse(u8::from(m.is_capture() || m.captures_via())));
        for depth in 1..=max_depth {
            let mut alpha = -MATE - 1;
            let mut iter_best = None;
            for &m in &order {
                pos.make_unchecked(m);
                let s = -alphabeta(&mut pos, depth - 1, -MATE - 1, -alpha, 1, &mut ctx);
                pos.unmake();
                if ctx.aborted {
                    break;
                }
                if s > alpha || iter_best.is_none() {
                    alpha = s;
                    iter_best = Some(m);
                }
            }
            if ctx.aborted {
                break;
            }
            let Some(m) = iter_best else { break };
            best = m;
            // Search the best move first in the next iteration.
            if let Some(i) = order.iter().position(|&x| x == m) {
                let x = order.remove(i);
                order.insert(0, x);
            }
            let elapsed = start.elapsed().as_millis().max(1) as u64;
            let score = if alpha > MATE - 1000 {
                Score::Mate((MATE - alpha + 1) / 2)
            } else if alpha < -MATE + 1000 {
                Score::Mate(-((MATE + alpha) / 2))
            } else {
                Score::Cp(alpha)
            };
            info(SearchInfo {
                depth,
                score,
                nodes: ctx.nodes,
                nps: ctx.nodes * 1000 / elapsed,
                pv: vec![m],
            });
            if matches!(score, Score::Mate(_)) {
                break;
            }
        }
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Registry;

    #[test]
    fn takes_a_free_queen() {
        let reg = Registry::builtin();
        let v = reg.get("chess").expect("chess");
        let pos = Position::from_fen(&v, "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1").expect("fen");
        let stop = AtomicBool::new(false);
        let mut infos = Vec::new();
        let m = MaterialPlayer
            .search(
                pos.clone(),
                SearchLimits {
                    movetime_ms: Some(2000),
                    depth: Some(2),
                },
                &mut |i| infos.push(i),
                &stop,
            )
            .expect("a move");
        assert_eq!(
            menagerie_rules::move_text(&pos, m, menagerie_rules::TextStyle::Uci),
            "e4d5"
        );
        assert_eq!(infos.len(), 2);
        assert_eq!(infos[1].depth, 2);
    }

    #[test]
    fn mates_in_one() {
        let reg = Registry::builtin();
        let v = reg.get("chess").expect("chess");
        let pos = Position::from_fen(&v, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").expect("fen");
        let stop = AtomicBool::new(false);
        let m = MaterialPlayer
            .search(pos.clone(), SearchLimits::default(), &mut |_| {}, &stop)
            .expect("a move");
        assert_eq!(
            menagerie_rules::move_text(&pos, m, menagerie_rules::TextStyle::Uci),
            "a1a8"
        );
    }

    #[test]
    fn stops_when_asked() {
        let reg = Registry::builtin();
        let v = reg.get("capablanca").expect("capablanca");
        let pos = Position::start(&v);
        let stop = AtomicBool::new(true);
        let t = Instant::now();
        let m = MaterialPlayer.search(pos, SearchLimits::default(), &mut |_| {}, &stop);
        assert!(m.is_some(), "falls back to a legal move");
        assert!(t.elapsed() < Duration::from_millis(500));
    }

    #[test]
    fn no_move_when_mated() {
        let reg = Registry::builtin();
        let v = reg.get("chess").expect("chess");
        let pos = Position::from_fen(&v, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").expect("fen");
        let stop = AtomicBool::new(false);
        assert_eq!(
            MaterialPlayer.search(pos, SearchLimits::default(), &mut |_| {}, &stop),
            None
        );
    }
}
