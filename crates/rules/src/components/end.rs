//! The one verdict on the end of a game.
//!
//! Every end-of-game rule of a variant is an [`EndRule`] in one ordered list
//! ([`EndRule::list`], built once when the variant is loaded, in the order
//! the variant specifications prescribe: bare king, coverage loss, checkmate, win by
//! count, stalemate, repetition, move rule, ply cap, bare kings, counting). The first
//! rule that ends the game gives the result. The referee (`outcome`), the
//! search, the protocols and the server all ask [`Position::verdict`]; the
//! search only tells it what it already knows (see [`Judge`]) so that the
//! common case — nothing ends the game — costs no move generation.
//!
//! Rules that need to know whether the side to move has a legal move
//! (checkmate, stalemate) are *deferred* when the caller does not know it
//! yet: they are judged, and the moves generated, only when a later rule
//! would end the game (a checkmated side loses even when it holds the
//! winning count, or when the position repeats). When the caller says the
//! side has no move, they are judged in their place.

use super::{
    bare_king, bare_kings, bikjang, castling_wins, check_count, connect, count_win, counting,
    coverage, drop_mate, extinction, flag, full_board, mate, material_count, move_repetition,
    move_rule, passing, placed_promotion, ply_cap, repetition,
};
use crate::moves::MoveList;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::variant::Rules;

/// One end-of-game rule, with the parameters it was loaded with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndRule {
    /// Loss for a side whose pieces no longer cover every direction or group.
    Coverage,
    /// Win for a side mated by a drop of one of these types (bit mask).
    DropMate(u64),
    /// Loss for a side in check with no legal move.
    Checkmate,
    /// Win for the side that has given its last check (n-check).
    Checks,
    /// A flag piece in its region (king of the hill, racing kings).
    Flag,
    /// A castling move that wins, or the loss of the last right to one.
    CastlingWins,
    /// A counted piece type died out.
    Extinction,
    /// Pieces lined up or joined (tic-tac-toe, Connect Four).
    Connect,
    /// Win for the side that starts its turn with enough pieces of a type.
    CountWin,
    /// The variant's verdict for a side with no legal move, not in check.
    Stalemate,
    /// Draw at the given number of occurrences of a position.
    Repetition(u32),
    /// Draw after the given number of plies without progress.
    MoveRule(u32),
    /// Draw after the given number of plies.
    PlyCap(u32),
    /// Draw when only royal pieces are left.
    BareKings,
    /// Draw when a counting rule's count has run past its limit.
    Counting,
    /// The verdict on a side reduced to its bare king.
    BareKing,
    /// Draw for a side whose only moves are placed promotions of its last
    /// piece besides the King (Sittuyin).
    ForcedPromotion,
    /// Draw (or material count) after two passes in a row.
    DoublePass,
    /// Draw (or material count) after a pass under bikjang.
    Bikjang,
    /// Win for the side whose opponent shuttled a piece back and forth.
    MoveRepetition,
    /// Draw (or material count) when every cell is filled.
    FullBoard,
}

impl EndRule {
    /// The end rules of a variant with `rules`, in the order they are judged.
    #[must_use]
    pub fn list(rules: &Rules) -> Vec<EndRule> {
        let mut list = Vec::new();
        if rules.bare_king.is_some() {
            list.push(EndRule::BareKing);
        }
        if rules.coverage.is_some() {
            list.push(EndRule::Coverage);
        }
        if rules.extinction.is_some() {
            list.push(EndRule::Extinction);
        }
        if rules.check_counting {
            list.push(EndRule::Checks);
        }
        if rules.drop_mate_loses != 0 {
            list.push(EndRule::DropMate(rules.drop_mate_loses));
        }
        if rules.flag.is_some() {
            list.push(EndRule::Flag);
        }
        if rules.castling_wins != 0 {
            list.push(EndRule::CastlingWins);
        }
        if rules.connect.is_some() {
            list.push(EndRule::Connect);
        }
        list.push(EndRule::Checkmate);
        if rules.count_win.is_some() {
            list.push(EndRule::CountWin);
        }
        if rules.full_board_ends {
            list.push(EndRule::FullBoard);
        }
        list.push(EndRule::Stalemate);
        if rules
            .pass
            .iter()
            .chain(&rules.pass_on_stalemate)
            .any(|&p| p)
        {
            list.push(EndRule::DoublePass);
        }
        if rules.bikjang {
            list.push(EndRule::Bikjang);
        }
        if rules.move_repetition_loses {
            list.push(EndRule::MoveRepetition);
        }
        if rules.repetition > 0 {
            list.push(EndRule::Repetition(rules.repetition));
        }
        if rules.move_rule > 0 {
            list.push(EndRule::MoveRule(rules.move_rule));
        }
        if rules.ply_cap > 0 {
            list.push(EndRule::PlyCap(rules.ply_cap));
        }
        if rules.bare_kings_draw {
            list.push(EndRule::BareKings);
        }
        if rules.counting.is_some() {
            list.push(EndRule::Counting);
        }
        if rules.placed_promotion.is_some() {
            list.push(EndRule::ForcedPromotion);
        }
        list
    }

    /// True for the rules that depend on whether the side to move has a
    /// legal move.
    #[must_use]
    pub fn needs_moves(self) -> bool {
        matches!(
            self,
            EndRule::Checkmate | EndRule::Stalemate | EndRule::DropMate(_)
        )
    }

    /// True for the rules that, once they hold, forbid every move (the game
    /// is decided at the start of the turn).
    #[must_use]
    pub fn stops_play(self) -> bool {
        matches!(
            self,
            EndRule::Coverage
                | EndRule::CountWin
                | EndRule::BareKing
                | EndRule::Checks
                | EndRule::Flag
                | EndRule::CastlingWins
                | EndRule::Connect
                | EndRule::Extinction
                | EndRule::DoublePass
                | EndRule::Bikjang
                | EndRule::FullBoard
        )
    }

    fn judge(self, pos: &Position, judge: &mut Judge) -> Option<Outcome> {
        match self {
            EndRule::Coverage => coverage::judge(pos),
            EndRule::DropMate(types) => drop_mate::judge(pos, types, judge.has_move(pos)?),
            EndRule::Checkmate => mate::judge_checkmate(pos, judge.has_move(pos)?),
            EndRule::CountWin => count_win::judge(pos),
            EndRule::Checks => check_count::judge(pos),
            EndRule::Flag => flag::judge(pos),
            EndRule::CastlingWins => castling_wins::judge(pos),
            EndRule::Connect => connect::judge(pos),
            EndRule::Extinction => extinction::judge(pos),
            EndRule::Stalemate => mate::judge_stalemate(pos, judge.has_move(pos)?),
            EndRule::Repetition(n) => repetition::judge(pos, n, judge.first_repetition),
            EndRule::MoveRule(n) => move_rule::judge(pos, n),
            EndRule::PlyCap(n) => ply_cap::judge(pos, n),
            EndRule::BareKings => bare_kings::judge(pos),
            EndRule::Counting => counting::judge(pos),
            EndRule::BareKing => bare_king::judge(pos),
            EndRule::ForcedPromotion => placed_promotion::judge(pos),
            EndRule::DoublePass => passing::judge(pos),
            EndRule::FullBoard => full_board::judge(pos),
            EndRule::Bikjang => bikjang::judge(pos),
            EndRule::MoveRepetition => move_repetition::judge(pos),
        }
    }
}

/// What the caller knows of the side to move's legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moves {
    /// Not known: the verdict generates them only if it must.
    Unknown,
    /// The side to move has a legal move.
    Some,
    /// The legal move generator (`generate_legal`) found none.
    None,
}

/// The question asked of [`Position::verdict`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judge {
    /// What is known of the legal moves.
    pub moves: Moves,
    /// Count a position's first recurrence as the repetition draw (the
    /// search's view: a side that could avoid a repetition would have
    /// done so at the first chance, so the line is a draw already). The
    /// referee counts occurrences as the variant says.
    pub first_repetition: bool,
    /// Set while deferred rules are judged: generate the moves if unknown.
    resolve: bool,
}

impl Judge {
    /// The referee's question: every rule as the variant states it.
    #[must_use]
    pub fn referee() -> Judge {
        Judge {
            moves: Moves::Unknown,
            first_repetition: false,
            resolve: true,
        }
    }

    /// The search's question at a node it has just entered: the rules that
    /// need no move list, each position's first recurrence a draw.
    #[must_use]
    pub fn search_entry() -> Judge {
        Judge {
            moves: Moves::Unknown,
            first_repetition: true,
            resolve: false,
        }
    }

    /// The search's question at a node where no legal move was found.
    #[must_use]
    pub fn search_no_moves() -> Judge {
        Judge {
            moves: Moves::None,
            first_repetition: true,
            resolve: true,
        }
    }

    /// Whether the side to move has a legal move — `None` while deferring.
    fn has_move(&mut self, pos: &Position) -> Option<bool> {
        match self.moves {
            Moves::Some => Some(true),
            // `generate_legal` gives no moves once a rule that stops play
            // holds; whether the side could move is then still open.
            Moves::None if !pos.decided_by_rule() => Some(false),
            _ if !self.resolve => None,
            _ => {
                let mut p = pos.clone();
                let mut out = MoveList::new();
                p.generate_legal_ignoring_rules(&mut out);
                self.moves = if out.is_empty() {
                    Moves::None
                } else {
                    Moves::Some
                };
                Some(!out.is_empty())
            }
        }
    }
}

impl Position {
    /// The end of the game, if this position ends it, judged by the
    /// variant's end rules in order (see the module docs).
    #[must_use]
    pub fn verdict(&self, judge: Judge) -> Option<Outcome> {
        self.first_end(judge)
            .map(|o| material_count::settle(self, o))
    }

    /// The first end rule that ends the game, as it scores it.
    fn first_end(&self, mut judge: Judge) -> Option<Outcome> {
        let rules = &self.variant().end;
        let mut deferred: Option<usize> = None;
        for (i, &rule) in rules.iter().enumerate() {
            if rule.needs_moves() && judge.has_move(self).is_none() {
                deferred.get_or_insert(i);
                continue;
            }
            let Some(o) = rule.judge(self, &mut judge) else {
                continue;
            };
            if let Some(first) = deferred {
                // A rule that needs the moves comes first: judge it now.
                judge.resolve = true;
                for &earlier in &rules[first..i] {
                    if earlier.needs_moves() {
                        if let Some(e) = earlier.judge(self, &mut judge) {
                            return Some(e);
                        }
                    }
                }
            }
            return Some(o);
        }
        None
    }

    /// The game's end, if the position is final: the referee's verdict.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.verdict(Judge::referee())
    }

    /// True when the game has been decided by a rule evaluated at the start
    /// of the turn (coverage loss, win by count): no move may be made.
    #[must_use]
    pub fn decided_by_rule(&self) -> bool {
        self.variant()
            .end
            .iter()
            .any(|&r| r.stops_play() && r.judge(self, &mut Judge::search_entry()).is_some())
    }
}
