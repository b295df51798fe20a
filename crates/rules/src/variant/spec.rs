//! The unvalidated variant file, exactly as TOML describes it.
//!
//! Every struct rejects unknown keys. All fields are optional so that a file
//! can `extends` another and override only what differs; `variant::load`
//! merges the chain and validates the result.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A variant file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// Variant id (lowercase, `a-z0-9-`).
    pub id: Option<Spanned<String>>,
    /// Id of the variant this one starts from.
    pub extends: Option<Spanned<String>>,
    /// Display name.
    pub name: Option<String>,
    /// Family for grouping in menus.
    pub family: Option<String>,
    /// One-line description.
    pub description: Option<String>,
    /// Other ids accepted for this variant.
    pub aliases: Option<Vec<String>>,
    /// Board geometry.
    pub board: Option<BoardFile>,
    /// Named regions.
    pub regions: Option<BTreeMap<String, Spanned<RegionFile>>>,
    /// Piece types by key (the key is the default FEN token).
    pub pieces: Option<BTreeMap<String, Spanned<PieceFile>>>,
    /// Piece keys removed from an extended variant.
    pub remove_pieces: Option<Vec<String>>,
    /// Start position.
    pub setup: Option<SetupFile>,
    /// Castling moves (White's; Black's mirrored unless told otherwise).
    pub castling: Option<Vec<Spanned<CastlingFile>>>,
    /// Game-end and other rule components.
    pub rules: Option<RulesFile>,
    /// FEN conventions.
    pub fen: Option<FenFile>,
    /// Move-text conventions.
    pub notation: Option<NotationFile>,
    /// Hints for the engine (never read by the rules).
    pub ai: Option<AiFile>,
}

/// `[board]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    /// Files (x).
    pub files: usize,
    /// Ranks (y).
    pub ranks: usize,
    /// Levels (z), default 1.
    pub levels: Option<usize>,
    /// Missing cells of the main box.
    pub holes: Option<Vec<String>>,
    /// Cells outside the main box, in FEN order.
    pub extra: Option<Vec<ExtraCellFile>>,
    /// Level letters of a 3D board, lowest first.
    pub level_letters: Option<String>,
    /// Alternative cell names accepted on input.
    pub aliases: Option<BTreeMap<String, String>>,
}

/// An extra cell.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraCellFile {
    /// Its name.
    pub name: String,
    /// Its coordinates `[file, rank]` or `[file, rank, level]` (0-based).
    pub at: Vec<i32>,
}

/// A region: one expression for White (Black's is the rank mirror), or one per
/// side.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum RegionFile {
    /// Same for both, Black's mirrored across the middle rank.
    Mirrored(String),
    /// Given per side.
    PerSide {
        /// White's cells.
        white: String,
        /// Black's cells.
        black: String,
        /// How the UI shows it.
        #[serde(default)]
        kind: Option<String>,
        /// What players call it (default: the key, dashes as spaces, capitalised).
        #[serde(default)]
        label: Option<String>,
        /// One sentence for the rules page: what the region does.
        #[serde(default)]
        about: Option<String>,
        /// The name of the line drawn along the region's border with the rest of the
        /// board, when that line is a thing of its own (Mitregi's and Xiangqi's River).
        #[serde(default)]
        edge: Option<String>,
    },
    /// With a display kind.
    Shaded {
        /// White's cells; Black's mirrored.
        cells: String,
        /// How the UI shows it: zone, camp, promotion, river, drop, other.
        kind: String,
        /// What players call it (default: the key, dashes as spaces, capitalised).
        #[serde(default)]
        label: Option<String>,
        /// One sentence for the rules page: what the region does.
        #[serde(default)]
        about: Option<String>,
        /// The name of the line drawn along the region's border with the rest of the
        /// board, when that line is a thing of its own (Mitregi's and Xiangqi's River).
        #[serde(default)]
        edge: Option<String>,
    },
}

/// `[pieces.X]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceFile {
    /// Display name.
    pub name: Option<String>,
    /// FEN token when it differs from the key.
    pub token: Option<String>,
    /// Moves in the piece notation.
    pub betza: Option<Spanned<String>>,
    /// Further move groups with conditions or explicit legs.
    pub moves: Option<Vec<Spanned<MoveGroupFile>>>,
    /// Royal: may not be left attacked.
    pub royal: Option<bool>,
    /// Promotion.
    pub promotion: Option<Spanned<PromotionFile>>,
    /// Its non-capturing multi-step moves create en-passant targets.
    pub en_passant: Option<bool>,
    /// Which targets its moves leave and how the FEN writes them, where
    /// that differs from `[fen] ep`: `capturable`, `passed` or
    /// `passed-landing` (Wolf chess: the Pawn's field is `capturable`, the
    /// Sergeant's `passed-landing`, as in Fairy-Stockfish).
    pub ep_field: Option<String>,
    /// Its moves reset the move-rule clock.
    pub resets_clock: Option<bool>,
    /// With `resets_clock`: a quiet move it could retrace by a quiet move
    /// of its own does not reset the clock (`components::move_rule`).
    pub reversible_keeps_clock: Option<bool>,
    /// What a captor receives in hand: a piece key, or "" (removed).
    pub captured_as: Option<String>,
    /// `last-moved`: moves like the type of the last piece moved (Joker).
    pub imitates: Option<String>,
    /// Region for `i` (initial) moves; default: the cells it starts on.
    pub initial: Option<String>,
    /// Region where it may be dropped (player-relative).
    pub drop_zone: Option<String>,
    /// May not be dropped on a file holding an own unpromoted piece of the
    /// type (`true`), or that many of them (a number: Tori shogi's 2).
    pub no_doubled: Option<NoDoubled>,
    /// May appear in hand and be dropped (default: true in drop variants).
    pub droppable: Option<bool>,
    /// Never moves once on the board (a Reversi stone): it needs no
    /// `betza` or `moves`.
    pub immobile: Option<bool>,
    /// Short human abbreviation (e.g. `Sfw`).
    pub abbrev: Option<String>,
    /// The letter SAN writes for it where that is not its FEN token (or no
    /// letter, for a `P` that moves otherwise than it captures): Xiangqi's
    /// Horse `H` (`N` in FEN), a Berolina Pawn `P`, as Fairy-Stockfish writes
    /// them.
    pub san: Option<String>,
    /// Text describing the moves for people.
    pub description: Option<String>,
    /// Picture id for the UI (default: the name in lowercase letters).
    pub glyph: Option<String>,
    /// Piece keys it may not hop over as a screen (Janggi's Cannon;
    /// `components::cannon_limits`).
    pub no_hop_over: Option<Vec<String>>,
    /// Piece keys it may not capture (`components::cannon_limits`).
    pub no_capture: Option<Vec<String>>,
    /// Its role in the chasing rule (`[rules] chasing`,
    /// `components::chasing`): `rook`, `cannon`, `horse`, `elephant`,
    /// `advisor` or `soldier` (Xiangqi's Chariot, Cannon, Horse, Elephant,
    /// Advisor and Soldier). Pieces without a role chase and are chased
    /// only as unprotected pieces; royals are never chased.
    pub chase: Option<String>,
}

/// The `no_doubled` key: a switch, or how many own unpromoted pieces of
/// the type close a file to its drops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum NoDoubled {
    /// `true`: one piece closes the file (Shogi's Pawns); `false`: no rule.
    Switch(bool),
    /// This many pieces close the file (0: no rule).
    Count(u8),
}

impl NoDoubled {
    /// How many own unpromoted pieces on a file bar drops (0: never).
    #[must_use]
    pub fn limit(self) -> u8 {
        match self {
            NoDoubled::Switch(on) => u8::from(on),
            NoDoubled::Count(n) => n,
        }
    }
}

/// One move group of a piece.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveGroupFile {
    /// Moves in the piece notation.
    pub betza: Option<String>,
    /// An explicit leg program: each leg is a one-leg description such as
    /// `fmWfcF`; the move goes through every leg in order.
    pub legs: Option<Vec<String>>,
    /// Directions of legs after the first are relative to the previous leg
    /// (default false for `legs`).
    pub relative: Option<bool>,
    /// Only from the piece's initial region.
    pub initial: Option<bool>,
    /// Only when starting in this region.
    pub from: Option<String>,
    /// Only when ending in this region.
    pub to: Option<String>,
    /// Never from outside this region into it.
    pub not_into: Option<String>,
    /// Origin and destination must lie in the same one of these regions.
    pub same_region: Option<Vec<String>>,
    /// Whether these moves reset the move-rule clock (default: the piece's).
    pub resets_clock: Option<bool>,
    /// Record the path cell in the move (`e4-d5-c6`) when the move captures.
    pub show_path: Option<bool>,
    /// Only as the piece's first move: from a cell where its side still
    /// holds a first-move right (`[rules] first_move`; Cambodian leaps).
    pub first_move: Option<bool>,
    /// Not while the mover's side is in check.
    pub not_in_check: Option<bool>,
}

/// Promotion of a piece type.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionFile {
    /// Region (player-relative) where promotion happens.
    pub zone: String,
    /// Types it may become.
    pub to: Vec<String>,
    /// Black's choices where they differ from White's `to` (Chigorin
    /// chess: each side promotes to its own set of pieces).
    pub to_black: Option<Vec<String>>,
    /// Beside `to` (promoted in its `style`), a type it may become Shogi's
    /// way: keeping its origin, written `+` (`g9g10+`, `+P` in FEN), as
    /// Fairy-Stockfish's Pawn with a `promotedPieceType` (Wolf chess's
    /// Pawn becomes an Elephant). It may also be one of `to`: the two
    /// moves then give the same type, written and kept differently
    /// (Elgam's Soldier: `a9a10w`, `W~`, or `a9a10+`, `+S`).
    pub plus_to: Option<String>,
    /// Promotion is compulsory in the zone.
    pub mandatory: Option<bool>,
    /// `end` (move ends in the zone), `start-or-end`, or `capture` (a
    /// capture that starts or ends in the zone: Micro Shogi).
    pub trigger: Option<String>,
    /// Only to a type the owner has fewer of than at the start.
    pub only_lost: Option<bool>,
    /// Compulsory on a move from outside the zone into it.
    pub on_entry: Option<bool>,
    /// A compulsory promotion with no type to become blocks the move
    /// (Fairy-Stockfish: a Pawn with no promotion choice may not enter its
    /// zone; it still attacks there); by default the plain move stays.
    pub blocked_without_choice: Option<bool>,
    /// `replace` (chess: the piece becomes the new type), `promote`
    /// (Shogi: the piece remembers its origin and reverts when captured,
    /// written with `+`) or `revert` (Crazyhouse: it reverts when captured
    /// but is written as in chess, `e7e8q`).
    pub style: Option<String>,
    /// The promoted piece turns back into this type by a move under the
    /// same conditions (zone, trigger, compulsion): Kyoto and Micro Shogi.
    pub demotion: Option<bool>,
    /// A piece of this type in hand may also be dropped as the type it
    /// promotes to (Kyoto Shogi).
    pub drop_promoted: Option<bool>,
}

/// `[setup]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupFile {
    /// Start position in this variant's FEN.
    pub fen: Option<Spanned<String>>,
}

/// One castling move.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingFile {
    /// FEN letter (White's; Black's is the lowercase).
    pub letter: String,
    /// King's start cell.
    pub king: String,
    /// King's destination.
    pub to: String,
    /// Partner's start cell.
    pub partner: String,
    /// Partner's destination.
    pub partner_to: String,
    /// Cells that must be empty (default: between king and its destination
    /// and between partner and its destination, destinations included).
    pub empty: Option<Vec<String>>,
    /// Cells that must not be attacked before castling (default: the King's
    /// start and the cells it passes; its destination is checked after).
    pub safe: Option<Vec<String>>,
    /// Only while the imitation state is one of these piece keys.
    pub imitation: Option<Vec<String>>,
    /// `mirror` (default): Black castles the same way on the mirrored rank;
    /// `none`: White only.
    pub black: Option<String>,
}

/// `[rules]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    /// Result for the side to move with no legal move and not in check:
    /// `draw`, `loss`, `win`.
    pub stalemate: Option<String>,
    /// Plies without progress before a draw (0 = none).
    pub move_rule: Option<u32>,
    /// Occurrences of a position that draw (0 = none).
    pub repetition: Option<u32>,
    /// Plies after which the game is drawn (0 = none).
    pub ply_cap: Option<u32>,
    /// Only royals left: draw.
    pub bare_kings_draw: Option<bool>,
    /// Royal pieces may not face each other on these lines: `file`,
    /// `diagonal`, `rank`.
    pub facing: Option<Vec<String>>,
    /// Win by having this many of a piece at the start of one's turn
    /// (`count = 0` switches off a rule inherited through `extends`).
    pub count_win: Option<CountWinFile>,
    /// Loss when too few pieces cover each direction.
    pub coverage: Option<CoverageFile>,
    /// Pieces can be dropped from hand.
    pub drops: Option<bool>,
    /// Captured pieces go to the captor's hand.
    pub captures_to_hand: Option<bool>,
    /// A move or drop that leaves the piece without any move on an empty
    /// board is illegal (so such moves must promote).
    pub immobility_illegal: Option<bool>,
    /// Drops reset the move-rule clock.
    pub drop_resets_clock: Option<bool>,
    /// Promotions reset the move-rule clock.
    pub promotion_resets_clock: Option<bool>,
    /// A counting rule of the Makruk family (`components::counting`).
    pub counting: Option<CountingFile>,
    /// A royal in check may only move by capturing the piece that gives
    /// check (Makpong; `components::check_escape`).
    pub royal_captures_checker_only: Option<bool>,
    /// The verdict on a side reduced to its bare king
    /// (`components::bare_king`).
    pub bare_king: Option<BareKingFile>,
    /// Piece keys whose drop may not give checkmate: such a mate loses for
    /// the dropper (Shogi's pawn; `components::drop_mate`).
    pub drop_mate_loses: Option<Vec<String>>,
    /// A repetition in which one side checked at every move loses for that
    /// side (`components::perpetual`).
    pub perpetual_check_loses: Option<bool>,
    /// The chasing rule (`components::chasing`): `axf` (the Asian
    /// Xiangqi Federation's, as Fairy-Stockfish plays it: a side that
    /// chases one piece through a whole repetition loses it; roles from
    /// each piece's `chase` key) or `none` (default).
    pub chasing: Option<String>,
    /// What a repetition gives: `draw` (default), `loss` or `win` for the
    /// side to move, `white-loss` or `white-win` whoever is to move.
    pub repetition_verdict: Option<String>,
    /// At a repetition, a side that gave check with every move since the
    /// earliest repeated occurrence loses (`components::perpetual`).
    /// N-check: a move that checks uses one of the mover's checks (counts
    /// in the FEN field `W+B`, after en passant); the side that gives its
    /// last check wins.
    pub check_counting: Option<bool>,
    /// Moves may give check (default true); `false` makes every move that
    /// attacks the opponent's royal illegal (racing kings).
    pub checking: Option<bool>,
    /// Drops may give check (default true); `false` makes every drop that
    /// attacks the opponent's royal illegal (Supply chess;
    /// `components::checking`).
    pub drop_checks: Option<bool>,
    /// Win by bringing a flag piece into a region (king of the hill,
    /// racing kings; `components::flag`).
    pub flag: Option<FlagFile>,
    /// Win (or the given verdict) by lining up or joining pieces
    /// (tic-tac-toe, Connect Four, Gale; `components::connect`).
    pub connect: Option<ConnectFile>,
    /// Result for a side in check with no legal move: `loss` (default),
    /// `draw` or `win` (losers: being mated is the aim).
    pub checkmate: Option<String>,
    /// The stalemate verdict goes to the side with fewer pieces on the
    /// board, a draw when they are equal (suicide chess).
    pub stalemate_piece_count: Option<bool>,
    /// While a capture is legal, a move that captures nothing is illegal
    /// (antichess, losers; `components::forced_capture`).
    pub must_capture: Option<bool>,
    /// A side whose counted pieces die out gets a verdict
    /// (`components::extinction`).
    pub extinction: Option<ExtinctionFile>,
    /// First-move rights (`components::first_move`): the castling field's
    /// file letters name the first-rank cells whose piece may still make
    /// its `first_move` moves.
    pub first_move: Option<FirstMoveFile>,
    /// While a side holds pieces in hand it must drop one whenever a drop
    /// is legal (Sittuyin's setup; `components::must_drop`).
    pub must_drop: Option<bool>,
    /// The piece key `must_drop` binds (Koedem: a King in hand must be
    /// dropped, the other pieces not); default: every piece in hand.
    pub must_drop_piece: Option<String>,
    /// Promotion as a move of its own (Sittuyin;
    /// `components::placed_promotion`).
    pub placed_promotion: Option<PlacedPromotionFile>,
    /// A checkmate's worth depends on the series of checks before it
    /// (Shatar; `components::mate_series`).
    pub mate_series: Option<MateSeriesFile>,
    /// The target cells onto which each colour may capture en passant: a
    /// region name (cells per colour) or an expression (White's; Black's
    /// mirrored). Default: everywhere (horde: not behind a pawn that
    /// double-stepped from the first rank).
    pub en_passant_region: Option<String>,
    /// After each piece move the mover places a wall
    /// (`components::walls`).
    pub walls: Option<WallsFile>,
    /// Both sides may pass instead of moving (`components::passing`); two
    /// passes in a row end the game.
    pub pass: Option<bool>,
    /// Royals facing on a file or rank oblige the side to move to break the
    /// line or pass, and a pass then ends the game (Janggi;
    /// `components::bikjang`).
    pub bikjang: Option<bool>,
    /// Games that would end drawn are decided by the material on the board
    /// (`components::material_count`).
    pub material_counting: Option<MaterialCountingFile>,
    /// A side that shuttles one piece back and forth four times loses
    /// (modern Janggi; `components::move_repetition`).
    pub move_repetition_loses: Option<bool>,
    /// Every capture explodes: the captor and the pieces around the
    /// capture cell leave the board (`components::atomic`).
    pub blast: Option<BlastFile>,
    /// Piece keys that may not capture a piece of their own type (atomar's
    /// Kings; `components::mutual_immunity`).
    pub mutually_immune: Option<Vec<String>>,
    /// Where a drop may go (`components::flip`): `reversi` (it must
    /// enclose a line of enemy stones), `ataxx` (next to an own stone) or
    /// `none`.
    pub enclosing_drops: Option<String>,
    /// Cells to fill first: while one is empty, drops go only there (a
    /// region name or expression; Reversi's opening).
    pub enclosing_start: Option<String>,
    /// What a move turns to the mover's colour (`components::flip`):
    /// `reversi` (the enclosed lines) or `ataxx` (the enemy stones around
    /// the destination).
    pub flips: Option<String>,
    /// Drops need no piece in hand: every type may always be dropped, and
    /// the FEN has no hands (Ataxx's clones).
    pub free_drops: Option<bool>,
    /// A side with no legal move passes instead (Othello, Ataxx;
    /// `components::passing`); two passes in a row end the game.
    pub pass_on_stalemate: Option<bool>,
    /// The game ends when every cell is filled: a draw, or the material
    /// count where the variant has one (`components::full_board`).
    pub full_board_ends: Option<bool>,
    /// Chess960 castling (`components::castling960`): the King castles
    /// with a Rook from any file of its first rank, the rights named by the
    /// Rooks' files; replaces `[[castling]]`.
    pub chess960: Option<Chess960File>,
    /// Gating (`components::gating`): a piece in hand may be placed on the
    /// first-rank cell a piece leaves on its first move (S-Chess); the FEN's
    /// castling field names the cells that still allow it.
    pub gating: Option<GatingFile>,
    /// Piece keys that turn to stone where they capture
    /// (`components::petrify`); the stone is the wall piece of `walls`.
    pub petrify: Option<Vec<String>>,
    /// Piece keys whose drops must leave them split evenly between light
    /// and dark cells (Bishops in placement chess;
    /// `components::drop_colours`).
    pub drop_opposite_colours: Option<Vec<String>>,
    /// Partner keys (Rooks) whose castling rights are earned by dropping
    /// King and partner onto their castling cells
    /// (`components::drop_castling`).
    pub drop_castling: Option<Vec<String>>,
    /// FEN letters of the castling moves that are goals: making one wins,
    /// losing the last right to one loses (`"q"`: Black's queenside;
    /// `components::castling_wins`).
    pub castling_wins: Option<String>,
    /// Castling takes the opponent's castling rights on the same side, so
    /// the sides castle on opposite wings (`components::opposite_castling`).
    pub opposite_castling: Option<bool>,
    /// Promotions to a piece key only while its side has fewer than this
    /// many of it on the board (Spartan chess: `{ K = 2 }`;
    /// `components::promotion`).
    pub promotion_limit: Option<BTreeMap<String, u32>>,
}

/// Gating: `gating = { drops }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatingFile {
    /// Pieces in hand may also be dropped as a move of their own (S-House;
    /// default true). With `false` they enter play only by gating (S-Chess).
    pub drops: Option<bool>,
}

/// Chess960 castling: `chess960 = { king, rooks, king_to }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chess960File {
    /// The piece that castles as the King (default `K`).
    pub king: Option<String>,
    /// The pieces it castles with (default `["R"]`).
    pub rooks: Option<Vec<String>>,
    /// The files the King ends on, kingside then queenside (default
    /// `["g", "c"]`); the Rook ends beside it on the inner side.
    pub king_to: Option<Vec<String>>,
}

/// A wall rule: `walls = { rule, piece, region }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WallsFile {
    /// Where a wall may go: `arrow`, `duck`, `edge`, `past` or `static`.
    pub rule: String,
    /// The piece key standing for a wall (written `*` in FEN; it has no
    /// moves).
    pub piece: String,
    /// The cells a side may wall: a region name or expression (default:
    /// the whole board).
    pub region: Option<String>,
    /// Wall or move, not both: piece moves place no wall, and a side may
    /// instead stay put and place one (Atlantis; default false).
    pub or_move: Option<bool>,
}

/// An explosion rule: `blast = { immune, spared }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlastFile {
    /// Piece keys no explosion removes, not even on the capture cell.
    pub immune: Option<Vec<String>>,
    /// Piece keys spared when they stand next to the capture cell (atomic's
    /// Pawns); the captor and the captured piece are removed all the same.
    pub spared: Option<Vec<String>>,
}

/// Material counting: `material_counting = { values = { KEY = n }, black_bonus }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialCountingFile {
    /// Value of each counted piece key (unlisted keys count nothing); an
    /// empty table switches off a rule inherited through `extends`.
    pub values: BTreeMap<String, u32>,
    /// Points added to Black's sum (a whole or half number, default 0).
    pub black_bonus: Option<f64>,
}

/// An extinction rule:
/// `extinction = { verdict, pieces, count, opponent_count, claim }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtinctionFile {
    /// What the side whose type died out gets: `loss`, `draw` or `win`.
    pub verdict: String,
    /// The counted piece keys, each on its own; `*` counts the whole army.
    pub pieces: Vec<String>,
    /// A type has died out at this many pieces or fewer (default 0).
    pub count: Option<u32>,
    /// ... provided the opponent has at least this many (default 0).
    pub opponent_count: Option<u32>,
    /// The side to move needs one more opponent piece against it
    /// (default false).
    pub claim: Option<bool>,
    /// While a side has no more than `count + 1` pieces of a counted type,
    /// they are royal: none may be left attacked, so the type cannot die
    /// out by capture (Sho shogi's King and Prince; default false).
    pub pseudo_royal: Option<bool>,
    /// With `pseudo_royal`: a side may not leave all its counted pieces
    /// attacked at once, and doing so is check (Spartan chess's two Kings;
    /// Fairy-Stockfish's `dupleCheck`; default false).
    pub duple: Option<bool>,
}

/// A flag rule: `flag = { piece, black_piece, region, extra_move, safe,
/// count, blocked_win }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagFile {
    /// The flag piece (key), both sides' unless `black_piece` is given.
    pub piece: String,
    /// Black's flag piece, when it differs.
    pub black_piece: Option<String>,
    /// The region to reach: a region name (cells per side) or an
    /// expression (White's cells; Black's mirrored).
    pub region: String,
    /// The opponent may answer an arrival before it wins (racing kings);
    /// default false (the arrival wins at once).
    pub extra_move: Option<bool>,
    /// The arrival counts only while no enemy piece attacks the flag piece
    /// (Dobutsu shogi's Lion); default false.
    pub safe: Option<bool>,
    /// How many flag pieces must stand in the region at once (default 1).
    pub count: Option<u32>,
    /// With `count` above 1: one flag piece in the region suffices when
    /// every other cell of it is occupied (default false).
    pub blocked_win: Option<bool>,
}

/// A connection goal: `connect = { line, square, collinear, from, to,
/// pieces, horizontal, vertical, diagonal, verdict }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConnectFile {
    /// Pieces in a row that connect.
    pub line: Option<u32>,
    /// Side of a solid square block that connects.
    pub square: Option<u32>,
    /// Pieces on one line (along an allowed direction), other cells
    /// allowed between them, that connect (Three Musketeers).
    pub collinear: Option<u32>,
    /// A chain from this region (cells per side)...
    pub from: Option<String>,
    /// ...into this one connects.
    pub to: Option<String>,
    /// The counted piece keys (`*`, the default: every piece).
    pub pieces: Option<Vec<String>>,
    /// Lines and chains may run along ranks (default true).
    pub horizontal: Option<bool>,
    /// ...along files (default true).
    pub vertical: Option<bool>,
    /// ...along diagonals (default true).
    pub diagonal: Option<bool>,
    /// The connecting side's result: `win` (default), `loss` or `draw`.
    pub verdict: Option<String>,
}

/// The series of checks a checkmate needs.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MateSeriesFile {
    /// A check by one of these pieces in the unbroken series of checks
    /// leading to the mate makes it a win; without one it is a draw.
    pub shak: Vec<String>,
    /// A mate given by these pieces alone loses for the side giving it.
    pub losing: Option<Vec<String>>,
}

/// Promotion as a move of its own.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedPromotionFile {
    /// The piece that promotes.
    pub pawn: String,
    /// The pieces it may become.
    pub to: Vec<String>,
    /// Region (player-relative) where it must stand to promote, unless it
    /// is its side's last one.
    pub zone: String,
    /// Only while its side has fewer than this many of the new type on the
    /// board (default: no limit).
    pub limit: Option<u32>,
}

/// First-move rights.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstMoveFile {
    /// A move by this piece that ends on the rank or file of an enemy
    /// royal still holding its right takes that right away (Cambodian: the
    /// Rook).
    pub revoked_by: Option<String>,
}

/// The bare-king rule.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BareKingFile {
    /// What the bared side gets: `loss`, `draw` or `win`.
    pub verdict: String,
    /// The other side must have at least this many pieces (default 0).
    pub opponent_at_least: Option<u32>,
    /// The side to move needs one opponent piece more against it: it may
    /// still bare the other king back (default false).
    pub bare_back: Option<bool>,
}

/// A counting rule: its style and the piece keys whose numbers set the
/// limits.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountingFile {
    /// `makruk`, `cambodian` or `asean`.
    pub rule: String,
    /// The pawn (no count while pawns are on the board).
    pub pawn: String,
    /// The rook.
    pub rook: String,
    /// The khon (silver general).
    pub khon: String,
    /// The knight.
    pub knight: String,
}

/// Win by count.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountWinFile {
    /// Piece key (ignored when `count` is 0).
    pub piece: String,
    /// How many (0: no count win).
    pub count: u32,
}

/// Direction coverage.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverageFile {
    /// Pieces needed per direction (or group).
    pub min: u32,
    /// Piece keys that never count.
    pub exclude: Option<Vec<String>>,
    /// Instead of radial directions: groups of piece keys.
    pub groups: Option<Vec<Vec<String>>>,
}

/// `[fen]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FenFile {
    /// Field order after the board.
    pub fields: Option<Vec<String>>,
    /// Board layout: `ranks` or `levels`.
    pub layout: Option<String>,
    /// Promoted pieces: `origin` (`+P`) or `origin-current` (`+PG`). (A
    /// piece promoted in the `revert` style is always written `Q~`.)
    pub promoted: Option<String>,
    /// En-passant field: `capturable` (only cells a pawn could take),
    /// `passed` (all passed cells) or `passed-landing` (all passed cells and
    /// the landing cell, in board order: Fairy-Stockfish's field for its
    /// custom pawns).
    pub ep: Option<String>,
    /// Hands: `brackets` (`[Pp]` after the board) or `field` (counted tokens in their own field).
    pub hands: Option<String>,
}

/// `[notation]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotationFile {
    /// `uci` (`e2e4`, `e7e8q`) or `dash` (`e2-e4`, `e7-e8=Q`).
    pub style: Option<String>,
    /// Promotion suffix in `dash` style: `equals` (`=Q`) or `plus` (`+`, `+G`).
    pub promotion: Option<String>,
    /// Separator of a capturing move in `dash` style: `-` (default, `e4-d5`),
    /// `:` (`wc3:xc4`) or `x` (`e4xd5`). Input accepts all three.
    pub capture: Option<String>,
    /// Write the piece letter of a compulsory promotion that has a single
    /// choice too (`e6e7m`, Fairy-Stockfish's form); default false (`e6e7`).
    pub forced_suffix: Option<bool>,
    /// Offer western shogi notation (Hodges: `P-7f`, `Bx2b+`, `G*5b`, see
    /// `menagerie_rules::shogi_notation`) next to SAN; default false.
    pub shogi: Option<bool>,
    /// What players call the side that moves first and the side that moves second,
    /// as shown to them (default `["White", "Black"]`; the Shogi family:
    /// `["Black", "White"]`, sente moving first). FEN and the protocols keep `w`/`b`.
    pub players: Option<Vec<String>>,
}

/// `[ai]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiFile {
    /// Piece values in centipawns by piece key.
    pub values: Option<BTreeMap<String, i32>>,
}
