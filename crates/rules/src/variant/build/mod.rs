//! Merged variant file to validated [`Variant`], in stages.
//!
//! Each stage reads one part of the file and is one file here:
//!
//! | stage | file | makes |
//! | --- | --- | --- |
//! | board | `board.rs` | the id and the [`Geometry`] |
//! | regions | `regions.rs` | named cell sets, per colour |
//! | pieces | `pieces.rs` (moves in `moves.rs`) | [`PieceDef`]s and the move sources the tables compile |
//! | castling | `castling.rs` | the castling moves of both sides |
//! | rules | `rules.rs` | [`Rules`] and, once the moves are known, the coverage rule |
//! | FEN and notation | `fen.rs` | [`FenFormat`](super::FenFormat), move style |
//! | tables | `tables.rs` | start counts, move tables, per-piece derived data, attack tables |
//!
//! A stage that finds a problem records it and the build goes on where it
//! can, so one run reports every problem of a file. The start position's
//! placement is read with [`crate::placement`] (nothing here needs a
//! `Position`); the caller passes a check of the whole start FEN, which runs
//! once on the finished variant.

mod board;
mod castling;
mod fen;
mod moves;
mod pieces;
mod regions;
mod rules;
mod tables;

use super::load::{Merged, Problem, VariantError};
use super::model::{EndRule, Region, Variant};
use crate::betza::Dialect;
use crate::piece::PieceType;
use crate::zobrist::Zobrist;
use menagerie_geometry::Geometry;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Checks the start FEN of a finished variant (the caller reads it as a
/// position); the error is the reason it cannot be read.
pub type StartCheck<'a> = &'a dyn Fn(&Arc<Variant>) -> Result<(), String>;

/// Most castling rights of both sides together (one bit each).
const MAX_CASTLING_RIGHTS: usize = 32;

/// The state shared by the stages: the merged file, the problems found so
/// far, the board and the regions read.
struct Ctx<'a> {
    m: &'a Merged,
    problems: Vec<Problem>,
    g: Geometry,
    regions: BTreeMap<String, Region>,
    /// Piece keys in type order.
    keys: Vec<String>,
}

impl Ctx<'_> {
    /// The type with this key.
    fn lookup(&self, key: &str) -> Option<PieceType> {
        self.keys
            .iter()
            .position(|k| k == key)
            .map(|i| i as PieceType)
    }

    /// Records a problem in a top-level section.
    fn problem_in(&mut self, section: &'static str, key: &str, message: impl Into<String>) {
        let p = self.m.problem_in(section, key, message);
        self.problems.push(p);
    }

    /// The problems so far as an error, if there are any.
    fn check(&mut self) -> Result<(), VariantError> {
        if self.problems.is_empty() {
            Ok(())
        } else {
            Err(VariantError {
                problems: std::mem::take(&mut self.problems),
            })
        }
    }
}

/// One problem as an error.
fn fail(p: Problem) -> VariantError {
    VariantError { problems: vec![p] }
}

/// Builds a variant from a merged file chain.
///
/// # Errors
/// Every problem found, each with file, line and key.
pub fn build(
    m: &Merged,
    dialect: Dialect,
    check_start: StartCheck<'_>,
) -> Result<Variant, VariantError> {
    let id = board::identity(m)?;
    let mut cx = Ctx {
        m,
        problems: Vec::new(),
        g: board::geometry(m)?,
        regions: BTreeMap::new(),
        keys: m.pieces.keys().cloned().collect(),
    };
    cx.read_regions();
    let mut pieces = cx.pieces()?;
    let castling = cx.castling();
    let mut rules = cx.rules();
    rules.first_moves = cx.first_moves(castling.len(), MAX_CASTLING_RIGHTS);
    rules.castling_wins = cx.castling_wins(&castling);
    let formats = cx.formats(pieces.imitator.is_some(), rules.drops);
    let ai_values = cx.ai_values();
    let setup = cx.setup();
    cx.check()?;
    let Some(setup) = setup else {
        return Err(fail(m.problem_in(
            "setup",
            "setup",
            "missing `[setup] fen`",
        )));
    };
    let start = cx
        .start_placement(&pieces.defs, &formats.fen, setup.get_ref(), &id)
        .map_err(|e| fail(cx.setup_problem(&setup, e.to_string())))?;
    pieces.count_start(&start, &cx.g);
    let tables = cx.tables(&mut pieces, dialect)?;
    let g = cx.g.clone();
    let royal_types = pieces
        .defs
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .fold(0u64, |m, (k, _)| m | 1 << k);
    let mut v = Variant {
        aliases: m.top.aliases.clone().unwrap_or_default(),
        name: m.top.name.clone().unwrap_or_else(|| id.clone()),
        id,
        family: m.top.family.clone().unwrap_or_else(|| "Other".into()),
        description: m.top.description.clone().unwrap_or_default(),
        zobrist: Zobrist::new(g.len(), pieces.defs.len(), MAX_CASTLING_RIGHTS),
        file_cells: file_cells(&g),
        castle_mask: castling::rights_mask(
            &g,
            &castling,
            rules.first_moves.as_ref(),
            rules.chess960.as_ref(),
        ),
        geometry: g,
        pieces: pieces.defs,
        tables: tables.moves,
        attacks: tables.attacks,
        regions: cx.regions.values().cloned().collect(),
        castling,
        end: Vec::new(),
        rules,
        fen: formats.fen,
        move_style: formats.move_style,
        plus_promotion: formats.plus_promotion,
        capture_mark: formats.capture_mark,
        forced_promotion_suffix: formats.forced_promotion_suffix,
        shogi_notation: formats.shogi_notation,
        player_names: formats.player_names,
        start_fen: setup.get_ref().trim().to_string(),
        ai_values,
        imitator: pieces.imitator,
        reach: tables.reach,
        complex_types: tables.complex_types,
        royal_types,
    };
    if v.name.is_empty() {
        v.name = v.id.clone();
    }
    v.rules.coverage = cx.coverage(&pieces.sources, dialect)?;
    v.end = EndRule::list(&v.rules);
    let v = Arc::new(v);
    check_start(&v).map_err(|e| fail(cx.setup_problem(&setup, e)))?;
    // The check has let go of its positions, so this does not copy.
    Ok(Arc::try_unwrap(v).unwrap_or_else(|shared| (*shared).clone()))
}

/// The cells of each file, left to right (for the no-doubled drop rule).
fn file_cells(g: &Geometry) -> Vec<Vec<menagerie_geometry::CellId>> {
    let mut out = vec![Vec::new(); g.files()];
    for c in g.cells() {
        let x = g.coord(c).x;
        if x >= 0 && (x as usize) < g.files() {
            out[x as usize].push(c);
        }
    }
    out
}
