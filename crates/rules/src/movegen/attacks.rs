//! Reverse attack tables.
//!
//! For every target cell and attacking colour, the lines leading *into* the
//! cell, each with the set of piece types (a bit per type) that could capture
//! on the target from each distance: sliding with a clear path, hopping over
//! exactly one screen (cannon) or landing right behind a screen
//! (grasshopper). They are derived from the forward [`MoveTables`], so region
//! conditions, ranges and odd-only distances are already accounted for.
//!
//! Moves these tables cannot express (lame and jumping leaps, friendly-screen
//! hops, leg programs, the Joker's imitation) are checked by running the
//! attacking piece's own moves; see [`crate::position::Position::is_attacked`].

use super::tables::{flag, MoveTables, RayKind};
use crate::piece::Color;
use menagerie_geometry::{CellId, CellSet, Geometry, Vector};
use std::collections::HashMap;

/// One cell on a reverse line, with the attackers that may stand there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RevCell {
    /// The cell.
    pub cell: CellId,
    /// Types that capture on the target from here through empty cells.
    pub slide: u64,
    /// Types that capture from here over exactly one screen.
    pub cannon: u64,
    /// Types that capture from here landing behind a screen next to the target.
    pub grass: u64,
}

impl RevCell {
    /// The attacker types this cell admits when `screens` occupied cells lie
    /// between it and the target: sliders with none; cannons with one, and
    /// grasshoppers when that one is next to the target.
    #[inline]
    #[must_use]
    pub fn admits(&self, screens: u32, first_screen_adjacent: bool) -> u64 {
        match screens {
            0 => self.slide,
            1 if first_screen_adjacent => self.cannon | self.grass,
            1 => self.cannon,
            _ => 0,
        }
    }
}

/// A reverse line from a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RevRay {
    start: u32,
    len: u16,
    /// Union of all masks on the line.
    pub any: u64,
    /// Union of the hopping masks.
    pub hops: u64,
    /// Union of the sliding masks.
    pub slides: u64,
}

/// Reverse attack data of a variant.
#[derive(Debug, Clone, Default)]
pub struct AttackTables {
    cells: usize,
    index: Vec<(u32, u32)>,
    rays: Vec<RevRay>,
    pool: Vec<RevCell>,
    lines: Vec<CellSet>,
    ep: Vec<Vec<(CellId, u64)>>,
}

impl AttackTables {
    /// Reverse lines into `target` for attackers of colour `by`.
    #[inline]
    #[must_use]
    pub fn rays(&self, by: Color, target: CellId) -> &[RevRay] {
        match self.index.get(by.idx() * self.cells + target.idx()) {
            Some(&(a, b)) => &self.rays[a as usize..b as usize],
            None => &[],
        }
    }

    /// The cells of a reverse line, nearest first.
    #[inline]
    #[must_use]
    pub fn cells(&self, r: &RevRay) -> &[RevCell] {
        &self.pool[r.start as usize..r.start as usize + usize::from(r.len)]
    }

    /// Cells whose change of occupancy can alter whether `by` attacks
    /// `target` through a slide or a hop.
    #[must_use]
    pub fn lines(&self, by: Color, target: CellId) -> &CellSet {
        &self.lines[by.idx() * self.cells + target.idx()]
    }

    /// Cells (and types) from which a piece of colour `by` could capture en
    /// passant onto `target`.
    #[must_use]
    pub fn ep_sources(&self, by: Color, target: CellId) -> &[(CellId, u64)] {
        &self.ep[by.idx() * self.cells + target.idx()]
    }

    /// Builds the tables from forward move tables.
    #[must_use]
    pub fn build(g: &Geometry, t: &MoveTables, skip: u64) -> AttackTables {
        let n = g.len();
        let mut out = AttackTables {
            cells: n,
            ..AttackTables::default()
        };
        for color in Color::BOTH {
            // (target, reverse step) -> masks by distance
            let mut map: HashMap<(CellId, Vector), Vec<[u64; 3]>> = HashMap::new();
            let mut ep: Vec<HashMap<CellId, u64>> = vec![HashMap::new(); n];
            let mut add = |target: CellId, step: Vector, k: usize, which: usize, bit: u64| {
                let e = map.entry((target, step.neg())).or_default();
                if e.len() < k {
                    e.resize(k, [0; 3]);
                }
                e[k - 1][which] |= bit;
            };
            for kind in 0..t.types {
                let bit = 1u64 << kind;
                if skip & bit != 0 {
                    continue;
                }
                for s in g.cells() {
                    let m = t.at(color, kind as u8, s);
                    let from = g.coord(s);
                    for l in m.leaps {
                        let to = g.coord(l.to);
                        let v = Vector::new(to.x - from.x, to.y - from.y, to.z - from.z);
                        if l.flags & flag::CAPTURE != 0 {
                            add(l.to, v, 1, 0, bit);
                        }
                        if l.flags & flag::EP != 0 {
                            *ep[l.to.idx()].entry(s).or_default() |= bit;
                        }
                    }
                    for r in m.rays {
                        let which = match r.kind {
                            RayKind::Slide => 0,
                            RayKind::Cannon => 1,
                            RayKind::Grasshopper => 2,
                            RayKind::FriendCannon => continue,
                        };
                        for (k, (&c, &st)) in t.ray_cells(r).iter().zip(t.ray_stops(r)).enumerate()
                        {
                            if st & flag::CAPTURE != 0 {
                                add(c, r.step, k + 1, which, bit);
                            }
                        }
                    }
                }
            }
            let mut per_target: Vec<Vec<(Vector, Vec<[u64; 3]>)>> = vec![Vec::new(); n];
            for ((target, step), masks) in map {
                per_target[target.idx()].push((step, masks));
            }
            for target in g.cells() {
                let list = &mut per_target[target.idx()];
                list.sort_by_key(|(s, _)| *s);
                let a = out.rays.len() as u32;
                let mut lines = g.empty_set();
                for (step, masks) in list.iter() {
                    let start = out.pool.len() as u32;
                    let mut cur = target;
                    let (mut any, mut hops, mut slides) = (0u64, 0u64, 0u64);
                    let mut len = 0u16;
                    for m in masks {
                        let Some(next) = g.offset(cur, *step) else {
                            break;
                        };
                        cur = next;
                        out.pool.push(RevCell {
                            cell: cur,
                            slide: m[0],
                            cannon: m[1],
                            grass: m[2],
                        });
                        any |= m[0] | m[1] | m[2];
                        hops |= m[1] | m[2];
                        slides |= m[0];
                        len += 1;
                    }
                    if len == 0 {
                        continue;
                    }
                    if len > 1 || hops != 0 {
                        for rc in &out.pool[start as usize..] {
                            lines.insert(rc.cell);
                        }
                    }
                    out.rays.push(RevRay {
                        start,
                        len,
                        any,
                        hops,
                        slides,
                    });
                }
                out.index.push((a, out.rays.len() as u32));
                out.lines.push(lines);
                let mut e: Vec<(CellId, u64)> =
                    ep[target.idx()].iter().map(|(&c, &m)| (c, m)).collect();
                e.sort_unstable();
                out.ep.push(e);
            }
        }
        out
    }
}
