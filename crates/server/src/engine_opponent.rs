//! The real search engine (`menagerie-engine`) behind the [`Opponent`] trait.

use crate::opponent::{Opponent, Score, SearchInfo, SearchLimits};
use menagerie_engine::{Engine, EngineOptions, Event, Limits};
use menagerie_rules::{Color, Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// One [`Engine`] per search (a small transposition table, one thread), so many games
/// can think at once without sharing state, and an idle game holds no table.
#[derive(Debug, Clone)]
pub struct EngineOpponent {
    /// Options of each search's engine.
    pub options: EngineOptions,
}

impl Default for EngineOpponent {
    fn default() -> Self {
        EngineOpponent {
            options: EngineOptions {
                hash_mb: 16,
                threads: 1,
                ..EngineOptions::default()
            },
        }
    }
}

fn score(s: menagerie_engine::Score) -> Score {
    match s {
        menagerie_engine::Score::Cp(c) => Score::Cp(c),
        menagerie_engine::Score::Mate(m) => Score::Mate(m),
    }
}

impl Opponent for EngineOpponent {
    fn search(
        &self,
        pos: Position,
        limits: SearchLimits,
        info: &mut dyn FnMut(SearchInfo),
        stop: &AtomicBool,
    ) -> Option<Move> {
        let mut engine = Engine::new(self.options.clone());
        let (tx, rx) = mpsc::channel();
        let l = Limits {
            movetime: limits.movetime_ms,
            depth: limits.depth,
            ..Limits::default()
        };
        engine.go(
            pos,
            l,
            Box::new(move |e| {
                let _ = tx.send(e);
            }),
        );
        let mut stopped = false;
        loop {
            match rx.recv_timeout(Duration::from_millis(5)) {
                Ok(Event::Info(i)) => info(SearchInfo {
                    depth: i.depth,
                    score: score(i.score),
                    nodes: i.nodes,
                    nps: i.nps,
                    pv: i.pv,
                }),
                Ok(Event::BestMove { best, .. }) => {
                    engine.wait();
                    return best;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if !stopped && stop.load(Ordering::Relaxed) {
                        engine.stop();
                        stopped = true;
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    fn accepts_draw(&self, pos: &Position, me: Color) -> bool {
        // Accept when clearly worse by the engine's own static evaluation.
        let engine = Engine::new(EngineOptions {
            hash_mb: 1,
            ..EngineOptions::default()
        });
        let eval = engine.evaluate(pos);
        let mine = if pos.side() == me { eval } else { -eval };
        mine < -150
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use menagerie_rules::Registry;

    #[test]
    fn finds_a_mate_in_one_and_reports_progress() {
        let reg = Registry::builtin();
        let v = reg.get("chess").unwrap();
        // White mates with Qh5xf7 (scholar's mate).
        let pos = Position::from_fen(
            &v,
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        )
        .unwrap();
        let mut infos = 0;
        let stop = AtomicBool::new(false);
        let m = EngineOpponent::default()
            .search(
                pos.clone(),
                SearchLimits {
                    movetime_ms: Some(2000),
                    depth: Some(4),
                },
                &mut |_| infos += 1,
                &stop,
            )
            .unwrap();
        assert_eq!(
            menagerie_rules::move_text(&pos, m, menagerie_rules::TextStyle::Uci),
            "h5f7"
        );
        assert!(infos > 0);
    }

    #[test]
    fn stops_when_told() {
        let reg = Registry::builtin();
        let pos = Position::start(&reg.get("capablanca").unwrap());
        let stop = AtomicBool::new(true);
        let t = std::time::Instant::now();
        let m = EngineOpponent::default().search(
            pos,
            SearchLimits {
                movetime_ms: Some(60_000),
                depth: None,
            },
            &mut |_| {},
            &stop,
        );
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
        assert!(
            m.is_some(),
            "a stopped search still answers with a legal move"
        );
    }
}
