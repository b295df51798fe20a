#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Every test position of the Big Outer Chess spec (shared/rules/big-outer.md §6).

mod common;
use common::{expect, field, moves, play, pos};

const V: &str = "big-outer";
const START: &str =
    "jrmgbkqbgmrj/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/JRMGBKQBGMRJ NNnn w BKbk - 0 1";

#[test]
fn bo0_initial_position() {
    let p = pos(V, START);
    assert_eq!(p.to_fen(), START);
    assert_eq!(moves(&p, None).len(), 60);
    expect(&p, Some("a1"), "a1-a4 a1-d4");
    expect(&p, Some("l1"), "l1-i4 l1-l4");
    expect(&p, Some("d1"), "d1-c4 d1-e4");
    expect(&p, Some("i1"), "i1-h4 i1-j4");
    expect(&p, Some("C1"), "C1-a4 C1-b3");
    expect(&p, Some("C2"), "C2-k3 C2-l4");
    for f in "abcdefghijkl".chars() {
        assert_eq!(moves(&p, Some(&format!("{f}2"))).len(), 4);
    }
}

#[test]
fn bo2_matriarch_mid_zone() {
    let p = pos(V, "k11/12/12/12/12/12/12/12/12/2M9/12/11K ---- w - - 0 1");
    expect(&p, Some("c3"), "c3-C1 c3-a1 c3-a3 c3-a5 c3-b2 c3-b3 c3-b4 c3-c1 c3-c2 c3-c4 c3-c5 c3-c6 c3-c7 c3-c8 c3-c9 c3-d2 c3-d3 c3-d4 c3-e1 c3-e3 c3-e5 c3-f3 c3-g3 c3-f6 c3-g7 c3-h3 c3-h8 c3-i3 c3-i9");
}

#[test]
fn bo3_matriarch_central_zone() {
    let p = pos(V, "k11/12/12/12/12/12/12/4M7/12/12/12/11K ---- w - - 0 1");
    expect(&p, Some("e5"), "e5-b2 e5-b5 e5-b8 e5-c3 e5-c5 e5-c7 e5-d4 e5-d5 e5-d6 e5-e2 e5-e3 e5-e4 e5-e6 e5-e7 e5-e8 e5-f4 e5-f5 e5-f6 e5-g3 e5-g5 e5-g7 e5-h2 e5-h5 e5-h8");
}

#[test]
fn bo4_matriarch_outer_zone() {
    let p = pos(V, "3k8/12/12/12/12/12/12/12/12/12/1M9K/12 ---- w - - 0 1");
    expect(&p, Some("b2"), "b2-C1 b2-C3 b2-a1 b2-a2 b2-a3 b2-b1 b2-b3 b2-b4 b2-b5 b2-b6 b2-b7 b2-b8 b2-b9 b2-b10 b2-b11 b2-b12 b2-c1 b2-c2 b2-c3 b2-d2 b2-d4 b2-e2 b2-e5 b2-f2 b2-f6 b2-g2 b2-g7 b2-h2 b2-h8 b2-i2 b2-i9 b2-j2 b2-j10 b2-k2 b2-k11 b2-l12");
}

#[test]
fn bo5_jumper_in_each_zone() {
    expect(
        &pos(V, "k11/12/12/12/12/12/12/12/12/12/1J10/11K ---- w - - 0 1"),
        Some("b2"),
        "b2-a1 b2-a2 b2-a3 b2-b1 b2-b3 b2-b5 b2-c1 b2-c2 b2-c3 b2-e2 b2-e5",
    );
    expect(&pos(V, "k11/12/12/12/12/12/12/12/12/2J9/12/11K ---- w - - 0 1"), Some("c3"), "c3-a1 c3-a3 c3-a5 c3-b2 c3-b3 c3-b4 c3-c1 c3-c2 c3-c4 c3-c5 c3-d2 c3-d3 c3-d4 c3-e1 c3-e3 c3-e5");
    expect(
        &pos(V, "k11/12/12/12/12/12/5J6/12/12/12/12/11K ---- w - - 0 1"),
        Some("f6"),
        "f6-e5 f6-e6 f6-e7 f6-f5 f6-f7 f6-g5 f6-g6 f6-g7",
    );
    expect(
        &pos(V, "12/11k/12/12/12/12/12/12/12/12/11K/r11 J--- w - - 0 1"),
        Some("C1"),
        "C1-a1 C1-c3",
    );
}

#[test]
fn bo6_outer_knight_and_guard() {
    expect(
        &pos(V, "k11/12/12/12/12/12/12/12/3N8/12/12/11K ---- w - - 0 1"),
        Some("d4"),
        "d4-a3 d4-a5 d4-b2 d4-b6 d4-c1 d4-c7 d4-e1 d4-e7 d4-f2 d4-f6 d4-g3 d4-g5",
    );
    expect(
        &pos(V, "k11/12/12/12/12/12/12/4N7/12/12/12/11K ---- w - - 0 1"),
        Some("e5"),
        "e5-c4 e5-c6 e5-d3 e5-d7 e5-f3 e5-f7 e5-g4 e5-g6",
    );
    expect(
        &pos(V, "k11/12/12/12/12/12/12/12/12/12/1N10/11K ---- w - - 0 1"),
        Some("b2"),
        "b2-a6 b2-c6 b2-d5 b2-e4 b2-f1 b2-f3",
    );
    expect(
        &pos(V, "11k/12/12/12/12/12/12/12/12/12/12/3N7K ---- w - - 0 1"),
        Some("d1"),
        "d1-C1 d1-a3 d1-b4 d1-c5 d1-e5 d1-f4 d1-g3 d1-h2",
    );
    expect(
        &pos(V, "12/11k/12/12/12/12/12/12/12/12/11K/12 ---n b - - 0 1"),
        Some("C4"),
        "C4-a9 C4-b10 C4-c11 C4-d12",
    );
    expect(
        &pos(V, "11k/12/9G2/12/12/12/12/12/12/12/12/K11 ---- w - - 0 1"),
        Some("j10"),
        "j10-g9 j10-g11 j10-i7 j10-i9 j10-i11 j10-k7 j10-k9 j10-k11",
    );
}

#[test]
fn bo7_pawn_first_move_blocked() {
    expect(
        &pos(V, "k11/12/12/12/12/12/12/4n7/12/3n8/4P7/11K ---- w - - 0 1"),
        Some("e2"),
        "e2-d3 e2-e3 e2-e4",
    );
}

#[test]
fn bo8_en_passant_after_four_cell_move() {
    let fen = "11k/12/12/12/12/12/4Pp6/12/3p8/12/12/K11 ---- b - e3e4e5 0 1";
    let p = pos(V, fen);
    assert_eq!(p.to_fen(), fen);
    expect(&p, Some("d4"), "d4-d2 d4-d3 d4-e3");
    expect(&p, Some("f6"), "f6-e5 f6-f4 f6-f5");
    let mut q = p.clone();
    play(&mut q, "d4-e3");
    assert!(
        q.piece(q.variant().geometry.parse_cell("e6").unwrap())
            .is_empty(),
        "the e6 Pawn is taken"
    );
    let mut r = p.clone();
    play(&mut r, "l12-l11");
    assert_eq!(field(&r, 4), "-");
}

#[test]
fn bo9_castling() {
    let a = pos(
        V,
        "k11/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w BK - 0 1",
    );
    expect(&a, Some("f1"), "f1-c1 f1-e1 f1-e2 f1-f2 f1-g1 f1-g2 f1-i1");
    let mut c1 = a.clone();
    play(&mut c1, "f1-c1");
    assert_eq!(field(&c1, 0), "k11/12/12/12/12/12/12/12/12/12/12/2KR6R1");
    assert_eq!(field(&c1, 3), "-");
    let mut i1 = a.clone();
    play(&mut i1, "f1-i1");
    assert_eq!(field(&i1, 0), "k11/12/12/12/12/12/12/12/12/12/12/1R5RK3");
    expect(
        &pos(
            V,
            "1r3k4r1/12/12/12/12/12/12/12/12/12/12/K11 ---- b bk - 0 1",
        ),
        Some("f12"),
        "f12-c12 f12-e11 f12-e12 f12-f11 f12-g11 f12-g12 f12-i12",
    );
    expect(
        &pos(
            V,
            "k8r2/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w BK - 0 1",
        ),
        Some("f1"),
        "f1-c1 f1-e1 f1-e2 f1-f2 f1-g1 f1-g2",
    );
    expect(
        &pos(
            V,
            "k8r2/12/12/12/12/12/12/7b4/12/12/12/1R3K4R1 ---- w BK - 0 1",
        ),
        Some("f1"),
        "f1-e1 f1-f2 f1-g1 f1-g2",
    );
    expect(
        &pos(
            V,
            "kr10/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w BK - 0 1",
        ),
        Some("f1"),
        "f1-c1 f1-e1 f1-e2 f1-f2 f1-g1 f1-g2 f1-i1",
    );
}

#[test]
fn bo10_bishop_to_a_corner() {
    expect(&pos(V, "1k10/12/12/8B3/12/12/12/12/12/12/12/K11 ---- w - - 0 1"), Some("i9"), "i9-C3 i9-b2 i9-c3 i9-d4 i9-e5 i9-f6 i9-f12 i9-g7 i9-g11 i9-h8 i9-h10 i9-j8 i9-j10 i9-k7 i9-k11 i9-l6 i9-l12");
    expect(
        &pos(V, "12/11k/12/12/12/12/12/12/12/12/11K/12 B--- w - - 0 1"),
        Some("C1"),
        "C1-C3 C1-a1 C1-b2 C1-c3 C1-d4 C1-e5 C1-f6 C1-g7 C1-h8 C1-i9 C1-j10 C1-k11 C1-l12",
    );
}

#[test]
fn bo12_pawn_near_the_last_rank() {
    let p = pos(
        V,
        "1r10/2P9/5P6/12/12/k11/12/12/12/12/12/K11 ---- w - - 0 1",
    );
    expect(&p, Some("f10"), "f10-f11");
    let promos: Vec<String> = "QRBGMJN"
        .chars()
        .flat_map(|x| [format!("c11-b12={x}"), format!("c11-c12={x}")])
        .collect();
    expect(&p, Some("c11"), &promos.join(" "));
}

#[test]
fn bo_s_sequences() {
    let mut p = pos(V, START);
    play(&mut p, "e2-e6");
    assert_eq!(field(&p, 4), "e3e4e5");
    assert!(!p
        .legal_moves()
        .iter()
        .any(|m| m.kind() == menagerie_rules::MoveKind::EnPassant));
    play(&mut p, "a11-a10");
    assert_eq!(field(&p, 4), "-");
    let a = "k11/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w BK - 0 1";
    let mut q = pos(V, a);
    play(&mut q, "f1-c1");
    assert_eq!(field(&q, 3), "-");
    let mut r = pos(V, a);
    play(&mut r, "k1-k2");
    assert_eq!(field(&r, 3), "B");
    // Corner names are accepted in the PBM server's form too.
    let mut s = pos(V, START);
    play(&mut s, "Z1-b3");
    assert_eq!(field(&s, 1), "-Nnn");
}
