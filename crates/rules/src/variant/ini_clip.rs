//! Region keys that reach past the board.
//!
//! Fairy-Stockfish keeps every board in one fixed-size bitboard (12 files by
//! 10 ranks with large boards), so a region may name a rank or file the
//! variant's board lacks (`epicatomic` promotes on `*6 *7 *8 *9 *10` of an
//! 8-rank board): those cells exist in the bitboard but no piece reaches
//! them, and they change nothing. Menagerie's region reader rejects a rank
//! the board does not have, so the translation drops such tokens first.
//! Only well-formed tokens beyond the board go; anything else is left for
//! the region reader to report.

use super::ini::file_number;

/// How far a Fairy-Stockfish region may reach: its bitboard's files and ranks.
const FSF_MAX_FILES: usize = 12;
/// See [`FSF_MAX_FILES`].
const FSF_MAX_RANKS: usize = 10;

/// `region` (Fairy-Stockfish tokens: `e4`, `*3`, `c*`) without the tokens
/// that name a file or rank past a `files` x `ranks` board but inside
/// Fairy-Stockfish's bitboard.
pub(super) fn on_board(region: &str, files: usize, ranks: usize) -> String {
    region
        .split_whitespace()
        .filter(|t| !beyond(t, files, ranks))
        .collect::<Vec<_>>()
        .join(" ")
}

/// True when token `t` is well formed and names only cells past the board
/// that Fairy-Stockfish's bitboard still has.
fn beyond(t: &str, files: usize, ranks: usize) -> bool {
    let mut chars = t.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let rank = chars.as_str();
    let file = match first {
        '*' => None,
        c if c.is_ascii_lowercase() => file_number(&c.to_string()),
        _ => return false,
    };
    let rank = match rank {
        "*" => None,
        r => match r.parse::<usize>() {
            Ok(n) if n >= 1 => Some(n),
            _ => return false,
        },
    };
    let past = |n: Option<usize>, size: usize, max: usize| n.is_some_and(|n| n > size && n <= max);
    let inside = |n: Option<usize>, max: usize| n.is_none_or(|n| n <= max);
    inside(file, FSF_MAX_FILES)
        && inside(rank, FSF_MAX_RANKS)
        && (past(file, files, FSF_MAX_FILES) || past(rank, ranks, FSF_MAX_RANKS))
}

#[cfg(test)]
mod tests {
    use super::on_board;

    #[test]
    fn ranks_and_files_past_the_board_are_dropped() {
        assert_eq!(on_board("*6 *7 *8 *9 *10", 10, 8), "*6 *7 *8");
        assert_eq!(on_board("i* a1 c9 *2", 8, 8), "a1 *2");
        // Nothing past Fairy-Stockfish's own bitboard, nor a malformed
        // token, is dropped: the region reader reports those.
        assert_eq!(on_board("*11 x*", 8, 8), "*11 x*");
        assert_eq!(on_board("*5 *4 *3 *2 *1", 10, 8), "*5 *4 *3 *2 *1");
    }

    #[test]
    fn a_section_promoting_past_its_last_rank_loads() {
        let text = "[short]\nmaxRank = 6\nmaxFile = 6\n\
                    startFen = rnbkbr/pppppp/6/6/PPPPPP/RNBKBR w - - 0 1\n\
                    promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *1\n\
                    castling = false\ndoubleStep = false\npromotionPieceTypes = r\n";
        let mut reg = crate::Registry::builtin();
        let report = reg.load_ini("clip.ini", text);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        let v = reg.get("short").expect("short");
        let pos = crate::Position::from_fen(&v, "k5/4P1/6/6/6/K5 w - - 0 1").expect("fen");
        let promotions = pos
            .legal_moves()
            .iter()
            .filter(|m| m.promotion().is_some())
            .count();
        assert!(promotions > 0);
    }
}
