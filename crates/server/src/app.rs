//! The server's shared state: variants, games in memory, storage, the computer
//! opponent and the searches running for games.

use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::flag_watch::{FlagCheck, FlagWatch};
use crate::game::{Ended, EngineSettings, Game, MoveEval, Player};
use crate::opponent::Opponent;
use crate::quota::{Quotas, SearchPermit, Usage};
use crate::searches::SearchPool;
use crate::store::{Store, StoredGame};
use crate::view::{GameState, InfoView};
use menagerie_engine::{Limits, StopHandle};
use menagerie_rules::{parse_move, Color, Registry, Variant};
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

/// Something pushed to a game's event subscribers (already serialised JSON).
#[derive(Debug, Clone)]
pub enum Push {
    /// `event: state`.
    State(Arc<str>),
    /// `event: info`.
    Info(Arc<str>),
    /// `event: analysis`: the lines of a running analysis as they stand.
    Analysis(Arc<str>),
}

/// A game in memory with its event channel.
#[derive(Debug)]
pub struct Slot {
    game: Mutex<Game>,
    /// Events of this game.
    pub events: broadcast::Sender<Push>,
}

impl Slot {
    /// Locks the game.
    pub fn lock(&self) -> MutexGuard<'_, Game> {
        self.game
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Shared state of the server.
pub struct App {
    registry: Registry,
    store: Store,
    opponent: Arc<dyn Opponent>,
    games: Mutex<HashMap<String, Arc<Slot>>>,
    next_search: AtomicU64,
    counter: AtomicU64,
    seed: std::collections::hash_map::RandomState,
    shutting_down: AtomicBool,
    usage: Arc<Usage>,
    flags: Arc<FlagWatch>,
    searches: SearchPool,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("variants", &self.registry.ids())
            .finish_non_exhaustive()
    }
}

/// Current Unix time in seconds.
#[must_use]
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// True for a syntactically possible game id.
fn plausible_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 32
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl App {
    /// A server over these variants, this storage and this opponent, with the default
    /// [`Quotas`].
    pub fn new(registry: Registry, store: Store, opponent: Arc<dyn Opponent>) -> Arc<App> {
        Self::with_quotas(registry, store, opponent, Quotas::default())
    }

    /// Like [`App::new`], with these per-client limits.
    pub fn with_quotas(
        registry: Registry,
        store: Store,
        opponent: Arc<dyn Opponent>,
        quotas: Quotas,
    ) -> Arc<App> {
        Self::with_limits(
            registry,
            store,
            opponent,
            quotas,
            SearchPool::default_workers(),
        )
    }

    /// Like [`App::with_quotas`], running at most `search_workers` engine searches at
    /// once (see [`crate::searches`]).
    pub fn with_limits(
        registry: Registry,
        store: Store,
        opponent: Arc<dyn Opponent>,
        quotas: Quotas,
        search_workers: usize,
    ) -> Arc<App> {
        Arc::new(App {
            registry,
            store,
            opponent,
            games: Mutex::new(HashMap::new()),
            next_search: AtomicU64::new(1),
            counter: AtomicU64::new(0),
            seed: std::collections::hash_map::RandomState::new(),
            shutting_down: AtomicBool::new(false),
            usage: Usage::new(quotas),
            flags: Arc::new(FlagWatch::default()),
            searches: SearchPool::new(search_workers),
        })
    }

    /// The workers the engine searches share.
    #[must_use]
    pub fn searches(&self) -> &SearchPool {
        &self.searches
    }

    /// What the clients use (searches, new games) under the quotas.
    #[must_use]
    pub fn usage(&self) -> &Arc<Usage> {
        &self.usage
    }

    /// The variants.
    #[must_use]
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The storage.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The opponent.
    #[must_use]
    pub fn opponent(&self) -> &Arc<dyn Opponent> {
        &self.opponent
    }

    /// Every variant that loads, in registration order.
    #[must_use]
    pub fn variants(&self) -> Vec<Arc<Variant>> {
        self.registry
            .ids()
            .iter()
            .filter_map(|id| self.registry.get(id).ok())
            .collect()
    }

    /// A variant by id.
    ///
    /// # Errors
    /// `unknown_variant` (404 when `status_404`, else 400).
    pub fn variant(&self, id: &str, status_404: bool) -> ApiResult<Arc<Variant>> {
        self.registry.get(id).map_err(|e| {
            let msg = match e {
                menagerie_rules::RegistryError::Unknown(_) => {
                    format!("unknown variant `{id}`")
                }
                other => other.to_string(),
            };
            if status_404 {
                ApiError::not_found("unknown_variant", msg)
            } else {
                ApiError::bad("unknown_variant", msg)
            }
        })
    }

    /// A fresh game id.
    pub fn new_id(&self) -> String {
        loop {
            let mut h = self.seed.build_hasher();
            h.write_u64(self.counter.fetch_add(1, Ordering::Relaxed));
            h.write_i64(now());
            let id = format!("{:012x}", h.finish() & 0xffff_ffff_ffff);
            let taken =
                self.games_map().contains_key(&id) || self.store.load(&id).ok().flatten().is_some();
            if !taken {
                return id;
            }
        }
    }

    fn games_map(&self) -> MutexGuard<'_, HashMap<String, Arc<Slot>>> {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Number of games held in memory.
    #[must_use]
    pub fn games_in_memory(&self) -> usize {
        self.games_map().len()
    }

    /// The game with this id, loaded from storage when not in memory.
    ///
    /// # Errors
    /// `game_not_found`, or `variant_unavailable` for a stored game whose variant is not
    /// loaded now, or a storage failure.
    pub fn slot(self: &Arc<Self>, id: &str) -> ApiResult<Arc<Slot>> {
        let missing = || ApiError::not_found("game_not_found", format!("no game `{id}`"));
        if !plausible_id(id) {
            return Err(missing());
        }
        if let Some(s) = self.games_map().get(id) {
            return Ok(s.clone());
        }
        let stored = self
            .store
            .load(id)
            .map_err(|e| ApiError::internal(e.to_string()))?
            .ok_or_else(missing)?;
        let game = self.restore(stored)?;
        let deadline = game
            .clock
            .as_ref()
            .and_then(crate::clock::GameClock::deadline);
        let mut map = self.games_map();
        // Another request may have loaded it meanwhile: keep the first.
        let slot = map
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(Slot::new(game)))
            .clone();
        drop(map);
        if let Some(d) = deadline {
            // A clock that ran out while the game was not in memory ends it now.
            self.flags.schedule(self, id, d);
        }
        Ok(slot)
    }

    /// Rebuilds a stored game by replaying its moves.
    fn restore(&self, s: StoredGame) -> ApiResult<Game> {
        let v = self.registry.get(&s.variant).map_err(|_| {
            ApiError::conflict(
                "variant_unavailable",
                format!(
                    "game `{}` uses variant `{}`, which is not loaded (start the server with its --variant-file)",
                    s.id, s.variant
                ),
            )
        })?;
        let engine = EngineSettings::new(s.movetime_ms, s.depth).unwrap_or_default();
        let mut g = Game::new(
            s.id.clone(),
            v,
            Some(&s.start_fen),
            [s.white, s.black],
            engine,
            s.created,
        )
        .map_err(|e| ApiError::internal(format!("stored game `{}`: {}", s.id, e.message)))?;
        for (i, text) in s.moves.iter().enumerate() {
            let m = parse_move(&g.pos, text).map_err(|e| {
                ApiError::internal(format!(
                    "stored game `{}` cannot be replayed at ply {}: {e}",
                    s.id,
                    i + 1
                ))
            })?;
            g.play(m)?;
            if let Some(p) = g.moves.last_mut() {
                p.eval = s.evals.get(i).cloned().flatten();
            }
        }
        g.ended = s.ended;
        g.draw_offer = match s.draw_offer.as_deref() {
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            _ => None,
        };
        g.updated = s.updated;
        g.version = s.version;
        g.tags = s.tags;
        g.clock = s.clock;
        g.level = s.level;
        Ok(g)
    }

    /// Stores a new game, keeps it in memory and lets the engine start if it is to move.
    ///
    /// # Errors
    /// Storage failure.
    pub fn insert(
        self: &Arc<Self>,
        game: Game,
        client: Option<IpAddr>,
    ) -> ApiResult<(Arc<Slot>, Arc<str>)> {
        self.store
            .save(&game)
            .map_err(|e| ApiError::internal(e.to_string()))?;
        let id = game.id.clone();
        let slot = Arc::new(Slot::new(game));
        self.games_map().insert(id, slot.clone());
        let json = {
            let mut g = slot.lock();
            self.maybe_think(&slot, &mut g, false, client);
            state_json(&g)
        };
        Ok((slot, json))
    }

    /// Records a change: bumps the version, stores the game, sends the new state to
    /// subscribers and returns it.
    ///
    /// # Errors
    /// Storage failure.
    pub fn commit(self: &Arc<Self>, slot: &Slot, g: &mut Game) -> ApiResult<Arc<str>> {
        g.version += 1;
        g.updated = now();
        self.store
            .save(g)
            .map_err(|e| ApiError::internal(e.to_string()))?;
        match g.clock.as_ref().and_then(crate::clock::GameClock::deadline) {
            Some(d) => self.flags.schedule(self, &g.id, d),
            None => self.flags.cancel(&g.id),
        }
        let json = state_json(g);
        let _ = slot.events.send(Push::State(json.clone()));
        Ok(json)
    }

    /// Ends the game on time if its running clock has run out (and records that).
    ///
    /// # Errors
    /// Storage failure.
    pub fn flag_check(self: &Arc<Self>, slot: &Slot, g: &mut Game) -> ApiResult<()> {
        if g.check_flag(now_ms()) {
            self.commit(slot, g)?;
        }
        Ok(())
    }

    /// Starts a search when the engine is to move (or, with `force`, for whoever is to
    /// move) and none runs. The search waits its turn for one of the shared workers
    /// ([`crate::searches`]); its move is played only if the game did not change
    /// meanwhile. It is counted for `client` (see [`crate::quota`]) while it waits and
    /// runs; the handlers check the quota before they change the game.
    pub fn maybe_think(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        g: &mut Game,
        force: bool,
        client: Option<IpAddr>,
    ) {
        if g.search.is_some() || g.status().over {
            return;
        }
        if !force && g.player(g.side()) != Player::Engine {
            return;
        }
        let id = self.next_search.fetch_add(1, Ordering::Relaxed);
        let stop = StopHandle::new();
        g.search = Some(crate::game::SearchTicket {
            id,
            stop: stop.clone(),
        });
        let pos = g.pos.clone();
        let (level, seed) = (g.level, g.level_seed());
        let job = SearchJob {
            app: self.clone(),
            slot: slot.clone(),
            id,
            level,
            seed,
            permit: Some(self.usage.permit(client)),
        };
        let queued = self
            .searches
            .submit(format!("search-{}", g.id), stop.clone(), move || {
                job.run(pos, &stop);
            });
        match queued {
            // The engine is not thinking while it waits for a worker: its clock is
            // held until the search starts (SearchJob::run).
            Ok(()) => {
                if let Some(c) = &mut g.clock {
                    c.hold(now_ms());
                }
            }
            Err(e) => {
                eprintln!("warning: {e}");
                g.search = None;
            }
        }
    }

    /// A search that never ran or never finished: the game stops thinking (the next
    /// action asks again) unless it changed meanwhile.
    fn abandon_search(self: &Arc<Self>, slot: &Arc<Slot>, id: u64) {
        if self.shutting_down.load(Ordering::Relaxed) {
            return; // the search resumes after the restart
        }
        let mut g = slot.lock();
        if g.search.as_ref().map(|t| t.id) == Some(id) {
            g.search = None;
            if let Some(c) = &mut g.clock {
                c.release(now_ms());
            }
            let _ = self.commit(slot, &mut g);
        }
    }

    fn finish_search(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        id: u64,
        best: Option<menagerie_rules::Move>,
        eval: Option<MoveEval>,
        client: Option<IpAddr>,
    ) {
        let mut g = slot.lock();
        if self.shutting_down.load(Ordering::Relaxed) {
            return; // the search resumes after the restart
        }
        if g.search.as_ref().map(|t| t.id) != Some(id) {
            return; // cancelled: the game changed meanwhile
        }
        g.search = None;
        let now = now_ms();
        if g.check_flag(now) {
            let _ = self.commit(slot, &mut g);
            return;
        }
        if let Some(m) = best {
            if g.pos.is_legal(m) && g.play_at(m, now).is_ok() {
                if let Some(p) = g.moves.last_mut() {
                    p.eval = eval;
                }
            }
        }
        self.maybe_think(slot, &mut g, false, client);
        let _ = self.commit(slot, &mut g);
    }

    /// After a restart: loads the unfinished games where the engine is to move and lets
    /// it think again. Returns how many searches were started.
    pub fn resume_engines(self: &Arc<Self>) -> usize {
        let ids = self.store.unfinished_with_engine().unwrap_or_default();
        let mut n = 0;
        for id in ids {
            let Ok(slot) = self.slot(&id) else { continue };
            let mut g = slot.lock();
            self.maybe_think(&slot, &mut g, false, None);
            if g.thinking() {
                n += 1;
                let _ = self.commit(&slot, &mut g);
            }
        }
        n
    }

    /// Stops every running search (server shutdown).
    pub fn stop_all(&self) {
        self.shutting_down.store(true, Ordering::Relaxed);
        for slot in self.games_map().values() {
            if let Some(t) = &slot.lock().search {
                t.stop.stop();
            }
        }
    }

    /// Ends a game by agreement or resignation.
    pub fn end(&self, g: &mut Game, how: Ended) {
        g.cancel_search();
        if let Some(c) = &mut g.clock {
            c.stop(now_ms());
        }
        g.ended = Some(how);
        g.draw_offer = None;
    }
}

impl FlagCheck for App {
    /// Ends game `id` on time if its clock ran out (only games in memory: a stored
    /// game is checked when it is loaded).
    fn check_flag(&self, id: &str) {
        let Some(slot) = self.games_map().get(id).cloned() else {
            return;
        };
        let mut g = slot.lock();
        if g.check_flag(now_ms()) {
            g.version += 1;
            g.updated = now();
            let _ = self.store.save(&g);
            let _ = slot.events.send(Push::State(state_json(&g)));
        }
    }
}

/// A queued search of a game: run by a worker, or dropped unrun (stopped while it
/// waited, no thread to be had, the runtime closing) or cut short (the opponent
/// panicked), which frees the game.
struct SearchJob {
    app: Arc<App>,
    slot: Arc<Slot>,
    id: u64,
    /// The game's engine level and its seed.
    level: menagerie_engine::Level,
    seed: u64,
    /// Counted for its client until it ends; `None` once it ran.
    permit: Option<SearchPermit>,
}

impl SearchJob {
    fn run(mut self, pos: menagerie_rules::Position, stop: &StopHandle) {
        // The caller held the game until it had published the state that says the
        // engine thinks: wait for that, so progress never precedes it. The limits are
        // read now, when the search starts. A clock held while the search waited for
        // a worker runs again from now (and the page is told).
        let limits = {
            let mut g = self.slot.lock();
            if g.search.as_ref().map(|t| t.id) == Some(self.id)
                && g.clock.as_ref().is_some_and(|c| c.held.is_some())
            {
                if let Some(c) = &mut g.clock {
                    c.release(now_ms());
                }
                let _ = self.app.commit(&self.slot, &mut g);
            }
            search_limits(&g)
        };
        let events = self.slot.events.clone();
        let root = pos.clone();
        let mut last = None;
        let best = self.app.opponent.search_at_level(
            pos,
            limits,
            self.level,
            self.seed,
            &mut |info| {
                if let Ok(s) = serde_json::to_string(&InfoView::of(&root, &info)) {
                    let _ = events.send(Push::Info(s.into()));
                }
                last = Some(info);
            },
            stop,
        );
        // What the engine thought, kept with its move (when the move is its line's).
        let eval = last
            .filter(|i| i.pv.first().is_some_and(|&m| Some(m) == best))
            .map(|i| MoveEval::of(&root, &i));
        let client = self.permit.take().and_then(|p| p.client());
        self.app
            .finish_search(&self.slot, self.id, best, eval, client);
    }
}

impl Drop for SearchJob {
    /// Frees the game from a task of its own: a job can be dropped where the game is
    /// locked (by `maybe_think`, when there is no runtime to queue it on; the game is
    /// freed there).
    fn drop(&mut self) {
        let Some(permit) = self.permit.take() else {
            return;
        };
        drop(permit);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let (app, slot, id) = (self.app.clone(), self.slot.clone(), self.id);
            runtime.spawn(async move { app.abandon_search(&slot, id) });
        }
    }
}

/// The engine's limits for the side to move of `g`: its clock when the game has one
/// (both sides' times and increments, so the engine spreads its time), else the time
/// per move; a depth limit applies in both cases, and a depth-only search is still
/// bounded by [`EngineSettings::MAX_MS`].
fn search_limits(g: &Game) -> Limits {
    let depth = g.engine.depth;
    match &g.clock {
        Some(c) => {
            let now = now_ms();
            let inc = Some(c.control.increment_ms);
            Limits {
                wtime: Some(c.left_at(Color::White, now)),
                btime: Some(c.left_at(Color::Black, now)),
                winc: inc,
                binc: inc,
                depth,
                ..Limits::default()
            }
        }
        None => Limits {
            movetime: Some(g.engine.movetime_ms.unwrap_or(EngineSettings::MAX_MS)),
            depth,
            ..Limits::default()
        },
    }
}

impl Slot {
    fn new(game: Game) -> Slot {
        let (events, _) = broadcast::channel(64);
        Slot {
            game: Mutex::new(game),
            events,
        }
    }
}

/// The JSON text of a game's live state.
#[must_use]
pub fn state_json(g: &Game) -> Arc<str> {
    serde_json::to_string(&GameState::of(g, None))
        .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
        .into()
}
