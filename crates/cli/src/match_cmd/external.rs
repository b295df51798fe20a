//! External engines spoken to as a GUI would: UCI or XBoard (CECP v2) over
//! a child process's standard input and output.

use super::player::{Clocks, Player, Refusal, Reply};
use anyhow::{anyhow, bail, Context, Result};
use menagerie_rules::{Position, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Which protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// Universal Chess Interface.
    Uci,
    /// XBoard / WinBoard (CECP).
    Xboard,
}

/// How to start and talk to an external engine.
#[derive(Debug, Clone, PartialEq)]
pub struct ExternalSpec {
    /// Protocol.
    pub protocol: Protocol,
    /// Program and arguments.
    pub command: Vec<String>,
    /// Display name (default: what the engine calls itself).
    pub name: Option<String>,
    /// XBoard variant name to send instead of the Menagerie id.
    pub variant: Option<String>,
    /// UCI options to set (`name`, `value`).
    pub options: Vec<(String, String)>,
    /// UCI: search this many nodes a move (`go nodes N`) instead of
    /// playing on the clock — a fixed-node test does not depend on the
    /// machine's load.
    pub nodes: Option<u64>,
}

/// Extra time an engine gets past its clock before it is declared hung.
const GRACE: Duration = Duration::from_millis(2000);
/// Time to answer the protocol handshake.
const HANDSHAKE: Duration = Duration::from_secs(10);

struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    fn spawn(cmd: &[String]) -> Result<Process> {
        let (prog, args) = cmd.split_first().context("empty engine command")?;
        let mut child = Command::new(prog)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start `{}`", cmd.join(" ")))?;
        let stdin = child.stdin.take().context("no stdin")?;
        let stdout = child.stdout.take().context("no stdout")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines: rx,
        })
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| anyhow!("engine input closed ({e})"))
    }

    /// The next line, waiting at most until `deadline`.
    fn line(&mut self, deadline: Instant) -> Result<String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => bail!("engine did not answer in time"),
            Err(RecvTimeoutError::Disconnected) => bail!("engine exited"),
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An external engine.
pub struct External {
    spec: ExternalSpec,
    proc: Option<Process>,
    engine_name: String,
    // UCI
    uci_variant_option: bool,
    // XBoard
    usermove: bool,
    setboard: bool,
    variants: Option<Vec<String>>,
    told: usize,
    fen: String,
    start_fen: bool,
    variant_name: String,
}

impl External {
    /// An engine that is started on the first game.
    #[must_use]
    pub fn new(spec: ExternalSpec) -> External {
        let engine_name = spec
            .command
            .first()
            .map(|c| c.rsplit('/').next().unwrap_or(c).to_string())
            .unwrap_or_default();
        External {
            spec,
            proc: None,
            engine_name,
            uci_variant_option: false,
            usermove: false,
            setboard: false,
            variants: None,
            told: 0,
            fen: String::new(),
            start_fen: true,
            variant_name: String::new(),
        }
    }

    fn start(&mut self) -> Result<()> {
        let mut p = Process::spawn(&self.spec.command)?;
        let deadline = Instant::now() + HANDSHAKE;
        match self.spec.protocol {
            Protocol::Uci => {
                p.send("uci")?;
                loop {
                    let l = p.line(deadline)?;
                    if let Some(n) = l.strip_prefix("id name ") {
                        self.engine_name = n.trim().to_string();
                    }
                    if l.starts_with("option name UCI_Variant ") {
                        self.uci_variant_option = true;
                    }
                    if l.trim() == "uciok" {
                        break;
                    }
                }
                for (k, v) in &self.spec.options {
                    p.send(&format!("setoption name {k} value {v}"))?;
                }
            }
            Protocol::Xboard => {
                p.send("xboard")?;
                p.send("protover 2")?;
                // Engines that do not know protover 2 send no features:
                // wait a little, then go on with the defaults.
                let feature_deadline = Instant::now() + Duration::from_secs(3);
                loop {
                    let Ok(l) = p.line(feature_deadline) else {
                        break;
                    };
                    if let Some(rest) = l.trim().strip_prefix("feature ") {
                        let done = self.features(rest, &mut p)?;
                        if done {
                            break;
                        }
                    }
                }
            }
        }
        self.proc = Some(p);
        Ok(())
    }

    /// Reads a `feature` line; true at `done=1`.
    fn features(&mut self, rest: &str, p: &mut Process) -> Result<bool> {
        let mut done = false;
        let mut s = rest.trim();
        while !s.is_empty() {
            let Some((key, tail)) = s.split_once('=') else {
                break;
            };
            let key = key.trim();
            let (val, tail) = if let Some(t) = tail.strip_prefix('"') {
                match t.split_once('"') {
                    Some((v, r)) => (v, r),
                    None => (t, ""),
                }
            } else {
                match tail.split_once(' ') {
                    Some((v, r)) => (v, r),
                    None => (tail, ""),
                }
            };
            match key {
                "usermove" => self.usermove = val == "1",
                "setboard" => self.setboard = val == "1",
                "myname" => self.engine_name = val.to_string(),
                "variants" => {
                    self.variants = Some(val.split(',').map(|x| x.trim().to_string()).collect());
                }
                "done" => done = val == "1",
                _ => {}
            }
            if key != "done" {
                p.send(&format!("accepted {key}"))?;
            }
            s = tail.trim();
        }
        Ok(done)
    }

    fn proc(&mut self) -> Result<&mut Process> {
        self.proc.as_mut().context("engine not running")
    }

    fn xboard_moves(&mut self, moves: &[String]) -> Result<()> {
        let prefix = if self.usermove { "usermove " } else { "" };
        let from = self.told.min(moves.len());
        for m in &moves[from..] {
            let line = format!("{prefix}{m}");
            self.proc()?.send(&line)?;
        }
        self.told = moves.len();
        Ok(())
    }
}

fn centis(ms: u64) -> u64 {
    ms / 10
}

/// `level 0 M:SS INC` for a base and increment in milliseconds (the
/// increment as whole seconds when it is one, else as a decimal).
fn level_command(base_ms: u64, inc_ms: u64) -> String {
    let secs = base_ms / 1000;
    let base = if base_ms.is_multiple_of(1000) {
        format!("{}:{:02}", secs / 60, secs % 60)
    } else {
        format!("{}:{:02}.{:03}", secs / 60, secs % 60, base_ms % 1000)
    };
    let inc = if inc_ms.is_multiple_of(1000) {
        (inc_ms / 1000).to_string()
    } else {
        let s = format!("{:.3}", inc_ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    };
    format!("level 0 {base} {inc}")
}

impl Player for External {
    fn name(&self) -> String {
        self.spec
            .name
            .clone()
            .unwrap_or_else(|| self.engine_name.clone())
    }

    fn new_game(&mut self, v: &Arc<Variant>, fen: &str, tc: Option<(u64, u64)>) -> Result<()> {
        if self
            .proc
            .as_mut()
            .is_some_and(|p| p.child.try_wait().ok().flatten().is_some())
        {
            self.proc = None;
        }
        if self.proc.is_none() {
            self.start()?;
        }
        self.fen = fen.to_string();
        self.start_fen = fen == v.start_fen;
        self.told = 0;
        let vname = self
            .spec
            .variant
            .clone()
            .unwrap_or_else(|| match v.id.as_str() {
                "chess" => "normal".to_string(),
                id => id.to_string(),
            });
        self.variant_name = vname.clone();
        match self.spec.protocol {
            Protocol::Uci => {
                let opt = self.uci_variant_option && v.id != "chess";
                let p = self.proc()?;
                if opt {
                    p.send(&format!("setoption name UCI_Variant value {}", v.id))?;
                }
                p.send("ucinewgame")?;
                p.send("isready")?;
                let deadline = Instant::now() + HANDSHAKE;
                while p.line(deadline)?.trim() != "readyok" {}
            }
            Protocol::Xboard => {
                if let Some(list) = &self.variants {
                    if vname != "normal" && !list.contains(&vname) {
                        bail!("the engine does not play variant `{vname}`");
                    }
                }
                let setboard = self.setboard;
                let start = self.start_fen;
                let p = self.proc()?;
                p.send("new")?;
                p.send("easy")?;
                if vname != "normal" {
                    p.send(&format!("variant {vname}"))?;
                }
                if let Some((base, inc)) = tc {
                    p.send(&level_command(base, inc))?;
                }
                p.send("force")?;
                if !start {
                    if !setboard {
                        bail!("the engine cannot set up positions (no setboard feature)");
                    }
                    p.send(&format!("setboard {fen}"))?;
                }
                // Synchronise.
                p.send("ping 1")?;
                let deadline = Instant::now() + HANDSHAKE;
                loop {
                    let l = p.line(deadline)?;
                    // Earlier `Error` lines (e.g. for `result`) are harmless.
                    if l.trim() == "pong 1" {
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    fn go(
        &mut self,
        pos: &Position,
        moves: &[String],
        clocks: &Clocks,
        deadline_ms: Option<u64>,
    ) -> Result<Reply> {
        let deadline = Instant::now()
            + deadline_ms.map_or(Duration::from_secs(3600), Duration::from_millis)
            + GRACE;
        let white = pos.side() == menagerie_rules::Color::White;
        match self.spec.protocol {
            Protocol::Uci => {
                let mut line = if self.start_fen {
                    "position startpos".to_string()
                } else {
                    format!("position fen {}", self.fen)
                };
                if !moves.is_empty() {
                    line.push_str(" moves ");
                    line.push_str(&moves.join(" "));
                }
                let go = if let Some(n) = self.spec.nodes {
                    format!("go nodes {n}")
                } else if clocks.timed {
                    format!(
                        "go wtime {} btime {} winc {} binc {}",
                        clocks.wtime, clocks.btime, clocks.winc, clocks.binc
                    )
                } else {
                    "go movetime 1000".to_string()
                };
                let p = self.proc()?;
                p.send(&line)?;
                p.send(&go)?;
                loop {
                    let l = p.line(deadline)?;
                    let mut it = l.split_whitespace();
                    if it.next() == Some("bestmove") {
                        let m = it.next().unwrap_or("(none)").to_string();
                        if m == "(none)" || m == "0000" {
                            return Ok(Reply::Refused(Refusal::Resign));
                        }
                        return Ok(Reply::Move(m));
                    }
                }
            }
            Protocol::Xboard => {
                self.xboard_moves(moves)?;
                let (own, opp) = if white {
                    (clocks.wtime, clocks.btime)
                } else {
                    (clocks.btime, clocks.wtime)
                };
                let p = self.proc()?;
                if clocks.timed {
                    p.send(&format!("time {}", centis(own)))?;
                    p.send(&format!("otim {}", centis(opp)))?;
                }
                p.send("go")?;
                let reply = loop {
                    let l = p.line(deadline)?;
                    let t = l.trim();
                    if let Some(m) = t.strip_prefix("move ") {
                        break Reply::Move(m.trim().to_string());
                    }
                    if t == "resign" {
                        break Reply::Refused(Refusal::Resign);
                    }
                    for r in ["1-0", "0-1", "1/2-1/2"] {
                        if t.starts_with(r) {
                            return Ok(Reply::Refused(Refusal::Claim(t.to_string())));
                        }
                    }
                    if t.starts_with("Illegal move") {
                        bail!("engine rejected a move: {t}");
                    }
                };
                p.send("force")?;
                self.told = moves.len() + 1;
                Ok(reply)
            }
        }
    }

    fn game_over(&mut self, result: &str) {
        if self.spec.protocol == Protocol::Xboard {
            if let Some(p) = self.proc.as_mut() {
                let _ = p.send(&format!("result {result} {{game over}}"));
            }
        }
    }
}

/// Parses `uci:CMD[;opt=val,...]` / `xboard:CMD[;...]` (after the prefix).
///
/// # Errors
/// An empty command or an unknown option.
pub fn parse_external(protocol: Protocol, text: &str) -> Result<(ExternalSpec, f64)> {
    let (cmd, opts) = text.split_once(';').unwrap_or((text, ""));
    let command: Vec<String> = cmd.split_whitespace().map(str::to_string).collect();
    if command.is_empty() {
        bail!("no engine command given");
    }
    let mut spec = ExternalSpec {
        protocol,
        command,
        name: None,
        variant: None,
        options: Vec::new(),
        nodes: None,
    };
    let mut factor = 1.0;
    for item in opts.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (k, v) = item.split_once('=').unwrap_or((item, ""));
        match k {
            "name" => spec.name = Some(v.to_string()),
            "nodes" if protocol == Protocol::Uci => {
                let n = v
                    .parse::<u64>()
                    .ok()
                    .filter(|n| *n > 0)
                    .with_context(|| format!("`nodes` needs a positive number, not `{v}`"))?;
                spec.nodes = Some(n);
            }
            "variant" => spec.variant = Some(v.to_string()),
            "time" => {
                factor = v
                    .parse::<f64>()
                    .ok()
                    .filter(|f| f.is_finite() && *f > 0.0)
                    .with_context(|| format!("`time` needs a positive factor, not `{v}`"))?;
            }
            _ => match k.strip_prefix("option.") {
                Some(o) => spec.options.push((o.to_string(), v.to_string())),
                None => bail!(
                    "unknown engine option `{k}` (name, variant, time, option.NAME; nodes for UCI)"
                ),
            },
        }
    }
    Ok((spec, factor))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_commands() {
        assert_eq!(level_command(5000, 50), "level 0 0:05 0.05");
        assert_eq!(level_command(300_000, 2000), "level 0 5:00 2");
        assert_eq!(level_command(1500, 0), "level 0 0:01.500 0");
    }

    #[test]
    fn external_specs() {
        let (s, f) = parse_external(
            Protocol::Xboard,
            "/usr/games/fairymax -x;name=FM,time=0.5,option.Hash=16",
        )
        .unwrap();
        assert_eq!(s.command, vec!["/usr/games/fairymax", "-x"]);
        assert_eq!(s.name.as_deref(), Some("FM"));
        assert_eq!(s.options, vec![("Hash".to_string(), "16".to_string())]);
        assert!((f - 0.5).abs() < 1e-12);
        assert!(parse_external(Protocol::Uci, " ").is_err());
        assert!(parse_external(Protocol::Uci, "x;bogus=1").is_err());
        let (s, _) = parse_external(Protocol::Uci, "eng;nodes=5000").unwrap();
        assert_eq!(s.nodes, Some(5000));
        assert!(parse_external(Protocol::Uci, "eng;nodes=0").is_err());
        assert!(parse_external(Protocol::Xboard, "eng;nodes=5").is_err());
        // Fairy-Stockfish's classical evaluation, as `strength.sh fsf` asks
        // for it: option names may hold spaces, each sent as `setoption`.
        let (s, _) = parse_external(
            Protocol::Uci,
            "/tmp/fsf/stockfish;option.Use NNUE=false,option.Threads=1,option.Hash=16",
        )
        .unwrap();
        assert_eq!(s.command, vec!["/tmp/fsf/stockfish"]);
        let opts: Vec<(&str, &str)> = s
            .options
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            opts,
            vec![("Use NNUE", "false"), ("Threads", "1"), ("Hash", "16")]
        );
    }
}
