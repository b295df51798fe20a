#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Every test position of the Mitregi spec (shared/rules/mitregi.md §7), for
//! the four variants Gnuqi, Wildebisho, FOH Gnuqi and Toyang Gnuqi Mitregi.

mod common;
use common::{expect, field, moves, play, pos};
use menagerie_rules::{Color, Reason};

const GNUQI: &str = "gnuqi-mitregi";
const WILDE: &str = "wildebisho-mitregi";
const FOH: &str = "foh-gnuqi-mitregi";
const TOYANG: &str = "toyang-gnuqi-mitregi";
const ALL: [&str; 4] = [GNUQI, WILDE, FOH, TOYANG];
const START: &str = "lhuux1immhl/1rnbbkccnr1/2q5w2/ppppppppppp/11/11/11/PPPPPPPPPPP/2Q5W2/1RNBBKCCNR1/LHUUX1IMMHL[] w KQkq - 0 1";

#[test]
fn t0_initial_position() {
    for v in ALL {
        let p = pos(v, START);
        assert_eq!(p.to_fen(), START, "{v}");
        assert_eq!(
            common::variant(v).start_fen,
            START,
            "{v}: built-in start position"
        );
        assert_eq!(moves(&p, None).len(), 55, "{v}");
        expect(&p, Some("a1"), "a1-a2 a1-a3");
        expect(&p, Some("k1"), "k1-k2 k1-k3");
        for f in "abcdefghijk".chars() {
            expect(&p, Some(&format!("{f}4")), &format!("{f}4-{f}5"));
        }
        expect(&p, Some("b1"), "b1-a3");
        expect(&p, Some("j1"), "j1-k3");
        expect(&p, Some("b2"), "b2-a2 b2-b3");
        expect(&p, Some("j2"), "j2-j3 j2-k2");
        expect(&p, Some("c2"), "c2-a3 c2-e3");
        expect(&p, Some("i2"), "i2-g3 i2-k3");
        expect(&p, Some("c3"), "c3-a3 c3-b3 c3-d3 c3-e3 c3-f3 c3-g3 c3-h3");
        expect(&p, Some("i3"), "i3-h5 i3-j5 i3-k2 i3-h6 i3-j6");
        expect(&p, Some("d2"), "d2-e3");
        expect(&p, Some("e2"), "e2-d3 e2-f3 e2-f1");
        expect(&p, Some("f2"), "f2-f1 f2-e3 f2-f3 f2-g3");
        expect(&p, Some("g2"), "g2-d3 g2-j3 g2-f5 g2-h5");
        expect(&p, Some("h2"), "h2-e3 h2-k3 h2-g5 h2-i5");
        expect(&p, Some("e1"), "e1-d3 e1-f3");
        for c in ["c1", "d1", "g1", "h1", "i1"] {
            expect(&p, Some(c), "");
        }
        expect(&p, Some("@"), "");
    }
}

#[test]
fn t0_black_mirrors_white() {
    for v in ALL {
        let mut p = pos(v, START);
        play(&mut p, "a4-a5");
        assert_eq!(moves(&p, None).len(), 55, "{v}");
        expect(&p, Some("i9"), "i9-h7 i9-j7 i9-k10 i9-h6 i9-j6");
        expect(&p, Some("e11"), "e11-d9 e11-f9");
        expect(&p, Some("f10"), "f10-f11 f10-e9 f10-f9 f10-g9");
    }
}

#[test]
fn t1_optional_promotion_on_entering() {
    let p = pos(GNUQI, "9k1/11/11/5p5/11/11/4U6/11/11/11/1K9[] w - - 0 1");
    expect(&p, Some("e5"), "e5-d8 e5-d8+ e5-f8 e5-f8+");
}

#[test]
fn t2_optional_versus_forced_promotion() {
    let p = pos(GNUQI, "9k1/3p7/11/11/4X6/11/11/11/11/11/1K9[] w - - 0 1");
    expect(&p, Some("e7"), "e7-d9 e7-d9+ e7-f9 e7-f9+ e7-d10+ e7-f10+");
    let mut q = p.clone();
    play(&mut q, "e7-d10+");
    assert_eq!(field(&q, 0), "9k1/3+XJ7/11/11/11/11/11/11/11/11/1K9[P]");
}

#[test]
fn t3_queen_may_not_enter_the_enemy_camp() {
    let p = pos(GNUQI, "9k1/11/4r6/11/11/4Q6/11/11/11/11/1K9[] w - - 0 1");
    expect(&p, Some("e6"), "e6-e7 e6-e5 e6-e4 e6-e3 e6-e2 e6-e1 e6-a6 e6-b6 e6-c6 e6-d6 e6-f6 e6-g6 e6-h6 e6-i6 e6-j6 e6-k6 e6-d7 e6-f7 e6-d5 e6-c4 e6-b3 e6-a2 e6-f5 e6-g4 e6-h3 e6-i2 e6-j1");
    for v in [FOH, TOYANG] {
        expect(&pos(v, "9k1/11/4r6/11/11/4Q6/11/11/11/11/1K9[] w - - 0 1"), Some("e6"), "e6-e7 e6-e5 e6-e4 e6-e3 e6-e2 e6-e1 e6-a6 e6-b6 e6-c6 e6-d6 e6-f6 e6-g6 e6-h6 e6-i6 e6-j6 e6-k6 e6-d7 e6-f7 e6-d5 e6-c4 e6-b3 e6-a2 e6-f5 e6-g4 e6-h3 e6-i2 e6-j1");
    }
    // Without the River the Queen already gives check along e6-j11.
    let w = pos(WILDE, "9k1/11/4r6/11/11/4Q6/11/11/11/11/1K9[] b - - 0 1");
    assert!(w.in_check());
}

#[test]
fn t4_king_camp_ban_facing_attack() {
    let fen = "11/11/11/5k5/3K7/11/11/11/11/11/11[] w - - 0 1";
    for v in [GNUQI, FOH, TOYANG] {
        expect(&pos(v, fen), Some("d7"), "d7-c6 d7-c7 d7-e6");
    }
    expect(
        &pos(WILDE, fen),
        Some("d7"),
        "d7-c6 d7-c7 d7-c8 d7-d8 d7-e6",
    );
}

#[test]
fn t5_facing_pin() {
    let p = pos(GNUQI, "11/11/5k5/11/11/5+PG5/11/11/5K5/11/11[] w - - 0 1");
    expect(&p, Some("f6"), "f6-f5 f6-f7");
}

#[test]
fn t6_no_check_across_the_river() {
    let fen = "10k/11/11/4q6/11/11/11/4K6/11/11/11[] w - - 0 1";
    for v in [GNUQI, FOH, TOYANG] {
        let p = pos(v, fen);
        assert!(!p.in_check(), "{v}");
        expect(&p, Some("e4"), "e4-d3 e4-e3 e4-f3 e4-f4 e4-d5 e4-f5");
    }
    let w = pos(WILDE, fen);
    assert!(w.in_check());
    expect(&w, Some("e4"), "e4-d3 e4-f3 e4-f4 e4-d5 e4-f5");
}

#[test]
fn t7_hopping_capture() {
    let p = pos(
        TOYANG,
        "11/10k/2r8/11/2p8/11/11/2+LO2P1n3/11/K10/11[] w - - 0 1",
    );
    expect(
        &p,
        Some("c4"),
        "c4-c5 c4-c6 c4-c3 c4-c2 c4-c1 c4-b4 c4-a4 c4-d4 c4-e4 c4-c9 c4-h4",
    );
}

#[test]
fn t8_pawn_entering_the_enemy_camp() {
    let fen = "9k1/11/11/3n1n5/4P6/11/11/11/11/11/1K9[] w - - 0 1";
    expect(
        &pos(GNUQI, fen),
        Some("e7"),
        "e7-e8+G e7-e8+S e7-d8+G e7-d8+S e7-f8+G e7-f8+S",
    );
    expect(
        &pos(WILDE, fen),
        Some("e7"),
        "e7-e8 e7-e8+Q e7-e8+W e7-d8 e7-d8+Q e7-d8+W e7-f8 e7-f8+Q e7-f8+W",
    );
    expect(&pos(FOH, fen), Some("e7"), "e7-e8+ e7-d8+ e7-f8+");
    expect(&pos(TOYANG, fen), Some("e7"), "e7-e8+ e7-d8+ e7-f8+");
    let mut p = pos(GNUQI, fen);
    play(&mut p, "e7-d8+S");
    assert_eq!(field(&p, 0), "9k1/11/11/3+PS1n5/11/11/11/11/11/11/1K9[N]");
}

#[test]
fn t9_interposing_drops_and_drop_rank_limits() {
    let p = pos(GNUQI, "k4r5/11/11/11/11/11/11/11/11/5K5/11[HUP] w - - 0 1");
    assert!(p.in_check());
    expect(&p, Some("@"), "H@f3 H@f4 H@f5 H@f6 H@f7 H@f8 H@f9 U@f3 U@f4 U@f5 U@f6 U@f7 U@f8 P@f3 P@f4 P@f5 P@f6 P@f7 P@f8 P@f9 P@f10");
}

#[test]
fn t10_foh_hand_form_and_drop_limit() {
    let p = pos(FOH, "k4r5/11/11/11/11/11/11/11/11/5K5/11[X] w - - 0 1");
    expect(&p, Some("@"), "X@f3 X@f4 X@f5 X@f6 X@f7 X@f8 X@f9");
}

#[test]
fn t11_two_pawns_on_a_file_are_allowed() {
    let p = pos(GNUQI, "10k/11/11/11/11/11/K9r/2P3P4/11/11/11[P] w - - 0 1");
    expect(
        &p,
        Some("@"),
        "P@b5 P@c5 P@d5 P@e5 P@f5 P@g5 P@h5 P@i5 P@j5",
    );
}

#[test]
fn t12_pawn_drop_checkmate_is_allowed() {
    let mut p = pos(
        GNUQI,
        "11/11/11/R10/10k/7N3/9+PG1/11/11/11/1K9[P] w - - 0 1",
    );
    assert!(moves(&p, Some("@")).contains(&"P@j6".to_string()));
    play(&mut p, "P@j6");
    assert!(p.in_check());
    expect(&p, None, "");
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), Reason::Checkmate)
    );
}

#[test]
fn t13_castling() {
    for v in ALL {
        let p = pos(v, "10k/11/6r4/11/11/11/11/11/11/1R3K3R1/11[] w KQ - 0 1");
        expect(&p, Some("f2"), "f2-e1 f2-f1 f2-e2 f2-e3 f2-f3 f2-d2");
        let mut q = p.clone();
        play(&mut q, "f2-d2");
        assert_eq!(field(&q, 0), "10k/11/6r4/11/11/11/11/11/11/3KR4R1/11[]");
        assert_eq!(field(&q, 2), "-");
    }
    // Black castles the same way on rank 10, both sides.
    let p = pos(GNUQI, "11/1r3k3r1/11/11/11/11/11/11/11/11/K10[] b kq - 0 1");
    expect(
        &p,
        Some("f10"),
        "f10-d10 f10-e9 f10-e10 f10-e11 f10-f9 f10-f11 f10-g9 f10-g10 f10-g11 f10-h10",
    );
    let mut q = p.clone();
    play(&mut q, "f10-h10");
    assert_eq!(field(&q, 0), "11/1r4rk3/11/11/11/11/11/11/11/11/K10[]");
}

#[test]
fn t14_capture_demotion_and_loss_of_queens() {
    let p = pos(
        GNUQI,
        "9k1/11/11/11/2q8/11/11/11/2R4+nd3/11/1K9[] w - - 0 1",
    );
    expect(
        &p,
        Some("c3"),
        "c3-c4 c3-c5 c3-c6 c3-c7 c3-c2 c3-c1 c3-b3 c3-a3 c3-d3 c3-e3 c3-f3 c3-g3 c3-h3",
    );
    let mut a = p.clone();
    play(&mut a, "c3-h3");
    assert!(field(&a, 0).ends_with("[N]"), "{}", a.to_fen());
    let mut b = p.clone();
    play(&mut b, "c3-c7");
    assert!(field(&b, 0).ends_with("[]"), "{}", b.to_fen());
    let fen = "9k1/11/11/11/2q8/11/11/11/2R8/11/1K9[] w - - 0 1";
    for (v, hand) in [(GNUQI, "[]"), (WILDE, "[Q]"), (FOH, "[I]"), (TOYANG, "[]")] {
        let mut q = pos(v, fen);
        play(&mut q, "c3-c7");
        assert!(field(&q, 0).ends_with(hand), "{v}: {}", q.to_fen());
    }
    // In the River variants the Queen never attacked c3.
    for v in [GNUQI, FOH, TOYANG] {
        let mut q = pos(v, fen);
        play(&mut q, "b1-a1");
        assert!(!moves(&q, Some("c7")).iter().any(|m| m == "c7-c3"), "{v}");
    }
    // FOH: a captured array Rook returns as a Wing, a promoted piece as its origin.
    let mut f = pos(FOH, "9k1/11/11/11/2r8/11/11/11/2R4+lr3/11/1K9[] w - - 0 1");
    play(&mut f, "c3-h3");
    assert!(field(&f, 0).ends_with("[L]"), "{}", f.to_fen());
    let mut f = pos(FOH, "9k1/11/11/11/2r8/11/11/11/2R8/11/1K9[] w - - 0 1");
    play(&mut f, "c3-c7");
    assert!(field(&f, 0).ends_with("[L]"), "{}", f.to_fen());
    // Wildebisho: a Queen promoted from a Rook returns as a Rook.
    let mut w = pos(WILDE, "9k1/11/11/11/2+rq8/11/11/11/2R8/11/1K9[] w - - 0 1");
    play(&mut w, "c3-c7");
    assert!(field(&w, 0).ends_with("[R]"), "{}", w.to_fen());
}

#[test]
fn t15_prince_rule() {
    let fen = "10r/5k5/3b7/10+XJ/11/+IJ+XJ7+IJ1/11/11/11/11/1K9[] b - - 0 1";
    let p = pos(GNUQI, fen);
    let all = moves(&p, None);
    assert_eq!(all.len(), 38);
    let captures: Vec<&String> = all
        .iter()
        .filter(|m| {
            let mut q = p.clone();
            play(&mut q, m);
            q.count(
                Color::White,
                common::variant(GNUQI).piece_by_key("J").unwrap(),
            ) < 4
        })
        .collect();
    assert_eq!(captures, ["d9-a6", "k11-k8"]);
    for m in &all {
        let mut q = p.clone();
        play(&mut q, m);
        let o = q.outcome();
        if m == "d9-a6" || m == "k11-k8" {
            assert_eq!(o, None, "{m}");
        } else {
            let o = o.unwrap();
            assert_eq!(
                (o.winner, o.reason),
                (Some(Color::White), Reason::Count),
                "{m}"
            );
            assert!(q.legal_moves().is_empty());
        }
    }
    // Wildebisho has the rule too; FOH and Toyang have no Princes.
    assert!(pos(WILDE, fen).outcome().is_none());
}

#[test]
fn t15_prince_rule_wins_even_in_check() {
    // White starts its turn with four Princes while in check (but not mated):
    // the Prince rule wins; checkmate would have come first.
    let p = pos(
        GNUQI,
        "10r/5k5/11/10+XJ/11/+IJ+XJ7+IJ1/11/11/11/11/rK9[] w - - 0 1",
    );
    assert!(p.in_check());
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Count));
}

#[test]
fn t16_foh_promotion_inside_the_enemy_camp() {
    let fen = "11/4I6/11/11/11/8k2/11/11/11/11/1K9[] w - - 0 1";
    expect(&pos(FOH, fen), Some("e10"), "e10-d11+ e10-e11+ e10-f11+");
    expect(&pos(GNUQI, fen), Some("e10"), "e10-d11+ e10-e11+ e10-f11+");
    let mut p = pos(FOH, fen);
    play(&mut p, "e10-e11+");
    assert_eq!(field(&p, 0), "4+IQ6/11/11/11/11/8k2/11/11/11/11/1K9[]");
    // The Queen moves within and out of the camp, but never back in.
    play(&mut p, "i6-h6");
    let q = moves(&p, Some("e11"));
    assert!(q.contains(&"e11-a11".to_string()) && q.contains(&"e11-e7".to_string()));
    let mut r = p.clone();
    play(&mut r, "e11-e7");
    play(&mut r, "h6-i6");
    assert!(moves(&r, Some("e7")).iter().all(|m| {
        let to: u32 = m[4..].parse().unwrap();
        to <= 7
    }));
}

#[test]
fn t17_draw_rules() {
    // 4.7: stalemate is a draw.
    let p = pos(GNUQI, "k10/10R/11/11/11/11/11/11/11/1R3K5/11[] b - - 0 1");
    assert!(!p.in_check());
    expect(&p, None, "");
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::Stalemate));
    // Two bare Kings with empty hands: draw; with a piece in hand: play on.
    let o = pos(GNUQI, "9k1/11/11/11/11/11/11/11/11/11/1K9[] w - - 0 1")
        .outcome()
        .unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::BareKings));
    assert!(
        pos(GNUQI, "9k1/11/11/11/11/11/11/11/11/11/1K9[P] w - - 0 1")
            .outcome()
            .is_none()
    );
    // D19: drops and promotions reset the 100-ply counter, other piece moves count.
    let fen = "9k1/11/11/11/R10/11/11/11/11/11/1K9[P] w - - 40 30";
    let mut a = pos(GNUQI, fen);
    play(&mut a, "P@e5");
    assert_eq!(field(&a, 4), "0");
    let mut b = pos(GNUQI, fen);
    play(&mut b, "a7-a8+");
    assert_eq!(field(&b, 4), "0");
    let mut c = pos(GNUQI, fen);
    play(&mut c, "a7-a6");
    assert_eq!(field(&c, 4), "41");
    let o = pos(GNUQI, "9k1/11/11/11/R10/11/11/11/11/11/1K9[P] w - - 100 80")
        .outcome()
        .unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::MoveRule));
}

#[test]
fn t18_threefold_repetition() {
    let mut p = pos(GNUQI, "9k1/11/11/11/11/11/11/11/11/11/1K9[P] w - - 0 1");
    for _ in 0..2 {
        play(&mut p, "b1-a1");
        play(&mut p, "j11-i11");
        play(&mut p, "a1-b1");
        assert!(p.outcome().is_none());
        play(&mut p, "i11-j11");
    }
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::Repetition));
}

#[test]
fn repetition_across_captures_and_drops() {
    // D19: a capture, a recapture and two drops restore the board and both
    // hands, so the positions before a capture or a drop count too.
    let mut p = pos(GNUQI, "9k1/11/11/11/11/4r6/11/11/11/11/1K9[Rr] w - - 0 1");
    for i in 0..2 {
        for m in ["R@e2", "R@e10", "e2xe6", "e10xe6"] {
            assert!(p.outcome().is_none(), "{i} {m}");
            play(&mut p, m);
        }
    }
    assert_eq!(field(&p, 4), "0");
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::Repetition));
}

#[test]
fn foh_promoted_queen_checks_inside_the_camp() {
    // Spec 1.3 / 4.3 say an enemy Queen never checks a King in its own camp,
    // but D8 lets a Queen made inside the camp (FOH) move within it: this
    // Black ex-Princess Queen on e1 checks the White King on a1 (rules
    // followed: D8; reported as a spec inconsistency).
    let p = pos(FOH, "11/11/11/11/11/11/9k1/11/11/11/K3+iq6[] w - - 0 1");
    assert!(p.in_check());
    expect(&p, None, "a1-a2 a1-b2");
}

#[test]
fn t13_castling_never_crosses_a_facing_cell() {
    // D17: Bare Facing counts like check on the cell the King crosses: e2
    // faces the Black King on e10, so Bishopside castling (f2-d2) is illegal
    // although d2 itself is safe; Camelside (f2-h2) is legal.
    let p = pos(GNUQI, "11/4k6/11/11/11/11/11/11/11/1R3K3R1/11[] w KQ - 0 1");
    expect(&p, Some("f2"), "f2-f1 f2-f3 f2-g1 f2-g2 f2-g3 f2-h2");
}
