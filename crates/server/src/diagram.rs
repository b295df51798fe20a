//! Move diagrams: where one piece can go from a cell on an otherwise empty board.
//!
//! Quiet moves come from the move generator with the piece alone on the board;
//! captures from the rules' own capture test (`attacks_from`) with a lone enemy on the
//! target, so both come from the compiled move tables, hoppers and bent moves included.

use crate::error::{ApiError, ApiResult};
use menagerie_geometry::CellId;
use menagerie_rules::components::check_count;
use menagerie_rules::variant::FenField;
use menagerie_rules::{Color, MoveKind, Piece, PieceType, Position, Variant};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

/// One target cell.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct Target {
    /// Cell name.
    pub to: String,
    /// May move there without capturing.
    pub quiet: bool,
    /// May capture there.
    pub capture: bool,
}

/// `GET /api/variants/{id}/pieces/{token}/diagram`.
#[derive(Debug, Serialize)]
pub struct Diagram {
    /// Piece token.
    pub token: String,
    /// Cell it stands on.
    pub cell: String,
    /// Its colour.
    pub color: &'static str,
    /// Where it can go, in board order.
    pub moves: Vec<Target>,
    /// Remarks for people.
    pub notes: Vec<String>,
}

/// A FEN with only `piece` on `at` (any cell, extra cells included), `side` to move.
#[must_use]
pub fn lone_piece_fen(v: &Variant, piece: Piece, at: CellId, side: Color) -> String {
    let g = &v.geometry;
    let token = v.token(piece.kind(), piece.color());
    let mut out = String::new();
    let levels = if v.fen.levels { g.levels() } else { 1 };
    for z in 0..levels {
        if z > 0 {
            out.push('|');
        }
        for y in (0..g.ranks()).rev() {
            let mut empty = 0;
            for x in 0..g.files() {
                let cell = g.cell_at(x as i32, y as i32, z as i32);
                if cell.is_some() && cell != Some(at) {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                    empty = 0;
                }
                out.push_str(if cell.is_none() { "*" } else { &token });
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if y > 0 {
                out.push('/');
            }
        }
    }
    if v.fen.hands_in_brackets && v.rules.drops && !v.rules.free_drops {
        out.push_str("[]");
    }
    for f in &v.fen.fields {
        out.push(' ');
        match f {
            FenField::Extra => {
                for &c in g.extras() {
                    out.push_str(if c == at { &token } else { "-" });
                }
            }
            FenField::Side => out.push(side.letter()),
            FenField::Castling | FenField::EnPassant | FenField::Hands | FenField::Imitation => {
                out.push('-');
            }
            FenField::Halfmove => out.push('0'),
            FenField::Fullmove => out.push('1'),
            // Checks left do not change how a piece moves; any count but 0
            // (which would end the game) will do.
            FenField::Checks => {
                out.push_str(&check_count::write_field([check_count::UNSTATED_CHECKS; 2]))
            }
        }
    }
    out
}

/// The central cell of the main box (the diagram's default).
#[must_use]
pub fn central_cell(v: &Variant) -> CellId {
    let g = &v.geometry;
    let (cx, cy, cz) = (
        (g.files() as i32 - 1) / 2,
        (g.ranks() as i32 - 1) / 2,
        (g.levels() as i32 - 1) / 2,
    );
    g.cells()
        .min_by_key(|&c| {
            let p = g.coord(c);
            let d = (i32::from(p.x) - cx).abs()
                + (i32::from(p.y) - cy).abs()
                + (i32::from(p.z) - cz).abs();
            (d, c.0)
        })
        .unwrap_or(CellId(0))
}

/// Finds a piece type by token (White's or Black's form) or file key.
#[must_use]
pub fn find_piece(v: &Variant, token: &str) -> Option<PieceType> {
    v.piece_by_key(token)
        .or_else(|| v.piece_by_token(token).map(|(k, _)| k))
}

/// The diagram of `token` on `cell` (default: the centre) for `color` (default white).
///
/// # Errors
/// `unknown_piece`, `unknown_cell`, `bad_color`.
pub fn diagram(
    v: &Arc<Variant>,
    token: &str,
    cell: Option<&str>,
    color: Option<&str>,
) -> ApiResult<Diagram> {
    diagram_imitating(v, token, cell, color, None)
}

/// As [`diagram`]; for a piece that imitates another (the Joker), `imitates` names the
/// type it imitates now, and the diagram shows that type's moves.
///
/// # Errors
/// `unknown_piece` (also for `imitates`), `unknown_cell`, `bad_color`.
pub fn diagram_imitating(
    v: &Arc<Variant>,
    token: &str,
    cell: Option<&str>,
    color: Option<&str>,
    imitates: Option<&str>,
) -> ApiResult<Diagram> {
    let kind = find_piece(v, token).ok_or_else(|| {
        ApiError::not_found("unknown_piece", format!("no piece `{token}` in {}", v.name))
    })?;
    let g = &v.geometry;
    let at = match cell.map(str::trim).filter(|c| !c.is_empty()) {
        Some(name) => g.parse_cell(name).ok_or_else(|| {
            ApiError::bad("unknown_cell", format!("no cell `{name}` on this board"))
        })?,
        None => central_cell(v),
    };
    let color = match color.map(str::trim).filter(|c| !c.is_empty()) {
        None | Some("white") => Color::White,
        Some("black") => Color::Black,
        Some(other) => {
            return Err(ApiError::bad(
                "bad_color",
                format!("color must be white or black, not `{other}`"),
            ))
        }
    };
    let def = &v.pieces[usize::from(kind)];
    let mut notes = Vec::new();
    let imitated = match imitates
        .map(str::trim)
        .filter(|t| !t.is_empty() && def.imitator)
    {
        Some(t) => Some(find_piece(v, t).ok_or_else(|| {
            ApiError::not_found("unknown_piece", format!("no piece `{t}` in {}", v.name))
        })?),
        None => None,
    };
    // An imitator moves exactly like the type it imitates: draw that type's moves.
    let kind = imitated.unwrap_or(kind);
    let piece = Piece::new(kind, color);
    let mut found: BTreeMap<u16, (bool, bool)> = BTreeMap::new();
    let fen = lone_piece_fen(v, piece, at, color);
    match Position::from_fen(v, &fen) {
        Ok(pos) => {
            let mut list = Vec::new();
            pos.moves_from(at, &mut list);
            for m in list {
                if m.kind() == MoveKind::Normal && !m.is_capture() && !m.captures_via() {
                    found.entry(m.to().0).or_default().0 = true;
                }
            }
            for t in g.cells() {
                if t != at && pos.attacks_from(color, kind, at, t, false, false) {
                    found.entry(t.0).or_default().1 = true;
                }
            }
        }
        Err(_) => notes.push(format!(
            "A {} cannot stand alone on {} in a legal position, so no moves are shown.",
            def.name,
            g.name(at)
        )),
    }
    if def.imitator {
        notes.push(match imitated {
            Some(k) => format!(
                "It imitates the {} now (the type of the piece moved last, by either side): these are the {}'s moves.",
                v.pieces[usize::from(k)].name,
                v.pieces[usize::from(k)].name
            ),
            None => "It has no moves of its own: it moves like the type of the piece moved last, by either side (nothing before the first move).".into(),
        });
    }
    if def.royal {
        notes.push("Royal: it must never be left in check.".into());
    }
    if let Some(p) = &def.promotion {
        let names: Vec<&str> =
            p.to.iter()
                .map(|&k| v.pieces[usize::from(k)].name.as_str())
                .collect();
        if !names.is_empty() {
            notes.push(format!(
                "Promotes{} to {} in its promotion zone.",
                if p.mandatory { "" } else { " (optionally)" },
                names.join(" or ")
            ));
        }
    }
    // Hopper modifiers (`p`, `g`) in a word of piece notation (one with an atom letter).
    let has_hops = def
        .betza
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| w.chars().any(|c| c.is_ascii_uppercase()) && w.contains(['p', 'g']));
    if has_hops {
        notes.push(
            "Moves that hop over a screen are not shown: on an empty board there is nothing to hop over."
                .into(),
        );
    }
    Ok(Diagram {
        token: def.token.clone(),
        cell: g.name(at).to_string(),
        color: color.name(),
        moves: found
            .into_iter()
            .map(|(c, (quiet, capture))| Target {
                to: g.name(CellId(c)).to_string(),
                quiet,
                capture,
            })
            .collect(),
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Registry;

    fn cells(d: &Diagram) -> Vec<(&str, bool, bool)> {
        d.moves
            .iter()
            .map(|t| (t.to.as_str(), t.quiet, t.capture))
            .collect()
    }

    #[test]
    fn knight_from_e4() {
        let v = Registry::builtin().get("chess").expect("chess");
        let d = diagram(&v, "N", Some("e4"), None).expect("diagram");
        let mut to: Vec<&str> = d.moves.iter().map(|t| t.to.as_str()).collect();
        to.sort_unstable();
        assert_eq!(to, ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]);
        assert!(d.moves.iter().all(|t| t.quiet && t.capture));
    }

    #[test]
    fn pawn_moves_and_captures_differ() {
        let v = Registry::builtin().get("chess").expect("chess");
        let d = diagram(&v, "P", Some("e2"), Some("white")).expect("diagram");
        let mut c = cells(&d);
        c.sort_unstable();
        assert_eq!(
            c,
            [
                ("d3", false, true),
                ("e3", true, false),
                ("e4", true, false),
                ("f3", false, true)
            ]
        );
        let d = diagram(&v, "P", Some("e7"), Some("black")).expect("diagram");
        let mut c = cells(&d);
        c.sort_unstable();
        assert_eq!(
            c,
            [
                ("d6", false, true),
                ("e5", true, false),
                ("e6", true, false),
                ("f6", false, true)
            ]
        );
    }

    #[test]
    fn default_cell_and_errors() {
        let v = Registry::builtin().get("chess").expect("chess");
        let d = diagram(&v, "R", None, None).expect("diagram");
        assert_eq!(d.cell, "d4");
        assert_eq!(d.moves.len(), 14);
        assert_eq!(
            diagram(&v, "Z", None, None).map(|_| ()).unwrap_err().code,
            "unknown_piece"
        );
        assert_eq!(
            diagram(&v, "R", Some("z9"), None)
                .map(|_| ())
                .unwrap_err()
                .code,
            "unknown_cell"
        );
        assert_eq!(
            diagram(&v, "R", None, Some("red"))
                .map(|_| ())
                .unwrap_err()
                .code,
            "bad_color"
        );
    }

    #[test]
    fn shogi_knight_and_drops_variant() {
        let v = Registry::builtin().get("shogi").expect("shogi");
        let d = diagram(&v, "N", Some("e5"), None).expect("diagram");
        let mut to: Vec<&str> = d.moves.iter().map(|t| t.to.as_str()).collect();
        to.sort_unstable();
        assert_eq!(to, ["d7", "f7"]);
    }

    /// The Joker has no moves of its own; imitating a Knight it shows the Knight's
    /// moves, and the note says whose last move it copies without contradiction.
    #[test]
    fn joker_shows_what_it_imitates() {
        let reg = menagerie_rules::Registry::builtin();
        let v = reg.get("missing-ox").expect("variant");
        let alone = diagram(&v, "J", Some("h6"), None).expect("diagram");
        assert!(alone.moves.is_empty());
        assert!(
            alone.notes.iter().any(|n| n.contains("by either side")),
            "{:?}",
            alone.notes
        );
        let knight = diagram(&v, "N", Some("h6"), None).expect("diagram");
        let joker = diagram_imitating(&v, "J", Some("h6"), None, Some("N")).expect("diagram");
        assert_eq!(cells(&joker), cells(&knight));
        assert!(!joker.moves.is_empty());
        assert_eq!(joker.token, "J");
        assert!(
            joker
                .notes
                .iter()
                .any(|n| n.starts_with("It imitates the Nightrider now")),
            "{:?}",
            joker.notes
        );
        assert!(
            !joker.notes.iter().any(|n| n.contains("opponent")),
            "{:?}",
            joker.notes
        );
        assert_eq!(
            diagram_imitating(&v, "J", None, None, Some("?"))
                .map(|_| ())
                .unwrap_err()
                .code,
            "unknown_piece"
        );
    }
}
