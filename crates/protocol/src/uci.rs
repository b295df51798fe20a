//! The UCI protocol, with Fairy-Stockfish's conventions for variants
//! (`UCI_Variant`, `VariantPath`, `info string variant ...`, `go perft`).

use crate::backend::{Backend, Info, Limits, Listener, Score};
use crate::output::Output;
use crate::variants::{start, variant_info};
use crate::FileReader;
use menagerie_rules::{
    divide_until, move_text, parse_move, protocol_text, Move, Position, Registry, TextStyle,
    Variant, MAX_PERFT_DEPTH,
};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use menagerie_engine::MAX_DEPTH;

/// Largest `go movestogo`.
const MAX_MOVESTOGO: u64 = 10_000;

/// Formats a principal variation from `root` as protocol move texts.
pub(crate) fn pv_text(root: &Position, pv: &[Move]) -> Vec<String> {
    let mut p = root.clone();
    let mut out = Vec::new();
    for &m in pv {
        if !p.is_legal(m) {
            break;
        }
        out.push(move_text(&p, m, TextStyle::Uci));
        p.make_unchecked(m);
    }
    out
}

struct UciListener {
    out: Output,
    root: Position,
}

impl Listener for UciListener {
    fn info(&mut self, i: &Info) {
        let score = match i.score {
            Score::Cp(c) => format!("cp {c}"),
            Score::Mate(m) => format!("mate {m}"),
        };
        let mut line = format!(
            "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {}",
            i.depth, i.seldepth, i.multipv, i.nodes, i.nps, i.hashfull, i.time_ms
        );
        let pv = pv_text(&self.root, &i.pv);
        if !pv.is_empty() {
            line.push_str(" pv ");
            line.push_str(&pv.join(" "));
        }
        self.out.line(&line);
    }

    fn best_move(&mut self, best: Option<Move>, ponder: Option<Move>) {
        match best {
            None => self.out.line("bestmove (none)"),
            Some(b) => {
                let legal = self.root.legal_moves();
                let mut line = format!("bestmove {}", protocol_text(&self.root, &legal, b));
                if let Some(p) = ponder {
                    let mut after = self.root.clone();
                    if after.play(b).is_ok() && after.is_legal(p) {
                        line.push_str(&format!(" ponder {}", move_text(&after, p, TextStyle::Uci)));
                    }
                }
                self.out.line(&line);
            }
        }
    }
}

/// A UCI session.
pub struct UciSession<B: Backend> {
    registry: Registry,
    variant: Arc<Variant>,
    pos: Position,
    /// The `position` command's setup words and moves that gave `pos`: a
    /// GUI resends the whole game every move, and a command that only adds
    /// moves to it is applied from `pos` (parsing a move generates the legal
    /// moves, which for a game of a thousand plies on a drop board would
    /// cost more than a fast increment).
    pos_source: Option<(Vec<String>, Vec<String>)>,
    /// Why the last `position` command was rejected, until a valid one
    /// (or `ucinewgame`, or a variant change) replaces it: `go` then
    /// refuses to search rather than answer for an older position the GUI
    /// no longer shows.
    rejected: Option<String>,
    backend: B,
    out: Output,
    reader: Option<FileReader>,
    /// A running `go perft`: its stop flag and thread (it runs beside the session so
    /// `isready` and `stop` are answered meanwhile).
    perft: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
    /// The strength options (`Skill Level`, `UCI_LimitStrength`, `UCI_Elo`).
    strength: crate::strength::Strength,
}

impl<B: Backend> std::fmt::Debug for UciSession<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "UciSession({})", self.variant.id)
    }
}

/// Reads `go`'s parameters; every number is checked against its range (times and
/// nodes: any count, negative times read as 0; `depth` and `mate` within the engine's
/// deepest iteration; `movestogo` up to [`MAX_MOVESTOGO`]).
fn parse_limits(words: &[&str]) -> Result<Limits, String> {
    let mut l = Limits::default();
    let mut i = 0;
    let num = |w: Option<&&str>, what: &str| -> Result<u64, String> {
        w.and_then(|s| s.parse::<i64>().ok())
            .map(|n| n.max(0) as u64)
            .ok_or_else(|| format!("`go {what}` needs a number"))
    };
    let ranged = |w: Option<&&str>, what: &str, lo: u64, hi: u64| -> Result<u32, String> {
        w.and_then(|s| s.parse::<u64>().ok())
            .filter(|n| (lo..=hi).contains(n))
            .map(|n| n as u32)
            .ok_or_else(|| format!("`go {what}` needs a number from {lo} to {hi}"))
    };
    let max_depth = u64::from(MAX_DEPTH);
    while i < words.len() {
        match words[i] {
            "wtime" => l.wtime = Some(num(words.get(i + 1), "wtime")?),
            "btime" => l.btime = Some(num(words.get(i + 1), "btime")?),
            "winc" => l.winc = Some(num(words.get(i + 1), "winc")?),
            "binc" => l.binc = Some(num(words.get(i + 1), "binc")?),
            "movestogo" => {
                l.movestogo = Some(ranged(words.get(i + 1), "movestogo", 0, MAX_MOVESTOGO)?);
            }
            "movetime" => l.movetime = Some(num(words.get(i + 1), "movetime")?),
            "depth" => l.depth = Some(ranged(words.get(i + 1), "depth", 1, max_depth)?),
            "nodes" => l.nodes = Some(num(words.get(i + 1), "nodes")?),
            "mate" => l.depth = Some(ranged(words.get(i + 1), "mate", 1, max_depth / 2)? * 2),
            "infinite" => {
                l.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                l.ponder = true;
                i += 1;
                continue;
            }
            "searchmoves" => {
                // Accepted and ignored: the remaining words are moves.
                break;
            }
            other => return Err(format!("unknown `go` parameter `{other}`")),
        }
        i += 2;
    }
    Ok(l)
}

impl<B: Backend> UciSession<B> {
    /// A session starting in chess.
    pub fn new(registry: Registry, backend: B, out: Output, reader: Option<FileReader>) -> Self {
        let (variant, pos) = start(&registry, "chess")
            .or_else(|| registry.ids().first().and_then(|id| start(&registry, id)))
            .unwrap_or_else(|| {
                let r = Registry::builtin();
                #[allow(clippy::unwrap_used)]
                start(&r, "chess").unwrap()
            });
        UciSession {
            registry,
            variant,
            pos,
            pos_source: None,
            rejected: None,
            backend,
            strength: crate::strength::Strength::default(),
            out,
            reader,
            perft: None,
        }
    }

    /// Stops the running search and waits for it (it still reports its best move),
    /// and waits for a running perft: a script's `go perft` followed by other commands
    /// gets its count; only `stop` and `quit` interrupt a perft.
    fn halt(&mut self) {
        self.backend.stop();
        self.backend.wait();
        if let Some((_, handle)) = self.perft.take() {
            let _ = handle.join();
        }
    }

    /// Asks the running search and perft to stop, without waiting.
    fn interrupt(&mut self) {
        self.backend.stop();
        if let Some((stop, _)) = &self.perft {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Runs until `quit` or the end of input; waits for a running search.
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
                    self.say(&format!("info string Unknown command: {why}"))
                }
            }
        }
        // At the end of input a perft still prints its count (`echo go perft 5 | ...`).
        self.halt();
        Ok(())
    }

    fn say(&self, s: &str) {
        self.out.line(s);
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return true;
        };
        match cmd {
            "uci" => {
                self.say(&format!("id name {}", self.backend.name()));
                self.say("id author the Menagerie developers");
                self.say(&format!(
                    "option name Hash type spin default 64 min 1 max {}",
                    menagerie_engine::max_hash_mb()
                ));
                self.say(&format!(
                    "option name Threads type spin default 1 min 1 max {}",
                    menagerie_engine::MAX_THREADS
                ));
                self.say(&format!(
                    "option name MultiPV type spin default 1 min 1 max {}",
                    menagerie_engine::MAX_MULTIPV
                ));
                self.say("option name Ponder type check default false");
                for o in crate::strength::Strength::uci_options() {
                    self.say(&o);
                }
                let ids = self.registry.ids();
                self.say(&format!(
                    "option name UCI_Variant type combo default chess {}",
                    ids.iter()
                        .map(|i| format!("var {i}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
                self.say("option name VariantPath type string default <empty>");
                self.say("uciok");
            }
            "debug" => {}
            "isready" => self.say("readyok"),
            "setoption" => self.setoption(line),
            "ucinewgame" => {
                self.halt();
                self.backend.new_game();
                self.pos = Position::start(&self.variant);
                self.pos_source = None;
                self.rejected = None;
            }
            "position" => self.position(&words[1..]),
            "go" => self.go(&words[1..]),
            "stop" => self.interrupt(),
            "ponderhit" => self.backend.ponderhit(),
            "quit" => {
                self.interrupt();
                self.halt();
                return false;
            }
            "eval" => match self.backend.eval_trace(&self.pos) {
                Some(table) => table.lines().for_each(|l| self.say(l)),
                None => self.say("info string this engine gives no evaluation table"),
            },
            "d" => {
                self.say(&format!(
                    "info string variant {} fen {}",
                    self.variant.id,
                    self.pos.to_fen()
                ));
            }
            _ => self.say(&format!("info string Unknown command: {line}")),
        }
        true
    }

    fn setoption(&mut self, line: &str) {
        let rest = line
            .trim_start()
            .strip_prefix("setoption")
            .unwrap_or("")
            .trim();
        let Some(rest) = rest.strip_prefix("name ") else {
            self.say("info string setoption needs `name`");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match start(&self.registry, value) {
                Some((v, p)) => {
                    self.halt();
                    self.variant = v;
                    self.pos = p;
                    self.pos_source = None;
                    self.rejected = None;
                    if self.variant.id != "chess" {
                        self.say(&variant_info(&self.variant));
                    }
                }
                None => self.say(&format!("info string Unknown variant {value}")),
            },
            "variantpath" => self.load_variants(value),
            _ => match self.strength.set(name, value) {
                Some(Ok(level)) => self.backend.set_level(level),
                Some(Err(e)) => self.say(&format!("info string {e}")),
                None => {
                    if let Err(e) = self.backend.set_option(name, value) {
                        self.say(&format!("info string {e}"));
                    }
                }
            },
        }
    }

    fn load_variants(&mut self, value: &str) {
        if value.is_empty() || value == "<empty>" {
            return;
        }
        let Some(reader) = &self.reader else {
            self.say("info string VariantPath is not available in this session");
            return;
        };
        for path in value.split([';', ':']).filter(|p| !p.is_empty()) {
            match reader(path) {
                Ok(text) => {
                    let report = self.registry.load_file(path, &text);
                    for p in &report.problems {
                        self.say(&format!("info string {p}"));
                    }
                    if !report.ids.is_empty() {
                        self.say(&format!(
                            "info string loaded {} from {path}",
                            report.ids.join(", ")
                        ));
                    }
                }
                Err(e) => self.say(&format!("info string cannot read {path}: {e}")),
            }
        }
    }

    fn position(&mut self, words: &[&str]) {
        match self.read_position(words) {
            Ok(()) => self.rejected = None,
            Err(why) => {
                self.say(&format!("info string {why}"));
                self.rejected = Some(why);
            }
        }
    }

    /// Sets the position a `position` command gives, or says why not
    /// (the current position is then left as it was).
    fn read_position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let known = self.pos_source.as_ref().and_then(|(s, m)| {
            let same_setup = s.len() == setup.len() && s.iter().zip(setup).all(|(a, b)| a == b);
            let extends = m.len() <= moves.len() && m.iter().zip(moves).all(|(a, b)| a == b);
            (same_setup && extends).then_some(m.len())
        });
        let (mut pos, done) = match known {
            Some(n) => (self.pos.clone(), n),
            None => match setup.first() {
                Some(&"startpos") => (Position::start(&self.variant), 0),
                Some(&"fen") => match Position::from_fen(&self.variant, &setup[1..].join(" ")) {
                    Ok(p) => (p, 0),
                    Err(e) => return Err(format!("Invalid FEN: {e}")),
                },
                _ => return Err("position needs `startpos` or `fen`".to_string()),
            },
        };
        for text in &moves[done..] {
            match parse_move(&pos, text) {
                Ok(m) => pos.make_unchecked(m),
                Err(e) => return Err(format!("Illegal move {text}: {e}")),
            }
        }
        self.halt();
        self.pos = pos;
        let owned = |w: &[&str]| w.iter().map(|s| (*s).to_string()).collect();
        self.pos_source = Some((owned(setup), owned(moves)));
        Ok(())
    }

    fn go(&mut self, words: &[&str]) {
        if words.first() == Some(&"perft") {
            if !self.refused_after_rejection(false) {
                self.perft(words.get(1).copied());
            }
            return;
        }
        let limits = match parse_limits(words) {
            Ok(l) => l,
            Err(e) => {
                self.say(&format!("info string {e}"));
                return;
            }
        };
        if self.refused_after_rejection(true) {
            return;
        }
        self.halt();
        let listener = UciListener {
            out: self.out.clone(),
            root: self.pos.clone(),
        };
        self.backend
            .go(self.pos.clone(), limits, Box::new(listener));
    }

    /// True (after saying why) when the last `position` command was
    /// rejected; a refused search still answers `bestmove (none)` when
    /// `bestmove`, as a GUI waits for one.
    fn refused_after_rejection(&self, bestmove: bool) -> bool {
        let Some(why) = &self.rejected else {
            return false;
        };
        self.say(&format!(
            "info string not searching: the last position command was rejected ({why})"
        ));
        if bestmove {
            self.say("bestmove (none)");
        }
        true
    }

    /// `go perft N`: Fairy-Stockfish's divide output, computed on a thread of its own
    /// (`stop` ends it with `info string perft stopped`).
    fn perft(&mut self, depth: Option<&str>) {
        let depth = match depth.map(str::parse::<u32>) {
            None => 1,
            Some(Ok(d)) if (1..=MAX_PERFT_DEPTH).contains(&d) => d,
            Some(_) => {
                self.say(&format!(
                    "info string perft depth must be a number from 1 to {MAX_PERFT_DEPTH}"
                ));
                return;
            }
        };
        self.halt();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let out = self.out.clone();
        let mut pos = self.pos.clone();
        let spawned = std::thread::Builder::new()
            .name("perft".into())
            .spawn(move || match divide_until(&mut pos, depth, &flag) {
                Some(counts) => {
                    let mut total = 0;
                    for (m, n) in counts {
                        out.line(&format!("{m}: {n}"));
                        total += n;
                    }
                    out.line("");
                    out.line(&format!("Nodes searched: {total}"));
                }
                None => out.line("info string perft stopped"),
            });
        match spawned {
            Ok(handle) => self.perft = Some((stop, handle)),
            Err(e) => self.say(&format!("info string cannot start perft: {e}")),
        }
    }
}
