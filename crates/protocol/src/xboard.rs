//! The XBoard protocol (CECP v2), with `setup` and `piece` commands for
//! variants XBoard does not know. 3D boards are not offered.

use crate::backend::{Backend, Info, Limits, Listener, Score};
use crate::output::Output;
use crate::uci::pv_text;
use crate::variants::pocket_size;
use crate::FileReader;
use menagerie_rules::notation::parse_move_in;
use menagerie_rules::{protocol_text, Color, Move, MoveError, Position, Registry, Variant};
use std::io::BufRead;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::time::Instant;

/// Largest `level` increment (seconds).
const MAX_INC_S: f64 = 3600.0;
/// Largest `level` moves per session.
const MAX_MOVES_PER_SESSION: u32 = 10_000;
/// Largest `st` (seconds a move: a week).
const MAX_ST_S: f64 = 604_800.0;

/// XBoard's piece types, in its internal order (xboard 4.9): a variant's
/// pieces are mapped onto these slots in the `setup` command.
const XB_TYPES: usize = 44;
const XB_KING: usize = 43;

/// XBoard's name for a variant id.
fn xb_name(id: &str) -> &str {
    match id {
        "chess" => "normal",
        other => other,
    }
}

/// True for variants XBoard knows natively (no `setup` needed).
fn xb_native(id: &str) -> bool {
    matches!(id, "chess" | "capablanca" | "shogi")
}

/// True when XBoard can show this variant: a flat board of at most 16x16
/// whose pieces are single letters.
pub fn xboard_can_show(v: &Variant) -> bool {
    let g = &v.geometry;
    !g.is_3d()
        && g.files() <= 16
        && g.ranks() <= 16
        && g.extras().is_empty()
        && v.pieces.iter().all(|p| p.token.len() == 1)
}

/// The `setup` command for a variant.
fn setup_command(v: &Variant) -> String {
    let mut white = vec!['.'; XB_TYPES];
    let mut next = 5;
    for p in &v.pieces {
        let c = p.token.chars().next().unwrap_or('?');
        let slot = match c {
            _ if p.royal => XB_KING,
            'P' => 0,
            'N' => 1,
            'B' => 2,
            'R' => 3,
            'Q' => 4,
            _ => {
                while next < XB_KING && white[next] != '.' {
                    next += 1;
                }
                next
            }
        };
        if slot < XB_TYPES && white[slot] == '.' {
            white[slot] = c;
        } else if let Some(free) = (5..XB_KING).find(|&i| white[i] == '.') {
            white[free] = c;
        }
    }
    let black: String = white.iter().map(|c| c.to_ascii_lowercase()).collect();
    let white: String = white.into_iter().collect();
    let holdings = pocket_size(v);
    let parent = if v.rules.drops && v.plus_promotion {
        "shogi"
    } else if v.rules.drops {
        "crazyhouse"
    } else {
        "fairy"
    };
    let g = &v.geometry;
    format!(
        "setup ({white}{black}) {}x{}+{holdings}_{parent} {}",
        g.files(),
        g.ranks(),
        v.start_fen
    )
}

struct XbListener {
    out: Output,
    root: Position,
    post: bool,
    done: Sender<Option<Move>>,
    analyze: bool,
}

impl Listener for XbListener {
    fn info(&mut self, i: &Info) {
        if !self.post {
            return;
        }
        let score = match i.score {
            Score::Cp(c) => c,
            Score::Mate(m) if m > 0 => 100_000 + m,
            Score::Mate(m) => -100_000 + m,
        };
        let pv = pv_text(&self.root, &i.pv).join(" ");
        self.out.line(&format!(
            "{} {} {} {} {}",
            i.depth,
            score,
            i.time_ms / 10,
            i.nodes,
            pv
        ));
    }

    fn best_move(&mut self, best: Option<Move>, _ponder: Option<Move>) {
        if self.analyze {
            return;
        }
        let _ = self.done.send(best);
        if let Some(m) = best {
            let legal = self.root.legal_moves();
            self.out
                .line(&format!("move {}", protocol_text(&self.root, &legal, m)));
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct TimeControl {
    moves_per_session: u32,
    inc_ms: u64,
    per_move_ms: Option<u64>,
    depth: Option<u32>,
}

/// An XBoard session.
pub struct XboardSession<B: Backend> {
    registry: Registry,
    variant: Arc<Variant>,
    pos: Position,
    backend: B,
    out: Output,
    reader: Option<FileReader>,
    force: bool,
    engine_color: Color,
    tc: TimeControl,
    my_time_ms: u64,
    opp_time_ms: u64,
    post: bool,
    analyzing: bool,
    analyze_started: Instant,
    done_tx: Sender<Option<Move>>,
    done_rx: Receiver<Option<Move>>,
    thinking_on: Option<u64>,
    /// The strength options (`Skill Level`, `UCI_LimitStrength`, `UCI_Elo`).
    strength: crate::strength::Strength,
}

impl<B: Backend> std::fmt::Debug for XboardSession<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "XboardSession({})", self.variant.id)
    }
}

impl<B: Backend> XboardSession<B> {
    /// A session starting in chess, engine playing Black.
    pub fn new(registry: Registry, backend: B, out: Output, reader: Option<FileReader>) -> Self {
        let reg_chess = registry.get("chess").ok();
        #[allow(clippy::unwrap_used)]
        let variant = reg_chess.unwrap_or_else(|| Registry::builtin().get("chess").unwrap());
        let pos = Position::start(&variant);
        let (done_tx, done_rx) = channel();
        XboardSession {
            registry,
            variant,
            pos,
            backend,
            strength: crate::strength::Strength::default(),
            out,
            reader,
            force: false,
            engine_color: Color::Black,
            tc: TimeControl {
                moves_per_session: 0,
                inc_ms: 0,
                per_move_ms: None,
                depth: None,
            },
            my_time_ms: 300_000,
            opp_time_ms: 300_000,
            post: false,
            analyzing: false,
            analyze_started: Instant::now(),
            done_tx,
            done_rx,
            thinking_on: None,
        }
    }

    fn say(&self, s: &str) {
        self.out.line(s);
    }

    /// Runs until `quit` or the end of input.
    ///
    /// # Errors
    /// Reading the input failed.
    pub fn run(&mut self, input: impl BufRead) -> std::io::Result<()> {
        let mut input = input;
        while let Some(line) = crate::lines::next_line(&mut input)? {
            match line {
                crate::lines::Line::Text(line) => {
                    if !self.handle(&line) {
                        break;
                    }
                }
                crate::lines::Line::Unreadable(why) => {
                    self.say(&format!("Error (unknown command): {why}"))
                }
            }
        }
        self.backend.stop();
        self.backend.wait();
        self.collect();
        Ok(())
    }

    /// Applies the engine's finished move to the game.
    fn collect(&mut self) {
        while let Ok(best) = self.done_rx.try_recv() {
            let Some(hash) = self.thinking_on.take() else {
                continue;
            };
            if hash != self.pos.hash() {
                continue;
            }
            if let Some(m) = best {
                if self.pos.is_legal(m) {
                    self.pos.make_unchecked(m);
                    self.announce_end();
                }
            }
        }
    }

    fn stop_search(&mut self) {
        self.backend.stop();
        self.backend.wait();
        self.collect();
        self.thinking_on = None;
    }

    fn announce_end(&self) {
        if let Some(o) = self.pos.outcome() {
            let text = match o.winner {
                Some(Color::White) => "White wins",
                Some(Color::Black) => "Black wins",
                None => "Draw",
            };
            self.say(&format!("{} {{{text} by {}}}", o.result(), o.reason.name()));
        }
    }

    fn limits(&self) -> Limits {
        let mut l = Limits {
            depth: self.tc.depth,
            ..Limits::default()
        };
        if let Some(ms) = self.tc.per_move_ms {
            l.movetime = Some(ms);
            return l;
        }
        let (wt, bt) = match self.engine_color {
            Color::White => (self.my_time_ms, self.opp_time_ms),
            Color::Black => (self.opp_time_ms, self.my_time_ms),
        };
        l.wtime = Some(wt);
        l.btime = Some(bt);
        l.winc = Some(self.tc.inc_ms);
        l.binc = Some(self.tc.inc_ms);
        if self.tc.moves_per_session > 0 {
            let played = self.pos.fullmove().saturating_sub(1);
            let left = self.tc.moves_per_session - played % self.tc.moves_per_session;
            l.movestogo = Some(left);
        }
        l
    }

    fn think(&mut self) {
        if self.force
            || self.analyzing
            || self.pos.side() != self.engine_color
            || self.thinking_on.is_some()
        {
            return;
        }
        if self.pos.outcome().is_some() {
            return;
        }
        let listener = XbListener {
            out: self.out.clone(),
            root: self.pos.clone(),
            post: self.post,
            done: self.done_tx.clone(),
            analyze: false,
        };
        self.thinking_on = Some(self.pos.hash());
        let limits = self.limits();
        self.backend
            .go(self.pos.clone(), limits, Box::new(listener));
    }

    fn analyze(&mut self) {
        self.stop_search();
        if self.pos.outcome().is_some() {
            return;
        }
        let listener = XbListener {
            out: self.out.clone(),
            root: self.pos.clone(),
            post: true,
            done: self.done_tx.clone(),
            analyze: true,
        };
        self.analyze_started = Instant::now();
        self.backend.go(
            self.pos.clone(),
            Limits {
                infinite: true,
                ..Limits::default()
            },
            Box::new(listener),
        );
    }

    fn set_variant(&mut self, name: &str) {
        let id = if name == "normal" { "chess" } else { name };
        match self.registry.get(id) {
            Ok(v) if xboard_can_show(&v) => {
                self.stop_search();
                self.variant = v;
                self.pos = Position::start(&self.variant);
                if !xb_native(&self.variant.id) {
                    self.say(&setup_command(&self.variant));
                    for p in &self.variant.pieces {
                        if p.plain_betza && !p.betza.is_empty() {
                            self.say(&format!("piece {}& {}", p.token, p.betza));
                        }
                    }
                }
            }
            Ok(_) => self.say(&format!(
                "Error (variant not supported by this protocol): {name}"
            )),
            Err(_) => self.say(&format!("Error (unknown variant): {name}")),
        }
    }

    /// XBoard writes its own castling and en-passant fields for variants it
    /// does not know: keep its board and side, and take the other fields
    /// from the start position when the board is the start board.
    fn xboard_fen(&self, words: &[&str]) -> Option<Position> {
        let (board, side) = (words.first()?, words.get(1)?);
        let start: Vec<&str> = self.variant.start_fen.split_whitespace().collect();
        let mut fields: Vec<String> = start.iter().map(|s| (*s).to_string()).collect();
        if fields.len() < 2 {
            return None;
        }
        let same_board = start.first() == Some(board);
        fields[0] = (*board).to_string();
        let side_index = self
            .variant
            .fen
            .fields
            .iter()
            .position(|f| *f == menagerie_rules::variant::FenField::Side)?
            + 1;
        fields[side_index] = (*side).to_string();
        if !same_board {
            for (i, f) in self.variant.fen.fields.iter().enumerate() {
                use menagerie_rules::variant::FenField;
                if matches!(f, FenField::Castling | FenField::EnPassant) {
                    fields[i + 1] = "-".into();
                }
            }
        }
        Position::from_fen(&self.variant, &fields.join(" ")).ok()
    }

    /// Reads a move from the GUI. XBoard appends a promotion letter of its
    /// own to some moves it takes for pawn moves onto a last rank (it does
    /// not know the variant's pieces); on a move that cannot promote such a
    /// letter is dropped.
    fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        let legal = self.pos.legal_moves();
        let parsed = parse_move_in(&self.pos, &legal, text);
        if matches!(parsed, Err(MoveError::Illegal(_)))
            && text.ends_with(|c: char| c.is_ascii_alphabetic())
        {
            if let Ok(m) = parse_move_in(&self.pos, &legal, &text[..text.len() - 1]) {
                let promotes = legal
                    .iter()
                    .any(|o| o.from() == m.from() && o.to() == m.to() && o.promotion().is_some());
                if !promotes {
                    return Ok(m);
                }
            }
        }
        parsed
    }

    fn user_move(&mut self, text: &str) {
        match self.read_move(text) {
            Ok(m) => {
                self.pos.make_unchecked(m);
                if !self.analyzing && self.pos.outcome().is_some() {
                    self.announce_end();
                    return;
                }
                if self.analyzing {
                    self.analyze();
                } else {
                    self.think();
                }
            }
            Err(e) => self.say(&format!("Illegal move ({e}): {text}")),
        }
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        self.collect();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return true;
        };
        let arg = |i: usize| words.get(i).copied().unwrap_or("");
        match cmd {
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "draw" | "otherboard" | "nps" => {}
            "protover" => {
                let ids: Vec<String> = self
                    .registry
                    .ids()
                    .into_iter()
                    .filter(|id| self.registry.get(id).is_ok_and(|v| xboard_can_show(&v)))
                    .map(|id| xb_name(&id).to_string())
                    .collect();
                self.say("feature done=0");
                self.say(&format!(
                    "feature myname=\"{}\" ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 san=0 colors=0 analyze=1 memory=1 smp=1 playother=1 time=1 draw=0 reuse=1 exclude=0 debug=1 variants=\"{}\"",
                    self.backend.name(),
                    ids.join(",")
                ));
                self.say(&crate::strength::Strength::xboard_features());
                self.say("feature done=1");
            }
            "new" => {
                self.stop_search();
                self.backend.new_game();
                self.set_variant("normal");
                self.force = false;
                self.analyzing = false;
                self.engine_color = Color::Black;
                self.tc.depth = None;
            }
            "variant" => self.set_variant(arg(1)),
            "force" => {
                self.stop_search();
                self.force = true;
            }
            "go" => {
                self.stop_search();
                self.force = false;
                self.engine_color = self.pos.side();
                self.think();
            }
            "playother" => {
                self.stop_search();
                self.force = false;
                self.engine_color = self.pos.side().flip();
            }
            "usermove" => {
                if self.thinking_on.is_some() {
                    self.stop_search();
                }
                self.user_move(arg(1));
            }
            "time" | "otim" => match arg(1).parse::<i64>() {
                // Centiseconds; a clock below zero (the GUI's lag) reads as zero.
                Ok(cs) => {
                    let ms = (cs.max(0) as u64).saturating_mul(10);
                    if cmd == "time" {
                        self.my_time_ms = ms;
                    } else {
                        self.opp_time_ms = ms;
                    }
                }
                Err(_) => self.say(&format!("Error (bad {cmd}): {line}")),
            },
            "level" => {
                let mps = arg(1).parse::<u32>();
                let base = arg(2);
                let base_ms = match base.split_once(':') {
                    Some((m, s)) => m
                        .parse::<u64>()
                        .ok()
                        .zip(s.parse::<u64>().ok())
                        .and_then(|(m, s)| m.checked_mul(60)?.checked_add(s)?.checked_mul(1000)),
                    None => base.parse::<u64>().ok().and_then(|m| m.checked_mul(60_000)),
                };
                let inc = arg(3)
                    .parse::<f64>()
                    .ok()
                    .filter(|i| (0.0..=MAX_INC_S).contains(i));
                let mps = mps.ok().filter(|&m| m <= MAX_MOVES_PER_SESSION);
                match (mps, base_ms, inc) {
                    (Some(mps), Some(b), Some(inc)) => {
                        self.tc = TimeControl {
                            moves_per_session: mps,
                            inc_ms: (inc * 1000.0) as u64,
                            per_move_ms: None,
                            depth: self.tc.depth,
                        };
                        self.my_time_ms = b;
                        self.opp_time_ms = b;
                    }
                    _ => self.say(&format!("Error (bad level): {line}")),
                }
            }
            "st" => match arg(1).parse::<f64>() {
                Ok(s) if s > 0.0 && s <= MAX_ST_S => {
                    self.tc.per_move_ms = Some(((s * 1000.0) as u64).max(1));
                }
                _ => self.say(&format!(
                    "Error (st takes seconds from 0 to {MAX_ST_S}): {line}"
                )),
            },
            "sd" => match arg(1).parse::<u32>() {
                Ok(d) if (1..=menagerie_engine::MAX_DEPTH).contains(&d) => self.tc.depth = Some(d),
                _ => self.say(&format!(
                    "Error (sd takes a depth from 1 to {}): {line}",
                    menagerie_engine::MAX_DEPTH
                )),
            },
            "?" => {
                if self.thinking_on.is_some() {
                    self.backend.stop();
                }
            }
            "ping" => {
                self.say(&format!("pong {}", arg(1)));
            }
            "result" => {
                self.stop_search();
                self.force = true;
            }
            "setboard" => {
                self.stop_search();
                let fen = words[1..].join(" ");
                match Position::from_fen(&self.variant, &fen)
                    .or_else(|e| self.xboard_fen(&words[1..]).ok_or(e))
                {
                    Ok(p) => {
                        self.pos = p;
                        if self.analyzing {
                            self.analyze();
                        }
                    }
                    Err(e) => self.say(&format!("tellusererror Illegal position: {e}")),
                }
            }
            "undo" | "remove" => {
                self.stop_search();
                let n = if cmd == "undo" { 1 } else { 2 };
                for _ in 0..n {
                    if self.pos.history_len() > 0 {
                        self.pos.unmake();
                    } else {
                        self.say(&format!("Error (no move to take back): {cmd}"));
                        break;
                    }
                }
                if self.analyzing {
                    self.analyze();
                }
            }
            "hard" => {
                let _ = self.backend.set_option("Ponder", "true");
            }
            "easy" => {
                let _ = self.backend.set_option("Ponder", "false");
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.analyzing = true;
                self.force = true;
                self.analyze();
            }
            "exit" => {
                if self.analyzing {
                    self.analyzing = false;
                    self.stop_search();
                }
            }
            "." => {
                if self.analyzing {
                    let ms = self.analyze_started.elapsed().as_millis();
                    self.say(&format!("stat01: {} 0 0 0 0", ms / 10));
                }
            }
            "memory" => {
                if let Err(e) = self.backend.set_option("Hash", arg(1)) {
                    self.say(&format!("Error ({e}): {line}"));
                }
            }
            "cores" => {
                if let Err(e) = self.backend.set_option("Threads", arg(1)) {
                    self.say(&format!("Error ({e}): {line}"));
                }
            }
            "option" => {
                if let Some((n, v)) = line
                    .trim_start()
                    .strip_prefix("option")
                    .unwrap_or("")
                    .trim()
                    .split_once('=')
                {
                    if n.trim() == "VariantPath" {
                        self.load_variants(v.trim());
                    } else {
                        match self.strength.set(n, v) {
                            Some(Ok(level)) => self.backend.set_level(level),
                            Some(Err(e)) => self.say(&format!("Error ({e}): {line}")),
                            None => {
                                if let Err(e) = self.backend.set_option(n.trim(), v.trim()) {
                                    self.say(&format!("Error ({e}): {line}"));
                                }
                            }
                        }
                    }
                }
            }
            "quit" => return false,
            _ => {
                // Old-style moves without `usermove`.
                if self.read_move(cmd).is_ok() && words.len() == 1 {
                    self.user_move(cmd);
                } else {
                    self.say(&format!("Error (unknown command): {line}"));
                }
            }
        }
        true
    }

    fn load_variants(&mut self, value: &str) {
        let Some(reader) = &self.reader else { return };
        for path in value.split([';', ':']).filter(|p| !p.is_empty()) {
            let text = match reader(path) {
                Ok(t) => t,
                Err(e) => {
                    self.say(&format!("tellusererror {e}"));
                    continue;
                }
            };
            // A partly broken file: the variants that load are kept; each
            // problem goes to the debug log, one summary to the user.
            let report = self.registry.load_file(path, &text);
            for p in &report.problems {
                self.say(&format!("# {p}"));
            }
            if let Some(first) = report.problems.first() {
                self.say(&format!(
                    "tellusererror {} problem(s) in {path} ({} variant(s) loaded); first: {first}",
                    report.problems.len(),
                    report.ids.len()
                ));
            }
        }
    }
}
