//! Threats: enemy pieces that one's own pieces attack with profit. Material
//! and mobility do not see a Knight that a Pawn attacks or a Rook that
//! stands undefended in a Bishop's line; the quiescence search sees such a
//! capture only when it is the attacker's move, and the main search's
//! pruning reads the static score before either side has moved. Classical
//! engines (Stockfish's and Fairy-Stockfish's `threats`) score them
//! statically.
//!
//! Two kinds, for every non-royal enemy piece on the board that a piece of
//! the side attacks (attacks and defences from the evaluation's attack map,
//! [`crate::eval_attacks`], filled by the mobility walk):
//!
//! * **by a cheaper piece**: the cheapest attacker has a lower value rank
//!   ([`ranks`]) than the victim: the capture wins material whatever
//!   defends it;
//! * **hanging**: no enemy piece defends the victim: any attacker wins it.
//!
//! Each scores a base plus a share of the victim's value (the gain grows
//! with what is won, but the first cost of a threat is the move that
//! parries it, which does not): [`LESSER_MG`] + value / [`LESSER_DIV`] and
//! [`HANGING_MG`] + value / [`HANGING_DIV`] in the middlegame, the
//! `_EG` bases in the endgame. The side to move can carry its threats out;
//! the other side's threats are mostly parried by that move, so they count
//! [`WAITING_NUM`] / [`WAITING_DEN`]. Pieces in hand attack nothing (a drop
//! is the search's business), and royal pieces are no victims (a check is
//! king safety's business), but they attack: a piece next to the enemy
//! royal and undefended hangs. Against a side with nothing but royal
//! pieces the term is off, as mobility is (mop-up drives the mate; the
//! lone King's threats to the Rook held it back, tests/conversion.rs).

use menagerie_rules::{Color, PieceType, Position};

use crate::eval_attacks::{AttackMap, NO_RANK};

/// Middlegame base of a piece attacked by a cheaper one (centipawns).
pub const LESSER_MG: i32 = 40;
/// Endgame base of a piece attacked by a cheaper one.
pub const LESSER_EG: i32 = 20;
/// The share of the victim's value a cheaper attacker adds: value / this.
pub const LESSER_DIV: i32 = 16;
/// Middlegame base of a hanging piece (attacked, not defended).
pub const HANGING_MG: i32 = 20;
/// Endgame base of a hanging piece.
pub const HANGING_EG: i32 = 10;
/// The share of the victim's value a hanging piece adds: value / this.
pub const HANGING_DIV: i32 = 16;
/// The side not to move keeps this share of its threats (numerator): the
/// side to move parries one with its move.
pub const WAITING_NUM: i32 = 1;
/// The denominator of [`WAITING_NUM`].
pub const WAITING_DEN: i32 = 2;

/// The value rank of each type: 0 for the cheapest non-royal value, one
/// more for each higher value (equal values share a rank), and royal types
/// above every other (a royal attacker is never the cheaper one).
#[must_use]
pub fn ranks(value: &[i32], royal: &[bool]) -> Vec<u8> {
    let mut distinct: Vec<i32> = value
        .iter()
        .zip(royal)
        .filter(|&(_, &r)| !r)
        .map(|(&v, _)| v)
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    let top = NO_RANK - 1;
    let rank_of = |i: usize| u8::try_from(i).map_or(top, |r| r.min(top));
    value
        .iter()
        .zip(royal)
        .map(|(v, &r)| {
            if r {
                rank_of(distinct.len())
            } else {
                rank_of(distinct.partition_point(|d| d < v))
            }
        })
        .collect()
}

/// The threats of each colour in `pos` (middlegame, endgame), from the
/// attacks in `map`, with the types' values `value`, value ranks `rank`
/// and royal marks `royal`.
#[must_use]
pub fn score(
    pos: &Position,
    map: &AttackMap,
    value: &[i32],
    rank: &[u8],
    royal: &[bool],
) -> ([i32; 2], [i32; 2]) {
    let (mut mg, mut eg) = ([0; 2], [0; 2]);
    for us in Color::BOTH {
        let them = us.flip();
        let (mut m, mut e) = (0, 0);
        let mut bits = pos.present(them);
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if royal[k] {
                continue;
            }
            let share = value[k].max(0);
            for &x in pos.cells_of(them, k as PieceType) {
                if map.count(us, x) == 0 {
                    continue;
                }
                if map.least(us, x) < rank[k] {
                    m += LESSER_MG + share / LESSER_DIV;
                    e += LESSER_EG + share / LESSER_DIV;
                }
                if map.count(them, x) == 0 {
                    m += HANGING_MG + share / HANGING_DIV;
                    e += HANGING_EG + share / HANGING_DIV;
                }
            }
        }
        if us != pos.side() {
            m = m * WAITING_NUM / WAITING_DEN;
            e = e * WAITING_NUM / WAITING_DEN;
        }
        mg[us.idx()] = m;
        eg[us.idx()] = e;
    }
    (mg, eg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval_weights::term;

    fn threats(fen: &str) -> ([i32; 2], [i32; 2]) {
        crate::eval::term_in("chess", fen, term::THREATS)
    }

    /// Cheapest first, equal values share a rank, royal types above all.
    #[test]
    fn ranks_order_the_values() {
        let r = ranks(
            &[100, 300, 300, 500, 0],
            &[false, false, false, false, true],
        );
        assert_eq!(r, vec![0, 1, 1, 2, 3]);
    }

    /// The start position and a quiet opening have no threats.
    #[test]
    fn quiet_positions_score_nothing() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4",
        ] {
            assert_eq!(threats(fen), ([0; 2], [0; 2]), "{fen}");
        }
    }

    /// A Knight attacked by a Pawn (and defended) is a threat of the
    /// Pawn's side; with that side to move it counts in full, else halved.
    #[test]
    fn a_pawn_attacking_a_knight_threatens() {
        // Black Knight on d5 defended by the e6 Pawn, White Pawn on c4.
        let black_to_move = "4k3/8/4p3/3n4/2P5/8/8/4K3 b - - 0 1";
        let white_to_move = "4k3/8/4p3/3n4/2P5/8/8/4K3 w - - 0 1";
        let (mg, eg) = threats(white_to_move);
        assert!(mg[0] > LESSER_MG && eg[0] > LESSER_EG, "{mg:?} {eg:?}");
        assert_eq!((mg[1], eg[1]), (0, 0), "the Knight does not reach c4");
        let (wm, we) = threats(black_to_move);
        assert_eq!([wm[0], we[0]], [mg[0] / 2, eg[0] / 2]);
    }

    /// An undefended Rook a Bishop attacks is hanging and attacked by a
    /// cheaper piece; defended, only the cheaper attacker counts; a Rook
    /// attacked by a Queen and undefended only hangs.
    #[test]
    fn a_hanging_rook_scores_more_than_a_defended_one() {
        let hanging = threats("4k3/8/8/3r4/8/1B6/8/4K3 w - - 0 1").0[0];
        let defended = threats("4k3/3p4/2p5/3r4/8/1B6/8/4K3 w - - 0 1").0[0];
        let by_queen = threats("4k3/8/8/3r4/8/1Q6/8/4K3 w - - 0 1").0[0];
        assert!(hanging > defended && defended > 0, "{hanging} {defended}");
        assert!(by_queen > 0 && by_queen < defended, "{by_queen}");
    }

    /// The colour-flipped position (side to move flipped too) gives each
    /// side the other's threats.
    #[test]
    fn colours_mirror() {
        let a = threats("r3k3/8/2n5/1P1b4/8/Q1N5/5B2/4K2R w K - 0 1");
        let b = threats("4k2r/5b2/q1n5/8/1p1B4/2N5/8/R3K3 b k - 0 1");
        assert!(a.0[0] > 0 && a.0[1] > 0, "{a:?}");
        assert_eq!(a, ([b.0[1], b.0[0]], [b.1[1], b.1[0]]));
    }

    /// A lone King next to an undefended Rook threatens nothing (mop-up
    /// plays those endings); with a Knight beside it, it does.
    #[test]
    fn a_bare_royal_turns_threats_off() {
        assert_eq!(threats("8/8/8/8/8/8/1k6/R5K1 b - - 0 1"), ([0; 2], [0; 2]));
        let (mg, _) = threats("7n/8/8/8/8/8/1k6/R5K1 b - - 0 1");
        assert!(mg[1] > 0 && mg[0] == 0, "{mg:?}");
    }
}
