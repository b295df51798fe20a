#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Every test position of the Joshua's Chess spec (shared/rules/joshua.md §6).

mod common;
use common::{expect, field, moves, play, pos};

const V: &str = "joshua";

#[test]
fn jo0_initial_position() {
    let p = pos(
        V,
        "2rnbqkbnr2/2pppppppp2/12/12/12/12/12/12/12/12/2PPPPPPPP2/2RNBQKBNR2 w - - 0 1",
    );
    assert_eq!(moves(&p, None).len(), 128);
    let per = [
        ("c1", 13),
        ("c2", 8),
        ("d1", 5),
        ("d2", 6),
        ("e1", 9),
        ("e2", 6),
        ("f1", 18),
        ("f2", 6),
        ("g1", 4),
        ("g2", 6),
        ("h1", 9),
        ("h2", 6),
        ("i1", 5),
        ("i2", 6),
        ("j1", 13),
        ("j2", 8),
    ];
    for (c, n) in per {
        assert_eq!(moves(&p, Some(c)).len(), n, "{c}");
    }
    expect(&p, Some("g1"), "g1-e3 g1-g3 g1-h3 g1-i3");
    expect(&p, Some("f1"), "f1-a6 f1-b5 f1-c4 f1-d3 f1-f3 f1-f4 f1-f5 f1-f6 f1-f7 f1-f8 f1-f9 f1-f10 f1-f11 f1-h3 f1-i4 f1-j5 f1-k6 f1-l7");
    expect(
        &p,
        Some("c1"),
        "c1-a1 c1-a2 c1-b1 c1-b2 c1-c3 c1-c4 c1-c5 c1-c6 c1-c7 c1-c8 c1-c9 c1-c10 c1-c11",
    );
}

#[test]
fn jo1_rook_hooks_and_hops() {
    let p = pos(V, "11k/12/4n7/12/12/4P7/12/3PR2n4/12/4P7/12/K11 w - - 0 1");
    expect(&p, Some("e5"), "e5-a5 e5-b5 e5-c5 e5-d4 e5-d6 e5-e1 e5-e2 e5-e4 e5-e6 e5-e8 e5-e9 e5-e10 e5-f4 e5-f5 e5-f6 e5-g4 e5-g5 e5-g6 e5-h5");
}

#[test]
fn jo2_bishop_hooks_at_the_edge() {
    let p = pos(V, "11k/12/12/12/12/6n5/12/12/3P8/12/12/B10K w - - 0 1");
    expect(
        &p,
        Some("a1"),
        "a1-a3 a1-b2 a1-b4 a1-c1 a1-c3 a1-d2 a1-e5 a1-f6 a1-g7",
    );
}

#[test]
fn jo3_pawn_directions() {
    let p = pos(V, "11k/12/12/12/12/12/4Np6/3NP1p5/12/12/12/K11 w - - 0 1");
    expect(&p, Some("e5"), "e5-c7 e5-d6 e5-f5 e5-f6 e5-g5");
}

#[test]
fn jo4_promotion_only_to_lost_types() {
    let p = pos(V, "8r1P1/12/12/12/12/12/12/12/12/11k/12/KQRNNB6 w - - 0 1");
    expect(
        &p,
        Some("k12"),
        "k12-i12 k12-i12=R k12-i12=B k12-j12 k12-j12=R k12-j12=B k12-l12 k12-l12=R k12-l12=B",
    );
}

#[test]
fn jo5_king_leaps_over_attacked_cells() {
    let p = pos(V, "11k/12/12/12/12/12/12/12/12/12/12/4K1n5 w - - 0 1");
    expect(
        &p,
        Some("e1"),
        "e1-c1 e1-c2 e1-c3 e1-d2 e1-d3 e1-e3 e1-f2 e1-g1 e1-g3",
    );
}

#[test]
fn jo6_knight() {
    let p = pos(V, "11k/12/12/12/12/12/12/1p10/2P9/12/1N2n7/K11 w - - 0 1");
    expect(
        &p,
        Some("b2"),
        "b2-a2 b2-a4 b2-b1 b2-b3 b2-b5 b2-c2 b2-d1 b2-d3 b2-e2",
    );
}

#[test]
fn jo7_queen_hops_only_over_friends() {
    let p = pos(
        V,
        "11k/12/12/12/12/12/3p1P6/2P1P7/1PnQP7/2PPP7/1P1P8/K11 w - - 0 1",
    );
    expect(
        &p,
        Some("d4"),
        "d4-a7 d4-b6 d4-c4 d4-d5 d4-d6 d4-f2 d4-f4 d4-g1 d4-g4 d4-h4 d4-i4 d4-j4 d4-k4 d4-l4",
    );
}

#[test]
fn jo8_queen_in_the_corner() {
    let p = pos(V, "11k/12/12/12/12/n5n5/11K/12/P2P8/12/12/Q2P2n5 w - - 0 1");
    expect(&p, Some("a1"), "a1-a2 a1-a3 a1-a5 a1-a6 a1-a7 a1-b1 a1-b2 a1-b3 a1-b4 a1-c1 a1-c2 a1-c3 a1-d2 a1-e1 a1-e5 a1-f1 a1-f6 a1-g1 a1-g7");
}

#[test]
fn jo9_black_pawn() {
    let p = pos(V, "k11/12/12/12/4Pp1N4/5Pp5/12/12/12/12/12/11K b - - 0 1");
    expect(&p, Some("f8"), "f8-d6 f8-e7 f8-e8 f8-f7 f8-g8 f8-h8");
}

#[test]
fn jo_s1_fifty_move_counter() {
    let start = "2P8k/12/12/12/12/12/12/4P7/12/12/12/K11 w - - 40 30";
    let mut p = pos(V, start);
    play(&mut p, "e5-f5");
    assert_eq!(field(&p, 4), "41");
    play(&mut p, "l12-l11");
    assert_eq!(field(&p, 4), "42");
    play(&mut p, "c12-d12");
    assert_eq!(field(&p, 4), "43");
    play(&mut p, "l11-l12");
    assert_eq!(field(&p, 4), "44");
    play(&mut p, "d12-e12=Q");
    assert_eq!(field(&p, 4), "0");
    let mut q = pos(V, start);
    play(&mut q, "e5-e6");
    assert_eq!(field(&q, 4), "0");
    // A sideways capture resets too.
    let mut r = pos(V, "2P8k/12/12/12/12/12/12/4Pp6/12/12/12/K11 w - - 40 30");
    play(&mut r, "e5-f5");
    assert_eq!(field(&r, 4), "0");
}
