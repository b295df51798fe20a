//! Stage 6: FEN and move-text conventions, and the start position's
//! placement (read with [`crate::placement`], before the variant exists).

use super::Ctx;
use crate::placement::{fen_words, split_hands, FenError, Placement, PlacementReader};
use crate::variant::load::Problem;
use crate::variant::model::{FenField, FenFormat, MoveStyle, PieceDef};
use toml::Spanned;

/// What players call the sides unless `[notation] players` says otherwise.
const DEFAULT_PLAYER_NAMES: [&str; 2] = ["White", "Black"];

/// The text conventions of a variant.
pub(super) struct Formats {
    /// FEN conventions.
    pub fen: FenFormat,
    /// Move text style.
    pub move_style: MoveStyle,
    /// Promotion suffix `+` in dash style.
    pub plus_promotion: bool,
    /// Separator of capturing moves in dash style.
    pub capture_mark: char,
    /// Single-choice compulsory promotions keep their suffix.
    pub forced_promotion_suffix: bool,
    /// Western shogi notation offered.
    pub shogi_notation: bool,
    /// Names of the first and second player.
    pub player_names: [String; 2],
}

impl Ctx<'_> {
    /// Reads `[fen]` and `[notation]`.
    pub(super) fn formats(&mut self, imitation: bool, drops: bool) -> Formats {
        let nf = self.m.top.notation.clone().unwrap_or_default();
        let move_style = match nf.style.as_deref() {
            None | Some("uci") => MoveStyle::Uci,
            Some("dash") => MoveStyle::Dash,
            Some(o) => {
                self.problem_in(
                    "notation",
                    "notation.style",
                    format!("`{o}`: use uci or dash"),
                );
                MoveStyle::Uci
            }
        };
        let capture_mark = match nf.capture.as_deref() {
            None | Some("-") => '-',
            Some(":") => ':',
            Some("x") => 'x',
            Some(o) => {
                self.problem_in(
                    "notation",
                    "notation.capture",
                    format!("`{o}`: use `-`, `:` or `x`"),
                );
                '-'
            }
        };
        let player_names = match nf.players.as_deref() {
            None => [
                DEFAULT_PLAYER_NAMES[0].into(),
                DEFAULT_PLAYER_NAMES[1].into(),
            ],
            Some([first, second]) if !first.trim().is_empty() && !second.trim().is_empty() => {
                [first.clone(), second.clone()]
            }
            Some(_) => {
                self.problem_in(
                    "notation",
                    "notation.players",
                    "give two names: the first player's and the second's".to_string(),
                );
                [
                    DEFAULT_PLAYER_NAMES[0].into(),
                    DEFAULT_PLAYER_NAMES[1].into(),
                ]
            }
        };
        Formats {
            shogi_notation: nf.shogi.unwrap_or(false),
            player_names,
            fen: self.fen_format(imitation, drops),
            move_style,
            plus_promotion: nf.promotion.as_deref() == Some("plus"),
            capture_mark,
            forced_promotion_suffix: nf.forced_suffix.unwrap_or(false),
        }
    }

    /// `[fen]`: layout, hands, fields (default: chess's, adapted to the
    /// board, hands and imitation).
    fn fen_format(&mut self, imitation: bool, drops: bool) -> FenFormat {
        let ff = self.m.top.fen.clone().unwrap_or_default();
        let levels = match ff.layout.as_deref() {
            None => self.g.is_3d(),
            Some("ranks") => false,
            Some("levels") => true,
            Some(o) => {
                self.problem_in("fen", "fen.layout", format!("`{o}`: use ranks or levels"));
                false
            }
        };
        let hands_in_brackets = match ff.hands.as_deref() {
            None => drops && !levels,
            Some("brackets") => true,
            Some("field") => false,
            Some(o) => {
                self.problem_in("fen", "fen.hands", format!("`{o}`: use brackets or field"));
                true
            }
        };
        let (ep_passed, ep_landing) = match ff.ep.as_deref() {
            None | Some("capturable") => (false, false),
            Some("passed") => (true, false),
            Some("passed-landing") => (true, true),
            Some(o) => {
                self.problem_in(
                    "fen",
                    "fen.ep",
                    format!("`{o}`: use capturable, passed or passed-landing"),
                );
                (false, false)
            }
        };
        let fields = match &ff.fields {
            Some(list) => self.fen_fields(list),
            None => {
                let mut f = Vec::new();
                if !self.g.extras().is_empty() {
                    f.push(FenField::Extra);
                }
                f.push(FenField::Side);
                if !levels {
                    f.extend([FenField::Castling, FenField::EnPassant]);
                }
                let rules = self.m.top.rules.as_ref();
                if rules.and_then(|r| r.check_counting).unwrap_or(false) {
                    f.push(FenField::Checks);
                }
                if drops && (levels || !hands_in_brackets) {
                    f.push(FenField::Hands);
                }
                f.extend([FenField::Halfmove, FenField::Fullmove]);
                if imitation {
                    f.push(FenField::Imitation);
                }
                f
            }
        };
        FenFormat {
            fields,
            levels,
            promoted_full: ff.promoted.as_deref() == Some("origin-current"),
            ep_passed,
            ep_landing,
            hands_in_brackets,
            id_prefix: levels,
        }
    }

    /// `fields = [...]` by name.
    fn fen_fields(&mut self, names: &[String]) -> Vec<FenField> {
        let mut out = Vec::new();
        for f in names {
            match f.as_str() {
                "extra" => out.push(FenField::Extra),
                "side" => out.push(FenField::Side),
                "castling" => out.push(FenField::Castling),
                "ep" => out.push(FenField::EnPassant),
                "hands" => out.push(FenField::Hands),
                "halfmove" => out.push(FenField::Halfmove),
                "fullmove" => out.push(FenField::Fullmove),
                "imitation" => out.push(FenField::Imitation),
                "checks" => out.push(FenField::Checks),
                o => self.problem_in("fen", "fen.fields", format!("unknown field `{o}`")),
            }
        }
        out
    }

    /// `[setup] fen`, reported when missing.
    pub(super) fn setup(&mut self) -> Option<Spanned<String>> {
        let fen = self.m.top.setup.as_ref().and_then(|s| s.fen.clone());
        if fen.is_none() {
            self.problem_in("setup", "setup", "missing `[setup] fen`");
        }
        fen
    }

    /// A problem with the start FEN, at its place in the file.
    pub(super) fn setup_problem(&self, setup: &Spanned<String>, message: String) -> Problem {
        let origin = self.m.section_origin.get("setup").copied().unwrap_or(0);
        self.m
            .problem_at(origin, Some(setup.span()), "setup.fen", message)
    }

    /// The pieces of the start position (board, extra cells), read before
    /// the variant exists.
    pub(super) fn start_placement(
        &self,
        pieces: &[PieceDef],
        fen: &FenFormat,
        text: &str,
        id: &str,
    ) -> Result<Placement, FenError> {
        let reader = PlacementReader {
            geometry: &self.g,
            tokens: pieces.iter().map(|p| p.token.as_str()).collect(),
            promoted_to: pieces.iter().map(PieceDef::single_promotion).collect(),
            promoted_full: fen.promoted_full,
            reverted_from: crate::components::promotion::reverted_from(pieces),
            levels: fen.levels,
            // Start positions hold no walls.
            wall: None,
        };
        let aliases = self.m.top.aliases.clone().unwrap_or_default();
        let words = fen_words(text, fen.id_prefix, |w| {
            w == id || aliases.iter().any(|a| a == w)
        })?;
        let mut placement = reader.read_board(split_hands(words[0])?.0)?;
        let extra_at = fen.fields.iter().position(|f| *f == FenField::Extra);
        if let Some(text) = extra_at.and_then(|i| words.get(i + 1)) {
            for (cell, piece) in reader.read_extra(text)? {
                placement.cells.push((cell, piece, None));
            }
        }
        Ok(placement)
    }
}
