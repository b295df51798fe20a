//! The start position of a Fairy-Stockfish ini section (`startFen`) as
//! Menagerie reads FEN.
//!
//! Fairy-Stockfish reads a FEN leniently, field by field, and some sections
//! of its own `variants.ini` rely on that: an empty hand written `[-]`,
//! which the translation writes `[]`, and a FEN without its en-passant
//! field (`w - 0 1`) or with a check count right after the side
//! (`w 7+7 0 1`), which Menagerie's FEN reader takes as Fairy-Stockfish
//! does.
//!
//! A `*` in the board is a wall in Fairy-Stockfish: a cell nothing may
//! enter or pass, for good. Menagerie's FEN writes its holes so, and a hole
//! behaves the same (sliders stop, leapers may jump over it), so the
//! translation makes those cells holes of the board. The start position
//! also tells where the castling King and Rooks stand (`board_rows`).

/// Field index of the castling rights in a chess FEN.
const CASTLING_FIELD: usize = 2;

/// `fen` written the way Fairy-Stockfish reads it. The FEN reader itself
/// takes left-out castling and en-passant fields as Fairy-Stockfish does
/// (`Position::from_fen`); only the hand `[-]` is rewritten here.
pub(super) fn start_fen(fen: &str) -> String {
    fen.replace("[-]", "[]")
}

/// `fen` without castling rights: Fairy-Stockfish reads the castling
/// field of a variant without castling (`castling = false`) and sets no
/// right, so `KQkq` in such a section's start position means nothing.
pub(super) fn without_castling(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if let Some(f) = fields.get_mut(CASTLING_FIELD) {
        if f.chars().all(|c| c.is_ascii_alphabetic()) {
            *f = "-";
        }
    }
    fields.join(" ")
}

/// The board of a FEN, rank by rank from the top: per cell the piece
/// letter, `*` for a wall, or `None` when empty (promotion marks `+` and
/// `~` and the hand are left out). `None` when a rank cannot be read.
pub(super) fn board_rows(fen: &str) -> Option<Vec<Vec<Option<char>>>> {
    let board = fen.split_whitespace().next()?;
    let board = board.split('[').next()?;
    let mut rows = Vec::new();
    for rank in board.split('/') {
        let mut row = Vec::new();
        let mut empty = 0usize;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                empty = empty * 10 + d as usize;
                continue;
            }
            row.extend(std::iter::repeat_n(None, empty));
            empty = 0;
            match c {
                '+' | '~' => {}
                c if c == '*' || c.is_ascii_alphabetic() => row.push(Some(c)),
                _ => return None,
            }
        }
        row.extend(std::iter::repeat_n(None, empty));
        rows.push(row);
    }
    Some(rows)
}

/// The cells a FEN marks `*` (Fairy-Stockfish's walls), by name, on a
/// board of `ranks` ranks.
pub(super) fn wall_cells(fen: &str, ranks: usize) -> Vec<String> {
    let Some(rows) = board_rows(fen) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for (f, cell) in row.iter().enumerate() {
            if *cell == Some('*') && i < ranks && f < 26 {
                out.push(format!("{}{}", char::from(b'a' + f as u8), ranks - i));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::start_fen;

    #[test]
    fn an_empty_hand_written_with_a_dash_is_read_as_empty() {
        assert_eq!(start_fen("8/8[-] w - e3 0 1"), "8/8[] w - e3 0 1");
        assert_eq!(start_fen("8/8 w 7+7 0 1"), "8/8 w 7+7 0 1");
    }

    #[test]
    fn rights_of_a_variant_without_castling_are_dropped() {
        use super::without_castling;
        assert_eq!(without_castling("8/8 w KQkq - 0 1"), "8/8 w - - 0 1");
        assert_eq!(without_castling("8/8 w - - 0 1"), "8/8 w - - 0 1");
        assert_eq!(without_castling("8/8 w 0 1"), "8/8 w 0 1");
        assert_eq!(without_castling("8/8 w"), "8/8 w");
    }

    #[test]
    fn walls_of_the_start_position_are_found() {
        assert_eq!(super::wall_cells("n*k/3/*2K w - - 0 1", 3), ["b3", "a1"]);
        let rows = super::board_rows("r10q/+P~1[Pp] w").unwrap();
        assert_eq!(rows[0].len(), 12);
        assert_eq!(rows[1], [Some('P'), None]);
    }

    #[test]
    fn such_a_section_loads_with_fairy_stockfishs_clock() {
        let mut reg = crate::Registry::builtin();
        let text = "[f]\nmaxFile = 3\nmaxRank = 3\npawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\ncastling = false\nstartFen = k2/3/2K w - 0 1\n";
        let ids = reg.add_ini("x.ini", text).expect("loads");
        let v = reg.get(&ids[0]).expect("registered");
        assert_eq!(crate::Position::start(&v).to_fen(), "k2/3/2K w - - 1 1");
    }
}
