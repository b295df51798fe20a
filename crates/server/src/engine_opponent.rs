//! The real search engine (`menagerie-engine`) behind the [`Opponent`] trait.

use crate::opponent::Opponent;
use menagerie_engine::{Engine, EngineOptions, Event, Info, Level, Limits, StopHandle};
use menagerie_rules::{Color, Move, Position};

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

impl Opponent for EngineOpponent {
    /// Searches on the calling thread; `stop` is the engine's own stop flag.
    fn search(
        &self,
        pos: Position,
        limits: Limits,
        info: &mut dyn FnMut(Info),
        stop: &StopHandle,
    ) -> Option<Move> {
        let mut engine = Engine::new(self.options.clone());
        let mut on_event = |e| {
            if let Event::Info(i) = e {
                info(i);
            }
        };
        engine.search_until(pos, limits, stop, &mut on_event).best
    }

    /// The engine's own levels ([`Engine::search_level`]).
    fn search_at_level(
        &self,
        pos: Position,
        limits: Limits,
        level: Level,
        seed: u64,
        info: &mut dyn FnMut(Info),
        stop: &StopHandle,
    ) -> Option<Move> {
        let mut engine = Engine::new(self.options.clone());
        let mut on_event = |e| {
            if let Event::Info(i) = e {
                info(i);
            }
        };
        engine
            .search_level(pos, limits, level, seed, stop, &mut on_event)
            .best
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
        let stop = StopHandle::new();
        let m = EngineOpponent::default()
            .search(
                pos.clone(),
                Limits {
                    movetime: Some(2000),
                    depth: Some(4),
                    ..Limits::default()
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
        let stop = StopHandle::new();
        stop.stop();
        let t = std::time::Instant::now();
        let m = EngineOpponent::default().search(
            pos,
            Limits {
                movetime: Some(60_000),
                ..Limits::default()
            },
            &mut |_| {},
            &stop,
        );
        assert!(
            t.elapsed() < std::time::Duration::from_secs(5),
            "{:?}",
            t.elapsed()
        );
        assert!(
            m.is_some(),
            "a stopped search still answers with a legal move"
        );
    }
}
