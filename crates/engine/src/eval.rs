//! Generic evaluation, derived from each variant's compiled move tables.
//!
//! * Piece values come from mobility on an empty board (leaps count fully,
//!   ride cells less the farther they are, leg programs by their reach), with
//!   discounts for forward-only and colour-bound pieces; royal pieces have no
//!   material value. A variant's `[ai] values` override them.
//! * Piece-square terms: a piece is worth more where it has more moves
//!   (centralisation and mobility from the geometry), and pieces that promote
//!   gain value as they approach their zone.
//! * King safety for royal pieces, hand pieces valued for drops, and the
//!   Nichtschach coverage margin.
//! * Dynamic mobility: the cells each piece reaches in the position
//!   ([`crate::eval_mobility`]); the same walk fills an attack map, read by
//!   king safety by attack counts ([`crate::eval_king_attack`]) and the
//!   threats to pieces ([`crate::eval_threats`]).
//! * Pawn structure and passed pawns, read after that walk (they need both
//!   sides' attacks): [`crate::eval_pawns`].

use menagerie_geometry::{CellId, CellSet};
use menagerie_rules::movegen::legs::Run;
use menagerie_rules::movegen::tables::flag;
use menagerie_rules::variant::Coverage;
use menagerie_rules::{Color, Piece, PieceType, Position, Variant};

use crate::eval_attacks::{check_tag, AttackMap, NO_TAG};
use crate::eval_king_attack::KingZones;
use crate::eval_mobility::{GuardSet, Mobility, MOB_FRAC};
use crate::eval_pawns::{promotion_gain, PawnContext, PawnTables};
use crate::eval_threats;
use crate::eval_weights::{term, EvalWeights, SCALE_ONE};

/// Evaluation data of one variant.
#[derive(Debug, Clone)]
pub struct EvalTables {
    /// Material value per type (centipawns).
    pub value: Vec<i32>,
    /// Value of a piece of each type held in hand.
    pub hand_value: Vec<i32>,
    /// Positional value per (colour, type, cell), middlegame and endgame.
    pst_mg: Vec<i32>,
    pst_eg: Vec<i32>,
    royal: Vec<bool>,
    /// Types that move like pawns (promote, forward only, cheapest).
    pawnlike: Vec<bool>,
    /// Types confined to part of the board (pairs are worth more).
    colour_bound: Vec<bool>,
    /// Weight of each type in the game phase.
    phase_weight: Vec<i32>,
    start_material: i32,
    /// Coordinates of each cell.
    xyz: Vec<(i16, i16, i16)>,
    /// Twice the board centre's coordinates.
    centre2: (i16, i16, i16),
    /// Value of the cheapest non-royal type.
    min_value: i32,
    cells: usize,
    types: usize,
    /// Pawn structure and passed pawns.
    pawns: PawnTables,
    material_only: bool,
    /// Dynamic mobility weights.
    mobility: Mobility,
    /// Zones of the royal types (king attack).
    zones: KingZones,
    /// Value rank of each type ([`eval_threats::ranks`]).
    rank: Vec<u8>,
    /// Scale of each positional term ([`EvalWeights::scale`]).
    scale: [i32; term::COUNT],
}

/// Empty-board mobility of a piece on a cell (weighted move count).
fn mobility(v: &Variant, c: Color, k: PieceType, s: CellId, empty: &[Piece]) -> f64 {
    let m = v.tables.at(c, k, s);
    let mut x = 0.0;
    for l in m.leaps {
        if l.flags & flag::INITIAL == 0 {
            x += if l.flags & flag::QUIET != 0 {
                1.25
            } else {
                0.7
            };
        }
    }
    x += 1.05 * m.conds.len() as f64;
    for r in m.rays {
        let stops = v.tables.ray_stops(r);
        let mut w = 1.0;
        for &st in stops {
            if st != 0 {
                x += w * if st & flag::QUIET != 0 { 1.0 } else { 0.6 };
            }
            w *= 0.86;
        }
    }
    if !m.progs.is_empty() {
        let mut reach = CellSet::with_capacity(v.geometry.len());
        let run = Run {
            g: &v.geometry,
            board: empty,
            color: c,
            from: s,
            target: None,
            empty_board: true,
        };
        for &pi in m.progs {
            let prog = v.tables.program(pi);
            if prog.flags & flag::INITIAL != 0 {
                continue;
            }
            run.run(prog, &mut |l| {
                reach.insert(l.to);
                false
            });
        }
        x += 0.75 * reach.len() as f64;
    }
    x
}

/// Cells reachable by repeated moves from `s` on an empty board.
fn component(v: &Variant, c: Color, k: PieceType, s: CellId) -> usize {
    let mut seen = CellSet::with_capacity(v.geometry.len());
    let mut stack = vec![s];
    seen.insert(s);
    while let Some(x) = stack.pop() {
        let m = v.tables.at(c, k, x);
        let mut next: Vec<CellId> = m.leaps.iter().map(|l| l.to).collect();
        next.extend(m.conds.iter().map(|c| c.to));
        for r in m.rays {
            next.extend(
                v.tables
                    .ray_cells(r)
                    .iter()
                    .zip(v.tables.ray_stops(r))
                    .filter(|(_, &st)| st != 0)
                    .map(|(&c, _)| c),
            );
        }
        for n in next {
            if !seen.contains(n) {
                seen.insert(n);
                stack.push(n);
            }
        }
    }
    seen.len()
}

fn forward_only(v: &Variant, k: PieceType) -> bool {
    let g = &v.geometry;
    let mut any = false;
    for s in g.cells() {
        let m = v.tables.at(Color::White, k, s);
        let from = g.coord(s);
        let mut dests: Vec<CellId> = m.leaps.iter().map(|l| l.to).collect();
        dests.extend(m.conds.iter().map(|c| c.to));
        for r in m.rays {
            dests.extend(v.tables.ray_cells(r).iter().copied());
        }
        for d in dests {
            any = true;
            if g.coord(d).y < from.y {
                return false;
            }
        }
        if !m.progs.is_empty() {
            return false;
        }
    }
    any
}

/// Phase scale: 256 = opening material, 0 = bare.
pub const PHASE_MAX: i32 = 256;

/// Mop-up applies with a material lead of this many of the variant's
/// smallest piece values.
const MOPUP_MIN_LEAD: i32 = 3;
/// Mop-up, per unit of the lone royal's distance from the centre (a unit
/// is half a cell along each axis): the pull towards the edge. The
/// gradient has to outweigh the search's noise at a few thousand nodes, or
/// a Rook up is shuffled for fifty moves (measured: at 1500 nodes a move,
/// 5 here and 6 below drew three of five King-and-Rook and two-Bishop
/// endings from set positions; 10 and 20 mated in every Rook ending).
const MOPUP_EDGE: i32 = 10;
/// Mop-up, per cell the own royal stands closer to the lone one (counted
/// from [`MOPUP_NEAR_CELLS`] away). Measured on 400 random chess King and
/// Queen or Rook against King positions, 1500 nodes a move, both sides
/// played by the engine: 20 mated in 396 (main at stop 38) and in 389 once
/// the history tables outlived a search (`search::Learned`); 40 mated in
/// 395 and 398. The King has to come: the Rook alone cannot mate.
const MOPUP_CLOSE: i32 = 40;
/// Royals this far apart (Chebyshev) or farther get no closeness bonus.
const MOPUP_NEAR_CELLS: i32 = 8;

/// A derived piece value: this many centipawns per cell of average
/// mobility on an empty board (over all cells, leaps counting fully and
/// far ride cells less), plus [`VALUE_BASE`]. Set by hand; a variant's
/// tuned set or `[ai] values` replace the derived values where they exist.
const VALUE_PER_MOVE: f64 = 45.0;
/// The part of a derived piece value every piece has, however few moves.
const VALUE_BASE: f64 = 40.0;
/// A piece that only moves forward can use its moves once per cell: its
/// derived value is cut to this share.
const FORWARD_ONLY_SHARE: f64 = 0.75;
/// A piece that reaches less than three quarters of the board from its best
/// cell (colour-bound, or confined) is cut to this share of its value.
const CONFINED_SHARE: f64 = 0.9;
/// The Joker's value when the variant has no other non-royal piece.
const LONE_IMITATOR_VALUE: i32 = 300;
/// The smallest piece value when every piece is royal (mop-up's unit).
const ALL_ROYAL_MIN_VALUE: i32 = 100;
/// King pressure: per non-pawn piece within two cells (Chebyshev) of an
/// enemy royal, middlegame.
const KING_PRESSURE_NEAR: i32 = 14;
/// Shelter: per pawn-like piece next to its own royal, middlegame.
const SHELTER_PAWN: i32 = 12;
/// Shelter: per other piece next to its own royal, middlegame.
const SHELTER_PIECE: i32 = 5;
/// Coverage (Nichtschach): the charge for a direction exactly at the
/// minimum, one above it and two above it.
const COVERAGE_MARGIN_CHARGE: [i32; 3] = [90, 30, 10];

impl EvalTables {
    /// Derives the tables of a variant.
    #[must_use]
    pub fn new(v: &Variant) -> EvalTables {
        let g = &v.geometry;
        let n = g.len();
        let types = v.types();
        let empty = vec![Piece::EMPTY; n];
        let mut mob = vec![0.0f64; 2 * types * n];
        let mut value = vec![0i32; types];
        let mut colour_bound = vec![false; types];
        let mut fwd_only = vec![false; types];
        for k in 0..types {
            let kt = k as PieceType;
            for c in Color::BOTH {
                for s in g.cells() {
                    mob[(c.idx() * types + k) * n + s.idx()] = mobility(v, c, kt, s, &empty);
                }
            }
            let avg: f64 = (0..n).map(|i| mob[k * n + i]).sum::<f64>() / n as f64;
            let mut val = VALUE_PER_MOVE * avg + VALUE_BASE;
            fwd_only[k] = forward_only(v, kt);
            if fwd_only[k] {
                val *= FORWARD_ONLY_SHARE;
            }
            let centre = g
                .cells()
                .max_by(|&a, &b| mob[k * n + a.idx()].total_cmp(&mob[k * n + b.idx()]));
            if let Some(cs) = centre {
                let comp = component(v, Color::White, kt, cs);
                if comp * 4 < n * 3 {
                    val *= CONFINED_SHARE;
                    colour_bound[k] = comp * 3 > n;
                }
            }
            value[k] = val.round() as i32;
        }
        // The Joker is worth about the average non-royal piece.
        let nonroyal: Vec<i32> = (0..types)
            .filter(|&k| !v.pieces[k].royal && !v.pieces[k].imitator)
            .map(|k| value[k])
            .collect();
        let avg_piece = if nonroyal.is_empty() {
            LONE_IMITATOR_VALUE
        } else {
            nonroyal.iter().sum::<i32>() / nonroyal.len() as i32
        };
        for k in 0..types {
            if v.pieces[k].imitator {
                value[k] = avg_piece;
            }
            if v.pieces[k].royal {
                value[k] = 0;
            }
            if let Some(o) = v.ai_values[k] {
                value[k] = o;
            }
        }
        let min_value = (0..types)
            .filter(|&k| !v.pieces[k].royal)
            .map(|k| value[k])
            .min()
            .unwrap_or(ALL_ROYAL_MIN_VALUE)
            .max(1);
        // Pawn-like: promotes, only moves forward and is among the cheapest.
        let pawnlike: Vec<bool> = (0..types)
            .map(|k| {
                v.pieces[k].promotion.is_some()
                    && fwd_only[k]
                    && !v.pieces[k].royal
                    && value[k] * 2 <= min_value * 3
            })
            .collect();
        let hand_value: Vec<i32> = (0..types).map(|k| value[k] + value[k] / 8).collect();
        let cx = (g.files() as f64 - 1.0) / 2.0;
        let mut pst_mg = vec![0i32; 2 * types * n];
        let mut pst_eg = vec![0i32; 2 * types * n];
        let mut passed = vec![0i32; 2 * types * n];
        for c in Color::BOTH {
            for k in 0..types {
                let def = &v.pieces[k];
                let base = (c.idx() * types + k) * n;
                let avg: f64 = (0..n).map(|i| mob[base + i]).sum::<f64>() / n as f64;
                let promo_gain = promotion_gain(v, &value, k, min_value);
                let start_y = if c == Color::White {
                    1
                } else {
                    g.ranks() as i32 - 2
                };
                for s in g.cells() {
                    let centrality = ((mob[base + s.idx()] - avg) * 4.0) as i32;
                    let (mut mg, mut eg) = if def.royal {
                        // Shelter early, centre late.
                        (-centrality / 2, centrality)
                    } else {
                        (centrality, centrality / 2)
                    };
                    let at = g.coord(s);
                    if let Some(pr) = &def.promotion {
                        let zone = &pr.zone[c.idx()];
                        if promo_gain > 0 && !zone.is_empty() {
                            let y = i32::from(at.y);
                            let dist = zone
                                .iter()
                                .map(|z| (i32::from(g.coord(z).y) - y).abs())
                                .min()
                                .unwrap_or(0);
                            let span = g.ranks() as i32;
                            let progress = (span - dist).max(0) as f64 / span as f64;
                            let gain = f64::from(promo_gain);
                            eg += (gain * 0.22 * progress.powi(3)) as i32;
                            mg += (gain * 0.03 * progress.powi(3)) as i32;
                            if pawnlike[k] {
                                passed[base + s.idx()] = (gain * 0.3 * progress.powi(2)) as i32;
                                // Central pawns step forward in the opening.
                                let steps = (i32::from(at.y) - start_y).abs().min(2);
                                let central =
                                    1.0 - ((f64::from(at.x) - cx).abs() / cx.max(1.0)).min(1.0);
                                mg += (f64::from(steps) * 8.0 * central * central) as i32;
                            }
                        }
                    }
                    pst_mg[base + s.idx()] = mg;
                    pst_eg[base + s.idx()] = eg;
                }
            }
        }
        let counted: Vec<bool> = (0..types)
            .map(|k| !v.pieces[k].royal && !v.pieces[k].imitator && !pawnlike[k])
            .collect();
        let attacking: Vec<bool> = (0..types)
            .map(|k| !v.pieces[k].imitator && !pawnlike[k])
            .collect();
        let pawns = PawnTables::new(v, &pawnlike, passed, &value, min_value);
        let mut t = EvalTables {
            value,
            hand_value,
            pst_mg,
            pst_eg,
            royal: v.pieces.iter().map(|p| p.royal).collect(),
            pawnlike: pawnlike.clone(),
            colour_bound,
            phase_weight: vec![0; types],
            start_material: 1,
            centre2: (
                g.files() as i16 - 1,
                g.ranks() as i16 - 1,
                g.levels().max(1) as i16 - 1,
            ),
            min_value,
            xyz: g
                .cells()
                .map(|c| {
                    let a = g.coord(c);
                    (a.x as i16, a.y as i16, a.z as i16)
                })
                .collect(),
            cells: n,
            types,
            material_only: false,
            mobility: Mobility::new(v, &counted, &pawnlike, &attacking),
            pawns,
            zones: KingZones::new(v, &v.pieces.iter().map(|p| p.royal).collect::<Vec<_>>()),
            rank: Vec::new(),
            scale: [SCALE_ONE; term::COUNT],
        };
        t.rank = eval_threats::ranks(&t.value, &t.royal);
        for k in 0..types {
            if !t.royal[k] && !t.pawnlike[k] {
                t.phase_weight[k] = t.value[k].max(0);
            }
        }
        if let Ok(p) = Position::from_fen(&std::sync::Arc::new(v.clone()), &v.start_fen) {
            t.start_material = t.phase_material(&p).max(1);
        }
        t
    }

    /// The game phase of `pos`: [`PHASE_MAX`] with the start position's
    /// non-pawn material (board and hand, both sides), 0 with none.
    #[must_use]
    pub fn phase(&self, pos: &Position) -> i32 {
        (self.phase_material(pos) * PHASE_MAX / self.start_material).clamp(0, PHASE_MAX)
    }

    /// Non-pawn material on the board and in hand (both sides).
    fn phase_material(&self, pos: &Position) -> i32 {
        let mut m = 0;
        for c in Color::BOTH {
            let mut bits = pos.present(c);
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                m += self.phase_weight[k] * pos.count(c, k as PieceType) as i32;
            }
            if pos.variant().rules.drops {
                for k in 0..self.types {
                    m += self.phase_weight[k] * i32::from(pos.hand(c, k as PieceType));
                }
            }
        }
        m
    }

    /// The same values without positional terms (a weak reference player).
    #[must_use]
    pub fn material_only(mut self) -> EvalTables {
        self.material_only = true;
        self
    }

    /// The weights this evaluation uses.
    #[must_use]
    pub fn weights(&self) -> EvalWeights {
        EvalWeights {
            value: self.value.clone(),
            hand_value: self.hand_value.clone(),
            scale: self.scale,
        }
    }

    /// The same tables with other weights (e.g. a tuned set). The game
    /// phase, the pawn-like and colour-bound types and the piece-square
    /// shapes stay as derived.
    ///
    /// # Panics
    /// Weights for another number of piece types.
    #[must_use]
    pub fn with_weights(mut self, w: EvalWeights) -> EvalTables {
        assert_eq!(w.value.len(), self.types, "weights of another variant");
        assert_eq!(w.hand_value.len(), self.types, "weights of another variant");
        self.value = w.value;
        self.hand_value = w.hand_value;
        self.scale = w.scale;
        self.rank = eval_threats::ranks(&self.value, &self.royal);
        self
    }

    /// Static evaluation from the side to move's view (centipawns).
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        if self.material_only {
            return self.material_score(pos);
        }
        let t = self.terms(pos);
        self.combine(&t, pos)
    }

    fn material_score(&self, pos: &Position) -> i32 {
        let v = pos.variant();
        let mut score = [0i32; 2];
        for c in Color::BOTH {
            let ci = c.idx();
            let mut bits = pos.present(c);
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                score[ci] += self.value[k] * pos.count(c, k as PieceType) as i32;
            }
            if v.rules.drops {
                for k in 0..self.types {
                    score[ci] += i32::from(pos.hand(c, k as PieceType)) * self.hand_value[k];
                }
            }
        }
        let us = pos.side().idx();
        score[us] - score[1 - us]
    }

    /// The positional terms of a position, unscaled, per colour (what
    /// [`Self::combine`] weighs; `menagerie lab tune` reads them as
    /// features).
    #[must_use]
    pub fn terms(&self, pos: &Position) -> EvalTerms {
        let v = pos.variant();
        let mut t = EvalTerms {
            phase: self.phase(pos),
            mat: [0; 2],
            mg: [[0; 2]; term::COUNT],
            eg: [[0; 2]; term::COUNT],
            lone: [None; 2],
        };
        let xyz = &self.xyz;
        // Royal cells of each side (pieces beyond the buffer's size are not
        // looked at by the king terms).
        let mut kings = [[(0i16, 0i16, 0i16); 4]; 2];
        let mut nk = [0usize; 2];
        for c in Color::BOTH {
            let ci = c.idx();
            let mut bits = pos.present(c);
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.royal[k] {
                    for &s in pos.cells_of(c, k as PieceType) {
                        if nk[ci] < kings[ci].len() {
                            kings[ci][nk[ci]] = xyz[s.idx()];
                            nk[ci] += 1;
                        }
                    }
                }
            }
        }
        let cheb = |a: (i16, i16, i16), b: (i16, i16, i16)| {
            (a.0 - b.0)
                .abs()
                .max((a.1 - b.1).abs())
                .max((a.2 - b.2).abs())
        };
        let (mg, eg) = (&mut t.mg, &mut t.eg);
        let mut map = AttackMap::new(self.cells);
        let royal_at = self.zones.mark(pos, &mut map);
        // Per side, the cells its pawn-like pieces attack (the pawn terms).
        let mut pawn_guards: [Option<GuardSet>; 2] = [None, None];
        for c in Color::BOTH {
            let ci = c.idx();
            let mut mobility = (0, 0);
            let unsafe_cells = self.mobility.guards(pos, c.flip(), &mut map, &self.rank);
            let their_kings = &kings[1 - ci][..nk[1 - ci]];
            let own_kings = &kings[ci][..nk[ci]];
            let mut bits = pos.present(c);
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let base = (ci * self.types + k) * self.cells;
                let cells = pos.cells_of(c, k as PieceType);
                t.mat[ci] += self.value[k] * cells.len() as i32;
                if self.colour_bound[k] && cells.len() >= 2 {
                    mg[term::PAIR][ci] += 25;
                    eg[term::PAIR][ci] += 45;
                }
                let pawnlike = self.pawnlike[k];
                // Cells from which this type would attack the single enemy
                // royal: the walk notes the checks it has.
                let tag = match royal_at[1 - ci] {
                    Some((_, royal)) if !pawnlike && !self.royal[k] => {
                        let tag = check_tag(c, k as PieceType);
                        self.mobility
                            .mark_checks(pos, c, k as PieceType, royal, &mut map, tag);
                        tag
                    }
                    _ => NO_TAG,
                };
                let (m, e) = self.mobility.score(
                    pos,
                    c,
                    k as PieceType,
                    cells,
                    &unsafe_cells,
                    &mut map,
                    self.royal[k],
                    self.rank[k],
                    tag,
                );
                mobility.0 += m;
                mobility.1 += e;
                for &s in cells {
                    mg[term::PST_MG][ci] += self.pst_mg[base + s.idx()];
                    eg[term::PST_EG][ci] += self.pst_eg[base + s.idx()];
                    if self.royal[k] {
                        continue;
                    }
                    let a = xyz[s.idx()];
                    // King pressure: pieces near the enemy royal; shelter.
                    if !pawnlike {
                        for &kc in their_kings {
                            if cheb(a, kc) <= 2 {
                                mg[term::KING_PRESSURE][ci] += KING_PRESSURE_NEAR;
                            }
                        }
                    }
                    for &kc in own_kings {
                        if cheb(a, kc) == 1 {
                            mg[term::SHELTER][ci] += if pawnlike {
                                SHELTER_PAWN
                            } else {
                                SHELTER_PIECE
                            };
                        }
                    }
                }
            }
            if v.rules.drops {
                for k in 0..self.types {
                    let h = i32::from(pos.hand(c, k as PieceType));
                    t.mat[ci] += h * self.hand_value[k];
                }
            }
            mg[term::MOBILITY][ci] = mobility.0 / MOB_FRAC;
            eg[term::MOBILITY][ci] = mobility.1 / MOB_FRAC;
            // The coverage penalty counts as material (it gates mop-up).
            mg[term::COVERAGE][ci] -= coverage_penalty(pos, c);
            pawn_guards[1 - ci] = Some(unsafe_cells);
        }
        if let [Some(white), Some(black)] = &pawn_guards {
            let cx = PawnContext {
                xyz,
                kings: [&kings[0][..nk[0]], &kings[1][..nk[1]]],
                map: &map,
                guards: [white, black],
            };
            self.pawns.score(pos, &cx, mg, eg);
        }
        (mg[term::KING_ATTACK], eg[term::KING_ATTACK]) = self.zones.score(pos, &map, &royal_at);
        (mg[term::THREATS], eg[term::THREATS]) =
            eval_threats::score(pos, &map, &self.value, &self.rank, &self.royal);
        // Mop-up geometry: the lone enemy royal's distance from the centre,
        // and how close the own royal stands.
        for ci in 0..2 {
            if nk[1 - ci] == 1 {
                let k = kings[1 - ci][0];
                let edge = (2 * k.0 - self.centre2.0).abs()
                    + (2 * k.1 - self.centre2.1).abs()
                    + (2 * k.2 - self.centre2.2).abs();
                let close = if nk[ci] == 1 {
                    MOPUP_NEAR_CELLS - i32::from(cheb(kings[ci][0], k)).min(MOPUP_NEAR_CELLS)
                } else {
                    0
                };
                t.lone[ci] = Some((i32::from(edge), close));
            }
        }
        // Against a side with nothing but royal pieces, mating is mop-up's
        // geometry: a free-roaming Rook's mobility would pull against the
        // net that confines the King (and one side has none to weigh), and
        // the lone King's threat to an undefended Rook would hold it back
        // (measured: King and Rook against King drawn by the move rule in
        // tests/conversion.rs with threats on).
        if Color::BOTH.iter().any(|&c| self.bare(pos, c)) {
            for i in [term::MOBILITY, term::THREATS] {
                t.mg[i] = [0; 2];
                t.eg[i] = [0; 2];
            }
        }
        t
    }

    /// True when `c` has nothing but royal pieces, on the board or in hand.
    fn bare(&self, pos: &Position, c: Color) -> bool {
        let mut bits = pos.present(c);
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !self.royal[k] {
                return false;
            }
        }
        !pos.variant().rules.drops || (0..self.types).all(|k| pos.hand(c, k as PieceType) == 0)
    }

    /// The evaluation of a position's terms with these weights, from the
    /// side to move's view: material (coverage included) plus the tapered
    /// positional terms plus tempo, faded as the move-rule counter runs.
    /// Also fills in the mop-up term (it applies with a material lead).
    #[must_use]
    pub fn combine(&self, t: &EvalTerms, pos: &Position) -> i32 {
        self.combine_with(t, pos, |_, _, _| {}).score
    }

    /// [`combine`](Self::combine) with its working shown: `row(i, mg, eg)`
    /// is called for each tapered term `i` with its scaled middlegame and
    /// endgame difference (side to move minus opponent) as they enter the
    /// sum, and the sums come back in a [`Combination`]. The one place the
    /// terms are combined: the search's evaluation and the `eval` table
    /// ([`crate::eval_trace`]) both go through it, so they cannot differ.
    pub fn combine_with(
        &self,
        t: &EvalTerms,
        pos: &Position,
        mut row: impl FnMut(usize, i32, i32),
    ) -> Combination {
        let mat: [i32; 2] = std::array::from_fn(|ci| {
            t.mat[ci] + self.scaled(term::COVERAGE, t.mg[term::COVERAGE][ci])
        });
        let mopup = self.mopup(t, &mat);
        let us = pos.side().idx();
        let them = 1 - us;
        let (mut mg, mut eg) = (0i32, 0i32);
        for i in (0..term::COUNT).filter(|&i| term::tapered(i)) {
            let (m, e) = Self::raw_parts(t, &mopup, i);
            let (m, e) = (
                self.scaled(i, m[us] - m[them]),
                self.scaled(i, e[us] - e[them]),
            );
            row(i, m, e);
            mg += m;
            eg += e;
        }
        let tapered = (mg * t.phase + eg * (PHASE_MAX - t.phase)) / PHASE_MAX;
        let tempo = self.scaled(term::TEMPO, TEMPO);
        let fade = self.fade(pos);
        let score = (mat[us] - mat[them] + tapered + tempo) * fade.0 / fade.1;
        Combination {
            mat,
            mopup,
            mg,
            eg,
            tapered,
            tempo,
            fade,
            score,
        }
    }

    /// Term `i`'s unscaled middlegame and endgame parts per colour (mop-up,
    /// which [`EvalTerms`] leaves at 0, from `mopup`: endgame only).
    #[must_use]
    pub fn raw_parts(t: &EvalTerms, mopup: &[i32; 2], i: usize) -> ([i32; 2], [i32; 2]) {
        if i == term::MOPUP {
            ([0; 2], *mopup)
        } else {
            (t.mg[i], t.eg[i])
        }
    }

    /// `x`, a value of term `i` ([`term`]), times the term's scale.
    #[must_use]
    pub fn scaled(&self, i: usize, x: i32) -> i32 {
        (i64::from(x) * i64::from(self.scale[i]) / i64::from(SCALE_ONE)) as i32
    }

    /// The unscaled mop-up term of each side, given the material (with
    /// coverage) of each.
    #[must_use]
    pub fn mopup(&self, t: &EvalTerms, mat: &[i32; 2]) -> [i32; 2] {
        std::array::from_fn(|ci| match t.lone[ci] {
            Some((edge, close)) if mat[ci] - mat[1 - ci] >= MOPUP_MIN_LEAD * self.min_value => {
                MOPUP_EDGE * edge + MOPUP_CLOSE * close
            }
            _ => 0,
        })
    }

    /// The factor (numerator, denominator) the score fades by towards a
    /// draw as the move-rule counter runs (to half at its end), so that
    /// with a lead a capture, drop or pawn move that resets it beats
    /// shuffling.
    #[must_use]
    pub fn fade(&self, pos: &Position) -> (i32, i32) {
        let rule = pos.variant().rules.move_rule as i32;
        if rule > 0 {
            let h = (pos.halfmove() as i32).min(rule);
            (2 * rule - h, 2 * rule)
        } else {
            (1, 1)
        }
    }
}

/// The side to move's bonus (before its scale).
pub const TEMPO: i32 = 12;

/// How a position's terms combined into its score, from the side to move's
/// view ([`EvalTables::combine_with`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Combination {
    /// Each colour's material with the coverage term included.
    pub mat: [i32; 2],
    /// Each colour's mop-up term, unscaled.
    pub mopup: [i32; 2],
    /// The scaled middlegame difference of the tapered terms.
    pub mg: i32,
    /// The scaled endgame difference of the tapered terms.
    pub eg: i32,
    /// `mg` and `eg` mixed by the game phase.
    pub tapered: i32,
    /// The side to move's bonus after its scale.
    pub tempo: i32,
    /// The move-rule fade (numerator, denominator).
    pub fade: (i32, i32),
    /// The evaluation: material difference plus `tapered` plus `tempo`,
    /// faded.
    pub score: i32,
}

/// The terms of one position (see [`EvalTables::terms`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvalTerms {
    /// Game phase, [`PHASE_MAX`] = opening material, 0 = bare.
    pub phase: i32,
    /// Board and hand material of each colour with the tables' values.
    pub mat: [i32; 2],
    /// Per term ([`term`]) and colour, its middlegame part, unscaled (the
    /// coverage penalty, untapered, is kept here; mop-up is 0, see
    /// [`EvalTables::mopup`]).
    pub mg: [[i32; 2]; term::COUNT],
    /// Per term and colour, its endgame part, unscaled.
    pub eg: [[i32; 2]; term::COUNT],
    /// Per colour, when the opponent has one royal: its doubled distance
    /// from the centre and the own royal's closeness to it.
    pub lone: [Option<(i32, i32)>; 2],
}

/// Penalty for a thin coverage (Nichtschach's loss rule): a steep charge for
/// each direction (or group) at or near the minimum, and a pressure term per
/// direction that grows as its margin shrinks, so that trades thinning the
/// opponent's scarce directions, and drops restoring one's own, pay long
/// before the loss is near (an army starts 14 pieces above the minimum).
fn coverage_penalty(pos: &Position, c: Color) -> i32 {
    let Some(cov) = &pos.variant().rules.coverage else {
        return 0;
    };
    let mut pen = 0;
    let margin_pen = |count: u32, min: u32| -> i32 {
        let margin = count.saturating_sub(min) as usize;
        COVERAGE_MARGIN_CHARGE.get(margin).copied().unwrap_or(0)
    };
    // Sum of the pressure terms, in quarters of a centipawn.
    let mut pressure = 0;
    match cov {
        Coverage::Directions { min, dirs, all } => {
            let counts = pos.direction_counts(c, &dirs[c.idx()]);
            let mut need = *all;
            while need != 0 {
                let d = need.trailing_zeros() as usize;
                need &= need - 1;
                pen += margin_pen(counts[d], *min);
                pressure += coverage_pressure(counts[d].saturating_sub(*min));
            }
        }
        Coverage::Groups { min, groups } => {
            for &gm in groups {
                let mut n = 0;
                let mut bits = gm & pos.present(c);
                while bits != 0 {
                    let k = bits.trailing_zeros() as PieceType;
                    bits &= bits - 1;
                    n += pos.count(c, k) as u32;
                }
                pen += 4 * margin_pen(n, *min);
                // Three groups stand for the 26 directions.
                pressure += 8 * coverage_pressure(n.saturating_sub(*min));
            }
        }
    }
    pen + pressure / 4
}

/// The pressure part of [`coverage_penalty`] for a direction's margin above
/// the minimum: falls with every piece more, and each piece
/// weighs more the fewer are left (0 from a margin of 16 up, 512 at 0).
fn coverage_pressure(margin: u32) -> i32 {
    let n = 16 - margin.min(16) as i32;
    8 * n + 3 * n * n / 2
}

/// Middlegame and endgame parts, per colour, of evaluation term `term` in
/// the position `fen` of built-in variant `id` (for the terms' tests).
#[cfg(test)]
pub(crate) fn term_in(id: &str, fen: &str, term: usize) -> ([i32; 2], [i32; 2]) {
    let v = menagerie_rules::Registry::builtin().get(id).unwrap();
    let p = Position::from_fen(&v, fen).unwrap();
    let t = EvalTables::new(&v).terms(&p);
    (t.mg[term], t.eg[term])
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Registry;

    #[test]
    fn chess_values_are_sensible() {
        let reg = Registry::builtin();
        let v = reg.get("chess").unwrap();
        let e = EvalTables::new(&v);
        let val = |key: &str| e.value[usize::from(v.piece_by_key(key).unwrap())];
        assert!(
            val("P") < val("N")
                && val("N") <= val("B") + 60
                && val("B") < val("R")
                && val("R") < val("Q"),
            "{:?}",
            e.value
        );
        assert_eq!(val("K"), 0);
        let p = Position::start(&v);
        assert!(e.evaluate(&p).abs() < 50);
    }

    #[test]
    fn the_score_fades_as_the_move_rule_counter_runs() {
        let reg = Registry::builtin();
        let v = reg.get("chess").unwrap();
        let e = EvalTables::new(&v);
        // White a Rook up; the same position 0, 50 and 100 plies into the
        // 50-move rule.
        let at = |h: u32| {
            let fen = format!("4k3/8/8/8/8/8/8/R3K3 w - - {h} 80");
            e.evaluate(&Position::from_fen(&v, &fen).unwrap())
        };
        let (fresh, half, end) = (at(0), at(50), at(100));
        assert!(fresh > 300, "{fresh}");
        assert_eq!(half, fresh * 150 / 200);
        assert_eq!(end, fresh / 2);
    }

    #[test]
    fn coverage_pressure_grows_as_the_margin_shrinks() {
        for m in 0..16 {
            let (thin, thick) = (coverage_pressure(m), coverage_pressure(m + 1));
            assert!(thin > thick, "{m}: {thin} {thick}");
            // Each piece lost weighs more the fewer are left.
            if m > 0 {
                assert!(coverage_pressure(m - 1) - thin >= thin - thick, "{m}");
            }
        }
        assert_eq!(coverage_pressure(16), coverage_pressure(40));
        // Both armies start 14 above the minimum of 2 in every direction:
        // the same pressure on both, nothing near the minimum.
        let reg = Registry::builtin();
        for id in ["elefantnichtschach", "springernichtschach"] {
            let v = reg.get(id).unwrap();
            let p = Position::start(&v);
            let want = if id == "springernichtschach" {
                3 * 8 * coverage_pressure(14) / 4
            } else {
                26 * coverage_pressure(14) / 4
            };
            for c in Color::BOTH {
                assert_eq!(coverage_penalty(&p, c), want, "{id}");
            }
        }
        let chess = reg.get("chess").unwrap();
        assert_eq!(coverage_penalty(&Position::start(&chess), Color::White), 0);
    }
}
