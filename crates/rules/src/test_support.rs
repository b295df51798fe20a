//! Helpers shared by the unit tests of the rule components: the legal moves
//! of a position as sorted UCI text, and playing a move by its text. Each
//! component's tests used to carry their own copy of these few lines; one
//! copy here keeps them alike (same sort, same panic messages).

use crate::{move_text, parse_move, Position, TextStyle};

/// The legal moves of `pos` in UCI text, sorted.
pub(crate) fn legal_uci(pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| move_text(pos, m, TextStyle::Uci))
        .collect();
    out.sort();
    out
}

/// The legal moves of `pos` in UCI text that start with `prefix` (a
/// piece's cell, or a pass's), sorted.
pub(crate) fn legal_uci_starting(pos: &Position, prefix: &str) -> Vec<String> {
    let mut out = legal_uci(pos);
    out.retain(|m| m.starts_with(prefix));
    out
}

/// Plays the move written `text` (UCI or SAN); panics naming the move when
/// it does not read or is not legal.
pub(crate) fn play_uci(pos: &mut Position, text: &str) {
    let m = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play(m).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// The variant of the first section of the ini text `text`, loaded over the
/// built-in registry; panics when it does not load.
pub(crate) fn ini_variant(text: &str) -> std::sync::Arc<crate::Variant> {
    let mut reg = crate::Registry::builtin();
    let ids = reg.add_ini("x.ini", text).expect("loads");
    reg.get(&ids[0]).expect("registered")
}
