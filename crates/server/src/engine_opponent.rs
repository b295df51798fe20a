//! The real search engine (`menagerie-engine`) behind the [`Opponent`] trait.
//!
//! Engines are kept and reused rather than made per search: an engine's hash table is
//! [`HASH_MB`] megabytes, written in full when it is made, and freeing and making one
//! per move left the allocator holding hundreds of megabytes after a load of many
//! games. As the server runs a bounded number of searches at once
//! ([`crate::searches`]), at most that many engines ever exist; each search starts from
//! a cleared table, as a new game would, so games never read each other's entries.

use crate::opponent::Opponent;
use menagerie_engine::{Engine, EngineOptions, Event, Info, Level, Limits, MultiLines, StopHandle};
use menagerie_rules::{Color, Move, Position};
use std::sync::{Mutex, MutexGuard};

/// Hash table of each search, in megabytes: a few seconds of a single-threaded search
/// fill little more than this.
pub const HASH_MB: usize = 16;

/// The search engine, one thread per search, with engines reused (see the module doc).
#[derive(Debug)]
pub struct EngineOpponent {
    options: EngineOptions,
    idle: Mutex<Vec<Engine>>,
}

impl Default for EngineOpponent {
    fn default() -> Self {
        EngineOpponent::new(EngineOptions {
            hash_mb: HASH_MB,
            threads: 1,
            ..EngineOptions::default()
        })
    }
}

impl EngineOpponent {
    /// An opponent whose searches use engines with these options.
    #[must_use]
    pub fn new(options: EngineOptions) -> EngineOpponent {
        EngineOpponent {
            options,
            idle: Mutex::new(Vec::new()),
        }
    }

    /// Options of each search's engine.
    #[must_use]
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Engines made so far and not in use now.
    #[must_use]
    pub fn idle_engines(&self) -> usize {
        self.idle().len()
    }

    /// Runs `f` with an idle engine (or a new one), its table cleared, and keeps the
    /// engine for the next search.
    fn with_engine<R>(&self, f: impl FnOnce(&mut Engine) -> R) -> R {
        let reused = self.idle().pop();
        let mut engine = match reused {
            Some(mut e) => {
                e.new_game();
                e
            }
            None => Engine::new(self.options.clone()),
        };
        let r = f(&mut engine);
        self.idle().push(engine);
        r
    }

    fn idle(&self) -> MutexGuard<'_, Vec<Engine>> {
        self.idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Opponent for EngineOpponent {
    /// Searches on the calling thread with an idle engine (or a new one); `stop` is the
    /// engine's own stop flag.
    fn search(
        &self,
        pos: Position,
        limits: Limits,
        info: &mut dyn FnMut(Info),
        stop: &StopHandle,
    ) -> Option<Move> {
        let mut on_event = |e| {
            if let Event::Info(i) = e {
                info(i);
            }
        };
        self.with_engine(|engine| engine.search_until(pos, limits, stop, &mut on_event).best)
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
        let mut on_event = |e| {
            if let Event::Info(i) = e {
                info(i);
            }
        };
        self.with_engine(|engine| {
            engine
                .search_level(pos, limits, level, seed, stop, &mut on_event)
                .best
        })
    }

    /// A MultiPV search of `lines` lines; the last report of each, best first.
    fn analyse(
        &self,
        pos: Position,
        limits: Limits,
        lines: u32,
        progress: &mut dyn FnMut(&[Info]),
        stop: &StopHandle,
    ) -> Vec<Info> {
        let mut engine = Engine::new(self.options.clone());
        let n = lines.clamp(1, menagerie_engine::MAX_MULTIPV);
        if engine.set_option("MultiPV", &n.to_string()).is_err() {
            return Vec::new();
        }
        let mut found = MultiLines::new(n as usize, pos.legal_moves().len());
        engine.search_until(pos, limits, stop, &mut |e| {
            if let Event::Info(i) = e {
                found.push(&i);
                progress(&found.snapshot());
            }
        });
        found.finish()
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
    fn analyses_several_lines_best_first() {
        let reg = Registry::builtin();
        let pos = Position::start(&reg.get("chess").unwrap());
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let mut live = Vec::new();
        let lines = EngineOpponent::default().analyse(
            pos,
            limits,
            3,
            &mut |l| live.push(l.len()),
            &StopHandle::new(),
        );
        assert_eq!(lines.len(), 3);
        // Each report shows the lines so far: the first depth's grow one by one, later
        // depths' fill up with the previous depth's lines.
        assert_eq!(live, [1, 2, 3, 3, 3, 3, 3, 3, 3]);
        let firsts: std::collections::HashSet<_> = lines.iter().map(|i| i.pv[0]).collect();
        assert_eq!(firsts.len(), 3, "three different first moves");
        assert_eq!(
            lines.iter().map(|i| i.multipv).collect::<Vec<_>>(),
            [1, 2, 3]
        );
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

    #[test]
    fn engines_are_reused_one_per_search_running_at_once() {
        let reg = Registry::builtin();
        let v = reg.get("chess").unwrap();
        let opp = EngineOpponent::default();
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let stop = StopHandle::new();
        for _ in 0..3 {
            let m = opp.search(Position::start(&v), limits.clone(), &mut |_| {}, &stop);
            assert!(m.is_some());
        }
        assert_eq!(
            opp.idle_engines(),
            1,
            "searches one after another share an engine"
        );
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| {
                    let deep = Limits {
                        depth: Some(5),
                        ..Limits::default()
                    };
                    opp.search(Position::start(&v), deep, &mut |_| {}, &stop)
                });
            }
        });
        assert!(opp.idle_engines() <= 2);
    }
}
