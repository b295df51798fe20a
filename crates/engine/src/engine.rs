//! The `Engine` facade used by every front end: options, a non-blocking
//! `go` that reports through typed events, `stop`, `ponderhit`, `wait`.

use crate::eval::EvalTables;
use crate::search::{Iteration, Learned, SearchResult, Searcher, Shared, MATE, MATE_BOUND};
use crate::time::Clock;
pub use crate::time::{Limits, StopHandle};
use crate::tt::Table;
use menagerie_rules::{Move, Position, Variant};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// Deepest search iteration (a `depth` limit above it means it).
pub const MAX_DEPTH: u32 = 100;
/// Largest `Hash` on any machine (MB); [`max_hash_mb`] is this machine's.
pub const MAX_HASH_MB: usize = 65536;
/// Most search threads.
pub const MAX_THREADS: usize = 256;
/// Most lines reported (`MultiPV`).
pub const MAX_MULTIPV: u32 = 64;
/// Most move overhead (ms).
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// The largest `Hash` this machine can hold: half its physical memory (read from
/// `/proc/meminfo`; [`MAX_HASH_MB`] where that cannot be read), in MB. A table the
/// machine cannot hold would fail or be killed when touched, so larger values are
/// refused with this number.
#[must_use]
pub fn max_hash_mb() -> usize {
    let total_kb = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        m.lines()
            .find_map(|l| l.strip_prefix("MemTotal:"))
            .and_then(|rest| rest.split_whitespace().next()?.parse::<usize>().ok())
    });
    match total_kb {
        Some(kb) => (kb / 1024 / 2).clamp(1, MAX_HASH_MB),
        None => MAX_HASH_MB,
    }
}

/// Reads an option's number and checks it lies in `lo..=hi`.
fn ranged(name: &str, value: &str, lo: u64, hi: u64, unit: &str) -> Result<u64, String> {
    let unit = if unit.is_empty() {
        String::new()
    } else {
        format!(" {unit}")
    };
    match value.trim().parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(format!(
            "option {name} must be a number from {lo} to {hi}{unit}, not `{value}`"
        )),
    }
}

/// A score from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

/// Progress of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// Completed depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Line number (MultiPV).
    pub multipv: u32,
    /// Score.
    pub score: Score,
    /// Nodes so far (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the start.
    pub time_ms: u64,
    /// Transposition table fill (permille).
    pub hashfull: u32,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// What a search reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// An iteration finished.
    Info(Info),
    /// The search is over.
    BestMove {
        /// The move to play (`None`: no legal move).
        best: Option<Move>,
        /// Expected reply.
        ponder: Option<Move>,
    },
}

/// Engine settings.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineOptions {
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Lines to report.
    pub multipv: u32,
    /// Evaluate material only (a weak reference player).
    pub material_only: bool,
    /// Which evaluation weights to use.
    pub eval: EvalChoice,
    /// Time each move costs outside the search (ms): protocol and process
    /// latency, kept in reserve by the time manager.
    pub move_overhead_ms: u64,
    /// The search's margins, reductions and limits: the variant family's
    /// tuned set, or given values (a tuner's trial, a file of settings).
    pub params: crate::ParamsChoice,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: 64,
            threads: 1,
            multipv: 1,
            material_only: false,
            eval: EvalChoice::Default,
            move_overhead_ms: 10,
            params: crate::ParamsChoice::Default,
        }
    }
}

/// The evaluation weights an engine plays with.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum EvalChoice {
    /// A variant's embedded tuned set where it has one, else as derived.
    #[default]
    Default,
    /// As derived from the move tables, tuned sets ignored.
    Untuned,
    /// This weights file's text (docs/lab.md) for the variant it names, read
    /// over that variant's default weights: a file that sets one key changes
    /// that key of the embedded tuned set. Other variants play as by default.
    File(Arc<str>),
}

impl EvalChoice {
    /// The evaluation tables of `v` under this choice.
    ///
    /// # Errors
    /// A weights file (given or embedded) that does not fit the variant.
    pub fn tables(&self, v: &Variant) -> Result<EvalTables, String> {
        let e = EvalTables::new(v);
        let tuned = crate::eval_weights::tuned_text(&v.id);
        let (tuned, file) = match self {
            EvalChoice::Default => (tuned, None),
            EvalChoice::Untuned => (None, None),
            EvalChoice::File(t) => (
                tuned,
                Some(&**t)
                    .filter(|t| crate::eval_weights::file_variant(t).as_deref() == Some(&*v.id)),
            ),
        };
        if tuned.is_none() && file.is_none() {
            return Ok(e);
        }
        let mut w = e.weights();
        for text in tuned.into_iter().chain(file) {
            w.apply_toml(v, text)?;
        }
        Ok(e.with_weights(w))
    }
}

struct Running {
    clock: Arc<Clock>,
    handle: JoinHandle<()>,
}

/// The engine.
pub struct Engine {
    options: EngineOptions,
    tt: Arc<Table>,
    /// Per search thread, what it learned in this game's earlier searches
    /// (`search::Learned`: histories, corrections, counter moves).
    learned: Arc<Mutex<Vec<Learned>>>,
    evals: Mutex<HashMap<String, Arc<EvalTables>>>,
    running: Option<Running>,
    position: Option<Position>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Engine({:?})", self.options)
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(EngineOptions::default())
    }
}

impl Engine {
    /// An engine with these options.
    #[must_use]
    pub fn new(options: EngineOptions) -> Engine {
        let tt = Arc::new(Table::new(options.hash_mb));
        Engine {
            options,
            tt,
            learned: Arc::new(Mutex::new(Vec::new())),
            evals: Mutex::new(HashMap::new()),
            running: None,
            position: None,
        }
    }

    /// Current options.
    #[must_use]
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Sets an option by its protocol name.
    ///
    /// # Errors
    /// Unknown option or bad value.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name.trim().to_ascii_lowercase().as_str() {
            "hash" => {
                let max = max_hash_mb() as u64;
                let mb = ranged(name, value, 1, max, "MB (half of this machine's memory)")
                    .map_err(|e| format!("{e}; the hash table is unchanged"))?
                    as usize;
                // Allocated before the old table is let go: on failure it stays as it was.
                let table =
                    Table::try_new(mb).map_err(|e| format!("{e}; the hash table is unchanged"))?;
                self.stop();
                self.wait();
                self.tt = Arc::new(table);
                self.options.hash_mb = mb;
            }
            "threads" => {
                self.options.threads = ranged(name, value, 1, MAX_THREADS as u64, "")? as usize;
            }
            "multipv" => {
                self.options.multipv = ranged(name, value, 1, u64::from(MAX_MULTIPV), "")? as u32;
            }
            "move overhead" | "moveoverhead" | "move_overhead" => {
                self.options.move_overhead_ms = ranged(name, value, 0, MAX_MOVE_OVERHEAD_MS, "ms")?;
            }
            "ponder" => {}
            _ => return Err(format!("Unknown option {name}")),
        }
        Ok(())
    }

    /// Sets the number of lines searched (MultiPV), clamped to 1..=[`MAX_MULTIPV`].
    pub(crate) fn set_multipv(&mut self, n: u32) {
        self.options.multipv = n.clamp(1, MAX_MULTIPV);
    }

    /// Forgets the previous game (clears the hash table and what the search
    /// threads learned).
    pub fn new_game(&mut self) {
        self.stop();
        self.wait();
        self.tt.clear();
        lock(&self.learned).clear();
    }

    fn eval_for(&self, v: &Arc<Variant>) -> Arc<EvalTables> {
        let key = format!(
            "{}#{:p}#{}#{:?}",
            v.id,
            Arc::as_ptr(v),
            self.options.material_only,
            self.options.eval
        );
        let mut map = self
            .evals
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.entry(key)
            .or_insert_with(|| {
                // A weights file that does not fit was refused when it was
                // given (see `EvalChoice::tables`); here the derived
                // evaluation stands in.
                let e = self
                    .options
                    .eval
                    .tables(v)
                    .unwrap_or_else(|_| EvalTables::new(v));
                Arc::new(if self.options.material_only {
                    e.material_only()
                } else {
                    e
                })
            })
            .clone()
    }

    /// Sets the position later searches start from: `fen` of `variant`
    /// (`None`: its start position), then `moves` in any text the rules
    /// read (`e2e4`, `e7e8q`, `P@e5`, `e2-e4`, ...). The history is kept, so
    /// repetitions are seen. Also derives the variant's evaluation tables.
    ///
    /// # Errors
    /// A bad FEN or a move that is not legal (the position is unchanged).
    pub fn set_position(
        &mut self,
        variant: &Arc<Variant>,
        fen: Option<&str>,
        moves: &[&str],
    ) -> Result<(), String> {
        let mut pos = match fen {
            Some(f) => Position::from_fen(variant, f).map_err(|e| e.to_string())?,
            None => Position::start(variant),
        };
        for text in moves {
            let m = menagerie_rules::parse_move(&pos, text)
                .map_err(|e| format!("move `{text}`: {e}"))?;
            pos.play(m).map_err(|e| format!("move `{text}`: {e}"))?;
        }
        self.prepare(variant);
        self.position = Some(pos);
        Ok(())
    }

    /// The position set by [`Engine::set_position`].
    #[must_use]
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// Starts searching the position set by [`Engine::set_position`] in
    /// the background; events arrive on the returned channel, the last one
    /// being [`Event::BestMove`]. Returns at once.
    ///
    /// # Errors
    /// No position has been set.
    pub fn go_channel(
        &mut self,
        limits: Limits,
    ) -> Result<std::sync::mpsc::Receiver<Event>, String> {
        let pos = self
            .position
            .clone()
            .ok_or_else(|| "no position set".to_string())?;
        let (tx, rx) = std::sync::mpsc::channel();
        self.go(
            pos,
            limits,
            Box::new(move |e| {
                let _ = tx.send(e);
            }),
        );
        Ok(rx)
    }

    /// Derives (and caches) the evaluation tables of a variant now, so the
    /// first search of a game does not spend its clock on them.
    pub fn prepare(&self, v: &Arc<Variant>) {
        let _ = self.eval_for(v);
    }

    /// Starts searching in the background; `on_event` receives progress and
    /// finally the best move. A running search is stopped first.
    pub fn go(
        &mut self,
        pos: Position,
        limits: Limits,
        mut on_event: Box<dyn FnMut(Event) + Send>,
    ) {
        self.stop();
        self.wait();
        let eval = self.eval_for(pos.variant());
        let clock = Arc::new(self.clock_for(&pos, &limits));
        let tt = self.tt.clone();
        tt.new_search();
        let learned = self.learned.clone();
        let opts = self.options.clone();
        let c2 = clock.clone();
        let handle = std::thread::spawn(move || {
            let memory = Memory {
                tt: &tt,
                learned: &learned,
            };
            let r = run_search(pos, &limits, &opts, &eval, memory, &c2, &mut |e| {
                on_event(e)
            });
            on_event(Event::BestMove {
                best: r.best,
                ponder: r.ponder,
            });
        });
        self.running = Some(Running { clock, handle });
    }

    /// Searches and waits for the result.
    pub fn search(&mut self, pos: Position, limits: Limits) -> SearchResult {
        self.stop();
        self.wait();
        let eval = self.eval_for(pos.variant());
        let clock = self.clock_for(&pos, &limits);
        run_search(
            pos,
            &limits,
            &self.options,
            &eval,
            self.memory(),
            &clock,
            &mut |_| {},
        )
    }

    /// The clock of a search of `pos` under `limits` (the side to move's
    /// time, the game's ply, the move overhead option).
    fn clock_for(&self, pos: &Position, limits: &Limits) -> Clock {
        Clock::new(
            limits,
            pos.side() == menagerie_rules::Color::White,
            pos.game_ply(),
            self.options.move_overhead_ms,
        )
    }

    /// Like [`Engine::search`], reporting progress.
    pub fn search_with(
        &mut self,
        pos: Position,
        limits: Limits,
        on_event: &mut dyn FnMut(Event),
    ) -> SearchResult {
        self.stop();
        self.wait();
        let eval = self.eval_for(pos.variant());
        let clock = self.clock_for(&pos, &limits);
        run_search(
            pos,
            &limits,
            &self.options,
            &eval,
            self.memory(),
            &clock,
            on_event,
        )
    }

    /// Searches on the calling thread until the limits are reached or `stop` is
    /// stopped (from any thread), reporting progress; returns the result.
    pub fn search_until(
        &mut self,
        pos: Position,
        limits: Limits,
        stop: &StopHandle,
        on_event: &mut dyn FnMut(Event),
    ) -> SearchResult {
        self.stop();
        self.wait();
        let eval = self.eval_for(pos.variant());
        let clock = self.clock_for(&pos, &limits).with_stop(stop.clone());
        self.tt.new_search();
        run_search(
            pos,
            &limits,
            &self.options,
            &eval,
            self.memory(),
            &clock,
            on_event,
        )
    }

    /// The hash table and learned tables a search on this thread uses.
    fn memory(&self) -> Memory<'_> {
        Memory {
            tt: &self.tt,
            learned: &self.learned,
        }
    }

    /// Asks the running search to stop (it still reports its best move).
    pub fn stop(&mut self) {
        if let Some(r) = &self.running {
            r.clock.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The predicted move was played: start the clock of a ponder search.
    pub fn ponderhit(&mut self) {
        if let Some(r) = &self.running {
            r.clock.ponderhit();
        }
    }

    /// Waits for the running search to finish.
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            let _ = r.handle.join();
        }
    }

    /// True while a background search runs.
    #[must_use]
    pub fn searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.handle.is_finished())
    }

    /// Static evaluation of a position (side to move's view).
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.eval_for(pos.variant()).evaluate(pos)
    }

    /// The static evaluation of a position term by term, as a table
    /// ([`EvalTables::trace`]).
    #[must_use]
    pub fn eval_trace(&self, pos: &Position) -> String {
        self.eval_for(pos.variant()).trace(pos)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}

/// What a search reads from and leaves to the game's later searches.
#[derive(Clone, Copy)]
struct Memory<'a> {
    tt: &'a Table,
    learned: &'a Mutex<Vec<Learned>>,
}

/// Locks `m`; a thread that panicked while holding it left whole tables.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn run_search(
    pos: Position,
    limits: &Limits,
    opts: &EngineOptions,
    eval: &Arc<EvalTables>,
    memory: Memory<'_>,
    clock: &Clock,
    on_event: &mut dyn FnMut(Event),
) -> SearchResult {
    let nodes = AtomicU64::new(0);
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let start = Instant::now();
    let threads = opts.threads.max(1);
    let tt = memory.tt;
    let params = opts.params.params(pos.variant());
    let shared = Shared {
        eval,
        tt,
        clock,
        nodes: &nodes,
        node_limit: limits.nodes.unwrap_or(0),
        params: &params,
    };
    // Each thread's tables from the game's last search, where they fit
    // this one (taken out here, given back below).
    let mut kept = std::mem::take(&mut *lock(memory.learned)).into_iter();
    let mut tables = || match kept.next() {
        Some(l) if l.fits(eval) => l,
        _ => Learned::new(&pos, eval),
    };
    let main_tables = tables();
    let helper_tables: Vec<Learned> = (1..threads).map(|_| tables()).collect();
    let (result, learned) = std::thread::scope(|s| {
        let shared = &shared;
        let helpers: Vec<_> = helper_tables
            .into_iter()
            .enumerate()
            .map(|(i, tables)| {
                let p = pos.clone();
                s.spawn(move || {
                    let mut h = Searcher::new(p, shared, tables);
                    h.main = false;
                    h.iterate(max_depth, 1, ((i + 1) % 2) as u32, &mut |_| {});
                    h.into_learned()
                })
            })
            .collect();
        let mut main = Searcher::new(pos.clone(), shared, main_tables);
        let mut report = |it: &Iteration| {
            let n = (nodes.load(Ordering::Relaxed) + (it.nodes & 255))
                .max(it.nodes)
                .max(1);
            let ms = start.elapsed().as_millis() as u64;
            on_event(Event::Info(Info {
                depth: it.depth,
                seldepth: it.seldepth.max(it.depth),
                multipv: it.multipv,
                score: Score::from_internal(it.score),
                nodes: n,
                nps: n * 1000 / ms.max(1),
                time_ms: ms,
                hashfull: tt.hashfull(),
                pv: it.pv.clone(),
            }));
        };
        let r = main.iterate(max_depth, opts.multipv, 0, &mut report);
        clock.stop.store(true, Ordering::Relaxed);
        let mut learned = vec![main.into_learned()];
        // A helper that panicked leaves no tables: the next search starts
        // that thread afresh.
        learned.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
        (r, learned)
    });
    *lock(memory.learned) = learned;
    // Helpers have joined: count their nodes too.
    let mut r = result;
    r.nodes = r.nodes.max(nodes.load(Ordering::Relaxed));
    r
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use menagerie_rules::Registry;

    /// One registry for the whole test: each loads its own `Arc<Variant>`,
    /// and the engine's tables belong to one.
    fn registry() -> &'static Registry {
        static R: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
        R.get_or_init(Registry::builtin)
    }

    fn searched(e: &mut Engine, variant: &str, moves: &[&str]) -> SearchResult {
        let v = registry().get(variant).unwrap();
        e.set_position(&v, None, moves).unwrap();
        let pos = e.position().unwrap().clone();
        e.search(
            pos,
            Limits {
                depth: Some(7),
                ..Limits::default()
            },
        )
    }

    #[test]
    fn each_thread_keeps_its_tables_for_the_next_search_of_the_game() {
        let mut e = Engine::new(EngineOptions {
            hash_mb: 1,
            threads: 2,
            ..EngineOptions::default()
        });
        searched(&mut e, "chess", &["e2e4"]);
        let chess = e.eval_for(&registry().get("chess").unwrap());
        {
            let kept = lock(&e.learned);
            assert_eq!(kept.len(), 2, "one set of tables per thread");
            assert!(kept.iter().all(|l| l.fits(&chess)));
            assert!(kept[0].learned_something(), "a depth-7 search learns");
        }
        // Another variant's search cannot read chess's tables: fresh ones.
        searched(&mut e, "shogi", &[]);
        let shogi = e.eval_for(&registry().get("shogi").unwrap());
        assert!(lock(&e.learned).iter().all(|l| l.fits(&shogi)));
        e.new_game();
        assert!(lock(&e.learned).is_empty(), "a new game forgets");
    }

    #[test]
    fn a_new_game_searches_as_a_fresh_engine_does() {
        let opts = EngineOptions {
            hash_mb: 1,
            ..EngineOptions::default()
        };
        let mut e = Engine::new(opts.clone());
        searched(&mut e, "chess", &["e2e4"]);
        let later = searched(&mut e, "chess", &["e2e4", "e7e5"]);
        e.new_game();
        let again = searched(&mut e, "chess", &["e2e4", "e7e5"]);
        let fresh = searched(&mut Engine::new(opts), "chess", &["e2e4", "e7e5"]);
        assert_eq!(
            (again.nodes, again.best, again.score),
            (fresh.nodes, fresh.best, fresh.score)
        );
        assert_eq!(again.depth, fresh.depth);
        // Within the game the search started from what it knew: not the
        // fresh engine's tree.
        assert_ne!(later.nodes, fresh.nodes);
    }
}
