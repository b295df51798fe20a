//! Merged variant file to validated [`Variant`].

use super::load::{Merged, Problem, VariantError};
use super::model::{
    Castling, CountWin, Coverage, EndRule, Facing, FenField, FenFormat, MoveStyle, PieceDef,
    Promotion, Region, Rules, Variant, Verdict,
};
use super::spec::{MoveGroupFile, RegionFile};
use crate::betza::{self, Component, Dialect};
use crate::movegen::attacks::AttackTables;
use crate::movegen::compile::{compile, leg_vectors, GroupSource, PieceSource};
use crate::movegen::legs::Run;
use crate::movegen::tables::{flag, MoveTables};
use crate::piece::{Color, PieceType, MAX_PIECE_TYPES};
use crate::position::zobrist::Zobrist;
use crate::position::Position;
use menagerie_geometry::{BoardSpec, CellId, CellSet, Geometry, Vector};
use std::collections::BTreeMap;
use std::sync::Arc;

struct B<'a> {
    m: &'a Merged,
    problems: Vec<Problem>,
    g: Geometry,
    regions: BTreeMap<String, Region>,
}

fn mirror(g: &Geometry, s: &CellSet) -> Result<CellSet, String> {
    let mut out = g.empty_set();
    for c in s.iter() {
        match g.mirror_rank(c) {
            Some(m) => out.insert(m),
            None => {
                return Err(format!(
                    "cell {} has no mirror cell for Black; give `white` and `black` explicitly",
                    g.name(c)
                ))
            }
        }
    }
    Ok(out)
}

impl B<'_> {
    fn region_pair(&self, text: &str) -> Result<[CellSet; 2], String> {
        if let Some(r) = self.regions.get(text) {
            return Ok(r.cells.clone());
        }
        let w = self.g.region(text).map_err(|e| e.to_string())?;
        let b = mirror(&self.g, &w)?;
        Ok([w, b])
    }

    fn groups_from_betza(
        &mut self,
        text: &str,
        origin: usize,
        span: std::ops::Range<usize>,
        key: &str,
    ) -> Option<Vec<Component>> {
        match betza::parse(text) {
            Ok(b) => Some(b.components),
            Err(e) => {
                let at = span.start + e.column; // +1 for the quote, -1 for 1-based column
                self.problems.push(self.m.problem_at(
                    origin,
                    Some(at..at),
                    key,
                    format!("column {}: {}", e.column, e.message),
                ));
                None
            }
        }
    }

    fn group(
        &mut self,
        gf: &MoveGroupFile,
        origin: usize,
        span: std::ops::Range<usize>,
        key: &str,
    ) -> Option<GroupSource> {
        let mut g = GroupSource::default();
        match (&gf.betza, &gf.legs) {
            (Some(t), None) => match betza::parse(t) {
                Ok(b) => g.components = b.components,
                Err(e) => {
                    self.problems.push(self.m.problem_at(
                        origin,
                        Some(span),
                        key,
                        format!("betza `{t}`, column {}: {}", e.column, e.message),
                    ));
                    return None;
                }
            },
            (None, Some(legs)) => {
                if legs.len() < 2 {
                    self.problems.push(self.m.problem_at(
                        origin,
                        Some(span),
                        key,
                        "`legs` needs two or more legs",
                    ));
                    return None;
                }
                let mut alts: Vec<Vec<betza::Leg>> = Vec::new();
                for (i, l) in legs.iter().enumerate() {
                    match betza::parse(l) {
                        Ok(b) => {
                            let mut options = Vec::new();
                            for c in b.components {
                                if c.legs.len() != 1 {
                                    self.problems.push(self.m.problem_at(origin, Some(span.clone()), key, format!("leg {} `{l}`: each leg is a one-leg move (no `a` or brackets)", i + 1)));
                                    return None;
                                }
                                options.extend(c.legs);
                            }
                            alts.push(options);
                        }
                        Err(e) => {
                            self.problems.push(self.m.problem_at(
                                origin,
                                Some(span),
                                key,
                                format!("leg {} `{l}`, column {}: {}", i + 1, e.column, e.message),
                            ));
                            return None;
                        }
                    }
                }
                let mut combos: Vec<Vec<betza::Leg>> = vec![Vec::new()];
                for opts in &alts {
                    let mut next = Vec::new();
                    for c in &combos {
                        for o in opts {
                            let mut c2 = c.clone();
                            c2.push(o.clone());
                            next.push(c2);
                        }
                    }
                    combos = next;
                }
                let text = legs.join(" / ");
                for legs in combos {
                    let n = legs.len();
                    g.components.push(Component {
                        legs,
                        may_end: vec![false; n - 1],
                        column: 1,
                        text: text.clone(),
                        relative: gf.relative.unwrap_or(false),
                    });
                }
            }
            _ => {
                self.problems.push(self.m.problem_at(
                    origin,
                    Some(span),
                    key,
                    "a move group needs exactly one of `betza` or `legs`",
                ));
                return None;
            }
        }
        g.initial = gf.initial.unwrap_or(false);
        g.noreset = gf.resets_clock == Some(false);
        g.show_path = gf.show_path.unwrap_or(false);
        let reg =
            |t: &Option<String>, what: &str, this: &mut Self| -> Option<Option<[CellSet; 2]>> {
                match t {
                    None => Some(None),
                    Some(t) => match this.region_pair(t) {
                        Ok(r) => Some(Some(r)),
                        Err(e) => {
                            this.problems.push(this.m.problem_at(
                                origin,
                                None,
                                &format!("{key}.{what}"),
                                e,
                            ));
                            None
                        }
                    },
                }
            };
        g.from = reg(&gf.from, "from", self)?;
        g.to = reg(&gf.to, "to", self)?;
        g.not_into = reg(&gf.not_into, "not_into", self)?;
        if let Some(names) = &gf.same_region {
            let mut classes = [vec![u8::MAX; self.g.len()], vec![u8::MAX; self.g.len()]];
            for (i, n) in names.iter().enumerate() {
                match self.region_pair(n) {
                    Ok(r) => {
                        for c in 0..2 {
                            for cell in r[c].iter() {
                                classes[c][cell.idx()] = i as u8;
                            }
                        }
                    }
                    Err(e) => {
                        self.problems.push(self.m.problem_at(
                            origin,
                            None,
                            &format!("{key}.same_region"),
                            e,
                        ));
                        return None;
                    }
                }
            }
            g.same_class = Some(classes);
        }
        Some(g)
    }
}

fn token_ok(t: &str) -> bool {
    let c: Vec<char> = t.chars().collect();
    match c.len() {
        1 => c[0].is_ascii_uppercase(),
        2 => "*'^~!".contains(c[0]) && c[1].is_ascii_uppercase(),
        _ => false,
    }
}

fn glyph_of(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_ascii_lowercase()
}

fn dir_index(v: Vector) -> usize {
    let s = v.signum();
    let i = ((s.x + 1) * 9 + (s.y + 1) * 3 + (s.z + 1)) as usize;
    if i > 13 {
        i - 1
    } else {
        i
    }
}

/// Builds a variant from a merged file chain.
///
/// # Errors
/// Every problem found, each with file, line and key.
#[allow(clippy::too_many_lines)]
pub fn build(m: &Merged, dialect: Dialect) -> Result<Variant, VariantError> {
    let fail = |p: Problem| VariantError { problems: vec![p] };
    let top = &m.top;
    let Some(id) = top.id.as_ref() else {
        return Err(fail(m.problem_in("id", "id", "missing `id`")));
    };
    let id_s = id.get_ref().clone();
    if id_s.is_empty()
        || !id_s
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        let o = m.section_origin.get("id").copied().unwrap_or(0);
        return Err(fail(m.problem_at(
            o,
            Some(id.span()),
            "id",
            "ids use lowercase letters, digits and `-`",
        )));
    }
    let Some(bf) = top.board.as_ref() else {
        return Err(fail(m.problem_in("board", "board", "missing `[board]`")));
    };
    let mut extra = Vec::new();
    for e in bf.extra.clone().unwrap_or_default() {
        let at = match e.at.len() {
            2 => [e.at[0], e.at[1], 0],
            3 => [e.at[0], e.at[1], e.at[2]],
            _ => {
                return Err(fail(m.problem_in(
                    "board",
                    "board.extra",
                    format!("extra cell `{}`: `at` needs 2 or 3 numbers", e.name),
                )))
            }
        };
        extra.push((e.name, at));
    }
    let spec = BoardSpec {
        files: bf.files,
        ranks: bf.ranks,
        levels: bf.levels.unwrap_or(1),
        holes: bf.holes.clone().unwrap_or_default(),
        extra,
        level_letters: bf.level_letters.clone().unwrap_or_default(),
        aliases: bf.aliases.clone().unwrap_or_default().into_iter().collect(),
    };
    let g =
        Geometry::new(&spec).map_err(|e| fail(m.problem_in("board", "board", e.to_string())))?;
    let mut b = B {
        m,
        problems: Vec::new(),
        g,
        regions: BTreeMap::new(),
    };

    // Regions.
    for (name, (origin, r)) in &m.regions {
        let key = format!("regions.{name}");
        let res: Result<([CellSet; 2], String), String> = (|| match r.get_ref() {
            RegionFile::Mirrored(t) => {
                let w = b.g.region(t).map_err(|e| e.to_string())?;
                let bl = mirror(&b.g, &w)?;
                Ok(([w, bl], "other".to_string()))
            }
            RegionFile::PerSide { white, black, kind } => Ok((
                [
                    b.g.region(white).map_err(|e| e.to_string())?,
                    b.g.region(black).map_err(|e| e.to_string())?,
                ],
                kind.clone().unwrap_or_else(|| "other".into()),
            )),
            RegionFile::Shaded { cells, kind } => {
                let w = b.g.region(cells).map_err(|e| e.to_string())?;
                let bl = mirror(&b.g, &w)?;
                Ok(([w, bl], kind.clone()))
            }
        })();
        match res {
            Ok((cells, kind)) => {
                b.regions.insert(
                    name.clone(),
                    Region {
                        name: name.clone(),
                        kind,
                        cells,
                    },
                );
            }
            Err(e) => b
                .problems
                .push(m.problem_at(*origin, Some(r.span()), &key, e)),
        }
    }

    // Piece keys and tokens.
    let keys: Vec<String> = m.pieces.keys().cloned().collect();
    if keys.is_empty() {
        return Err(fail(m.problem_in("id", "pieces", "no pieces defined")));
    }
    if keys.len() > MAX_PIECE_TYPES {
        return Err(fail(m.problem_in(
            "id",
            "pieces",
            format!("{} piece types; at most {MAX_PIECE_TYPES}", keys.len()),
        )));
    }
    let index: BTreeMap<&str, PieceType> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (k.as_str(), i as PieceType))
        .collect();
    let lookup = |k: &str| index.get(k).copied();
    let all_cells = b.g.all_cells();
    let mut pieces: Vec<PieceDef> = Vec::new();
    let mut sources: Vec<PieceSource> = Vec::new();
    let mut tokens = BTreeMap::new();
    let mut explicit_initial: Vec<Option<[CellSet; 2]>> = Vec::new();
    let drops = top.rules.as_ref().and_then(|r| r.drops).unwrap_or(false);
    let mut imitator = None;
    for (ti, key) in keys.iter().enumerate() {
        let (origin, sp) = &m.pieces[key];
        let p = sp.get_ref();
        let pkey = format!("pieces.{key}");
        let token = p.token.clone().unwrap_or_else(|| key.clone());
        if !token_ok(&token) {
            b.problems.push(m.problem_at(*origin, Some(sp.span()), &pkey, format!("token `{token}`: one uppercase letter, optionally after one of * ' ^ ~ ! (set `token` when the key is longer)")));
        }
        if let Some(prev) = tokens.insert(token.clone(), key.clone()) {
            b.problems.push(m.problem_at(
                *origin,
                Some(sp.span()),
                &pkey,
                format!("token `{token}` is also used by `{prev}`"),
            ));
        }
        let mut src = PieceSource::default();
        let mut betza_text = Vec::new();
        let mut plain = true;
        if let Some(t) = &p.betza {
            betza_text.push(t.get_ref().clone());
            if let Some(comps) =
                b.groups_from_betza(t.get_ref(), *origin, t.span(), &format!("{pkey}.betza"))
            {
                src.groups.push(GroupSource {
                    components: comps,
                    ..GroupSource::default()
                });
            }
        }
        for (gi, gf) in p.moves.clone().unwrap_or_default().iter().enumerate() {
            plain = false;
            if let Some(t) = &gf.get_ref().betza {
                betza_text.push(t.clone());
            }
            if let Some(gs) = b.group(
                gf.get_ref(),
                *origin,
                gf.span(),
                &format!("{pkey}.moves[{gi}]"),
            ) {
                src.groups.push(gs);
            }
        }
        let imit = match p.imitates.as_deref() {
            None => false,
            Some("last-moved") => true,
            Some(o) => {
                b.problems.push(m.problem_at(
                    *origin,
                    None,
                    &format!("{pkey}.imitates"),
                    format!("`{o}`: the only imitation rule is `last-moved`"),
                ));
                false
            }
        };
        if imit {
            if !src.groups.is_empty() {
                b.problems.push(m.problem_at(
                    *origin,
                    Some(sp.span()),
                    &pkey,
                    "an imitating piece has no moves of its own",
                ));
            }
            if imitator.replace(ti as PieceType).is_some() {
                b.problems.push(m.problem_at(
                    *origin,
                    Some(sp.span()),
                    &pkey,
                    "only one piece type may imitate",
                ));
            }
        } else if src.groups.is_empty() {
            b.problems.push(m.problem_at(
                *origin,
                Some(sp.span()),
                &pkey,
                "piece has no moves (`betza` or `moves`)",
            ));
        }
        let promotion = match &p.promotion {
            None => None,
            Some(ps) => {
                let pr = ps.get_ref();
                let pk = format!("{pkey}.promotion");
                let zone = match b.region_pair(&pr.zone) {
                    Ok(z) => z,
                    Err(e) => {
                        b.problems
                            .push(m.problem_at(*origin, Some(ps.span()), &pk, e));
                        [b.g.empty_set(), b.g.empty_set()]
                    }
                };
                let mut to = Vec::new();
                for t in &pr.to {
                    match lookup(t) {
                        Some(k) => to.push(k),
                        None => b.problems.push(m.problem_at(
                            *origin,
                            Some(ps.span()),
                            &pk,
                            format!("promotion to unknown piece `{t}`"),
                        )),
                    }
                }
                let on_start_too = match pr.trigger.as_deref() {
                    None | Some("end") => false,
                    Some("start-or-end") => true,
                    Some(o) => {
                        b.problems.push(m.problem_at(
                            *origin,
                            Some(ps.span()),
                            &pk,
                            format!("trigger `{o}`: use `end` or `start-or-end`"),
                        ));
                        false
                    }
                };
                let keeps_origin = match pr.style.as_deref() {
                    None | Some("replace") => false,
                    Some("promote") => true,
                    Some(o) => {
                        b.problems.push(m.problem_at(
                            *origin,
                            Some(ps.span()),
                            &pk,
                            format!("style `{o}`: use `replace` or `promote`"),
                        ));
                        false
                    }
                };
                Some(Promotion {
                    zone,
                    to,
                    mandatory: pr.mandatory.unwrap_or(false),
                    on_start_too,
                    only_lost: pr.only_lost.unwrap_or(false),
                    on_entry: pr.on_entry.unwrap_or(false),
                    keeps_origin,
                })
            }
        };
        let captured_as = match p.captured_as.as_deref() {
            None => Some(ti as PieceType),
            Some("") => None,
            Some(k) => match lookup(k) {
                Some(t) => Some(t),
                None => {
                    b.problems.push(m.problem_at(
                        *origin,
                        None,
                        &format!("{pkey}.captured_as"),
                        format!("unknown piece `{k}`"),
                    ));
                    None
                }
            },
        };
        let drop_zone = match &p.drop_zone {
            None => [all_cells.clone(), all_cells.clone()],
            Some(z) => b.region_pair(z).unwrap_or_else(|e| {
                b.problems
                    .push(m.problem_at(*origin, None, &format!("{pkey}.drop_zone"), e));
                [all_cells.clone(), all_cells.clone()]
            }),
        };
        explicit_initial.push(p.initial.as_ref().and_then(|z| {
            b.region_pair(z)
                .map_err(|e| {
                    b.problems
                        .push(m.problem_at(*origin, None, &format!("{pkey}.initial"), e))
                })
                .ok()
        }));
        let name = p.name.clone().unwrap_or_else(|| key.clone());
        pieces.push(PieceDef {
            key: key.clone(),
            token: token.clone(),
            glyph: p.glyph.clone().unwrap_or_else(|| glyph_of(&name)),
            abbrev: p.abbrev.clone().unwrap_or_else(|| token.clone()),
            description: p.description.clone().unwrap_or_default(),
            name,
            betza: betza_text.join(" "),
            plain_betza: plain && !imit,
            royal: p.royal.unwrap_or(false),
            promotion,
            creates_ep: p.en_passant.unwrap_or(false),
            resets_clock: p.resets_clock.unwrap_or(false),
            captured_as,
            imitator: imit,
            drop_zone,
            no_doubled: p.no_doubled.unwrap_or(false),
            droppable: p.droppable.unwrap_or(drops),
            mobile: [b.g.empty_set(), b.g.empty_set()],
            complex: false,
            dedup: false,
            start_count: [0, 0],
            initial: [b.g.empty_set(), b.g.empty_set()],
        });
        sources.push(src);
    }

    // Castling.
    let mut castling = Vec::new();
    for (ci, cs) in top.castling.clone().unwrap_or_default().iter().enumerate() {
        let c = cs.get_ref();
        let key = format!("castling[{ci}]");
        let o = m.section_origin.get("castling").copied().unwrap_or(0);
        let cell = |n: &str, b: &mut B<'_>| -> Option<CellId> {
            let r = b.g.parse_cell(n);
            if r.is_none() {
                b.problems.push(m.problem_at(
                    o,
                    Some(cs.span()),
                    &key,
                    format!("`{n}` is not a cell"),
                ));
            }
            r
        };
        let (Some(k), Some(kt), Some(p), Some(pt)) = (
            cell(&c.king, &mut b),
            cell(&c.to, &mut b),
            cell(&c.partner, &mut b),
            cell(&c.partner_to, &mut b),
        ) else {
            continue;
        };
        let letter = match c.letter.chars().collect::<Vec<_>>()[..] {
            [ch] if ch.is_ascii_uppercase() => ch,
            _ => {
                b.problems.push(m.problem_at(
                    o,
                    Some(cs.span()),
                    &key,
                    format!(
                        "letter `{}`: one uppercase letter (Black's is its lowercase)",
                        c.letter
                    ),
                ));
                continue;
            }
        };
        let between = |a: CellId, z: CellId, g: &Geometry| -> Vec<CellId> {
            let pa = g.coord(a);
            let pz = g.coord(z);
            let d = Vector::new(pz.x - pa.x, pz.y - pa.y, pz.z - pa.z);
            let u = d.signum();
            let mut out = Vec::new();
            let mut cur = a;
            for _ in 0..d.chebyshev() {
                match g.offset(cur, u) {
                    Some(n) => {
                        out.push(n);
                        cur = n;
                    }
                    None => break,
                }
            }
            out
        };
        let empty: Vec<CellId> = match &c.empty {
            Some(list) => list.iter().filter_map(|n| cell(n, &mut b)).collect(),
            None => {
                let mut e = between(k, kt, &b.g);
                e.extend(between(p, pt, &b.g));
                e.sort_unstable();
                e.dedup();
                e
            }
        };
        let safe: Vec<CellId> = match &c.safe {
            Some(list) => list.iter().filter_map(|n| cell(n, &mut b)).collect(),
            None => {
                let mut s = vec![k];
                let mut path = between(k, kt, &b.g);
                path.pop();
                s.extend(path);
                s
            }
        };
        let imitation = c.imitation.as_ref().map(|list| {
            list.iter().fold(0u64, |acc, kname| match lookup(kname) {
                Some(t) => acc | 1 << t,
                None => {
                    b.problems.push(m.problem_at(
                        o,
                        Some(cs.span()),
                        &key,
                        format!("unknown piece `{kname}` in `imitation`"),
                    ));
                    acc
                }
            })
        });
        castling.push(Castling {
            color: Color::White,
            letter,
            king: k,
            king_to: kt,
            partner: p,
            partner_to: pt,
            empty: empty.clone(),
            safe: safe.clone(),
            imitation,
        });
        match c.black.as_deref() {
            None | Some("mirror") => {
                let mr = |x: CellId| b.g.mirror_rank(x).unwrap_or(x);
                castling.push(Castling {
                    color: Color::Black,
                    letter: letter.to_ascii_lowercase(),
                    king: mr(k),
                    king_to: mr(kt),
                    partner: mr(p),
                    partner_to: mr(pt),
                    empty: empty.iter().map(|&x| mr(x)).collect(),
                    safe: safe.iter().map(|&x| mr(x)).collect(),
                    imitation,
                });
            }
            Some("none") => {}
            Some(o2) => b.problems.push(m.problem_at(
                o,
                Some(cs.span()),
                &key,
                format!("black = `{o2}`: use `mirror` or `none`"),
            )),
        }
    }
    if castling.len() > 32 {
        b.problems
            .push(m.problem_in("castling", "castling", "at most 16 castling moves per side"));
    }
    // Keep White's rights first, then Black's (FEN order KQkq).
    castling.sort_by_key(|c| c.color);

    // Rules.
    let rf = top.rules.clone().unwrap_or_default();
    let verdict = |s: Option<&str>, b: &mut B<'_>| match s {
        None | Some("draw") => Verdict::Draw,
        Some("loss") => Verdict::Loss,
        Some("win") => Verdict::Win,
        Some(o) => {
            b.problems.push(m.problem_in(
                "rules",
                "rules.stalemate",
                format!("`{o}`: use draw, loss or win"),
            ));
            Verdict::Draw
        }
    };
    let stalemate = verdict(rf.stalemate.as_deref(), &mut b);
    let mut facing = Facing::default();
    for f in rf.facing.clone().unwrap_or_default() {
        match f.as_str() {
            "file" => facing.file = true,
            "diagonal" => facing.diagonal = true,
            "rank" => facing.rank = true,
            o => b.problems.push(m.problem_in(
                "rules",
                "rules.facing",
                format!("`{o}`: use file, diagonal or rank"),
            )),
        }
    }
    let count_win = rf
        .count_win
        .as_ref()
        .filter(|cw| cw.count > 0)
        .and_then(|cw| match lookup(&cw.piece) {
            Some(kind) => Some(CountWin {
                kind,
                count: cw.count,
            }),
            None => {
                b.problems.push(m.problem_in(
                    "rules",
                    "rules.count_win",
                    format!("unknown piece `{}`", cw.piece),
                ));
                None
            }
        });
    let rules = Rules {
        stalemate,
        move_rule: rf.move_rule.unwrap_or(100),
        repetition: rf.repetition.unwrap_or(3),
        ply_cap: rf.ply_cap.unwrap_or(0),
        bare_kings_draw: rf.bare_kings_draw.unwrap_or(false),
        facing,
        count_win,
        coverage: None,
        drops,
        captures_to_hand: rf.captures_to_hand.unwrap_or(drops),
        immobility_illegal: rf.immobility_illegal.unwrap_or(false),
        drop_resets_clock: rf.drop_resets_clock.unwrap_or(true),
        promotion_resets_clock: rf.promotion_resets_clock.unwrap_or(false),
    };

    // FEN and notation.
    let ff = top.fen.clone().unwrap_or_default();
    let levels = match ff.layout.as_deref() {
        None => b.g.is_3d(),
        Some("ranks") => false,
        Some("levels") => true,
        Some(o) => {
            b.problems.push(m.problem_in(
                "fen",
                "fen.layout",
                format!("`{o}`: use ranks or levels"),
            ));
            false
        }
    };
    let hands_in_brackets = match ff.hands.as_deref() {
        None => drops && !levels,
        Some("brackets") => true,
        Some("field") => false,
        Some(o) => {
            b.problems.push(m.problem_in(
                "fen",
                "fen.hands",
                format!("`{o}`: use brackets or field"),
            ));
            true
        }
    };
    let fields: Vec<FenField> = match &ff.fields {
        Some(list) => list
            .iter()
            .filter_map(|f| match f.as_str() {
                "extra" => Some(FenField::Extra),
                "side" => Some(FenField::Side),
                "castling" => Some(FenField::Castling),
                "ep" => Some(FenField::EnPassant),
                "hands" => Some(FenField::Hands),
                "halfmove" => Some(FenField::Halfmove),
                "fullmove" => Some(FenField::Fullmove),
                "imitation" => Some(FenField::Imitation),
                o => {
                    b.problems.push(m.problem_in(
                        "fen",
                        "fen.fields",
                        format!("unknown field `{o}`"),
                    ));
                    None
                }
            })
            .collect(),
        None => {
            let mut f = Vec::new();
            if !b.g.extras().is_empty() {
                f.push(FenField::Extra);
            }
            f.push(FenField::Side);
            if levels {
                if drops {
                    f.push(FenField::Hands);
                }
            } else {
                f.push(FenField::Castling);
                f.push(FenField::EnPassant);
                if drops && !hands_in_brackets {
                    f.push(FenField::Hands);
                }
            }
            f.push(FenField::Halfmove);
            f.push(FenField::Fullmove);
            if imitator.is_some() {
                f.push(FenField::Imitation);
            }
            f
        }
    };
    let fen = FenFormat {
        fields,
        levels,
        promoted_full: ff.promoted.as_deref() == Some("origin-current"),
        ep_passed: ff.ep.as_deref() == Some("passed"),
        hands_in_brackets,
        id_prefix: levels,
    };
    let nf = top.notation.clone().unwrap_or_default();
    let move_style = match nf.style.as_deref() {
        None | Some("uci") => MoveStyle::Uci,
        Some("dash") => MoveStyle::Dash,
        Some(o) => {
            b.problems.push(m.problem_in(
                "notation",
                "notation.style",
                format!("`{o}`: use uci or dash"),
            ));
            MoveStyle::Uci
        }
    };
    let plus_promotion = nf.promotion.as_deref() == Some("plus");
    let capture_mark = match nf.capture.as_deref() {
        None | Some("-") => '-',
        Some(":") => ':',
        Some("x") => 'x',
        Some(o) => {
            b.problems.push(m.problem_in(
                "notation",
                "notation.capture",
                format!("`{o}`: use `-`, `:` or `x`"),
            ));
            '-'
        }
    };
    let ai_values: Vec<Option<i32>> = keys
        .iter()
        .map(|k| {
            top.ai
                .as_ref()
                .and_then(|a| a.values.as_ref())
                .and_then(|v| v.get(k).copied())
        })
        .collect();
    if let Some(vals) = top.ai.as_ref().and_then(|a| a.values.as_ref()) {
        for k in vals.keys() {
            if lookup(k).is_none() {
                b.problems
                    .push(m.problem_in("ai", "ai.values", format!("unknown piece `{k}`")));
            }
        }
    }
    let Some(setup) = top.setup.as_ref().and_then(|s| s.fen.clone()) else {
        b.problems
            .push(m.problem_in("setup", "setup", "missing `[setup] fen`"));
        return Err(VariantError {
            problems: b.problems,
        });
    };
    if !b.problems.is_empty() {
        return Err(VariantError {
            problems: b.problems,
        });
    }

    let g = b.g.clone();
    let n = g.len();
    let types = pieces.len();
    let mut file_cells = vec![Vec::new(); g.files()];
    for c in g.cells() {
        let x = g.coord(c).x;
        if x >= 0 && (x as usize) < g.files() {
            file_cells[x as usize].push(c);
        }
    }
    let mut castle_mask = vec![0u32; n];
    for (i, c) in castling.iter().enumerate() {
        castle_mask[c.king.idx()] |= 1 << i;
        castle_mask[c.partner.idx()] |= 1 << i;
    }
    let mut v = Variant {
        id: id_s,
        aliases: top.aliases.clone().unwrap_or_default(),
        name: top.name.clone().unwrap_or_default(),
        family: top.family.clone().unwrap_or_else(|| "Other".into()),
        description: top.description.clone().unwrap_or_default(),
        geometry: g.clone(),
        pieces,
        tables: MoveTables::default(),
        attacks: AttackTables::default(),
        regions: b.regions.values().cloned().collect(),
        castling,
        end: EndRule::list(&rules),
        rules,
        fen,
        move_style,
        plus_promotion,
        capture_mark,
        start_fen: setup.get_ref().trim().to_string(),
        ai_values,
        imitator,
        zobrist: Zobrist::new(n, types, 32),
        file_cells,
        castle_mask,
        reach: vec![None; 2 * types * n],
        complex_types: 0,
    };
    if v.name.is_empty() {
        v.name = v.id.clone();
    }
    // Placement of the start position (needs no move tables).
    let setup_origin = m.section_origin.get("setup").copied().unwrap_or(0);
    let start = match Position::from_fen(&Arc::new(v.clone()), &v.start_fen) {
        Ok(p) => p,
        Err(e) => {
            return Err(fail(m.problem_at(
                setup_origin,
                Some(setup.span()),
                "setup.fen",
                e.to_string(),
            )))
        }
    };
    for (k, def) in v.pieces.iter_mut().enumerate() {
        for c in Color::BOTH {
            let cells = start.cells_of(c, k as PieceType);
            def.start_count[c.idx()] = cells.len().min(255) as u8;
            def.initial[c.idx()] = match &explicit_initial[k] {
                Some(r) => r[c.idx()].clone(),
                None => cells.iter().copied().collect(),
            };
        }
        sources[k].initial = def.initial.clone();
    }
    let tables = compile(&g, &sources, dialect).map_err(|e| {
        let key = &keys[e.piece];
        let (origin, sp) = &m.pieces[key];
        fail(m.problem_at(
            *origin,
            Some(sp.span()),
            &format!("pieces.{key}"),
            format!("`{}`: {}", e.text, e.message),
        ))
    })?;
    // Derived per-piece data.
    let mut complex_types = 0u64;
    for k in 0..types {
        let mut dedup = false;
        for color in Color::BOTH {
            for s in g.cells() {
                let mv = tables.at(color, k as PieceType, s);
                let mut dests: Vec<CellId> = Vec::new();
                dests.extend(mv.leaps.iter().map(|l| l.to));
                dests.extend(mv.conds.iter().map(|c| c.to));
                for r in mv.rays {
                    let cells = tables.ray_cells(r);
                    dests.extend(
                        cells
                            .iter()
                            .zip(tables.ray_stops(r))
                            .filter(|(_, &st)| st != 0)
                            .map(|(&c, _)| c),
                    );
                }
                let mut reach = CellSet::with_capacity(n);
                for c in mv.conds {
                    reach.insert(c.to);
                }
                for r in mv
                    .rays
                    .iter()
                    .filter(|r| r.kind == crate::movegen::tables::RayKind::FriendCannon)
                {
                    for &c in tables.ray_cells(r) {
                        reach.insert(c);
                    }
                }
                if !mv.progs.is_empty() {
                    dedup = true;
                    let empty = vec![crate::piece::Piece::EMPTY; n];
                    let run = Run {
                        g: &g,
                        board: &empty,
                        color,
                        from: s,
                        target: None,
                        empty_board: true,
                    };
                    for &pi in mv.progs {
                        run.run(tables.program(pi), &mut |l| {
                            reach.insert(l.to);
                            if let Some(c) = l.via_capture {
                                reach.insert(c);
                            }
                            false
                        });
                    }
                }
                let mut sorted = dests.clone();
                sorted.sort_unstable();
                sorted.dedup();
                if sorted.len() != dests.len()
                    || (!reach.is_empty()
                        && mv.progs.is_empty()
                        && dests.iter().any(|d| reach.contains(*d)))
                {
                    dedup = true;
                }
                if !dests.is_empty() || !reach.is_empty() {
                    v.pieces[k].mobile[color.idx()].insert(s);
                }
                if mv.has_complex() {
                    complex_types |= 1 << k;
                    v.reach[(color.idx() * types + k) * n + s.idx()] = Some(reach);
                }
            }
        }
        v.pieces[k].dedup = dedup;
        v.pieces[k].complex = complex_types >> k & 1 != 0;
    }
    v.complex_types = complex_types;
    let skip = imitator.map_or(0, |j| 1u64 << j);
    v.attacks = AttackTables::build(&g, &tables, skip);
    v.tables = tables;
    // Coverage rule (needs each piece's directions).
    if let Some(cf) = &rf.coverage {
        let mut problems = Vec::new();
        if let Some(groups) = &cf.groups {
            let mut masks = Vec::new();
            for grp in groups {
                let mut mask = 0u64;
                for k in grp {
                    match lookup(k) {
                        Some(t) => mask |= 1 << t,
                        None => problems.push(m.problem_in(
                            "rules",
                            "rules.coverage.groups",
                            format!("unknown piece `{k}`"),
                        )),
                    }
                }
                masks.push(mask);
            }
            v.rules.coverage = Some(Coverage::Groups {
                min: cf.min,
                groups: masks,
            });
        } else {
            let mut excluded = 0u64;
            for k in cf.exclude.clone().unwrap_or_default() {
                match lookup(&k) {
                    Some(t) => excluded |= 1 << t,
                    None => problems.push(m.problem_in(
                        "rules",
                        "rules.coverage.exclude",
                        format!("unknown piece `{k}`"),
                    )),
                }
            }
            let mut dirs = [vec![0u32; types], vec![0u32; types]];
            for (k, src) in sources.iter().enumerate() {
                if excluded >> k & 1 != 0 {
                    continue;
                }
                for grp in &src.groups {
                    for comp in &grp.components {
                        if let Ok(vecs) =
                            leg_vectors(&g, &comp.legs[0], Vector::new(0, 1, 0), false, dialect)
                        {
                            for vv in vecs {
                                dirs[0][k] |= 1 << dir_index(vv);
                                dirs[1][k] |= 1 << dir_index(vv.rotated());
                            }
                        }
                    }
                }
            }
            let mut all = 0u32;
            for x in -1i8..=1 {
                for y in -1i8..=1 {
                    for z in -1i8..=1 {
                        let d = Vector::new(x, y, z);
                        if !d.is_zero() && (g.is_3d() || z == 0) {
                            all |= 1 << dir_index(d);
                        }
                    }
                }
            }
            v.rules.coverage = Some(Coverage::Directions {
                min: cf.min,
                dirs,
                all,
            });
        }
        if !problems.is_empty() {
            return Err(VariantError { problems });
        }
    }
    v.end = EndRule::list(&v.rules);
    let v = Arc::new(v);
    if let Err(e) = Position::from_fen(&v, &v.start_fen) {
        return Err(fail(m.problem_at(
            setup_origin,
            Some(setup.span()),
            "setup.fen",
            e.to_string(),
        )));
    }
    let _ = flag::QUIET;
    Arc::try_unwrap(v)
        .map_err(|_| fail(m.problem_in("id", "id", "internal error: variant still shared")))
}
