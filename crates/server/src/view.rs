//! JSON views of variants, positions and games (the types of `docs/api.md`).

use crate::game::{EngineSettings, Game, Player, Status};
use menagerie_engine::{Info, Score};
use menagerie_geometry::CellId;
use menagerie_rules::shogi_notation::{players_line, players_text_in};
use menagerie_rules::variant::MoveStyle;
use menagerie_rules::{move_text, Color, Move, MoveKind, Position, TextStyle, Variant};
use serde::Serialize;
use std::collections::BTreeMap;

/// Entry of `GET /api/variants`.
#[derive(Debug, Serialize)]
pub struct VariantSummary {
    /// Id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Menu family.
    pub family: String,
    /// One-line description.
    pub description: String,
    /// Files of the main box.
    pub files: usize,
    /// Ranks of the main box.
    pub ranks: usize,
    /// Levels (1 for flat boards).
    pub levels: usize,
    /// What players call the side that moves first and the other (see
    /// [`VariantDetail`]).
    pub players: [String; 2],
}

impl VariantSummary {
    /// Summary of a variant.
    #[must_use]
    pub fn of(v: &Variant) -> Self {
        VariantSummary {
            id: v.id.clone(),
            name: v.name.clone(),
            family: v.family.clone(),
            description: v.description.clone(),
            files: v.geometry.files(),
            ranks: v.geometry.ranks(),
            levels: v.geometry.levels(),
            players: v.player_names.clone(),
        }
    }
}

/// A cell of the board.
#[derive(Debug, Serialize)]
pub struct CellView {
    name: String,
    x: i32,
    y: i32,
    z: i32,
}

/// The board of a variant.
#[derive(Debug, Serialize)]
pub struct BoardView {
    files: usize,
    ranks: usize,
    levels: usize,
    level_letters: String,
    cells: Vec<CellView>,
}

/// A region with its cells per colour.
#[derive(Debug, Serialize)]
pub struct RegionView {
    name: String,
    kind: String,
    /// What players call it (`Enemy camp`).
    label: String,
    /// What it does, in a sentence (empty when the variant says nothing).
    about: String,
    /// The name of the line drawn along its border, if it has one (`River`).
    edge: Option<String>,
    white: Vec<String>,
    black: Vec<String>,
    /// Per colour, the region's cells on its border with the sides (`n` = towards
    /// higher ranks, `e` = higher files, `s`, `w`) whose neighbour on the same level is
    /// outside the region (or off the board), for drawing outlines.
    boundaries: BTreeMap<&'static str, Vec<BoundaryCell>>,
}

/// A border cell of a region.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct BoundaryCell {
    cell: String,
    sides: Vec<&'static str>,
}

fn boundary(
    g: &menagerie_geometry::Geometry,
    set: &menagerie_geometry::CellSet,
) -> Vec<BoundaryCell> {
    const SIDES: [(&str, i32, i32); 4] = [("n", 0, 1), ("e", 1, 0), ("s", 0, -1), ("w", -1, 0)];
    set.iter()
        .filter_map(|c| {
            let p = g.coord(c);
            let (x, y, z) = (i32::from(p.x), i32::from(p.y), i32::from(p.z));
            let sides: Vec<&'static str> = SIDES
                .iter()
                .filter(|(_, dx, dy)| {
                    !g.cell_at(x + dx, y + dy, z)
                        .is_some_and(|n| set.contains(n))
                })
                .map(|(s, _, _)| *s)
                .collect();
            (!sides.is_empty()).then(|| BoundaryCell {
                cell: g.name(c).to_string(),
                sides,
            })
        })
        .collect()
}

/// A piece type.
#[derive(Debug, Serialize)]
pub struct PieceView {
    token: String,
    name: String,
    abbrev: String,
    betza: String,
    royal: bool,
    glyph: String,
    description: String,
}

/// `GET /api/variants/{id}`.
#[derive(Debug, Serialize)]
pub struct VariantDetail {
    id: String,
    name: String,
    family: String,
    description: String,
    board: BoardView,
    regions: Vec<RegionView>,
    pieces: Vec<PieceView>,
    drops: bool,
    imitation: bool,
    start_fen: String,
    move_style: &'static str,
    /// How moves are shown to players: `san`, or `shogi` (western shogi notation,
    /// `P-7f`; the board's coordinates then read the same way).
    notation: &'static str,
    /// What players call the side that moves first (`white` in the API) and the
    /// side that moves second: `["White", "Black"]`, `["Black", "White"]` in Shogi.
    players: [String; 2],
    /// The rules in sentences (the rules page).
    rules: crate::rules_text::RulesText,
    /// The pieces of the start position (the rules page draws it).
    start_board: Vec<BoardPiece>,
    /// Where the variant's self-play report is served, if there is one.
    lab_report: Option<String>,
}

impl VariantDetail {
    /// Full description of a variant.
    #[must_use]
    pub fn of(v: &std::sync::Arc<Variant>) -> Self {
        let g = &v.geometry;
        let names = |set: &menagerie_geometry::CellSet| -> Vec<String> {
            set.iter().map(|c| g.name(c).to_string()).collect()
        };
        VariantDetail {
            id: v.id.clone(),
            name: v.name.clone(),
            family: v.family.clone(),
            description: v.description.clone(),
            board: BoardView {
                files: g.files(),
                ranks: g.ranks(),
                levels: g.levels(),
                level_letters: g.level_letters().iter().collect(),
                cells: g
                    .cells()
                    .map(|c| {
                        let p = g.coord(c);
                        CellView {
                            name: g.name(c).to_string(),
                            x: i32::from(p.x),
                            y: i32::from(p.y),
                            z: i32::from(p.z),
                        }
                    })
                    .collect(),
            },
            regions: v
                .regions
                .iter()
                .map(|r| RegionView {
                    name: r.name.clone(),
                    kind: r.kind.clone(),
                    label: r.label.clone(),
                    about: r.about.clone(),
                    edge: r.edge.clone(),
                    white: names(&r.cells[0]),
                    black: names(&r.cells[1]),
                    boundaries: BTreeMap::from([
                        ("white", boundary(g, &r.cells[0])),
                        ("black", boundary(g, &r.cells[1])),
                    ]),
                })
                .collect(),
            pieces: v
                .pieces
                .iter()
                .map(|p| PieceView {
                    token: p.token.clone(),
                    name: p.name.clone(),
                    abbrev: p.abbrev.clone(),
                    betza: p.betza.clone(),
                    royal: p.royal,
                    glyph: p.glyph.clone(),
                    description: p.description.clone(),
                })
                .collect(),
            drops: v.rules.drops,
            imitation: v.imitator.is_some(),
            start_fen: v.start_fen.clone(),
            move_style: match v.move_style {
                MoveStyle::Uci => "uci",
                MoveStyle::Dash => "dash",
            },
            notation: if v.shogi_notation { "shogi" } else { "san" },
            players: v.player_names.clone(),
            rules: crate::rules_text::RulesText::of(v),
            start_board: Position::from_fen(v, &v.start_fen)
                .map(|p| board_pieces(&p))
                .unwrap_or_default(),
            lab_report: crate::assets::lab_report(&v.id),
        }
    }
}

/// A piece on the board.
#[derive(Debug, Serialize)]
pub struct BoardPiece {
    cell: String,
    /// Token as written in the FEN (`P`, `+P` for a promoted Shogi pawn, `+PG` in
    /// full-promotion FENs).
    token: String,
    /// Token of the piece type it now is (White's form): look it up in `pieces`.
    #[serde(rename = "type")]
    kind: String,
    color: &'static str,
    name: String,
    abbrev: String,
    glyph: String,
    promoted: bool,
}

/// Pieces of one type in a hand.
#[derive(Debug, Serialize)]
pub struct HandPiece {
    token: String,
    count: u8,
    /// Drops of it need nothing in hand (free drops: Ataxx); `count` is 0.
    unlimited: bool,
    name: String,
    abbrev: String,
    glyph: String,
}

/// The last move on the board.
#[derive(Debug, Serialize)]
pub struct LastMove {
    from: Option<String>,
    to: String,
    via: Option<String>,
    drop: Option<String>,
    captured: Vec<String>,
    uci: String,
    text: String,
    san: String,
    /// As players read it: SAN, or shogi notation in the variants that write it.
    notation: String,
}

/// A move of the game's move list.
#[derive(Debug, Serialize)]
pub struct MoveEntry {
    uci: String,
    text: String,
    san: String,
    /// As players read it: SAN, or shogi notation in the variants that write it.
    notation: String,
    fen: String,
    /// The engine's evaluation when it played the move (engine moves only).
    #[serde(skip_serializing_if = "Option::is_none")]
    eval: Option<crate::game::MoveEval>,
}

/// A legal move.
#[derive(Debug, Serialize)]
pub struct LegalMove {
    uci: String,
    text: String,
    from: Option<String>,
    to: String,
    via: Option<String>,
    promotion: Option<String>,
    promotion_name: Option<String>,
    promotion_glyph: Option<String>,
    /// The hand piece a gating move places (Seirawan chess); absent for
    /// every other move.
    #[serde(skip_serializing_if = "Option::is_none")]
    gate: Option<GateChoice>,
    /// The cell where the move places a wall (Duck chess, Amazons'
    /// arrows); absent for moves that place none.
    #[serde(skip_serializing_if = "Option::is_none")]
    wall: Option<String>,
    drop: Option<String>,
    castle: bool,
    capture: bool,
}

/// What a gating move places: the hand piece and the cell it goes on (the
/// cell the mover leaves; for a castling the King's or the partner's).
#[derive(Debug, Serialize)]
pub struct GateChoice {
    token: String,
    name: String,
    glyph: String,
    on: String,
}

/// Engine part of the state.
#[derive(Debug, Serialize)]
pub struct EngineView {
    movetime_ms: Option<u64>,
    depth: Option<u32>,
    thinking: bool,
    /// Playing level, 1 to 8 (8 = full strength).
    level: u8,
}

/// A game state (every game endpoint answers with one).
#[derive(Debug, Serialize)]
pub struct GameState {
    id: String,
    variant: String,
    version: u64,
    /// Ply shown (equals `moves.len()` unless an earlier position was asked for).
    ply: usize,
    /// True for the read-only view of an earlier position (`?ply=N`).
    history_view: bool,
    fen: String,
    side: &'static str,
    board: Vec<BoardPiece>,
    hands: BTreeMap<&'static str, Vec<HandPiece>>,
    imitation: Option<String>,
    check: Vec<String>,
    last_move: Option<LastMove>,
    moves: Vec<MoveEntry>,
    legal: Vec<LegalMove>,
    status: Status,
    players: BTreeMap<&'static str, Player>,
    engine: EngineView,
    draw_offer: Option<&'static str>,
    created: i64,
    updated: i64,
    /// The clocks (null for a game without a time control).
    clock: Option<crate::clock::ClockView>,
    /// What the variant counts as the game goes (absent when it counts nothing).
    #[serde(skip_serializing_if = "Counts::is_empty")]
    counts: Counts,
}

/// The running counts of a position that players watch.
#[derive(Debug, Default, Serialize)]
pub struct Counts {
    /// A counting rule's count (Makruk family), in plies as Fairy-Stockfish
    /// keeps it: `ply` counted of `limit`; absent while no count runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<CountView>,
    /// Material points (Janggi), Black's with its bonus.
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<BTreeMap<&'static str, f64>>,
    /// Checks each side has left to give (n-check variants).
    #[serde(skip_serializing_if = "Option::is_none")]
    checks_left: Option<BTreeMap<&'static str, u8>>,
}

/// A running count of a counting rule.
#[derive(Debug, Serialize)]
pub struct CountView {
    ply: u32,
    limit: u32,
}

/// A value per side, as the JSON names the sides.
fn both<T>([white, black]: [T; 2]) -> BTreeMap<&'static str, T> {
    BTreeMap::from([("white", white), ("black", black)])
}

impl Counts {
    fn is_empty(&self) -> bool {
        self.count.is_none() && self.points.is_none() && self.checks_left.is_none()
    }

    /// The counts of `pos`.
    fn of(pos: &Position) -> Counts {
        let rules = &pos.variant().rules;
        let count = pos.count_state();
        Counts {
            count: (rules.counting.is_some() && count.active()).then_some(CountView {
                ply: count.ply,
                limit: count.limit,
            }),
            points: rules.material_count.as_ref().map(|mc| both(mc.points(pos))),
            checks_left: rules.check_counting.then(|| both(pos.checks_left_all())),
        }
    }
}

fn board_pieces(pos: &Position) -> Vec<BoardPiece> {
    let v = pos.variant();
    let g = &v.geometry;
    g.cells()
        .filter_map(|c| {
            let p = pos.piece(c);
            if p.is_empty() {
                return None;
            }
            let def = &v.pieces[usize::from(p.kind())];
            let origin = pos.origin(c);
            let token = match origin {
                Some(o) if v.fen.promoted_full => {
                    format!("+{}{}", v.token(o, p.color()), v.token(p.kind(), p.color()))
                }
                Some(o) => format!("+{}", v.token(o, p.color())),
                None => v.token(p.kind(), p.color()),
            };
            Some(BoardPiece {
                cell: g.name(c).to_string(),
                token,
                kind: def.token.clone(),
                color: p.color().name(),
                name: def.name.clone(),
                abbrev: def.abbrev.clone(),
                glyph: def.glyph.clone(),
                promoted: origin.is_some(),
            })
        })
        .collect()
}

fn hand(pos: &Position, color: Color) -> Vec<HandPiece> {
    let v = pos.variant();
    let unlimited = v.rules.free_drops;
    (0..v.types())
        .filter_map(|k| {
            let n = pos.hand(color, k as u8);
            (n > 0 || (unlimited && pos.holds(color, k as u8))).then(|| {
                let def = &v.pieces[k];
                HandPiece {
                    token: def.token.clone(),
                    count: n,
                    unlimited,
                    name: def.name.clone(),
                    abbrev: def.abbrev.clone(),
                    glyph: def.glyph.clone(),
                }
            })
        })
        .collect()
}

/// One position along a line of moves (the side board of an analysis).
#[derive(Debug, Serialize)]
pub struct LineStep {
    fen: String,
    side: &'static str,
    board: Vec<BoardPiece>,
    hands: BTreeMap<&'static str, Vec<HandPiece>>,
    /// The move that led here (absent for the first position).
    last_move: Option<LineMove>,
}

/// The move of a [`LineStep`].
#[derive(Debug, Serialize)]
pub struct LineMove {
    from: Option<String>,
    to: String,
    via: Option<String>,
    san: String,
    /// As players read it: SAN, or shogi notation in the variants that write it.
    notation: String,
}

/// The positions along `moves` from `pos`, `pos` first; the moves must be legal in
/// turn (the caller resolved them against the legal moves).
#[must_use]
pub fn line_steps(pos: &Position, moves: &[Move]) -> Vec<LineStep> {
    let g = &pos.variant().geometry;
    let name = |c: CellId| g.name(c).to_string();
    let step = |p: &Position, last_move: Option<LineMove>| {
        let mut hands = BTreeMap::new();
        hands.insert("white", hand(p, Color::White));
        hands.insert("black", hand(p, Color::Black));
        LineStep {
            fen: p.to_fen(),
            side: p.side().name(),
            board: board_pieces(p),
            hands,
            last_move,
        }
    };
    let mut p = pos.clone();
    let mut out = vec![step(&p, None)];
    for &m in moves {
        let mv = LineMove {
            from: if m.kind() == MoveKind::Drop {
                None
            } else {
                m.from().map(name)
            },
            to: name(m.to()),
            via: m.via().map(name),
            san: menagerie_rules::san(&p, m),
            notation: players_text_in(&p, &p.legal_moves(), m),
        };
        p.make_unchecked(m);
        out.push(step(&p, Some(mv)));
    }
    out
}

/// The JSON form of one legal move of `pos`.
#[must_use]
pub fn legal_move(pos: &Position, m: Move) -> LegalMove {
    let v = pos.variant();
    let g = &v.geometry;
    let name = |c: CellId| g.name(c).to_string();
    // A drop of a piece placed promoted (Kyoto Shogi) is shown as a drop
    // with a `+` promotion, so the chooser tells it from the plain drop.
    let promoted_drop = m
        .dropped()
        .filter(|_| m.is_promoted_drop())
        .and_then(|k| v.pieces[usize::from(k)].promoted_drop());
    let (promotion, promotion_name, promotion_glyph) = match m.promotion() {
        None if promoted_drop.is_some() => {
            let def = &v.pieces[usize::from(promoted_drop.unwrap_or(0))];
            (
                Some("+".to_string()),
                Some(def.name.clone()),
                Some(def.glyph.clone()),
            )
        }
        Some(k) => {
            let def = &v.pieces[usize::from(k)];
            let pr = m.from().and_then(|f| {
                v.pieces[usize::from(pos.piece(f).kind())]
                    .promotion
                    .as_ref()
            });
            let plus = pr.is_some_and(|p| p.keeps_origin && p.to.len() == 1);
            (
                Some(if plus {
                    "+".to_string()
                } else {
                    def.token.clone()
                }),
                Some(def.name.clone()),
                Some(def.glyph.clone()),
            )
        }
        None => (None, None, None),
    };
    let gate = pos.gate_of(m).map(|(on, kind)| {
        let def = &v.pieces[usize::from(kind)];
        GateChoice {
            token: def.token.clone(),
            name: def.name.clone(),
            glyph: def.glyph.clone(),
            on: name(on),
        }
    });
    LegalMove {
        uci: move_text(pos, m, TextStyle::Uci),
        text: move_text(pos, m, TextStyle::Human),
        from: if m.kind() == MoveKind::Drop {
            None
        } else {
            m.from().map(name)
        },
        to: name(m.to()),
        via: m.via().map(name),
        promotion,
        promotion_name,
        promotion_glyph,
        gate,
        wall: m.wall().map(name),
        drop: m.dropped().map(|k| v.pieces[usize::from(k)].token.clone()),
        castle: m.castling().is_some(),
        capture: m.is_capture() || m.captures_via() || m.kind() == MoveKind::EnPassant,
    }
}

impl GameState {
    /// The state of a game; with `view`, the read-only state of the position after
    /// that many moves (`legal` empty, status of the live game omitted).
    #[must_use]
    pub fn of(game: &Game, view: Option<(usize, &Position)>) -> GameState {
        let (ply, pos, history_view) = match view {
            Some((n, p)) if n < game.moves.len() => (n, p, true),
            _ => (game.moves.len(), &game.pos, false),
        };
        let v = pos.variant();
        let g = &v.geometry;
        let status = if history_view {
            Status::PLAYING
        } else {
            game.status()
        };
        let side = pos.side();
        let legal = if !history_view
            && !status.over
            && !game.thinking()
            && game.player(side) == Player::Human
        {
            pos.legal_moves()
                .into_iter()
                .map(|m| legal_move(pos, m))
                .collect()
        } else {
            Vec::new()
        };
        let last_move = ply.checked_sub(1).map(|i| {
            let p = &game.moves[i];
            let m = p.mv;
            LastMove {
                from: if m.kind() == MoveKind::Drop {
                    None
                } else {
                    m.from().map(|c| g.name(c).to_string())
                },
                to: g.name(m.to()).to_string(),
                via: m.via().map(|c| g.name(c).to_string()),
                drop: m.dropped().map(|k| v.pieces[usize::from(k)].token.clone()),
                captured: p.captured.iter().map(|&c| g.name(c).to_string()).collect(),
                uci: p.uci.clone(),
                text: p.text.clone(),
                san: p.san.clone(),
                notation: p.notation.clone(),
            }
        });
        let mut hands = BTreeMap::new();
        hands.insert("white", hand(pos, Color::White));
        hands.insert("black", hand(pos, Color::Black));
        let mut players = BTreeMap::new();
        players.insert("white", game.players[0]);
        players.insert("black", game.players[1]);
        let EngineSettings { movetime_ms, depth } = game.engine;
        GameState {
            id: game.id.clone(),
            variant: v.id.clone(),
            version: game.version,
            ply,
            history_view,
            fen: pos.to_fen(),
            side: side.name(),
            board: board_pieces(pos),
            hands,
            imitation: pos
                .imitation()
                .map(|k| v.pieces[usize::from(k)].token.clone()),
            check: pos
                .checked_royals()
                .into_iter()
                .map(|c| g.name(c).to_string())
                .collect(),
            last_move,
            moves: game
                .moves
                .iter()
                .map(|p| MoveEntry {
                    uci: p.uci.clone(),
                    text: p.text.clone(),
                    san: p.san.clone(),
                    notation: p.notation.clone(),
                    fen: p.fen.clone(),
                    eval: p.eval.clone(),
                })
                .collect(),
            legal,
            status,
            players,
            engine: EngineView {
                movetime_ms,
                depth,
                thinking: game.thinking() && !history_view,
                level: game.level.number(),
            },
            draw_offer: if history_view {
                None
            } else {
                game.draw_offer.map(Color::name)
            },
            created: game.created,
            updated: game.updated,
            clock: game
                .clock
                .as_ref()
                .map(|c| crate::clock::ClockView::of(c, crate::clock::now_ms())),
            counts: Counts::of(pos),
        }
    }
}

/// `event: info` payload.
#[derive(Debug, Serialize)]
pub struct InfoView {
    depth: u32,
    score: BTreeMap<&'static str, i32>,
    nodes: u64,
    nps: u64,
    pv: Vec<String>,
    pv_text: Vec<String>,
    pv_san: Vec<String>,
    /// The PV as players read it: SAN, or shogi notation in the variants that write it.
    pv_notation: Vec<String>,
}

impl InfoView {
    /// Progress of a search from `pos`; the PV is cut at the first move that is not
    /// legal where it would be played.
    #[must_use]
    pub fn of(pos: &Position, info: &Info) -> InfoView {
        let mut p = pos.clone();
        let mut pv = Vec::new();
        let mut pv_text = Vec::new();
        for &m in &info.pv {
            if !p.is_legal(m) {
                break;
            }
            pv.push(move_text(&p, m, TextStyle::Uci));
            pv_text.push(move_text(&p, m, TextStyle::Human));
            p.make_unchecked(m);
        }
        let pv_san = menagerie_rules::san_line(pos, &info.pv[..pv.len()]);
        let pv_notation = players_line(pos, &info.pv[..pv.len()]);
        let mut score = BTreeMap::new();
        match info.score {
            Score::Cp(cp) => score.insert("cp", cp),
            Score::Mate(n) => score.insert("mate", n),
        };
        InfoView {
            depth: info.depth,
            score,
            nodes: info.nodes,
            nps: info.nps,
            pv,
            pv_text,
            pv_san,
            pv_notation,
        }
    }
}
