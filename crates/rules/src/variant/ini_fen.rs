//! The start position of a Fairy-Stockfish ini section (`startFen`) as
//! Menagerie reads FEN.
//!
//! Fairy-Stockfish reads a FEN leniently, field by field, and some sections
//! of its own `variants.ini` rely on that: an empty hand written `[-]`, and
//! a FEN without its en-passant field (`w - 0 1`), where Fairy-Stockfish
//! takes the first character of the number for an en-passant file, finds
//! none, and reads what follows as the move-rule clock. Menagerie's FEN
//! reader is strict (a bad field is an error, not a guess), so the
//! translation writes such a FEN the way Fairy-Stockfish understood it.

/// Field index of the en-passant cells in a chess FEN.
const EP_FIELD: usize = 3;

/// `fen` written the way Fairy-Stockfish reads it.
pub(super) fn start_fen(fen: &str) -> String {
    let fen = fen.replace("[-]", "[]");
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    // Only behind a castling field: `w 0 1` has neither, and is read as
    // clocks right after the side to move.
    let castling = fields.get(EP_FIELD - 1).is_some_and(|f| !numeric(f));
    if let Some(ep) = fields
        .get(EP_FIELD)
        .filter(|f| castling && numeric(f))
        .cloned()
    {
        // Its first digit was read as a file and dropped; the rest of the
        // number, if any, is the clock.
        fields[EP_FIELD] = "-".to_string();
        if ep.len() > 1 {
            fields.insert(EP_FIELD + 1, ep[1..].to_string());
        }
        // Whatever followed the clock is read as the move number.
        fields.truncate(EP_FIELD + 3);
    }
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::start_fen;

    #[test]
    fn a_missing_en_passant_field_is_read_as_fairy_stockfish_does() {
        assert_eq!(start_fen("8/8 w - 0 1"), "8/8 w - - 1");
        assert_eq!(start_fen("8/8 w - 12 7"), "8/8 w - - 2 7");
        assert_eq!(start_fen("8/8 w - - 0 1"), "8/8 w - - 0 1");
        assert_eq!(start_fen("8/8[-] w - e3 0 1"), "8/8[] w - e3 0 1");
        assert_eq!(start_fen("KNR2rnk w"), "KNR2rnk w");
        assert_eq!(start_fen("8/8 w 0 1"), "8/8 w 0 1");
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
