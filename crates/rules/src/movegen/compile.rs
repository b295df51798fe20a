//! Piece descriptions (parsed notation plus group conditions) to
//! [`MoveTables`].

use super::tables::{
    flag, CondLeap, DestCond, Leap, MoveTables, ProgLeg, Program, RayKind, TableBuilder,
};
use crate::betza::{select_directions, Atom, Component, Dialect, Leg, Range};
use crate::Color;
use menagerie_geometry::{CellId, CellSet, Geometry, Vector};

/// A move group of one piece type with its conditions, resolved for both
/// colours (index 0 White, 1 Black).
#[derive(Debug, Clone, Default)]
pub struct GroupSource {
    /// Move components.
    pub components: Vec<Component>,
    /// Only from the initial region.
    pub initial: bool,
    /// Only from these cells.
    pub from: Option<[CellSet; 2]>,
    /// Only to these cells.
    pub to: Option<[CellSet; 2]>,
    /// Never from outside into these cells.
    pub not_into: Option<[CellSet; 2]>,
    /// Class of every cell (u8::MAX = in no class); origin and destination
    /// must share a class.
    pub same_class: Option<[Vec<u8>; 2]>,
    /// Quiet moves do not reset the clock.
    pub noreset: bool,
    /// Record the path cell of capturing leg-program moves.
    pub show_path: bool,
    /// Only as a first move, from a cell holding a first-move right.
    pub first_move: bool,
    /// Not while in check.
    pub calm: bool,
}

/// Everything the compiler needs about one piece type.
#[derive(Debug, Clone, Default)]
pub struct PieceSource {
    /// Its move groups.
    pub groups: Vec<GroupSource>,
    /// Initial region per colour (for `i` moves).
    pub initial: [CellSet; 2],
}

/// A move description that cannot be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("piece {piece}, `{text}`: {message}")]
pub struct CompileError {
    /// Index of the piece type.
    pub piece: usize,
    /// The component text.
    pub text: String,
    /// 1-based column of the component in its description.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

enum Resolved {
    Leaps {
        vectors: Vec<Vector>,
        flags: u8,
    },
    Conds {
        moves: Vec<(Vector, Vec<Vector>)>,
        occupied: bool,
        flags: u8,
    },
    Rays {
        vectors: Vec<Vector>,
        range: Range,
        kind: RayKind,
        modes: u8,
        flags: u8,
    },
    Progs(Vec<u32>),
}

const FORWARD: Vector = Vector::new(0, 1, 0);
const BOARD_LIMIT: usize = 64;

/// Most paths one move component may take from a cell of an empty board (the
/// product over its legs of directions times distances). Move generation
/// and compilation follow every path, so this bounds the work per move:
/// without it each `ma` of `mamama...W` multiplied the time by three.
pub const MAX_PATHS: u64 = 1 << 14;

/// Most memory the move tables of one variant may take, estimated before
/// they are built (a long Betza text of riders on a 3D board once needed
/// more than 2 GB).
pub const MAX_TABLE_BYTES: usize = 256 << 20;

/// The longest line on the board: how far an unlimited rider can go.
fn extent(g: &Geometry) -> u64 {
    g.files().max(g.ranks()).max(g.levels()).min(BOARD_LIMIT) as u64
}

/// An upper bound of the paths a chain of legs can take from one cell.
fn path_bound(g: &Geometry, legs: &[ProgLeg]) -> u64 {
    legs.iter().fold(1u64, |acc, l| {
        let dirs = l.allowed.iter().map(Vec::len).max().unwrap_or(0) as u64;
        let far = if l.range.max == 0 {
            extent(g)
        } else {
            u64::from(l.range.max)
        };
        let dists = far + u64::from(l.range.min == 0);
        acc.saturating_mul(dirs.max(1) * dists.max(1))
    })
}

/// Bytes of move tables one resolved component adds per cell, at most.
fn table_bytes(g: &Geometry, r: &Resolved) -> usize {
    let ray_cells = extent(g) as usize * (std::mem::size_of::<CellId>() + 1);
    match r {
        Resolved::Leaps { vectors, .. } => vectors.len() * std::mem::size_of::<Leap>(),
        Resolved::Conds { moves, .. } => moves.len() * std::mem::size_of::<CondLeap>(),
        Resolved::Rays { vectors, .. } => {
            vectors.len() * (std::mem::size_of::<super::tables::Ray>() + ray_cells)
        }
        Resolved::Progs(ids) => ids.len() * std::mem::size_of::<u32>(),
    }
}

fn orient(v: Vector, c: Color) -> Vector {
    match c {
        Color::White => v,
        Color::Black => v.rotated(),
    }
}

pub(crate) fn leg_vectors(
    g: &Geometry,
    leg: &Leg,
    d: Vector,
    relative: bool,
    dialect: Dialect,
) -> Result<Vec<Vector>, String> {
    let mut out = Vec::new();
    for atom in &leg.atoms {
        if atom.is_triple() && !g.is_3d() {
            return Err("a three-component leap needs a 3D board".into());
        }
        let cands = atom.vectors(g.is_3d());
        let sel = select_directions(&cands, &leg.dirs, d, g.is_3d(), relative, dialect)
            .map_err(|e| e.0)?;
        for v in sel {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    Ok(out)
}

/// True for a leap Fairy-Stockfish can make lame: a Dabbaba (its Pawn's
/// double step), Knight (Xiangqi's Horse), Alfil (Xiangqi's Elephant) or
/// Zebra (Janggi's Elephant), the leaps it has blocking tables for. In its
/// dialect ([`Dialect::FairyStockfish`], the ini pieces) any other lame
/// leap (`nC`, `nW`, `nG`) has no move at all, as there, while Menagerie's
/// own notation moves a lame Camel through its path.
fn fsf_lame_leap(v: Vector) -> bool {
    let (x, y) = (v.x.unsigned_abs(), v.y.unsigned_abs());
    v.z == 0 && matches!((x.min(y), x.max(y)), (0, 2) | (1, 2) | (2, 2) | (2, 3))
}

/// Intermediate cells of a lame or jumping leap, as offsets from the origin.
fn leap_path(v: Vector) -> Result<Vec<Vector>, String> {
    let (ax, ay, az) = (v.x.abs(), v.y.abs(), v.z.abs());
    let nonzero = [ax, ay, az].iter().filter(|&&c| c != 0).count();
    let unit = v.signum();
    let max = ax.max(ay).max(az);
    let is_multiple = [ax, ay, az].iter().all(|&c| c == 0 || c == max);
    if is_multiple {
        return Ok((1..max).filter_map(|k| unit.scaled(i32::from(k))).collect());
    }
    if nonzero == 2 && az == 0 {
        let (major, minor) = if ax > ay { (ax, ay) } else { (ay, ax) };
        let m = if ax > ay {
            Vector::xy(v.x.signum(), 0)
        } else {
            Vector::xy(0, v.y.signum())
        };
        let mut path = Vec::new();
        let mut cur = Vector::default();
        for _ in 0..(major - minor) {
            cur = cur.checked_add(m).ok_or("leap too long")?;
            path.push(cur);
        }
        for _ in 0..minor {
            cur = cur.checked_add(unit).ok_or("leap too long")?;
            path.push(cur);
        }
        path.pop();
        return Ok(path);
    }
    Err("lame or jumping leaps need a 2D oblique leap or a multiple of one step".into())
}

struct Ctx<'a> {
    g: &'a Geometry,
    dialect: Dialect,
    b: TableBuilder,
}

impl Ctx<'_> {
    fn dest_cond(&self, grp: &GroupSource, c: usize) -> DestCond {
        DestCond {
            to: grp.to.as_ref().map(|s| s[c].clone()),
            not_into: grp.not_into.as_ref().map(|s| s[c].clone()),
            same_class: grp.same_class.as_ref().map(|s| s[c].clone()),
        }
    }

    fn program(
        &mut self,
        comp: &Component,
        grp: &GroupSource,
        color: Color,
        base_flags: u8,
    ) -> Result<Vec<u32>, String> {
        let legs = &comp.legs;
        let first = &legs[0];
        if first.circular || first.crooked {
            return self.curved(comp, grp, color, base_flags);
        }
        let mut plegs: Vec<ProgLeg> = Vec::new();
        let mut flags = base_flags;
        let mut locust = 0;
        let mut show = grp.show_path;
        for (i, leg) in legs.iter().enumerate() {
            let last = i + 1 == legs.len();
            if leg.circular || leg.crooked {
                return Err("`q` and `z` apply to a whole move, not to one leg".into());
            }
            if leg.en_passant {
                return Err("en passant (`e`) is supported only on single-step captures".into());
            }
            if leg.lame || leg.jump {
                return Err(
                    "`n` and `j` are not supported inside a chain; use `p`/`m` legs".into(),
                );
            }
            if leg.grasshop {
                return Err("`g` is not supported inside a chain; use `p` on a leg".into());
            }
            if leg.initial {
                flags |= flag::INITIAL;
            }
            if leg.range.min == 0 && last {
                return Err("the last leg must move at least one step".into());
            }
            if last && leg.hop {
                return Err(
                    "the last leg cannot hop; write the hopper as a one-leg move (`pR`)".into(),
                );
            }
            let vectors: Vec<Vector>;
            let allowed: Vec<Vec<u8>>;
            if i == 0 || !comp.relative {
                vectors = leg_vectors(self.g, leg, FORWARD, false, self.dialect)?;
                let all: Vec<u8> = (0..vectors.len() as u8).collect();
                allowed = vec![
                    all;
                    if i == 0 {
                        1
                    } else {
                        plegs[i - 1].vectors.len()
                    }
                ];
            } else {
                let mut all: Vec<Vector> = Vec::new();
                for atom in &leg.atoms {
                    for v in atom.vectors(self.g.is_3d()) {
                        if !all.contains(&v) {
                            all.push(v);
                        }
                    }
                }
                let mut al = Vec::new();
                for &pv in &plegs[i - 1].vectors {
                    let sel =
                        select_directions(&all, &leg.dirs, pv, self.g.is_3d(), true, self.dialect)
                            .map_err(|e| e.0)?;
                    al.push(
                        sel.iter()
                            .filter_map(|v| all.iter().position(|a| a == v))
                            .map(|p| p as u8)
                            .collect(),
                    );
                }
                vectors = all;
                allowed = al;
            }
            if vectors.len() > 255 {
                return Err("too many directions in one leg".into());
            }
            let (end_quiet, end_capture) = if last || leg.explicit_mode {
                (leg.quiet, leg.capture)
            } else {
                (true, true)
            };
            let (mut cont_empty, mut cont_capture, mut hop, mut hop_friend) =
                (false, false, false, false);
            if !last {
                hop = leg.hop && !leg.friendly_screen;
                hop_friend = leg.hop && leg.friendly_screen;
                if leg.explicit_mode {
                    cont_empty = leg.quiet;
                    cont_capture = leg.capture;
                } else {
                    cont_empty = !leg.hop;
                }
                if cont_capture {
                    locust += 1;
                    show = true;
                }
            }
            plegs.push(ProgLeg {
                vectors,
                allowed,
                range: leg.range,
                end_quiet,
                end_capture,
                cont_empty,
                cont_capture,
                hop,
                hop_friend,
            });
        }
        if locust > 1 {
            return Err("at most one capture before the last leg".into());
        }
        if plegs.len() > crate::betza::MAX_LEGS {
            return Err(format!(
                "more than {} legs in one move",
                crate::betza::MAX_LEGS
            ));
        }
        if path_bound(self.g, &plegs) > MAX_PATHS {
            return Err(format!(
                "this move can take more than {MAX_PATHS} paths from one cell; \
                 use fewer legs, directions or distances"
            ));
        }
        for l in &mut plegs {
            for v in &mut l.vectors {
                *v = orient(*v, color);
            }
        }
        let mut may_end = comp.may_end.clone();
        may_end.resize(plegs.len(), false);
        let p = Program {
            legs: plegs,
            may_end,
            dest: self.dest_cond(grp, color.idx()),
            flags,
            show_path: show,
            text: comp.text.clone(),
        };
        Ok(vec![self.b.add_program(p)])
    }

    /// `q` (circular) and `z` (crooked) moves: one leap per leg, turning by
    /// one step of the atom's directions (sorted by angle) each time, always
    /// the same way (`q`) or alternately (`z`).
    fn curved(
        &mut self,
        comp: &Component,
        grp: &GroupSource,
        color: Color,
        base_flags: u8,
    ) -> Result<Vec<u32>, String> {
        if comp.legs.len() != 1 {
            return Err("`q`/`z` moves are written as one leg (`qN`, `zB`)".into());
        }
        if self.g.is_3d() {
            return Err("circular and crooked moves are defined for 2D boards only".into());
        }
        let leg = &comp.legs[0];
        if leg.atoms.len() != 1 {
            return Err("`q`/`z` need a single atom (not K or Q)".into());
        }
        let all: Vec<Vector> = leg.atoms[0].vectors(false);
        let n = all.len();
        let first = leg_vectors(self.g, leg, FORWARD, false, self.dialect)?;
        let first_idx: Vec<u8> = first
            .iter()
            .filter_map(|v| all.iter().position(|a| a == v))
            .map(|p| p as u8)
            .collect();
        let nlegs = if leg.circular {
            n - 1
        } else {
            self.g.files().max(self.g.ranks())
        };
        let mut ids = Vec::new();
        for sense in [1i32, -1] {
            let mut legs = Vec::new();
            for i in 0..nlegs {
                let allowed = if i == 0 {
                    vec![first_idx.clone()]
                } else {
                    let s = if leg.crooked && i % 2 == 0 {
                        -sense
                    } else {
                        sense
                    };
                    (0..n)
                        .map(|pi| vec![((pi as i32 + s).rem_euclid(n as i32)) as u8])
                        .collect()
                };
                let last = i + 1 == nlegs;
                legs.push(ProgLeg {
                    vectors: all.iter().map(|&v| orient(v, color)).collect(),
                    allowed,
                    range: Range::ONE,
                    end_quiet: leg.quiet,
                    end_capture: leg.capture,
                    cont_empty: !last,
                    cont_capture: false,
                    hop: false,
                    hop_friend: false,
                });
            }
            // Every leap may end the move.
            let mut may_end = vec![true; nlegs];
            may_end[nlegs - 1] = false;
            let p = Program {
                legs,
                may_end,
                dest: self.dest_cond(grp, color.idx()),
                flags: base_flags | if leg.initial { flag::INITIAL } else { 0 },
                show_path: false,
                text: comp.text.clone(),
            };
            ids.push(self.b.add_program(p));
        }
        Ok(ids)
    }

    fn resolve(
        &mut self,
        comp: &Component,
        grp: &GroupSource,
        color: Color,
    ) -> Result<Resolved, String> {
        let base_flags = (if grp.initial { flag::INITIAL } else { 0 })
            | (if grp.noreset { flag::NORESET } else { 0 })
            | (if grp.first_move { flag::FIRST_MOVE } else { 0 })
            | (if grp.calm { flag::CALM } else { 0 });
        if comp.legs.len() > 1 || comp.legs[0].circular || comp.legs[0].crooked {
            // Curved single-leg moves and chains are programs; a chain's
            // `may_end` non-final legs use their own modes when ending.
            return self
                .program(comp, grp, color, base_flags)
                .map(Resolved::Progs);
        }
        let leg = &comp.legs[0];
        let mut flags = base_flags;
        if leg.initial {
            flags |= flag::INITIAL;
        }
        let modes = (if leg.quiet { flag::QUIET } else { 0 })
            | (if leg.capture { flag::CAPTURE } else { 0 });
        if leg.en_passant {
            if !leg.range.is_leap() || leg.hop || leg.grasshop || leg.lame || leg.jump {
                return Err("en passant (`e`) is supported only on single-step captures".into());
            }
            flags |= flag::EP;
        }
        let vectors: Vec<Vector> = leg_vectors(self.g, leg, FORWARD, false, self.dialect)?
            .into_iter()
            .map(|v| orient(v, color))
            .collect();
        if leg.hop || leg.grasshop {
            if leg.lame || leg.jump {
                return Err("a hopper cannot also be lame or jumping".into());
            }
            if leg.range.is_leap() {
                return Err("`p`/`g` need a rider (R, B, Q, NN, W4 ...)".into());
            }
            let kind = if leg.grasshop {
                RayKind::Grasshopper
            } else if leg.friendly_screen {
                RayKind::FriendCannon
            } else {
                RayKind::Cannon
            };
            if leg.grasshop && leg.friendly_screen {
                return Err("friendly-screen grasshoppers are not supported".into());
            }
            return Ok(Resolved::Rays {
                vectors,
                range: leg.range,
                kind,
                modes,
                flags,
            });
        }
        let fsf = self.dialect == Dialect::FairyStockfish;
        // Fairy-Stockfish reads `n` on a rider as nothing (`nR` is a Rook).
        let lame = leg.lame && (leg.range.is_leap() || !fsf);
        if lame || leg.jump {
            if !leg.range.is_leap() {
                return Err(
                    "`n`/`j` apply to leaps; a lame rider is a chain like `[mW-fW]`".into(),
                );
            }
            let mut moves = Vec::new();
            for v in vectors {
                if fsf && lame && !fsf_lame_leap(v) {
                    continue;
                }
                let path = leap_path(v)?;
                if path.is_empty() {
                    return Err("a one-step leap has no cell to be lame or jump over".into());
                }
                if path.len() > 6 {
                    return Err("leap too long for a lame or jumping move".into());
                }
                moves.push((v, path));
            }
            return Ok(Resolved::Conds {
                moves,
                occupied: leg.jump,
                flags: flags | modes,
            });
        }
        if leg.range.is_leap() {
            return Ok(Resolved::Leaps {
                vectors,
                flags: flags | modes,
            });
        }
        Ok(Resolved::Rays {
            vectors,
            range: leg.range,
            kind: RayKind::Slide,
            modes,
            flags,
        })
    }
}

fn dest_ok(grp: &GroupSource, c: usize, from: CellId, to: CellId) -> bool {
    if let Some(s) = &grp.to {
        if !s[c].contains(to) {
            return false;
        }
    }
    if let Some(s) = &grp.not_into {
        if !s[c].contains(from) && s[c].contains(to) {
            return false;
        }
    }
    if let Some(cl) = &grp.same_class {
        let a = cl[c][from.idx()];
        if a == u8::MAX || a != cl[c][to.idx()] {
            return false;
        }
    }
    true
}

/// Compiles every piece's moves for both colours.
///
/// # Errors
/// A component the board or the interpreter cannot support, with the piece
/// index, text and column.
pub fn compile(
    g: &Geometry,
    pieces: &[PieceSource],
    dialect: Dialect,
) -> Result<MoveTables, CompileError> {
    let mut ctx = Ctx {
        g,
        dialect,
        b: TableBuilder::new(g.len(), pieces.len()),
    };
    // Resolve every component once per colour.
    let mut resolved: Vec<Vec<Vec<(usize, Resolved)>>> = Vec::new();
    for color in Color::BOTH {
        let mut per_type = Vec::new();
        for (ti, p) in pieces.iter().enumerate() {
            let mut list = Vec::new();
            for (gi, grp) in p.groups.iter().enumerate() {
                for comp in &grp.components {
                    let r = ctx
                        .resolve(comp, grp, color)
                        .map_err(|message| CompileError {
                            piece: ti,
                            text: comp.text.clone(),
                            column: comp.column,
                            message,
                        })?;
                    list.push((gi, r));
                }
            }
            per_type.push(list);
        }
        resolved.push(per_type);
    }
    check_table_size(g, pieces, &resolved)?;
    for color in Color::BOTH {
        let c = color.idx();
        for (ti, p) in pieces.iter().enumerate() {
            for s in g.cells() {
                for (gi, r) in &resolved[c][ti] {
                    let grp = &p.groups[*gi];
                    if let Some(from) = &grp.from {
                        if !from[c].contains(s) {
                            continue;
                        }
                    }
                    let initial = match r {
                        Resolved::Leaps { flags, .. }
                        | Resolved::Conds { flags, .. }
                        | Resolved::Rays { flags, .. } => flags & flag::INITIAL != 0,
                        Resolved::Progs(ids) => ids
                            .first()
                            .is_some_and(|&i| ctx.b_program_flags(i) & flag::INITIAL != 0),
                    };
                    if initial && !p.initial[c].contains(s) {
                        continue;
                    }
                    emit(&mut ctx, grp, c, s, r);
                }
                ctx.b.finish_entry();
            }
        }
    }
    Ok(ctx.b.build())
}

/// Refuses a variant whose move tables would exceed [`MAX_TABLE_BYTES`],
/// naming the piece that crosses the limit and its largest component.
fn check_table_size(
    g: &Geometry,
    pieces: &[PieceSource],
    resolved: &[Vec<Vec<(usize, Resolved)>>],
) -> Result<(), CompileError> {
    let mut total = 0usize;
    for per_type in resolved {
        for (ti, list) in per_type.iter().enumerate() {
            let per_cell: usize = list.iter().map(|(_, r)| table_bytes(g, r)).sum();
            total = total.saturating_add(per_cell.saturating_mul(g.len()));
            if total > MAX_TABLE_BYTES {
                let comps = pieces[ti].groups.iter().flat_map(|grp| &grp.components);
                let biggest = comps
                    .zip(list)
                    .max_by_key(|(_, (_, r))| table_bytes(g, r))
                    .map(|(c, _)| c);
                return Err(CompileError {
                    piece: ti,
                    text: biggest.map(|c| c.text.clone()).unwrap_or_default(),
                    column: biggest.map_or(1, |c| c.column),
                    message: format!(
                        "the move tables of this variant would need more than {} MB; \
                         use fewer or shorter moves",
                        MAX_TABLE_BYTES >> 20
                    ),
                });
            }
        }
    }
    Ok(())
}

impl Ctx<'_> {
    fn b_program_flags(&self, i: u32) -> u8 {
        self.b.program_flags(i)
    }
}

impl TableBuilder {
    pub(crate) fn program_flags(&self, i: u32) -> u8 {
        self.program_ref(i).flags
    }
}

fn emit(ctx: &mut Ctx<'_>, grp: &GroupSource, c: usize, s: CellId, r: &Resolved) {
    let g = ctx.g;
    match r {
        Resolved::Leaps { vectors, flags } => {
            for &v in vectors {
                if let Some(to) = g.offset(s, v) {
                    if dest_ok(grp, c, s, to) {
                        ctx.b.leap(Leap { to, flags: *flags });
                    }
                }
            }
        }
        Resolved::Conds {
            moves,
            occupied,
            flags,
        } => {
            for (v, path) in moves {
                let Some(to) = g.offset(s, *v) else { continue };
                if !dest_ok(grp, c, s, to) {
                    continue;
                }
                let cells: Option<Vec<CellId>> = path.iter().map(|&o| g.offset(s, o)).collect();
                let Some(cells) = cells else { continue };
                let mut arr = [CellId(0); 6];
                arr[..cells.len()].copy_from_slice(&cells);
                ctx.b.cond(CondLeap {
                    to,
                    flags: *flags,
                    occupied: *occupied,
                    path: arr,
                    path_len: cells.len() as u8,
                });
            }
        }
        Resolved::Rays {
            vectors,
            range,
            kind,
            modes,
            flags,
        } => {
            for &v in vectors {
                let cells = g.ray(s, v, BOARD_LIMIT);
                let mut stops: Vec<u8> = cells
                    .iter()
                    .enumerate()
                    .map(|(i, &to)| {
                        if range.allows(i + 1) && dest_ok(grp, c, s, to) {
                            *modes
                        } else {
                            0
                        }
                    })
                    .collect();
                let keep = stops.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1);
                stops.truncate(keep);
                if keep > 0 {
                    ctx.b.ray(&cells[..keep], &stops, *kind, *flags, v);
                }
            }
        }
        Resolved::Progs(ids) => {
            for &i in ids {
                ctx.b.prog(i);
            }
        }
    }
}

/// The cells of a board on which a piece has a move at all on an empty board
/// (used for the immobility rule and for drops).
#[must_use]
pub fn atom_for(base: [u8; 3]) -> Atom {
    Atom::new(base[0], base[1], base[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lame_paths() {
        assert_eq!(leap_path(Vector::xy(1, 2)).unwrap(), vec![Vector::xy(0, 1)]);
        assert_eq!(
            leap_path(Vector::xy(-2, 2)).unwrap(),
            vec![Vector::xy(-1, 1)]
        );
        assert_eq!(
            leap_path(Vector::xy(3, 0)).unwrap(),
            vec![Vector::xy(1, 0), Vector::xy(2, 0)]
        );
        assert_eq!(
            leap_path(Vector::xy(3, -1)).unwrap(),
            vec![Vector::xy(1, 0), Vector::xy(2, 0)]
        );
        assert!(leap_path(Vector::new(2, 1, 1)).is_err());
    }

    /// The moves from d4 of a piece `betza` on an 8x8 board, read as an
    /// ini piece (Fairy-Stockfish's dialect) or as a TOML piece.
    fn d4_moves(betza: &str, fen: &str, ini: bool) -> Vec<String> {
        let v = if ini {
            let text = format!(
                "[lame:chess]\ncustomPiece1 = o:{betza}\ncastling = false\nstartFen = {fen}\n"
            );
            crate::test_support::ini_variant(&text)
        } else {
            let text = format!(
                "id = \"lame\"\n[board]\nfiles = 8\nranks = 8\n[pieces.K]\nbetza = \"K\"\nroyal = true\n[pieces.P]\nbetza = \"fmW\"\n[pieces.O]\nbetza = \"{betza}\"\n[setup]\nfen = \"{fen}\"\n"
            );
            let mut r = crate::Registry::new();
            let id = r.add_toml("lame.toml", &text).unwrap();
            r.get(&id).unwrap()
        };
        let pos = crate::Position::from_fen(&v, fen).unwrap();
        crate::test_support::legal_uci_starting(&pos, "d4")
    }

    #[test]
    fn fairy_stockfish_makes_only_four_leaps_lame() {
        // pyffish, a custom piece on d4 (d5 and e4 taken in `blocked`):
        // `nN` 8 moves (4 blocked), `nC` `nW` `mnC` none, `nCJ` the 8
        // Zebra leaps, `nR` a Rook's 14.
        let open = "7k/8/8/8/3O4/8/8/K7 w - - 0 1";
        let blocked = "7k/8/8/3P4/3OP3/8/8/K7 w - - 0 1";
        let n = |b: &str, fen: &str| d4_moves(b, fen, true).len();
        assert_eq!((n("nN", open), n("nN", blocked)), (8, 4));
        for none in ["nC", "nW", "mnC", "nG", "nH"] {
            assert_eq!(n(none, open), 0, "{none}");
        }
        assert_eq!(n("nCJ", open), 8);
        assert_eq!(n("nR", open), 14);
        // Menagerie's notation moves the lame Camel (blocked on d5 and e4
        // it keeps the leaps whose first step goes the other ways).
        assert_eq!(d4_moves("nC", open, false).len(), 8);
        assert_eq!(d4_moves("nC", blocked, false).len(), 4);
    }
}
