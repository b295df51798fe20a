//! `menagerie backup` and `menagerie restore`: copies of the game database.
//!
//! `backup` works while the server runs (SQLite's online backup); `restore` replaces
//! the database and needs the server stopped. The server also keeps its own hourly
//! generations in `DATA_DIR/backups/`, which `restore` uses by default.

use crate::common::outln;
use anyhow::{anyhow, bail, Result};
use clap::Args;
use menagerie_server::store::{self, Store};
use std::path::PathBuf;

/// Options of `menagerie backup`.
#[derive(Args, Debug)]
pub struct BackupArgs {
    /// Data directory of the server (default: as `menagerie serve`).
    #[arg(long = "data-dir")]
    data_dir: Option<PathBuf>,
    /// Write the copy here instead of a new generation in DATA_DIR/backups.
    #[arg(long)]
    to: Option<PathBuf>,
}

/// Options of `menagerie restore`.
#[derive(Args, Debug)]
pub struct RestoreArgs {
    /// Data directory of the server (default: as `menagerie serve`).
    #[arg(long = "data-dir")]
    data_dir: Option<PathBuf>,
    /// The backup to restore (default: the newest in DATA_DIR/backups).
    from: Option<PathBuf>,
}

/// Runs `backup`.
pub fn backup(a: &BackupArgs) -> Result<()> {
    let dir = a
        .data_dir
        .clone()
        .unwrap_or_else(crate::serve_cmd::default_data_dir);
    if !dir.join(store::DB_FILE).exists() {
        bail!("there is no game database in {}", dir.display());
    }
    let db = Store::open_dir(&dir).map_err(|e| anyhow!("{e}"))?;
    let dest = match &a.to {
        Some(to) => {
            db.backup_to(to).map_err(|e| anyhow!("{e}"))?;
            to.clone()
        }
        None => db.backup_generation(&dir).map_err(|e| anyhow!("{e}"))?,
    };
    let games = db.count().map_err(|e| anyhow!("{e}"))?;
    outln!("Backed up {games} game(s) to {}", dest.display())?;
    Ok(())
}

/// Runs `restore`.
pub fn restore(a: &RestoreArgs) -> Result<()> {
    let dir = a
        .data_dir
        .clone()
        .unwrap_or_else(crate::serve_cmd::default_data_dir);
    let from = match &a.from {
        Some(f) => f.clone(),
        None => store::backups(&dir).pop().ok_or_else(|| {
            anyhow!(
                "no backup in {} (give the file to restore)",
                dir.join(store::BACKUP_DIR).display()
            )
        })?,
    };
    let games = store::restore(&dir, &from).map_err(anyhow::Error::msg)?;
    outln!(
        "Restored {games} game(s) from {} into {} (the previous files were renamed *.replaced-*)",
        from.display(),
        dir.join(store::DB_FILE).display()
    )?;
    Ok(())
}
