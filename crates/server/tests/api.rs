//! API integration tests: the router in-process, every endpoint with its errors,
//! events, storage across a restart.
#![allow(clippy::unwrap_used, clippy::panic)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use menagerie_engine::{Info, Limits, Score, StopHandle};
use menagerie_rules::{Move, Position, Registry};
use menagerie_server::{open_app, router, Access, App, Opponent};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// Plays the first legal move at once, after one progress report.
struct FirstMove;
impl Opponent for FirstMove {
    fn search(
        &self,
        pos: Position,
        _: Limits,
        info: &mut dyn FnMut(Info),
        _: &StopHandle,
    ) -> Option<Move> {
        let m = *pos.legal_moves().first()?;
        info(Info {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: Score::Cp(12),
            nodes: 1,
            nps: 1000,
            time_ms: 1,
            hashfull: 0,
            pv: vec![m],
        });
        Some(m)
    }
}

/// Thinks until stopped, then gives up (for cancellation and restart tests).
struct Forever;
impl Opponent for Forever {
    fn search(
        &self,
        _: Position,
        _: Limits,
        _: &mut dyn FnMut(Info),
        stop: &StopHandle,
    ) -> Option<Move> {
        while !stop.is_stopped() {
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

/// The Host header of every test request (the rules of a loopback server on 8080).
const HOST: &str = "127.0.0.1:8080";

fn access() -> Arc<Access> {
    Arc::new(Access::loopback(8080))
}

struct T {
    app: Arc<App>,
    _dir: Option<tempfile::TempDir>,
}

fn server(opp: Arc<dyn Opponent>) -> T {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(Registry::builtin(), dir.path(), opp).unwrap();
    T {
        app,
        _dir: Some(dir),
    }
}

impl T {
    async fn raw(
        &self,
        method: &str,
        uri: &str,
        body: Option<&str>,
    ) -> (StatusCode, String, String) {
        let req = Request::builder()
            .method(method)
            .uri(uri)
            .header("host", HOST)
            .header("content-type", "application/json")
            .body(body.map_or(Body::empty(), |b| Body::from(b.to_string())))
            .unwrap();
        let res = router(self.app.clone(), access())
            .oneshot(req)
            .await
            .unwrap();
        let status = res.status();
        let ct = res
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        (status, ct, String::from_utf8_lossy(&bytes).into_owned())
    }

    async fn call(&self, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
        let b = body.map(|v| v.to_string());
        let (s, _, text) = self.raw(method, uri, b.as_deref()).await;
        let v = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
        (s, v)
    }

    async fn ok(&self, method: &str, uri: &str, body: Option<Value>) -> Value {
        let (s, v) = self.call(method, uri, body).await;
        assert!(s.is_success(), "{method} {uri}: {s} {v}");
        v
    }

    async fn err(
        &self,
        method: &str,
        uri: &str,
        body: Option<Value>,
        status: u16,
        code: &str,
    ) -> Value {
        let (s, v) = self.call(method, uri, body).await;
        assert_eq!(s.as_u16(), status, "{method} {uri}: {v}");
        assert_eq!(v["code"], code, "{v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
        v
    }

    async fn new_game(&self, body: Value) -> Value {
        let (s, v) = self.call("POST", "/api/games", Some(body)).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        v
    }

    async fn play(&self, id: &str, mv: &str) -> Value {
        self.ok(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(json!({ "move": mv })),
        )
        .await
    }

    /// Polls the game until `done` holds (at most 10 s).
    async fn wait_for(&self, id: &str, done: impl Fn(&Value) -> bool) -> Value {
        let t = Instant::now();
        loop {
            let v = self.ok("GET", &format!("/api/games/{id}"), None).await;
            if done(&v) {
                return v;
            }
            assert!(t.elapsed() < Duration::from_secs(10), "timed out: {v}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

fn id(v: &Value) -> String {
    v["id"].as_str().unwrap().to_string()
}

fn ucis(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn variants_and_diagrams() {
    let t = server(Arc::new(FirstMove));
    let list = t.ok("GET", "/api/variants", None).await;
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    // The built-in variants, in registration order (later branches add more after these).
    assert_eq!(ids[..3], ["chess", "capablanca", "shogi"]);
    assert_eq!(ids.len(), Registry::builtin().ids().len());
    assert_eq!(list[1]["files"], 10);
    assert_eq!(list[1]["ranks"], 8);
    assert_eq!(list[1]["levels"], 1);

    let v = t.ok("GET", "/api/variants/shogi", None).await;
    assert_eq!(v["board"]["cells"].as_array().unwrap().len(), 81);
    assert_eq!(
        v["board"]["cells"][0],
        json!({"name": "a1", "x": 0, "y": 0, "z": 0})
    );
    assert_eq!(v["drops"], true);
    assert_eq!(v["imitation"], false);
    assert_eq!(v["regions"][0]["kind"], "promotion");
    assert_eq!(v["regions"][0]["label"], "Promotion zone");
    assert!(v["regions"][0]["about"]
        .as_str()
        .unwrap()
        .contains("last three ranks"));
    assert_eq!(v["regions"][0]["edge"], json!(null));
    assert_eq!(v["notation"], "shogi");
    assert_eq!(v["players"], json!(["Black", "White"]));
    assert_eq!(v["regions"][0]["white"].as_array().unwrap().len(), 27);
    assert!(v["regions"][0]["black"]
        .as_array()
        .unwrap()
        .contains(&json!("a1")));
    // Outline of White's zone (ranks 7-9): every cell of rank 7 has a southern border,
    // the corners two borders.
    let b = v["regions"][0]["boundaries"]["white"].as_array().unwrap();
    let sides = |cell: &str| {
        b.iter()
            .find(|x| x["cell"] == cell)
            .map(|x| x["sides"].clone())
    };
    assert_eq!(sides("e7"), Some(json!(["s"])));
    assert_eq!(sides("a9"), Some(json!(["n", "w"])));
    assert_eq!(sides("i7"), Some(json!(["e", "s"])));
    assert_eq!(sides("e8"), None);
    assert_eq!(b.len(), 9 + 9 + 1 + 1 + 2 + 2 - 4);
    let king = v["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["token"] == "K")
        .unwrap();
    assert_eq!(king["royal"], true);
    assert_eq!(king["name"], "King");
    assert!(king["abbrev"].is_string() && king["glyph"].is_string() && king["betza"] == "K");
    assert_eq!(v["move_style"], "uci");

    t.err("GET", "/api/variants/nope", None, 404, "unknown_variant")
        .await;

    let d = t
        .ok(
            "GET",
            "/api/variants/chess/pieces/B/diagram?cell=a1&color=black",
            None,
        )
        .await;
    assert_eq!(d["cell"], "a1");
    assert_eq!(d["color"], "black");
    assert_eq!(d["moves"].as_array().unwrap().len(), 7);
    let d = t
        .ok("GET", "/api/variants/capablanca/pieces/A/diagram", None)
        .await;
    assert_eq!(
        d["moves"].as_array().unwrap().len(),
        8 + 14,
        "knight + bishop from e4"
    );
    t.err(
        "GET",
        "/api/variants/chess/pieces/X/diagram",
        None,
        404,
        "unknown_piece",
    )
    .await;
    t.err(
        "GET",
        "/api/variants/chess/pieces/N/diagram?cell=k11",
        None,
        400,
        "unknown_cell",
    )
    .await;
    t.err(
        "GET",
        "/api/variants/chess/pieces/N/diagram?color=green",
        None,
        400,
        "bad_color",
    )
    .await;
    t.err(
        "GET",
        "/api/variants/zz/pieces/N/diagram",
        None,
        404,
        "unknown_variant",
    )
    .await;
}

#[tokio::test]
async fn create_and_validate() {
    let t = server(Arc::new(FirstMove));
    let g = t.new_game(json!({"variant": "chess"})).await;
    assert_eq!(g["players"], json!({"white": "human", "black": "engine"}));
    assert_eq!(g["engine"]["movetime_ms"], 2000);
    assert_eq!(g["version"], 1);
    assert_eq!(g["ply"], 0);
    assert_eq!(g["side"], "white");
    assert_eq!(g["legal"].as_array().unwrap().len(), 20);
    assert_eq!(g["board"].as_array().unwrap().len(), 32);
    assert_eq!(
        g["status"],
        json!({"over": false, "result": null, "reason": null})
    );
    assert_eq!(g["last_move"], Value::Null);
    assert_eq!(g["draw_offer"], Value::Null);
    let e2e4 = g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["uci"] == "e2e4")
        .unwrap();
    assert_eq!(
        *e2e4,
        json!({"uci": "e2e4", "text": "e2e4", "from": "e2", "to": "e4", "via": null, "promotion": null,
               "promotion_name": null, "promotion_glyph": null, "drop": null, "castle": false, "capture": false})
    );

    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let g = t
        .new_game(
            json!({"variant": "chess", "fen": fen, "white": "human", "black": "human",
                         "engine": {"movetime_ms": null, "depth": 3}}),
        )
        .await;
    assert_eq!(g["fen"], fen);
    assert_eq!(
        g["engine"],
        json!({"movetime_ms": null, "depth": 3, "thinking": false, "level": 8})
    );
    assert!(g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["castle"] == true && m["uci"] == "e1g1"));

    t.err(
        "POST",
        "/api/games",
        Some(json!({})),
        400,
        "missing_variant",
    )
    .await;
    t.err(
        "POST",
        "/api/games",
        Some(json!({"variant": "xiangqi9"})),
        400,
        "unknown_variant",
    )
    .await;
    t.err(
        "POST",
        "/api/games",
        Some(json!({"variant": "chess", "fen": "8/8 w"})),
        400,
        "bad_fen",
    )
    .await;
    t.err(
        "POST",
        "/api/games",
        Some(json!({"variant": "chess", "white": "robot"})),
        400,
        "bad_player",
    )
    .await;
    t.err(
        "POST",
        "/api/games",
        Some(json!({"variant": "chess", "engine": {"depth": 0}})),
        400,
        "bad_engine_settings",
    )
    .await;
    t.err(
        "POST",
        "/api/games",
        Some(json!({"variant": 5})),
        400,
        "bad_request",
    )
    .await;
    let (s, _, text) = t.raw("POST", "/api/games", Some("{\"variant\": ")).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(text.contains("\"code\":\"bad_json\""), "{text}");
    let (s, _, text) = t.raw("POST", "/api/games", Some("[1,2")).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{text}");
}

#[tokio::test]
async fn moves_engine_replies_and_errors() {
    let t = server(Arc::new(FirstMove));
    let g = t
        .new_game(json!({"variant": "chess", "engine": {"movetime_ms": 100}}))
        .await;
    let gid = id(&g);
    let before = t.ok("GET", &format!("/api/games/{gid}"), None).await;

    // Illegal or unreadable moves change nothing.
    for bad in ["e2e5", "zz", "e7e5", "P@e4"] {
        t.err(
            "POST",
            &format!("/api/games/{gid}/move"),
            Some(json!({"move": bad})),
            400,
            "illegal_move",
        )
        .await;
    }
    t.err(
        "POST",
        &format!("/api/games/{gid}/move"),
        Some(json!({})),
        400,
        "missing_move",
    )
    .await;
    t.err(
        "POST",
        &format!("/api/games/{gid}/move"),
        Some(json!({"move": 7})),
        400,
        "bad_request",
    )
    .await;
    assert_eq!(
        t.ok("GET", &format!("/api/games/{gid}"), None).await,
        before
    );

    let after = t.play(&gid, "e2-e4").await;
    assert_eq!(after["version"], 2);
    assert_eq!(after["side"], "black");
    assert_eq!(after["engine"]["thinking"], true);
    assert_eq!(after["legal"], json!([]));
    let replied = t.wait_for(&gid, |v| v["side"] == "white").await;
    assert_eq!(replied["moves"].as_array().unwrap().len(), 2);
    assert_eq!(replied["engine"]["thinking"], false);
    assert_eq!(replied["version"], 3);
    assert_eq!(
        replied["moves"][0],
        json!({"uci": "e2e4", "text": "e2e4", "san": "e4", "notation": "e4",
        "fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"})
    );
    assert_eq!(replied["last_move"]["uci"], replied["moves"][1]["uci"]);

    t.err(
        "POST",
        "/api/games/nonexistent/move",
        Some(json!({"move": "e2e4"})),
        404,
        "game_not_found",
    )
    .await;
    t.err(
        "GET",
        "/api/games/..%2F..%2Fetc",
        None,
        404,
        "game_not_found",
    )
    .await;
    t.err("GET", "/api/games/a%20b", None, 404, "game_not_found")
        .await;

    // The engine's side: no human moves.
    let g = t
        .new_game(json!({"variant": "chess", "white": "engine", "black": "human"}))
        .await;
    let e = id(&g);
    let s = t.wait_for(&e, |v| v["side"] == "black").await;
    assert_eq!(s["moves"].as_array().unwrap().len(), 1);
    let t2 = server(Arc::new(Forever));
    let g = t2
        .new_game(json!({"variant": "chess", "white": "engine"}))
        .await;
    assert_eq!(g["engine"]["thinking"], true);
    t2.err(
        "POST",
        &format!("/api/games/{}/move", id(&g)),
        Some(json!({"move": "e2e4"})),
        409,
        "engine_thinking",
    )
    .await;
    let g2 = t2
        .new_game(json!({"variant": "chess", "white": "human", "black": "human"}))
        .await;
    t2.ok(
        "PATCH",
        &format!("/api/games/{}", id(&g2)),
        Some(json!({"black": "engine"})),
    )
    .await;
    t2.play(&id(&g2), "e2e4").await;
    t2.err(
        "POST",
        &format!("/api/games/{}/engine-move", id(&g2)),
        None,
        409,
        "engine_thinking",
    )
    .await;
}

#[tokio::test]
async fn undo_resign_draw_engine_move_patch() {
    let t = server(Arc::new(FirstMove));
    let g = t.new_game(json!({"variant": "chess"})).await;
    let gid = id(&g);
    t.err(
        "POST",
        &format!("/api/games/{gid}/undo"),
        None,
        409,
        "nothing_to_undo",
    )
    .await;
    t.play(&gid, "d2d4").await;
    t.wait_for(&gid, |v| v["side"] == "white").await;
    let u = t
        .ok("POST", &format!("/api/games/{gid}/undo"), Some(json!({})))
        .await;
    assert_eq!(u["moves"], json!([]), "two plies against the engine");
    assert_eq!(u["side"], "white");

    // Offer to the engine at the start: declined.
    let d = t
        .ok(
            "POST",
            &format!("/api/games/{gid}/draw"),
            Some(json!({"color": "white", "action": "offer"})),
        )
        .await;
    assert_eq!(d["status"]["over"], false);
    assert_eq!(d["draw_offer"], Value::Null);
    let r = t
        .ok(
            "POST",
            &format!("/api/games/{gid}/resign"),
            Some(json!({"color": "white"})),
        )
        .await;
    assert_eq!(
        r["status"],
        json!({"over": true, "result": "0-1", "reason": "resignation"})
    );
    assert_eq!(r["legal"], json!([]));
    t.err(
        "POST",
        &format!("/api/games/{gid}/move"),
        Some(json!({"move": "e2e4"})),
        409,
        "game_over",
    )
    .await;
    t.err(
        "POST",
        &format!("/api/games/{gid}/resign"),
        Some(json!({"color": "black"})),
        409,
        "game_over",
    )
    .await;
    t.err(
        "POST",
        &format!("/api/games/{gid}/engine-move"),
        None,
        409,
        "game_over",
    )
    .await;

    // Two humans: offer, decline, offer, accept.
    let g = t
        .new_game(json!({"variant": "chess", "black": "human"}))
        .await;
    let h = id(&g);
    t.err(
        "POST",
        &format!("/api/games/{h}/draw"),
        Some(json!({"color": "black", "action": "accept"})),
        409,
        "no_draw_offer",
    )
    .await;
    t.err(
        "POST",
        &format!("/api/games/{h}/draw"),
        Some(json!({"color": "blue", "action": "offer"})),
        400,
        "bad_color",
    )
    .await;
    t.err(
        "POST",
        &format!("/api/games/{h}/draw"),
        Some(json!({"color": "white", "action": "maybe"})),
        400,
        "bad_action",
    )
    .await;
    let o = t
        .ok(
            "POST",
            &format!("/api/games/{h}/draw"),
            Some(json!({"color": "white", "action": "offer"})),
        )
        .await;
    assert_eq!(o["draw_offer"], "white");
    let o = t
        .ok(
            "POST",
            &format!("/api/games/{h}/draw"),
            Some(json!({"color": "black", "action": "decline"})),
        )
        .await;
    assert_eq!(o["draw_offer"], Value::Null);
    t.ok(
        "POST",
        &format!("/api/games/{h}/draw"),
        Some(json!({"color": "black", "action": "offer"})),
    )
    .await;
    let m = t.play(&h, "e2e4").await;
    assert_eq!(m["draw_offer"], Value::Null, "a move withdraws the offer");
    t.ok(
        "POST",
        &format!("/api/games/{h}/draw"),
        Some(json!({"color": "white", "action": "offer"})),
    )
    .await;
    let a = t
        .ok(
            "POST",
            &format!("/api/games/{h}/draw"),
            Some(json!({"color": "black", "action": "accept"})),
        )
        .await;
    assert_eq!(
        a["status"],
        json!({"over": true, "result": "1/2-1/2", "reason": "agreement"})
    );
    // Undo reopens a finished game.
    let u = t.ok("POST", &format!("/api/games/{h}/undo"), None).await;
    assert_eq!(u["status"]["over"], false);
    assert_eq!(u["moves"], json!([]), "one ply between humans");

    // engine-move for a human side, then PATCH.
    let e = t
        .ok("POST", &format!("/api/games/{h}/engine-move"), None)
        .await;
    assert_eq!(e["engine"]["thinking"], true);
    let v = t.wait_for(&h, |v| v["side"] == "black").await;
    assert_eq!(
        v["players"]["white"], "human",
        "engine-move does not change the players"
    );
    let p = t
        .ok(
            "PATCH",
            &format!("/api/games/{h}"),
            Some(json!({"white": "engine", "engine": {"movetime_ms": 5000}})),
        )
        .await;
    assert_eq!(p["players"], json!({"white": "engine", "black": "human"}));
    assert_eq!(p["engine"]["movetime_ms"], 5000);
    assert_eq!(p["engine"]["depth"], Value::Null);
    t.err(
        "PATCH",
        &format!("/api/games/{h}"),
        Some(json!({"black": "cat"})),
        400,
        "bad_player",
    )
    .await;
    t.err(
        "PATCH",
        &format!("/api/games/{h}"),
        Some(json!({"engine": {"movetime_ms": 0}})),
        400,
        "bad_engine_settings",
    )
    .await;
    let still = t.ok("GET", &format!("/api/games/{h}"), None).await;
    assert_eq!(still["players"]["black"], "human");
    assert_eq!(still["engine"]["movetime_ms"], 5000);
    // PATCH black to engine: the engine, now to move, answers.
    t.ok(
        "PATCH",
        &format!("/api/games/{h}"),
        Some(json!({"black": "engine"})),
    )
    .await;
    t.wait_for(&h, |v| v["moves"].as_array().unwrap().len() >= 4)
        .await;
}

#[tokio::test]
async fn history_view_status_and_captures() {
    let t = server(Arc::new(FirstMove));
    let g = t
        .new_game(json!({"variant": "chess", "black": "human"}))
        .await;
    let gid = id(&g);
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        t.play(&gid, m).await;
    }
    let s = t.ok("GET", &format!("/api/games/{gid}"), None).await;
    assert_eq!(
        s["status"],
        json!({"over": true, "result": "0-1", "reason": "checkmate"})
    );
    assert_eq!(s["check"], json!(["e1"]));
    assert_eq!(s["legal"], json!([]));
    assert_eq!(s["ply"], 4);

    let h = t.ok("GET", &format!("/api/games/{gid}?ply=1"), None).await;
    assert_eq!(h["history_view"], true);
    assert_eq!(h["ply"], 1);
    assert_eq!(h["fen"], s["moves"][0]["fen"]);
    assert_eq!(h["side"], "black");
    assert_eq!(h["legal"], json!([]));
    assert_eq!(h["status"]["over"], false);
    assert_eq!(h["last_move"]["uci"], "f2f3");
    assert_eq!(h["moves"].as_array().unwrap().len(), 4);
    let h0 = t.ok("GET", &format!("/api/games/{gid}?ply=0"), None).await;
    assert_eq!(h0["last_move"], Value::Null);
    assert_eq!(h0["board"].as_array().unwrap().len(), 32);
    let h4 = t.ok("GET", &format!("/api/games/{gid}?ply=4"), None).await;
    assert_eq!(h4["history_view"], false);
    t.err(
        "GET",
        &format!("/api/games/{gid}?ply=5"),
        None,
        400,
        "bad_ply",
    )
    .await;
    t.err(
        "GET",
        &format!("/api/games/{gid}?ply=-1"),
        None,
        400,
        "bad_ply",
    )
    .await;
    t.err(
        "GET",
        &format!("/api/games/{gid}?ply=x"),
        None,
        400,
        "bad_ply",
    )
    .await;

    // En passant: the captured cell is not the destination.
    let g = t
        .new_game(json!({"variant": "chess", "black": "human", "fen": "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"}))
        .await;
    let ep = g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["uci"] == "e5d6")
        .unwrap()
        .clone();
    assert_eq!(ep["capture"], true);
    let s = t.play(&id(&g), "e5d6").await;
    assert_eq!(s["last_move"]["captured"], json!(["d5"]));
    assert_eq!(s["last_move"]["to"], "d6");

    // Promotion choices.
    let g = t
        .new_game(
            json!({"variant": "chess", "black": "human", "fen": "7k/P7/8/8/8/8/8/7K w - - 0 1"}),
        )
        .await;
    let promos: Vec<Value> = g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["to"] == "a8")
        .cloned()
        .collect();
    let tokens: Vec<&str> = promos
        .iter()
        .map(|m| m["promotion"].as_str().unwrap())
        .collect();
    assert_eq!(tokens.len(), 4);
    for t in ["Q", "R", "B", "N"] {
        assert!(tokens.contains(&t), "{tokens:?}");
    }
    let q = promos.iter().find(|m| m["promotion"] == "Q").unwrap();
    assert_eq!(q["promotion_name"], "Queen");
    assert_eq!(q["promotion_glyph"], "queen");
    let s = t.play(&id(&g), q["uci"].as_str().unwrap()).await;
    let a8 = s["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["cell"] == "a8")
        .unwrap();
    assert_eq!(a8["token"], "Q");
    assert_eq!(a8["type"], "Q");
}

#[tokio::test]
async fn shogi_drops_and_promotion() {
    let t = server(Arc::new(FirstMove));
    let g = t
        .new_game(json!({"variant": "shogi", "black": "human"}))
        .await;
    let gid = id(&g);
    // Bishops trade: 1. c3-c4 g7-g6 2. Bb2xh8+ (promotes) ...
    for m in ["c3c4", "g7g6"] {
        t.play(&gid, m).await;
    }
    let s = t.ok("GET", &format!("/api/games/{gid}"), None).await;
    let bx: Vec<&Value> = s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "b2" && m["to"] == "h8")
        .collect();
    assert_eq!(bx.len(), 2, "promote or not: {bx:?}");
    let plus = bx.iter().find(|m| m["promotion"] == "+").unwrap();
    assert_eq!(plus["promotion_name"], "Dragon Horse");
    assert!(bx.iter().any(|m| m["promotion"].is_null()));
    assert_eq!(plus["capture"], true);
    let s = t.play(&gid, plus["uci"].as_str().unwrap()).await;
    let h8 = s["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["cell"] == "h8")
        .unwrap();
    assert_eq!(h8["token"], "+B");
    assert_eq!(h8["type"], "H");
    assert_eq!(h8["promoted"], true);
    assert_eq!(h8["name"], "Dragon Horse");
    assert_eq!(
        s["hands"]["white"],
        json!([{"token": "B", "count": 1, "name": "Bishop", "abbrev": "B", "glyph": "bishop", "unlimited": false}])
    );
    assert_eq!(s["last_move"]["captured"], json!(["h8"]));
    // Black recaptures with the silver and gets a bishop to drop.
    let s = t.play(&gid, "g9h8").await;
    assert_eq!(s["hands"]["black"][0]["token"], "B");
    let drops: Vec<&Value> = s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["drop"] == "B")
        .collect();
    assert!(!drops.is_empty());
    assert!(drops
        .iter()
        .all(|m| m["from"].is_null() && m["uci"].as_str().unwrap().starts_with("B@")));
    let s = t.play(&gid, "B@e5").await;
    let e5 = s["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["cell"] == "e5")
        .unwrap();
    assert_eq!(e5["token"], "B");
    assert_eq!(s["last_move"]["drop"], "B");
    assert_eq!(s["last_move"]["from"], Value::Null);
    assert_eq!(s["hands"]["white"], json!([]));
}

#[tokio::test]
async fn pgn_export_and_import() {
    let t = server(Arc::new(FirstMove));
    let g = t
        .new_game(json!({"variant": "capablanca", "black": "human"}))
        .await;
    let gid = id(&g);
    for m in ["e2e4", "e7e5", "i1h3"] {
        t.play(&gid, m).await;
    }
    let (s, ct, pgn) = t.raw("GET", &format!("/api/games/{gid}/pgn"), None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(ct.starts_with("text/plain"), "{ct}");
    assert!(pgn.contains("[Variant \"capablanca\"]"), "{pgn}");
    assert!(pgn.contains("[FEN \""), "{pgn}");
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.trim_end().ends_with('*'), "{pgn}");
    let state = t.ok("GET", &format!("/api/games/{gid}"), None).await;

    let imp = t
        .call(
            "POST",
            "/api/games/import",
            Some(json!({"pgn": pgn, "white": "human", "black": "engine"})),
        )
        .await;
    assert_eq!(imp.0, StatusCode::CREATED, "{}", imp.1);
    let i = imp.1;
    assert_ne!(i["id"], state["id"]);
    assert_eq!(i["fen"], state["fen"]);
    assert_eq!(ucis(&i, "moves"), ucis(&state, "moves"));
    assert_eq!(i["players"], json!({"white": "human", "black": "engine"}));
    assert_eq!(i["engine"]["thinking"], true, "black (engine) is to move");

    // Defaults: two humans, chess without a Variant tag; comments and numbers ignored.
    let i = t
        .ok(
            "POST",
            "/api/games/import",
            Some(json!({"pgn": "1. e2e4 {hi} e7e5 2. g1f3 *"})),
        )
        .await;
    assert_eq!(i["variant"], "chess");
    assert_eq!(i["players"], json!({"white": "human", "black": "human"}));
    assert_eq!(i["ply"], 3);
    // A FEN tag and a result.
    let i = t
        .ok("POST", "/api/games/import", Some(json!({"pgn": "[Variant \"chess\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]\n\n1. a1a8# 1-0"})))
        .await;
    assert_eq!(i["status"]["reason"], "checkmate");
    // FEN import.
    let i = t
        .ok(
            "POST",
            "/api/games/import",
            Some(json!({"variant": "shogi", "fen": "4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1"})),
        )
        .await;
    assert_eq!(i["hands"]["white"][0]["token"], "P");

    t.err(
        "POST",
        "/api/games/import",
        Some(json!({})),
        400,
        "missing_import",
    )
    .await;
    t.err(
        "POST",
        "/api/games/import",
        Some(json!({"pgn": "1. e2e5"})),
        400,
        "bad_pgn",
    )
    .await;
    t.err(
        "POST",
        "/api/games/import",
        Some(json!({"pgn": "[Variant \"nope\"]\n1. e2e4"})),
        400,
        "unknown_variant",
    )
    .await;
    t.err(
        "POST",
        "/api/games/import",
        Some(json!({"pgn": "[FEN \"garbage\"]\n1. e2e4"})),
        400,
        "bad_fen",
    )
    .await;
    t.err(
        "POST",
        "/api/games/import",
        Some(json!({"pgn": "[Event x]\n1. e2e4"})),
        400,
        "bad_pgn",
    )
    .await;
    t.err(
        "POST",
        "/api/games/import",
        Some(json!({"pgn": "1. e2e4 {"})),
        400,
        "bad_pgn",
    )
    .await;
    t.err(
        "POST",
        "/api/games/import",
        Some(json!({"variant": "chess"})),
        400,
        "bad_fen",
    )
    .await;
    t.err(
        "POST",
        "/api/games/import",
        Some(json!({"variant": "chess", "fen": "rnbqkbnr w"})),
        400,
        "bad_fen",
    )
    .await;
    let err = t
        .err(
            "POST",
            "/api/games/import",
            Some(json!({"pgn": "1. e2e4 e7e5 2. e1e3"})),
            400,
            "bad_pgn",
        )
        .await;
    assert!(err["error"].as_str().unwrap().contains("ply 3"), "{err}");
    t.err("GET", "/api/games/nope/pgn", None, 404, "game_not_found")
        .await;
}

#[tokio::test]
async fn recent_games_list() {
    let t = server(Arc::new(FirstMove));
    let a = id(&t
        .new_game(json!({"variant": "chess", "black": "human"}))
        .await);
    let b = id(&t
        .new_game(json!({"variant": "shogi", "black": "human"}))
        .await);
    let list = t.ok("GET", "/api/games?limit=5", None).await;
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [b.as_str(), a.as_str()]);
    assert_eq!(list[0]["variant"], "shogi");
    assert_eq!(list[0]["white"], "human");
    assert_eq!(list[0]["ply"], 0);
    assert_eq!(list[0]["status"]["over"], false);
    let one = t.ok("GET", "/api/games?limit=1", None).await;
    assert_eq!(one.as_array().unwrap().len(), 1);
    t.err("GET", "/api/games?limit=0", None, 400, "bad_query")
        .await;
    t.err("GET", "/api/games?limit=x", None, 400, "bad_query")
        .await;
}

#[tokio::test]
async fn static_files_and_unknown_routes() {
    let t = server(Arc::new(FirstMove));
    let (s, ct, body) = t.raw("GET", "/", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(ct.starts_with("text/html"), "{ct}");
    assert!(body.contains("js/app.js"));
    let (s, ct, _) = t.raw("GET", "/js/app.js", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(ct.contains("javascript"), "{ct}");
    let (s, ct, _) = t.raw("GET", "/style.css", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(ct.starts_with("text/css"), "{ct}");
    for hidden in [
        "/dev/mock-server.mjs",
        "/README.md",
        "/../Cargo.toml",
        "/nope.js",
    ] {
        let (s, _, _) = t.raw("GET", hidden, None).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{hidden}");
    }
    let files = menagerie_server::embedded_files();
    assert!(files.iter().all(|f| !f.starts_with("dev/")), "{files:?}");
    assert!(files.contains(&"js/game.js".to_string()));
    t.err("GET", "/api/nothing", None, 404, "no_endpoint").await;
    t.err("DELETE", "/api/games", None, 405, "method_not_allowed")
        .await;
}

/// Reads SSE events until `n` have arrived.
async fn read_events(body: &mut Body, n: usize) -> Vec<(String, Value)> {
    let mut buf = String::new();
    let mut out = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    while out.len() < n {
        let left = deadline.saturating_duration_since(Instant::now());
        let frame = tokio::time::timeout(left, body.frame())
            .await
            .expect("events in time");
        let frame = frame.expect("stream open").expect("frame");
        if let Some(d) = frame.data_ref() {
            buf.push_str(&String::from_utf8_lossy(d));
        }
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            let mut event = String::new();
            let mut data = String::new();
            for line in block.lines() {
                if let Some(e) = line.strip_prefix("event:") {
                    event = e.trim().to_string();
                } else if let Some(d) = line.strip_prefix("data:") {
                    data.push_str(d.trim_start());
                }
            }
            if !event.is_empty() {
                out.push((event, serde_json::from_str(&data).unwrap()));
            }
        }
    }
    out
}

#[tokio::test]
async fn events_stream_state_and_info() {
    let t = server(Arc::new(FirstMove));
    let g = t.new_game(json!({"variant": "chess"})).await;
    let gid = id(&g);
    let req = Request::get(format!("/api/games/{gid}/events"))
        .header("host", HOST)
        .body(Body::empty())
        .unwrap();
    let res = router(t.app.clone(), access()).oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    let mut body = res.into_body();
    let first = read_events(&mut body, 1).await;
    assert_eq!(first[0].0, "state");
    assert_eq!(first[0].1["version"], 1);
    t.play(&gid, "e2e4").await;
    // Our move (engine thinking), the engine's progress, the engine's move.
    let ev = read_events(&mut body, 3).await;
    let kinds: Vec<&str> = ev.iter().map(|(e, _)| e.as_str()).collect();
    assert_eq!(kinds, ["state", "info", "state"]);
    assert_eq!(ev[0].1["version"], 2);
    assert_eq!(ev[0].1["engine"]["thinking"], true);
    assert_eq!(ev[1].1["depth"], 1);
    assert_eq!(ev[1].1["score"], json!({"cp": 12}));
    assert_eq!(ev[1].1["pv"].as_array().unwrap().len(), 1);
    assert_eq!(ev[1].1["pv_text"].as_array().unwrap().len(), 1);
    assert_eq!(ev[2].1["version"], 3);
    assert_eq!(ev[2].1["side"], "white");
    assert_eq!(ev[2].1["moves"][1]["uci"], ev[1].1["pv"][0]);
    t.err("GET", "/api/games/zzz/events", None, 404, "game_not_found")
        .await;
}

#[tokio::test]
async fn cancelled_searches_play_nothing() {
    let t = server(Arc::new(Forever));
    let g = t
        .new_game(json!({"variant": "chess", "white": "engine", "black": "human"}))
        .await;
    let gid = id(&g);
    assert_eq!(g["engine"]["thinking"], true);
    let r = t
        .ok(
            "POST",
            &format!("/api/games/{gid}/resign"),
            Some(json!({"color": "black"})),
        )
        .await;
    assert_eq!(r["engine"]["thinking"], false);
    assert_eq!(r["status"]["result"], "1-0");
    tokio::time::sleep(Duration::from_millis(50)).await;
    let s = t.ok("GET", &format!("/api/games/{gid}"), None).await;
    assert_eq!(s["moves"], json!([]));
    assert_eq!(s["version"], r["version"]);
}

#[tokio::test]
async fn games_survive_a_restart_and_the_engine_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, c, state_a) = {
        let t = T {
            app: open_app(Registry::builtin(), dir.path(), Arc::new(Forever)).unwrap(),
            _dir: None,
        };
        let a = id(&t
            .new_game(json!({"variant": "shogi", "black": "human"}))
            .await);
        for m in ["c3c4", "g7g6", "b2h8+"] {
            t.play(&a, m).await;
        }
        let b = id(&t
            .new_game(json!({"variant": "chess", "black": "human"}))
            .await);
        t.play(&b, "e2e4").await;
        t.ok(
            "POST",
            &format!("/api/games/{b}/resign"),
            Some(json!({"color": "black"})),
        )
        .await;
        // The engine is thinking (forever) when the server stops.
        let c = id(&t
            .new_game(json!({"variant": "chess", "white": "engine", "black": "human"}))
            .await);
        let state_a = t.ok("GET", &format!("/api/games/{a}"), None).await;
        t.app.stop_all();
        (a, b, c, state_a)
    };
    let t = T {
        app: open_app(Registry::builtin(), dir.path(), Arc::new(FirstMove)).unwrap(),
        _dir: None,
    };
    assert_eq!(t.app.games_in_memory(), 0);
    assert_eq!(
        t.app.resume_engines(),
        1,
        "only game c has the engine to move"
    );
    let sa = t.ok("GET", &format!("/api/games/{a}"), None).await;
    assert_eq!(sa, state_a);
    let sb = t.ok("GET", &format!("/api/games/{b}"), None).await;
    assert_eq!(
        sb["status"],
        json!({"over": true, "result": "1-0", "reason": "resignation"})
    );
    let sc = t.wait_for(&c, |v| v["side"] == "black").await;
    assert_eq!(sc["moves"].as_array().unwrap().len(), 1);
    // Play on in the restored game, including undo through restored history.
    t.play(&a, "g9h8").await;
    let u = t.ok("POST", &format!("/api/games/{a}/undo"), None).await;
    assert_eq!(u["fen"], state_a["fen"]);
    let list = t.ok("GET", "/api/games", None).await;
    assert_eq!(list.as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn many_games_at_once() {
    let t = Arc::new(server(Arc::new(FirstMove)));
    let mut tasks = Vec::new();
    for i in 0..40 {
        let t = t.clone();
        tasks.push(tokio::spawn(async move {
            let variant = ["chess", "capablanca", "shogi"][i % 3];
            let g = t
                .new_game(json!({"variant": variant, "engine": {"movetime_ms": 50}}))
                .await;
            let gid = id(&g);
            let first = g["legal"][i % 7]["uci"].as_str().unwrap().to_string();
            t.play(&gid, &first).await;
            t.wait_for(&gid, |v| v["moves"].as_array().unwrap().len() == 2)
                .await;
            gid
        }));
    }
    let mut ids = Vec::new();
    for task in tasks {
        ids.push(task.await.unwrap());
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 40);
    assert_eq!(
        t.ok("GET", "/api/games?limit=100", None)
            .await
            .as_array()
            .unwrap()
            .len(),
        40
    );
}

#[tokio::test]
async fn nichtschach_position_string_and_coverage_loss() {
    let t = server(Arc::new(FirstMove));
    // Spec T22 with its leading (short) variant id; the alias names the variant.
    let fen = "elefant 6/6/6/6/6/6|6/6/6/6/6/6|1r4/6/6/6/6/DG1Q2|6/6/6/6/6/6|6/6/6/6/6/6|d3gq/6/6/6/6/6 b - 0 1";
    let g = t
        .new_game(json!({"variant": "elefant", "fen": fen, "white": "human", "black": "human"}))
        .await;
    assert_eq!(g["variant"], "elefantnichtschach");
    assert_eq!(g["fen"], fen.trim_start_matches("elefant "));
    let s = t.play(&id(&g), "wb6:wb1").await;
    assert_eq!(
        s["status"],
        json!({"over": true, "result": "0-1", "reason": "coverage"})
    );
    assert_eq!(s["hands"]["black"][0]["token"], "*G");
}

/// Records the limits of every search, then plays the first legal move.
struct LimitsSpy(std::sync::Mutex<Vec<Limits>>);
impl Opponent for LimitsSpy {
    fn search(
        &self,
        pos: Position,
        limits: Limits,
        _: &mut dyn FnMut(Info),
        _: &StopHandle,
    ) -> Option<Move> {
        self.0.lock().unwrap().push(limits);
        pos.legal_moves().first().copied()
    }
}

/// Moves game `id`'s running clock `ms` into the past (as if that time had passed).
fn age_clock(t: &T, id: &str, ms: i64) {
    let slot = t.app.slot(id).unwrap();
    let mut g = slot.lock();
    let c = g.clock.as_mut().unwrap();
    let (side, since) = c.running.unwrap();
    c.running = Some((side, since - ms));
}

#[tokio::test]
async fn clocks_run_charge_moves_and_end_the_game_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let t = T {
        app: open_app(Registry::builtin(), dir.path(), Arc::new(FirstMove)).unwrap(),
        _dir: None,
    };
    t.err(
        "POST",
        "/api/games",
        Some(json!({"variant": "chess", "clock": {"initial_ms": 5}})),
        400,
        "bad_clock",
    )
    .await;
    let body = json!({"variant": "chess", "black": "human",
        "clock": {"initial_ms": 60_000, "increment_ms": 2_000}});
    let g = t.new_game(body).await;
    let a = id(&g);
    assert_eq!(g["clock"]["white_ms"], 60_000);
    assert_eq!(
        g["clock"]["running"],
        Value::Null,
        "clocks start with the first move"
    );
    let s = t.play(&a, "e2e4").await;
    assert_eq!(
        s["clock"]["white_ms"], 60_000,
        "the first move is not timed"
    );
    assert_eq!(s["clock"]["running"], "black");
    age_clock(&t, &a, 10_000);
    let s = t.play(&a, "e7e5").await;
    let black = s["clock"]["black_ms"].as_u64().unwrap();
    assert!(
        (51_000..=52_000).contains(&black),
        "10 s used, 2 s added: {black}"
    );
    assert_eq!(s["clock"]["running"], "white");
    let pgn = t.raw("GET", &format!("/api/games/{a}/pgn"), None).await.2;
    assert!(pgn.contains("[TimeControl \"60+2\"]"), "{pgn}");
    // The clocks survive a restart of the server.
    drop(t);
    let t = T {
        app: open_app(Registry::builtin(), dir.path(), Arc::new(FirstMove)).unwrap(),
        _dir: None,
    };
    let s = t.ok("GET", &format!("/api/games/{a}"), None).await;
    assert_eq!(s["clock"]["running"], "white");
    assert_eq!(s["clock"]["black_ms"].as_u64().unwrap(), black);
    // White's time runs out: the next move is refused and White has lost.
    age_clock(&t, &a, 70_000);
    t.err(
        "POST",
        &format!("/api/games/{a}/move"),
        Some(json!({"move": "g1f3"})),
        409,
        "game_over",
    )
    .await;
    let s = t.ok("GET", &format!("/api/games/{a}"), None).await;
    assert_eq!(
        s["status"],
        json!({"over": true, "result": "0-1", "reason": "timeout"})
    );
    assert_eq!(s["clock"]["white_ms"], 0);
    assert_eq!(s["clock"]["running"], Value::Null);
    t.err(
        "POST",
        &format!("/api/games/{a}/undo"),
        None,
        409,
        "game_over",
    )
    .await;
    // A flag fall against a side with a lone king is a draw: the lone king cannot mate.
    let g = t
        .new_game(
            json!({"variant": "chess", "white": "human", "black": "human",
            "fen": "8/8/4k3/8/8/8/3QK3/8 b - - 0 1", "clock": {"initial_ms": 60_000}}),
        )
        .await;
    let d = id(&g);
    t.play(&d, "e6e5").await;
    age_clock(&t, &d, 61_000);
    let s = t.ok("GET", &format!("/api/games/{d}"), None).await;
    assert_eq!(
        s["status"],
        json!({"over": true, "result": "1/2-1/2", "reason": "timeout"})
    );
}

#[tokio::test]
async fn the_engine_plays_by_its_clock() {
    let spy = Arc::new(LimitsSpy(std::sync::Mutex::new(Vec::new())));
    let t = server(spy.clone());
    let g = t
        .new_game(
            json!({"variant": "chess", "white": "human", "black": "engine",
            "clock": {"initial_ms": 180_000, "increment_ms": 2_000}}),
        )
        .await;
    let a = id(&g);
    t.play(&a, "e2e4").await;
    t.wait_for(&a, |v| v["side"] == "white").await;
    let l = spy.0.lock().unwrap()[0].clone();
    assert_eq!(l.movetime, None, "no fixed time per move");
    assert_eq!(l.wtime, Some(180_000));
    assert!(
        l.btime.is_some_and(|b| b <= 180_000 && b > 170_000),
        "{l:?}"
    );
    assert_eq!((l.winc, l.binc), (Some(2_000), Some(2_000)));
}

/// Records the level and seed of every search, then plays the first legal move.
struct LevelSpy(std::sync::Mutex<Vec<(u8, u64)>>);
impl Opponent for LevelSpy {
    fn search(
        &self,
        pos: Position,
        _: Limits,
        _: &mut dyn FnMut(Info),
        _: &StopHandle,
    ) -> Option<Move> {
        pos.legal_moves().first().copied()
    }
    fn search_at_level(
        &self,
        pos: Position,
        limits: Limits,
        level: menagerie_engine::Level,
        seed: u64,
        info: &mut dyn FnMut(Info),
        stop: &StopHandle,
    ) -> Option<Move> {
        self.0.lock().unwrap().push((level.number(), seed));
        self.search(pos, limits, info, stop)
    }
}

#[tokio::test]
async fn engine_levels_are_chosen_at_creation_shown_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let spy = Arc::new(LevelSpy(std::sync::Mutex::new(Vec::new())));
    let t = T {
        app: open_app(Registry::builtin(), dir.path(), spy.clone()).unwrap(),
        _dir: None,
    };
    for bad in [0, 9, 300] {
        t.err(
            "POST",
            "/api/games",
            Some(json!({"variant": "chess", "level": bad})),
            400,
            "bad_level",
        )
        .await;
    }
    let full = t.new_game(json!({"variant": "chess"})).await;
    assert_eq!(full["engine"]["level"], 8, "full strength by default");
    let g = t.new_game(json!({"variant": "chess", "level": 3})).await;
    let a = id(&g);
    assert_eq!(g["engine"]["level"], 3);
    t.play(&a, "e2e4").await;
    t.wait_for(&a, |v| v["side"] == "white").await;
    t.play(&a, "d2d4").await;
    t.wait_for(&a, |v| v["side"] == "white").await;
    let seen = spy.0.lock().unwrap().clone();
    assert_eq!(seen.len(), 2);
    assert!(seen.iter().all(|&(l, _)| l == 3), "{seen:?}");
    assert_eq!(seen[0].1, seen[1].1, "one seed per game");
    let p = t
        .ok(
            "PATCH",
            &format!("/api/games/{a}"),
            Some(json!({"level": 5})),
        )
        .await;
    assert_eq!(p["engine"]["level"], 5);
    drop(t);
    let t = T {
        app: open_app(Registry::builtin(), dir.path(), spy.clone()).unwrap(),
        _dir: None,
    };
    let s = t.ok("GET", &format!("/api/games/{a}"), None).await;
    assert_eq!(s["engine"]["level"], 5, "the level is stored with the game");
}

/// Polls `done` (yielding to the runtime) for at most 10 s.
async fn eventually(what: &str, done: impl Fn() -> bool) {
    let t = Instant::now();
    while !done() {
        assert!(t.elapsed() < Duration::from_secs(10), "timed out: {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn engine_searches_share_the_workers_and_wait_their_turn() {
    let t = server(Arc::new(Forever));
    let workers = t.app.searches().workers();
    let mut games = Vec::new();
    for _ in 0..workers + 3 {
        let g = t
            .new_game(json!({"variant": "chess", "white": "engine", "black": "engine"}))
            .await;
        assert_eq!(g["engine"]["thinking"], true);
        games.push(id(&g));
    }
    eventually("the workers busy", || t.app.searches().running() == workers).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(
        t.app.searches().running(),
        workers,
        "never more than the workers"
    );
    assert_eq!(
        t.app.usage().searches(),
        workers + 3,
        "the others are queued"
    );
    // A person's game is not queued behind them.
    let h = id(&t
        .new_game(json!({"variant": "chess", "white": "human", "black": "human"}))
        .await);
    assert_eq!(t.play(&h, "e2e4").await["moves"][0]["uci"], "e2e4");
    for g in &games {
        t.ok(
            "POST",
            &format!("/api/games/{g}/resign"),
            Some(json!({"color": "white"})),
        )
        .await;
    }
    // Running and queued searches alike end.
    eventually("the workers free", || t.app.searches().running() == 0).await;
    eventually("no search counted", || t.app.usage().searches() == 0).await;
}

#[tokio::test]
async fn an_engine_clock_is_held_while_its_search_waits_for_a_worker() {
    let t = server(Arc::new(Forever));
    let workers = t.app.searches().workers();
    let mut busy = Vec::new();
    for _ in 0..workers {
        let g = t
            .new_game(json!({"variant": "chess", "white": "engine", "black": "engine"}))
            .await;
        busy.push(id(&g));
    }
    eventually("the workers busy", || t.app.searches().running() == workers).await;
    let b = id(&t
        .new_game(
            json!({"variant": "chess", "white": "human", "black": "engine",
            "clock": {"initial_ms": 60_000, "increment_ms": 0}}),
        )
        .await);
    let s = t.play(&b, "e2e4").await;
    assert_eq!(s["engine"]["thinking"], true, "{s}");
    assert_eq!(
        s["clock"]["running"],
        Value::Null,
        "queued: no clock runs {s}"
    );
    assert_eq!(s["clock"]["held"], "black", "{s}");
    let held = s["clock"]["black_ms"].as_u64().unwrap();
    assert!(held <= 60_000);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let later = t.ok("GET", &format!("/api/games/{b}"), None).await;
    assert_eq!(
        later["clock"]["black_ms"].as_u64(),
        Some(held),
        "the queued engine's clock stood still: {later}"
    );
    assert_eq!(later["clock"]["held"], "black");
    // A worker frees: the search starts and the clock runs again from its held time.
    for g in &busy {
        t.ok(
            "POST",
            &format!("/api/games/{g}/resign"),
            Some(json!({"color": "white"})),
        )
        .await;
    }
    let running = t.wait_for(&b, |v| v["clock"]["running"] == "black").await;
    assert_eq!(running["clock"]["held"], Value::Null);
    assert!(running["clock"]["black_ms"].as_u64().unwrap() <= held);
    let slot = t.app.slot(&b).unwrap();
    assert_eq!(slot.lock().clock.as_ref().unwrap().left[1], held);
    // Resigning ends the search and stops the clock.
    t.ok(
        "POST",
        &format!("/api/games/{b}/resign"),
        Some(json!({"color": "black"})),
    )
    .await;
    eventually("the workers free", || t.app.searches().running() == 0).await;
}

#[tokio::test]
async fn engine_evals_are_kept_per_move_and_positions_analysed_and_reviewed() {
    let dir = tempfile::tempdir().unwrap();
    let t = T {
        app: open_app(Registry::builtin(), dir.path(), Arc::new(FirstMove)).unwrap(),
        _dir: None,
    };
    let a = id(&t.new_game(json!({"variant": "chess"})).await);
    t.play(&a, "e2e4").await;
    let s = t.wait_for(&a, |v| v["side"] == "white").await;
    assert!(s["moves"][0].get("eval").is_none(), "a human move has none");
    let e = &s["moves"][1]["eval"];
    // FirstMove reports +12 for the side to move (Black): -12 from White's view.
    assert_eq!(e["cp"], -12, "{e}");
    assert_eq!(e["depth"], 1);
    assert_eq!(e["pv_san"][0], s["moves"][1]["san"]);
    drop(t);
    let t = T {
        app: open_app(Registry::builtin(), dir.path(), Arc::new(FirstMove)).unwrap(),
        _dir: None,
    };
    let s2 = t.ok("GET", &format!("/api/games/{a}"), None).await;
    assert_eq!(
        s2["moves"][1]["eval"], s["moves"][1]["eval"],
        "stored with the game"
    );

    let url = format!("/api/games/{a}/analysis");
    let an = t
        .ok("POST", &url, Some(json!({"ply": 1, "lines": 2})))
        .await;
    assert_eq!(an["ply"], 1);
    assert_eq!(an["fen"], s["moves"][0]["fen"]);
    let line = &an["lines"][0];
    assert_eq!(line["rank"], 1);
    assert_eq!(line["score"]["cp"], -12);
    assert!(!line["pv_san"][0].as_str().unwrap().is_empty());
    t.err("POST", &url, Some(json!({"lines": 6})), 400, "bad_analysis")
        .await;
    t.err("POST", &url, Some(json!({"ply": 99})), 400, "bad_ply")
        .await;

    // The side board: the positions along a line, the game unchanged.
    let line_url = format!("/api/games/{a}/line");
    let l = t
        .ok(
            "POST",
            &line_url,
            Some(json!({"ply": 0, "moves": ["e2e4", "e7e5", "g1f3"]})),
        )
        .await;
    let steps = l["positions"].as_array().unwrap();
    assert_eq!(steps.len(), 4, "{l}");
    assert!(steps[0]["last_move"].is_null());
    assert_eq!(steps[3]["last_move"]["san"], "Nf3");
    assert_eq!(steps[3]["last_move"]["from"], "g1");
    assert_eq!(steps[3]["side"], "black");
    assert_eq!(
        steps[3]["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert!(steps[3]["board"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["cell"] == "f3" && p["type"] == "N"));
    t.err(
        "POST",
        &line_url,
        Some(json!({"moves": ["e2e5"]})),
        400,
        "bad_line",
    )
    .await;
    let after = t.ok("GET", &format!("/api/games/{a}"), None).await;
    assert_eq!(after["moves"], s2["moves"], "the game is unchanged");

    let r = t.ok("POST", &format!("/api/games/{a}/review"), None).await;
    assert_eq!(r["scores"].as_array().unwrap().len(), 3, "{r}");
    assert!(r["marks"].as_array().is_some());
}

/// Records the name of the thread each search runs on, then plays the first legal move.
struct ThreadSpy(std::sync::Mutex<Vec<String>>);
impl Opponent for ThreadSpy {
    fn search(
        &self,
        pos: Position,
        _: Limits,
        _: &mut dyn FnMut(Info),
        _: &StopHandle,
    ) -> Option<Move> {
        let name = std::thread::current().name().unwrap_or("").to_string();
        self.0.lock().unwrap().push(name);
        pos.legal_moves().first().copied()
    }
}

#[tokio::test]
async fn analyses_and_reviews_run_on_the_shared_search_workers() {
    let spy = Arc::new(ThreadSpy(std::sync::Mutex::new(Vec::new())));
    let t = server(spy.clone());
    let g = id(&t
        .new_game(json!({"variant": "chess", "white": "human", "black": "human"}))
        .await);
    t.play(&g, "e2e4").await;
    t.ok(
        "POST",
        &format!("/api/games/{g}/analysis"),
        Some(json!({"lines": 1, "movetime_ms": 100})),
    )
    .await;
    assert_eq!(*spy.0.lock().unwrap(), [format!("analysis-{g}")]);
    spy.0.lock().unwrap().clear();
    t.ok("POST", &format!("/api/games/{g}/review"), Some(json!({})))
        .await;
    let names = spy.0.lock().unwrap().clone();
    assert!(!names.is_empty());
    assert!(
        names.iter().all(|n| *n == format!("review-{g}")),
        "{names:?}"
    );
}

/// Legal moves of `v` from `from` to `to`.
fn moves_between<'a>(v: &'a Value, from: &str, to: &str) -> Vec<&'a Value> {
    v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == from && m["to"] == to)
        .collect()
}

#[tokio::test]
async fn gates_walls_and_counts_in_the_state() {
    let t = server(Arc::new(FirstMove));
    let humans = |variant: &str, fen: &str| json!({"variant": variant, "fen": fen, "white": "human", "black": "human"});
    // Seirawan castling: no gate, or either hand piece on the King's or the Rook's cell.
    let g = t
        .new_game(humans(
            "seirawan",
            "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1",
        ))
        .await;
    let castles = moves_between(&g, "e1", "g1");
    let mut gates: Vec<String> = castles
        .iter()
        .map(|m| {
            let text = |v: &Value| v.as_str().unwrap().to_string();
            match m.get("gate") {
                Some(gt) => format!(
                    "{} {} {}",
                    text(&m["uci"]),
                    text(&gt["token"]),
                    text(&gt["on"])
                ),
                None => text(&m["uci"]),
            }
        })
        .collect();
    gates.sort();
    assert_eq!(
        gates,
        [
            "e1g1",
            "e1g1e E e1",
            "e1g1h H e1",
            "h1e1e E h1",
            "h1e1h H h1"
        ]
    );
    let hawk = castles.iter().find(|m| m["uci"] == "e1g1h").unwrap();
    assert_eq!(hawk["gate"]["name"], "Hawk");
    assert_eq!(g.get("counts"), None, "Seirawan chess counts nothing");
    // Duck chess: each piece move once per cell the duck may go to.
    let g = t
        .new_game(json!({"variant": "duck", "white": "human", "black": "human"}))
        .await;
    let pawn = moves_between(&g, "e2", "e4");
    let walls: Vec<&str> = pawn.iter().map(|m| m["wall"].as_str().unwrap()).collect();
    assert!(walls.contains(&"e2") && !walls.contains(&"e4"), "{walls:?}");
    assert_eq!(walls.len(), 32, "the empty cells after e2e4");
    // Janggi's points, Black's with its 1.5.
    let g = t
        .new_game(humans("janggi", "3k5/9/9/9/9/9/p8/9/4K4/R8 w - - 0 1"))
        .await;
    assert_eq!(
        g["counts"],
        json!({"points": {"white": 13.0, "black": 3.5}})
    );
    // Makruk: a count starts against the bare King (Fairy-Stockfish: `b - 32 6 1`).
    let g = t
        .new_game(humans("makruk", "8/8/4k3/8/8/8/3K4/R7 w - - 0 1"))
        .await;
    assert_eq!(g.get("counts"), None, "no count runs yet");
    let s = t.play(&id(&g), "a1a2").await;
    assert_eq!(s["fen"], "8/8/4k3/8/8/8/R2K4/8 b - 32 6 1");
    assert_eq!(s["counts"], json!({"count": {"ply": 6, "limit": 32}}));
    // Three-check: the checks left to give.
    let g = t
        .new_game(json!({"variant": "3check", "white": "human", "black": "human"}))
        .await;
    assert_eq!(
        g["counts"],
        json!({"checks_left": {"white": 3, "black": 3}})
    );
}
