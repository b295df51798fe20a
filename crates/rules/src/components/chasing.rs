//! The chasing rule of Xiangqi (`[rules] chasing = "axf"`), as
//! Fairy-Stockfish plays it (`chasingRule = axf`, after the Asian Xiangqi
//! Federation's rules): in a repetition, a side that chased one and the
//! same enemy piece with every one of its moves of the cycle loses; when
//! both sides chased all through it is a draw. Perpetual check is judged
//! first (`components::perpetual`); the chase decides only a repetition
//! without one.
//!
//! **What a move chases.** A move chases the enemy pieces it newly
//! threatens to win, by the pieces' roles (each piece's `chase` key):
//! * a Horse or a Cannon chases a Rook (Chariot), protected or not; an
//!   Elephant or an Advisor chases a Rook, a Cannon or a Horse;
//! * any piece chases an unprotected piece: one whose defenders (the piece
//!   that attacks it lifted off the board) are all pinned to their royal,
//!   or only the royal when taking back would bring the royals face to
//!   face;
//! * never the royal, never a Soldier that has not crossed the river, and
//!   not a piece of the attacker's own type that attacks back (a pinned one
//!   does not; a Horse with a blocked leg does not);
//! * a Soldier and the royal never chase.
//!
//! The threats counted are those of the moved piece (not along the line it
//! moved on, for a Rook or a Cannon), those it uncovered (a Horse's leg, an
//! Elephant's eye, a Rook's line, a Cannon's screen), the pieces an enemy
//! piece newly pinned to its royal no longer protects, and the pieces a
//! newly uncovered line to the royal (a discovered check in waiting)
//! attacks, unless the royal could take back safely.
//!
//! **The verdict.** For a repetition whose cycle spans `back` plies, the
//! chased pieces of each position are followed back through their own
//! side's moves (a chased piece that moves stays the same piece): the
//! opponent of the side to move chased throughout when some piece was
//! chased in every position of the cycle with the side to move, and by the
//! move that led into the cycle too (not when the cycle starts at the
//! game's first position); the side to move chased throughout when some
//! piece was chased in every position of the cycle with its opponent to
//! move.
//!
//! The move rule is lengthened by the same rule: a side that gave more than
//! ten checks since the last capture gives the other side two more plies
//! for each further check (`move_rule_grace`).
//!
//! Everything is computed by taking the moves back on a copy, only when a
//! repetition (or the move rule) has happened.
//!
//! Hooks: verdict, through the repetition rule (`components::repetition`)
//! and the move rule (`components::move_rule`).

use crate::movegen::tables::{flag, RayKind};
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, Piece, PieceType};
use crate::position::Position;
use crate::variant::{Variant, Verdict};
use menagerie_geometry::{CellId, CellSet};

/// A piece's part in the chasing rule (Fairy-Stockfish's piece types).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Rook,
    Cannon,
    Horse,
    Elephant,
    Advisor,
    Soldier,
}

/// The roles by the name the `chase` key gives them.
const ROLES: [(&str, Role); 6] = [
    ("rook", Role::Rook),
    ("cannon", Role::Cannon),
    ("horse", Role::Horse),
    ("elephant", Role::Elephant),
    ("advisor", Role::Advisor),
    ("soldier", Role::Soldier),
];

/// Checks a side may give since the last capture before the move rule is
/// lengthened for each further one.
const FREE_CHECKS: u32 = 10;
/// Plies the move rule is lengthened by for each check beyond those.
const PLIES_PER_CHECK: u32 = 2;
/// Plies a game must have lasted before checks lengthen the move rule.
const GRACE_MIN_PLIES: usize = 20;

/// The chasing rule of a variant: the types (a bit each) of every role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chasing {
    roles: [u64; ROLES.len()],
}

impl Chasing {
    /// Reads `[rules] chasing` and the pieces' `chase` keys (`pieces`: for
    /// each type in order, its key and its `chase` value). `None` without
    /// the rule.
    ///
    /// # Errors
    /// The key and the message for an unknown rule or role.
    pub(crate) fn from_spec<'a>(
        rule: Option<&str>,
        pieces: impl Iterator<Item = (&'a str, Option<&'a str>)>,
    ) -> Result<Option<Chasing>, (String, String)> {
        let mut roles = [0u64; ROLES.len()];
        for (t, (key, role)) in pieces.enumerate() {
            let Some(role) = role else { continue };
            let Some(i) = ROLES.iter().position(|(n, _)| *n == role) else {
                let names: Vec<&str> = ROLES.iter().map(|r| r.0).collect();
                return Err((
                    format!("pieces.{key}.chase"),
                    format!("`{role}`: use one of {}", names.join(", ")),
                ));
            };
            roles[i] |= 1 << t;
        }
        match rule.unwrap_or("none") {
            "none" => Ok(None),
            "axf" => Ok(Some(Chasing { roles })),
            o => Err(("rules.chasing".into(), format!("`{o}`: use axf or none"))),
        }
    }

    fn role(&self, kind: PieceType) -> Option<Role> {
        ROLES
            .iter()
            .zip(self.roles)
            .find(|(_, mask)| mask >> kind & 1 != 0)
            .map(|((_, r), _)| *r)
    }

    fn is(&self, kind: PieceType, roles: &[Role]) -> bool {
        self.role(kind).is_some_and(|r| roles.contains(&r))
    }
}

/// The verdict on a repetition whose cycle spans the last `back` plies
/// when a side chased throughout it (see the module docs), or `None`.
pub(crate) fn judge(pos: &Position, back: usize) -> Option<Outcome> {
    let ch = pos.variant().rules.chasing?;
    let hist = pos.history_len();
    if back < 2 || back > hist {
        return None;
    }
    // chased[k]: the pieces the move into the position k plies ago chased.
    let last = back.min(hist - 1);
    let mut chased = Vec::with_capacity(last + 1);
    let mut p = pos.clone();
    for _ in 0..=last {
        // A search's null move in the cycle: no chase to judge (and no
        // move to replay).
        let mv = p.last_move().filter(|m| !m.is_null())?;
        p.unmake();
        let before = blockers(&p, p.side().flip());
        p.make_unchecked(mv);
        chased.push(chased_by_last_move(&mut p, &ch, &before));
        p.unmake();
    }
    // A chased piece that moved is followed back to its origin.
    let follow = |set: &mut CellSet, k: usize| {
        if let Some(m) = pos.move_back(k) {
            if let Some(from) = m.from().filter(|_| set.contains(m.to())) {
                set.remove(m.to());
                set.insert(from);
            }
        }
    };
    let mut them = chased[0].clone();
    for k in (2..=last).step_by(2) {
        follow(&mut them, k - 1);
        them.intersect_with(&chased[k]);
    }
    let mut us = chased[1].clone();
    for k in (3..back).step_by(2) {
        follow(&mut us, k - 1);
        us.intersect_with(&chased[k]);
    }
    let verdict = match (!them.is_empty(), !us.is_empty()) {
        (false, false) => return None,
        (true, false) => Verdict::Win,
        (false, true) => Verdict::Loss,
        (true, true) => Verdict::Draw,
    };
    Some(verdict.outcome(pos, Reason::Chasing))
}

/// Plies the move rule is lengthened by: two for each check beyond ten
/// that the side giving more of them gave since the last capture (counted
/// once the game has lasted twenty plies).
pub(crate) fn move_rule_grace(pos: &Position) -> u32 {
    let hist = pos.history_len();
    if pos.variant().rules.chasing.is_none() || hist < GRACE_MIN_PLIES {
        return 0;
    }
    let end = (pos.halfmove() as usize).min(hist);
    // Positions 0..=last plies ago: the side to move's checks on even
    // distances, its opponent's on odd ones; always the last two.
    let last = match end {
        0..=2 => 1,
        e if e % 2 == 0 => e - 1,
        e => e,
    };
    let mut checks = [0u32; 2];
    let mut p = pos.clone();
    for k in 0..=last {
        if k > 0 {
            p.unmake();
        }
        checks[k % 2] += u32::from(p.in_check());
    }
    PLIES_PER_CHECK * checks[0].max(checks[1]).saturating_sub(FREE_CHECKS)
}

/// The pieces of the side to move that the last move of `p` chased;
/// `before`: the pieces that shielded that side's royal before the move.
fn chased_by_last_move(p: &mut Position, ch: &Chasing, before: &CellSet) -> CellSet {
    let v = p.variant().clone();
    let mut scan = Scan {
        v: &v,
        ch,
        victim: p.side(),
        pins: blockers(p, p.side()),
        found: v.geometry.empty_set(),
    };
    let Some(m) = p.last_move() else {
        return scan.found;
    };
    let shields = scan.pins.clone();
    if v.rules.facing.file {
        if let Some(c) = scan.facing_screen(p) {
            scan.pins.insert(c);
        }
    }
    let to = m.to();
    let moved = p.piece(to).kind();
    if p.piece(to).is_some() && !scan.royal(moved) && !ch.is(moved, &[Role::Soldier]) {
        let mut direct = scan.attacked(p, to, moved);
        if let (Some(from), true) = (m.from(), ch.is(moved, &[Role::Rook, Role::Cannon])) {
            direct.retain(|&t| !scan.on_line(from, to, t));
        }
        scan.add(p, to, moved, direct);
    }
    for s in scan.uncovering(p, m.from(), to) {
        let kind = p.piece(s).kind();
        let now = scan.attacked(p, s, kind);
        let old = with_old_occupancy(p, m, |p| scan.attacked(p, s, kind));
        let new: Vec<CellId> = now.into_iter().filter(|t| !old.contains(t)).collect();
        scan.add(p, s, kind, new);
    }
    let mut new_shields = shields;
    new_shields.subtract(before);
    scan.new_pins(p, &new_shields);
    scan.new_discoverers(p, &new_shields);
    scan.found
}

/// Runs `f` on `p` with the occupancy it had before its last move `m`
/// (the origin filled, the destination empty unless `m` captured).
fn with_old_occupancy<R>(
    p: &mut Position,
    m: crate::moves::Move,
    f: impl FnOnce(&mut Position) -> R,
) -> R {
    let to = m.to();
    let mover = p.piece(to);
    let lifted = (!m.is_capture()).then(|| p.lift(to));
    let from = m.from().filter(|&c| p.piece(c).is_empty());
    if let Some(c) = from {
        p.set_down(c, (mover, 0));
    }
    let r = f(p);
    if let Some(c) = from {
        p.lift(c);
    }
    if let Some(l) = lifted {
        p.set_down(to, l);
    }
    r
}

/// The pieces (of either side) that alone shield `king_side`'s royal from
/// an enemy piece: the only piece on a Rook's line or a Horse's leg, one
/// of the two screens of a Cannon (Fairy-Stockfish's blockers for the
/// King).
fn blockers(p: &Position, king_side: Color) -> CellSet {
    let v = p.variant();
    let mut out = v.geometry.empty_set();
    let Some(king) = p.royals(king_side).next() else {
        return out;
    };
    let by = king_side.flip();
    let occupied = |c: &CellId| p.piece(*c).is_some();
    for kind in 0..v.types() as PieceType {
        for &s in p.cells_of(by, kind) {
            let m = v.tables.at(by, kind, s);
            for c in m.conds {
                if c.to == king && c.flags & flag::CAPTURE != 0 && !c.occupied {
                    let path = &c.path[..usize::from(c.path_len)];
                    let occ: Vec<CellId> = path.iter().copied().filter(occupied).collect();
                    if occ.len() == 1 {
                        out.insert(occ[0]);
                    }
                }
            }
            for r in m.rays {
                let cells = v.tables.ray_cells(r);
                let Some(i) = cells.iter().position(|&c| c == king) else {
                    continue;
                };
                if v.tables.ray_stops(r)[i] & flag::CAPTURE == 0 {
                    continue;
                }
                let occ: Vec<CellId> = cells[..i].iter().copied().filter(occupied).collect();
                let shields = match r.kind {
                    RayKind::Slide => 1,
                    RayKind::Cannon => 2,
                    RayKind::FriendCannon | RayKind::Grasshopper => continue,
                };
                if occ.len() == shields {
                    for c in occ {
                        out.insert(c);
                    }
                }
            }
        }
    }
    out
}

/// The state of one move's scan.
struct Scan<'a> {
    v: &'a Variant,
    ch: &'a Chasing,
    /// The side whose pieces are chased (to move).
    victim: Color,
    /// Pieces pinned to the victim's royal (and its facing screen).
    pins: CellSet,
    /// The chased pieces found so far.
    found: CellSet,
}

impl Scan<'_> {
    fn royal(&self, kind: PieceType) -> bool {
        self.v.pieces[usize::from(kind)].royal
    }

    fn chaser(&self) -> Color {
        self.victim.flip()
    }

    fn victims(&self, p: &Position) -> Vec<CellId> {
        (0..self.v.types() as PieceType)
            .flat_map(|k| p.cells_of(self.victim, k).iter().copied())
            .collect()
    }

    /// The victim's pieces that a piece of `kind` of the chaser on `s`
    /// attacks.
    fn attacked(&self, p: &Position, s: CellId, kind: PieceType) -> Vec<CellId> {
        let by = self.chaser();
        self.victims(p)
            .into_iter()
            .filter(|&t| p.attacks_from(by, kind, s, t, false, false))
            .collect()
    }

    /// True when `t` is on the file or the rank through `a` and `b`.
    fn on_line(&self, a: CellId, b: CellId, t: CellId) -> bool {
        let g = &self.v.geometry;
        let (a, b, t) = (g.coord(a), g.coord(b), g.coord(t));
        (a.x == b.x && t.x == a.x) || (a.y == b.y && t.y == a.y)
    }

    /// A royal and pieces that never count as chased: a Soldier that
    /// cannot yet step sideways.
    fn exempt(&self, p: &Position, t: CellId) -> bool {
        let pc = p.piece(t);
        self.royal(pc.kind())
            || (self.ch.is(pc.kind(), &[Role::Soldier]) && !self.steps_aside(pc, t))
    }

    /// True when a piece on `c` has a move off its file (a Soldier across
    /// the river).
    fn steps_aside(&self, pc: Piece, c: CellId) -> bool {
        let g = &self.v.geometry;
        let x = g.coord(c).x;
        let m = self.v.tables.at(pc.color(), pc.kind(), c);
        m.leaps.iter().any(|l| g.coord(l.to).x != x)
    }

    /// The victim's only piece between the royals on the chaser royal's
    /// file, when the victim's royal is on it too (the flying general).
    fn facing_screen(&self, p: &Position) -> Option<CellId> {
        let g = &self.v.geometry;
        let king = p.royals(self.chaser()).next()?;
        let x = g.coord(king).x;
        let on_file: Vec<CellId> = self
            .victims(p)
            .into_iter()
            .filter(|&c| g.coord(c).x == x)
            .collect();
        let royal = on_file.iter().any(|&c| self.royal(p.piece(c).kind()));
        let others: Vec<CellId> = on_file
            .into_iter()
            .filter(|&c| !self.royal(p.piece(c).kind()))
            .collect();
        (royal && others.len() == 1).then(|| others[0])
    }

    /// The chaser's pieces whose attacks the move from `from` to `to` may
    /// have uncovered: Horses beside the origin, Elephants diagonally next
    /// to it, Rooks and Cannons on its lines, Cannons on the destination's.
    fn uncovering(&self, p: &Position, from: Option<CellId>, to: CellId) -> Vec<CellId> {
        let g = &self.v.geometry;
        let by = self.chaser();
        let mut out = Vec::new();
        for kind in 0..self.v.types() as PieceType {
            let Some(role) = self.ch.role(kind) else {
                continue;
            };
            for &s in p.cells_of(by, kind) {
                let c = g.coord(s);
                let lined = |o: CellId| {
                    let o = g.coord(o);
                    o != c && (o.x == c.x || o.y == c.y)
                };
                let near = match (role, from) {
                    (Role::Horse | Role::Elephant, Some(f)) => {
                        let f = g.coord(f);
                        let (dx, dy) = ((f.x - c.x).abs(), (f.y - c.y).abs());
                        if role == Role::Horse {
                            dx + dy == 1
                        } else {
                            dx == 1 && dy == 1
                        }
                    }
                    (Role::Rook | Role::Cannon, Some(f)) => lined(f),
                    _ => false,
                };
                if near || (role == Role::Cannon && lined(to)) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// Records the pieces in `attacks`, attacked by the chaser's piece of
    /// `kind` on `s`, that the attack chases.
    fn add(&mut self, p: &mut Position, s: CellId, kind: PieceType, mut attacks: Vec<CellId>) {
        if attacks.iter().all(|&t| self.found.contains(t)) {
            return;
        }
        attacks.retain(|&t| !self.exempt(p, t));
        let stronger: &[Role] = match self.ch.role(kind) {
            Some(Role::Horse | Role::Cannon) => &[Role::Rook],
            Some(Role::Elephant | Role::Advisor) => &[Role::Rook, Role::Cannon, Role::Horse],
            _ => &[],
        };
        for &t in &attacks {
            if self.ch.is(p.piece(t).kind(), stronger) {
                self.found.insert(t);
            }
        }
        // A piece of the same type that attacks back is not chased.
        if self.ch.is(kind, &[Role::Horse]) && self.diagonal_neighbour(p, s) {
            attacks.retain(|&t| {
                p.piece(t).kind() != kind || !p.attacks_from(self.victim, kind, t, s, false, false)
            });
        } else {
            attacks.retain(|&t| p.piece(t).kind() != kind || self.pins.contains(t));
        }
        for t in attacks {
            if self.unprotected(p, s, t) {
                self.found.insert(t);
            }
        }
    }

    /// True when a piece stands diagonally next to `s` (it may block a
    /// Horse's way back).
    fn diagonal_neighbour(&self, p: &Position, s: CellId) -> bool {
        let g = &self.v.geometry;
        let c = g.coord(s);
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .any(|&(dx, dy)| {
                g.cell_at(i32::from(c.x + dx), i32::from(c.y + dy), i32::from(c.z))
                    .is_some_and(|n| p.piece(n).is_some())
            })
    }

    /// True when the victim's piece on `t`, attacked from `s`, has no
    /// defender once the attacker is lifted: none that is not pinned, or
    /// only its royal where taking back would face the other royal.
    fn unprotected(&self, p: &mut Position, s: CellId, t: CellId) -> bool {
        let lifted = p.lift(s);
        let mut roots = Vec::new();
        p.attackers(t, self.victim, &mut roots);
        roots.retain(|(c, _)| !self.pins.contains(*c));
        let royals: Vec<CellId> = p.royals(self.victim).collect();
        let free = roots.is_empty()
            || (self.v.rules.facing.file
                && roots.iter().all(|(c, _)| royals.contains(c))
                && royals.iter().all(|c| roots.iter().any(|r| r.0 == *c))
                && self.royal_line_reaches(p, t));
        p.set_down(s, lifted);
        free
    }

    /// True when `t` is the first piece on a file or rank from the
    /// chaser's royal.
    fn royal_line_reaches(&self, p: &Position, t: CellId) -> bool {
        let g = &self.v.geometry;
        let Some(king) = p.royals(self.chaser()).next() else {
            return false;
        };
        let k = g.coord(king);
        let (x, y, z) = (i32::from(k.x), i32::from(k.y), i32::from(k.z));
        [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|&(dx, dy)| {
            let mut n = 1;
            while let Some(c) = g.cell_at(x + n * dx, y + n * dy, z) {
                if p.piece(c).is_some() {
                    return c == t;
                }
                n += 1;
            }
            false
        })
    }

    /// Fake roots: a victim's piece newly pinned to its royal no longer
    /// protects; the pieces it defended that the chaser attacks (with a
    /// piece free to take) are chased.
    fn new_pins(&mut self, p: &Position, new_shields: &CellSet) {
        let mut their_shields = None;
        for s in new_shields.iter() {
            let pc = p.piece(s);
            if pc.is_empty() || pc.color() != self.victim {
                continue;
            }
            for t in self.victims(p) {
                if t == s
                    || self.exempt(p, t)
                    || !p.attacks_from(self.victim, pc.kind(), s, t, false, false)
                {
                    continue;
                }
                let shields = their_shields.get_or_insert_with(|| blockers(p, self.chaser()));
                let mut attackers = Vec::new();
                p.attackers(t, self.chaser(), &mut attackers);
                if attackers.iter().any(|(c, _)| !shields.contains(*c)) {
                    self.found.insert(t);
                }
            }
        }
    }

    /// Discovered checks in waiting: a chaser's piece that newly shields
    /// the victim's royal chases what it attacks, unless the royal could
    /// take it back safely.
    fn new_discoverers(&mut self, p: &mut Position, new_shields: &CellSet) {
        let Some(king) = p.royals(self.victim).next() else {
            return;
        };
        let king_kind = p.piece(king).kind();
        for s in new_shields.iter() {
            let pc = p.piece(s);
            if pc.is_empty() || pc.color() != self.chaser() {
                continue;
            }
            for t in self.attacked(p, s, pc.kind()) {
                if !p.attacks_from(self.victim, king_kind, king, t, false, false) {
                    self.found.insert(t);
                    continue;
                }
                let lifted = (p.lift(s), p.lift(king));
                let mut attackers = Vec::new();
                p.attackers(t, self.chaser(), &mut attackers);
                p.set_down(king, lifted.1);
                p.set_down(s, lifted.0);
                if !attackers.is_empty() {
                    self.found.insert(t);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::piece::Color;
    use crate::test_support::play_uci;
    use crate::{Outcome, Position, Reason, Registry};

    /// The outcome after `cycle` is played `times` times from `fen`, with
    /// no outcome before.
    fn after(variant: &str, fen: &str, cycle: &str, times: usize) -> Option<Outcome> {
        let v = Registry::builtin().get(variant).expect("variant");
        let mut pos = Position::from_fen(&v, fen).expect("fen");
        for _ in 0..times {
            for m in cycle.split_whitespace() {
                assert_eq!(pos.outcome(), None, "before {m}");
                play_uci(&mut pos, m);
            }
        }
        pos.outcome()
    }

    fn result(o: Option<Outcome>) -> (Option<Color>, Reason) {
        let o = o.expect("the game is over");
        (o.winner, o.reason)
    }

    // Black's Chariot on b7, Red's Horse on c5, the Generals apart.
    const ROOK_AND_HORSE: &str = "5k3/9/9/1r7/9/2N6/9/9/9/3K5 b - - 0 1";

    #[test]
    fn a_horse_that_chases_a_chariot_through_the_repetition_loses() {
        // The Chariot flees along the b-file and the Horse attacks it again
        // with each move: pyffish scores the third occurrence as a win for
        // Black (to move).
        let o = after("xiangqi", ROOK_AND_HORSE, "b7b2 c5d3 b2b7 d3c5", 2);
        assert_eq!(result(o), (Some(Color::Black), Reason::Chasing));
    }

    #[test]
    fn a_chariot_that_chases_an_unprotected_horse_loses() {
        // The Chariot attacks the lone Horse on c5 and then on b3 (pyffish:
        // a loss for Black, to move).
        let o = after("xiangqi", ROOK_AND_HORSE, "b7b5 c5b3 b5b7 b3c5", 2);
        assert_eq!(result(o), (Some(Color::White), Reason::Chasing));
    }

    #[test]
    fn attacking_a_protected_piece_is_no_chase() {
        // Red's Chariot on c3 protects the Horse on c5 and on b3: a draw
        // (pyffish: 0).
        let fen = "5k3/9/9/1r7/9/2N6/9/2R6/9/3K5 b - - 0 1";
        let o = after("xiangqi", fen, "b7b5 c5b3 b5b7 b3c5", 2);
        assert_eq!(result(o), (None, Reason::Repetition));
    }

    #[test]
    fn a_quiet_repetition_is_a_draw() {
        let fen = "5k3/9/9/1r7/9/2N6/9/9/9/3K5 w - - 0 1";
        let o = after("xiangqi", fen, "d1e1 f10f9 e1d1 f9f10", 2);
        assert_eq!(result(o), (None, Reason::Repetition));
    }

    #[test]
    fn xiangqi_cousins_have_no_chasing_rule() {
        // Manchu chess plays the same chase to a draw (Fairy-Stockfish's
        // Xiangqi base has no chasing rule).
        let fen = "5k3/9/9/1r7/9/2N6/9/9/9/3K5 b - - 0 1";
        let o = after("manchu", fen, "b7b2 c5d3 b2b7 d3c5", 2);
        assert_eq!(result(o), (None, Reason::Repetition));
    }
}
