//! Static exchange evaluation and the material values behind it: what a
//! capture or drop wins once both sides have recaptured on its cell with
//! their least valuable attackers. Works for any piece (the attackers come
//! from the variant's own move tables) and, where captures go to the
//! captor's hand, counts the hand piece a capture brings.

use super::{Searcher, ROYAL_SEE};
use menagerie_geometry::CellId;
use menagerie_rules::{Move, MoveKind, PieceType};

impl Searcher<'_> {
    pub(super) fn value_of(&self, k: PieceType) -> i32 {
        self.eval
            .value
            .get(usize::from(k))
            .copied()
            .unwrap_or(100)
            .max(50)
    }

    fn see_value(&self, k: PieceType) -> i32 {
        if self.royal.get(usize::from(k)).copied().unwrap_or(false) {
            ROYAL_SEE
        } else {
            self.value_of(k)
        }
    }

    /// What capturing the piece on `c` is worth: its value, and where
    /// captures go to the captor's hand, the hand piece it becomes (a
    /// promoted piece by the type it was promoted from).
    pub(super) fn victim_value(&self, c: CellId) -> i32 {
        let p = self.pos.piece(c);
        if p.is_empty() {
            return 0;
        }
        self.value_of(p.kind()) + self.captured_bonus(c, p.kind())
    }

    /// The hand value a capture of the piece of type `k` on `c` brings
    /// (0 where captures do not go to a hand).
    fn captured_bonus(&self, c: CellId, k: PieceType) -> i32 {
        let base = self.pos.origin(c).unwrap_or(k);
        self.hand_gain.get(usize::from(base)).copied().unwrap_or(0)
    }

    /// Material gained by a move at first sight (victims, promotion).
    pub(super) fn gain(&self, m: Move) -> i32 {
        let mut g = 0;
        if m.kind() == MoveKind::EnPassant {
            g += self.victim_value(self.pos.ep().victim());
        } else if m.kind() == MoveKind::Normal {
            g += self.victim_value(m.to());
            if m.captures_via() {
                if let Some(v) = m.via() {
                    g += self.victim_value(v);
                }
            }
            if let (Some(p), Some(f)) = (m.promotion(), m.from()) {
                g += self.value_of(p) - self.value_of(self.pos.piece(f).kind());
            }
        }
        g
    }

    /// The mover's value (royal: [`ROYAL_SEE`]).
    pub(super) fn mover_value(&self, m: Move) -> i32 {
        match m.from() {
            Some(f) => {
                let p = self.pos.piece(f);
                if p.is_empty() {
                    0
                } else {
                    self.see_value(p.kind())
                }
            }
            None => m.dropped().map_or(0, |k| self.value_of(k)),
        }
    }

    /// What the opponent wins by capturing the mover once it stands on its
    /// target: [`Self::mover_value`] (or the promoted type's) and the hand
    /// piece it would become.
    pub(super) fn mover_as_victim(&self, m: Move) -> i32 {
        match (m.from(), m.dropped()) {
            (Some(f), _) => {
                let k = self.pos.piece(f).kind();
                let own = match m.promotion() {
                    Some(p) => self.value_of(p),
                    None => self.mover_value(m),
                };
                own + self.captured_bonus(f, k)
            }
            (None, Some(k)) => self.value_of(k) + self.hand_gain[usize::from(k)],
            (None, None) => 0,
        }
    }

    /// The least valuable piece of the side to move that attacks `t`.
    fn least_attacker(&mut self, t: CellId) -> Option<(CellId, PieceType)> {
        let mut found = std::mem::take(&mut self.attackers_buf);
        found.clear();
        self.pos.attackers(t, self.pos.side(), &mut found);
        let best = found
            .iter()
            .copied()
            .min_by_key(|&(_, k)| self.value_rank[usize::from(k)]);
        self.attackers_buf = found;
        best
    }

    /// Static exchange evaluation of a capture or drop: plays it, then lets both
    /// sides recapture on that cell with their least valuable attacker
    /// (found with the real move tables, so hoppers, bent and lame pieces
    /// count), each side free to stop. Works on the real position with
    /// make/unmake, so screens and x-rays change as pieces leave.
    pub(super) fn see(&mut self, m: Move) -> i32 {
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Drop) || m.via().is_some() {
            return self.gain(m);
        }
        let target = m.to();
        let mut gains = [0i32; 24];
        gains[0] = self.gain(m);
        let mut last = self.mover_as_victim(m);
        let mut d = 0;
        self.pos.make_unchecked(m);
        let mut made = 1;
        while d + 1 < gains.len() {
            let side = self.pos.side();
            // (One attacker scan: an `is_attacked` test first would walk the
            // lines twice whenever the cell is attacked.)
            let Some((s, k)) = self.least_attacker(target) else {
                break;
            };
            if self.royal[usize::from(k)] && self.pos.is_attacked(target, side.flip()) {
                break;
            }
            d += 1;
            gains[d] = last - gains[d - 1];
            last = self.see_value(k) + self.captured_bonus(s, k);
            self.pos
                .make_unchecked(Move::normal(s, target).with_capture());
            made += 1;
        }
        for _ in 0..made {
            self.pos.unmake();
        }
        while d > 0 {
            gains[d - 1] = -((-gains[d - 1]).max(gains[d]));
            d -= 1;
        }
        gains[0]
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::with_searcher;
    use menagerie_rules::parse_move;

    #[test]
    fn a_capture_into_the_hand_is_worth_the_hand_piece_too() {
        // A Pawn takes an undefended Rook. In chess that wins the Rook; in
        // shogi the Rook also joins the captor's hand, and the exchange
        // value says so.
        let chess = with_searcher("chess", "4k3/8/8/4r3/3P4/8/8/4K3 w - - 0 1", |s| {
            let m = parse_move(&s.pos, "d4e5").unwrap();
            (s.see(m), s.value_of(s.pos.piece(m.to()).kind()))
        });
        assert_eq!(chess.0, chess.1);
        let fen = "4k4/9/9/9/4r4/4P4/9/9/4K4[] w - - 0 1";
        let (see, rook, in_hand) = with_searcher("shogi", fen, |s| {
            let m = parse_move(&s.pos, "e4e5").unwrap();
            let k = s.pos.piece(m.to()).kind();
            (s.see(m), s.value_of(k), s.hand_gain[usize::from(k)])
        });
        assert!(in_hand > 0);
        assert_eq!(see, rook + in_hand);
        // Defended, the Rook still pays for the Pawn and the Pawn's hand
        // value.
        let defended = "4k4/9/9/4r4/4r4/4P4/9/9/4K4[] w - - 0 1";
        let (see, pawn_lost) = with_searcher("shogi", defended, |s| {
            let m = parse_move(&s.pos, "e4e5").unwrap();
            (s.see(m), s.mover_as_victim(m))
        });
        assert_eq!(see, rook + in_hand - pawn_lost);
    }
}
