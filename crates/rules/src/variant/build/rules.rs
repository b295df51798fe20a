//! Stage 5: the rule components of `[rules]` — stalemate verdict, clocks,
//! repetition, facing royals, win by count, drops — and, once the moves are
//! compiled, the coverage rule (which needs each piece's directions).
//!
//! A new rule family reads its keys in a function of its own here (or in its
//! component file) and sets its field of [`Rules`]; the end rules are listed
//! from `Rules` by [`EndRule::list`](crate::components::end::EndRule::list).

use super::Ctx;
use crate::betza::Dialect;
use crate::movegen::compile::{leg_vectors, PieceSource};
use crate::piece::PieceType;
use crate::variant::load::VariantError;
use crate::variant::model::{
    BareKing, Blast, Castling960, CountWin, Counting, Coverage, Extinction, Facing, FirstMoves,
    Flag, Gating, MateSeries, MaterialCount, PlacedPromotion, RepetitionVerdict, Rules, Verdict,
};
use crate::variant::spec::{CoverageFile, RulesFile};
use menagerie_geometry::{CellSet, Vector};

/// Default plies without progress before a draw (chess's fifty moves).
const DEFAULT_MOVE_RULE: u32 = 100;
/// Default occurrences of a position that draw.
const DEFAULT_REPETITION: u32 = 3;

/// Bit index of a direction among the 26 of a 3D board (the null vector
/// left out).
fn dir_index(v: Vector) -> usize {
    let s = v.signum();
    let i = ((s.x + 1) * 9 + (s.y + 1) * 3 + (s.z + 1)) as usize;
    if i > 13 {
        i - 1
    } else {
        i
    }
}

impl Ctx<'_> {
    fn rules_file(&self) -> RulesFile {
        self.m.top.rules.clone().unwrap_or_default()
    }

    /// Reads `[rules]` (all but coverage).
    pub(super) fn rules(&mut self) -> Rules {
        let rf = self.rules_file();
        let drops = rf.drops.unwrap_or(false);
        Rules {
            stalemate: self.verdict(rf.stalemate.as_deref(), "rules.stalemate", Verdict::Draw),
            move_rule: rf.move_rule.unwrap_or(DEFAULT_MOVE_RULE),
            repetition: rf.repetition.unwrap_or(DEFAULT_REPETITION),
            ply_cap: rf.ply_cap.unwrap_or(0),
            bare_kings_draw: rf.bare_kings_draw.unwrap_or(false),
            facing: self.facing(&rf.facing.clone().unwrap_or_default()),
            count_win: self.count_win(&rf),
            coverage: None,
            drops,
            captures_to_hand: rf.captures_to_hand.unwrap_or(drops),
            immobility_illegal: rf.immobility_illegal.unwrap_or(false),
            drop_resets_clock: rf.drop_resets_clock.unwrap_or(true),
            promotion_resets_clock: rf.promotion_resets_clock.unwrap_or(false),
            counting: self.counting(&rf),
            royal_captures_checker_only: rf.royal_captures_checker_only.unwrap_or(false),
            bare_king: self.bare_king(&rf),
            drop_mate_loses: self.drop_mate_loses(&rf),
            perpetual_check_loses: rf.perpetual_check_loses.unwrap_or(false),
            chasing: self.chasing(&rf),
            repetition_verdict: self.repetition_verdict(&rf),
            check_counting: rf.check_counting.unwrap_or(false),
            checking: rf.checking.unwrap_or(true),
            drop_checks: rf.drop_checks.unwrap_or(true),
            flag: self.flag(&rf),
            connect: self.connect(&rf),
            checkmate: self.verdict(rf.checkmate.as_deref(), "rules.checkmate", Verdict::Loss),
            stalemate_piece_count: rf.stalemate_piece_count.unwrap_or(false),
            must_capture: rf.must_capture.unwrap_or(false),
            extinction: self.extinction(&rf),
            first_moves: None,
            must_drop: rf.must_drop.unwrap_or(false),
            must_drop_piece: self.must_drop_piece(&rf),
            placed_promotion: self.placed_promotion(&rf),
            mate_series: self.mate_series(&rf),
            en_passant_region: self.en_passant_region(&rf),
            walls: self.walls(&rf),
            pass: [rf.pass.unwrap_or(false); 2],
            bikjang: rf.bikjang.unwrap_or(false),
            material_count: self.material_count(&rf),
            move_repetition_loses: rf.move_repetition_loses.unwrap_or(false),
            blast: self.blast(&rf),
            mutually_immune: self.mutually_immune(&rf),
            flip: self.flip(&rf),
            free_drops: rf.free_drops.unwrap_or(false),
            pass_on_stalemate: [rf.pass_on_stalemate.unwrap_or(false); 2],
            full_board_ends: rf.full_board_ends.unwrap_or(false),
            chess960: self.chess960(&rf),
            gating: self.gating(&rf, drops),
            petrify: self.petrify(&rf),
            drop_opposite_colours: self.type_mask(
                rf.drop_opposite_colours.as_deref().unwrap_or_default(),
                "rules.drop_opposite_colours",
            ),
            drop_castling: self.type_mask(
                rf.drop_castling.as_deref().unwrap_or_default(),
                "rules.drop_castling",
            ),
            promotion_limit: self.promotion_limit(&rf),
            castling_wins: 0,
            opposite_castling: self.opposite_castling(&rf),
        }
    }

    /// `chasing = "axf"` with the pieces' `chase` roles.
    fn chasing(&mut self, rf: &RulesFile) -> Option<crate::components::chasing::Chasing> {
        let pieces = self
            .m
            .pieces
            .iter()
            .map(|(k, (_, p))| (k.as_str(), p.get_ref().chase.as_deref()));
        match crate::components::chasing::Chasing::from_spec(rf.chasing.as_deref(), pieces) {
            Ok(c) => c,
            Err((key, message)) => {
                let section = if key.starts_with("pieces") {
                    "pieces"
                } else {
                    "rules"
                };
                self.problem_in(section, &key, message);
                None
            }
        }
    }

    /// `opposite_castling = true`: the rule reads `[[castling]]`, so not
    /// with chess960 castling.
    fn opposite_castling(&mut self, rf: &RulesFile) -> bool {
        let on = rf.opposite_castling.unwrap_or(false);
        if on && rf.chess960.is_some() {
            self.problem_in(
                "rules",
                "rules.opposite_castling",
                "opposite castling with `chess960` castling is not supported",
            );
        }
        on
    }

    /// `castling_wins = "q"`: the rights of the castling rules with those
    /// letters (known once `castling` is built; not with chess960 castling).
    pub(super) fn castling_wins(
        &mut self,
        castling: &[crate::components::castling::Castling],
    ) -> u32 {
        let Some(letters) = self.rules_file().castling_wins else {
            return 0;
        };
        if self.rules_file().chess960.is_some() {
            self.problem_in(
                "rules",
                "rules.castling_wins",
                "castling goals with `chess960` castling are not supported",
            );
            return 0;
        }
        let rules: Vec<_> = castling.iter().map(|c| (c.letter, c.color)).collect();
        crate::components::castling_wins::rights_of(&letters, &rules)
            .map_err(|e| self.problem_in("rules", "rules.castling_wins", e))
            .unwrap_or(0)
    }

    /// `gating = { drops }`: needs hands (`drops = true`) and the castling
    /// of `[[castling]]` (the gates are first-rank rights beside it).
    fn gating(&mut self, rf: &RulesFile, drops: bool) -> Option<Gating> {
        let spec = rf.gating.as_ref()?;
        if !drops {
            self.problem_in(
                "rules",
                "rules.gating",
                "gating takes its pieces from the hand: it needs `drops = true`",
            );
            return None;
        }
        if rf.chess960.is_some() || rf.walls.is_some() {
            self.problem_in(
                "rules",
                "rules.gating",
                "gating together with `chess960` or `walls` is not supported",
            );
            return None;
        }
        Some(Gating {
            drops: spec.drops.unwrap_or(true),
        })
    }

    /// `chess960 = { king, rooks, king_to }`.
    fn chess960(&mut self, rf: &RulesFile) -> Option<Castling960> {
        let spec = rf.chess960.as_ref()?;
        let found = crate::components::castling960::from_spec(spec, &self.g, |k| self.lookup(k));
        found
            .map_err(|e| self.problem_in("rules", "rules.chess960", e))
            .ok()
    }

    /// `en_passant_region = "<region>"`.
    fn en_passant_region(&mut self, rf: &RulesFile) -> Option<[CellSet; 2]> {
        let text = rf.en_passant_region.as_deref()?;
        self.region_pair(text)
            .map_err(|e| {
                self.problem_in("rules", "rules.en_passant_region", format!("`{text}`: {e}"));
            })
            .ok()
    }

    /// `material_counting = { values, black_bonus }` (Janggi).
    fn material_count(&mut self, rf: &RulesFile) -> Option<MaterialCount> {
        let spec = rf.material_counting.as_ref()?;
        let types = self.keys.len();
        let found = crate::components::material_count::from_spec(spec, types, |k| self.lookup(k));
        found
            .map_err(|e| self.problem_in("rules", "rules.material_counting", e))
            .ok()
            .flatten()
    }

    /// `mate_series = { shak, losing }` (Shatar).
    fn mate_series(&mut self, rf: &RulesFile) -> Option<MateSeries> {
        let spec = rf.mate_series.as_ref()?;
        let found = crate::components::mate_series::from_spec(spec, &|k| self.lookup(k));
        found
            .map_err(|e| self.problem_in("rules", "rules.mate_series", e))
            .ok()
    }

    /// `placed_promotion = { pawn, to, zone, limit }` (Sittuyin).
    fn placed_promotion(&mut self, rf: &RulesFile) -> Option<PlacedPromotion> {
        let spec = rf.placed_promotion.as_ref()?;
        let regions = &self.regions;
        let found =
            crate::components::placed_promotion::from_spec(spec, &|k| self.lookup(k), &|r| {
                regions.get(r).map(|x| x.cells.clone())
            });
        found
            .map_err(|e| self.problem_in("rules", "rules.placed_promotion", e))
            .ok()
    }

    /// `drop_mate_loses = ["P"]` (Shogi's pawn-drop mate).
    fn drop_mate_loses(&mut self, rf: &RulesFile) -> u64 {
        let keys = rf.drop_mate_loses.as_deref();
        let found = crate::components::drop_mate::from_spec(keys, |k| self.lookup(k));
        found
            .map_err(|e| self.problem_in("rules", "rules.drop_mate_loses", e))
            .unwrap_or(0)
    }

    /// `repetition_verdict = "draw" | "loss" | "win" | "white-loss" | "white-win"`.
    fn repetition_verdict(&mut self, rf: &RulesFile) -> RepetitionVerdict {
        RepetitionVerdict::from_spec(rf.repetition_verdict.as_deref())
            .map_err(|e| self.problem_in("rules", "rules.repetition_verdict", e))
            .unwrap_or(RepetitionVerdict::DRAW)
    }

    /// `extinction = { verdict, pieces, count, opponent_count, claim }`.
    fn extinction(&mut self, rf: &RulesFile) -> Option<Extinction> {
        let spec = rf.extinction.as_ref()?;
        let found =
            crate::components::extinction::from_spec(spec, Verdict::from_name, |k| self.lookup(k));
        found
            .map_err(|e| self.problem_in("rules", "rules.extinction", e))
            .ok()
    }

    /// `must_drop_piece`: the key of the one type that must be dropped.
    fn must_drop_piece(&mut self, rf: &RulesFile) -> Option<PieceType> {
        let key = rf.must_drop_piece.as_deref()?;
        let found = self.lookup(key);
        if found.is_none() {
            let e = format!("unknown piece `{key}`");
            self.problem_in("rules", "rules.must_drop_piece", e);
        }
        found
    }

    /// `walls = { rule, piece, region }`.
    fn walls(&mut self, rf: &RulesFile) -> Option<crate::components::walls::Walls> {
        let spec = rf.walls.as_ref()?;
        let cells = self.g.len();
        let found = crate::components::walls::from_spec(
            spec,
            cells,
            |k| self.lookup(k),
            |t| self.region_pair(t),
        );
        found
            .map_err(|e| self.problem_in("rules", "rules.walls", e))
            .ok()
    }

    /// `blast = { immune, spared }` (atomic).
    fn blast(&mut self, rf: &RulesFile) -> Option<Blast> {
        let spec = rf.blast.as_ref()?;
        let immune = self.type_mask(
            spec.immune.as_deref().unwrap_or_default(),
            "rules.blast.immune",
        );
        let spared = self.type_mask(
            spec.spared.as_deref().unwrap_or_default(),
            "rules.blast.spared",
        );
        Some(crate::components::atomic::blast(immune, spared, &self.g))
    }

    /// `petrify = ["Q", ...]`: needs the wall piece of `walls` for its
    /// stones.
    fn petrify(&mut self, rf: &RulesFile) -> u64 {
        let types = self.type_mask(rf.petrify.as_deref().unwrap_or_default(), "rules.petrify");
        if types != 0 && rf.walls.is_none() {
            self.problem_in(
                "rules",
                "rules.petrify",
                "a petrified piece becomes a wall: add `walls = { rule = \"none\", piece = ... }`",
            );
        }
        types
    }

    /// `promotion_limit = { K = 2 }`: per type, 0 where none is given.
    fn promotion_limit(&mut self, rf: &RulesFile) -> Vec<u32> {
        let mut limits = vec![0; self.keys.len()];
        for (k, &n) in rf.promotion_limit.iter().flatten() {
            match self.lookup(k) {
                Some(t) => limits[usize::from(t)] = n,
                None => {
                    let e = format!("unknown piece `{k}`");
                    self.problem_in("rules", "rules.promotion_limit", e);
                }
            }
        }
        limits
    }

    /// `mutually_immune = ["K"]` (atomar).
    fn mutually_immune(&mut self, rf: &RulesFile) -> u64 {
        self.type_mask(
            rf.mutually_immune.as_deref().unwrap_or_default(),
            "rules.mutually_immune",
        )
    }

    /// `enclosing_drops`, `enclosing_start` and `flips`.
    fn flip(&mut self, rf: &RulesFile) -> Option<crate::components::flip::Flip> {
        let g = &self.g;
        let found = crate::components::flip::from_spec(
            rf.enclosing_drops.as_deref(),
            rf.flips.as_deref(),
            rf.enclosing_start.as_deref(),
            g.len(),
            |t| g.region(t).map_err(|e| e.to_string()),
        );
        found
            .map_err(|(key, e)| self.problem_in("rules", &format!("rules.{key}"), e))
            .ok()
            .flatten()
    }

    /// `flag = { piece, black_piece, region, extra_move }`.
    fn flag(&mut self, rf: &RulesFile) -> Option<Flag> {
        let spec = rf.flag.as_ref()?;
        let types = self.keys.len();
        let found = crate::components::flag::from_spec(
            spec,
            types,
            |k| self.lookup(k),
            |t| self.region_pair(t),
        );
        found
            .map_err(|e| self.problem_in("rules", "rules.flag", e))
            .ok()
    }

    /// `connect = { line, square, from, to, pieces, ... }`.
    fn connect(&mut self, rf: &RulesFile) -> Option<crate::components::connect::Connect> {
        let spec = rf.connect.as_ref()?;
        let types = self.keys.len();
        let found = crate::components::connect::from_spec(
            spec,
            types,
            |k| self.lookup(k),
            |t| self.region_pair(t),
        );
        found
            .map_err(|e| self.problem_in("rules", "rules.connect", e))
            .ok()
    }

    /// `first_move = { revoked_by }`: rights on the first-rank cells,
    /// numbered after the `castling` rights (of `bits` in all). Gating
    /// (`gating = {..}`) keeps its gates as the same rights.
    pub(super) fn first_moves(&mut self, castling: usize, bits: usize) -> Option<FirstMoves> {
        let rf = self.rules_file();
        let fm = match rf.first_move {
            Some(fm) => fm,
            None if rf.gating.is_some() => Default::default(),
            None => return None,
        };
        let revoked_by = match fm.revoked_by.as_deref() {
            None => None,
            Some(k) => match self.lookup(k) {
                Some(t) => Some(t),
                None => {
                    self.problem_in(
                        "rules",
                        "rules.first_move.revoked_by",
                        format!("unknown piece `{k}`"),
                    );
                    return None;
                }
            },
        };
        let found = FirstMoves::new(&self.g, castling, bits, revoked_by);
        if found.is_none() {
            self.problem_in(
                "rules",
                "rules.first_move",
                format!(
                    "first-move rights (one per first-rank cell of each side, at most 26 files) \
                     and castling rights exceed {bits}"
                ),
            );
        }
        found
    }

    /// `counting = { rule, pawn, rook, khon, knight }` (Makruk family).
    fn counting(&mut self, rf: &RulesFile) -> Option<Counting> {
        let spec = rf.counting.as_ref()?;
        let found = crate::components::counting::from_spec(spec, &|k| self.lookup(k));
        found
            .map_err(|e| self.problem_in("rules", "rules.counting", e))
            .ok()
    }

    /// `bare_king = { verdict, opponent_at_least, bare_back }`.
    fn bare_king(&mut self, rf: &RulesFile) -> Option<BareKing> {
        let spec = rf.bare_king.as_ref()?;
        crate::components::bare_king::from_spec(spec)
            .map_err(|e| self.problem_in("rules", "rules.bare_king", e))
            .ok()
    }

    /// A verdict key (`stalemate`, `checkmate`): `draw`, `loss` or `win`.
    fn verdict(&mut self, s: Option<&str>, key: &str, default: Verdict) -> Verdict {
        let Some(s) = s else {
            return default;
        };
        Verdict::from_name(s).unwrap_or_else(|| {
            self.problem_in("rules", key, format!("`{s}`: use draw, loss or win"));
            default
        })
    }

    /// `facing = ["file", "diagonal", "rank"]`.
    fn facing(&mut self, lines: &[String]) -> Facing {
        let mut facing = Facing::default();
        for f in lines {
            match f.as_str() {
                "file" => facing.file = true,
                "diagonal" => facing.diagonal = true,
                "rank" => facing.rank = true,
                o => self.problem_in(
                    "rules",
                    "rules.facing",
                    format!("`{o}`: use file, diagonal or rank"),
                ),
            }
        }
        facing
    }

    /// `count_win = { piece, count }` (`count = 0`: none).
    fn count_win(&mut self, rf: &RulesFile) -> Option<CountWin> {
        let cw = rf.count_win.as_ref().filter(|cw| cw.count > 0)?;
        match self.lookup(&cw.piece) {
            Some(kind) => Some(CountWin {
                kind,
                count: cw.count,
            }),
            None => {
                self.problem_in(
                    "rules",
                    "rules.count_win",
                    format!("unknown piece `{}`", cw.piece),
                );
                None
            }
        }
    }

    /// A mask of the types named in `keys`, each unknown one reported.
    fn type_mask(&mut self, keys: &[String], key: &str) -> u64 {
        let mut mask = 0u64;
        for k in keys {
            match self.lookup(k) {
                Some(t) => mask |= 1 << t,
                None => self.problem_in("rules", key, format!("unknown piece `{k}`")),
            }
        }
        mask
    }

    /// `coverage = { min, exclude | groups }`, from the compiled pieces'
    /// first-leg directions.
    pub(super) fn coverage(
        &mut self,
        sources: &[PieceSource],
        dialect: Dialect,
    ) -> Result<Option<Coverage>, VariantError> {
        let Some(cf) = self.rules_file().coverage else {
            return Ok(None);
        };
        let coverage = match &cf.groups {
            Some(groups) => Coverage::Groups {
                min: cf.min,
                groups: groups
                    .iter()
                    .map(|grp| self.type_mask(grp, "rules.coverage.groups"))
                    .collect(),
            },
            None => self.direction_coverage(&cf, sources, dialect),
        };
        self.check()?;
        Ok(Some(coverage))
    }

    /// Coverage by radial directions: each type's directions per colour.
    fn direction_coverage(
        &mut self,
        cf: &CoverageFile,
        sources: &[PieceSource],
        dialect: Dialect,
    ) -> Coverage {
        let excluded = self.type_mask(
            &cf.exclude.clone().unwrap_or_default(),
            "rules.coverage.exclude",
        );
        let types = sources.len();
        let mut dirs = [vec![0u32; types], vec![0u32; types]];
        for (k, src) in sources.iter().enumerate() {
            if excluded >> k & 1 != 0 {
                continue;
            }
            for comp in src.groups.iter().flat_map(|grp| &grp.components) {
                let forward = Vector::new(0, 1, 0);
                if let Ok(vecs) = leg_vectors(&self.g, &comp.legs[0], forward, false, dialect) {
                    for vv in vecs {
                        dirs[0][k] |= 1 << dir_index(vv);
                        dirs[1][k] |= 1 << dir_index(vv.rotated());
                    }
                }
            }
        }
        let mut all = 0u32;
        for x in -1i8..=1 {
            for y in -1i8..=1 {
                for z in -1i8..=1 {
                    let d = Vector::new(x, y, z);
                    if !d.is_zero() && (self.g.is_3d() || z == 0) {
                        all |= 1 << dir_index(d);
                    }
                }
            }
        }
        Coverage::Directions {
            min: cf.min,
            dirs,
            all,
        }
    }
}
