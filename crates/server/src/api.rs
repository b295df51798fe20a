//! HTTP handlers of the JSON API (`docs/api.md`) and the router.

use crate::access::Client;
use crate::analysis;
use crate::app::{state_json, App, Push};
use crate::clock::{GameClock, TimeControl};
use crate::diagram;
use crate::error::{ApiError, ApiResult};
use crate::game::{Ended, EngineSettings, Game, Player};
use crate::pgn;
use crate::view::{GameState, VariantDetail, VariantSummary};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Extension, Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use menagerie_rules::Color;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Instant;
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::StreamExt as _;

type AppState = State<Arc<App>>;
type Who = Extension<Client>;
type Params = Result<Query<HashMap<String, String>>, QueryRejection>;

/// A JSON text answered as `application/json`.
struct JsonText(StatusCode, Arc<str>);

impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        let mut res = (self.0, self.1.to_string()).into_response();
        let h = res.headers_mut();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        res
    }
}

fn ok_json<T: Serialize>(status: StatusCode, v: &T) -> ApiResult<JsonText> {
    let s = serde_json::to_string(v).map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(JsonText(status, s.into()))
}

/// Reads a JSON body (an empty body counts as `{}`).
fn body<T: DeserializeOwned>(b: Result<Bytes, BytesRejection>) -> ApiResult<T> {
    let b = b.map_err(|e| ApiError::new(e.status(), "bad_body", e.body_text()))?;
    let text: &[u8] = if b.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &b
    };
    serde_json::from_slice(text).map_err(|e| {
        let code = if e.is_data() {
            "bad_request"
        } else {
            "bad_json"
        };
        let what = if e.is_data() {
            "unexpected request body"
        } else {
            "request body is not valid JSON"
        };
        ApiError::bad(code, format!("{what}: {e}"))
    })
}

fn params(q: Params) -> ApiResult<HashMap<String, String>> {
    q.map(|Query(m)| m)
        .map_err(|e| ApiError::bad("bad_query", e.body_text()))
}

fn color(s: Option<&str>, field: &str) -> ApiResult<Option<Color>> {
    match s {
        None => Ok(None),
        Some("white") => Ok(Some(Color::White)),
        Some("black") => Ok(Some(Color::Black)),
        Some(other) => Err(ApiError::bad(
            "bad_color",
            format!("{field} must be \"white\" or \"black\", not `{other}`"),
        )),
    }
}

fn player(s: Option<&str>, field: &str, default: Player) -> ApiResult<Player> {
    match s {
        None => Ok(default),
        Some(p) => Player::parse(p).ok_or_else(|| {
            ApiError::bad(
                "bad_player",
                format!("{field} must be \"human\" or \"engine\", not `{p}`"),
            )
        }),
    }
}

// ---------------------------------------------------------------------------- variants

async fn list_variants(State(app): AppState) -> ApiResult<JsonText> {
    let list: Vec<VariantSummary> = app
        .variants()
        .iter()
        .map(|v| VariantSummary::of(v))
        .collect();
    ok_json(StatusCode::OK, &list)
}

async fn get_variant(State(app): AppState, Path(id): Path<String>) -> ApiResult<JsonText> {
    let v = app.variant(&id, true)?;
    ok_json(StatusCode::OK, &VariantDetail::of(&v))
}

async fn piece_diagram(
    State(app): AppState,
    Path((id, token)): Path<(String, String)>,
    q: Params,
) -> ApiResult<JsonText> {
    let q = params(q)?;
    let v = app.variant(&id, true)?;
    let d = diagram::diagram_imitating(
        &v,
        &token,
        q.get("cell").map(String::as_str),
        q.get("color").map(String::as_str),
        q.get("imitates").map(String::as_str),
    )?;
    ok_json(StatusCode::OK, &d)
}

// ---------------------------------------------------------------------------- games

/// Checks the client's search quota when the game has an engine player (a request
/// refused for it changes nothing).
fn search_quota(app: &App, g: &Game, client: Client) -> ApiResult<()> {
    if g.players.contains(&Player::Engine) {
        app.usage().check_search(client.0)?;
    }
    Ok(())
}

/// Checks the quotas for a new game and counts it.
fn admit(app: &App, g: &Game, client: Client) -> ApiResult<()> {
    search_quota(app, g, client)?;
    app.usage().admit_game(client.0)
}

#[derive(Deserialize, Default)]
struct EngineBody {
    movetime_ms: Option<u64>,
    depth: Option<u32>,
}

#[derive(Deserialize)]
struct ClockBody {
    initial_ms: Option<u64>,
    increment_ms: Option<u64>,
}

#[derive(Deserialize)]
struct CreateBody {
    variant: Option<String>,
    fen: Option<String>,
    white: Option<String>,
    black: Option<String>,
    engine: Option<EngineBody>,
    clock: Option<ClockBody>,
    level: Option<u64>,
}

/// The clocks of a new game from `{"initial_ms": .., "increment_ms": ..}` (none when absent).
fn game_clock(c: Option<ClockBody>) -> ApiResult<Option<GameClock>> {
    let Some(c) = c else { return Ok(None) };
    let initial = c.initial_ms.ok_or_else(|| {
        ApiError::bad(
            "bad_clock",
            "give the starting time in clock.initial_ms (e.g. 300000 for 5 minutes)",
        )
    })?;
    let tc = TimeControl::new(initial, c.increment_ms.unwrap_or(0))?;
    Ok(Some(GameClock::new(tc)))
}

fn engine_settings(e: Option<EngineBody>) -> ApiResult<EngineSettings> {
    let e = e.unwrap_or_default();
    EngineSettings::new(e.movetime_ms, e.depth)
}

async fn create_game(
    State(app): AppState,
    Extension(who): Who,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let b: CreateBody = body(b)?;
    let id = b
        .variant
        .ok_or_else(|| ApiError::bad("missing_variant", "give the variant id in \"variant\""))?;
    let v = app.variant(&id, false)?;
    let players = [
        player(b.white.as_deref(), "white", Player::Human)?,
        player(b.black.as_deref(), "black", Player::Engine)?,
    ];
    let engine = engine_settings(b.engine)?;
    let clock = game_clock(b.clock)?;
    let mut game = Game::new(
        app.new_id(),
        v,
        b.fen.as_deref(),
        players,
        engine,
        crate::app::now(),
    )?;
    game.clock = clock;
    if let Some(n) = b.level {
        game.level = crate::game::level(n)?;
    }
    admit(&app, &game, who)?;
    let (_, json) = app.insert(game, Some(who.0))?;
    Ok(JsonText(StatusCode::CREATED, json))
}

#[derive(Deserialize)]
struct ImportBody {
    pgn: Option<String>,
    variant: Option<String>,
    fen: Option<String>,
    white: Option<String>,
    black: Option<String>,
    engine: Option<EngineBody>,
}

async fn import_game(
    State(app): AppState,
    Extension(who): Who,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let b: ImportBody = body(b)?;
    let players = [
        player(b.white.as_deref(), "white", Player::Human)?,
        player(b.black.as_deref(), "black", Player::Human)?,
    ];
    let engine = engine_settings(b.engine)?;
    let mut notes = Vec::new();
    let game = if let Some(text) = b.pgn.as_deref().filter(|t| !t.trim().is_empty()) {
        let parsed = pgn::parse(text)?;
        let vid = match b.variant.as_deref() {
            Some(id) => id.to_string(),
            None => pgn::variant_id(parsed.tag("Variant")),
        };
        let v = app.variant(&vid, false)?;
        notes.clone_from(&parsed.notes);
        let mut g = Game::new(
            app.new_id(),
            v,
            parsed.tag("FEN"),
            players,
            engine,
            crate::app::now(),
        )?;
        pgn::apply(&mut g, &parsed)?;
        g
    } else {
        let vid = b.variant.ok_or_else(|| {
            ApiError::bad(
                "missing_import",
                "give either \"pgn\", or \"variant\" and \"fen\"",
            )
        })?;
        let fen = b
            .fen
            .filter(|f| !f.trim().is_empty())
            .ok_or_else(|| ApiError::bad("bad_fen", "give the position in \"fen\""))?;
        let v = app.variant(&vid, false)?;
        Game::new(
            app.new_id(),
            v,
            Some(&fen),
            players,
            engine,
            crate::app::now(),
        )?
    };
    admit(&app, &game, who)?;
    let (_, json) = app.insert(game, Some(who.0))?;
    if notes.is_empty() {
        return Ok(JsonText(StatusCode::CREATED, json));
    }
    // The state, with what the import left out for the person importing.
    let mut state: serde_json::Value =
        serde_json::from_str(&json).map_err(|e| ApiError::internal(e.to_string()))?;
    if let Some(o) = state.as_object_mut() {
        o.insert("import_notes".into(), notes.into());
    }
    Ok(JsonText(StatusCode::CREATED, state.to_string().into()))
}

async fn list_games(State(app): AppState, q: Params) -> ApiResult<JsonText> {
    let q = params(q)?;
    let limit = match q.get("limit") {
        None => 20,
        Some(s) => s
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=1000).contains(n))
            .ok_or_else(|| ApiError::bad("bad_query", "limit must be a number from 1 to 1000"))?,
    };
    let list = app
        .store()
        .recent(limit)
        .map_err(|e| ApiError::internal(e.to_string()))?;
    ok_json(StatusCode::OK, &list)
}

async fn get_game(State(app): AppState, Path(id): Path<String>, q: Params) -> ApiResult<JsonText> {
    let q = params(q)?;
    let slot = app.slot(&id)?;
    let mut g = slot.lock();
    app.flag_check(&slot, &mut g)?;
    match q.get("ply") {
        None => Ok(JsonText(StatusCode::OK, state_json(&g))),
        Some(s) => {
            let n: usize = s.parse().map_err(|_| {
                ApiError::bad(
                    "bad_ply",
                    format!("ply must be between 0 and {}", g.moves.len()),
                )
            })?;
            let pos = g.position_at(n)?;
            ok_json(StatusCode::OK, &GameState::of(&g, Some((n, &pos))))
        }
    }
}

#[derive(Deserialize)]
struct PatchBody {
    white: Option<String>,
    black: Option<String>,
    engine: Option<EngineBody>,
    level: Option<u64>,
}

async fn patch_game(
    State(app): AppState,
    Extension(who): Who,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let b: PatchBody = body(b)?;
    let slot = app.slot(&id)?;
    let mut g = slot.lock();
    let white = player(b.white.as_deref(), "white", g.players[0])?;
    let black = player(b.black.as_deref(), "black", g.players[1])?;
    let engine = match b.engine {
        Some(e) => EngineSettings::new(e.movetime_ms, e.depth)?,
        None => g.engine,
    };
    let level = match b.level {
        Some(n) => crate::game::level(n)?,
        None => g.level,
    };
    if [white, black].contains(&Player::Engine) {
        app.usage().check_search(who.0)?;
    }
    g.players = [white, black];
    g.engine = engine;
    g.level = level;
    if g.player(g.side()) == Player::Human {
        g.cancel_search();
    }
    app.maybe_think(&slot, &mut g, false, Some(who.0));
    let json = app.commit(&slot, &mut g)?;
    Ok(JsonText(StatusCode::OK, json))
}

fn not_over(g: &Game) -> ApiResult<()> {
    if g.status().over {
        Err(ApiError::conflict("game_over", "the game is over"))
    } else {
        Ok(())
    }
}

#[derive(Deserialize)]
struct MoveBody {
    #[serde(rename = "move")]
    mv: Option<String>,
}

async fn make_move(
    State(app): AppState,
    Extension(who): Who,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let b: MoveBody = body(b)?;
    let text = b.mv.filter(|t| !t.trim().is_empty()).ok_or_else(|| {
        ApiError::bad(
            "missing_move",
            "give the move in \"move\", e.g. {\"move\": \"e2e4\"}",
        )
    })?;
    let slot = app.slot(&id)?;
    let mut g = slot.lock();
    app.flag_check(&slot, &mut g)?;
    not_over(&g)?;
    if g.thinking() {
        return Err(ApiError::conflict(
            "engine_thinking",
            "the engine is thinking; wait for its move",
        ));
    }
    if g.player(g.side()) == Player::Engine {
        return Err(ApiError::conflict(
            "not_your_turn",
            format!("{} is played by the engine", g.side().name()),
        ));
    }
    search_quota(&app, &g, who)?;
    g.play_text(&text)?;
    app.maybe_think(&slot, &mut g, false, Some(who.0));
    let json = app.commit(&slot, &mut g)?;
    Ok(JsonText(StatusCode::OK, json))
}

async fn undo(
    State(app): AppState,
    Extension(who): Who,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let _: serde_json::Value = body(b)?;
    let slot = app.slot(&id)?;
    let mut g = slot.lock();
    // A resignation is final: taking a move back would revive a game its loser ended.
    if matches!(g.ended, Some(Ended::Resigned(_))) {
        return Err(ApiError::conflict(
            "game_over",
            "the game was resigned: a resignation is final",
        ));
    }
    // So is a loss on time.
    if matches!(g.ended, Some(Ended::Timeout(_))) {
        return Err(ApiError::conflict(
            "game_over",
            "the game ended on time: a flag fall is final",
        ));
    }
    if g.moves.is_empty() {
        return Err(ApiError::conflict(
            "nothing_to_undo",
            "no move to take back",
        ));
    }
    search_quota(&app, &g, who)?;
    g.cancel_search();
    let humans = g.players.iter().filter(|&&p| p == Player::Human).count();
    let n = if humans == 1 && g.player(g.side()) == Player::Human && g.moves.len() >= 2 {
        2
    } else {
        1
    };
    for _ in 0..n {
        g.take_back();
    }
    let (side, left) = (g.side(), g.moves.len());
    if let Some(c) = &mut g.clock {
        c.restart(side, crate::clock::now_ms(), left);
    }
    g.ended = None;
    g.draw_offer = None;
    app.maybe_think(&slot, &mut g, false, Some(who.0));
    let json = app.commit(&slot, &mut g)?;
    Ok(JsonText(StatusCode::OK, json))
}

#[derive(Deserialize)]
struct ColorBody {
    color: Option<String>,
    action: Option<String>,
}

/// The colour a request speaks for: the given one, else the only human, else the side
/// to move.
fn acting_color(g: &Game, given: Option<Color>) -> Color {
    given.unwrap_or_else(|| {
        let humans: Vec<Color> = Color::BOTH
            .into_iter()
            .filter(|&c| g.player(c) == Player::Human)
            .collect();
        if humans.len() == 1 {
            humans[0]
        } else {
            g.side()
        }
    })
}

async fn resign(
    State(app): AppState,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let b: ColorBody = body(b)?;
    let c = color(b.color.as_deref(), "color")?;
    let slot = app.slot(&id)?;
    let mut g = slot.lock();
    not_over(&g)?;
    let c = acting_color(&g, c);
    app.end(&mut g, Ended::Resigned(c));
    let json = app.commit(&slot, &mut g)?;
    Ok(JsonText(StatusCode::OK, json))
}

async fn draw(
    State(app): AppState,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let b: ColorBody = body(b)?;
    let c = color(b.color.as_deref(), "color")?;
    let action = b.action.unwrap_or_else(|| "offer".into());
    if !matches!(action.as_str(), "offer" | "accept" | "decline") {
        return Err(ApiError::bad(
            "bad_action",
            "action must be offer, accept or decline",
        ));
    }
    let slot = app.slot(&id)?;
    let mut g = slot.lock();
    not_over(&g)?;
    let c = acting_color(&g, c);
    let other = c.flip();
    match action.as_str() {
        "offer" => {
            if g.player(other) == Player::Engine {
                if app.opponent().accepts_draw(&g.pos, other) {
                    app.end(&mut g, Ended::Agreed);
                } else {
                    g.draw_offer = None;
                }
            } else {
                g.draw_offer = Some(c);
            }
        }
        "accept" => {
            if g.draw_offer != Some(other) {
                return Err(ApiError::conflict(
                    "no_draw_offer",
                    format!("{} has not offered a draw", other.name()),
                ));
            }
            app.end(&mut g, Ended::Agreed);
        }
        _ => {
            if g.draw_offer != Some(other) {
                return Err(ApiError::conflict(
                    "no_draw_offer",
                    format!("{} has not offered a draw", other.name()),
                ));
            }
            g.draw_offer = None;
        }
    }
    let json = app.commit(&slot, &mut g)?;
    Ok(JsonText(StatusCode::OK, json))
}

async fn engine_move(
    State(app): AppState,
    Extension(who): Who,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let _: serde_json::Value = body(b)?;
    let slot = app.slot(&id)?;
    let mut g = slot.lock();
    not_over(&g)?;
    if g.thinking() {
        return Err(ApiError::conflict(
            "engine_thinking",
            "the engine is already thinking",
        ));
    }
    app.usage().check_search(who.0)?;
    app.maybe_think(&slot, &mut g, true, Some(who.0));
    let json = app.commit(&slot, &mut g)?;
    Ok(JsonText(StatusCode::OK, json))
}

#[derive(Deserialize)]
struct AnalysisBody {
    ply: Option<usize>,
    lines: Option<u32>,
    movetime_ms: Option<u64>,
}

/// `POST /api/games/{id}/analysis`: the engine's best lines in the position after `ply`
/// moves (default: the current one). It runs on the shared search workers, queued like
/// the games' searches ([`crate::searches`]).
async fn analyse_position(
    State(app): AppState,
    Extension(who): Who,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let b: AnalysisBody = body(b)?;
    let (lines, ms) = analysis::settings(b.lines, b.movetime_ms)?;
    let slot = app.slot(&id)?;
    let (pos, ply) = {
        let g = slot.lock();
        let ply = b.ply.unwrap_or(g.moves.len());
        (g.position_at(ply)?, ply)
    };
    app.usage().check_search(who.0)?;
    let permit = app.usage().permit(Some(who.0));
    let opp = app.opponent().clone();
    let fen = pos.to_fen();
    let events = slot.events.clone();
    let live_fen = fen.clone();
    let found = app
        .searches()
        .run(format!("analysis-{id}"), move || {
            let _permit = permit;
            let mut last_push: Option<Instant> = None;
            analysis::analyse(&*opp, &pos, lines, ms, &mut |now| {
                if last_push.is_some_and(|t| t.elapsed() < analysis::LIVE_PUSH_INTERVAL) {
                    return;
                }
                last_push = Some(Instant::now());
                let json = serde_json::json!({"ply": ply, "fen": live_fen, "lines": now});
                let _ = events.send(Push::Analysis(json.to_string().into()));
            })
        })
        .await
        .ok_or_else(not_run)?;
    ok_json(
        StatusCode::OK,
        &serde_json::json!({"ply": ply, "fen": fen, "lines": found}),
    )
}

#[derive(Deserialize)]
struct LineBody {
    ply: Option<usize>,
    moves: Vec<String>,
}

/// Longest line `POST /api/games/{id}/line` plays out (plies).
const MAX_LINE_PLIES: usize = 200;

/// `POST /api/games/{id}/line`: the positions along a line of moves (an engine line)
/// from the position after `ply` moves, for the side board; the game is not changed.
async fn line_positions(
    State(app): AppState,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let b: LineBody = body(b)?;
    if b.moves.len() > MAX_LINE_PLIES {
        return Err(ApiError::bad(
            "bad_line",
            format!("a line has at most {MAX_LINE_PLIES} moves"),
        ));
    }
    let slot = app.slot(&id)?;
    let start = {
        let g = slot.lock();
        g.position_at(b.ply.unwrap_or(g.moves.len()))?
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(b.moves.len());
    for (i, text) in b.moves.iter().enumerate() {
        let m = menagerie_rules::parse_move(&pos, text)
            .map_err(|e| ApiError::bad("bad_line", format!("move {} `{text}`: {e}", i + 1)))?;
        pos.make_unchecked(m);
        moves.push(m);
    }
    ok_json(
        StatusCode::OK,
        &serde_json::json!({"positions": crate::view::line_steps(&start, &moves)}),
    )
}

/// An analysis that got no worker (the server is closing).
fn not_run() -> ApiError {
    ApiError::internal("the analysis could not run: the server is closing")
}

/// `POST /api/games/{id}/review`: a score per ply and the marked moves.
async fn review_game(
    State(app): AppState,
    Extension(who): Who,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JsonText> {
    let _: serde_json::Value = body(b)?;
    let slot = app.slot(&id)?;
    let (positions, texts) = {
        let g = slot.lock();
        if g.moves.len() > analysis::MAX_REVIEW_PLIES {
            return Err(ApiError::bad(
                "too_long",
                format!(
                    "a review looks at games of at most {} plies",
                    analysis::MAX_REVIEW_PLIES
                ),
            ));
        }
        let mut pos = g.position_at(0)?;
        let mut positions = vec![pos.clone()];
        for p in &g.moves {
            pos.play(p.mv)
                .map_err(|_| ApiError::internal("stored move no longer legal"))?;
            positions.push(pos.clone());
        }
        let texts: Vec<analysis::MoveTexts> = g
            .moves
            .iter()
            .map(|p| analysis::MoveTexts {
                san: p.san.clone(),
                notation: p.notation.clone(),
            })
            .collect();
        (positions, texts)
    };
    app.usage().check_search(who.0)?;
    let permit = app.usage().permit(Some(who.0));
    let opp = app.opponent().clone();
    let r = app
        .searches()
        .run(format!("review-{id}"), move || {
            let _permit = permit;
            analysis::review(&*opp, &positions, &texts)
        })
        .await
        .ok_or_else(not_run)?;
    ok_json(StatusCode::OK, &r)
}

async fn get_pgn(State(app): AppState, Path(id): Path<String>) -> ApiResult<Response> {
    let slot = app.slot(&id)?;
    let text = pgn::export(&slot.lock());
    let mut res = text.into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    Ok(res)
}

/// `GET /api/games/{id}/record`: the game in the notation players read, a move a line.
async fn get_record(State(app): AppState, Path(id): Path<String>) -> ApiResult<Response> {
    let slot = app.slot(&id)?;
    let text = crate::record::export(&slot.lock());
    let mut res = text.into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    Ok(res)
}

async fn events(
    State(app): AppState,
    Path(id): Path<String>,
) -> ApiResult<Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>>> {
    let slot = app.slot(&id)?;
    // Subscribe before reading the state, so no change falls between the two.
    let rx = slot.events.subscribe();
    let first = state_json(&slot.lock());
    let to_event = |p: Push| match p {
        Push::State(s) => Event::default().event("state").data(&*s),
        Push::Info(s) => Event::default().event("info").data(&*s),
        Push::Analysis(s) => Event::default().event("analysis").data(&*s),
    };
    let stream = tokio_stream::once(Push::State(first))
        .chain(BroadcastStream::new(rx).filter_map(Result::ok))
        .map(move |p| Ok(to_event(p)));
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no_endpoint", "no such API endpoint")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this endpoint does not take that method",
    )
}

/// The API routes (under `/api`).
pub fn routes(app: Arc<App>) -> Router {
    use axum::routing::{patch, post};
    Router::new()
        .route("/api/variants", get(list_variants))
        .route("/api/variants/{id}", get(get_variant))
        .route(
            "/api/variants/{id}/pieces/{token}/diagram",
            get(piece_diagram),
        )
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/import", post(import_game))
        .route("/api/games/{id}", get(get_game).merge(patch(patch_game)))
        .route("/api/games/{id}/move", post(make_move))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/engine-move", post(engine_move))
        .route("/api/games/{id}/pgn", get(get_pgn))
        .route("/api/games/{id}/record", get(get_record))
        .route("/api/games/{id}/analysis", post(analyse_position))
        .route("/api/games/{id}/line", post(line_positions))
        .route("/api/games/{id}/review", post(review_game))
        .route("/api/games/{id}/events", get(events))
        .route("/api", axum::routing::any(api_not_found))
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(app)
}
