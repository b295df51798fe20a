//! Rule components: one file per rule family.
//!
//! A variant is pieces on a board plus the rule families it uses. Each
//! family lives in one file here that owns its data (the validated form of
//! its keys in the variant file), its behaviour and its unit tests. The
//! generic code — the move generator, make/unmake, FEN, the verdict — calls a
//! family through a small fixed set of hooks, each at one place, and names
//! no family itself:
//!
//! | hook | called by | families |
//! | --- | --- | --- |
//! | extra moves | `movegen::gen` after the piece moves | [`castling`], [`castling960`], [`drops`], [`placed_promotion`], [`passing`] |
//! | move choices | `movegen::gen` for each piece move | [`promotion`], [`immobility`], [`cannon_limits`] |
//! | move kind | `movegen::gen` (which table a piece uses, which table moves it may make) | [`imitation`], [`first_move`] |
//! | legality | `movegen::gen` (fast path) and `legal_after` | [`facing`], [`imitation`], [`check_escape`], [`checking`], [`forced_capture`], [`must_drop`], [`placed_promotion`], [`bikjang`] |
//! | effects of a move | `position::make` (recorded in the undo record) | [`castling`], [`castling960`], [`en_passant`], [`promotion`], [`drops`], [`imitation`], [`counting`], [`check_count`], [`first_move`], [`opposite_castling`] |
//! | verdict | [`end`] (one list, in the variant's order) | [`coverage`], [`check_count`], [`mate`], [`count_win`], [`repetition`], [`move_rule`], [`ply_cap`], [`bare_kings`], [`counting`], [`bare_king`], [`perpetual`], [`chasing`], [`flag`], [`connect`], [`extinction`], [`placed_promotion`], [`mate_series`], [`passing`], [`bikjang`], [`move_repetition`], [`material_count`], [`full_board`], [`castling_wins`] |
//!
//! | wall placement | `movegen::gen` after all moves, `position::make` | [`walls`] |
//! | drops that earn castling rights, colour-bound drops | `position::make`, the drop generator | [`drop_castling`], [`drop_colours`] |
//! | petrification | `position::make` after a capture, `last_move_legal` | [`petrify`] |
//! | enclosing drops and flips | the drop generator, `position::make` | [`flip`] |
//! | gating from the hand | `movegen::gen` after all moves, `position::make`, FEN castling field, `last_move_legal` | [`gating`] |
//!
//! Zone-dependent moves (`from`, `to`, `not_into`, `same_region` move-group
//! conditions) are compiled into the move tables (`movegen::compile`), so
//! the generator needs no hook for them.
//!
//! Adding a family: add a file here with its data type, its hook functions
//! and its tests; register it in this module and in the one place its hook
//! is called; parse its keys in the variant builder. `docs/dev-guide.md`
//! walks through an example.

pub mod atomic;
pub mod bare_king;
pub mod bare_kings;
pub mod bikjang;
pub mod cannon_limits;
pub mod castling;
pub mod castling960;
pub mod castling_wins;
pub mod chasing;
pub mod check_count;
pub mod check_escape;
pub mod checking;
pub mod connect;
pub mod count_win;
pub mod counting;
pub mod coverage;
pub mod drop_castling;
pub mod drop_colours;
pub mod drop_mate;
pub mod drops;
pub mod en_passant;
pub mod end;
pub mod extinction;
pub mod facing;
pub mod first_move;
pub mod flag;
pub mod flip;
pub mod forced_capture;
pub mod full_board;
pub mod gating;
pub mod imitation;
pub mod immobility;
pub mod mate;
pub mod mate_series;
pub mod material_count;
pub mod move_repetition;
pub mod move_rule;
pub mod must_drop;
pub mod mutual_immunity;
pub mod opposite_castling;
pub mod passing;
pub mod perpetual;
pub mod petrify;
pub mod placed_promotion;
pub mod ply_cap;
pub mod promotion;
pub mod repetition;
pub mod walls;
