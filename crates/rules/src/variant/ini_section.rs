//! One Fairy-Stockfish ini section on the chess template (a section with no
//! parent, or a chain of sections ending in `chess`) as a Menagerie TOML
//! variant.
//!
//! Fairy-Stockfish fills every key a section leaves out from its chess
//! template; Menagerie's TOML model has no template, so the translation
//! writes the template's values out (board 8x8, the chess pieces, the
//! pawn's double step and promotion, castling e1-g1/c1). It is done table
//! by table — header, board, regions, pieces, pawn, setup, castling,
//! rules, notation — each by one method of [`Template`], which also
//! collects the problems, so that every problem of a section is reported
//! at once. Game-rule keys that need nothing else come from `ini_rules`.

use super::ini::{bool_of, file_number, key_problem, Settings, NAMED};
use super::ini_army;
use super::ini_blast;
use super::ini_castling;
use super::ini_clip;
use super::ini_connect;
use super::ini_fen;
use super::ini_gating;
use super::ini_goals;
use super::ini_palace;
use super::ini_pawns;
use super::ini_regions;
use super::ini_rules;
use super::ini_steps;
use super::ini_walls;
use super::ini_xiangqi;
use super::load::Problem;
use std::collections::BTreeMap;
use toml::{Table, Value};

/// The keys this module translates, besides the named piece types,
/// `customPieceN` and [`ini_rules::keys`].
const TEMPLATE_KEYS: &[&str] = &[
    "pawn",
    "king",
    "maxFile",
    "maxRank",
    "startFen",
    "castling",
    "castlingRank",
    "castlingKingFile",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRookPieces",
    "castlingKingPiece",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "mandatoryPawnPromotion",
    "promotedPieceType",
    "mandatoryPiecePromotion",
    "pieceDemotion",
    "dropPromoted",
    "piecePromotionOnCapture",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "enPassantRegion",
    "shogiPawnDropMateIllegal",
    "countingRule",
    "dropLoop",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "gating",
    "cambodianMoves",
    "chess960",
];

/// The display name `read_pieces` gives the `janggiCannon` type.
const JANGGI_CANNON: &str = "JanggiCannon";
/// The region an `enPassantRegion` key becomes (`[rules] en_passant_region`).
const EN_PASSANT_REGION: &str = "en-passant";
/// Fairy-Stockfish's start position when a section gives none.
const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// The template's castling: king on the e-file, to g or c.
const CASTLING_KING_FILE: usize = 5;
const CASTLING_KINGSIDE_FILE: usize = 7;
const CASTLING_QUEENSIDE_FILE: usize = 3;
/// The template's pawn promotes to the pieces of these types (less those a
/// section removes; a custom piece that took one of their letters is not
/// one of them).
const PAWN_PROMOTIONS: [&str; 4] = ["Knight", "Bishop", "Rook", "Queen"];
/// A region with no cell (every cell, then every cell taken away): the
/// drop zone of a type that may be held but never dropped.
const NO_CELLS: &str = "* !*";
/// Largest board a section may ask for.
const MAX_FILES: usize = 26;
const MAX_RANKS: usize = 99;

/// The piece types Fairy-Stockfish's default template (chess) defines,
/// with their letters.
pub(super) const DEFAULT_LETTERS: &[(&str, char)] = &[
    ("pawn", 'p'),
    ("knight", 'n'),
    ("bishop", 'b'),
    ("rook", 'r'),
    ("queen", 'q'),
    ("king", 'k'),
];

/// The pieces of a section by FEN letter (lowercase).
struct Pieces {
    /// (name, Betza) of every piece but the pawn.
    others: BTreeMap<char, (String, String)>,
    /// The pawn's letter, if the section has a pawn.
    pawn: Option<char>,
    /// The royal piece's letter, if the section has one.
    king: Option<char>,
    /// FEN letter -> the letter Fairy-Stockfish's SAN writes instead
    /// (`Settings::san_letters` of the types still in the game).
    san: BTreeMap<char, char>,
}

/// Who a letter belongs to while the pieces are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Pawn,
    King,
    Other,
}

/// The letter a piece key gives: one letter, `-` (no such piece, `None`),
/// or for `king` and custom pieces `letter:Betza`; the template's letter
/// when the key is absent.
fn piece_letter(
    st: &Settings,
    k: &str,
    with_betza: bool,
) -> Result<Option<(char, Option<String>)>, Problem> {
    let Some(v) = st.get(k) else {
        let default = DEFAULT_LETTERS.iter().find(|(n, _)| *n == k);
        return Ok(default.map(|x| (x.1, None)));
    };
    let mut chars = v.chars();
    match (chars.next(), chars.next()) {
        (Some('-'), None) => Ok(None),
        (Some(c), None) if c.is_ascii_alphabetic() => Ok(Some((c.to_ascii_lowercase(), None))),
        (Some(c), Some(':')) if with_betza && c.is_ascii_alphabetic() => Ok(Some((
            c.to_ascii_lowercase(),
            Some(v[2..].trim().to_string()),
        ))),
        _ => {
            let want = if with_betza {
                "`letter:Betza`, one letter"
            } else {
                "one letter"
            };
            Err(st.problem(k, format!("`{v}`: expected {want} or `-`")))
        }
    }
}

/// Reads the piece keys of a section in Fairy-Stockfish's order of piece
/// types (pawn, the named types, `customPieceN` by number, king): a type
/// that takes a letter another type had removes that type, as in
/// Fairy-Stockfish (so `customPiece1 = p:...` replaces the pawn).
fn read_pieces(st: &Settings, problems: &mut Vec<Problem>) -> Pieces {
    let mut by_letter: BTreeMap<char, (Role, String, String)> = BTreeMap::new();
    let letter_of = |k: &str, with_betza: bool, problems: &mut Vec<Problem>| {
        piece_letter(st, k, with_betza).unwrap_or_else(|p| {
            problems.push(p);
            None
        })
    };
    if let Some((c, _)) = letter_of("pawn", false, problems) {
        by_letter.insert(c, (Role::Pawn, "Pawn".into(), String::new()));
    }
    for (k, betza) in NAMED {
        if let Some((c, _)) = letter_of(k, false, problems) {
            let mut name = (*k).to_string();
            name[..1].make_ascii_uppercase();
            by_letter.insert(c, (Role::Other, name, (*betza).to_string()));
        }
    }
    let mut customs: Vec<(u32, &str)> = Vec::new();
    for k in st.values.keys() {
        if let Some(rest) = k.strip_prefix("customPiece") {
            match rest.parse::<u32>() {
                Ok(n) => customs.push((n, k)),
                Err(_) => problems.push(st.problem(k, "customPiece needs a number".into())),
            }
        }
    }
    customs.sort_unstable();
    for (_, k) in customs {
        match letter_of(k, true, problems) {
            Some((c, Some(betza))) => {
                let name = format!("Custom {}", c.to_ascii_uppercase());
                by_letter.insert(c, (Role::Other, name, betza));
            }
            Some((_, None)) => {
                let v = st.get(k).unwrap_or("");
                problems.push(st.problem(k, format!("`{v}`: expected `letter:Betza`")));
            }
            None => {}
        }
    }
    // The template's king was there before any key of the section: a type
    // the section gives its letter (`centaur = k`) removed it. A `king` key
    // of the section itself is read last and takes its letter back.
    let king_given = st.get("king").is_some();
    if let Some((c, betza)) = letter_of("king", true, problems) {
        if king_given || !by_letter.contains_key(&c) {
            let betza = betza.unwrap_or_else(|| "K".into());
            by_letter.insert(c, (Role::King, "King".into(), betza));
        }
    }
    let find = |role| by_letter.iter().find(|(_, v)| v.0 == role).map(|(c, _)| *c);
    let san = st
        .san_letters
        .iter()
        .filter_map(|(k, &san)| {
            let (c, _) = piece_letter(st, k, false).ok()??;
            let mut name = k.clone();
            name[..1].make_ascii_uppercase();
            // The type still holds its letter (no later type took it).
            (by_letter.get(&c)?.1 == name).then_some((c, san))
        })
        .collect();
    Pieces {
        san,
        pawn: find(Role::Pawn),
        king: find(Role::King),
        others: by_letter
            .iter()
            .filter(|(_, v)| v.0 != Role::Pawn)
            .map(|(c, v)| (*c, (v.1.clone(), v.2.clone())))
            .collect(),
    }
}

/// The TOML text of section `id` of `file` (its keys in `st`), or every
/// problem found in it.
pub(super) fn to_toml(id: &str, file: &str, st: &Settings) -> Result<String, Vec<Problem>> {
    let mut problems = Vec::new();
    let pieces = read_pieces(st, &mut problems);
    let translated: Vec<&str> = TEMPLATE_KEYS
        .iter()
        .copied()
        .chain(ini_rules::keys())
        .chain(ini_goals::KEYS.iter().copied())
        .chain(ini_walls::KEYS.iter().copied())
        .chain(ini_blast::KEYS.iter().copied())
        .chain(ini_regions::KEYS.iter().copied())
        .chain(ini_xiangqi::KEYS.iter().copied())
        .chain(ini_palace::KEYS.iter().copied())
        .chain(ini_connect::KEYS.iter().copied())
        .chain(ini_army::KEYS.iter().copied())
        .chain(ini_gating::KEYS.iter().copied())
        .chain(ini_pawns::KEYS.iter().copied())
        .chain(ini_steps::KEYS.iter().copied())
        .chain(ini_castling::KEYS.iter().copied())
        .collect();
    for k in st
        .values
        .keys()
        .filter(|k| !ini_regions::is_mobility_key(k))
    {
        if let Some(msg) = key_problem(k, &translated) {
            problems.push(st.problem(k, msg));
        }
    }
    let Some((files, ranks)) = board_size(st, &mut problems) else {
        return Err(problems);
    };
    let mut tr = Template {
        st,
        files,
        ranks,
        promo_white: st
            .get("promotionRegionWhite")
            .map_or(format!("*{ranks}"), str::to_string),
        // A board of one or two ranks has no room for a double step.
        double_step: st.get("doubleStep").and_then(bool_of).unwrap_or(true) && ranks > 2,
        pieces,
        problems,
    };
    let t = tr.variant(id, file);
    if !tr.problems.is_empty() {
        return Err(tr.problems);
    }
    toml::to_string(&t).map_err(|e| vec![st.problem("", e.to_string())])
}

/// `maxFile` x `maxRank`, 8x8 when absent; `None` (with the problem) when
/// unreadable or too large.
fn board_size(st: &Settings, problems: &mut Vec<Problem>) -> Option<(usize, usize)> {
    let files = st.get("maxFile").map_or(Some(8), file_number);
    let ranks = st
        .get("maxRank")
        .map_or(Some(8), |s| s.parse::<usize>().ok());
    let (Some(files), Some(ranks)) = (files, ranks) else {
        problems.push(st.problem(
            "maxFile",
            "board size must be a number (or a file letter for maxFile)".into(),
        ));
        return None;
    };
    if !(1..=MAX_FILES).contains(&files) || !(1..=MAX_RANKS).contains(&ranks) {
        problems.push(st.problem(
            "maxFile",
            format!(
                "board {files}x{ranks} is out of range (1-{MAX_FILES} files, 1-{MAX_RANKS} ranks)"
            ),
        ));
        return None;
    }
    Some((files, ranks))
}

/// A section's translation under way.
struct Template<'a> {
    st: &'a Settings,
    files: usize,
    ranks: usize,
    /// White's promotion region (Black's is read where it is written).
    promo_white: String,
    /// Pawns have the template's double step.
    double_step: bool,
    pieces: Pieces,
    problems: Vec<Problem>,
}

impl<'a> Template<'a> {
    fn get(&self, k: &str) -> Option<&'a str> {
        self.st.get(k)
    }

    fn flag(&self, k: &str) -> Option<bool> {
        self.get(k).and_then(bool_of)
    }

    fn bad(&mut self, k: &str, message: String) {
        self.problems.push(self.st.problem(k, message));
    }

    /// The whole variant table.
    fn variant(&mut self, id: &str, file: &str) -> Table {
        let mut t = Table::new();
        t.insert("id".into(), Value::String(id.to_ascii_lowercase()));
        t.insert("name".into(), Value::String(id.to_string()));
        t.insert("family".into(), Value::String("Fairy-Stockfish".into()));
        t.insert(
            "description".into(),
            Value::String(format!("Loaded from {file}.")),
        );
        let mut board = Table::new();
        board.insert("files".into(), int(self.files));
        board.insert("ranks".into(), int(self.ranks));
        let walls = ini_fen::wall_cells(&self.start_fen(), self.ranks);
        if !walls.is_empty() {
            let walls = walls.into_iter().map(Value::String).collect();
            board.insert("holes".into(), Value::Array(walls));
        }
        t.insert("board".into(), Value::Table(board));
        t.insert("regions".into(), Value::Table(self.regions()));
        let mut pieces = self.pieces_table();
        // Read only where a pawn type may use it (its keys name pieces).
        let pawn_keys = ini_pawns::KEYS.iter().any(|k| self.get(k).is_some());
        let promotion = if self.pieces.pawn.is_some() || pawn_keys {
            self.pawn_promotion()
        } else {
            Table::new()
        };
        self.pawn(&mut pieces, promotion.clone());
        let first_moves = self.first_move_leaps(&mut pieces);
        t.insert("pieces".into(), Value::Table(pieces));
        let zones = (
            self.promo_white.clone(),
            self.get("promotionRegionBlack").unwrap_or("*1").to_string(),
        );
        let cx = ini_pawns::PawnContext {
            pawn: self.pieces.pawn,
            promotion: &promotion,
            zones,
            reverts: self.flag("capturesToHand") == Some(true)
                && self.flag("dropLoop") != Some(true),
        };
        ini_pawns::apply(self.st, &cx, &mut t, &mut self.problems);
        ini_steps::apply(self.st, self.pieces.pawn, &mut t, &mut self.problems);
        let fen = self.start_fen();
        let mut setup = Table::new();
        setup.insert("fen".into(), Value::String(fen));
        t.insert("setup".into(), Value::Table(setup));
        if let Some(castling) = self.castling() {
            t.insert("castling".into(), castling);
        }
        let mut rules = self.rules();
        if self.pieces.king.is_none() {
            // Fairy-Stockfish's check bans (`checking`, `dropChecks`) look
            // for its King type only: without one they ban nothing, not
            // even checks to a pseudo-royal piece (atomic crazyhouse).
            rules.remove("checking");
            rules.remove("drop_checks");
        }
        let mut letters: Vec<char> = self.pieces.others.keys().copied().collect();
        letters.extend(self.pieces.pawn);
        let flag = ini_goals::translate(self.st, &letters, &mut rules, &mut self.problems);
        let pawn = self.pieces.pawn;
        ini_blast::translate(self.st, &letters, pawn, &mut rules, &mut self.problems);
        if let (Some(region), Some(Value::Table(regions))) = (flag, t.get_mut("regions")) {
            regions.insert("flag".into(), Value::Table(region));
        }
        let joins = ini_connect::translate(self.st, &letters, &mut rules, &mut self.problems);
        if let Some(Value::Table(regions)) = t.get_mut("regions") {
            regions.extend(joins.into_iter().map(|(k, r)| (k, Value::Table(r))));
        }
        ini_army::translate(self.st, &letters, &mut rules, &mut self.problems);
        if let Some(fm) = first_moves {
            rules.insert("first_move".into(), fm);
        }
        ini_gating::translate(self.st, &mut rules, &mut self.problems);
        ini_castling::translate(self.st, &mut rules, &mut self.problems);
        t.insert("rules".into(), Value::Table(rules));
        ini_walls::apply(self.st, &letters, &mut t, &mut self.problems);
        // The Soldier's moves first: a mobility region confines them all.
        ini_xiangqi::apply(self.st, self.ranks, &mut t, &mut self.problems);
        ini_palace::apply(self.st, &mut t);
        let size = (self.files, self.ranks);
        ini_regions::apply(self.st, size, &mut t, &mut self.problems);
        t.insert("notation".into(), Value::Table(self.notation()));
        t
    }

    /// The start position, as Fairy-Stockfish reads it.
    fn start_fen(&self) -> String {
        let fen = self
            .get("startFen")
            .map_or(CHESS_FEN.to_string(), ini_fen::start_fen);
        // Without castling (and without gating, which reads the field for
        // its gates) the castling field is read and ignored.
        if self.flag("castling") == Some(false) && self.flag("gating") != Some(true) {
            ini_fen::without_castling(&fen)
        } else {
            fen
        }
    }

    /// The promotion region and, with the double step, its region.
    fn regions(&self) -> Table {
        let mut regions = Table::new();
        let region = |k: &str, default: String| self.get(k).map_or(default, str::to_string);
        let mut per_side = |name: &str, white: String, black: String, kind: &str| {
            let mut r = Table::new();
            r.insert("white".into(), Value::String(white));
            r.insert("black".into(), Value::String(black));
            r.insert("kind".into(), Value::String(kind.to_string()));
            regions.insert(name.into(), Value::Table(r));
        };
        let clip = |r: String| ini_clip::on_board(&r, self.files, self.ranks);
        per_side(
            "promotion",
            clip(self.promo_white.clone()),
            clip(region("promotionRegionBlack", "*1".into())),
            "promotion",
        );
        if self.double_step {
            per_side(
                "double-step",
                region("doubleStepRegionWhite", "*2".into()),
                region("doubleStepRegionBlack", format!("*{}", self.ranks - 1)),
                "other",
            );
        }
        // Fairy-Stockfish's region is one set of cells for both colours;
        // `-` is no cell (no en passant at all).
        if let Some(cells) = self.get("enPassantRegion") {
            let cells = if cells.trim() == "-" { NO_CELLS } else { cells };
            per_side(EN_PASSANT_REGION, cells.into(), cells.into(), "other");
        }
        regions
    }

    /// `promotedPieceType` as (piece, promoted piece) letter pairs.
    fn promoted(&self) -> BTreeMap<char, char> {
        let Some(s) = self.get("promotedPieceType") else {
            return BTreeMap::new();
        };
        s.split_whitespace()
            .filter_map(|pair| {
                let (a, b) = pair.split_once(':')?;
                Some((
                    a.chars().next()?.to_ascii_lowercase(),
                    b.chars().next()?.to_ascii_lowercase(),
                ))
            })
            .collect()
    }

    /// Every piece but the pawn, with `promotedPieceType` and
    /// `dropNoDoubled`.
    fn pieces_table(&mut self) -> Table {
        let promoted = self.promoted();
        let mandatory = self.flag("mandatoryPiecePromotion").unwrap_or(false);
        let demotion = self.flag("pieceDemotion").unwrap_or(false);
        let drop_promoted = self.flag("dropPromoted").unwrap_or(false);
        let trigger = if self.flag("piecePromotionOnCapture") == Some(true) {
            "capture"
        } else {
            "start-or-end"
        };
        let mut table = Table::new();
        let others: Vec<(char, String, String)> = self
            .pieces
            .others
            .iter()
            .map(|(&l, (name, betza))| (l, name.clone(), betza.clone()))
            .collect();
        for (l, name, betza) in others {
            let mut p = Table::new();
            p.insert("name".into(), Value::String(name.clone()));
            if betza.is_empty() {
                p.insert("immobile".into(), Value::Boolean(true));
            } else {
                p.insert("betza".into(), Value::String(betza));
            }
            if Some(l) == self.pieces.king {
                p.insert("royal".into(), Value::Boolean(true));
            }
            if name == JANGGI_CANNON {
                // Fairy-Stockfish's Janggi Cannon never hops over nor takes
                // a Janggi Cannon (`components::cannon_limits`).
                let own = Value::Array(vec![letter(l)]);
                p.insert("no_hop_over".into(), own.clone());
                p.insert("no_capture".into(), own);
            }
            if l.eq_ignore_ascii_case(&'p') {
                // Not the pawn type: Fairy-Stockfish's SAN writes its letter
                // (Breakthrough's or Hexapawn's `customPiece1 = p:...`).
                p.insert("san".into(), Value::String("P".into()));
            }
            if let Some(&san) = self.pieces.san.get(&l) {
                p.insert("san".into(), Value::String(san.to_string()));
            }
            if let Some(&to) = promoted.get(&l) {
                if !self.pieces.others.contains_key(&to) {
                    self.bad("promotedPieceType", format!("`{l}:{to}`: no piece `{to}`"));
                }
                let mut pr = Table::new();
                pr.insert("zone".into(), Value::String("promotion".into()));
                pr.insert("to".into(), Value::Array(vec![letter(to)]));
                pr.insert("style".into(), Value::String("promote".into()));
                pr.insert("trigger".into(), Value::String(trigger.into()));
                pr.insert("mandatory".into(), Value::Boolean(mandatory));
                pr.insert("demotion".into(), Value::Boolean(demotion));
                pr.insert("drop_promoted".into(), Value::Boolean(drop_promoted));
                p.insert("promotion".into(), Value::Table(pr));
            }
            self.drop_no_doubled(l, &mut p);
            table.insert(l.to_ascii_uppercase().to_string(), Value::Table(p));
        }
        table
    }

    /// Applies `dropNoDoubled` to the type of letter `l` (its table `p`):
    /// a file holding `dropNoDoubledCount` own pieces of the type is closed
    /// to its drops. Fairy-Stockfish closes a file once the count reaches
    /// that number, so a count of 0 closes every file: the type may be held
    /// in hand but never dropped (an empty drop zone).
    fn drop_no_doubled(&mut self, l: char, p: &mut Table) {
        let listed = self
            .get("dropNoDoubled")
            .is_some_and(|s| s.chars().any(|c| c.eq_ignore_ascii_case(&l)));
        if !listed {
            return;
        }
        if self.get("dropNoDoubledCount").map(str::trim) == Some("0") {
            p.insert("drop_zone".into(), Value::String(NO_CELLS.into()));
        } else {
            p.insert("no_doubled".into(), self.no_doubled_value());
        }
    }

    /// The `no_doubled` value of a `dropNoDoubled` type: `true`, or the
    /// `dropNoDoubledCount` (how many own pieces close a file; default 1).
    fn no_doubled_value(&mut self) -> Value {
        match self.get("dropNoDoubledCount").map(str::parse::<u8>) {
            None | Some(Ok(1)) => Value::Boolean(true),
            Some(Ok(n)) => Value::Integer(i64::from(n)),
            Some(Err(_)) => {
                let v = self
                    .get("dropNoDoubledCount")
                    .unwrap_or_default()
                    .to_string();
                self.bad("dropNoDoubledCount", format!("`{v}` is not a count"));
                Value::Boolean(true)
            }
        }
    }

    /// The template's pawn (if the section keeps one) with its promotion,
    /// double step and, in a drop game, its drop rules.
    fn pawn(&mut self, pieces: &mut Table, mut pr: Table) {
        let Some(pl) = self.pieces.pawn else { return };
        let mut p = Table::new();
        p.insert("name".into(), Value::String("Pawn".into()));
        p.insert("betza".into(), Value::String("fmWfceF".into()));
        if !pl.eq_ignore_ascii_case(&'p') {
            // Fairy-Stockfish's SAN leaves out the pawn type's letter, whatever
            // letter the section gives it.
            p.insert("san".into(), Value::String(String::new()));
        }
        if self.double_step {
            let mut g = Table::new();
            g.insert("betza".into(), Value::String("ifmnD".into()));
            p.insert("moves".into(), Value::Array(vec![Value::Table(g)]));
            p.insert("initial".into(), Value::String("double-step".into()));
        }
        p.insert("en_passant".into(), Value::Boolean(true));
        p.insert("resets_clock".into(), Value::Boolean(true));
        if self.flag("pieceDrops") == Some(true) {
            self.pawn_drops(&mut p, &mut pr);
            self.drop_no_doubled(pl, &mut p);
        }
        self.pawn_piece_promotion(pl, &mut pr);
        p.insert("promotion".into(), Value::Table(pr));
        let key = pl.to_ascii_uppercase().to_string();
        if pieces.contains_key(&key) {
            self.bad("pawn", format!("letter `{pl}` used twice"));
        }
        pieces.insert(key, Value::Table(p));
    }

    /// The promotion of a pawn type (the Pawn, and the `ini_pawns` types):
    /// in the zone, to the section's choices for each colour, compulsory
    /// unless `mandatoryPawnPromotion = false`.
    fn pawn_promotion(&mut self) -> Table {
        let mut pr = Table::new();
        pr.insert("zone".into(), Value::String("promotion".into()));
        let white = self.pawn_promotions("promotionPieceTypesWhite");
        let black = self.pawn_promotions("promotionPieceTypesBlack");
        if black != white {
            pr.insert("to_black".into(), Value::Array(black));
        }
        pr.insert("to".into(), Value::Array(white));
        pr.insert(
            "mandatory".into(),
            Value::Boolean(self.flag("mandatoryPawnPromotion").unwrap_or(true)),
        );
        // As in Fairy-Stockfish, a Pawn that must promote and has no choice
        // left may not move into the zone.
        pr.insert("blocked_without_choice".into(), Value::Boolean(true));
        pr
    }

    /// `promotedPieceType` for the Pawn (Shinobi's Pawn turns into a
    /// Commoner): in Fairy-Stockfish a Pawn move that ends in the zone may
    /// then also promote Shogi-style, keeping its origin (`plus_to`, the
    /// move `a7a8+`); with no `promotionPieceTypes` left that is its only
    /// promotion, compulsory under `mandatoryPawnPromotion`.
    fn pawn_piece_promotion(&mut self, pl: char, pr: &mut Table) {
        let Some(&to) = self.promoted().get(&pl) else {
            return;
        };
        if !self.pieces.others.contains_key(&to) {
            self.bad("promotedPieceType", format!("`{pl}:{to}`: no piece `{to}`"));
            return;
        }
        let choices = pr.get("to").and_then(Value::as_array).map_or(0, Vec::len);
        if choices > 0 {
            pr.insert("plus_to".into(), letter(to));
            return;
        }
        pr.insert("to".into(), Value::Array(vec![letter(to)]));
        pr.insert("style".into(), Value::String("promote".into()));
    }

    /// What the pawn of one colour promotes to: its own key (`key`,
    /// `promotionPieceTypesWhite` or `...Black`), else
    /// `promotionPieceTypes`, else the template's choice less the types a
    /// section removes, as in Fairy-Stockfish; `-` is no choice at all.
    fn pawn_promotions(&mut self, key: &str) -> Vec<Value> {
        let (explicit, used) = match self.get(key) {
            Some(s) => (Some(s), key),
            None => (self.get("promotionPieceTypes"), "promotionPieceTypes"),
        };
        let default: String = PAWN_PROMOTIONS
            .iter()
            .filter_map(|name| {
                let found = self.pieces.others.iter().find(|(_, (n, _))| n == name);
                found.map(|(&l, _)| l)
            })
            .collect();
        let types = match explicit {
            // Without a parent, no promotion unless a key gives one.
            None if self.st.bare => "",
            None => default.as_str(),
            Some("-") => "",
            Some(s) => s,
        };
        let mut to = Vec::new();
        for c in types.chars().map(|c| c.to_ascii_lowercase()) {
            if self.pieces.others.contains_key(&c) {
                to.push(letter(c));
            } else if explicit.is_some() {
                self.bad(used, format!("no piece `{c}`"));
            }
        }
        to
    }

    /// Crazyhouse rules for the pawn of a drop game: no drops on the first
    /// rank (unless `firstRankPawnDrops`) nor in the promotion zone (unless
    /// `promotionZonePawnDrops`); a promoted pawn captured goes to the hand
    /// as a pawn again when captures go to the hand, unless `dropLoop`.
    fn pawn_drops(&self, pawn: &mut Table, promotion: &mut Table) {
        let mut zone = format!("*1-*{}", self.ranks);
        if self.flag("firstRankPawnDrops") != Some(true) {
            zone.push_str(" !*1");
        }
        if self.flag("promotionZonePawnDrops") != Some(true) {
            for term in self.promo_white.split_whitespace() {
                zone.push_str(&format!(" !{term}"));
            }
        }
        pawn.insert("drop_zone".into(), Value::String(zone));
        if self.flag("capturesToHand") == Some(true) && self.flag("dropLoop") != Some(true) {
            promotion.insert("style".into(), Value::String("revert".into()));
        }
    }

    /// The template's castling, moved by the castling keys; `None` when
    /// the section turns it off, has no piece that castles (the king, or the
    /// `castlingKingPiece`, as the Commoner of giveaway and atomic chess,
    /// `-` or left empty when that piece is taken out of the game), or the
    /// board is too small. A castling move through a wall of the start
    /// position (a hole) can never be made: it is left out.
    fn castling(&mut self) -> Option<Value> {
        let castler = match self.get("castlingKingPiece") {
            None => self.pieces.king,
            Some(s) if matches!(s.trim(), "" | "-") => None,
            Some(s) => {
                let c = s.chars().next().map(|c| c.to_ascii_lowercase());
                match c.filter(|c| s.len() == 1 && self.pieces.others.contains_key(c)) {
                    Some(c) => Some(c),
                    None => {
                        self.bad("castlingKingPiece", format!("`{s}`: no such piece"));
                        return None;
                    }
                }
            }
        };
        if !self.flag("castling").unwrap_or(true) || castler.is_none() {
            return None;
        }
        let rank: usize = self
            .get("castlingRank")
            .and_then(|s| s.parse().ok())
            .unwrap_or(1);
        let file = |k: &str, default| self.get(k).and_then(file_number).unwrap_or(default);
        // As in Fairy-Stockfish, a lone King on the castling rank of the
        // start position castles from where it stands.
        let row = ini_fen::board_rows(&self.start_fen())
            .and_then(|rows| rows.get(self.ranks.checked_sub(rank)?).cloned())
            .unwrap_or_default();
        let king = self.pieces.king.map(|k| k.to_ascii_uppercase());
        let kings: Vec<usize> = (1..=row.len())
            .filter(|&f| king.is_some() && row[f - 1] == king)
            .collect();
        let kf = match kings[..] {
            [f] => f,
            _ => file("castlingKingFile", CASTLING_KING_FILE),
        };
        // The Rooks: the outermost on either side (the template's corners
        // when there is none).
        let rook_at = |f: &usize| row.get(f - 1) == Some(&Some('R'));
        let kingside_rook = (kf + 1..=self.files).rev().find(rook_at);
        let queenside_rook = (1..kf).find(rook_at);
        let ks = file("castlingKingsideFile", CASTLING_KINGSIDE_FILE);
        let qs = file("castlingQueensideFile", CASTLING_QUEENSIDE_FILE);
        if let Some(r) = self.get("castlingRookPieces") {
            let rook = self.pieces.others.keys().find(|&&c| c == 'r').copied();
            let given = r.chars().next().map(|c| c.to_ascii_lowercase());
            if r.len() != 1 || given != rook.or(Some('r')) {
                self.bad(
                    "castlingRookPieces",
                    format!("`{r}`: only a single rook letter `r` is supported"),
                );
            }
        }
        let in_range = |f: usize| (1..=self.files).contains(&f);
        let fits = in_range(kf)
            && in_range(ks)
            && in_range(qs)
            && ks >= 2
            && qs < self.files
            && (1..=self.ranks).contains(&rank);
        if !fits {
            // The template's castling cannot happen on a board too small for
            // it: no castling, as in Fairy-Stockfish (a start position that
            // grants it is refused when read) — unless the section moved it.
            let explicit = [
                "castlingKingFile",
                "castlingKingsideFile",
                "castlingQueensideFile",
                "castlingRank",
            ]
            .into_iter()
            .find(|k| self.get(k).is_some());
            if let Some(k) = explicit {
                self.bad(k, "castling files or rank outside the board".into());
            }
            return None;
        }
        if self.flag("chess960") == Some(true) {
            // The rights follow the Rooks' files (`[rules] chess960`,
            // written by `rules`): no fixed castling moves.
            return None;
        }
        let cell = |f: usize| Value::String(format!("{}{rank}", char::from(b'a' + (f - 1) as u8)));
        let kingside = kingside_rook.unwrap_or(self.files);
        let queenside = queenside_rook.unwrap_or(1);
        let holes = ini_fen::wall_cells(&self.start_fen(), self.ranks);
        let black_rank = self.ranks + 1 - rank;
        let open = |f: usize| {
            let file = char::from(b'a' + (f - 1) as u8);
            [rank, black_rank]
                .iter()
                .all(|r| !holes.contains(&format!("{file}{r}")))
        };
        let list: Vec<Value> = [("K", ks, kingside, ks - 1), ("Q", qs, queenside, qs + 1)]
            .into_iter()
            .filter(|&(_, to, partner, partner_to)| {
                [kf, to, partner, partner_to].into_iter().all(open)
            })
            .map(|(letter, to, partner, partner_to)| {
                let mut c = Table::new();
                c.insert("letter".into(), Value::String(letter.into()));
                c.insert("king".into(), cell(kf));
                c.insert("to".into(), cell(to));
                c.insert("partner".into(), cell(partner));
                c.insert("partner_to".into(), cell(partner_to));
                Value::Table(c)
            })
            .collect();
        (!list.is_empty()).then_some(Value::Array(list))
    }

    /// `chess960 = true` (Fischer random castling,
    /// `components::castling960`): the King castles with a Rook from any
    /// file, ending on `castlingKingsideFile` / `castlingQueensideFile`.
    /// Only on the first rank and with the rook as the partner.
    fn chess960(&mut self) -> Option<Value> {
        if self.flag("chess960") != Some(true)
            || !self.flag("castling").unwrap_or(true)
            || self.pieces.king.is_none()
        {
            return None;
        }
        if self.get("castlingRank").is_some_and(|r| r != "1") {
            self.bad(
                "chess960",
                "chess960 castling on a rank other than the first is not supported yet".into(),
            );
            return None;
        }
        let letter = |f: usize| Value::String(char::from(b'a' + (f - 1) as u8).to_string());
        let file = |k: &str, default| self.get(k).and_then(file_number).unwrap_or(default);
        let ks = file("castlingKingsideFile", CASTLING_KINGSIDE_FILE);
        let qs = file("castlingQueensideFile", CASTLING_QUEENSIDE_FILE);
        let mut t = Table::new();
        t.insert("king".into(), Value::String("K".into()));
        t.insert("king_to".into(), Value::Array(vec![letter(ks), letter(qs)]));
        Some(Value::Table(t))
    }

    /// `[rules]`: the template's defaults, the keys of `ini_rules`, and the
    /// rules that need the section's pieces.
    fn rules(&mut self) -> Table {
        let mut rules = Table::new();
        // Fairy-Stockfish resets its move-rule clock on every promotion,
        // unless promoted pieces may turn back (`pieceDemotion`).
        let demotion = self.flag("pieceDemotion") == Some(true);
        rules.insert("promotion_resets_clock".into(), Value::Boolean(!demotion));
        // Its template's captures stay off the hand unless a key says so
        // (Menagerie's default is to send them there in a drop game).
        if self.flag("pieceDrops") == Some(true) && self.get("capturesToHand").is_none() {
            rules.insert("captures_to_hand".into(), Value::Boolean(false));
        }
        ini_rules::translate(self.st, &mut rules, &mut self.problems);
        self.counting(&mut rules);
        // The ban applies to Fairy-Stockfish's Shogi pawn type only.
        let shogi_pawn = self.get("shogiPawn").filter(|s| *s != "-");
        if let (Some(true), Some(p)) = (self.flag("shogiPawnDropMateIllegal"), shogi_pawn) {
            rules.insert(
                "drop_mate_loses".into(),
                Value::Array(vec![Value::String(p.to_ascii_uppercase())]),
            );
        }
        if let Some(t) = self.chess960() {
            rules.insert("chess960".into(), t);
        }
        if self.get("enPassantRegion").is_some() {
            rules.insert(
                "en_passant_region".into(),
                Value::String(EN_PASSANT_REGION.into()),
            );
        }
        rules
    }

    /// `gating` with `cambodianMoves` (Cambodian chess): the king's first
    /// move may be a knight leap to the rank in front of it (not out of
    /// check), the fers's (met's) a leap two cells straight forward, and a
    /// rook moving onto the enemy king's rank or file takes the king's right
    /// (`components::first_move`); the FEN's castling field names the files
    /// of the pieces that hold their rights. Gives the `first_move` rules
    /// table. `gating` with `seirawanGating` is gating from the hand
    /// (`ini_gating`); `gating` alone (rights that nothing uses) is not
    /// supported yet; `cambodianMoves` alone does nothing in
    /// Fairy-Stockfish (no gates are ever set), so nothing here either.
    fn first_move_leaps(&mut self, pieces: &mut Table) -> Option<Value> {
        match (self.flag("gating"), self.flag("cambodianMoves")) {
            (Some(true), Some(true)) => {}
            (Some(true), _) if ini_gating::wanted(self.st) => return None,
            (Some(true), _) => {
                self.bad(
                    "gating",
                    "gating rights without `seirawanGating` or `cambodianMoves` are not supported yet".into(),
                );
                return None;
            }
            _ => return None,
        }
        let letter_of = |names: &[&str]| {
            self.pieces
                .others
                .iter()
                .find(|(_, (n, _))| names.contains(&n.as_str()))
                .map(|(&l, _)| l.to_ascii_uppercase().to_string())
        };
        let mut add_group = |key: Option<String>, betza: &str, calm: bool| {
            let Some(Value::Table(p)) = key.and_then(|k| pieces.get_mut(&k)) else {
                return;
            };
            let mut g = Table::new();
            g.insert("betza".into(), Value::String(betza.into()));
            g.insert("first_move".into(), Value::Boolean(true));
            if calm {
                g.insert("not_in_check".into(), Value::Boolean(true));
            }
            let groups = p.entry("moves").or_insert_with(|| Value::Array(Vec::new()));
            if let Value::Array(groups) = groups {
                groups.push(Value::Table(g));
            }
        };
        let king = self.pieces.king.map(|k| k.to_ascii_uppercase().to_string());
        add_group(king, "mfsN", true);
        add_group(letter_of(&["Fers", "Met"]), "mfD", false);
        let mut fm = Table::new();
        if let Some(rook) = letter_of(&["Rook"]) {
            fm.insert("revoked_by".into(), Value::String(rook));
        }
        Some(Value::Table(fm))
    }

    /// `countingRule`: the counted types are Fairy-Stockfish's pawn, rook,
    /// khon (its silver general) and knight.
    fn counting(&mut self, rules: &mut Table) {
        let Some(style) = self.get("countingRule").filter(|s| *s != "none") else {
            return;
        };
        let letter_of = |name: &str| {
            self.pieces
                .others
                .iter()
                .find(|(_, (n, _))| n == name)
                .map(|(&l, _)| letter(l))
        };
        let pawn = self.pieces.pawn.map(letter);
        let found = (
            pawn,
            letter_of("Rook"),
            letter_of("Silver"),
            letter_of("Knight"),
        );
        let (Some(pawn), Some(rook), Some(khon), Some(knight)) = found else {
            self.bad(
                "countingRule",
                "a counting rule needs the pawn, rook, silver (khon) and knight pieces".into(),
            );
            return;
        };
        let mut c = Table::new();
        c.insert("rule".into(), Value::String(style.to_string()));
        c.insert("pawn".into(), pawn);
        c.insert("rook".into(), rook);
        c.insert("khon".into(), khon);
        c.insert("knight".into(), knight);
        rules.insert("counting".into(), Value::Table(c));
    }

    /// `[notation]`: Shogi's `+` for promoted pieces, and the piece letter
    /// of every promotion, as Fairy-Stockfish writes moves.
    fn notation(&self) -> Table {
        let mut n = Table::new();
        if !self.promoted().is_empty() {
            n.insert("promotion".into(), Value::String("plus".into()));
        }
        n.insert("forced_suffix".into(), Value::Boolean(true));
        n
    }
}

/// A piece key in the TOML: the upper-case FEN letter.
fn letter(c: char) -> Value {
    Value::String(c.to_ascii_uppercase().to_string())
}

fn int(n: usize) -> Value {
    Value::Integer(i64::try_from(n).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use crate::test_support::ini_variant as load;

    #[test]
    fn drops_keep_captures_off_the_hand_unless_a_key_sends_them() {
        // Fairy-Stockfish's template has `capturesToHand = false`: pieces
        // start in hand (placement games) but captured ones do not come back.
        let base = "[p]\npieceDrops = true\nstartFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1\ncastling = false\n";
        let v = load(base);
        assert!(v.rules.drops);
        assert!(!v.rules.captures_to_hand);
        let v = load(&format!("{base}capturesToHand = true\n"));
        assert!(v.rules.captures_to_hand);
    }

    #[test]
    fn en_passant_region_limits_the_target_cells() {
        // Horde's rule: no en passant behind a double step from the first
        // rank (target on the second rank), the usual one still allowed.
        let base =
            "[h]\ndoubleStepRegionWhite = *1 *2\nstartFen = 4k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1\n";
        let ep_after_b4 = |text: &str| {
            let v = load(text);
            let mut p = crate::Position::start(&v);
            let g = &v.geometry;
            let cell = |name: &str| g.cells().find(|&c| g.name(c) == name);
            let m = p
                .legal_moves()
                .into_iter()
                .find(|m| m.from() == cell("b2") && Some(m.to()) == cell("b4"))
                .expect("the double step is legal");
            p.play(m).expect("legal");
            p.to_fen().split(' ').nth(3).map(str::to_string)
        };
        assert_eq!(ep_after_b4(base).as_deref(), Some("b3"));
        let limited = format!("{base}enPassantRegion = *3 *6\n");
        assert_eq!(ep_after_b4(&limited).as_deref(), Some("b3"));
        let elsewhere = format!("{base}enPassantRegion = *6\n");
        assert_eq!(ep_after_b4(&elsewhere).as_deref(), Some("-"));
        // `-`: no cell at all (Fairy-Stockfish's nuclear section).
        let none = format!("{base}enPassantRegion = -\n");
        assert_eq!(ep_after_b4(&none).as_deref(), Some("-"));
    }

    #[test]
    fn castling_follows_the_castling_keys() {
        let v = load("[c]\nmaxFile = 10\ncastlingKingFile = f\ncastlingKingsideFile = i\ncastlingQueensideFile = c\nstartFen = rnbqbkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQBKBNR1 w - - 0 1\n");
        // Two castlings a side, the king going from f1 to i1 or c1.
        assert_eq!(v.castling.len(), 4);
        let g = &v.geometry;
        let white: Vec<_> = v
            .castling
            .iter()
            .filter(|c| c.color == crate::Color::White)
            .map(|c| (g.name(c.king), g.name(c.king_to)))
            .collect();
        assert_eq!(white, [("f1", "i1"), ("f1", "c1")]);
        let e =
            crate::variant::ini::convert("x.ini", "[c]\nmaxFile = 6\ncastlingKingsideFile = h\n")
                .unwrap_err();
        assert_eq!(e.problems[0].key, "[c] castlingKingsideFile");
        assert!(e.problems[0].message.contains("outside the board"));
    }

    #[test]
    fn castling_starts_where_the_start_position_puts_king_and_rooks() {
        // King on d1, the kingside Rook on h1 behind a Queen in the corner.
        let v = load("[a]\nmaxFile = i\nstartFen = rnbkqbnrq/ppppppppp/9/9/9/9/PPPPPPPPP/RNBKQBNRQ w KQkq - 0 1\n");
        let g = &v.geometry;
        let white: Vec<_> = v
            .castling
            .iter()
            .filter(|c| c.color == crate::Color::White)
            .map(|c| (g.name(c.king), g.name(c.king_to), g.name(c.partner)))
            .collect();
        assert_eq!(white, [("d1", "g1", "h1"), ("d1", "c1", "a1")]);
    }

    #[test]
    fn walls_in_the_start_position_become_holes() {
        let v = load("[w]\nmaxFile = 3\nmaxRank = 3\npawn = -\ncastling = false\nstartFen = k*1/3/1*K w - - 0 1\n");
        let p = crate::Position::start(&v);
        assert_eq!(p.to_fen(), "k*1/3/1*K w - - 0 1");
        assert_eq!(v.geometry.parse_cell("b1"), None);
    }

    #[test]
    fn janggi_cannons_neither_hop_over_nor_take_janggi_cannons() {
        let v = load("[jc:chess]\njanggiCannon = c\n");
        let fen = |f: &str| crate::Position::from_fen(&v, f).unwrap();
        // pyffish 0.0.90: c1 hops the Rook on c2 but may not land on its own
        // Cannon on c3; c3 may use neither the Cannon on c4 nor the one on
        // c1 (behind the Rook) as a screen.
        let p = fen("4k3/8/8/8/2c5/2C5/2R5/2C1K3 w - - 0 1");
        assert_eq!(
            crate::test_support::legal_uci(&p).join(" "),
            "c1f1 c1g1 c1h1 c2a2 c2b2 c2d2 c2e2 c2f2 c2g2 c2h2 e1d1 e1d2 e1e2 e1f1 e1f2"
        );
        // It moves to c3 over the Rook but may not take the Cannon on c4.
        let p = fen("4k3/2r5/8/8/2c5/8/2R5/2C1K3 w - - 0 1");
        let c1: Vec<String> = crate::test_support::legal_uci(&p)
            .into_iter()
            .filter(|m| m.starts_with("c1"))
            .collect();
        assert_eq!(c1, ["c1c3", "c1f1", "c1g1", "c1h1"]);
    }

    #[test]
    fn castling_through_a_wall_is_left_out() {
        // Fairy-Stockfish's crossderby: walls on b1 and g1 (and b8, g8),
        // where the template's castling would take King and Rook.
        let text = "[crossderby:chess]\nqueen = -\nrook = -\nbishop = -\nstartFen = n*nnnn*k/**pppp**/pp4pp/8/8/PP4PP/**PPPP**/K*NNNN*N w - - 0 1\nstalemateValue = loss\n";
        let v = load(text);
        // pyffish 0.0.90: 18 moves from the start.
        assert_eq!(crate::Position::start(&v).legal_moves().len(), 18);
    }

    /// The legal moves of `v` after `moves`, as protocol text, sorted.
    fn legal_after(v: &std::sync::Arc<crate::Variant>, fen: &str, moves: &[&str]) -> Vec<String> {
        let mut p = crate::Position::from_fen(v, fen).expect("fen");
        for m in moves {
            let mv = crate::parse_move(&p, m).expect(m);
            p.play(mv).expect(m);
        }
        crate::test_support::legal_uci(&p)
    }

    /// A 3x3 section whose Silver turns into a Bishop and back.
    const FLIP: &str = "[flip]\nmaxFile = 3\nmaxRank = 3\npawn = -\nknight = -\nqueen = -\nrook = -\nbishop = b\nsilver = s\ncastling = false\ndoubleStep = false\npieceDrops = true\ncapturesToHand = true\npromotionRegionWhite = *1 *2 *3\npromotionRegionBlack = *1 *2 *3\npromotedPieceType = s:b\nmandatoryPiecePromotion = true\nstartFen = 2k/3/S1K[S] w - - 0 1\n";

    #[test]
    fn piece_demotion_and_drop_promoted_flip_pieces_as_in_kyoto_shogi() {
        let text = format!("{FLIP}pieceDemotion = true\ndropPromoted = true\n");
        let v = load(&text);
        assert!(!v.rules.promotion_resets_clock);
        let fen = "2k/3/S1K[S] w - - 0 1";
        let silver: Vec<String> = legal_after(&v, fen, &[])
            .into_iter()
            .filter(|m| m.starts_with("a1") || m.ends_with("@b2"))
            .collect();
        // Every Silver move promotes; the drop may put either face up.
        assert_eq!(silver, ["+S@b2", "S@b2", "a1a2+", "a1b2+"]);
        // The Bishop (a promoted Silver) must turn back at its next move.
        let back = legal_after(&v, fen, &["a1b2+", "c3b3"]);
        assert!(back.contains(&"b2a1-".to_string()), "{back:?}");
        assert!(back
            .iter()
            .filter(|m| m.starts_with("b2"))
            .all(|m| m.ends_with('-')));
        // Without the keys the Bishop stays a Bishop and no promoted drop exists.
        let plain = load(FLIP);
        let moves = legal_after(&plain, fen, &["a1b2+", "c3b3"]);
        assert!(moves.contains(&"b2a1".to_string()) && !moves.contains(&"+S@a2".to_string()));
    }

    #[test]
    fn a_pawn_with_a_promoted_piece_type_promotes_shogi_style() {
        // Shinobi's Pawn: no chess promotion, it turns into a Commoner.
        let text = "[pp]\nmaxFile = 4\nmaxRank = 4\nknight = -\nbishop = -\nrook = -\nqueen = -\ncommoner = c\ncastling = false\ndoubleStep = false\npromotionPieceTypes = -\npromotedPieceType = p:c\nstartFen = k3/2P1/4/K3 w - - 0 1\n";
        let v = load(text);
        let pawn: Vec<String> = legal_after(&v, "k3/2P1/4/K3 w - - 0 1", &[])
            .into_iter()
            .filter(|m| m.starts_with("c3"))
            .collect();
        assert_eq!(pawn, ["c3c4+"]);
        // With a chess choice too, either way (pyffish, over chess with
        // the zone on the fourth rank: `c3c4c` gives `C`, `c3c4+` `+P`).
        let both = load(&format!("{text}promotionPieceTypes = c\n"));
        let fen = "k3/2P1/4/K3 w - - 0 1";
        let pawn: Vec<String> = legal_after(&both, fen, &[])
            .into_iter()
            .filter(|m| m.starts_with("c3"))
            .collect();
        assert_eq!(pawn, ["c3c4+", "c3c4c"]);
        let pos = |m: &str| {
            let mut p = crate::Position::from_fen(&both, fen).unwrap();
            crate::test_support::play_uci(&mut p, m);
            p.to_fen()
        };
        assert_eq!(pos("c3c4c"), "k1C1/4/4/K3 b - - 0 1");
        assert_eq!(pos("c3c4+"), "k1+P1/4/4/K3 b - - 0 1");
    }

    #[test]
    fn a_section_without_parent_has_no_promotion_unless_a_key_gives_one() {
        // Maharajah's Pawns: nothing to promote to, so no move onto the
        // last rank, though the Pawn still attacks there (the Amazon may not
        // step next to it on the first rank).
        let base = "[m]\npawn = p\nking = k\namazon = m\nstartFen = 4k3/8/8/8/8/8/6p1/1M6 b - - 0 1\nextinctionValue = loss\nextinctionPieceTypes = m\nextinctionPseudoRoyal = true\n";
        let fen = "4k3/8/8/8/8/8/6p1/1M6 b - - 0 1";
        let v = load(base);
        let pawn: Vec<String> = legal_after(&v, fen, &[])
            .into_iter()
            .filter(|m| m.starts_with("g2"))
            .collect();
        assert!(pawn.is_empty(), "{pawn:?}");
        let white = legal_after(&v, "4k3/8/8/8/8/8/6p1/1M6 w - - 0 1", &[]);
        assert!(!white.contains(&"b1f1".to_string()) && white.contains(&"b1e1".to_string()));
        // A key gives the choice; under the chess template it is chess's.
        let given = load(&format!("{base}promotionPieceTypes = q\n"));
        assert_eq!(
            legal_after(&given, fen, &[])
                .iter()
                .filter(|m| m.starts_with("g2"))
                .count(),
            1
        );
        let chess = load(&base.replace("[m]", "[m:chess]"));
        assert_eq!(
            legal_after(&chess, fen, &[])
                .iter()
                .filter(|m| m.starts_with("g2"))
                .count(),
            4
        );
    }

    #[test]
    fn piece_promotion_on_capture_promotes_by_captures_only() {
        let text = format!("{FLIP}piecePromotionOnCapture = true\n");
        let v = load(&text);
        // Quiet moves stay plain, a capture must promote.
        let moves = legal_after(&v, "1K1/3/S1k w - - 0 1", &[]);
        let silver: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1")).collect();
        assert_eq!(silver, ["a1a2", "a1b2"]);
        let moves = legal_after(&v, "1K1/1b1/S1k w - - 0 1", &[]);
        let silver: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1")).collect();
        assert_eq!(silver, ["a1a2", "a1b2+"]);
    }

    #[test]
    fn a_piece_given_the_kings_letter_replaces_the_template_king() {
        // `centaur = k` with no `king` key: the k is a non-royal centaur.
        let base = "[m]\nmaxFile = 5\nmaxRank = 5\npawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\ncentaur = k\ncastling = false\nstartFen = 4k/5/5/5/K4 w - - 0 1\n";
        let v = load(base);
        assert!(v.pieces.iter().all(|p| !p.royal));
        let moves = legal_after(&v, "4k/5/5/5/K4 w - - 0 1", &[]);
        assert!(moves.contains(&"a1b3".to_string()), "{moves:?}");
        // A `king` key in the section takes the letter back.
        let v = load(&format!("{base}king = k\n"));
        assert!(v.pieces.iter().any(|p| p.royal));
        let moves = legal_after(&v, "4k/5/5/5/K4 w - - 0 1", &[]);
        assert!(!moves.contains(&"a1b3".to_string()), "{moves:?}");
    }

    #[test]
    fn drop_no_doubled_applies_to_the_template_pawn_and_count_zero_bars_its_drops() {
        let base = "[d]\nmaxFile = 3\nmaxRank = 4\nknight = -\nbishop = -\nrook = -\nqueen = -\npieceDrops = true\ncapturesToHand = true\ndoubleStep = false\ncastling = false\npromotionPieceTypes = -\nstartFen = 2k/3/3/P1K[P] w - - 0 1\n";
        let pawn_drops = |text: &str| -> Vec<String> {
            legal_after(&load(text), "2k/3/3/P1K[P] w - - 0 1", &[])
                .into_iter()
                .filter(|m| m.starts_with("P@"))
                .collect()
        };
        assert_eq!(
            pawn_drops(base),
            ["P@a2", "P@a3", "P@b2", "P@b3", "P@c2", "P@c3"]
        );
        // One pawn closes its file; a count of 0 closes every file.
        let no_doubled = format!("{base}dropNoDoubled = p\n");
        assert_eq!(pawn_drops(&no_doubled), ["P@b2", "P@b3", "P@c2", "P@c3"]);
        assert!(pawn_drops(&format!("{no_doubled}dropNoDoubledCount = 0\n")).is_empty());
    }

    #[test]
    fn drop_no_doubled_count_and_pseudo_royal_extinction_load() {
        // Tori shogi's Swallows: two on a file close it to drops.
        let base = "[t]\nmaxFile = 3\nmaxRank = 4\npawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\nshogiPawn = s\npieceDrops = true\ncapturesToHand = true\ndropNoDoubled = s\ncastling = false\ndoubleStep = false\nstartFen = 2k/3/3/S1K[S] w - - 0 1\n";
        let a2 = |text: &str| {
            legal_after(&load(text), "2k/3/3/S1K[S] w - - 0 1", &[]).contains(&"S@a2".to_string())
        };
        assert!(!a2(base));
        assert!(a2(&format!("{base}dropNoDoubledCount = 2\n")));
        let e = crate::variant::ini::convert("x.ini", &format!("{base}dropNoDoubledCount = two\n"))
            .unwrap_err();
        assert_eq!(e.problems[0].key, "[t] dropNoDoubledCount");
        // Sho shogi's King and Prince.
        let v = load("[pr:chess]\nextinctionValue = loss\nextinctionPieceTypes = q\nextinctionPseudoRoyal = true\n");
        assert!(v.rules.extinction.as_ref().is_some_and(|e| e.pseudo_royal));
    }

    #[test]
    fn each_colour_may_have_its_own_promotions() {
        let v = load("[c]\nchancellor = c\npromotionPieceTypesWhite = crn\npromotionPieceTypesBlack = qrb\nstartFen = rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1\n");
        let promos = |fen: &str, from: &str| {
            let p = crate::Position::from_fen(&v, fen).unwrap();
            let mut t: Vec<String> = p
                .legal_moves()
                .into_iter()
                .map(|m| crate::move_text(&p, m, crate::TextStyle::Uci))
                .filter(|t| t.starts_with(from))
                .collect();
            t.sort();
            t
        };
        let fen = "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1";
        assert_eq!(promos(fen, "b7"), ["b7b8c", "b7b8n", "b7b8r"]);
        let fen = "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1";
        assert_eq!(promos(fen, "g2"), ["g2g1b", "g2g1q", "g2g1r"]);
    }

    #[test]
    fn chess960_castles_from_any_file() {
        let v = load("[c]\nchess960 = true\nstartFen = 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1\n");
        assert!(v.castling.is_empty());
        let p = crate::Position::start(&v);
        // `KQkq` name the outermost Rooks, written as their files.
        assert!(p.to_fen().contains(" w GBgb - "), "{}", p.to_fen());
        let mut castles: Vec<String> = p
            .legal_moves()
            .into_iter()
            .filter(|m| m.kind() == crate::moves::MoveKind::Castle)
            .map(|m| crate::move_text(&p, m, crate::TextStyle::Uci))
            .collect();
        castles.sort();
        // The g-file Rook's castling leaves the King on its cell.
        assert_eq!(castles, ["e1b1", "e1g1"]);
        let v = load("[c]\nchess960 = true\nstartFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n");
        let p = crate::Position::start(&v);
        let castles = p
            .legal_moves()
            .into_iter()
            .filter(|m| m.kind() == crate::moves::MoveKind::Castle)
            .count();
        assert_eq!(castles, 2);
    }
}
