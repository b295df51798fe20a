//! Stage 4: castling moves, White's as written and Black's mirrored (unless
//! the file says otherwise), White's rights first (FEN order `KQkq`).

use super::{Ctx, MAX_CASTLING_RIGHTS};
use crate::piece::Color;
use crate::variant::model::{Castling, Castling960, FirstMoves};
use crate::variant::spec::CastlingFile;
use menagerie_geometry::{CellId, Geometry, Vector};

/// The cells from `a` (excluded) to `z` (included) along their line.
fn between(a: CellId, z: CellId, g: &Geometry) -> Vec<CellId> {
    let pa = g.coord(a);
    let pz = g.coord(z);
    let d = Vector::new(pz.x - pa.x, pz.y - pa.y, pz.z - pa.z);
    if d.is_zero() {
        return Vec::new();
    }
    g.ray(a, d.signum(), d.chebyshev().unsigned_abs() as usize)
}

/// The castling rights (and first-move rights) lost when something moves
/// from or to each cell (bit mask per cell).
pub(super) fn rights_mask(
    g: &Geometry,
    castling: &[Castling],
    first_moves: Option<&FirstMoves>,
    chess960: Option<&Castling960>,
) -> Vec<u32> {
    let mut mask = first_moves.map_or_else(|| vec![0u32; g.len()], |f| f.cell_masks(g.len()));
    if let Some(c) = chess960 {
        mask = c.cell_masks(g.len());
    }
    for (i, c) in castling.iter().enumerate() {
        mask[c.king.idx()] |= 1 << i;
        mask[c.partner.idx()] |= 1 << i;
    }
    mask
}

impl Ctx<'_> {
    /// Reads `[[castling]]`.
    pub(super) fn castling(&mut self) -> Vec<Castling> {
        let m = self.m;
        let mut castling = Vec::new();
        for (ci, cs) in m
            .top
            .castling
            .clone()
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            let key = format!("castling[{ci}]");
            let o = m.section_origin.get("castling").copied().unwrap_or(0);
            let mut report = |cx: &mut Self, msg: String| {
                cx.problems
                    .push(m.problem_at(o, Some(cs.span()), &key, msg));
            };
            let Some(white) = self.castling_move(cs.get_ref(), &mut report) else {
                continue;
            };
            let black = match cs.get_ref().black.as_deref() {
                None | Some("mirror") => Some(self.mirrored(&white)),
                Some("none") => None,
                Some(o2) => {
                    report(self, format!("black = `{o2}`: use `mirror` or `none`"));
                    None
                }
            };
            castling.push(white);
            castling.extend(black);
        }
        if castling.len() > MAX_CASTLING_RIGHTS {
            self.problem_in(
                "castling",
                "castling",
                format!(
                    "at most {} castling moves per side",
                    MAX_CASTLING_RIGHTS / 2
                ),
            );
        }
        castling.sort_by_key(|c| c.color);
        castling
    }

    /// White's castling move as written.
    fn castling_move(
        &mut self,
        c: &CastlingFile,
        report: &mut dyn FnMut(&mut Self, String),
    ) -> Option<Castling> {
        let (Some(k), Some(kt), Some(p), Some(pt)) = (
            self.cell(&c.king, report),
            self.cell(&c.to, report),
            self.cell(&c.partner, report),
            self.cell(&c.partner_to, report),
        ) else {
            return None;
        };
        let letter = match c.letter.chars().collect::<Vec<_>>()[..] {
            [ch] if ch.is_ascii_uppercase() => ch,
            _ => {
                report(
                    self,
                    format!(
                        "letter `{}`: one uppercase letter (Black's is its lowercase)",
                        c.letter
                    ),
                );
                return None;
            }
        };
        let empty: Vec<CellId> = match &c.empty {
            Some(list) => list.iter().filter_map(|n| self.cell(n, report)).collect(),
            None => {
                let mut e = between(k, kt, &self.g);
                e.extend(between(p, pt, &self.g));
                e.sort_unstable();
                e.dedup();
                e
            }
        };
        let safe: Vec<CellId> = match &c.safe {
            Some(list) => list.iter().filter_map(|n| self.cell(n, report)).collect(),
            None => {
                let mut path = between(k, kt, &self.g);
                path.pop();
                std::iter::once(k).chain(path).collect()
            }
        };
        let imitation = c.imitation.as_ref().map(|list| {
            list.iter()
                .fold(0u64, |acc, kname| match self.lookup(kname) {
                    Some(t) => acc | 1 << t,
                    None => {
                        report(self, format!("unknown piece `{kname}` in `imitation`"));
                        acc
                    }
                })
        });
        Some(Castling {
            color: Color::White,
            letter,
            king: k,
            king_to: kt,
            partner: p,
            partner_to: pt,
            empty,
            safe,
            imitation,
        })
    }

    /// A cell by name, reported when there is none.
    fn cell(&mut self, name: &str, report: &mut dyn FnMut(&mut Self, String)) -> Option<CellId> {
        let r = self.g.parse_cell(name);
        if r.is_none() {
            report(self, format!("`{name}` is not a cell"));
        }
        r
    }

    /// Black's move mirroring White's across the middle rank.
    fn mirrored(&self, w: &Castling) -> Castling {
        let mr = |x: CellId| self.g.mirror_rank(x).unwrap_or(x);
        Castling {
            color: Color::Black,
            letter: w.letter.to_ascii_lowercase(),
            king: mr(w.king),
            king_to: mr(w.king_to),
            partner: mr(w.partner),
            partner_to: mr(w.partner_to),
            empty: w.empty.iter().map(|&x| mr(x)).collect(),
            safe: w.safe.iter().map(|&x| mr(x)).collect(),
            imitation: w.imitation,
        }
    }
}
