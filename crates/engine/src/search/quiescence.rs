//! Quiescence search: captures and promotions until the position is quiet,
//! so that the static evaluation is only trusted where no exchange is
//! pending; check evasions near the horizon, a look for mates by drop at
//! its first ply, and the results kept in the table.

use super::picker::Stage;
#[cfg(doc)]
use super::SearchParams;
use super::{mate_from_tt, mate_to_tt, Searcher, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::tt::Bound;

impl Searcher<'_> {
    /// Quiescence search; `qdepth` counts its plies (captures beyond
    /// [`SearchParams::qs_check_limit`] no longer answer checks, beyond [`SearchParams::qs_limit`] the
    /// static evaluation stands).
    pub(super) fn qsearch(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        qdepth: u32,
    ) -> i32 {
        self.nodes += 1;
        if self.check_abort() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return self.eval.evaluate(&self.pos);
        }
        if ply > 0 || self.pos.decided_by_rule() {
            if let Some(score) = self.entry_verdict(ply) {
                return score;
            }
        }
        let pv_node = beta - alpha > 1;
        let key = self.pos.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            if !pv_node {
                let s = mate_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let in_check = in_check && qdepth < self.params.qs_check_limit;
        if qdepth >= self.params.qs_limit {
            return self.eval.evaluate(&self.pos);
        }
        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        let stand;
        // The uncorrected evaluation, which the table keeps.
        let mut raw = 0;
        if in_check {
            moves.clear();
            self.pos.pseudo_moves(&mut moves);
            self.pos.keep_forced_captures(&mut moves);
            stand = -INF;
        } else {
            raw = match entry {
                Some(e) if e.eval != 0 => e.eval,
                _ => self.eval.evaluate(&self.pos),
            };
            stand = self.corrected_eval(raw, self.correction_slots());
            if stand >= beta {
                self.stack[ply].moves = moves;
                if entry.is_none() {
                    self.tt.store(key, 0, stand, raw, 0, Bound::Lower);
                }
                return stand;
            }
            if qdepth == 0 && self.mating_drop() {
                self.stack[ply].moves = moves;
                let s = MATE - (ply as i32 + 1);
                self.tt
                    .store(key, 0, mate_to_tt(s, ply), raw, 0, Bound::Lower);
                return s;
            }
            alpha = alpha.max(stand);
            moves.clear();
            self.pos.noisy_moves(&mut moves);
        }
        self.start_picker(&mut moves, entry.map_or(0, |e| e.mv), ply, false);
        let mut best = stand;
        let mut best_move = 0;
        let orig_alpha = alpha;
        let mut legal = 0usize;
        while let Some((m, stage)) = self.next_move(&mut moves, ply) {
            if !in_check {
                if stage == Stage::BadNoisy {
                    // Only losing captures are left.
                    break;
                }
                if m.promotion().is_none() {
                    // Delta pruning.
                    if stand + self.gain(m) + self.params.qs_delta < alpha {
                        continue;
                    }
                    // Only the first few captures of a node are tried:
                    // on crowded boards the capture tree explodes otherwise.
                    if legal >= self.params.qs_moves && best > -MATE_BOUND {
                        continue;
                    }
                }
            }
            self.pos.make_unchecked(m);
            if !self.legal_now() {
                self.pos.unmake();
                continue;
            }
            legal += 1;
            let child_check = self.pos.in_check();
            let s = -self.qsearch(-beta, -alpha, ply + 1, child_check, qdepth + 1);
            self.pos.unmake();
            if self.aborted {
                self.stack[ply].moves = moves;
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = m.raw();
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.stack[ply].moves = moves;
        if in_check && legal == 0 {
            best = self.terminal(ply);
        }
        // Quiescence results are kept at depth 0: capture sequences
        // transpose a lot, and the main search only takes them as a move
        // and a static evaluation.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha && best_move != 0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let ev = raw;
        self.tt
            .store(key, best_move, mate_to_tt(best, ply), ev, 0, bound);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::with_searcher;
    use super::*;
    use menagerie_rules::{parse_move, Position, Registry};

    /// Quiescence of `fen` (side to move's view) with a fresh searcher.
    fn quiescence(variant: &str, fen: &str) -> i32 {
        with_searcher(variant, fen, |s| s.qsearch(-INF, INF, 0, false, 0))
    }

    #[test]
    fn quiescence_sees_a_quiet_mating_drop() {
        // From a lost game: Black mates with the drop C@g6, a Camel leap
        // onto the White King on f3, which its own pieces box in. A quiet
        // move, so only the mating-drop look finds it.
        let fen = "l1uu1bi1mcl/2rb1k2nr1/hq2n3w1h/p1ppppppppp/L10/1P2CN2M2/7WP1P/\
                   2PPPPPP1P1/3QBKN4/3RBRI4/1HUUX3MHL[MXccpp] b - - 0 36";
        let reg = Registry::builtin();
        let v = reg.get("toyang-gnuqi-mitregi").unwrap();
        let mut p = Position::from_fen(&v, fen).unwrap();
        let m = parse_move(&p, "C@g6").unwrap();
        p.play(m).unwrap();
        assert!(p.in_check() && p.legal_moves().is_empty(), "C@g6 mates");
        assert_eq!(quiescence("toyang-gnuqi-mitregi", fen), MATE - 1);
        // Without the Camels in hand there is no such mate.
        let no_camels = fen.replace("[MXccpp]", "[MXpp]");
        assert!(quiescence("toyang-gnuqi-mitregi", &no_camels).abs() < MATE_BOUND);
    }
}
