//! Stage 3: piece types — tokens, moves, promotion, hands, imitation — and
//! their start counts once the start placement is read.

use super::moves::At;
use super::{fail, Ctx};
use crate::movegen::compile::{GroupSource, PieceSource};
use crate::piece::{Color, PieceType, MAX_PIECE_TYPES};
use crate::placement::Placement;
use crate::variant::load::VariantError;
use crate::variant::model::{CannonLimits, EpField, PieceDef, Promotion};
use crate::variant::spec::{NoDoubled, PieceFile, PromotionFile};
use menagerie_geometry::{CellSet, Geometry};

/// The piece types of a variant, with what the later stages need.
pub(super) struct Pieces {
    /// One definition per type, in type order.
    pub defs: Vec<PieceDef>,
    /// Their moves, for the compiler.
    pub sources: Vec<PieceSource>,
    /// `initial` regions given in the file (else: the start cells).
    pub explicit_initial: Vec<Option<[CellSet; 2]>>,
    /// The imitating type, if any.
    pub imitator: Option<PieceType>,
}

/// A token is one uppercase letter, optionally after one of `* ' ^ ~ !`.
fn token_ok(t: &str) -> bool {
    let c: Vec<char> = t.chars().collect();
    match c.len() {
        1 => c[0].is_ascii_uppercase(),
        2 => "*'^~!".contains(c[0]) && c[1].is_ascii_uppercase(),
        _ => false,
    }
}

/// The default picture id: the name's letters in lower case.
fn glyph_of(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_ascii_lowercase()
}

impl Pieces {
    /// Start counts and initial cells from the start placement.
    pub(super) fn count_start(&mut self, start: &Placement, g: &Geometry) {
        for (k, def) in self.defs.iter_mut().enumerate() {
            for c in Color::BOTH {
                let mut cells = g.empty_set();
                let mut n = 0usize;
                for (cell, piece, _) in &start.cells {
                    if piece.is_color(c) && usize::from(piece.kind()) == k {
                        cells.insert(*cell);
                        n += 1;
                    }
                }
                def.start_count[c.idx()] = n.min(255) as u8;
                def.initial[c.idx()] = match &self.explicit_initial[k] {
                    Some(r) => r[c.idx()].clone(),
                    None => cells,
                };
            }
            self.sources[k].initial = def.initial.clone();
        }
    }
}

impl Ctx<'_> {
    /// Reads every `[pieces.X]`.
    pub(super) fn pieces(&mut self) -> Result<Pieces, VariantError> {
        let m = self.m;
        if self.keys.is_empty() {
            return Err(fail(m.problem_in("id", "pieces", "no pieces defined")));
        }
        if self.keys.len() > MAX_PIECE_TYPES {
            return Err(fail(m.problem_in(
                "id",
                "pieces",
                format!("{} piece types; at most {MAX_PIECE_TYPES}", self.keys.len()),
            )));
        }
        let drops = m.top.rules.as_ref().and_then(|r| r.drops).unwrap_or(false);
        let mut out = Pieces {
            defs: Vec::new(),
            sources: Vec::new(),
            explicit_initial: Vec::new(),
            imitator: None,
        };
        let mut tokens = std::collections::BTreeMap::new();
        for (ti, key) in self.keys.clone().iter().enumerate() {
            let (origin, sp) = &m.pieces[key];
            let at = At {
                origin: *origin,
                span: sp.span(),
                key: &format!("pieces.{key}"),
            };
            let p = sp.get_ref();
            let token = p.token.clone().unwrap_or_else(|| key.clone());
            if !token_ok(&token) {
                self.problems.push(m.problem_at(*origin, Some(sp.span()), at.key, format!("token `{token}`: one uppercase letter, optionally after one of * ' ^ ~ ! (set `token` when the key is longer)")));
            }
            if let Some(letter) = p.san.as_deref().filter(|l| !l.is_empty() && !token_ok(l)) {
                self.problems.push(m.problem_at(
                    *origin,
                    Some(sp.span()),
                    at.key,
                    format!("san `{letter}`: empty, or one uppercase letter optionally after one of * ' ^ ~ !"),
                ));
            }
            if let Some(prev) = tokens.insert(token.clone(), key.clone()) {
                self.problems.push(m.problem_at(
                    *origin,
                    Some(sp.span()),
                    at.key,
                    format!("token `{token}` is also used by `{prev}`"),
                ));
            }
            let (src, betza, plain) = self.piece_moves(p, &at);
            // A wall (`[rules] walls`) or an immobile piece stands still:
            // it needs no moves.
            let is_wall = m
                .top
                .rules
                .as_ref()
                .and_then(|r| r.walls.as_ref())
                .is_some_and(|w| &w.piece == key);
            let still = is_wall || p.immobile.unwrap_or(false);
            if p.immobile == Some(true) && !src.groups.is_empty() {
                self.problems.push(m.problem_at(
                    *origin,
                    Some(sp.span()),
                    at.key,
                    "an immobile piece has no `betza` or `moves`",
                ));
            }
            let imitates = self.imitates(p, &at, still || !src.groups.is_empty());
            if imitates && out.imitator.replace(ti as PieceType).is_some() {
                self.problems.push(m.problem_at(
                    *origin,
                    Some(sp.span()),
                    at.key,
                    "only one piece type may imitate",
                ));
            }
            let promotion = p.promotion.as_ref().map(|ps| {
                let pat = At {
                    span: ps.span(),
                    key: &format!("{}.promotion", at.key),
                    ..at.clone()
                };
                self.promotion(ps.get_ref(), &pat)
            });
            let captured_as = self.captured_as(p, ti as PieceType, &at);
            let ep_field = p.ep_field.as_deref().and_then(|name| {
                let field = EpField::parse(name);
                if field.is_none() {
                    self.problems.push(m.problem_at(
                        *origin,
                        Some(sp.span()),
                        at.key,
                        format!("ep_field `{name}`: use capturable, passed or passed-landing"),
                    ));
                }
                field
            });
            let all = self.g.all_cells();
            let drop_zone = self
                .piece_region(p.drop_zone.as_ref(), "drop_zone", &at)
                .unwrap_or([all.clone(), all]);
            out.explicit_initial
                .push(self.piece_region(p.initial.as_ref(), "initial", &at));
            let name = p.name.clone().unwrap_or_else(|| key.clone());
            out.defs.push(PieceDef {
                key: key.clone(),
                glyph: p.glyph.clone().unwrap_or_else(|| glyph_of(&name)),
                abbrev: p.abbrev.clone().unwrap_or_else(|| token.clone()),
                san: p.san.clone(),
                token,
                description: p.description.clone().unwrap_or_default(),
                name,
                betza,
                plain_betza: plain && !imitates,
                royal: p.royal.unwrap_or(false),
                promotion,
                creates_ep: p.en_passant.unwrap_or(false),
                ep_field,
                resets_clock: p.resets_clock.unwrap_or(false),
                reversible_keeps_clock: p.reversible_keeps_clock.unwrap_or(false),
                captured_as,
                imitator: imitates,
                drop_zone,
                no_doubled: p.no_doubled.map_or(0, NoDoubled::limit),
                droppable: p.droppable.unwrap_or(drops),
                mobile: [self.g.empty_set(), self.g.empty_set()],
                complex: false,
                dedup: false,
                start_count: [0, 0],
                initial: [self.g.empty_set(), self.g.empty_set()],
                limits: self.cannon_limits(p, &at),
            });
            out.sources.push(src);
        }
        Ok(out)
    }

    /// A piece's move groups: its `betza` text and its `moves` entries, the
    /// text shown for people, and whether it is all plain Betza.
    fn piece_moves(&mut self, p: &PieceFile, at: &At<'_>) -> (PieceSource, String, bool) {
        let mut src = PieceSource::default();
        let mut text = Vec::new();
        if let Some(t) = &p.betza {
            text.push(t.get_ref().clone());
            let bat = At {
                span: t.span(),
                key: &format!("{}.betza", at.key),
                ..at.clone()
            };
            if let Some(components) = self.groups_from_betza(t.get_ref(), &bat) {
                src.groups.push(GroupSource {
                    components,
                    ..GroupSource::default()
                });
            }
        }
        let groups = p.moves.clone().unwrap_or_default();
        for (gi, gf) in groups.iter().enumerate() {
            if let Some(t) = &gf.get_ref().betza {
                text.push(t.clone());
            }
            let gat = At {
                span: gf.span(),
                key: &format!("{}.moves[{gi}]", at.key),
                ..at.clone()
            };
            if let Some(gs) = self.group(gf.get_ref(), &gat) {
                src.groups.push(gs);
            }
        }
        (src, text.join(" "), groups.is_empty())
    }

    /// Whether the piece imitates (`imitates = "last-moved"`); an imitating
    /// piece has no moves of its own, any other piece needs some.
    fn imitates(&mut self, p: &PieceFile, at: &At<'_>, has_moves: bool) -> bool {
        let m = self.m;
        let imitates = match p.imitates.as_deref() {
            None => false,
            Some("last-moved") => true,
            Some(o) => {
                self.problems.push(m.problem_at(
                    at.origin,
                    None,
                    &format!("{}.imitates", at.key),
                    format!("`{o}`: the only imitation rule is `last-moved`"),
                ));
                false
            }
        };
        let problem = match (imitates, has_moves) {
            (true, true) => Some("an imitating piece has no moves of its own"),
            (false, false) => Some("piece has no moves (`betza` or `moves`)"),
            _ => None,
        };
        if let Some(msg) = problem {
            self.problems
                .push(m.problem_at(at.origin, Some(at.span.clone()), at.key, msg));
        }
        imitates
    }

    /// `promotion = { zone, to, ... }`.
    fn promotion(&mut self, pr: &PromotionFile, at: &At<'_>) -> Promotion {
        let m = self.m;
        let report = |cx: &mut Self, msg: String| {
            cx.problems
                .push(m.problem_at(at.origin, Some(at.span.clone()), at.key, msg));
        };
        let zone = self.region_pair(&pr.zone).unwrap_or_else(|e| {
            report(self, e);
            [self.g.empty_set(), self.g.empty_set()]
        });
        let types = |cx: &mut Self, list: &[String]| {
            let mut to = Vec::new();
            for t in list {
                match cx.lookup(t) {
                    Some(k) => to.push(k),
                    None => report(cx, format!("promotion to unknown piece `{t}`")),
                }
            }
            to
        };
        let to = types(self, &pr.to);
        let to_black = pr.to_black.as_ref().map(|list| types(self, list));
        let plus_to = pr
            .plus_to
            .as_ref()
            .and_then(|t| types(self, std::slice::from_ref(t)).pop());
        let (on_start_too, on_capture) = match pr.trigger.as_deref() {
            None | Some("end") => (false, false),
            Some("start-or-end") => (true, false),
            Some("capture") => (true, true),
            Some(o) => {
                report(
                    self,
                    format!("trigger `{o}`: use `end`, `start-or-end` or `capture`"),
                );
                (false, false)
            }
        };
        let keeps_origin = match pr.style.as_deref() {
            None | Some("replace") => false,
            Some("promote" | "revert") => true,
            Some(o) => {
                report(
                    self,
                    format!("style `{o}`: use `replace`, `promote` or `revert`"),
                );
                false
            }
        };
        // A demotion returns the piece to the origin it keeps, and a
        // promoted drop must keep its origin for the captor's hand.
        let needs_origin = pr.demotion == Some(true) || pr.drop_promoted == Some(true);
        if needs_origin && !keeps_origin {
            report(
                self,
                "`demotion` and `drop_promoted` need a promoted piece that keeps its origin: style `promote` or `revert`".into(),
            );
        }
        if pr.drop_promoted == Some(true) && to.len() != 1 {
            report(
                self,
                "`drop_promoted` needs exactly one type in `to` (the type dropped)".into(),
            );
        }
        Promotion {
            zone,
            to,
            to_black,
            mandatory: pr.mandatory.unwrap_or(false),
            on_start_too,
            on_capture,
            demotion: pr.demotion.unwrap_or(false),
            drop_promoted: pr.drop_promoted.unwrap_or(false),
            only_lost: pr.only_lost.unwrap_or(false),
            on_entry: pr.on_entry.unwrap_or(false),
            blocked_without_choice: pr.blocked_without_choice.unwrap_or(false),
            keeps_origin,
            plus_text: pr.style.as_deref() == Some("promote"),
            plus_to,
        }
    }

    /// `no_hop_over`, `no_capture`: the types it may not hop over or take.
    fn cannon_limits(&mut self, p: &PieceFile, at: &At<'_>) -> CannonLimits {
        let found = crate::components::cannon_limits::from_spec(
            p.no_hop_over.as_deref(),
            p.no_capture.as_deref(),
            |k| self.lookup(k),
        );
        found.unwrap_or_else(|e| {
            let pr = self.m.problem_at(at.origin, None, at.key, e);
            self.problems.push(pr);
            CannonLimits::default()
        })
    }

    /// What a captor receives: the type itself by default, `""` nothing.
    fn captured_as(&mut self, p: &PieceFile, me: PieceType, at: &At<'_>) -> Option<PieceType> {
        match p.captured_as.as_deref() {
            None => Some(me),
            Some("") => None,
            Some(k) => {
                let t = self.lookup(k);
                if t.is_none() {
                    let pr = self.m.problem_at(
                        at.origin,
                        None,
                        &format!("{}.captured_as", at.key),
                        format!("unknown piece `{k}`"),
                    );
                    self.problems.push(pr);
                }
                t
            }
        }
    }

    /// A region-valued key of a piece (`drop_zone`, `initial`), if given and
    /// readable.
    fn piece_region(
        &mut self,
        text: Option<&String>,
        what: &str,
        at: &At<'_>,
    ) -> Option<[CellSet; 2]> {
        let t = text?;
        match self.region_pair(t) {
            Ok(r) => Some(r),
            Err(e) => {
                let p = self
                    .m
                    .problem_at(at.origin, None, &format!("{}.{what}", at.key), e);
                self.problems.push(p);
                None
            }
        }
    }
}

impl Ctx<'_> {
    /// `[ai] values`: engine value overrides per type.
    pub(super) fn ai_values(&mut self) -> Vec<Option<i32>> {
        let values = self
            .m
            .top
            .ai
            .as_ref()
            .and_then(|a| a.values.clone())
            .unwrap_or_default();
        for k in values.keys() {
            if self.lookup(k).is_none() {
                self.problem_in("ai", "ai.values", format!("unknown piece `{k}`"));
            }
        }
        self.keys.iter().map(|k| values.get(k).copied()).collect()
    }
}
