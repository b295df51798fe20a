//! Move text: writing moves in a variant's style and reading any of the
//! accepted forms, always resolved against the legal moves.
//!
//! Accepted input (every variant): `e2e4`, `e2-e4`, `e2xe4`, `e2:e4`,
//! promotion suffixes `q`, `=Q`, `+`, `+G`, drops `P@e5` / `*Q@wd4`, paths
//! `e4-d5-c6` or Fairy-Stockfish's multi-leg `e4d5,d5c6`, and `O-O`/`O-O-O`.
//! On 3D boards a cell name may start with `x` (level x): `x` is read as a
//! capture mark only when the text does not go on with a cell name, so
//! `wc3xc4` is wc3 to xc4 and `wc3xwc4` wc3 to wc4.

use crate::moves::{Move, MoveKind};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::MoveStyle;
use menagerie_geometry::CellId;

/// A move text that does not name a legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text cannot be read.
    #[error("cannot read move `{text}`: {reason}")]
    Syntax {
        /// The text.
        text: String,
        /// Why.
        reason: String,
    },
    /// No legal move matches.
    #[error("`{0}` is not a legal move here")]
    Illegal(String),
    /// Several legal moves match.
    #[error("`{text}` is ambiguous: {options}")]
    Ambiguous {
        /// The text.
        text: String,
        /// The candidates, as text.
        options: String,
    },
}

/// Text form to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextStyle {
    /// Protocol form (`e2e4`, `e7e8q`, `c4c3+`, `P@e5`, `e4d5,d5c6`).
    Uci,
    /// The variant's own human form (`e2-e4`, `e7-e8=Q`, `e4-d5-c6`).
    Human,
}

/// True when `m` is a compulsory promotion with a single choice (which
/// input may write without a suffix).
fn forced_single(pos: &Position, m: Move) -> bool {
    let v = pos.variant();
    let from_kind = m.from().map(|f| pos.piece(f).kind());
    let pr = from_kind.and_then(|fk| v.pieces[usize::from(fk)].promotion.as_ref());
    m.promotion().is_some()
        && pr.is_some_and(|p| {
            p.mandatory && p.to.len() == 1 && !p.keeps_origin && p.plus_to.is_none()
        })
}

/// True when `m` promotes Shogi's way, written with `+`.
fn plus_written(pos: &Position, m: Move) -> bool {
    let v = pos.variant();
    let from_kind = m.from().map(|f| pos.piece(f).kind());
    let pr = from_kind.and_then(|fk| v.pieces[usize::from(fk)].promotion.as_ref());
    m.promotion().is_some() && pr.is_some_and(|p| p.plus_text_in(m))
}

fn promo_suffix(pos: &Position, m: Move, human: bool) -> String {
    let Some(k) = m.promotion() else {
        return String::new();
    };
    if pos.is_demotion(m) {
        // Fairy-Stockfish's mark for a piece turning back (Kyoto Shogi).
        return "-".into();
    }
    let v = pos.variant();
    let from_kind = m.from().map(|f| pos.piece(f).kind());
    let pr = from_kind.and_then(|fk| v.pieces[usize::from(fk)].promotion.as_ref());
    let single = pr.is_some_and(|p| p.to.len() == 1) || m.promotes_plus();
    let silent = !v.forced_promotion_suffix && forced_single(pos, m);
    if silent {
        return String::new();
    }
    let tok = v.pieces[usize::from(k)].token.clone();
    let keeps = pr.is_some_and(|p| p.plus_text_in(m));
    if human && m.promotes_plus() {
        // Beside the chess choices (Elgam's Soldier may become the same
        // Wazir either way), the Shogi-style one is written as in UCI.
        "+".into()
    } else if human {
        if v.plus_promotion {
            if single {
                "+".into()
            } else {
                format!("+{tok}")
            }
        } else {
            format!("={tok}")
        }
    } else if keeps && single {
        "+".into()
    } else if keeps {
        format!("+{}", tok.to_ascii_lowercase())
    } else {
        tok.to_ascii_lowercase()
    }
}

/// The two cells a move's text names: origin and destination, except for
/// a castling that gates on its partner's cell, written from the partner
/// to the King (`h1e1h`, Fairy-Stockfish's form), and a castling whose
/// King destination a plain King move also reaches, written from the King
/// to its partner (Diana chess's `d1f1` beside the step `d1e1`, as
/// Fairy-Stockfish writes it).
fn written_cells(pos: &Position, m: Move) -> (CellId, CellId) {
    if m.gate().is_some_and(|g| g.on_partner) {
        let [king, _, partner, _] = pos.castle_cells(m);
        return (partner, king);
    }
    if m.kind() == MoveKind::Castle && pos.variant().rules.chess960.is_none() {
        let [king, king_to, partner, _] = pos.castle_cells(m);
        if king_steps_to(pos, king, king_to) {
            return (king, partner);
        }
    }
    (m.from().unwrap_or(m.to()), m.to())
}

/// True when the piece on `from` has a plain (not castling) pseudo-legal
/// move to `to`.
fn king_steps_to(pos: &Position, from: CellId, to: CellId) -> bool {
    let mut out = crate::moves::MoveList::new();
    pos.moves_from(from, &mut out);
    out.iter()
        .any(|x| x.kind() != MoveKind::Castle && x.from() == Some(from) && x.to() == to)
}

/// The gated piece after a gating move (`components::gating`): its letter
/// in lower case (`b1c3h`), or in human dash style `/` and the letter
/// (`b1-c3/H`).
fn gate_suffix(pos: &Position, m: Move, human: bool) -> String {
    let Some(g) = m.gate() else {
        return String::new();
    };
    let v = pos.variant();
    if human {
        format!("/{}", v.token(g.kind, Color::White))
    } else {
        v.token(g.kind, Color::Black)
    }
}

/// Writes a move (legal in `pos`) as text.
#[must_use]
pub fn move_text(pos: &Position, m: Move, style: TextStyle) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let human = style == TextStyle::Human && v.move_style == MoveStyle::Dash;
    if m.is_null() {
        return "0000".into();
    }
    let base = piece_move_text(pos, m.without_wall(), human);
    match m.wall() {
        // Fairy-Stockfish's form: the piece move, then `,` destination and
        // wall cell.
        Some(w) => format!("{base},{}{}", g.name(m.to()), g.name(w)),
        // Fairy-Stockfish's empty wall field (`components::walls`).
        None if !human && wall_or_move(pos) => {
            let to = g.name(written_cells(pos, m).1);
            format!("{base},{to}{}", crate::components::walls::NO_WALL_TEXT)
        }
        None => base,
    }
}

/// True in a variant where a side walls instead of moving.
pub(crate) fn wall_or_move(pos: &Position) -> bool {
    pos.variant()
        .rules
        .walls
        .as_ref()
        .is_some_and(|w| w.or_move)
}

/// The text of a move without its wall: a drop, or the cells with the
/// promotion and gating suffixes.
fn piece_move_text(pos: &Position, m: Move, human: bool) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    if let Some(k) = m.dropped() {
        let promoted = if m.is_promoted_drop() { "+" } else { "" };
        return format!(
            "{promoted}{}@{}",
            v.pieces[usize::from(k)].token,
            g.name(m.to())
        );
    }
    let (from, to) = written_cells(pos, m);
    let (from, to) = (g.name(from), g.name(to));
    let mut s = match m.via() {
        Some(via) if human => format!("{from}-{}-{to}", g.name(via)),
        Some(via) => format!("{from}{},{}{to}", g.name(via), g.name(via)),
        None if human && m.is_capture() => format!("{from}{}{to}", v.capture_mark),
        None if human => format!("{from}-{to}"),
        None => format!("{from}{to}"),
    };
    s.push_str(&promo_suffix(pos, m, human));
    s.push_str(&gate_suffix(pos, m, human));
    s
}

/// Protocol text of a move, leaving out the path cell when the origin and
/// destination already identify the move among the legal ones (GUIs handle
/// plain moves best).
#[must_use]
pub fn protocol_text(pos: &Position, legal: &[Move], m: Move) -> String {
    if m.via().is_some() {
        let same = legal
            .iter()
            .filter(|x| x.from() == m.from() && x.to() == m.to() && x.promotion() == m.promotion())
            .count();
        if same == 1 {
            let g = &pos.variant().geometry;
            let mut s = format!("{}{}", g.name(m.from().unwrap_or(m.to())), g.name(m.to()));
            s.push_str(&promo_suffix(pos, m, false));
            return s;
        }
    }
    move_text(pos, m, TextStyle::Uci)
}

enum Suffix {
    None,
    Plus,
    /// A promotion's or a gated piece's letter.
    Token(String),
    /// `/X`: a gated piece only.
    Gate(String),
}

fn parse_cells(pos: &Position, text: &str) -> Result<(Vec<CellId>, String), String> {
    let g = &pos.variant().geometry;
    let mut cells = Vec::new();
    let mut s = text;
    loop {
        s = s.trim_start_matches(['-', ':', ',']);
        if s.is_empty() {
            break;
        }
        // A cell name may itself start with `x` (level x of a 3D board:
        // `wc3xc4` is wc3 to xc4), so `x` is a capture mark only when the
        // text does not go on with a cell name.
        let found = g.parse_cell_prefix(s).or_else(|| {
            let rest = s.strip_prefix('x')?.trim_start_matches(['-', ':', ',']);
            let (c, n) = g.parse_cell_prefix(rest)?;
            Some((c, n + s.len() - rest.len()))
        });
        match found {
            Some((c, n)) => {
                cells.push(c);
                s = &s[n..];
            }
            None => break,
        }
    }
    Ok((cells, s.to_string()))
}

/// Reads a move in any accepted form and finds the legal move it names.
///
/// # Errors
/// [`MoveError`] when the text cannot be read, names no legal move, or names
/// several.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let legal = pos.legal_moves();
    parse_move_in(pos, &legal, text)
}

/// As [`parse_move`], with the legal moves already generated. Text that is
/// not in coordinates (`e4`, `Nf3`, `exd5`) is read as SAN ([`mod@crate::san`]),
/// or first as western shogi notation (`P-7f`) in variants that write it.
///
/// # Errors
/// See [`parse_move`].
pub fn parse_move_in(pos: &Position, legal: &[Move], text: &str) -> Result<Move, MoveError> {
    if pos.variant().rules.walls.is_some() {
        if let Some((base, wall)) = text.trim().rsplit_once(',') {
            return parse_wall_move(pos, legal, text, base, wall);
        }
    }
    match parse_coordinates(pos, legal, text) {
        Err(MoveError::Syntax { .. }) if pos.variant().shogi_notation => {
            crate::shogi_notation::parse_shogi_in(pos, legal, text)
                .map_or_else(|| crate::san::parse_san_in(pos, legal, text), Ok)
        }
        Err(MoveError::Syntax { .. }) => crate::san::parse_san_in(pos, legal, text),
        other => other,
    }
}

/// Reads a wall move: the piece move (`base`, in any form) and after the
/// comma the wall cell, alone (`e4,e5` in SAN) or after the destination
/// (`e2e4,e4e5`).
fn parse_wall_move(
    pos: &Position,
    legal: &[Move],
    text: &str,
    base: &str,
    wall: &str,
) -> Result<Move, MoveError> {
    let (cells, rest) = parse_cells(pos, wall.trim()).map_err(|e| MoveError::Syntax {
        text: text.to_string(),
        reason: e,
    })?;
    let wall_cell = match (cells.as_slice(), rest.is_empty()) {
        ([w], true) | ([_, w], true) => *w,
        _ => {
            return Err(MoveError::Syntax {
                text: text.to_string(),
                reason: "expected the wall cell after `,`".into(),
            })
        }
    };
    if wall_or_move(pos) {
        // A piece move with Fairy-Stockfish's empty wall field (`e2e4,e4a1`).
        let plain: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.wall().is_none())
            .collect();
        if let Ok(m) = parse_move_in(pos, &plain, base) {
            return Ok(m);
        }
    }
    // The piece moves that may place this wall: SAN disambiguates among them
    // only (`Qd6,a6` when the other Queen could not wall a6).
    let mut bases: Vec<Move> = legal
        .iter()
        .filter(|m| m.wall() == Some(wall_cell))
        .map(|m| m.without_wall())
        .collect();
    bases.sort_unstable_by_key(|m| m.raw());
    bases.dedup();
    let piece_move = parse_move_in(pos, &bases, base)?;
    legal
        .iter()
        .copied()
        .find(|m| m.without_wall() == piece_move && m.wall() == Some(wall_cell))
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}

/// Reads a move written with its cells (`e2e4`, `e2-e4`, `P@e5`, `O-O`).
fn parse_coordinates(pos: &Position, legal: &[Move], text: &str) -> Result<Move, MoveError> {
    let v = pos.variant();
    let t = text.trim().trim_end_matches(['#', '!', '?']);
    let syn = |reason: &str| MoveError::Syntax {
        text: text.to_string(),
        reason: reason.to_string(),
    };
    if t.is_empty() {
        return Err(syn("empty move"));
    }
    if t.len() > 40 || !t.is_ascii() {
        return Err(syn("not a move"));
    }
    if let Some((tok, cell)) = t.split_once('@') {
        let Some(c) = v.geometry.parse_cell(cell) else {
            return Err(syn(&format!("`{cell}` is not a cell")));
        };
        // `+P@e5`: the piece in hand dropped as the type it promotes to.
        let (promoted, tok) = match tok.strip_prefix('+') {
            Some(t) => (true, t),
            None => (false, tok),
        };
        let Some((k, _)) = v.piece_by_token(&tok.to_ascii_uppercase()) else {
            return Err(syn(&format!("`{tok}` is not a piece")));
        };
        let here = || legal.iter().copied().filter(|m| m.to() == c);
        // `R@b4` may also name, as SAN does, a piece dropped promoted into a
        // Rook (Kyoto Shogi), when no Rook in hand can be dropped there.
        let placed_promoted = |m: &Move| {
            m.is_promoted_drop()
                && m.dropped()
                    .is_some_and(|h| v.pieces[usize::from(h)].promoted_drop() == Some(k))
        };
        return here()
            .find(|m| m.dropped() == Some(k) && m.is_promoted_drop() == promoted)
            .or_else(|| here().find(|m| !promoted && placed_promoted(m)))
            .ok_or_else(|| MoveError::Illegal(text.to_string()));
    }
    if t == "O-O" || t == "O-O-O" || t == "0-0" || t == "0-0-0" {
        let long = t.len() > 3;
        let g = &v.geometry;
        let mut cands: Vec<(i32, Move)> = legal
            .iter()
            .copied()
            .filter(|m| m.kind() == MoveKind::Castle)
            .filter_map(|m| {
                let d = i32::from(g.coord(m.to()).x) - i32::from(g.coord(m.from()?).x);
                ((d < 0) == long).then_some((d.abs(), m))
            })
            .collect();
        cands.sort_by_key(|(d, _)| *d);
        return cands
            .first()
            .map(|(_, m)| *m)
            .ok_or_else(|| MoveError::Illegal(text.to_string()));
    }
    // A trailing `-` marks a demotion (`a1a2-`, Kyoto Shogi).
    let (t, demote) = match t.strip_suffix('-') {
        Some(x) if !x.is_empty() => (x, true),
        _ => (t, false),
    };
    let (cells, rest) = parse_cells(pos, t).map_err(|e| syn(&e))?;
    if cells.len() < 2 {
        return Err(syn("expected two cells (from, to)"));
    }
    let (from, via, to) = match cells.len() {
        2 => (cells[0], None, cells[1]),
        3 => (cells[0], Some(cells[1]), cells[2]),
        4 if cells[1] == cells[2] => (cells[0], Some(cells[1]), cells[3]),
        // XBoard relays a two-leg move as `from``to`,`via``x`.
        4 => (cells[0], Some(cells[2]), cells[1]),
        _ => return Err(syn("too many cells")),
    };
    let suffix = {
        let r = rest.trim_start_matches('=');
        if r.is_empty() {
            if rest.starts_with('=') {
                return Err(syn("`=` must be followed by a piece letter"));
            }
            Suffix::None
        } else if let Some(x) = r.strip_prefix('/') {
            Suffix::Gate(x.to_string())
        } else if r == "+" {
            Suffix::Plus
        } else if let Some(x) = r.strip_prefix('+') {
            Suffix::Token(x.to_string())
        } else {
            Suffix::Token(r.to_string())
        }
    };
    let cands: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.kind() != MoveKind::Drop && written_cells(pos, *m) == (from, to))
        .filter(|m| via.is_none() || m.via() == via)
        .filter(|m| !demote || pos.is_demotion(*m))
        .collect();
    if cands.is_empty() {
        return Err(MoveError::Illegal(text.to_string()));
    }
    let matching: Vec<Move> = match &suffix {
        Suffix::None => {
            let plain: Vec<Move> = cands
                .iter()
                .copied()
                .filter(|m| m.promotion().is_none() && m.gate().is_none())
                .collect();
            if plain.is_empty() {
                // A compulsory single-choice promotion needs no suffix.
                let p: Vec<Move> = cands
                    .iter()
                    .copied()
                    .filter(|m| forced_single(pos, *m) || pos.is_demotion(*m))
                    .collect();
                p
            } else {
                plain
            }
        }
        Suffix::Plus => {
            let promotions = cands
                .iter()
                .copied()
                .filter(|m| m.promotion().is_some() && !pos.is_demotion(*m));
            // Beside chess choices, `+` is the one written so (Wolf's Elephant).
            let plus: Vec<Move> = promotions
                .clone()
                .filter(|m| plus_written(pos, *m))
                .collect();
            if plus.is_empty() {
                promotions.collect()
            } else {
                plus
            }
        }
        Suffix::Token(tok) | Suffix::Gate(tok) => {
            let Some((k, _)) = v.piece_by_token(&tok.to_ascii_uppercase()) else {
                return Err(syn(&format!("`{tok}` is not a piece")));
            };
            let gate_only = matches!(suffix, Suffix::Gate(_));
            cands
                .iter()
                .copied()
                .filter(|m| {
                    (!gate_only && m.promotion() == Some(k)) || m.gate().map(|g| g.kind) == Some(k)
                })
                .collect()
        }
    };
    let mut matching = matching;
    if matching.len() > 1 && matches!(suffix, Suffix::Token(_)) {
        // `w` and `+w` tell the chess-style promotion from the Shogi-style
        // one to the same type (Elgam's Soldier).
        let plus = rest.trim_start_matches('=').starts_with('+');
        matching.retain(|m| m.promotes_plus() == plus);
    }
    if matching.len() > 1 && via.is_none() {
        // Prefer the move without a recorded path when one exists.
        let plain: Vec<Move> = matching
            .iter()
            .copied()
            .filter(|m| m.via().is_none())
            .collect();
        if plain.len() == 1 {
            matching = plain;
        }
    }
    match matching.len() {
        0 => Err(MoveError::Illegal(text.to_string())),
        1 => Ok(matching[0]),
        _ => Err(MoveError::Ambiguous {
            text: text.to_string(),
            options: matching
                .iter()
                .map(|&m| move_text(pos, m, TextStyle::Human))
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

/// True when `c` is a colour letter of this notation (helper for protocols).
#[must_use]
pub fn color_from_letter(c: char) -> Option<Color> {
    match c {
        'w' => Some(Color::White),
        'b' => Some(Color::Black),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Registry;

    /// Diana chess (Fairy-Stockfish's section over Los Alamos): the King
    /// castles kingside from d1 to e1, a cell its plain step also reaches,
    /// so the castling is written King to partner (`d1f1`); queenside,
    /// d1 to b1, keeps the King's cells.
    #[test]
    fn castling_onto_a_kings_step_is_written_to_the_partner() {
        let text = "[diana:losalamos]\nbishop = b\npromotionPieceTypes = rbn\ncastling = true\ncastlingKingsideFile = e\ncastlingQueensideFile = b\nstartFen = rbnkbr/pppppp/6/6/PPPPPP/RBNKBR w KQkq - 0 1\n";
        let v = crate::test_support::ini_variant(text);
        let pos = Position::from_fen(&v, "r2k1r/6/6/6/6/R2K1R w KQkq - 0 1").unwrap();
        // pyffish 0.0.90's legal moves of the King: d1b1 d1c1 d1c2 d1d2
        // d1e1 d1e2 d1f1.
        let king: Vec<String> = crate::test_support::legal_uci_starting(&pos, "d1");
        assert_eq!(
            king,
            ["d1b1", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d1f1"]
        );
        let castle = parse_move(&pos, "d1f1").unwrap();
        assert_eq!(castle.kind(), MoveKind::Castle);
        assert_eq!(parse_move(&pos, "d1e1").unwrap().kind(), MoveKind::Normal);
        let mut after = pos.clone();
        after.play(castle).unwrap();
        // pyffish 0.0.90: `r2k1r/6/6/6/6/R2RK1 b kq - 1 1`.
        assert_eq!(after.to_fen(), "r2k1r/6/6/6/6/R2RK1 b kq - 1 1");
    }

    /// A 3D board whose levels include `x`: `x` in move text is a capture
    /// mark only when no cell name follows.
    #[test]
    fn level_x_is_not_a_capture_mark() {
        let mut r = Registry::new();
        let toml = r#"
id = "xcube"
[board]
files = 3
ranks = 3
levels = 2
level_letters = "wx"
[pieces.K]
betza = "K(1,1,1)"
royal = true
[pieces.R]
betza = "R"
[setup]
fen = "2k/3/r2|3/3/R1K w 0 1"
"#;
        let id = r.add_toml("xcube.toml", toml).unwrap();
        let p = Position::start(&r.get(&id).unwrap());
        let g = &p.variant().geometry;
        for (text, from, to) in [
            ("xa1xa3", "xa1", "xa3"),
            ("xa1-xa2", "xa1", "xa2"),
            ("xa1xxa2", "xa1", "xa2"),
            ("xa1:wa1", "xa1", "wa1"),
            ("xa1xwa1", "xa1", "wa1"),
        ] {
            let m = parse_move(&p, text).unwrap();
            assert_eq!(m.from(), g.parse_cell(from), "{text}");
            assert_eq!(m.to(), g.parse_cell(to).unwrap(), "{text}");
        }
        let m = parse_move(&p, "xa1wa1").unwrap();
        assert_eq!(move_text(&p, m, TextStyle::Uci), "xa1wa1");
    }

    /// `[notation] capture` sets the separator of capturing moves in dash style.
    #[test]
    fn capture_mark_in_dash_style() {
        let base = r#"
id = "capmark"
[board]
files = 3
ranks = 3
[pieces.K]
betza = "K"
royal = true
[pieces.R]
betza = "R"
[setup]
fen = "r1k/3/R1K w - - 0 1"
[notation]
style = "dash"
"#;
        for (extra, want) in [
            ("", "a1-a3"),
            ("capture = \":\"\n", "a1:a3"),
            ("capture = \"x\"\n", "a1xa3"),
        ] {
            let mut r = Registry::new();
            let id = r
                .add_toml("capmark.toml", &format!("{base}{extra}"))
                .unwrap();
            let p = Position::start(&r.get(&id).unwrap());
            let m = parse_move(&p, "a1a3").unwrap();
            assert_eq!(move_text(&p, m, TextStyle::Human), want);
            assert_eq!(move_text(&p, m, TextStyle::Uci), "a1a3");
            assert_eq!(parse_move(&p, want).unwrap(), m);
            let q = parse_move(&p, "a1a2").unwrap();
            assert_eq!(move_text(&p, q, TextStyle::Human), "a1-a2");
        }
        let mut r = Registry::new();
        let e = r
            .add_toml("capmark.toml", &format!("{base}capture = \"=\"\n"))
            .unwrap_err();
        assert!(e.to_string().contains("notation.capture"), "{e}");
    }
}
