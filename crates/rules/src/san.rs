//! Standard algebraic notation (SAN) for every variant, written and read by
//! the rules from the legal moves of a position.
//!
//! Players read and write SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`); lichess,
//! pychess-variants and Fairy-Stockfish exchange games in it. Because it leaves
//! out whatever the position makes obvious, SAN can only be produced and read
//! with the legal moves at hand: this module never looks at a move's text
//! alone.
//!
//! # Writing
//!
//! * Piece letter: the piece's FEN token in White's case (`N`, multi-letter
//!   tokens as they are: `*R`), or the variant file's `san` letter where
//!   Fairy-Stockfish's SAN writes another (Xiangqi's Horse `H`). A promoted
//!   piece is written by what it is now, as Fairy-Stockfish's SAN does: a
//!   Shogi Tokin (`+P` in FEN) is a `G`, a Dragon King a `D`, Crazyhouse's
//!   promoted `N~` an `N` (western shogi notation, `shogi_notation.rs`, writes
//!   `+P` for players). A `P` that moves otherwise than it captures (the chess
//!   Pawn) is written without a letter; a `P` that captures where it moves
//!   (Shogi's Pawn, Xiangqi's Soldier) keeps its letter, as Fairy-Stockfish
//!   writes them.
//! * Disambiguation, minimal as in chess: when another piece written the same
//!   way can reach the destination, the origin's file part, else its rank
//!   part, else the whole origin cell. A pawn capture always names its file.
//!   In a move that also places a wall, the rivals are the moves placing the
//!   same wall (Fairy-Stockfish's `Qd6,a6` when the other Queen could not wall
//!   a6).
//! * Cell names are the variant's own. Their *file part* is the name without
//!   its trailing number and the *rank part* the number: on a 3D board the file
//!   part holds the level and the file (`wc` of `wc3`), so a Stockpoint capture
//!   reads `wcxwd4`; extra cells outside the rectangle (`C1`) split the same way.
//! * `x` before the destination of a capture; `+` after a move that gives
//!   check, `#` after one that checkmates.
//! * Promotion `=` and what the piece becomes: `e8=Q`, Shogi's `Bxh8=H`, and
//!   Kyoto Shogi's turn back `Ga2=L`; a move that could have promoted and did
//!   not gets no mark (Fairy-Stockfish's SAN, which pychess-variants exports).
//! * Drops `P@e5` (pawns too; a piece dropped promoted by what it becomes,
//!   or, where two hand pieces become the same type, `+L@e1` by the one
//!   dropped: Fairy-Stockfish's `G@e1` names two Kyoto Shogi moves), castling `O-O` / `O-O-O` by the side of the
//!   King's move; where one side has several castlings the same way (Missing
//!   Ox), `O-` and the King's destination: `O-m2`.
//! * A move that gates a piece from the hand (`components::gating`): the
//!   move, `/` and the piece (`Nc3/H`); a castling also names the cell the
//!   piece goes on (`O-O/Hh1`, `O-O/Ee1`), as Fairy-Stockfish writes them.
//! * A move that differs from another legal move only by the cell it passes
//!   (a path choice, a capture on the way) is written in full with that cell:
//!   `e2-e3xd4`, `Ue4xd5-c6`.
//!
//! # Reading
//!
//! The canonical form above, and what other programs write: check and
//! annotation marks (`+`, `#`, `!`, `?`) in any combination, more
//! disambiguation than needed (`Ng1f3`), `P` before pawn moves, a missing or
//! different capture mark (`:`), promotions as `=Q`, `Q`, `=q`, `(Q)`, drops as
//! `P*e5` or `@e5` for pawns, `0-0`, and castling written as the King's move;
//! the shogi-style forms earlier versions wrote too: `+P` for a promoted
//! piece, `+` or `+G` for a promotion, `=` for one declined, `-` for a turn
//! back, `+L@e5` for a promoted drop.

use crate::moves::{Move, MoveKind};
use crate::notation::MoveError;
use crate::piece::PieceType;
use crate::position::Position;
use menagerie_geometry::CellId;

/// The token of the piece type written without a letter.
const PAWN_TOKEN: &str = "P";

/// The file and rank parts of a cell name (`wc3` -> `wc`, `3`).
fn split_name(name: &str) -> (&str, &str) {
    let file_len = name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    name.split_at(file_len)
}

/// How the piece on `c` is written (empty for a pawn: the `P` that moves
/// otherwise than it captures, as Fairy-Stockfish leaves out only its chess
/// Pawn type's letter; Shogi's Pawn and Xiangqi's Soldier, which capture
/// where they move, are written `P`).
fn piece_text(pos: &Position, c: CellId) -> String {
    let v = pos.variant();
    let p = pos.piece(c);
    let def = &v.pieces[usize::from(p.kind())];
    if let Some(letter) = &def.san {
        return letter.clone();
    }
    let t = &def.token;
    let chess_pawn = || {
        v.tables
            .at(p.color(), p.kind(), c)
            .splits_move_and_capture(&v.tables)
    };
    if t == PAWN_TOKEN && chess_pawn() {
        String::new()
    } else {
        t.clone()
    }
}

/// True when `o` differs from `m` only by its path cell. (A chess-style
/// and a Shogi-style promotion to the same type differ otherwise: as in
/// Fairy-Stockfish both are written alike, Elgam's `Sxi1=W`.)
fn same_but_path(m: Move, o: Move) -> bool {
    o != m
        && o.kind() == m.kind()
        && o.from() == m.from()
        && o.to() == m.to()
        && o.promotion() == m.promotion()
        && o.promotes_plus() == m.promotes_plus()
        && o.gate() == m.gate()
}

/// Sign of the King's sideways step in a castling move.
fn castle_side(pos: &Position, m: Move) -> i32 {
    let g = &pos.variant().geometry;
    let from = m.from().map_or(0, |f| i32::from(g.coord(f).x));
    (i32::from(g.coord(m.to()).x) - from).signum()
}

fn castle_text(pos: &Position, legal: &[Move], m: Move) -> String {
    let side = castle_side(pos, m);
    let same_way = legal
        .iter()
        .filter(|o| {
            o.kind() == MoveKind::Castle && o.gate().is_none() && castle_side(pos, **o) == side
        })
        .count();
    if same_way == 1 && side != 0 {
        if side > 0 { "O-O" } else { "O-O-O" }.to_string()
    } else {
        format!("O-{}", pos.variant().geometry.name(m.to()))
    }
}

/// The promotion mark of a move: `=` and the type the piece becomes (the
/// type it turns back into, for a demotion), nothing for other moves.
fn promotion_suffix(pos: &Position, m: Move) -> String {
    m.promotion().map_or_else(String::new, |k| {
        format!("={}", pos.variant().pieces[usize::from(k)].token)
    })
}

/// The letter of a drop: the type it places (a piece dropped promoted is
/// written by what it becomes, as Fairy-Stockfish writes it).
fn drop_letter(pos: &Position, m: Move) -> &str {
    let k = m.dropped().unwrap_or_default();
    let placed = if m.is_promoted_drop() {
        pos.variant().pieces[usize::from(k)]
            .promoted_drop()
            .unwrap_or(k)
    } else {
        k
    };
    type_letter(pos, placed)
}

/// The letter of a piece type in SAN when it stands on no cell (a drop).
fn type_letter(pos: &Position, k: PieceType) -> &str {
    let def = &pos.variant().pieces[usize::from(k)];
    def.san
        .as_deref()
        .filter(|l| !l.is_empty())
        .unwrap_or(&def.token)
}

/// True when the move takes a piece on its destination.
pub(crate) fn captures_on_destination(pos: &Position, m: Move) -> bool {
    if m.kind() == MoveKind::EnPassant {
        return true;
    }
    let target = pos.piece(m.to());
    target.is_some() && !target.is_color(pos.side())
}

/// The origin text a move needs among the other moves to its destination.
fn disambiguation(pos: &Position, legal: &[Move], m: Move, piece: &str) -> String {
    let g = &pos.variant().geometry;
    let Some(from) = m.from() else {
        return String::new();
    };
    // No promotion, a promotion to a type, or a turn back to the origin.
    let change = |o: Move| {
        if pos.is_demotion(o) {
            Some(None)
        } else {
            o.promotion().map(Some)
        }
    };
    let mut rivals: Vec<CellId> = legal
        .iter()
        .filter(|o| matches!(o.kind(), MoveKind::Normal | MoveKind::EnPassant))
        .filter(|o| o.gate() == m.gate())
        // A rival makes the same kind of move to the same cell: promoting
        // the same way, or turning back too (Fairy-Stockfish: a Bishop that
        // cannot promote there is no rival of one that does).
        .filter(|&&o| o.to() == m.to() && change(o) == change(m))
        .filter_map(|o| o.from())
        .filter(|&f| f != from && piece_text(pos, f) == piece)
        .collect();
    rivals.sort_unstable();
    rivals.dedup();
    let pawn_capture = piece.is_empty() && m.is_capture();
    if rivals.is_empty() && !pawn_capture {
        return String::new();
    }
    let name = g.name(from);
    let (file, rank) = split_name(name);
    let file_shared = rivals.iter().any(|&r| split_name(g.name(r)).0 == file);
    let rank_shared = rivals.iter().any(|&r| split_name(g.name(r)).1 == rank);
    if !file.is_empty() && !rank.is_empty() && !file_shared {
        file.to_string()
    } else if !pawn_capture && !rank.is_empty() && !rank_shared {
        rank.to_string()
    } else {
        name.to_string()
    }
}

/// The check mark a move earns: `+`, `#` or nothing. As in Fairy-Stockfish's
/// SAN, only an attack on a royal piece counts (a King whose capture the rules
/// forbid), not one on a pseudo-royal piece that may be lost as a game goal
/// (Two Kings' Commoners, Maharajah's Maharajah).
fn check_mark(pos: &Position, m: Move) -> &'static str {
    let mut after = pos.clone();
    after.make_unchecked(m);
    let side = after.side();
    let v = after.variant();
    let checked = after
        .royals(side)
        .filter(|&c| v.pieces[usize::from(after.piece(c).kind())].royal)
        .any(|c| after.royal_threatened(c, side));
    if !checked {
        return "";
    }
    // `#` when the checked side has no legal move — whoever that makes the
    // winner (misère's mated side wins) and also when a rule decided the game
    // at once (the last of n checks, a flag reached), where the move
    // generator offers nothing either: Fairy-Stockfish's mark.
    if after.legal_moves().is_empty() {
        "#"
    } else {
        "+"
    }
}

/// SAN of a legal move without its check mark. Where a side walls instead
/// of moving, a piece move keeps Fairy-Stockfish's empty wall field, as in
/// its SAN (`d3,a1`; `components::walls`).
fn san_body(pos: &Position, legal: &[Move], m: Move) -> String {
    let body = san_without_wall_field(pos, legal, m);
    if m.wall().is_none() && !m.is_null() && crate::notation::wall_or_move(pos) {
        return format!("{body},{}", crate::components::walls::NO_WALL_TEXT);
    }
    body
}

/// [`san_body`] but for the empty wall field.
fn san_without_wall_field(pos: &Position, legal: &[Move], m: Move) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    if let Some(w) = m.wall() {
        // The piece move among the piece moves placing the same wall, then
        // `,` and the wall cell.
        let mut bases: Vec<Move> = legal
            .iter()
            .filter(|o| o.wall() == Some(w))
            .map(|o| o.without_wall())
            .collect();
        bases.sort_unstable_by_key(|o| o.raw());
        bases.dedup();
        return format!(
            "{},{}",
            san_without_wall_field(pos, &bases, m.without_wall()),
            g.name(w)
        );
    }
    if let Some(k) = m.dropped() {
        let text = drop_letter(pos, m);
        // Kyoto Shogi's Lance and Knight both drop promoted as a Gold:
        // Fairy-Stockfish writes both `G@e1`; the hand piece tells them apart.
        let shared = legal.iter().any(|&o| {
            o != m && o.to() == m.to() && o.dropped().is_some() && drop_letter(pos, o) == text
        });
        if shared && m.is_promoted_drop() {
            return format!("+{}@{}", type_letter(pos, k), g.name(m.to()));
        }
        return format!("{text}@{}", g.name(m.to()));
    }
    if let Some((cell, kind)) = pos.gate_of(m) {
        // Fairy-Stockfish's form: the move, `/` and the gated piece, and
        // for castling the cell it goes on (`Nc3/H`, `O-O/Hh1`).
        // A piece move's rivals gate the same piece (Fairy-Stockfish:
        // `Nd7/H` when the other Knight to d7 cannot gate); a castling is
        // written against the plain castlings.
        let same_gate: Vec<Move>;
        let rivals = if m.kind() == MoveKind::Castle {
            legal
        } else {
            same_gate = legal
                .iter()
                .filter(|o| o.gate().map(|g| g.kind) == Some(kind))
                .map(|o| o.without_gate())
                .collect();
            &same_gate
        };
        let mut s = san_without_wall_field(pos, rivals, m.without_gate());
        s.push('/');
        s.push_str(&v.pieces[usize::from(kind)].token);
        if m.kind() == MoveKind::Castle {
            s.push_str(g.name(cell));
        }
        return s;
    }
    if m.kind() == MoveKind::Castle {
        return castle_text(pos, legal, m);
    }
    let Some(from) = m.from() else {
        return String::new();
    };
    let piece = piece_text(pos, from);
    let dest_mark = if captures_on_destination(pos, m) {
        "x"
    } else {
        "-"
    };
    let mut s = piece.clone();
    if legal.iter().any(|&o| same_but_path(m, o)) {
        s.push_str(g.name(from));
        if let Some(via) = m.via() {
            s.push(if m.captures_via() { 'x' } else { '-' });
            s.push_str(g.name(via));
        }
        s.push_str(dest_mark);
    } else {
        s.push_str(&disambiguation(pos, legal, m, &piece));
        if m.is_capture() {
            s.push('x');
        }
    }
    s.push_str(g.name(m.to()));
    s.push_str(&promotion_suffix(pos, m));
    s
}

/// Writes a legal move of `pos` in SAN, check mark included.
#[must_use]
pub fn san(pos: &Position, m: Move) -> String {
    let legal = pos.legal_moves();
    san_in(pos, &legal, m)
}

/// As [`san`], with the legal moves of `pos` already generated.
#[must_use]
pub fn san_in(pos: &Position, legal: &[Move], m: Move) -> String {
    let mut s = san_body(pos, legal, m);
    s.push_str(check_mark(pos, m));
    s
}

/// SAN of a sequence of moves played from `pos` (a principal variation); stops
/// at the first move that is not legal where it is played.
#[must_use]
pub fn san_line(pos: &Position, moves: &[Move]) -> Vec<String> {
    line_texts(pos, moves, san_in)
}

/// The texts `write` gives the moves of a sequence played from `pos`, each
/// written in the position it is played from with that position's legal
/// moves; stops at the first move that is not legal where it is played. The
/// one walk along a line that every notation (SAN, shogi) uses.
pub(crate) fn line_texts(
    pos: &Position,
    moves: &[Move],
    write: impl Fn(&Position, &[Move], Move) -> String,
) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        let legal = p.legal_moves();
        if !legal.contains(&m) {
            break;
        }
        out.push(write(&p, &legal, m));
        p.make_unchecked(m);
    }
    out
}

/// Everything a move may be written as, for lenient reading.
struct Forms<'a> {
    pieces: Vec<String>,
    origins: Vec<&'a str>,
    dest: &'a str,
    capture: bool,
    promotions: Vec<String>,
}

impl Forms<'_> {
    fn accepts(&self, text: &str) -> bool {
        self.pieces.iter().any(|p| {
            text.strip_prefix(p.as_str()).is_some_and(|rest| {
                self.promotions.iter().any(|pr| {
                    rest.strip_suffix(pr.as_str())
                        .and_then(|r| r.strip_suffix(self.dest))
                        .is_some_and(|mid| self.origin_ok(mid))
                })
            })
        })
    }

    fn origin_ok(&self, mid: &str) -> bool {
        if self.origins.contains(&mid) {
            return true;
        }
        let marks: &[char] = if self.capture {
            &['x', ':', '-']
        } else {
            &['-']
        };
        mid.strip_suffix(marks)
            .is_some_and(|o| self.origins.contains(&o))
    }
}

fn forms<'a>(pos: &'a Position, m: Move) -> Option<Forms<'a>> {
    let v = pos.variant();
    let g = &v.geometry;
    let from = m.from()?;
    let piece = piece_text(pos, from);
    let mut pieces = vec![piece.clone()];
    if piece.is_empty() {
        pieces.push(PAWN_TOKEN.to_string());
    } else if piece == PAWN_TOKEN {
        // Shogi's `Pc4` written as a chess pawn move, `c4`.
        pieces.push(String::new());
    }
    if let Some(o) = pos.origin_in_text(from) {
        pieces.push(format!("+{}", v.pieces[usize::from(o)].token));
    }
    let name = g.name(from);
    let (file, rank) = split_name(name);
    let origins = vec!["", file, rank, name];
    let promotions = match m.promotion() {
        Some(k) => {
            let t = v.pieces[usize::from(k)].token.clone();
            let l = t.to_ascii_lowercase();
            let mut p = vec![
                format!("={t}"),
                t.clone(),
                format!("={l}"),
                l,
                format!("({t})"),
                format!("/{t}"),
                format!("+{t}"),
            ];
            if v.plus_promotion {
                p.push("+".into());
            }
            if pos.is_demotion(m) {
                p.push("-".into());
            }
            p
        }
        None => vec![String::new(), "=".into()],
    };
    Some(Forms {
        pieces,
        origins,
        dest: g.name(m.to()),
        capture: m.is_capture(),
        promotions,
    })
}

/// The texts to try for `text`: as given, then with trailing check and
/// annotation marks taken off one by one (`Bc7++` may be a promotion with check).
fn candidates(text: &str) -> Vec<&str> {
    let mut out = vec![text];
    let mut t = text;
    while let Some(c) = t.chars().last() {
        if !matches!(c, '+' | '#' | '!' | '?') {
            break;
        }
        t = &t[..t.len() - 1];
        if !t.is_empty() {
            out.push(t);
        }
    }
    out
}

fn read_castle(pos: &Position, legal: &[Move], t: &str) -> Option<Vec<Move>> {
    let t = t.replace('0', "O");
    let side = match t.as_str() {
        "O-O" => 1,
        "O-O-O" => -1,
        _ => {
            let cell = pos.variant().geometry.parse_cell(t.strip_prefix("O-")?)?;
            return Some(
                legal
                    .iter()
                    .copied()
                    .filter(|m| {
                        m.kind() == MoveKind::Castle && m.gate().is_none() && m.to() == cell
                    })
                    .collect(),
            );
        }
    };
    let g = &pos.variant().geometry;
    let mut way: Vec<(i32, Move)> = legal
        .iter()
        .copied()
        .filter(|&m| {
            m.kind() == MoveKind::Castle && m.gate().is_none() && castle_side(pos, m) == side
        })
        .map(|m| {
            let from = m.from().map_or(0, |f| i32::from(g.coord(f).x));
            ((i32::from(g.coord(m.to()).x) - from).abs(), m)
        })
        .collect();
    way.sort_by_key(|(d, _)| *d);
    Some(way.first().map(|(_, m)| vec![*m]).unwrap_or_default())
}

fn read_drop(pos: &Position, legal: &[Move], t: &str) -> Option<Vec<Move>> {
    let v = pos.variant();
    let (tok, cell) = t.split_once(['@', '*'])?;
    // `+L@e5`: the hand's Lance dropped promoted (the shogi-style form).
    let (promoted, tok) = match tok.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, tok),
    };
    let tok = if tok.is_empty() { PAWN_TOKEN } else { tok };
    let kind = v.piece_by_token(tok)?.0;
    let cell = v.geometry.parse_cell(cell)?;
    Some(
        legal
            .iter()
            .copied()
            .filter(|m| m.dropped() == Some(kind) && m.to() == cell)
            .filter(|m| !promoted || m.is_promoted_drop())
            .collect(),
    )
}

/// The legal moves a text (without check marks) names. `canonical` holds the
/// SAN of the moves that may be meant (see [`parse_san_in`]).
fn matches(pos: &Position, legal: &[Move], canonical: &[(Move, String)], t: &str) -> Vec<Move> {
    let exact: Vec<Move> = canonical
        .iter()
        .filter(|(_, c)| c.as_str() == t)
        .map(|(m, _)| *m)
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    if let Some(found) = read_castle(pos, legal, t).filter(|f| !f.is_empty()) {
        return found;
    }
    if let Some(found) = read_drop(pos, legal, t).filter(|f| !f.is_empty()) {
        return found;
    }
    let mut found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            m.kind() != MoveKind::Drop
                && m.gate().is_none()
                && forms(pos, m).is_some_and(|f| f.accepts(t))
        })
        .collect();
    if found.len() > 1 {
        // A path is named only when it matters: prefer the moves without one.
        let plain: Vec<Move> = found
            .iter()
            .copied()
            .filter(|m| m.via().is_none())
            .collect();
        if plain.len() == 1 {
            found = plain;
        }
    }
    found
}

/// Reads a move in SAN (see the module docs for the accepted forms).
///
/// # Errors
/// [`MoveError`] when the text names no legal move or several.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let legal = pos.legal_moves();
    parse_san_in(pos, &legal, text)
}

/// As [`parse_san`], with the legal moves of `pos` already generated.
///
/// # Errors
/// See [`parse_san`].
pub fn parse_san_in(pos: &Position, legal: &[Move], text: &str) -> Result<Move, MoveError> {
    let t = text.trim();
    let t = t.strip_suffix("e.p.").unwrap_or(t).trim();
    if t.is_empty() || t.len() > 40 || !t.is_ascii() {
        return Err(MoveError::Syntax {
            text: text.to_string(),
            reason: "not a move".into(),
        });
    }
    // Only a move whose destination the text names can be meant (castling
    // aside): writing SAN for the others would cost time on boards with
    // hundreds of drops.
    let g = &pos.variant().geometry;
    let canonical: Vec<(Move, String)> = legal
        .iter()
        .filter(|m| m.kind() == MoveKind::Castle || t.contains(g.name(m.to())))
        .map(|&m| (m, san_body(pos, legal, m)))
        .collect();
    // The canonical form first, with check and annotation marks taken off
    // one by one: in the shogi family `Rxh8+` is a Rook giving check, not the
    // shogi-style promotion the lenient reading would take it for.
    for c in candidates(t) {
        let exact: Vec<Move> = canonical
            .iter()
            .filter(|(_, s)| s.as_str() == c)
            .map(|(m, _)| *m)
            .collect();
        if let [m] = exact[..] {
            return Ok(m);
        }
    }
    for c in candidates(t) {
        let found = matches(pos, legal, &canonical, c);
        match found.len() {
            0 => continue,
            1 => return Ok(found[0]),
            _ => {
                return Err(MoveError::Ambiguous {
                    text: text.to_string(),
                    options: found
                        .iter()
                        .map(|&m| san_in(pos, legal, m))
                        .collect::<Vec<_>>()
                        .join(", "),
                })
            }
        }
    }
    Err(MoveError::Illegal(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::test_support::{ini_variant, play_uci};

    /// The SAN of the legal move written `uci` in `pos`, checked to read
    /// back as the same move.
    fn san_of(pos: &Position, uci: &str) -> String {
        let m = parse_move(pos, uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
        let text = san(pos, m);
        assert_eq!(parse_san(pos, &text), Ok(m), "{uci} written {text}");
        text
    }

    #[test]
    fn xiangqi_sections_write_fairy_stockfishs_san_letters() {
        // pyffish 0.0.90: over the built-in xiangqi the Horse (`n` in FEN)
        // is written H and the Elephant (`b`) E, on the board and in drops.
        let v = ini_variant("[xh:xiangqi]\npieceDrops = true\ncapturesToHand = true\n");
        let p = Position::start(&v);
        assert_eq!(san_of(&p, "b1c3"), "Hc3");
        assert_eq!(san_of(&p, "c1e3"), "Ece3");
        assert_eq!(san_of(&p, "d1e2"), "Ade2");
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[BN] w - - 0 1";
        let p = Position::from_fen(&v, fen).unwrap();
        assert_eq!(san_of(&p, "N@a2"), "H@a2");
        // A section that defines the type again writes its FEN letter, in
        // that section and in those extending it (pyffish 0.0.90).
        let text = "[xh:xiangqi]\n[xb:xiangqi]\nelephant = b\n[xc:xh]\nhorse = n\n";
        let mut reg = crate::Registry::builtin();
        reg.add_ini("x.ini", text).expect("loads");
        let start = |id: &str| Position::start(&reg.get(id).unwrap());
        assert_eq!(san_of(&start("xb"), "c1e3"), "Bce3");
        assert_eq!(san_of(&start("xb"), "b1c3"), "Hc3");
        assert_eq!(san_of(&start("xc"), "b1c3"), "Nc3");
        assert_eq!(san_of(&start("xc"), "c1e3"), "Ece3");
    }

    #[test]
    fn wall_or_move_san_keeps_the_empty_wall_field() {
        // pyffish 0.0.90 (atlantis): a piece move that walls nothing is
        // written with Fairy-Stockfish's empty wall field, before the check
        // mark; a wall alone names the piece that stays and the wall.
        let v = ini_variant("[atlantis:chess]\nwallingRule = edge\nwallOrMove = true\n");
        let mut p = Position::start(&v);
        assert_eq!(san_of(&p, "d2d3,d3a1"), "d3,a1");
        assert_eq!(san_of(&p, "g1f3,f3a1"), "Nf3,a1");
        assert_eq!(san_of(&p, "a1a1,a1a3"), "Ra1,a3");
        play_uci(&mut p, "e2e4,e4a1");
        assert_eq!(san_of(&p, "a7a7,a7h6"), "a7,h6");
        let p = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert_eq!(san_of(&p, "h1h8,h8a1"), "Rh8,a1+");
        assert_eq!(san_of(&p, "e1e1,e1a1"), "Ke1,a1");
    }

    #[test]
    fn a_check_no_reply_answers_is_marked_mate_whoever_wins() {
        let reg = crate::Registry::builtin();
        let at = |id: &str, fen: &str| Position::from_fen(&reg.get(id).unwrap(), fen).unwrap();
        // pyffish 0.0.90: in misère the checkmated side wins, and the mark is
        // still `#`; a check with a reply left stays `+`.
        let p = at(
            "misere",
            "1rb2b1r/1ppqp1Q1/7p/1p2Pp1k/2Bn4/3K1Pp1/1P1P1NPP/1RB4R w - - 0 23",
        );
        assert_eq!(san_of(&p, "h2g3"), "hxg3#");
        assert_eq!(san_of(&p, "g7g6"), "Qg6+");
        // The last of three checks ends the game at once: `#` with replies
        // on the board (pyffish: `Bb5#`).
        let p = at(
            "3check",
            "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3",
        );
        assert_eq!(san_of(&p, "f1b5"), "Bb5#");
    }

    #[test]
    fn a_gating_move_is_told_apart_only_from_moves_gating_the_same_piece() {
        // pyffish 0.0.90 (seirawan): the Knight on f6 cannot gate, so the
        // gating move needs no origin; the plain moves still do.
        let reg = crate::Registry::builtin();
        let v = reg.get("seirawan").unwrap();
        let fen = "rnbqkb1r/ppp1p1pp/5n2/3p1p2/8/2N2N2/PPPPPPPP/REBQKB1R[Heh] b KQCDFkqbcdf - 3 4";
        let p = Position::from_fen(&v, fen).unwrap();
        assert_eq!(san_of(&p, "b8d7h"), "Nd7/H");
        assert_eq!(san_of(&p, "b8d7e"), "Nd7/E");
        assert_eq!(san_of(&p, "b8d7"), "Nbd7");
        assert_eq!(san_of(&p, "f6d7"), "Nfd7");
    }
}
