//! King safety by attack counts: how many enemy pieces attack the cells
//! around a royal piece, and how often — the "king danger" of classical
//! engines. The static `king_pressure` and `shelter` terms count pieces
//! near a royal; this one counts what really reaches its zone in the
//! position, through the attack map of the evaluation
//! ([`crate::eval_attacks`], filled by the mobility walk).
//!
//! The zone of a royal is its cell and every cell it could step to: the
//! targets of its leaps and conditional leaps and the first cell of each of
//! its rays, from its compiled move tables (a King's 3 × 3 block in chess,
//! 3 × 3 × 3 on a 3D board, the palace steps in Xiangqi). The danger to a
//! side's royal is
//!
//! `danger = ATTACKER_WEIGHT · a² + HIT_WEIGHT · h + WEAK_WEIGHT · w + checks`
//!
//! with `a` the enemy pieces (not pawn-like, not royal) attacking the zone,
//! `h` the attacks on zone cells (pawn-like attackers included), `w` the
//! zone cells attacked and defended by at most one own piece (the royal
//! itself, usually). These three parts count only from [`MIN_ATTACKERS`]
//! attackers on (one piece does not mate alone). The danger scores for the
//! attacker
//! `danger² / DANGER_DIV` centipawns in the middlegame, capped at
//! [`DANGER_CAP`], and `danger / DANGER_EG_DIV` in the endgame: quadratic,
//! so that a third attacker weighs more than the first two.
//!
//! The checks the attacker has add to the danger whatever the attackers'
//! count: per piece type, [`SAFE_CHECK`] when one of its pieces can move
//! to a cell from which it would attack the royal and that the defender
//! does not hold ([`SAFE_CHECKS`] with several such cells), and
//! [`UNSAFE_CHECK`] per check cell the defender holds. The check cells
//! come from the attack map: the cells a type's pieces attack that were
//! tagged, before their walk, as the cells that type attacks from the
//! royal's cell (the reverse move, for moves symmetric left to right).
//!
//! A side with no royal piece, or with several on the board (the loss of
//! one is not the loss of the game), has no zone: the term is 0 against it.
//! Pieces in hand attack nothing (a drop is the search's business).

use menagerie_geometry::CellId;
use menagerie_rules::movegen::tables::flag;
use menagerie_rules::{Color, PieceType, Position, Variant};

use crate::eval_attacks::AttackMap;

/// Weight of the attackers' count, squared.
pub const ATTACKER_WEIGHT: i32 = 25;
/// Weight of each attack on a zone cell.
pub const HIT_WEIGHT: i32 = 30;
/// Weight of each zone cell attacked and defended at most once.
pub const WEAK_WEIGHT: i32 = 60;
/// Attackers needed before the danger counts.
pub const MIN_ATTACKERS: u8 = 2;
/// Divisor of the squared danger (middlegame, centipawns).
pub const DANGER_DIV: i32 = 4096;
/// The largest middlegame bonus (centipawns).
pub const DANGER_CAP: i32 = 600;
/// Divisor of the danger in the endgame.
pub const DANGER_EG_DIV: i32 = 16;
/// Danger of a piece type with one safe check.
pub const SAFE_CHECK: i32 = 400;
/// Danger of a piece type with several safe checks.
pub const SAFE_CHECKS: i32 = 600;
/// Danger of each unsafe check (a check cell the defender holds).
pub const UNSAFE_CHECK: i32 = 50;

/// The zones of the royal types of a variant.
#[derive(Debug, Clone)]
pub struct KingZones {
    cells: usize,
    types: usize,
    /// Bit `k` set: type `k` is royal.
    royal: u64,
    /// Per (colour, type, cell): range into `zone` (royal types only).
    at: Vec<u32>,
    zone: Vec<CellId>,
}

impl KingZones {
    /// The zones of `v`'s types marked in `royal`.
    #[must_use]
    pub fn new(v: &Variant, royal: &[bool]) -> KingZones {
        let g = &v.geometry;
        let n = g.len();
        let types = royal.len();
        let mut at = Vec::with_capacity(2 * types * n + 1);
        let mut zone = Vec::new();
        at.push(0);
        for c in Color::BOTH {
            for (k, &r) in royal.iter().enumerate() {
                for s in g.cells() {
                    if r {
                        let start = zone.len();
                        zone.push(s);
                        let m = v.tables.at(c, k as PieceType, s);
                        let steps = m
                            .leaps
                            .iter()
                            .filter(|l| l.flags & flag::INITIAL == 0)
                            .map(|l| l.to)
                            .chain(m.conds.iter().map(|l| l.to))
                            .chain(
                                m.rays
                                    .iter()
                                    .filter_map(|r| v.tables.ray_cells(r).first().copied()),
                            );
                        for x in steps {
                            if !zone[start..].contains(&x) {
                                zone.push(x);
                            }
                        }
                    }
                    at.push(zone.len() as u32);
                }
            }
        }
        KingZones {
            cells: n,
            types,
            royal: royal
                .iter()
                .enumerate()
                .filter(|&(_, &r)| r)
                .fold(0, |m, (k, _)| m | 1 << k),
            at,
            zone,
        }
    }

    fn zone(&self, c: Color, k: PieceType, s: CellId) -> &[CellId] {
        let i = (c.idx() * self.types + usize::from(k)) * self.cells + s.idx();
        &self.zone[self.at[i] as usize..self.at[i + 1] as usize]
    }

    /// The single royal piece of each side (type, cell), `None` for a side
    /// with none or several; marks its zone in `map` for the enemy.
    pub fn mark(&self, pos: &Position, map: &mut AttackMap) -> [Option<(PieceType, CellId)>; 2] {
        let mut out = [None; 2];
        for c in Color::BOTH {
            let mut found = None;
            let mut several = false;
            let mut bits = pos.present(c) & self.royal;
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for &s in pos.cells_of(c, k as PieceType) {
                    several |= found.is_some();
                    found = Some((k as PieceType, s));
                }
            }
            if several {
                continue;
            }
            if let Some((k, s)) = found {
                for &x in self.zone(c, k, s) {
                    map.mark_zone(c.flip(), x);
                }
                out[c.idx()] = found;
            }
        }
        out
    }

    /// The king-attack term of each side (middlegame, endgame), the side
    /// being the attacker; `kings` from [`Self::mark`].
    #[must_use]
    pub fn score(
        &self,
        pos: &Position,
        map: &AttackMap,
        kings: &[Option<(PieceType, CellId)>; 2],
    ) -> ([i32; 2], [i32; 2]) {
        let (mut mg, mut eg) = ([0; 2], [0; 2]);
        for a in Color::BOTH {
            let d = a.flip();
            let Some((k, s)) = kings[d.idx()] else {
                continue;
            };
            let mut danger = check_danger(pos, map, a);
            let attackers = map.king_attackers(a);
            if attackers >= MIN_ATTACKERS {
                let (mut hits, mut weak) = (0, 0);
                for &x in self.zone(d, k, s) {
                    let n = i32::from(map.count(a, x));
                    if n > 0 {
                        hits += n;
                        weak += i32::from(map.count(d, x) <= 1);
                    }
                }
                let a2 = i32::from(attackers) * i32::from(attackers);
                danger += ATTACKER_WEIGHT * a2 + HIT_WEIGHT * hits + WEAK_WEIGHT * weak;
            }
            mg[a.idx()] = (danger * danger / DANGER_DIV).min(DANGER_CAP);
            eg[a.idx()] = danger / DANGER_EG_DIV;
        }
        (mg, eg)
    }
}

/// The danger of the checks `a` has ([`AttackMap::checks`]): a check is
/// safe on a cell not held by `a`'s own piece, and either not attacked by
/// the defender or attacked once (the royal, usually) and twice by `a`.
/// Each type with a safe check adds [`SAFE_CHECK`] ([`SAFE_CHECKS`] with
/// several), each unsafe check [`UNSAFE_CHECK`].
fn check_danger(pos: &Position, map: &AttackMap, a: Color) -> i32 {
    let d = a.flip();
    let board = pos.board();
    // Types with one safe check, and with several.
    let (mut once, mut more) = (0u64, 0u64);
    let mut danger = 0;
    for &(x, k) in map.checks(a) {
        if board[x.idx()].is_color(a) {
            continue;
        }
        let held = map.count(d, x);
        if held == 0 || (held == 1 && map.count(a, x) >= 2) {
            let bit = 1u64 << k;
            more |= once & bit;
            once |= bit;
        } else {
            danger += UNSAFE_CHECK;
        }
    }
    danger
        + SAFE_CHECK * (once & !more).count_ones() as i32
        + SAFE_CHECKS * more.count_ones() as i32
}

#[cfg(test)]
mod tests {
    use super::{DANGER_DIV, DANGER_EG_DIV, SAFE_CHECK, SAFE_CHECKS, UNSAFE_CHECK};
    use crate::eval::EvalTables;
    use crate::eval_weights::term;
    use menagerie_rules::{Position, Registry};

    fn king_terms(id: &str, fen: &str) -> ([i32; 2], [i32; 2]) {
        crate::eval::term_in(id, fen, term::KING_ATTACK)
    }

    /// Queen and Knight bearing on a castled King score for the attacker;
    /// the Queen alone does not (one attacker); more attackers score more.
    #[test]
    fn two_attackers_on_the_zone_score() {
        // Black King g8, Pawns f7 g7 h7; White Queen h5, Knight g5.
        let two = "6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1";
        let one = "6k1/5ppp/8/7Q/8/8/8/6K1 w - - 0 1";
        let three = "6k1/5ppp/8/3B2NQ/8/8/8/6K1 w - - 0 1";
        let (m2, e2) = king_terms("chess", two);
        let (m1, _) = king_terms("chess", one);
        let (m3, _) = king_terms("chess", three);
        assert!(m2[0] > 0 && e2[0] > 0, "{m2:?} {e2:?}");
        assert_eq!(m2[1], 0);
        // The lone Queen counts only its two unsafe checks (h7, f7).
        let unsafe2 = (2 * UNSAFE_CHECK) * (2 * UNSAFE_CHECK) / DANGER_DIV;
        assert_eq!(m1[0], unsafe2, "{m1:?}");
        assert!(m2[0] > 2 * unsafe2, "{m2:?}");
        assert!(m3[0] > m2[0], "{m3:?} {m2:?}");
    }

    /// A Rook with an open file to the back rank has a safe check on a8
    /// (one type: SAFE_CHECK); with a8 held by a Bishop the check is unsafe.
    #[test]
    fn safe_checks_add_danger() {
        let (safe, e) = king_terms("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(safe[0], SAFE_CHECK * SAFE_CHECK / DANGER_DIV, "{safe:?}");
        assert_eq!(e[0], SAFE_CHECK / DANGER_EG_DIV, "{e:?}");
        let (held, e) = king_terms("chess", "6k1/1b3ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(
            held[0],
            UNSAFE_CHECK * UNSAFE_CHECK / DANGER_DIV,
            "{held:?}"
        );
        assert_eq!(e[0], UNSAFE_CHECK / DANGER_EG_DIV, "{e:?}");
        // Two Rooks with safe checks count the type once, more than once.
        let (two, _) = king_terms("chess", "6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1");
        assert_eq!(two[0], SAFE_CHECKS * SAFE_CHECKS / DANGER_DIV, "{two:?}");
    }

    /// Colour symmetry: the colour-flipped mirror gives each side the
    /// other's danger, and the same evaluation for the side to move.
    #[test]
    fn colours_mirror() {
        let a = "6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1";
        let b = "6k1/8/8/8/6nq/8/5PPP/6K1 b - - 0 1";
        let (am, ae) = king_terms("chess", a);
        let (bm, be) = king_terms("chess", b);
        assert_eq!((am, ae), ([bm[1], bm[0]], [be[1], be[0]]));
        let v = Registry::builtin().get("chess").unwrap();
        let e = EvalTables::new(&v);
        let ea = e.evaluate(&Position::from_fen(&v, a).unwrap());
        let eb = e.evaluate(&Position::from_fen(&v, b).unwrap());
        assert_eq!(ea, eb);
    }

    /// With several royal pieces on a side the term is off against it;
    /// start positions score nothing where no piece can reach a check cell
    /// (Joshua's hooks and hops can: the same for both sides).
    #[test]
    fn off_without_a_single_royal() {
        let reg = Registry::builtin();
        for id in ["chess", "shogi", "xiangqi", "joshua", "missing-ox"] {
            let v = reg.get(id).unwrap();
            let t = EvalTables::new(&v).terms(&Position::start(&v));
            let [w, b] = t.mg[term::KING_ATTACK];
            if id == "joshua" {
                assert_eq!(w, b, "{id}");
            } else {
                assert_eq!([w, b], [0; 2], "{id}");
            }
        }
        // Black Queen a3 and Knight c4 bear on b1's zone: scored against
        // one White King, not against two.
        let (one, _) = king_terms("chess", "6k1/8/8/8/2n5/q7/8/1K6 b - - 0 1");
        assert!(one[1] > 0, "{one:?}");
        let (m, _) = king_terms("chess", "6k1/8/8/8/2n5/q7/8/1K1K4 b - - 0 1");
        assert_eq!(m[1], 0, "{m:?}");
    }
}
