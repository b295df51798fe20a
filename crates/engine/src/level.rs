//! Playing levels for people: level 1 (a beginner who blunders) to level 8 (full
//! strength).
//!
//! A level below full strength weakens the engine in two ways, both chosen here as
//! named constants:
//!
//! * **Less search**: at most [`Level::nodes`] nodes a move (on top of the time limits),
//!   so it sees fewer tactics;
//! * **Chosen imperfection**: it searches the [`LEVEL_LINES`] best lines (MultiPV) and,
//!   with the level's slip chance ([`Level::slip_permille`]), plays one of the other
//!   lines instead of the best — any line no worse than the best by the level's
//!   [`Level::max_loss_cp`], picked uniformly.
//!
//! The draw is deterministic: a SplitMix64 seeded with the caller's seed mixed with the
//! position's hash decides whether to slip and which line, so the same seed (e.g. a game
//! id), the same position and the same lines give the same move every time (a game can
//! be replayed, a test can rely on it), while different positions and games vary.
//!
//! Level 8 is the engine as it is: no node limit, no slips.

use crate::engine::{Engine, Event, Info, Limits, Score, StopHandle};
use crate::search::SearchResult;
use menagerie_rules::{Move, Position, SplitMix64};

/// Lowest level.
pub const MIN_LEVEL: u8 = 1;
/// Full strength.
pub const MAX_LEVEL: u8 = 8;
/// Lines searched below full strength (the candidates a slip picks from).
pub const LEVEL_LINES: u32 = 4;
/// Nodes a move at levels 1..=7.
const LEVEL_NODES: [u64; 7] = [150, 500, 1_500, 5_000, 15_000, 50_000, 150_000];
/// Chance in a thousand to slip at levels 1..=7.
const LEVEL_SLIP_PERMILLE: [u32; 7] = [550, 420, 300, 200, 120, 70, 30];
/// Largest loss (centipawns) a slip may take at levels 1..=7.
const LEVEL_MAX_LOSS_CP: [i32; 7] = [1_000, 600, 400, 250, 150, 100, 60];
/// A mate score as centipawns when lines are compared (beyond any material score).
const MATE_CP: i32 = 100_000;

/// Collects the reports of a MultiPV search into one consistent set of lines: the
/// lines of the deepest iteration that reported all of them (an iteration cut short by
/// time reports only its first lines, which would mix with the previous depth's and
/// could repeat a move).
#[derive(Debug, Clone, Default)]
pub struct MultiLines {
    want: usize,
    current: Vec<Info>,
    complete: Vec<Info>,
}

impl MultiLines {
    /// Collects sets of `want` lines (fewer when the position has fewer legal moves).
    #[must_use]
    pub fn new(want: usize, legal: usize) -> MultiLines {
        MultiLines {
            want: want.min(legal).max(1),
            ..MultiLines::default()
        }
    }

    /// Takes one report.
    pub fn push(&mut self, i: &Info) {
        if i.multipv <= 1 {
            self.current.clear();
        }
        if i.multipv as usize == self.current.len() + 1 {
            self.current.push(i.clone());
        }
        if self.current.len() == self.want {
            self.complete.clone_from(&self.current);
        }
    }

    /// The lines as they stand during the search, best first: those the current
    /// iteration has reported so far, then the previous complete set's others (the
    /// lines whose first move the current iteration has not reported yet), at most the
    /// wanted number. Shown live while an analysis runs.
    #[must_use]
    pub fn snapshot(&self) -> Vec<Info> {
        let mut out = self.current.clone();
        for i in &self.complete {
            if out.len() >= self.want {
                break;
            }
            if !out.iter().any(|o| o.pv.first() == i.pv.first()) {
                out.push(i.clone());
            }
        }
        out
    }

    /// The lines, best first: the last complete set, else what the first iteration gave.
    #[must_use]
    pub fn finish(self) -> Vec<Info> {
        if self.complete.is_empty() {
            self.current
        } else {
            self.complete
        }
    }
}

/// A playing level, [`MIN_LEVEL`]..=[`MAX_LEVEL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    /// Full strength.
    pub const FULL: Level = Level(MAX_LEVEL);

    /// The level `n`, or `None` outside [`MIN_LEVEL`]..=[`MAX_LEVEL`].
    #[must_use]
    pub fn new(n: u8) -> Option<Level> {
        (MIN_LEVEL..=MAX_LEVEL).contains(&n).then_some(Level(n))
    }

    /// Its number.
    #[must_use]
    pub fn number(self) -> u8 {
        self.0
    }

    fn weak(self) -> Option<usize> {
        (self.0 < MAX_LEVEL).then(|| usize::from(self.0 - MIN_LEVEL))
    }

    /// Node budget a move (`None` at full strength).
    #[must_use]
    pub fn nodes(self) -> Option<u64> {
        self.weak().map(|i| LEVEL_NODES[i])
    }

    /// Chance in a thousand to play another line than the best.
    #[must_use]
    pub fn slip_permille(self) -> u32 {
        self.weak().map_or(0, |i| LEVEL_SLIP_PERMILLE[i])
    }

    /// Largest loss in centipawns a slip may take.
    #[must_use]
    pub fn max_loss_cp(self) -> i32 {
        self.weak().map_or(0, |i| LEVEL_MAX_LOSS_CP[i])
    }

    /// The move to play among `lines` (best first, each a first move and its score
    /// from the mover's view), drawn from `seed` and the position `key` as the module
    /// doc says. `None` when there is no line.
    #[must_use]
    pub fn choose(self, lines: &[(Move, Score)], seed: u64, key: u64) -> Option<Move> {
        let (best, best_score) = *lines.first()?;
        let mut rng = SplitMix64(seed ^ key.rotate_left(17));
        if rng.next() % 1000 >= u64::from(self.slip_permille()) {
            return Some(best);
        }
        let floor = cp(best_score) - self.max_loss_cp();
        let others: Vec<Move> = lines[1..]
            .iter()
            .filter(|(_, s)| cp(*s) >= floor)
            .map(|&(m, _)| m)
            .collect();
        if others.is_empty() {
            return Some(best);
        }
        Some(others[(rng.next() % others.len() as u64) as usize])
    }
}

/// A score as comparable centipawns (mates beyond any material).
fn cp(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => MATE_CP - n,
        Score::Mate(n) => -MATE_CP - n,
    }
}

impl Engine {
    /// Like [`Engine::search_until`], at a playing level: below full strength the
    /// search is limited to the level's nodes, looks at [`LEVEL_LINES`] lines and
    /// plays the one [`Level::choose`] picks with `seed`; `on_event` sees the best
    /// line's progress only. At full strength it is `search_until`.
    pub fn search_level(
        &mut self,
        pos: Position,
        mut limits: Limits,
        level: Level,
        seed: u64,
        stop: &StopHandle,
        on_event: &mut dyn FnMut(Event),
    ) -> SearchResult {
        let Some(nodes) = level.nodes() else {
            return self.search_until(pos, limits, stop, on_event);
        };
        limits.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
        let key = pos.hash();
        let saved = self.options().multipv;
        self.set_multipv(LEVEL_LINES);
        let mut lines = MultiLines::new(LEVEL_LINES as usize, pos.legal_moves().len());
        let mut r = self.search_until(pos, limits, stop, &mut |e| {
            if let Event::Info(i) = &e {
                lines.push(i);
                if i.multipv != 1 {
                    return;
                }
            }
            on_event(e);
        });
        self.set_multipv(saved);
        let lines = lines.finish();
        let found: Vec<(Move, Score, &Info)> = lines
            .iter()
            .filter_map(|i| Some((*i.pv.first()?, i.score, i)))
            .collect();
        let pairs: Vec<(Move, Score)> = found.iter().map(|&(m, s, _)| (m, s)).collect();
        if let Some(m) = level.choose(&pairs, seed, key) {
            if Some(m) != r.best {
                if let Some(&(_, _, info)) = found.iter().find(|(x, _, _)| *x == m) {
                    r.best = Some(m);
                    r.ponder = info.pv.get(1).copied();
                    r.pv.clone_from(&info.pv);
                }
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::engine::EngineOptions;
    use menagerie_rules::Registry;

    #[test]
    fn levels_are_checked_and_get_weaker_downwards() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
        assert_eq!(Level::FULL.nodes(), None);
        assert_eq!(Level::FULL.slip_permille(), 0);
        for n in MIN_LEVEL..MAX_LEVEL - 1 {
            let (a, b) = (Level::new(n).unwrap(), Level::new(n + 1).unwrap());
            assert!(a.nodes() < b.nodes() && a.slip_permille() > b.slip_permille());
            assert!(a.max_loss_cp() > b.max_loss_cp());
        }
    }

    #[test]
    fn the_choice_is_deterministic_per_seed_and_slips_at_about_its_rate() {
        let reg = Registry::builtin();
        let pos = Position::start(&reg.get("chess").unwrap());
        let ms = pos.legal_moves();
        let lines: Vec<(Move, Score)> = ms[..4]
            .iter()
            .enumerate()
            .map(|(i, &m)| (m, Score::Cp(50 - 35 * i as i32)))
            .collect();
        let l1 = Level::new(1).unwrap();
        let mut slips = 0;
        for seed in 0..2000u64 {
            let m = l1.choose(&lines, seed, pos.hash()).unwrap();
            assert_eq!(
                Some(m),
                l1.choose(&lines, seed, pos.hash()),
                "same seed, same move"
            );
            if m != lines[0].0 {
                slips += 1;
            }
        }
        // 550 in a thousand: 1100 of 2000 expected.
        assert!((950..1250).contains(&slips), "{slips}");
        for seed in 0..200u64 {
            assert_eq!(
                Level::FULL.choose(&lines, seed, pos.hash()),
                Some(lines[0].0)
            );
        }
        // Level 7 never gives up more than 60 cp: only the second line (35 cp worse).
        let l7 = Level::new(7).unwrap();
        for seed in 0..500u64 {
            let m = l7.choose(&lines, seed, pos.hash()).unwrap();
            assert!(m == lines[0].0 || m == lines[1].0);
        }
    }

    fn report(multipv: u32, depth: u32) -> Info {
        Info {
            depth,
            seldepth: depth,
            multipv,
            score: Score::Cp(0),
            nodes: 1,
            nps: 1,
            time_ms: 1,
            hashfull: 0,
            pv: Vec::new(),
        }
    }

    #[test]
    fn multi_lines_keep_the_last_complete_iteration() {
        let mut l = MultiLines::new(3, 20);
        for (k, d) in [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2), (1, 3)] {
            l.push(&report(k, d));
        }
        let got: Vec<(u32, u32)> = l.finish().iter().map(|i| (i.multipv, i.depth)).collect();
        assert_eq!(got, [(1, 2), (2, 2), (3, 2)]);
        let mut few = MultiLines::new(3, 1);
        few.push(&report(1, 1));
        assert_eq!(few.finish().len(), 1, "one legal move: one line");
    }

    #[test]
    fn a_snapshot_shows_the_current_iteration_then_the_previous_lines() {
        let pos = Position::start(&Registry::builtin().get("chess").unwrap());
        let moves = pos.legal_moves();
        let line = |k: u32, d: u32, m: usize| Info {
            pv: vec![moves[m]],
            ..report(k, d)
        };
        let mut l = MultiLines::new(3, 20);
        assert!(l.snapshot().is_empty());
        for (k, m) in [(1, 0), (2, 1), (3, 2)] {
            l.push(&line(k, 1, m));
        }
        // Depth 2 has found so far that the old second line is best.
        l.push(&line(1, 2, 1));
        let got: Vec<(u32, Move)> = l.snapshot().iter().map(|i| (i.depth, i.pv[0])).collect();
        assert_eq!(got, [(2, moves[1]), (1, moves[0]), (1, moves[2])]);
        l.push(&line(2, 2, 0));
        l.push(&line(3, 2, 3));
        let got: Vec<(u32, Move)> = l.snapshot().iter().map(|i| (i.depth, i.pv[0])).collect();
        assert_eq!(got, [(2, moves[1]), (2, moves[0]), (2, moves[3])]);
    }

    #[test]
    fn a_weak_level_plays_legal_moves_within_its_node_budget() {
        let reg = Registry::builtin();
        let pos = Position::start(&reg.get("chess").unwrap());
        let mut e = Engine::new(EngineOptions {
            hash_mb: 1,
            ..EngineOptions::default()
        });
        let stop = StopHandle::new();
        let mut infos = 0;
        let r = e.search_level(
            pos.clone(),
            Limits::default(),
            Level::new(2).unwrap(),
            7,
            &stop,
            &mut |_| infos += 1,
        );
        assert!(pos.is_legal(r.best.unwrap()));
        assert!(r.nodes <= 2 * LEVEL_NODES[1], "{}", r.nodes);
        assert!(infos > 0);
        assert_eq!(e.options().multipv, 1, "the caller's MultiPV is restored");
    }
}
