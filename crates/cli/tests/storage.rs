//! The server's storage as a user meets it, through the real binary: no acknowledged
//! move is lost when the server is killed with SIGKILL while moves are played; a
//! database that went missing, was emptied or is damaged is refused with a message
//! naming the file and the way back; `menagerie backup` / `restore` bring the games
//! back; a stopped server leaves a backup generation.
#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(dir: &Path) -> Server {
        let mut child = Command::new(BIN)
            .args(["serve", "--port", "0", "--data-dir"])
            .arg(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let mut lines = BufReader::new(out).lines();
        let addr = loop {
            let Some(Ok(line)) = lines.next() else {
                let mut err = String::new();
                child
                    .stderr
                    .take()
                    .unwrap()
                    .read_to_string(&mut err)
                    .unwrap();
                panic!("the server did not start: {err}");
            };
            if let Some(rest) = line.strip_prefix("Menagerie is running at http://") {
                break rest.trim_end_matches('/').to_string();
            }
        };
        // Keep reading its output so it never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Server { child, addr }
    }

    fn kill9(mut self) {
        self.child.kill().unwrap(); // SIGKILL
        self.child.wait().unwrap();
    }

    fn terminate(mut self) {
        let pid = self.child.id().to_string();
        let ok = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(ok.success());
        assert!(self.child.wait().unwrap().success());
    }

    fn call(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        try_call(&self.addr, method, path, body)
            .unwrap_or_else(|| panic!("{method} {path}: no answer"))
    }

    fn new_game(&self) -> String {
        let (s, v) = self.call("POST", "/api/games", Some(HUMANS));
        assert_eq!(s, 201, "{v}");
        v["id"].as_str().unwrap().to_string()
    }
}

const HUMANS: &str = r#"{"variant":"chess","white":"human","black":"human"}"#;

/// One HTTP/1.1 request; the status and JSON body, or `None` when the server did not
/// answer in full (it died).
fn try_call(addr: &str, method: &str, path: &str, body: Option<&str>) -> Option<(u16, Value)> {
    let mut s = TcpStream::connect(addr).ok()?;
    let body = body.unwrap_or("");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    let status = text.get(9..12)?.parse().ok()?;
    let (head, json) = text.split_once("\r\n\r\n")?;
    let length: usize = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length:")
                .map(|v| v.trim().to_string())
        })?
        .parse()
        .ok()?;
    if json.len() != length {
        return None;
    }
    Some((status, serde_json::from_str(json).unwrap_or(Value::Null)))
}

/// Plays moves (a varied legal one each time) until the server stops answering;
/// counts every acknowledged move in `acks` and returns every game's moves as the
/// server acknowledged them (`games` holds those of earlier rounds).
fn play_until_dead(
    addr: &str,
    mut games: Vec<(String, Vec<String>)>,
    acks: &std::sync::atomic::AtomicUsize,
    seed: usize,
) -> Vec<(String, Vec<String>)> {
    let mut n = seed;
    loop {
        let need_game = games.last().is_none_or(|g| g.1.len() >= 80);
        if need_game {
            match try_call(addr, "POST", "/api/games", Some(HUMANS)) {
                Some((201, v)) => games.push((v["id"].as_str().unwrap().to_string(), Vec::new())),
                Some((s, v)) => panic!("game refused: {s} {v}"),
                None => return games,
            }
        }
        let (id, played) = games.last_mut().unwrap();
        let Some((200, state)) = try_call(addr, "GET", &format!("/api/games/{id}"), None) else {
            return games;
        };
        let legal = state["legal"].as_array().unwrap();
        if legal.is_empty() {
            // Over: padding (ignored by the check) makes the next pass start a game.
            let len = played.len().max(80);
            played.resize(len, String::new());
            continue;
        }
        n = n.wrapping_mul(31).wrapping_add(7);
        let pick = legal[n % legal.len()]["uci"].as_str().unwrap().to_string();
        let body = format!(r#"{{"move":"{pick}"}}"#);
        match try_call(addr, "POST", &format!("/api/games/{id}/move"), Some(&body)) {
            Some((200, _)) => {
                played.push(pick);
                acks.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            Some((s, v)) => panic!("move {pick} refused: {s} {v}"),
            None => return games, // died mid-request: not acknowledged
        }
    }
}

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn no_acknowledged_move_is_lost_to_kill_9() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    const ROUNDS: usize = 6;
    const MOVES_PER_ROUND: usize = 15;
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path());
    let mut acked: Vec<(String, Vec<String>)> = Vec::new();
    let mut total = 0;
    for round in 0..ROUNDS {
        let acks = Arc::new(AtomicUsize::new(0));
        let (addr, games, a) = (server.addr.clone(), acked.clone(), acks.clone());
        // Moves are played from another thread while this one kills the server.
        let player = std::thread::spawn(move || play_until_dead(&addr, games, &a, round));
        let start = std::time::Instant::now();
        while acks.load(Ordering::SeqCst) < MOVES_PER_ROUND {
            assert!(start.elapsed().as_secs() < 120, "the moves did not come");
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        server.kill9();
        acked = player.join().unwrap();
        total += acks.load(Ordering::SeqCst);
        server = Server::start(dir.path());
        let mut now = Vec::new();
        for (id, played) in &acked {
            let (s, v) = server.call("GET", &format!("/api/games/{id}"), None);
            assert_eq!(s, 200, "game {id} after kill -9 round {round}: {v}");
            let stored = moves(&v);
            let played: Vec<&String> = played.iter().filter(|m| !m.is_empty()).collect();
            assert!(
                stored.len() >= played.len() && stored.iter().zip(&played).all(|(a, b)| a == *b),
                "round {round}, game {id}: acknowledged {played:?}, stored {stored:?}"
            );
            // A move in flight when the server died may be stored without its answer:
            // go on from what is stored (a finished game is not played further).
            let mut next = stored;
            if v["status"]["over"] == true {
                next.resize(80.max(next.len()), String::new());
            }
            now.push((id.clone(), next));
        }
        acked = now;
    }
    assert!(total >= ROUNDS * MOVES_PER_ROUND);
    server.terminate();
    assert_eq!(
        menagerie_server::store::backups(dir.path()).len(),
        1,
        "a stopped server leaves a backup"
    );
}

/// A stopped server's data directory with `n` games, the database as one clean file.
fn directory_with_games(n: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    for _ in 0..n {
        let id = server.new_game();
        let (s, _) = server.call(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(r#"{"move":"e2e4"}"#),
        );
        assert_eq!(s, 200);
    }
    server.terminate();
    // The database as one file (what a long-running server's checkpoints leave).
    let flat = dir.path().join("flat.db");
    let out = Command::new(BIN)
        .args(["backup", "--data-dir"])
        .arg(dir.path())
        .arg("--to")
        .arg(&flat)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in ["menagerie.db-wal", "menagerie.db-shm"] {
        let _ = std::fs::remove_file(dir.path().join(f));
    }
    std::fs::rename(&flat, dir.path().join("menagerie.db")).unwrap();
    dir
}

/// Starts the server expecting it to refuse; returns its error output.
fn refused(dir: &Path) -> String {
    let out = Command::new(BIN)
        .args(["serve", "--port", "0", "--data-dir"])
        .arg(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        !out.status.success(),
        "the server started: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn listed(dir: &Path) -> usize {
    let server = Server::start(dir);
    let (s, v) = server.call("GET", "/api/games?limit=1000", None);
    assert_eq!(s, 200);
    server.terminate();
    v.as_array().unwrap().len()
}

#[test]
fn an_emptied_or_missing_database_is_an_error_and_restore_brings_it_back() {
    let dir = directory_with_games(12);
    let db = dir.path().join("menagerie.db");
    let backup = dir.path().join("keep.db");
    let out = Command::new(BIN)
        .args(["backup", "--data-dir"])
        .arg(dir.path())
        .arg("--to")
        .arg(&backup)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("Backed up 12 game(s)"));
    std::fs::write(&db, b"").unwrap(); // truncated to 0 bytes
    let err = refused(dir.path());
    assert!(err.contains("missing or empty"), "{err}");
    assert!(
        err.contains(&db.display().to_string()),
        "names the file: {err}"
    );
    assert!(
        err.contains("menagerie restore --data-dir"),
        "says how to recover: {err}"
    );
    std::fs::remove_file(&db).unwrap(); // gone altogether
    assert!(refused(dir.path()).contains("missing or empty"));
    let out = Command::new(BIN)
        .args(["restore", "--data-dir"])
        .arg(dir.path())
        .arg(&backup)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Restored 12 game(s)"));
    assert_eq!(listed(dir.path()), 12);
}

#[test]
fn a_damaged_database_is_refused_and_the_newest_backup_restored() {
    let dir = directory_with_games(40);
    let db = dir.path().join("menagerie.db");
    // The server's own generation (made at shutdown by listed()).
    assert_eq!(listed(dir.path()), 40);
    let mut bytes = std::fs::read(&db).unwrap();
    assert!(bytes.len() > 8192, "{}", bytes.len());
    // Garbage over every page after the first (the header stays readable).
    for b in &mut bytes[4096..] {
        *b = 0xA5;
    }
    std::fs::write(&db, &bytes).unwrap();
    let err = refused(dir.path());
    assert!(err.contains("is damaged"), "{err}");
    assert!(err.contains(&db.display().to_string()), "{err}");
    assert!(err.contains("menagerie restore"), "{err}");
    assert_eq!(
        std::fs::read(&db).unwrap(),
        bytes,
        "the damaged file is left as it was"
    );
    let out = Command::new(BIN)
        .args(["restore", "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(listed(dir.path()), 40);
    let aside = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains(".replaced-"))
        .count();
    assert!(aside >= 1, "the damaged file is kept beside");
}
