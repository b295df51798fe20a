//! Ini sections that extend a built-in variant (`[grandhouse:grand]`).
//!
//! Fairy-Stockfish copies the parent's rules and applies the section's keys
//! on top. Here the parent is a Menagerie variant (a TOML file), so the
//! section becomes a TOML file that `extends` it and overrides what the
//! section's keys change. A piece key finds the parent's piece of that
//! Fairy-Stockfish type by its moves (the king by being royal, the pawn by
//! its key `P`); as in Fairy-Stockfish, a piece given a letter another
//! piece had takes that piece's place. Keys whose effect on a parent is not
//! translated yet are reported by name, so the section is left out rather
//! than loaded with other rules than Fairy-Stockfish's.
//!
//! A parent with a profile (`ini_profile`: the built-in written in
//! Fairy-Stockfish's keys) does not come here: its sections are translated
//! like standalone sections, with every key the translator knows.

use super::ini::{named_betza, Settings};
use super::load::{read_chain, Problem, VariantSource};
use super::spec::RegionFile;
use super::{ini_fen, ini_keys, ini_rules};
use std::collections::BTreeSet;
use toml::{Table, Value};

/// Keys translated onto a built-in parent.
const OVER_PARENT: &[&str] = &[
    "maxFile",
    "maxRank",
    "startFen",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPieceTypes",
    "castling",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
];

/// What a section needs to know of its built-in parent.
pub(super) struct Parent {
    /// The parent's id (what the TOML `extends`).
    id: String,
    /// Its `[board]` table as written.
    board: Table,
    /// Its pieces: key, moves, royal, the table as written.
    pieces: Vec<(String, String, bool, Table)>,
    /// White's cells of the Pawn's promotion zone, when Black's mirror them.
    pawn_zone: Option<String>,
}

/// The built-in (or earlier loaded) variant `id`, as a parent, if known.
pub(super) fn parent(
    id: &str,
    resolve: &dyn Fn(&str) -> Option<VariantSource>,
) -> Option<Result<Parent, String>> {
    let source = resolve(id)?;
    Some(read_parent(id, &source, resolve))
}

fn read_parent(
    id: &str,
    source: &VariantSource,
    resolve: &dyn Fn(&str) -> Option<VariantSource>,
) -> Result<Parent, String> {
    let merged = read_chain(source, resolve).map_err(|e| e.to_string())?;
    let raw: Vec<Table> = merged
        .files
        .iter()
        .map(|f| f.source.text.parse::<Table>().unwrap_or_default())
        .collect();
    let table_of = |origin: usize, section: &str, key: &str| -> Table {
        raw[origin]
            .get(section)
            .and_then(|s| s.get(key))
            .and_then(Value::as_table)
            .cloned()
            .unwrap_or_default()
    };
    let board_origin = merged.section_origin.get("board").copied().unwrap_or(0);
    let board = raw[board_origin]
        .get("board")
        .and_then(Value::as_table)
        .cloned()
        .unwrap_or_default();
    let pieces = merged
        .pieces
        .iter()
        .map(|(key, (origin, p))| {
            let p = p.get_ref();
            let betza = p
                .betza
                .as_ref()
                .map(|b| b.get_ref().clone())
                .unwrap_or_default();
            (
                key.clone(),
                betza,
                p.royal.unwrap_or(false),
                table_of(*origin, "pieces", key),
            )
        })
        .collect();
    let pawn_zone = merged
        .pieces
        .get("P")
        .and_then(|(_, p)| p.get_ref().promotion.as_ref())
        .and_then(|pr| merged.regions.get(&pr.get_ref().zone))
        .and_then(|(_, r)| match r.get_ref() {
            RegionFile::Mirrored(cells) | RegionFile::Shaded { cells, .. } => Some(cells.clone()),
            RegionFile::PerSide { .. } => None,
        });
    Ok(Parent {
        id: id.to_string(),
        board,
        pieces,
        pawn_zone,
    })
}

/// The TOML of section `id` (its keys in `st`) over the built-in `parent`.
pub(super) fn section_over(
    id: &str,
    file: &str,
    st: &Settings,
    parent: &Parent,
) -> Result<String, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut t = Table::new();
    t.insert("id".into(), Value::String(id.to_ascii_lowercase()));
    t.insert("extends".into(), Value::String(parent.id.clone()));
    t.insert("name".into(), Value::String(id.to_string()));
    t.insert("family".into(), Value::String("Fairy-Stockfish".into()));
    t.insert(
        "description".into(),
        Value::String(format!(
            "Loaded from {file}: {} with other rules.",
            parent.id
        )),
    );
    let translated: Vec<&str> = OVER_PARENT
        .iter()
        .copied()
        .chain(ini_rules::keys())
        .collect();
    for k in st.values.keys() {
        let piece_key =
            named_betza(k).is_some() || k == "pawn" || k == "king" || k.starts_with("customPiece");
        if translated.contains(&k.as_str()) || piece_key || ini_keys::GUI_ONLY.contains(&k.as_str())
        {
            continue;
        }
        let msg = match super::ini::key_problem(k, &translated) {
            Some(m) if m.contains("unknown") => m,
            _ => format!(
                "Fairy-Stockfish key `{k}` is not supported yet in a section that extends the built-in variant `{}`",
                parent.id
            ),
        };
        problems.push(st.problem(k, msg));
    }
    board(st, parent, &mut t, &mut problems);
    let mut pieces = Pieces::of(parent);
    pieces.apply_keys(st, &mut problems);
    promotion(st, &mut pieces, &mut t, &mut problems);
    pawn_drops(st, parent, &mut pieces);
    pieces.write(&mut t);
    rules(st, &mut t, &mut problems);
    if let Some(fen) = st.get("startFen") {
        let mut setup = Table::new();
        setup.insert("fen".into(), Value::String(ini_fen::start_fen(fen)));
        t.insert("setup".into(), Value::Table(setup));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    toml::to_string(&t).map_err(|e| vec![st.problem("", e.to_string())])
}

/// `maxFile`/`maxRank`: the parent's board with another size; a
/// `startFen` with walls (`*`) makes those cells holes, as in a section
/// without a parent (`ini_fen`).
fn board(st: &Settings, parent: &Parent, t: &mut Table, problems: &mut Vec<Problem>) {
    let walls = st.get("startFen").map(|fen| {
        let ranks = st
            .get("maxRank")
            .and_then(|v| super::ini::board_size("maxRank", v))
            .or_else(|| parent.board.get("ranks").and_then(Value::as_integer))
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(0);
        ini_fen::wall_cells(&ini_fen::start_fen(fen), ranks)
    });
    let walls = walls.filter(|w| !w.is_empty());
    if st.get("maxFile").is_none() && st.get("maxRank").is_none() && walls.is_none() {
        return;
    }
    let mut board = parent.board.clone();
    if let Some(walls) = walls {
        let cells = walls.into_iter().map(Value::String).collect();
        board.insert("holes".into(), Value::Array(cells));
    }
    for (key, field) in [("maxFile", "files"), ("maxRank", "ranks")] {
        let Some(v) = st.get(key) else { continue };
        match super::ini::board_size(key, v) {
            Some(n) => {
                board.insert(field.into(), Value::Integer(n));
            }
            None => problems.push(st.problem(key, format!("`{v}` is not a board size"))),
        }
    }
    t.insert("board".into(), Value::Table(board));
}

/// The pieces as the section leaves them.
struct Pieces {
    /// Key -> table, parent's and new.
    all: Vec<(String, String, bool, Table)>,
    /// Parent keys removed.
    removed: BTreeSet<String>,
    /// Keys (re)written by the section.
    written: BTreeSet<String>,
}

impl Pieces {
    fn of(parent: &Parent) -> Pieces {
        Pieces {
            all: parent.pieces.clone(),
            removed: BTreeSet::new(),
            written: BTreeSet::new(),
        }
    }

    fn remove_where(&mut self, gone: impl Fn(&str, &str, bool) -> bool) {
        let removed: Vec<String> = self
            .all
            .iter()
            .filter(|(k, b, r, _)| gone(k, b, *r))
            .map(|(k, ..)| k.clone())
            .collect();
        self.all.retain(|(k, ..)| !removed.contains(k));
        self.removed.extend(removed);
    }

    /// The piece keys of the section: each type finds its parent piece by
    /// its moves (the king: royal; the pawn: key `P`).
    fn apply_keys(&mut self, st: &Settings, problems: &mut Vec<Problem>) {
        for (k, (v, _)) in &st.values {
            let (betza, royal) = match (k.as_str(), named_betza(k)) {
                ("king", _) => ("K".to_string(), true),
                ("pawn", _) => (String::new(), false),
                (_, Some(b)) => (b.to_string(), false),
                _ if k.starts_with("customPiece") => match v.split_once(':') {
                    Some((_, b)) => (b.trim().to_string(), false),
                    None => {
                        problems.push(st.problem(k, format!("`{v}`: expected `letter:Betza`")));
                        continue;
                    }
                },
                _ => continue,
            };
            if k == "pawn" {
                problems.push(st.problem(
                    k,
                    "changing the pawn of a built-in parent is not supported yet".into(),
                ));
                continue;
            }
            let same_type = |_: &str, b: &str, r: bool| {
                if royal {
                    r
                } else {
                    !k.starts_with("customPiece") && b == betza
                }
            };
            self.remove_where(same_type);
            let letter = v.chars().next().filter(char::is_ascii_alphabetic);
            let Some(letter) = letter else {
                if v != "-" {
                    problems.push(st.problem(k, format!("`{v}`: expected a letter or `-`")));
                }
                continue;
            };
            let key = letter.to_ascii_uppercase().to_string();
            self.remove_where(|pk, _, _| pk == key);
            self.removed.remove(&key);
            let mut p = Table::new();
            let mut name = k.clone();
            name[..1].make_ascii_uppercase();
            p.insert("name".into(), Value::String(name));
            p.insert("betza".into(), Value::String(betza.clone()));
            if royal {
                p.insert("royal".into(), Value::Boolean(true));
            }
            if key == "P" {
                // Not the pawn type: Fairy-Stockfish's SAN writes its letter.
                p.insert("san".into(), Value::String(key.clone()));
            }
            self.written.insert(key.clone());
            self.all.push((key, betza, royal, p));
        }
    }

    fn pawn_mut(&mut self) -> Option<&mut Table> {
        self.all
            .iter_mut()
            .find(|(k, ..)| k == "P")
            .map(|(.., t)| t)
    }

    fn write(self, t: &mut Table) {
        if !self.removed.is_empty() {
            let gone = self
                .removed
                .iter()
                .map(|k| Value::String(k.clone()))
                .collect();
            t.insert("remove_pieces".into(), Value::Array(gone));
        }
        let mut out = Table::new();
        for (k, _, _, table) in self.all {
            if self.written.contains(&k) {
                out.insert(k, Value::Table(table));
            }
        }
        if !out.is_empty() {
            t.insert("pieces".into(), Value::Table(out));
        }
    }
}

/// `promotionRegion*` (a region `promotion`, both sides needed) and
/// `promotionPieceTypes` (the pawn's choices).
fn promotion(st: &Settings, pieces: &mut Pieces, t: &mut Table, problems: &mut Vec<Problem>) {
    match (
        st.get("promotionRegionWhite"),
        st.get("promotionRegionBlack"),
    ) {
        (Some(w), Some(b)) => {
            let mut r = Table::new();
            r.insert("white".into(), Value::String(w.to_string()));
            r.insert("black".into(), Value::String(b.to_string()));
            r.insert("kind".into(), Value::String("promotion".into()));
            let mut regions = Table::new();
            regions.insert("promotion".into(), Value::Table(r));
            t.insert("regions".into(), Value::Table(regions));
        }
        (None, None) => {}
        (w, _) => {
            let k = if w.is_some() {
                "promotionRegionWhite"
            } else {
                "promotionRegionBlack"
            };
            problems.push(st.problem(k, "over a built-in parent, give both promotionRegionWhite and promotionRegionBlack".into()));
        }
    }
    let Some(types) = st.get("promotionPieceTypes") else {
        return;
    };
    let keys: Vec<String> = pieces.all.iter().map(|(k, ..)| k.clone()).collect();
    let mut to = Vec::new();
    for c in types.chars().filter(|c| *c != '-') {
        let key = c.to_ascii_uppercase().to_string();
        if keys.contains(&key) {
            to.push(Value::String(key));
        } else {
            problems.push(st.problem("promotionPieceTypes", format!("no piece `{c}`")));
        }
    }
    let Some(pawn) = pieces.pawn_mut() else {
        problems.push(st.problem("promotionPieceTypes", "the parent has no pawn (`P`)".into()));
        return;
    };
    if let Some(Value::Table(pr)) = pawn.get_mut("promotion") {
        pr.insert("to".into(), Value::Array(to));
    }
    pieces.written.insert("P".into());
}

/// With `pieceDrops`, Fairy-Stockfish's Pawn is not dropped on its first
/// rank (unless `firstRankPawnDrops`) nor in its promotion zone (unless
/// `promotionZonePawnDrops`): the parent's Pawn gets that `drop_zone`
/// (Gothhouse over Capablanca, Grandhouse over Grand), unless it has one;
/// with `capturesToHand` its promoted pieces revert to Pawns when taken.
fn pawn_drops(st: &Settings, parent: &Parent, pieces: &mut Pieces) {
    let flag = |k: &str| st.get(k).and_then(super::ini::bool_of) == Some(true);
    if !flag("pieceDrops") {
        return;
    }
    let ranks = st
        .get("maxRank")
        .and_then(|v| super::ini::board_size("maxRank", v))
        .or_else(|| parent.board.get("ranks").and_then(Value::as_integer));
    let zone = st
        .get("promotionRegionWhite")
        .map(str::to_string)
        .or_else(|| parent.pawn_zone.clone());
    let Some(pawn) = pieces.pawn_mut().filter(|p| !p.contains_key("drop_zone")) else {
        return;
    };
    // A `P` that never promotes (Xiangqi's and Janggi's Soldiers) is not
    // Fairy-Stockfish's Pawn: the rule is not its.
    let (Some(ranks), Some(zone)) = (ranks, zone) else {
        return;
    };
    let mut cells = format!("*1-*{ranks}");
    if !flag("firstRankPawnDrops") {
        cells.push_str(" !*1");
    }
    if !flag("promotionZonePawnDrops") {
        for term in zone.split_whitespace() {
            cells.push_str(&format!(" !{term}"));
        }
    }
    pawn.insert("drop_zone".into(), Value::String(cells));
    // A promoted Pawn captured goes to the hand as a Pawn (`Q~` in FEN).
    if flag("capturesToHand") && !flag("dropLoop") {
        if let Some(Value::Table(pr)) = pawn.get_mut("promotion") {
            pr.insert("style".into(), Value::String("revert".into()));
        }
    }
    pieces.written.insert("P".into());
}

/// `castling = false` and the game-rule keys of `ini_rules`.
fn rules(st: &Settings, t: &mut Table, problems: &mut Vec<Problem>) {
    match st.get("castling").map(super::ini::bool_of) {
        Some(Some(false)) => {
            t.insert("castling".into(), Value::Array(Vec::new()));
        }
        Some(None) => problems.push(st.problem(
            "castling",
            format!(
                "`{}`: expected true or false",
                st.get("castling").unwrap_or_default()
            ),
        )),
        _ => {}
    }
    let mut rules = Table::new();
    ini_rules::translate(st, &mut rules, problems);
    if !rules.is_empty() {
        t.insert("rules".into(), Value::Table(rules));
    }
}

#[cfg(test)]
mod tests {
    use super::super::builtin::SOURCES;
    use super::super::ini::convert_sections_over;
    use super::*;

    /// The built-in variants by id, as the registry resolves them.
    fn builtins(id: &str) -> Option<VariantSource> {
        SOURCES
            .iter()
            .find(|(_, text)| text.contains(&format!("\nid = \"{id}\"")))
            .map(|(name, text)| VariantSource {
                name: (*name).to_string(),
                text: (*text).to_string(),
            })
    }

    fn convert(text: &str) -> super::super::ini::Conversion {
        convert_sections_over("x.ini", text, &builtins)
    }

    #[test]
    fn a_section_extends_a_built_in_variant_by_its_id() {
        let c = convert("[4x5:gardner]\nmaxFile = d\nstartFen = rnbk/pppp/4/PPPP/RNBK w - - 0 1\npieceToCharTable = PNBRQK\n");
        assert_eq!(c.problems, []);
        let toml = &c.variants[0].1;
        assert!(toml.contains("extends = \"gardner\""), "{toml}");
        assert!(
            toml.contains("files = 4") && toml.contains("ranks = 5"),
            "{toml}"
        );
        assert!(
            toml.contains("fen = \"rnbk/pppp/4/PPPP/RNBK w - - 0 1\""),
            "{toml}"
        );
        // A later section extends it in turn.
        let c = convert(
            "[a:gardner]\nmaxFile = d\n[b:a]\nstartFen = rnbk/pppp/4/PPPP/RNBK w - - 0 1\n",
        );
        assert_eq!(c.problems, []);
        assert!(c.variants[1].1.contains("files = 4"), "{}", c.variants[1].1);
    }

    #[test]
    fn a_piece_type_given_a_new_letter_replaces_the_parent_piece() {
        // Capablanca's archbishop is `A`; the section calls it `J`.
        let c = convert("[gem:capablanca]\narchbishop = j\npromotionPieceTypes = qj\n");
        assert_eq!(c.problems, []);
        let toml = &c.variants[0].1;
        assert!(toml.contains("remove_pieces = [\"A\"]"), "{toml}");
        assert!(
            toml.contains("[pieces.J]") && toml.contains("betza = \"BN\""),
            "{toml}"
        );
        assert!(toml.contains("to = [\"Q\", \"J\"]"), "{toml}");
    }

    #[test]
    fn pawns_are_not_dropped_on_the_first_rank_nor_in_the_promotion_zone() {
        // Grandhouse: Grand chess's Pawn promotes on ranks 8 to 10.
        let c = convert("[gh:grand]\npieceDrops = true\ncapturesToHand = true\n");
        assert_eq!(c.problems, []);
        let toml = &c.variants[0].1;
        assert!(
            toml.contains("drop_zone = \"*1-*10 !*1 !*8-*10\""),
            "{toml}"
        );
        assert!(toml.contains("style = \"revert\""), "{toml}");
        // The keys that allow them, and a section without drops.
        let c = convert("[gh:grand]\npieceDrops = true\nfirstRankPawnDrops = true\npromotionZonePawnDrops = true\n");
        assert_eq!(c.problems, []);
        assert!(
            c.variants[0].1.contains("drop_zone = \"*1-*10\""),
            "{}",
            c.variants[0].1
        );
        let c = convert("[g:grand]\nmaxRank = 9\n");
        assert!(
            !c.variants[0].1.contains("drop_zone"),
            "{}",
            c.variants[0].1
        );
    }

    #[test]
    fn walls_of_a_start_position_over_a_parent_are_holes() {
        let c = convert("[walled:gardner]\nstartFen = rnbqk/ppppp/2*2/PPPPP/RNBQK w - - 0 1\n");
        assert!(
            c.problems.is_empty(),
            "{:?}",
            c.problems.first().map(|p| &p.message)
        );
        let toml = &c.variants[0].1;
        assert!(toml.contains("holes = [\"c3\"]"), "{toml}");
    }

    #[test]
    fn keys_not_translated_over_a_parent_are_named_with_the_parent() {
        let c = convert("[x:gardner]\nconnectN = 4\ncastlnig = false\n");
        assert!(c.variants.is_empty());
        assert_eq!(c.problems.len(), 2);
        assert!(
            c.problems[0].message.contains("did you mean `castling`?"),
            "{}",
            c.problems[0].message
        );
        assert!(c.problems[1].message.contains("`connectN` is not supported yet in a section that extends the built-in variant `gardner`"));
        let c = convert("[x:nosuchvariant]\nmaxFile = 8\n");
        assert!(c.problems[0]
            .message
            .contains("neither a variant Menagerie knows"));
        assert_eq!(c.problems[0].line, Some(1));
    }

    #[test]
    fn guards_are_dropped_only_in_their_palace_over_janggi() {
        // Fairy-Stockfish's janggihouse: Janggi with drops; pyffish 0.0.90
        // drops a Guard only on the free cells of its own palace.
        let v = crate::test_support::ini_variant(
            "[janggihouse:janggi]\nstartFen = rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR[] w - - 0 1\npieceDrops = true\ncapturesToHand = true\n",
        );
        let drops = |fen: &str| -> Vec<String> {
            let p = crate::Position::from_fen(&v, fen).expect("fen");
            crate::test_support::legal_uci_starting(&p, "A@")
        };
        assert_eq!(
            drops("3k5/9/9/9/9/9/9/9/5K3/9[Aa] w - - 0 1").join(" "),
            "A@d1 A@d2 A@d3 A@e1 A@e2 A@e3 A@f1 A@f3"
        );
        assert_eq!(
            drops("3k5/9/9/9/9/9/9/9/5K3/9[Aa] b - - 0 1").join(" "),
            "A@d8 A@d9 A@e10 A@e8 A@e9 A@f10 A@f8 A@f9"
        );
    }
}
