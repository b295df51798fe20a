//! The search asks the rules' one verdict on the end of a game: tests that
//! it agrees with the referee where the old search's own draw and terminal
//! rules did not.

use super::tests::{with_searcher, with_variant_searcher};
use super::{INF, MATE};
use menagerie_rules::{parse_move, Reason, Registry, Variant};
use std::sync::Arc;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess variant with `rules` (TOML lines) added to its `[rules]`.
fn chess_with(rules: &str) -> Arc<Variant> {
    let mut reg = Registry::builtin();
    let text = format!("id = \"chess-test\"\nextends = \"chess\"\n[rules]\n{rules}\n");
    let id = reg.add_toml("test.toml", &text).unwrap();
    reg.get(&id).unwrap()
}

/// Plays `moves` (UCI text) in the searcher's position.
fn play(s: &mut super::Searcher, moves: &str) {
    for text in moves.split_whitespace() {
        let m = parse_move(&s.pos, text).unwrap();
        s.pos.play(m).unwrap();
    }
}

#[test]
fn a_count_holder_who_is_checkmated_loses() {
    // White holds the winning count (two Knights) but Black's Ra1 mates
    // first: the rules judge checkmate before the count, and so must the
    // search (it scored the mate as a count win for White, so Black
    // avoided it).
    let v = chess_with("count_win = { piece = \"N\", count = 2 }");
    let fen = "k7/r7/8/8/3NN3/8/6PP/7K b - - 0 1";
    with_variant_searcher(&v, fen, |s| {
        let mate = parse_move(&s.pos, "a7a1").unwrap();
        s.pos.make_unchecked(mate);
        assert_eq!(s.pos.outcome().map(|o| o.reason), Some(Reason::Checkmate));
        assert_eq!(s.entry_verdict(1), Some(-(MATE - 1)));
        s.pos.unmake();
        // Any other move leaves White to win by count.
        let quiet = parse_move(&s.pos, "a7b7").unwrap();
        s.pos.make_unchecked(quiet);
        assert_eq!(s.entry_verdict(1), Some(MATE - 1));
        s.pos.unmake();
        s.root_side = s.pos.side();
        assert_eq!(s.search(-INF, INF, 2, 0, false, false), MATE - 1);
    });
}

#[test]
fn no_repetition_draw_in_search_where_the_variant_has_none() {
    let knights_out_and_back = "g1f3 g8f6 f3g1 f6g8";
    with_searcher("chess", START, |s| {
        play(s, knights_out_and_back);
        assert_eq!(s.entry_verdict(4), Some(s.draw_score()));
    });
    let v = chess_with("repetition = 0");
    with_variant_searcher(&v, START, |s| {
        play(s, knights_out_and_back);
        play(s, knights_out_and_back);
        assert_eq!(s.entry_verdict(8), None);
    });
}

#[test]
fn bare_kings_are_a_draw_in_search_too() {
    let bare = "8/8/3k4/8/8/3K4/8/8 w - - 0 1";
    with_searcher("chess", bare, |s| {
        assert_eq!(s.entry_verdict(1), Some(s.draw_score()));
    });
    let v = chess_with("bare_kings_draw = false");
    with_variant_searcher(&v, bare, |s| assert_eq!(s.entry_verdict(1), None));
}

#[test]
fn the_last_check_of_n_check_wins_in_search() {
    // White has one check left to give: Ra8+ wins at
    // once, which the search must see as a mate in one.
    let v = Registry::builtin().get("3check").unwrap();
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1";
    with_variant_searcher(&v, fen, |s| {
        let check = parse_move(&s.pos, "a1a8").unwrap();
        s.pos.make_unchecked(check);
        assert_eq!(s.pos.outcome().map(|o| o.reason), Some(Reason::Checks));
        assert_eq!(s.entry_verdict(1), Some(-(MATE - 1)));
        s.pos.unmake();
        s.root_side = s.pos.side();
        assert_eq!(s.search(-INF, INF, 2, 0, false, false), MATE - 1);
    });
}
