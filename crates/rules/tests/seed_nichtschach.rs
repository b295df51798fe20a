#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Every test position of the Flipped-return Nichtschach spec
//! (shared/rules/nichtschach.md §7), in every subvariant it names.
//!
//! Tests 1–18 are move-generation fragments: the spec lists every legal move
//! of one piece and does not evaluate the loss rule. A side that fails the
//! coverage rule has no move at all here, so the fragments add a reserve for
//! the side to move (its `*Q *D *G`, as in T19–T21) on cells away from the
//! tested piece; only the tested piece's moves are compared.
//! Move lists are compared in the spec's own text (`wc3-wc4`, `wc3:xc4`).

mod common;
use common::{expect, field, moves, play, pos, variant};
use menagerie_rules::{parse_move, perft, Color, Position, Reason};

const ALL: [&str; 11] = [
    "elefantnichtschach",
    "generalnichtschach",
    "schweinnichtschach",
    "rajnichtschach",
    "paschanichtschach",
    "springernichtschach",
    "baernichtschach",
    "hummernichtschach",
    "spaniennichtschach",
    "spanien-springernichtschach",
    "spanien-baernichtschach",
];

const START: &str = "rubbur/pppppp/6/6/PPPPPP/RUBBUR|*r*u*b*b*u*r/pppppp/6/6/PPPPPP/*R*U*B*B*U*R|dg*qq*g*d/pppppp/6/6/PPPPPP/DG*QQ*G*D|*d*gq*qgd/pppppp/6/6/PPPPPP/*D*GQ*QGD|*r*u*b*b*u*r/pppppp/6/6/PPPPPP/*R*U*B*B*U*R|rubbur/pppppp/6/6/PPPPPP/RUBBUR w - 0 1";

/// White's reserve of T19 (`*Q uf5, *D uf6, *G ue6`).
const W_RESERVE: &str = "*Q uf5, *D uf6, *G ue6";
/// Black's reserve of T19 (`*q yf6, *d ye6, *g yb6`).
const B_RESERVE: &str = "*Q yf6, *D ye6, *G yb6";

/// Builds a position string from piece lists such as `"P wc3, R wd4"`
/// (tokens in White's form; `black` pieces are written in lower case).
fn board(white: &str, black: &str) -> String {
    let mut grid = vec![vec![vec![String::new(); 6]; 6]; 6];
    for (list, is_black) in [(white, false), (black, true)] {
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (tok, cell) = item.split_once(' ').unwrap();
            let b = cell.as_bytes();
            let l = usize::from(b[0] - b'u');
            let f = usize::from(b[1] - b'a');
            let r = usize::from(b[2] - b'1');
            assert!(grid[l][r][f].is_empty(), "{cell} twice");
            grid[l][r][f] = if is_black {
                tok.to_ascii_lowercase()
            } else {
                tok.to_string()
            };
        }
    }
    let mut levels = Vec::new();
    for level in &grid {
        let mut rows = Vec::new();
        for r in (0..6).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for cell in &level[r] {
                if cell.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s += cell;
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            rows.push(s);
        }
        levels.push(rows.join("/"));
    }
    levels.join("|")
}

fn position(id: &str, white: &str, black: &str, side: &str, hands: &str) -> Position {
    let fen = format!("{} {side} {hands} 0 1", board(white, black));
    let p = pos(id, &fen);
    assert_eq!(p.to_fen(), fen);
    p
}

/// A fragment: the pieces plus the mover's reserve.
fn fragment(id: &str, white: &str, black: &str, side: &str) -> Position {
    let (w, b) = if side == "w" {
        (format!("{white}, {W_RESERVE}"), black.to_string())
    } else {
        (white.to_string(), format!("{black}, {B_RESERVE}"))
    };
    position(id, &w, &b, side, "-")
}

fn check(p: &Position, cell: &str, list: &str) {
    expect(p, Some(cell), list);
}

#[test]
fn t0_start_position_and_position_string() {
    for id in ALL {
        let p = pos(id, START);
        assert_eq!(p.to_fen(), START);
        let short = id.trim_end_matches("nichtschach");
        // The spec's string with its leading id (short id or our id).
        for prefix in [short, id] {
            let q = pos(id, &format!("{prefix} {START}"));
            assert_eq!(q.to_fen(), START);
        }
        assert_eq!(variant(short).id, id);
        assert_eq!(Position::start(&variant(id)).to_fen(), START);
        assert!(p.outcome().is_none());
    }
}

#[test]
fn t1_stockpoint_inner_ring() {
    for id in ALL {
        let p = fragment(id, "P wc3, R wd4", "Q xc4", "w");
        check(&p, "wc3", "wc3-wc4 wc3:xc4");
    }
}

#[test]
fn t2_stockpoint_promotion_at_outer_corner() {
    for id in ALL {
        let p = fragment(id, "P ua5", "", "w");
        check(&p, "ua5", "ua5-ua6 ua5-ub6 ua5-va6");
        for to in ["ua6", "ub6", "va6"] {
            let mut q = p.clone();
            play(&mut q, &format!("ua5{to}"));
            let fen = q.to_fen();
            let b = menagerie_rules::Position::from_fen(q.variant(), &fen).unwrap();
            let c = q.variant().geometry.parse_cell(to).unwrap();
            let sfw = q.variant().piece_by_token("*P").unwrap().0;
            assert_eq!(b.piece(c).kind(), sfw, "{id} ua5-{to}");
        }
    }
}

#[test]
fn t3_black_stockpoint_middle_ring_corner() {
    for id in ALL {
        let p = fragment(id, "", "P ye5", "b");
        check(&p, "ye5", "ye5-xe4 ye5-yd4 ye5-ye4");
    }
}

#[test]
fn t4_stockfwazir_all_ten_vectors() {
    for id in ALL {
        let p = fragment(id, "*P vb3, U vc4", "R wc3", "w");
        check(
            &p,
            "vb3",
            "vb3-ua3 vb3-uc3 vb3-vb2 vb3-vb4 vb3-vc2 vb3-wa3 vb3-wb2 vb3-wb4 vb3:wc3",
        );
    }
}

#[test]
fn t5_stockfwazir_far_rank_corner() {
    for id in ALL {
        let p = fragment(id, "*P ua6", "", "w");
        check(&p, "ua6", "ua6-ua5 ua6-ub5 ua6-va5 ua6-vb6");
    }
}

#[test]
fn t6_unicorn_ride_with_blockers() {
    for id in ALL {
        let p = fragment(id, "U wc3, P vb4", "Q ye5", "w");
        check(
            &p,
            "wc3",
            "wc3-ua1 wc3-ue1 wc3-ue5 wc3-vb2 wc3-vd2 wc3-vd4 wc3-xb2 wc3-xb4 wc3-xd2 wc3-xd4 wc3-ya1 wc3-ya5 wc3-ye1 wc3:ye5",
        );
    }
}

#[test]
fn t7_eunuch_leaps_over_pieces() {
    let p = fragment("elefant", "*U wc3, R ye5", "B ua1, P xd4", "w");
    check(
        &p,
        "wc3",
        "wc3:ua1 wc3-ua5 wc3-ue1 wc3-ue5 wc3-ya1 wc3-ya5 wc3-ye1",
    );
}

#[test]
fn t8_sungeneral_orientation() {
    let p = fragment("general", "*R wc3", "", "w");
    check(&p, "wc3", "wc3-vb4 wc3-vc3 wc3-vc4 wc3-vd4 wc3-wb3 wc3-wb4 wc3-wc2 wc3-wc4 wc3-wd3 wc3-wd4 wc3-xb4 wc3-xc3 wc3-xc4 wc3-xd4");
    let p = fragment("general", "", "*R wc3", "b");
    check(&p, "wc3", "wc3-vb2 wc3-vc2 wc3-vc3 wc3-vd2 wc3-wb2 wc3-wb3 wc3-wc2 wc3-wc4 wc3-wd2 wc3-wd3 wc3-xb2 wc3-xc2 wc3-xc3 wc3-xd2");
}

#[test]
fn t9_boar_steps_and_forward_tusk_leaps() {
    let p = fragment("schwein", "*B wc3, P wd4", "", "w");
    check(&p, "wc3", "wc3-uc5 wc3-vb3 wc3-vc2 wc3-vc4 wc3-vd3 wc3-wa5 wc3-wb2 wc3-wb4 wc3-wd2 wc3-we5 wc3-xb3 wc3-xc2 wc3-xc4 wc3-xd3 wc3-yc5");
}

#[test]
fn t10_lobster() {
    let p = fragment("hummer", "*B wc3", "", "w");
    check(&p, "wc3", "wc3-uc5 wc3-vb3 wc3-vc2 wc3-vd3 wc3-wa5 wc3-wb2 wc3-wd2 wc3-we5 wc3-xb3 wc3-xc2 wc3-xd3 wc3-yc5");
}

#[test]
fn t11_panda_odd_only_ride() {
    for id in ["baer", "spanien-baer"] {
        let p = fragment(id, "*R wa1", "B wc1, B wa4", "w");
        check(&p, "wa1", "wa1-va1 wa1-wa2 wa1:wa4 wa1-wb1 wa1-xa1 wa1-za1");
    }
}

#[test]
fn t12_bear_blocked_at_even_distance() {
    for id in ["baer", "spanien-baer"] {
        let p = fragment(id, "*B wc3", "P we5", "w");
        check(&p, "wc3", "wc3-vb3 wc3-vc2 wc3-vc4 wc3-vd3 wc3-wb2 wc3-wb4 wc3-wd2 wc3-wd4 wc3-xb3 wc3-xc2 wc3-xc4 wc3-xd3 wc3-zc6 wc3-zf3");
    }
}

#[test]
fn t13_springer_leapers_from_a_corner() {
    for id in ["springer", "spanien-springer"] {
        for (tok, list) in [
            ("*R", "ua1-vc3 ua1-wb3 ua1-wc2"),
            ("*B", "ua1-vb3 ua1-vc2 ua1-wb2"),
            ("*U", "ua1-ub3 ua1-uc2 ua1-va3 ua1-vc1 ua1-wa2 ua1-wb1"),
        ] {
            let p = fragment(id, &format!("{tok} ua1"), "", "w");
            check(&p, "ua1", list);
        }
    }
}

#[test]
fn t14_memsahib() {
    let p = fragment("raj", "*R wc3", "", "w");
    check(
        &p,
        "wc3",
        "wc3-uc3 wc3-wa3 wc3-wc1 wc3-wc4 wc3-wc5 wc3-we3 wc3-yc3",
    );
}

#[test]
fn t15_snail_cannot_take_what_is_directly_ahead() {
    let p = fragment("hummer", "*R wc3", "P wc4", "w");
    check(&p, "wc3", "wc3-vc3 wc3-wb3 wc3-wc2 wc3-wc5 wc3-wd3 wc3-xc3");
}

#[test]
fn t16_idolator() {
    let p = fragment("raj", "*D wc3", "", "w");
    check(&p, "wc3", "wc3-ua1 wc3-ua5 wc3-uc3 wc3-ue1 wc3-ue5 wc3-vb4 wc3-vd4 wc3-wa3 wc3-wc1 wc3-wc4 wc3-wc5 wc3-we3 wc3-xb4 wc3-xd4 wc3-ya1 wc3-ya5 wc3-yc3 wc3-ye1 wc3-ye5");
}

#[test]
fn t17_vinnock_from_a_corner() {
    let p = fragment("pascha", "*U ua1", "", "w");
    check(&p, "ua1", "ua1-vb2 ua1-wc3");
}

#[test]
fn t18_cyclops() {
    let p = fragment("spanien", "*D wc3, P wc4", "Q wc6", "w");
    check(&p, "wc3", "wc3-ua1 wc3-ua5 wc3-ue1 wc3-ue5 wc3-vb2 wc3-vb4 wc3-vd2 wc3-vd4 wc3-xb2 wc3-xb4 wc3-xd2 wc3-xd4 wc3-ya1 wc3-ya5 wc3-ye1 wc3-ye5 wc3-zf6 wc3-uc3 wc3-wa3 wc3-wc1 wc3-wc5 wc3-we3 wc3-yc3");
}

const T19: &str = "elefant 4*G*D/5*Q/6/6/6/R5|6/6/6/6/6/6|6/6/6/6/2*P3/6|6/6/6/6/3q2/6|1*g2*d*q/6/6/6/6/6|6/6/6/6/6/6 w *QP 0 1";

#[test]
fn t19_drops_white() {
    let p = pos("elefant", T19);
    assert_eq!(format!("elefant {}", p.to_fen()), T19);
    assert!(p.outcome().is_none());
    let all = moves(&p, None);
    assert_eq!(all.len(), 315);
    assert_eq!(moves(&p, Some("ua1")).len(), 15);
    check(
        &p,
        "wc2",
        "wc2-vb2 wc2-vd2 wc2-wc1 wc2-wc3 wc2-wd1 wc2-wd3 wc2-xb2 wc2-xc1 wc2-xc3 wc2:xd2",
    );
    check(&p, "uf5", "uf5-ud3 uf5-ud5 uf5-uf3 uf5-wd5 uf5-wf3 uf5-wf5");
    check(&p, "uf6", "uf6-ud6 uf6-uf4 uf6-wd4 uf6-wf6");
    check(&p, "ue6", "ue6-uc4 ue6-wc4 ue6-wc6 ue6-we4");
    let drops = moves(&p, Some("@"));
    assert_eq!(drops.iter().filter(|m| m.starts_with("P@")).count(), 69);
    assert_eq!(drops.iter().filter(|m| m.starts_with("*Q@")).count(), 207);
    assert_eq!(drops.len(), 69 + 207);
    for d in &drops {
        if let Some(cell) = d.strip_prefix("P@") {
            assert!(matches!(&cell[2..], "1" | "2"), "{d}");
        }
    }
    assert!(parse_move(&p, "P@ub2").is_ok());
    assert!(parse_move(&p, "P@ub3").is_err());
    assert!(parse_move(&p, "*Q@zf6").is_ok());
    assert!(parse_move(&p, "*Q@wd4").is_ok());
    let mut q = p.clone();
    play(&mut q, "wc2:xd2");
    assert!(q.outcome().is_none());
    assert_eq!(field(&q, 2), "2*QP");
    // The dropped piece keeps the dropper's forward and colour.
    let mut q = p.clone();
    play(&mut q, "*Q@wd4");
    assert_eq!(field(&q, 2), "P");
    assert_eq!(field(&q, 3), "0");
}

const T20: &str = "elefant 6/6/6/6/6/6|6/6/6/6/6/1*G2*D*Q|6/6/6/6/6/6|6/3Q2/6/6/6/6|6/6/6/6/6/6|r5/6/6/6/5*q/4*g*d b p 0 1";

#[test]
fn t20_drops_black_camp() {
    let p = pos("elefant", T20);
    assert_eq!(format!("elefant {}", p.to_fen()), T20);
    assert!(p.outcome().is_none());
    assert_eq!(moves(&p, None).len(), 99);
    assert_eq!(moves(&p, Some("za6")).len(), 15);
    check(&p, "zf2", "zf2-xd2 zf2-xf2 zf2-xf4 zf2-zd2 zf2-zd4 zf2-zf4");
    check(&p, "zf1", "zf1-xd3 zf1-xf1 zf1-zd1 zf1-zf3");
    check(&p, "ze1", "ze1-xc1 ze1-xc3 ze1-xe3 ze1-zc3");
    let drops = moves(&p, Some("@"));
    assert_eq!(drops.len(), 70);
    assert!(drops
        .iter()
        .all(|d| d.starts_with("P@") && matches!(&d[4..], "5" | "6")));
}

#[test]
fn t21_capture_flips_into_the_captors_hand() {
    for id in ALL {
        let reserve_w = W_RESERVE;
        let p = position(
            id,
            &format!("R xa3, {reserve_w}"),
            &format!("Q xa5, {B_RESERVE}"),
            "w",
            "-",
        );
        let mut q = p.clone();
        play(&mut q, "xa3:xa5");
        assert_eq!(field(&q, 2), "*Q", "{id}");
        assert!(q.outcome().is_none(), "{id}");
        let xa5 = q.variant().geometry.parse_cell("xa5").unwrap();
        assert_eq!(q.variant().token(q.piece(xa5).kind(), Color::White), "R");
        // Stockfwazir captured: a Stockpoint, droppable only in the camp.
        let p = position(
            id,
            &format!("Q wc3, {reserve_w}"),
            &format!("*P wc5, {B_RESERVE}"),
            "w",
            "-",
        );
        let mut q = p.clone();
        play(&mut q, "wc3:wc5");
        assert_eq!(field(&q, 2), "P", "{id}");
        assert!(q.outcome().is_none());
        // Stockpoint captured: a Stockfwazir, droppable anywhere.
        let p = position(
            id,
            &format!("Q wc3, {reserve_w}"),
            &format!("P wc5, {B_RESERVE}"),
            "w",
            "-",
        );
        let mut q = p.clone();
        play(&mut q, "wc3:wc5");
        assert_eq!(field(&q, 2), "*P", "{id}");
        // Black to move: drop the flipped pieces next turn (White's hand).
        let m = q
            .legal_moves()
            .into_iter()
            .find(|m| !m.is_capture())
            .unwrap();
        q.play(m).unwrap();
        let drops = moves(&q, Some("@"));
        assert_eq!(drops.len(), 216 - 7, "{id}");
        assert!(drops.contains(&"*P@zf6".to_string()));
    }
}

fn assert_win(p: &Position, winner: Color) {
    let o = p.outcome().expect("the game is over");
    assert_eq!(o.winner, Some(winner), "{}", p.to_fen());
    assert_eq!(o.reason, Reason::Coverage);
    assert!(p.legal_moves().is_empty());
}

const T22: &str = "elefant 6/6/6/6/6/6|6/6/6/6/6/6|1r4/6/6/6/6/DG1Q2|6/6/6/6/6/6|6/6/6/6/6/6|d3gq/6/6/6/6/6 b - 0 1";

#[test]
fn t22_loss_by_broken_coverage() {
    let mut p = pos("elefant", T22);
    assert_eq!(format!("elefant {}", p.to_fen()), T22);
    assert!(p.outcome().is_none());
    play(&mut p, "wb6:wb1");
    assert_win(&p, Color::Black);
    assert_eq!(field(&p, 2), "*g");
}

#[test]
fn t23_coverage_survives() {
    let mut p = position(
        "elefant",
        "Q wd1, D wa1, G wb1, *G we1",
        "R wb6, Q zf6, D za6, G ze6",
        "b",
        "-",
    );
    assert!(p.outcome().is_none());
    play(&mut p, "wb6:wb1");
    assert!(p.outcome().is_none());
    assert!(!p.legal_moves().is_empty());
}

#[test]
fn t24_forward_only_directions_do_not_cover_backward_ones() {
    let black = "R wa6, Q zf6, D za6, G ze6";
    let mut p = position("general", "Q wd1, G wb1, *R wc1, D wa1", black, "b", "-");
    assert!(p.outcome().is_none());
    play(&mut p, "wa6:wa1");
    assert_win(&p, Color::Black);
    let mut p = position("general", "Q wd1, G wb1, *D wc1, D wa1", black, "b", "-");
    play(&mut p, "wa6:wa1");
    assert!(p.outcome().is_none());
    // A Black Sungeneral leaves (±1,+1,±1) uncovered.
    let white = "R wa1, Q zf1, D za1, G ze1";
    let mut p = position("general", white, "Q wd6, G wb6, *R wc6, D wa6", "w", "-");
    assert!(p.outcome().is_none());
    play(&mut p, "wa1:wa6");
    assert_win(&p, Color::White);
}

#[test]
fn t25_springer_form() {
    for id in ["springer", "spanien-springer"] {
        let mut p = position(
            id,
            "R ua1, *R ub1, *B uc1, *U ud1, *G we1",
            "R we6, Q zf6, D za6, G ze6",
            "b",
            "-",
        );
        assert!(p.outcome().is_none());
        play(&mut p, "we6:we1");
        assert_win(&p, Color::Black);
    }
}

#[test]
fn t26_hand_and_stock_pieces_do_not_count() {
    let p = position(
        "elefant",
        "Q wd1, D wa1, U ub1, *P uc3, *P ud3, *P va3, *P wa3",
        B_RESERVE,
        "w",
        "G",
    );
    assert_win(&p, Color::Black);
}

/// (perft 1, 2, 3, captures among the ply-3 moves) — spec T27.
const T27: [(&str, [u64; 4]); 11] = [
    ("elefant", [154, 23_716, 3_681_094, 32_416]),
    ("general", [108, 11_664, 1_327_256, 5_784]),
    ("schwein", [154, 23_716, 3_748_238, 33_284]),
    ("raj", [154, 23_716, 3_743_310, 33_284]),
    ("pascha", [154, 23_716, 3_784_274, 33_284]),
    ("springer", [206, 42_436, 8_884_156, 135_932]),
    ("baer", [108, 11_664, 1_310_872, 6_044]),
    ("hummer", [154, 23_716, 3_686_022, 32_416]),
    ("spanien", [154, 23_716, 3_713_604, 32_564]),
    ("spanien-springer", [206, 42_436, 8_949_946, 115_748]),
    ("spanien-baer", [108, 11_664, 1_310_872, 6_044]),
];

/// (leaf count, captures among the last-ply moves).
fn perft_captures(p: &mut Position, depth: u32) -> (u64, u64) {
    let legal = p.legal_moves();
    if depth == 1 {
        let caps = legal.iter().filter(|m| m.is_capture()).count() as u64;
        return (legal.len() as u64, caps);
    }
    let mut total = (0, 0);
    for m in legal {
        p.make_unchecked(m);
        let (n, c) = perft_captures(p, depth - 1);
        p.unmake();
        total.0 += n;
        total.1 += c;
    }
    total
}

#[test]
fn t27_perft_from_the_initial_position() {
    for (id, [p1, p2, p3, caps]) in T27 {
        let mut p = Position::start(&variant(id));
        assert_eq!(perft(&mut p, 1), p1, "{id}");
        assert_eq!(perft(&mut p, 2), p2, "{id}");
        assert_eq!(perft_captures(&mut p, 3), (p3, caps), "{id}");
    }
}

#[test]
fn capture_text() {
    let p = fragment("elefant", "P wc3, R wd4", "Q xc4", "w");
    let a = parse_move(&p, "wc3:xc4").unwrap();
    let b = parse_move(&p, "wc3xc4").unwrap();
    assert_eq!(a, b);
    assert_eq!(
        menagerie_rules::move_text(&p, a, menagerie_rules::TextStyle::Uci),
        "wc3xc4"
    );
}

#[test]
fn draws_repetition_and_no_progress() {
    // Spec 5.7: threefold repetition (hands included) and 200 plies without a
    // capture, a drop or a Stockpoint move.
    let white = "Q wd1, D wa1, G wb1, P uc2";
    let black = "Q zf6, D za6, G ze6";
    let mut p = position("elefant", white, black, "w", "-");
    for i in 0..2 {
        for m in ["wa1-wa2", "za6-za5", "wa2-wa1", "za5-za6"] {
            assert!(p.outcome().is_none(), "{i} {m}");
            play(&mut p, m);
        }
    }
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::Repetition));
    // 199 quiet plies, then one more: draw; a Stockpoint move resets.
    let fen = format!("{} w - 199 150", board(white, black));
    let p = pos("elefant", &fen);
    assert!(p.outcome().is_none());
    let mut q = p.clone();
    play(&mut q, "wa1-wa2");
    let o = q.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::MoveRule));
    let mut q = p.clone();
    play(&mut q, "uc2-uc3");
    assert_eq!(field(&q, 3), "0");
    assert!(q.outcome().is_none());
    let v = variant("elefant");
    assert_eq!(v.rules.ply_cap, 2000);
}

#[test]
fn no_legal_move_loses() {
    // Spec 5.6: White fills the board (coverage passes) and has no board move
    // and no drop: White loses.
    let row = "QDGQDG";
    let level = [row; 6].join("/");
    let fen = format!("{} w - 0 1", [level.as_str(); 6].join("|"));
    let p = pos("elefant", &fen);
    assert!(!p.coverage_failed(Color::White));
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), Reason::Stalemate)
    );
}
