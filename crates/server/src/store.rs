//! Game storage in SQLite (`menagerie.db` in the data directory): one row per game,
//! written on every change (WAL, a commit per change), so games survive a restart or a
//! crash — every move the API acknowledged is on disk.
//!
//! Storage that is hurt says so instead of starting empty or failing later: the
//! database is checked at start (`PRAGMA quick_check`); a marker file beside it
//! ([`MARKER`]) records that a database was created here, so a missing or emptied
//! database is an error rather than a fresh store; and [`Store::backup_to`] makes online
//! copies with SQLite's backup API, which [`backups`] rotates in the `backups/` folder.

use crate::clock::GameClock;
use crate::game::{Ended, Game, MoveEval, Player};
use menagerie_engine::Level;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The database's file name in the data directory.
pub const DB_FILE: &str = "menagerie.db";
/// The marker file written beside a database once it exists.
pub const MARKER: &str = "menagerie.db.created";
/// The folder of automatic backups in the data directory.
pub const BACKUP_DIR: &str = "backups";
/// Backups kept in [`BACKUP_DIR`] (older ones are deleted).
pub const BACKUP_GENERATIONS: usize = 5;

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite reported it.
    #[error("game storage: {0}")]
    Sql(#[from] rusqlite::Error),
    /// A file operation (backups).
    #[error("game storage: {0}")]
    Io(#[from] std::io::Error),
}

/// Why a data directory's database cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The marker says a database was created here, but it is gone or empty.
    #[error(
        "the game database {db} is missing or empty, but {marker} records that one was created here: \
         its games would be lost. Restore the newest backup with `menagerie restore --data-dir {dir}`, \
         or, to start with no games, delete {marker}"
    )]
    Missing {
        /// The database file.
        db: PathBuf,
        /// The marker file.
        marker: PathBuf,
        /// The data directory.
        dir: PathBuf,
    },
    /// SQLite cannot read it, or its check finds damage.
    #[error(
        "the game database {db} is damaged ({detail}). It was left as it is. Restore the newest \
         backup with `menagerie restore --data-dir {dir}` (the damaged file is kept beside it), \
         or move the file away to start with no games"
    )]
    Damaged {
        /// The database file.
        db: PathBuf,
        /// What SQLite reported.
        detail: String,
        /// The data directory.
        dir: PathBuf,
    },
    /// Another failure (permissions, disk).
    #[error("cannot open the game database {db}: {source}")]
    Other {
        /// The database file.
        db: PathBuf,
        /// Why.
        source: StoreError,
    },
}

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
    /// The clocks of a game with a time control.
    pub clock: Option<GameClock>,
    /// The engine's playing level.
    pub level: Level,
    /// The engine's evaluation per move (by ply; `None` for moves it did not play).
    pub evals: Vec<Option<MoveEval>>,
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
const ADDED_COLUMNS: &[(&str, &str)] = &[
    ("tags", "TEXT"),
    ("clock", "TEXT"),
    ("level", "INTEGER"),
    ("evals", "TEXT"),
];

fn player(s: &str) -> Player {
    Player::parse(s).unwrap_or(Player::Human)
}

/// True for SQLite errors that mean the file itself is bad.
fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
    )
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

    /// Opens the database of a data directory with every check of the module doc,
    /// and marks the directory as holding one.
    ///
    /// # Errors
    /// [`OpenError`], whose message names the file and how to recover.
    pub fn open_dir(dir: &Path) -> Result<Store, OpenError> {
        let db = dir.join(DB_FILE);
        let marker = dir.join(MARKER);
        let empty = std::fs::metadata(&db).map_or(true, |m| m.len() == 0);
        if empty && marker.exists() {
            return Err(OpenError::Missing {
                db,
                marker,
                dir: dir.to_path_buf(),
            });
        }
        let damaged = |detail: String| OpenError::Damaged {
            db: db.clone(),
            detail,
            dir: dir.to_path_buf(),
        };
        let other = |source: rusqlite::Error| OpenError::Other {
            db: db.clone(),
            source: StoreError::Sql(source),
        };
        let conn = Connection::open(&db).map_err(other)?;
        match check(&conn) {
            Ok(None) => {}
            Ok(Some(problem)) => return Err(damaged(problem)),
            Err(e) if is_damage(&e) => return Err(damaged(e.to_string())),
            Err(e) => return Err(other(e)),
        }
        let store = Self::init(conn).map_err(|e| {
            if let StoreError::Sql(sql) = &e {
                if is_damage(sql) {
                    return damaged(sql.to_string());
                }
            }
            OpenError::Other {
                db: db.clone(),
                source: e,
            }
        })?;
        if !marker.exists() {
            let note = format!(
                "A Menagerie game database ({DB_FILE}) was created in this directory.\n\
                 If it goes missing, restore a backup: menagerie restore --data-dir <this directory>\n"
            );
            std::fs::write(&marker, note).map_err(|e| OpenError::Other {
                db: db.clone(),
                source: StoreError::Io(e),
            })?;
        }
        Ok(store)
    }

    /// Copies the whole database to `dest` while it stays in use (SQLite's online
    /// backup), through a temporary file renamed into place.
    ///
    /// # Errors
    /// Storage or file failure.
    pub fn backup_to(&self, dest: &Path) -> Result<(), StoreError> {
        let tmp = dest.with_extension("partial");
        let _ = std::fs::remove_file(&tmp);
        self.conn()
            .backup(rusqlite::MAIN_DB, &tmp, None)
            .inspect_err(|_| {
                let _ = std::fs::remove_file(&tmp);
            })?;
        std::fs::rename(&tmp, dest)?;
        Ok(())
    }

    /// Writes a new backup generation into `dir/backups/` and deletes the oldest
    /// beyond [`BACKUP_GENERATIONS`]. Returns the new file.
    ///
    /// # Errors
    /// Storage or file failure.
    pub fn backup_generation(&self, dir: &Path) -> Result<PathBuf, StoreError> {
        let folder = dir.join(BACKUP_DIR);
        std::fs::create_dir_all(&folder)?;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or(0);
        let dest = folder.join(format!("menagerie-{now:015}.db"));
        self.backup_to(&dest)?;
        for old in backups(dir).iter().rev().skip(BACKUP_GENERATIONS) {
            let _ = std::fs::remove_file(old);
        }
        Ok(dest)
    }

    /// An in-memory database (tests).
    ///
    /// # Errors
    /// Never in practice.
    pub fn in_memory() -> Result<Store, StoreError> {
        Self::init(Connection::open_in_memory()?)
    }

    /// Number of games stored.
    ///
    /// # Errors
    /// Storage failure.
    pub fn count(&self) -> Result<u64, StoreError> {
        let n: i64 = self
            .conn()
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))?;
        Ok(n.max(0) as u64)
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
                created, updated, version, tags, clock, level, evals)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)",
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
                g.clock.as_ref().map(GameClock::to_stored),
                g.level.number(),
                evals_text(g),
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
                        ended, draw_offer, created, updated, version, tags, clock, level, evals
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
                        clock: r
                            .get::<_, Option<String>>(14)?
                            .as_deref()
                            .and_then(GameClock::from_stored),
                        level: r
                            .get::<_, Option<u8>>(15)?
                            .and_then(Level::new)
                            .unwrap_or(Level::FULL),
                        evals: r
                            .get::<_, Option<String>>(16)?
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

/// The stored text of a game's engine evaluations (a JSON list by ply, null for the
/// moves without one), or `None` when no move has one.
fn evals_text(g: &Game) -> Option<String> {
    let evals: Vec<Option<&MoveEval>> = g.moves.iter().map(|p| p.eval.as_ref()).collect();
    evals
        .iter()
        .any(Option::is_some)
        .then(|| serde_json::to_string(&evals).unwrap_or_default())
}

/// Runs `PRAGMA quick_check`: `None` when the database is sound, else what it found.
///
/// # Errors
/// SQLite cannot read the file at all.
pub fn check(conn: &Connection) -> Result<Option<String>, rusqlite::Error> {
    let mut stmt = conn.prepare("PRAGMA quick_check")?;
    let rows: Vec<String> = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<_, _>>()?;
    if rows.len() == 1 && rows[0] == "ok" {
        Ok(None)
    } else {
        Ok(Some(
            rows.into_iter().take(3).collect::<Vec<_>>().join("; "),
        ))
    }
}

/// The backups in `dir/backups/`, oldest first.
#[must_use]
pub fn backups(dir: &Path) -> Vec<PathBuf> {
    let mut list: Vec<PathBuf> = std::fs::read_dir(dir.join(BACKUP_DIR))
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("menagerie-") && n.ends_with(".db"))
        })
        .collect();
    list.sort();
    list
}

/// Puts the backup `from` in place of the data directory's database: checks the
/// backup first, moves the current database and its journal files aside (named
/// `*.replaced-<time>`), copies the backup in and writes the marker. The server must
/// not be running. Returns the number of games restored.
///
/// # Errors
/// A message naming the file that cannot be used.
pub fn restore(dir: &Path, from: &Path) -> Result<u64, String> {
    let src = Connection::open_with_flags(from, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| format!("cannot open the backup {}: {e}", from.display()))?;
    match check(&src) {
        Ok(None) => {}
        Ok(Some(p)) => {
            return Err(format!(
                "the backup {} is damaged too ({p})",
                from.display()
            ))
        }
        Err(e) => {
            return Err(format!(
                "the backup {} cannot be read ({e})",
                from.display()
            ))
        }
    }
    let games: i64 = src
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .map_err(|e| format!("{} is not a Menagerie backup ({e})", from.display()))?;
    drop(src);
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    for suffix in ["", "-wal", "-shm"] {
        let f = dir.join(format!("{DB_FILE}{suffix}"));
        if f.exists() {
            let aside = dir.join(format!("{DB_FILE}{suffix}.replaced-{stamp}"));
            std::fs::rename(&f, &aside)
                .map_err(|e| format!("cannot move {} aside: {e}", f.display()))?;
        }
    }
    let db = dir.join(DB_FILE);
    std::fs::copy(from, &db)
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), db.display()))?;
    let marker = dir.join(MARKER);
    if !marker.exists() {
        std::fs::write(
            &marker,
            "A Menagerie game database was restored in this directory.\n",
        )
        .map_err(|e| format!("cannot write {}: {e}", marker.display()))?;
    }
    Ok(games.max(0) as u64)
}
