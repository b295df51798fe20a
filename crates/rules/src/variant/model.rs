//! The validated, immutable variant: everything the rules need, shared by
//! `Arc` between positions, engine threads and games.

pub use crate::components::atomic::Blast;
pub use crate::components::bare_king::BareKing;
pub use crate::components::cannon_limits::CannonLimits;
pub use crate::components::castling::Castling;
pub use crate::components::castling960::Castling960;
pub use crate::components::count_win::CountWin;
pub use crate::components::counting::Counting;
pub use crate::components::coverage::Coverage;
pub use crate::components::en_passant::EpField;
pub use crate::components::end::EndRule;
pub use crate::components::extinction::Extinction;
pub use crate::components::facing::Facing;
pub use crate::components::first_move::FirstMoves;
pub use crate::components::flag::Flag;
pub use crate::components::gating::Gating;
pub use crate::components::mate::Verdict;
pub use crate::components::mate_series::MateSeries;
pub use crate::components::material_count::MaterialCount;
pub use crate::components::placed_promotion::PlacedPromotion;
pub use crate::components::promotion::Promotion;
pub use crate::components::repetition::RepetitionVerdict;
use crate::movegen::attacks::AttackTables;
use crate::movegen::tables::MoveTables;
use crate::piece::{Color, PieceType};
use menagerie_geometry::{CellId, CellSet, Geometry};

/// A piece type.
#[derive(Debug, Clone)]
pub struct PieceDef {
    /// Key in the variant file.
    pub key: String,
    /// FEN token in White's form (`N`, `*R`).
    pub token: String,
    /// Display name.
    pub name: String,
    /// Short abbreviation for people.
    pub abbrev: String,
    /// The letter SAN writes for it, where that is not the default (see
    /// `san.rs`).
    pub san: Option<String>,
    /// Picture id for the UI.
    pub glyph: String,
    /// Human description of its moves.
    pub description: String,
    /// Its move description as written (for people and for XBoard).
    pub betza: String,
    /// True when the whole move set is plain XBetza that XBoard can draw.
    pub plain_betza: bool,
    /// Royal.
    pub royal: bool,
    /// Promotion, if any.
    pub promotion: Option<Promotion>,
    /// Non-capturing multi-step moves create en-passant targets.
    pub creates_ep: bool,
    /// How its targets are kept and written, where that differs from the
    /// variant's `[fen] ep` (`ep_field`).
    pub ep_field: Option<EpField>,
    /// Moves of this type reset the move-rule clock.
    pub resets_clock: bool,
    /// ... except quiet moves it could retrace (`components::move_rule`).
    pub reversible_keeps_clock: bool,
    /// What a captor receives (None: removed from play).
    pub captured_as: Option<PieceType>,
    /// Moves like the last-moved type (Joker).
    pub imitator: bool,
    /// May be dropped here, per colour.
    pub drop_zone: [CellSet; 2],
    /// Not dropped on a file holding this many own unpromoted pieces of
    /// this type (0: no such rule; Shogi's Pawns 1, Tori's Swallows 2).
    pub no_doubled: u8,
    /// May be held in hand and dropped.
    pub droppable: bool,
    /// Cells where it has some move on an empty board, per colour.
    pub mobile: [CellSet; 2],
    /// Has moves the reverse attack tables cannot express somewhere.
    pub complex: bool,
    /// Its moves can reach one cell in several ways: deduplicate.
    pub dedup: bool,
    /// Number on the board in the start position, per colour.
    pub start_count: [u8; 2],
    /// Initial region per colour (for `i` moves).
    pub initial: [CellSet; 2],
    /// Types it may not hop over or capture.
    pub limits: CannonLimits,
}

impl PieceDef {
    /// The one type it promotes to, when it has exactly one (what `+X`
    /// means in a FEN).
    #[must_use]
    pub fn single_promotion(&self) -> Option<PieceType> {
        let pr = self.promotion.as_ref()?;
        pr.plus_to.or_else(|| (pr.to.len() == 1).then(|| pr.to[0]))
    }

    /// The type a piece of this type in hand may also be dropped as
    /// (`drop_promoted`), if any.
    #[must_use]
    pub fn promoted_drop(&self) -> Option<PieceType> {
        self.promotion
            .as_ref()
            .filter(|pr| pr.drop_promoted)
            .and_then(|pr| pr.to.first().copied())
    }
}

/// Rule components that are not about how pieces move.
#[derive(Debug, Clone)]
pub struct Rules {
    /// Result for a side with no legal move that is not in check.
    pub stalemate: Verdict,
    /// Draw after this many plies without progress (0: never).
    pub move_rule: u32,
    /// Draw at this many occurrences (0: never).
    pub repetition: u32,
    /// Draw after this many plies (0: never).
    pub ply_cap: u32,
    /// Only royals left: draw.
    pub bare_kings_draw: bool,
    /// Royal facing restriction.
    pub facing: Facing,
    /// Win by count.
    pub count_win: Option<CountWin>,
    /// Coverage loss rule.
    pub coverage: Option<Coverage>,
    /// Drops allowed.
    pub drops: bool,
    /// Captured pieces go to hand.
    pub captures_to_hand: bool,
    /// Moves and drops must leave the piece some move on an empty board.
    pub immobility_illegal: bool,
    /// Drops reset the clock.
    pub drop_resets_clock: bool,
    /// Promotions reset the clock.
    pub promotion_resets_clock: bool,
    /// Counting rule (Makruk family).
    pub counting: Option<Counting>,
    /// A royal in check may only capture the checker (Makpong).
    pub royal_captures_checker_only: bool,
    /// The verdict on a side reduced to its bare king.
    pub bare_king: Option<BareKing>,
    /// Types (bit mask) whose drop may not mate: such a mate loses.
    pub drop_mate_loses: u64,
    /// A side checking throughout a repetition loses it.
    pub perpetual_check_loses: bool,
    /// A side chasing a piece throughout a repetition loses it (Xiangqi).
    pub chasing: Option<crate::components::chasing::Chasing>,
    /// What a repetition gives when no perpetual check decides it.
    pub repetition_verdict: RepetitionVerdict,
    /// Checks are counted; giving the last one wins (n-check).
    pub check_counting: bool,
    /// A move may give check (false: racing kings).
    pub checking: bool,
    /// A drop may give check (false: Supply chess).
    pub drop_checks: bool,
    /// Win by bringing a flag piece into a region.
    pub flag: Option<Flag>,
    /// Win (or another verdict) by lining up or joining pieces.
    pub connect: Option<crate::components::connect::Connect>,
    /// Result for a side in check with no legal move (a loss in chess).
    pub checkmate: Verdict,
    /// The stalemate verdict goes to the side with fewer pieces (suicide).
    pub stalemate_piece_count: bool,
    /// While a capture is legal, moves that capture nothing are illegal.
    pub must_capture: bool,
    /// A side whose counted pieces die out gets a verdict.
    pub extinction: Option<Extinction>,
    /// First-move rights (Cambodian leaps).
    pub first_moves: Option<FirstMoves>,
    /// A side holding pieces must drop one when it can (Sittuyin's setup).
    pub must_drop: bool,
    /// The one type `must_drop` binds (`None`: every type in hand).
    pub must_drop_piece: Option<PieceType>,
    /// Promotion as a move of its own (Sittuyin).
    pub placed_promotion: Option<PlacedPromotion>,
    /// The checks a checkmate needs (Shatar).
    pub mate_series: Option<MateSeries>,
    /// The cells where each colour may capture en passant (all if none).
    pub en_passant_region: Option<[CellSet; 2]>,
    /// Walls placed after each piece move.
    pub walls: Option<crate::components::walls::Walls>,
    /// Which sides may pass (White, Black).
    pub pass: [bool; 2],
    /// Facing royals oblige the side to move to break the line or pass.
    pub bikjang: bool,
    /// Draws decided by the material on the board.
    pub material_count: Option<MaterialCount>,
    /// Shuttling one piece back and forth loses.
    pub move_repetition_loses: bool,
    /// Captures explode (atomic).
    pub blast: Option<Blast>,
    /// Types (bit mask) that may not capture their own type (atomar).
    pub mutually_immune: u64,
    /// Enclosing drops and flips (`components::flip`).
    pub flip: Option<crate::components::flip::Flip>,
    /// Drops need nothing in hand, and the FEN shows no hands.
    pub free_drops: bool,
    /// Which sides pass when they have no other legal move (White, Black).
    pub pass_on_stalemate: [bool; 2],
    /// A full board ends the game.
    pub full_board_ends: bool,
    /// Chess960 castling, if the variant castles that way.
    pub chess960: Option<Castling960>,
    /// Gating from the hand (S-Chess).
    pub gating: Option<Gating>,
    /// Types (bit mask) that turn to stone where they capture.
    pub petrify: u64,
    /// Types (bit mask) whose drops keep them on both cell colours.
    pub drop_opposite_colours: u64,
    /// Partner types (bit mask) whose castling rights drops earn.
    pub drop_castling: u64,
    /// Castling rights (bit per castling rule) whose castling wins and
    /// whose loss loses (`components::castling_wins`).
    pub castling_wins: u32,
    /// Castling takes the opponent's rights on the same side
    /// (`components::opposite_castling`).
    pub opposite_castling: bool,
    /// Per type (index), the count at which promotions to it stop (0: no
    /// limit).
    pub promotion_limit: Vec<u32>,
}

/// FEN fields after the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenField {
    /// Extra cells, one character each (`-` empty).
    Extra,
    /// `w`/`b`.
    Side,
    /// Castling letters.
    Castling,
    /// En-passant cells.
    EnPassant,
    /// Hands as counted tokens (`-` none).
    Hands,
    /// Half-move clock.
    Halfmove,
    /// Move number.
    Fullmove,
    /// Imitated type (`-` none).
    Imitation,
    /// Checks each side has left to give, `W+B` (n-check).
    Checks,
}

/// FEN conventions of a variant.
#[derive(Debug, Clone)]
pub struct FenFormat {
    /// Fields after the board.
    pub fields: Vec<FenField>,
    /// Board written as `|`-separated levels (3D).
    pub levels: bool,
    /// Promoted pieces written `+XY` (origin and current) instead of `+X`.
    pub promoted_full: bool,
    /// En-passant field lists all passed cells, not only capturable ones.
    pub ep_passed: bool,
    /// ... and the cell the piece landed on, every cell in board order
    /// (Fairy-Stockfish's field for pieces other than its Pawn type).
    pub ep_landing: bool,
    /// Hands in brackets after the board.
    pub hands_in_brackets: bool,
    /// The string may start with the variant id.
    pub id_prefix: bool,
}

impl FenFormat {
    /// How a piece without its own `ep_field` keeps and writes targets.
    #[must_use]
    pub fn ep_field(&self) -> EpField {
        match (self.ep_passed, self.ep_landing) {
            (false, _) => EpField::Capturable,
            (true, false) => EpField::Passed,
            (true, true) => EpField::PassedLanding,
        }
    }
}

/// Move-text conventions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveStyle {
    /// `e2e4`, `e7e8q`, `P@e5`.
    Uci,
    /// `e2-e4`, `e7-e8=Q`.
    Dash,
}

/// A named region.
#[derive(Debug, Clone)]
pub struct Region {
    /// Name.
    pub name: String,
    /// Display kind.
    pub kind: String,
    /// Cells per colour.
    pub cells: [CellSet; 2],
    /// What players call it.
    pub label: String,
    /// What it does, in a sentence (empty when the file says nothing).
    pub about: String,
    /// The name of the line along its border, if it has one (a River).
    pub edge: Option<String>,
}

/// A loaded variant.
#[derive(Debug, Clone)]
pub struct Variant {
    /// Id.
    pub id: String,
    /// Other accepted ids.
    pub aliases: Vec<String>,
    /// Display name.
    pub name: String,
    /// Menu family.
    pub family: String,
    /// One-line description.
    pub description: String,
    /// Board.
    pub geometry: Geometry,
    /// Piece types.
    pub pieces: Vec<PieceDef>,
    /// Compiled moves.
    pub tables: MoveTables,
    /// Reverse attack tables.
    pub attacks: AttackTables,
    /// Named regions.
    pub regions: Vec<Region>,
    /// Castling moves of both sides (index = right bit).
    pub castling: Vec<Castling>,
    /// Rule components.
    pub rules: Rules,
    /// The end-of-game rules, in the order they are judged.
    pub end: Vec<EndRule>,
    /// FEN conventions.
    pub fen: FenFormat,
    /// Move text conventions.
    pub move_style: MoveStyle,
    /// Promotion suffix `+` style in dash notation.
    pub plus_promotion: bool,
    /// Separator of capturing moves in dash notation (`-`, `:` or `x`).
    pub capture_mark: char,
    /// A compulsory promotion with a single choice is written with its
    /// piece letter too (Fairy-Stockfish's form).
    pub forced_promotion_suffix: bool,
    /// Western shogi notation is offered next to SAN ([`crate::shogi_notation`]).
    pub shogi_notation: bool,
    /// What players call the side that moves first and the side that moves second
    /// (`["Black", "White"]` in Shogi, where sente moves first).
    pub player_names: [String; 2],
    /// Start position.
    pub start_fen: String,
    /// Engine value overrides (centipawns) per type.
    pub ai_values: Vec<Option<i32>>,
    /// The imitating type, if any.
    pub imitator: Option<PieceType>,
    /// Zobrist keys.
    pub zobrist: crate::zobrist::Zobrist,
    /// Cells of each file (for the no-doubled drop rule).
    pub file_cells: Vec<Vec<CellId>>,
    /// Cells from which each castling right is lost when something moves
    /// from or to them (bit mask per cell).
    pub castle_mask: Vec<u32>,
    /// Superset of the cells the complex moves of (colour, type, cell) can
    /// reach on any board (None where there are none).
    pub reach: Vec<Option<menagerie_geometry::CellSet>>,
    /// Bit mask of types with complex moves.
    pub complex_types: u64,
    /// Bit mask of the royal types (`PieceDef::royal`).
    pub royal_types: u64,
}

impl Variant {
    /// Number of piece types.
    #[must_use]
    pub fn types(&self) -> usize {
        self.pieces.len()
    }

    /// The piece type with this key or token (White's form), if any.
    #[must_use]
    pub fn piece_by_key(&self, key: &str) -> Option<PieceType> {
        self.pieces
            .iter()
            .position(|p| p.key == key || p.token == key)
            .map(|i| i as PieceType)
    }

    /// The piece type with this token, case-insensitively (with its colour).
    #[must_use]
    pub fn piece_by_token(&self, token: &str) -> Option<(PieceType, Color)> {
        crate::placement::find_token(self.pieces.iter().map(|p| p.token.as_str()), token)
    }

    /// The token of a piece type in a colour's case.
    #[must_use]
    pub fn token(&self, kind: PieceType, color: Color) -> String {
        let t = &self.pieces[usize::from(kind)].token;
        match color {
            Color::White => t.clone(),
            Color::Black => t.to_ascii_lowercase(),
        }
    }

    /// A region by name.
    #[must_use]
    pub fn region(&self, name: &str) -> Option<&Region> {
        self.regions.iter().find(|r| r.name == name)
    }

    /// True when some type has a promotion that keeps its origin.
    #[must_use]
    pub fn tracks_origin(&self) -> bool {
        self.pieces.iter().any(|p| {
            p.promotion
                .as_ref()
                .is_some_and(|x| x.keeps_origin || x.plus_to.is_some())
        })
    }

    /// Reach superset of complex moves.
    #[inline]
    #[must_use]
    pub fn reach(
        &self,
        color: Color,
        kind: PieceType,
        cell: CellId,
    ) -> Option<&menagerie_geometry::CellSet> {
        self.reach
            [(color.idx() * self.types() + usize::from(kind)) * self.geometry.len() + cell.idx()]
        .as_ref()
    }

    /// Types that can end up in a hand: droppable types that start on the
    /// board or that a captured start piece turns into.
    #[must_use]
    pub fn hand_types(&self) -> Vec<PieceType> {
        if !self.rules.drops {
            return Vec::new();
        }
        let on_board = |k: usize| self.pieces[k].start_count.iter().any(|&n| n > 0);
        (0..self.pieces.len())
            .filter(|&k| {
                let p = &self.pieces[k];
                p.droppable
                    && !p.royal
                    && (on_board(k)
                        || self
                            .pieces
                            .iter()
                            .enumerate()
                            .any(|(j, q)| on_board(j) && q.captured_as == Some(k as PieceType)))
            })
            .map(|k| k as PieceType)
            .collect()
    }

    /// True when the variant has royal pieces.
    #[must_use]
    pub fn has_royal(&self) -> bool {
        self.royal_types != 0
            || self
                .rules
                .extinction
                .as_ref()
                .is_some_and(|e| e.pseudo_royal)
    }
}

impl Variant {
    /// What reading this variant's piece placement needs.
    #[must_use]
    pub fn placement_reader(&self) -> crate::placement::PlacementReader<'_> {
        crate::placement::PlacementReader {
            geometry: &self.geometry,
            tokens: self.pieces.iter().map(|p| p.token.as_str()).collect(),
            promoted_to: self.pieces.iter().map(PieceDef::single_promotion).collect(),
            promoted_full: self.fen.promoted_full,
            reverted_from: crate::components::promotion::reverted_from(&self.pieces),
            levels: self.fen.levels,
            wall: self.rules.walls.as_ref().map(|w| w.piece),
        }
    }
}
