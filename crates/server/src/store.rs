//! Game storage in SQLite (`menagerie.db` in the data directory): one row per game,
//! written on every change, so games survive a restart or a crash.

use crate::game::{Ended, Game, Player};
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::path::Path;
use std::sync::Mutex;

/// A storage failure.
#[derive(Debug, thiserror::Error)]
#[error("game storage: {0}")]
pub struct StoreError(#[from] rusqlite::Error);

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// Id.
    pub id: String,
    /// Variant id.
    pub variant: String,
    /// Start FEN.
    pub start_fen: String,
    /// Moves in protocol text.
    pub moves: Vec<String>,
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// Engine time per move.
    pub movetime_ms: Option<u64>,
    /// Engine depth.
    pub depth: Option<u32>,
    /// Resignation / agreement.
    pub ended: Option<Ended>,
    /// Pending draw offer (`white`/`black`).
    pub draw_offer: Option<String>,
    /// Created (Unix seconds).
    pub created: i64,
    /// Updated (Unix seconds).
    pub updated: i64,
    /// Change counter.
    pub version: u64,
    /// Tags of an imported PGN.
    pub tags: Vec<(String, String)>,
}

/// Status of a listed game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListedStatus {
    /// Over.
    pub over: bool,
    /// Result.
    pub result: Option<String>,
    /// Reason.
    pub reason: Option<String>,
}

/// Entry of the recent games list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListedGame {
    /// Id.
    pub id: String,
    /// Variant id.
    pub variant: String,
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// Moves played.
    pub ply: u32,
    /// Status.
    pub status: ListedStatus,
    /// Created.
    pub created: i64,
    /// Updated.
    pub updated: i64,
}

/// The game database.
#[derive(Debug)]
pub struct Store {
    conn: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    variant     TEXT NOT NULL,
    start_fen   TEXT NOT NULL,
    moves       TEXT NOT NULL,
    white       TEXT NOT NULL,
    black       TEXT NOT NULL,
    movetime_ms INTEGER,
    depth       INTEGER,
    ended       TEXT,
    draw_offer  TEXT,
    over        INTEGER NOT NULL DEFAULT 0,
    result      TEXT,
    reason      TEXT,
    ply         INTEGER NOT NULL DEFAULT 0,
    created     INTEGER NOT NULL,
    updated     INTEGER NOT NULL,
    version     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
";

/// Columns added after the first schema, added to older databases on open.
const ADDED_COLUMNS: &[(&str, &str)] = &[("tags", "TEXT")];

fn player(s: &str) -> Player {
    Player::parse(s).unwrap_or(Player::Human)
}

impl Store {
    /// Opens (creating when missing) the database file.
    ///
    /// # Errors
    /// The file cannot be opened or is not a Menagerie database.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let conn = Connection::open(path)?;
        Self::init(conn)
    }

    /// An in-memory database (tests).
    ///
    /// # Errors
    /// Never in practice.
    pub fn in_memory() -> Result<Store, StoreError> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(conn: Connection) -> Result<Store, StoreError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // WAL: a write is an append, and a crash loses at most the change being written.
        let _mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        conn.execute_batch("PRAGMA synchronous=NORMAL;")?;
        conn.execute_batch(SCHEMA)?;
        for (name, kind) in ADDED_COLUMNS {
            let present: bool = conn.query_row(
                "SELECT count(*) > 0 FROM pragma_table_info('games') WHERE name = ?1",
                [name],
                |r| r.get(0),
            )?;
            if !present {
                conn.execute_batch(&format!("ALTER TABLE games ADD COLUMN {name} {kind};"))?;
            }
        }
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Writes a game (insert or replace).
    ///
    /// # Errors
    /// Storage failure.
    pub fn save(&self, g: &Game) -> Result<(), StoreError> {
        let moves: Vec<&str> = g.moves.iter().map(|p| p.uci.as_str()).collect();
        let st = g.status();
        self.conn().execute(
            "INSERT OR REPLACE INTO games (id, variant, start_fen, moves, white, black,
                movetime_ms, depth, ended, draw_offer, over, result, reason, ply,
                created, updated, version, tags)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
            params![
                g.id,
                g.variant.id,
                g.start_fen,
                moves.join(" "),
                g.players[0].name(),
                g.players[1].name(),
                g.engine.movetime_ms.map(|x| x as i64),
                g.engine.depth,
                g.ended.map(Ended::code),
                g.draw_offer.map(|c| c.name()),
                st.over,
                st.result,
                st.reason,
                g.moves.len() as i64,
                g.created,
                g.updated,
                g.version as i64,
                (!g.tags.is_empty())
                    .then(|| serde_json::to_string(&g.tags).unwrap_or_default()),
            ],
        )?;
        Ok(())
    }

    /// Reads a game.
    ///
    /// # Errors
    /// Storage failure.
    pub fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let row = self
            .conn()
            .query_row(
                "SELECT id, variant, start_fen, moves, white, black, movetime_ms, depth,
                        ended, draw_offer, created, updated, version, tags
                 FROM games WHERE id = ?1",
                [id],
                |r| {
                    let moves: String = r.get(3)?;
                    let white: String = r.get(4)?;
                    let black: String = r.get(5)?;
                    let ended: Option<String> = r.get(8)?;
                    Ok(StoredGame {
                        id: r.get(0)?,
                        variant: r.get(1)?,
                        start_fen: r.get(2)?,
                        moves: moves.split_whitespace().map(str::to_string).collect(),
                        white: player(&white),
                        black: player(&black),
                        movetime_ms: r.get::<_, Option<i64>>(6)?.map(|x| x.max(1) as u64),
                        depth: r.get(7)?,
                        ended: ended.as_deref().and_then(Ended::parse),
                        draw_offer: r.get(9)?,
                        created: r.get(10)?,
                        updated: r.get(11)?,
                        version: r.get::<_, i64>(12)?.max(0) as u64,
                        tags: r
                            .get::<_, Option<String>>(13)?
                            .and_then(|t| serde_json::from_str(&t).ok())
                            .unwrap_or_default(),
                    })
                },
            )
            .optional()?;
        Ok(row)
    }

    /// The most recently changed games, newest first.
    ///
    /// # Errors
    /// Storage failure.
    pub fn recent(&self, limit: usize) -> Result<Vec<ListedGame>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id, variant, white, black, ply, over, result, reason, created, updated
             FROM games ORDER BY updated DESC, created DESC, rowid DESC LIMIT ?1",
        )?;
        let rows = stmt.query_map([limit as i64], |r| {
            let white: String = r.get(2)?;
            let black: String = r.get(3)?;
            Ok(ListedGame {
                id: r.get(0)?,
                variant: r.get(1)?,
                white: player(&white),
                black: player(&black),
                ply: r.get::<_, i64>(4)?.max(0) as u32,
                status: ListedStatus {
                    over: r.get(5)?,
                    result: r.get(6)?,
                    reason: r.get(7)?,
                },
                created: r.get(8)?,
                updated: r.get(9)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Ids of the unfinished games with an engine player (candidates to resume
    /// thinking after a restart).
    ///
    /// # Errors
    /// Storage failure.
    pub fn unfinished_with_engine(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id FROM games WHERE over = 0 AND (white = 'engine' OR black = 'engine')",
        )?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
