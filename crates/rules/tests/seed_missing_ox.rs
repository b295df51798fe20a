#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Every test position of the Missing Ox Chess spec (shared/rules/missing-ox.md §6).

mod common;
use common::{expect, field, moves, play, pos};

const V: &str = "missing-ox";
const START: &str = "rnbcizhqktzjcbnr/dlemegdaudgemeld/sdfewevddvewefds/pyyppyyppyyppyyp/16/16/16/16/PYYPPYYPPYYPPYYP/SDFEWEVDDVEWEFDS/DLEMEGDAUDGEMELD/RNBCIZHQKTZJCBNR w ABCDEFGHabcdefgh - 0 1 -";

#[test]
fn mo0_initial_position() {
    let p = pos(V, START);
    assert_eq!(p.to_fen(), START);
    assert_eq!(moves(&p, None).len(), 99);
    expect(
        &p,
        Some("i2"),
        "i2-b5 i2-e6 i2-f9 i2-h5 i2-i8 i2-j5 i2-l9 i2-m6 i2-p5",
    );
    expect(&p, Some("b4"), "b4-a5 b4-b6 b4-c5 b4-d6");
    expect(&p, Some("l1"), "");
    let pawns: usize = ["a4", "d4", "e4", "h4", "i4", "l4", "m4", "p4"]
        .iter()
        .map(|c| moves(&p, Some(c)).len())
        .sum();
    assert_eq!(pawns, 16);
    let yeomen: usize = ["b4", "c4", "f4", "g4", "j4", "k4", "n4", "o4"]
        .iter()
        .map(|c| moves(&p, Some(c)).len())
        .sum();
    assert_eq!(yeomen, 38);
}

#[test]
fn mo1_foxhound_straight_on() {
    let p = pos(
        V,
        "15k/16/16/16/16/3DdD10/2DD1DD9/2D1F11/2DDDDD9/3D1D10/16/K15 w - - 0 1 -",
    );
    expect(&p, Some("e5"), "e5-e7 e5-g5");
}

#[test]
fn mo2_vixen() {
    let p = pos(
        V,
        "15k/16/16/16/2d1ddD9/16/16/3DVD10/4D11/16/16/K15 w - - 0 1 -",
    );
    expect(
        &p,
        Some("e5"),
        "e5-c7 e5-d6 e5-d8 e5-e6 e5-e7 e5-e8 e5-f6 e5-f8 e5-g7",
    );
}

#[test]
fn mo3_shewolf() {
    let p = pos(
        V,
        "15k/16/16/8D7/7d8/6DD2d5/6DSD7/6DDD7/16/16/16/K15 w - - 0 1 -",
    );
    expect(&p, Some("h6"), "h6-h8 h6-h9 h6-j6 h6-j8 h6-j9 h6-k6 h6-k8");
}

#[test]
fn mo4_ung() {
    let p = pos(V, "15k/16/16/16/16/16/16/4d11/3D12/16/16/U14K w - - 0 1 -");
    expect(
        &p,
        Some("a1"),
        "a1-a5 a1-a7 a1-b3 a1-b4 a1-c2 a1-d2 a1-e1 a1-e5 a1-g1",
    );
    let q = pos(V, "15k/16/16/16/16/16/16/16/16/16/16/U14K w - - 0 1 -");
    expect(&q, Some("a1"), "a1-a5 a1-a7 a1-a9 a1-b3 a1-b4 a1-c2 a1-c6 a1-d2 a1-d4 a1-d8 a1-e1 a1-e5 a1-f3 a1-g1 a1-h4 a1-i1");
}

#[test]
fn mo5_tank() {
    let p = pos(
        V,
        "15k/16/7d8/16/16/6DDD7/1d2D2T1d2d3/6D1D7/7D8/16/7d8/K15 w - - 0 1 -",
    );
    expect(
        &p,
        Some("h6"),
        "h6-b6 h6-f6 h6-g6 h6-h10 h6-h2 h6-h5 h6-i6 h6-m6",
    );
}

#[test]
fn mo6_halberd() {
    let p = pos(
        V,
        "15k/12d3/16/16/5D10/7D8/4d2H1d6/6D1D7/16/16/16/K15 w - - 0 1 -",
    );
    expect(&p, Some("h6"), "h6-e6 h6-f4 h6-f6 h6-g6 h6-g7 h6-h1 h6-h3 h6-h4 h6-h5 h6-h8 h6-i6 h6-i7 h6-j4 h6-j6 h6-j8 h6-k9 h6-m11");
}

#[test]
fn mo7_pawn_eurofighter() {
    let p = pos(
        V,
        "15k/16/16/16/16/16/2d1d11/3d1d10/4P11/16/16/K15 w - - 0 1 -",
    );
    expect(
        &p,
        Some("e4"),
        "e4-d5 e4-d5-c6 e4-d5-d6 e4-d5-e6 e4-e5 e4-f5 e4-f5-e6 e4-f5-f6",
    );
}

#[test]
fn mo8_yeoman_eurofighter() {
    let p = pos(V, "15k/16/16/16/16/16/6d9/5d10/5Y10/16/16/K15 w - - 0 1 -");
    expect(
        &p,
        Some("f4"),
        "f4-d6 f4-e5 f4-f5 f4-f5-e6 f4-f6 f4-g5 f4-g5-g6 f4-h6",
    );
}

#[test]
fn mo9_joker_imitation() {
    expect(
        &pos(V, "15k/16/16/16/16/16/16/4J11/16/16/16/K15 w - - 0 1 -"),
        Some("e5"),
        "",
    );
    expect(
        &pos(V, "15k/16/16/16/16/16/16/3d1D10/4J11/16/16/K15 w - - 0 1 P"),
        Some("e4"),
        "e4-d5 e4-e5",
    );
    expect(
        &pos(V, "15k/16/16/4j11/3DD11/16/16/16/16/16/16/K15 b - - 0 1 P"),
        Some("e9"),
        "e9-d8",
    );
    expect(
        &pos(V, "15k/16/16/4j11/3DD11/16/16/16/16/16/16/K15 b - - 0 1 Y"),
        Some("e9"),
        "e9-e8 e9-f8",
    );
    expect(
        &pos(V, "15k/16/16/16/16/16/16/4d11/3D12/16/16/J14K w - - 0 1 U"),
        Some("a1"),
        "a1-a5 a1-a7 a1-b3 a1-b4 a1-c2 a1-d2 a1-e1 a1-e5 a1-g1",
    );
}

#[test]
fn mo10_legality_through_the_joker() {
    let p = pos(V, "15k/16/16/16/j15/16/16/16/16/16/7R8/K15 w - - 0 1 N");
    expect(&p, Some("h2"), "h2-a2");
    expect(&p, Some("a1"), "a1-a2 a1-b1 a1-b2");
    assert!(!p.in_check());
    let q = pos(V, "15k/16/16/16/j15/16/16/16/16/16/7R8/K15 w - - 0 1 R");
    assert!(q.in_check());
    expect(&q, Some("h2"), "h2-a2");
    expect(&q, Some("a1"), "a1-a2 a1-b1 a1-b2");
}

#[test]
fn mo11_wolf_path_castling() {
    let p = pos(
        V,
        "k15/16/16/16/16/16/15b/16/16/11W3S/7DD7/7DKD6 w DE - 0 1 -",
    );
    expect(&p, Some("i1"), "i1-j2 i1-k2");
    let mut q = pos(
        V,
        "k15/16/16/16/16/16/16/16/16/11W3S/7DD7/7DKD6 w DE - 0 1 -",
    );
    expect(&q, Some("i1"), "i1-j2 i1-k2 i1-m2");
    play(&mut q, "i1-m2");
    assert_eq!(
        field(&q, 0),
        "k15/16/16/16/16/16/16/16/16/11W4/7DD2SK3/7D1D6"
    );
    assert_eq!(field(&q, 2), "-");
    assert_eq!(field(&q, 6), "K");
}

#[test]
fn mo12_joker_castling_condition() {
    let fen = "k15/16/16/16/16/16/16/16/16/16/7DDD6/7DK2J4 w B - 0 1 ";
    expect(&pos(V, &format!("{fen}R")), Some("i1"), "i1-j1 i1-k1");
    expect(&pos(V, &format!("{fen}B")), Some("i1"), "i1-j1");
    expect(&pos(V, &format!("{fen}V")), Some("i1"), "i1-j1 i1-k1");
}

#[test]
fn mo13_all_eight_castlings() {
    let p = pos(
        V,
        "8k7/16/16/16/16/16/16/16/16/S3W6W3S/16/R3I3K2J3R w ABCDEFGH - 0 1 R",
    );
    expect(
        &p,
        Some("i1"),
        "i1-e2 i1-g1 i1-g2 i1-h1 i1-h2 i1-i2 i1-j1 i1-j2 i1-k1 i1-k2 i1-m2",
    );
    let b = pos(
        V,
        "r3i3k2j3r/16/s3w6w3s/16/16/16/16/16/16/16/16/8K7 b abcdefgh - 0 1 Q",
    );
    expect(
        &b,
        Some("i12"),
        "i12-e11 i12-g11 i12-g12 i12-h11 i12-h12 i12-i11 i12-j11 i12-j12 i12-k11 i12-k12 i12-m11",
    );
    expect(
        &pos(V, "2k13/16/16/16/16/16/16/16/16/16/16/R7K6R w CF - 0 1 -"),
        Some("i1"),
        "i1-e1 i1-h1 i1-h2 i1-i2 i1-j1 i1-j2 i1-m1",
    );
    expect(
        &pos(V, "2k4r8/16/16/16/16/16/16/16/16/16/16/R7K6R w CF - 0 1 -"),
        Some("i1"),
        "i1-i2 i1-j1 i1-j2 i1-m1",
    );
}

#[test]
fn mo14_promotion() {
    let p = pos(V, "1d13k/2P13/16/16/7Y8/16/16/16/16/16/16/K15 w - - 0 1 -");
    let types = "A B C D E F G H I J L M N Q R S T U V W Z";
    let pawn: Vec<String> = types
        .split(' ')
        .flat_map(|x| [format!("c11-c12={x}"), format!("c11-b12={x}")])
        .collect();
    expect(&p, Some("c11"), &pawn.join(" "));
    let mut yeo: Vec<String> = types
        .split(' ')
        .flat_map(|x| [format!("h8-g9={x}"), format!("h8-i9={x}")])
        .collect();
    yeo.push("h8-g9".into());
    yeo.push("h8-i9".into());
    expect(&p, Some("h8"), &yeo.join(" "));
}

#[test]
fn mo15_check_from_a_double_step() {
    let p = pos(V, "16/16/16/16/16/16/4k11/16/3P12/16/16/K15 b - - 0 1 K");
    assert!(p.in_check());
    expect(&p, Some("e6"), "e6-d5 e6-d6 e6-d7 e6-e7 e6-f5 e6-f6 e6-f7");
}

#[test]
fn mo16_yeoman_double_step_attacks() {
    let p = pos(V, "16/16/16/16/16/16/5k10/16/5Y10/16/16/K15 b - - 0 1 K");
    assert!(!p.in_check());
    expect(&p, Some("f6"), "f6-e5 f6-e7 f6-f7 f6-g5 f6-g7");
}

#[test]
fn mo_s_sequences() {
    // S1: Joker after Joker.
    let mut p = pos(V, "15k/16/16/16/11j4/16/16/4J11/16/16/7R8/K15 w - - 0 1 R");
    play(&mut p, "h2-h3");
    assert_eq!(field(&p, 6), "R");
    play(&mut p, "l8-l5");
    assert_eq!(field(&p, 6), "R");
    assert!(moves(&p, Some("e5")).contains(&"e5-e12".to_string()));
    play(&mut p, "a1-b1");
    assert_eq!(field(&p, 6), "K");
    expect(
        &p,
        Some("l5"),
        "l5-k4 l5-k5 l5-k6 l5-l4 l5-l6 l5-m4 l5-m5 l5-m6",
    );
    // S2: promotion sets T to the moving type.
    let mut q = pos(V, "1d13k/2P13/16/16/7Y8/16/16/16/16/16/16/K15 w - - 0 1 -");
    play(&mut q, "c11-c12=Q");
    assert_eq!(field(&q, 6), "P");
    // S3: castling sets T = K.
    let mut r = pos(
        V,
        "k15/16/16/16/16/16/16/16/16/11W3S/7DD7/7DKD6 w DE - 0 1 -",
    );
    play(&mut r, "i1-m2");
    assert_eq!(field(&r, 6), "K");
    // S4: the clock.
    let mut s = pos(V, "15k/16/16/16/16/16/16/4J11/16/3P12/16/K15 w - - 7 1 P");
    play(&mut s, "e5-e6");
    assert_eq!(
        field(&s, 4),
        "8",
        "a quiet Joker move imitating a Pawn does not reset"
    );
    play(&mut s, "p12-p11");
    play(&mut s, "d3-d4");
    assert_eq!(field(&s, 4), "0", "a Pawn move resets");
}
