//! Positions: board, hands, side to move and the state that rules need.

pub mod fen;
mod make;

use crate::moves::Move;
use crate::piece::{Color, Piece, PieceType};
use crate::variant::Variant;
use menagerie_geometry::CellId;
use std::sync::Arc;

pub use crate::components::counting::CountState;
pub use crate::components::en_passant::EpState;
pub use make::IllegalMove;

#[derive(Debug, Clone)]
struct Undo {
    mv: Move,
    captured: Piece,
    captured_origin: u8,
    captured_via: Piece,
    captured_via_origin: u8,
    moved_origin: u8,
    moved_kind: PieceType,
    castling: u32,
    ep: EpState,
    ep_hashed: bool,
    halfmove: u32,
    imitation: Option<PieceType>,
    hash: u64,
    gained: [Option<PieceType>; 2],
    count: CountState,
    checks_left: [u8; 2],
    /// The wall a duck move took away (`u16::MAX`: none).
    wall_removed: u16,
    /// Pieces the move's explosion removed (atomic), on `Position::blasted`.
    blasted: u8,
    /// The stones the move turned (`components::flip`).
    flips: crate::components::flip::Flipped,
    /// Whether the move left its mover's royal attacked before it put down
    /// a piece that shields nothing: a gated piece (`components::gating`),
    /// the stone of a captor that exploded (`components::petrify`) or a
    /// duck on the origin of a piece that exploded beside it
    /// (`components::atomic`).
    /// `None` when the move put down no such piece.
    placed_exposed: Option<bool>,
    /// The capturing piece turned to stone (`components::petrify`).
    petrified: bool,
}

/// In a cell's origin byte (0: no origin, else the type the piece was
/// promoted from, plus one): the piece is written Shogi's way (`+P`), not
/// by its own token with `~` (`Q~`). Fairy-Stockfish keeps the two apart on
/// one cell (Elgam's Soldier becomes the same Wazir either way); the hash
/// leaves the mark out, as Fairy-Stockfish's repetition does.
const WRITTEN_PLUS: u8 = 0x80;
const _: () = assert!(crate::piece::MAX_PIECE_TYPES < WRITTEN_PLUS as usize);

/// The type an origin byte names.
#[inline]
fn origin_kind(byte: u8) -> Option<PieceType> {
    (byte & !WRITTEN_PLUS).checked_sub(1)
}

/// The origin byte of a piece promoted from `kind`, written Shogi's way
/// (`+X`) when `plus`.
fn origin_byte(kind: PieceType, plus: bool) -> u8 {
    (kind + 1) | if plus { WRITTEN_PLUS } else { 0 }
}

/// A position of some variant.
#[derive(Clone)]
pub struct Position {
    v: Arc<Variant>,
    board: Vec<Piece>,
    origin: Vec<u8>,
    hands: [Vec<u8>; 2],
    side: Color,
    castling: u32,
    ep: EpState,
    ep_hashed: bool,
    halfmove: u32,
    fullmove: u32,
    ply: u32,
    imitation: Option<PieceType>,
    count: CountState,
    checks_left: [u8; 2],
    hash: u64,
    lists: Vec<Vec<CellId>>,
    list_pos: Vec<u16>,
    present: [u64; 2],
    history: Vec<Undo>,
    keys: Vec<u64>,
    /// Pieces removed by explosions (atomic), with their origins, for unmake.
    /// (cell, piece, origin, the type it gave the opponent's hand).
    blasted: Vec<(CellId, Piece, u8, Option<PieceType>)>,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({} {})", self.v.id, self.to_fen())
    }
}

impl PartialEq for Position {
    /// Positions are equal when everything that affects play is equal
    /// (history is ignored). The half-move clock affects play only through
    /// a move rule: without one (the Makruk family, whose counting rules
    /// replace it) it is not compared. That matters for FEN: while a count
    /// runs, the half-move field carries the count (Fairy-Stockfish's
    /// format), so the clock cannot come back from a FEN.
    fn eq(&self, o: &Self) -> bool {
        self.v.id == o.v.id
            && self.board == o.board
            && self.origin == o.origin
            && self.hands == o.hands
            && self.side == o.side
            && self.castling == o.castling
            && self.ep == o.ep
            && (self.v.rules.move_rule == 0 || self.halfmove == o.halfmove)
            && self.fullmove == o.fullmove
            && self.imitation == o.imitation
            && self.count == o.count
            && self.checks_left == o.checks_left
    }
}

impl Position {
    /// An empty board of `v` with White to move.
    #[must_use]
    pub fn empty(v: Arc<Variant>) -> Position {
        let n = v.geometry.len();
        let t = v.types();
        Position {
            board: vec![Piece::EMPTY; n],
            origin: vec![0; n],
            hands: [vec![0; t], vec![0; t]],
            side: Color::White,
            castling: 0,
            ep: EpState::NONE,
            ep_hashed: false,
            halfmove: 0,
            fullmove: 1,
            ply: 0,
            imitation: None,
            count: CountState::default(),
            checks_left: [crate::components::check_count::UNSTATED_CHECKS; 2],
            hash: 0,
            lists: vec![Vec::new(); 2 * t],
            list_pos: vec![0; n],
            present: [0; 2],
            history: Vec::new(),
            keys: Vec::new(),
            blasted: Vec::new(),
            v,
        }
    }

    /// The start position of a variant.
    ///
    /// # Panics
    /// Never for a loaded variant: its start FEN was validated at load time.
    #[must_use]
    pub fn start(v: &Arc<Variant>) -> Position {
        #[allow(clippy::unwrap_used)]
        Position::from_fen(v, &v.start_fen).unwrap()
    }

    /// The variant.
    #[inline]
    #[must_use]
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }

    /// The piece on a cell.
    #[inline]
    #[must_use]
    pub fn piece(&self, c: CellId) -> Piece {
        self.board[c.idx()]
    }

    /// The whole board, indexed by cell.
    #[inline]
    #[must_use]
    pub fn board(&self) -> &[Piece] {
        &self.board
    }

    /// The type a promoted piece on `c` was promoted from.
    #[inline]
    #[must_use]
    pub fn origin(&self, c: CellId) -> Option<PieceType> {
        origin_kind(self.origin[c.idx()])
    }

    /// True when the promoted piece on `c` is written Shogi's way (`+P`),
    /// false when by its own token with `~` (Crazyhouse's Queen that was
    /// a Pawn, `Q~`) or when it was promoted from nothing.
    #[must_use]
    pub fn written_plus(&self, c: CellId) -> bool {
        self.origin[c.idx()] & WRITTEN_PLUS != 0
    }

    /// The type whose token names the promoted piece on `c` in move text
    /// (`+P` for Shogi's Tokin): its origin, unless the piece is written by
    /// its own token, as a piece that reverts when captured (Crazyhouse's
    /// Knight from a Pawn is an `N`, as Fairy-Stockfish and lichess write
    /// it) or in a variant whose FEN writes promoted pieces in full.
    #[must_use]
    pub fn origin_in_text(&self, c: CellId) -> Option<PieceType> {
        let full = self.variant().fen.promoted_full;
        self.origin(c).filter(|_| !full && self.written_plus(c))
    }

    /// Pieces of a type in a side's hand.
    #[inline]
    #[must_use]
    pub fn hand(&self, color: Color, kind: PieceType) -> u8 {
        self.hands[color.idx()][usize::from(kind)]
    }

    /// Side to move.
    #[inline]
    #[must_use]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Castling rights (bit = index into the variant's castling list).
    #[inline]
    #[must_use]
    pub fn castling(&self) -> u32 {
        self.castling
    }

    /// En-passant state.
    #[inline]
    #[must_use]
    pub fn ep(&self) -> &EpState {
        &self.ep
    }

    /// Plies since the last capture or reset move.
    #[inline]
    #[must_use]
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// Move number.
    #[inline]
    #[must_use]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Plies played since the position was set up plus those implied by the
    /// move number.
    #[inline]
    #[must_use]
    pub fn game_ply(&self) -> u32 {
        self.ply
    }

    /// The type the Joker imitates.
    #[inline]
    #[must_use]
    pub fn imitation(&self) -> Option<PieceType> {
        self.imitation
    }

    /// The running count of a counting rule (Makruk family).
    #[inline]
    #[must_use]
    pub fn count_state(&self) -> CountState {
        self.count
    }

    /// Checks `c` has left to give (n-check variants).
    #[inline]
    #[must_use]
    pub fn checks_left(&self, c: Color) -> u8 {
        self.checks_left[c.idx()]
    }

    /// Checks White and Black have left to give (n-check variants).
    #[inline]
    #[must_use]
    pub fn checks_left_all(&self) -> [u8; 2] {
        self.checks_left
    }

    /// Zobrist hash of everything that matters for repetition.
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Cells holding pieces of `kind` and `color`.
    #[inline]
    #[must_use]
    pub fn cells_of(&self, color: Color, kind: PieceType) -> &[CellId] {
        &self.lists[color.idx() * self.v.types() + usize::from(kind)]
    }

    /// Number of pieces of a type on the board.
    #[inline]
    #[must_use]
    pub fn count(&self, color: Color, kind: PieceType) -> usize {
        self.cells_of(color, kind).len()
    }

    /// Bit mask of the types a side has on the board.
    #[inline]
    #[must_use]
    pub fn present(&self, color: Color) -> u64 {
        self.present[color.idx()]
    }

    /// Moves played since this position object was set up.
    #[must_use]
    pub fn moves_played(&self) -> Vec<Move> {
        self.history.iter().map(|u| u.mv).collect()
    }

    /// For a last move that put down a piece that shields nothing (a gated
    /// piece, `components::gating`; an exploded captor's stone,
    /// `components::petrify`; a duck on a blasted origin,
    /// `components::atomic`): whether it left its mover's royal attacked
    /// before that piece was placed. `None` after any other move.
    #[must_use]
    pub(crate) fn last_placed_exposed(&self) -> Option<bool> {
        self.history.last()?.placed_exposed
    }

    /// The type of the piece the last move turned to stone, if it did
    /// (`components::petrify`).
    pub(crate) fn last_petrified(&self) -> Option<PieceType> {
        let u = self.history.last()?;
        u.petrified.then_some(u.moved_kind)
    }

    /// The last move played on this position object, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// The type the piece of the last move had before it (a promoted or
    /// demoted piece's old type), if this position object saw the move.
    pub(crate) fn last_moved_kind(&self) -> Option<PieceType> {
        self.history.last().map(|u| u.moved_kind)
    }

    /// The move played `back` plies before the last one (0: the last), if
    /// this position object saw it.
    #[must_use]
    pub fn move_back(&self, back: usize) -> Option<Move> {
        let n = self.history.len();
        (back < n).then(|| self.history[n - 1 - back].mv)
    }

    /// Number of moves that can be taken back.
    #[must_use]
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// Hashes of earlier positions, oldest first (for repetition).
    #[must_use]
    pub fn key_history(&self) -> &[u64] {
        &self.keys
    }

    /// Cells of a side's royal pieces (pseudo-royal ones included while
    /// they are royal: `components::extinction`).
    pub fn royals(&self, color: Color) -> impl Iterator<Item = CellId> + '_ {
        let (pseudo, skip) = self.pseudo_royals(color);
        let mut kinds = (self.v.royal_types | pseudo) & self.present(color);
        std::iter::from_fn(move || {
            (kinds != 0).then(|| {
                let k = kinds.trailing_zeros() as PieceType;
                kinds &= kinds - 1;
                k
            })
        })
        .flat_map(move |k| self.cells_of(color, k).iter().copied())
        .filter(move |&c| Some(c) != skip)
    }

    // ---- low-level board edits (keep lists, present masks and hash right) ----

    fn put(&mut self, c: CellId, p: Piece, origin: u8) {
        debug_assert!(self.board[c.idx()].is_empty());
        self.board[c.idx()] = p;
        self.origin[c.idx()] = origin;
        self.hash ^= self.v.zobrist.piece(c, p);
        if let Some(o) = origin_kind(origin) {
            self.hash ^= self.v.zobrist.origin(c, o);
        }
        let li = p.color().idx() * self.v.types() + usize::from(p.kind());
        let list = &mut self.lists[li];
        self.list_pos[c.idx()] = list.len() as u16;
        list.push(c);
        self.present[p.color().idx()] |= 1 << p.kind();
    }

    fn take(&mut self, c: CellId) -> (Piece, u8) {
        let p = self.board[c.idx()];
        debug_assert!(p.is_some());
        let origin = self.origin[c.idx()];
        self.board[c.idx()] = Piece::EMPTY;
        self.origin[c.idx()] = 0;
        self.hash ^= self.v.zobrist.piece(c, p);
        if let Some(o) = origin_kind(origin) {
            self.hash ^= self.v.zobrist.origin(c, o);
        }
        let li = p.color().idx() * self.v.types() + usize::from(p.kind());
        let pos = usize::from(self.list_pos[c.idx()]);
        let list = &mut self.lists[li];
        list.swap_remove(pos);
        if let Some(&moved) = list.get(pos) {
            self.list_pos[moved.idx()] = pos as u16;
        }
        if list.is_empty() {
            self.present[p.color().idx()] &= !(1 << p.kind());
        }
        (p, origin)
    }

    fn relocate(&mut self, from: CellId, to: CellId) {
        let p = self.board[from.idx()];
        let origin = self.origin[from.idx()];
        debug_assert!(p.is_some() && self.board[to.idx()].is_empty());
        self.board[from.idx()] = Piece::EMPTY;
        self.origin[from.idx()] = 0;
        self.board[to.idx()] = p;
        self.origin[to.idx()] = origin;
        let z = &self.v.zobrist;
        self.hash ^= z.piece(from, p) ^ z.piece(to, p);
        if let Some(o) = origin_kind(origin) {
            self.hash ^= z.origin(from, o) ^ z.origin(to, o);
        }
        let li = p.color().idx() * self.v.types() + usize::from(p.kind());
        let pos = self.list_pos[from.idx()];
        self.lists[li][usize::from(pos)] = to;
        self.list_pos[to.idx()] = pos;
    }

    /// Takes the piece off `c` for a look at the board without it; put it
    /// back with [`Self::set_down`] (`components::chasing`).
    pub(crate) fn lift(&mut self, c: CellId) -> (Piece, u8) {
        self.take(c)
    }

    /// Puts back a piece [`Self::lift`] took, or a piece on an empty cell
    /// for a look at the board with it.
    pub(crate) fn set_down(&mut self, c: CellId, (p, origin): (Piece, u8)) {
        self.put(c, p, origin);
    }

    /// Gives every wall the colour `to` (walls always have the colour of
    /// the side to move: see `components::walls`).
    fn recolour_walls(&mut self, to: Color) {
        let Some(kind) = self.v.rules.walls.as_ref().map(|w| w.piece) else {
            return;
        };
        let from = to.flip();
        while let Some(&c) = self.cells_of(from, kind).last() {
            self.take(c);
            self.put(c, Piece::new(kind, to), 0);
        }
    }

    /// Gives the piece on `c` the other colour, keeping its type and
    /// origin (a flipped stone: `components::flip`).
    pub(crate) fn recolour(&mut self, c: CellId) {
        let (p, origin) = self.take(c);
        self.put(c, Piece::new(p.kind(), p.color().flip()), origin);
    }

    fn add_hand(&mut self, color: Color, kind: PieceType, delta: i32) {
        let h = &mut self.hands[color.idx()][usize::from(kind)];
        let old = *h;
        let new = (i32::from(old) + delta).clamp(0, 255) as u8;
        *h = new;
        self.hash ^= self.v.zobrist.hand(color, kind, old) ^ self.v.zobrist.hand(color, kind, new);
    }

    fn set_castling(&mut self, rights: u32) {
        let changed = self.castling ^ rights;
        let mut bits = changed;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.hash ^= self.v.zobrist.castling(b);
        }
        self.castling = rights;
    }

    /// Removes the piece on `c` in an explosion, keeping it for unmake.
    /// Where captures go to the hand, the piece goes to its opponent's
    /// hand, as a captured piece would (Fairy-Stockfish's atomic
    /// crazyhouse: the capturing piece too goes to the other side).
    pub(crate) fn blast_one(&mut self, c: CellId) {
        let (p, o) = self.take(c);
        let gained = self.hand_gain(p, origin_kind(o));
        if let Some(h) = gained {
            self.add_hand(p.color().flip(), h, 1);
        }
        self.blasted.push((c, p, o, gained));
    }

    /// Puts back the last piece an explosion removed.
    pub(crate) fn unblast_one(&mut self) {
        if let Some((c, p, o, gained)) = self.blasted.pop() {
            if let Some(h) = gained {
                self.add_hand(p.color().flip(), h, -1);
            }
            self.put(c, p, o);
        }
    }

    /// Puts a wall piece of type `stone` on the empty cell `c`, in the
    /// colour walls have during the move (`components::petrify`).
    pub(crate) fn put_stone(&mut self, c: CellId, stone: PieceType) {
        self.put(c, Piece::new(stone, self.side), 0);
    }

    /// Takes the wall piece off `c` (the inverse of `put_stone`).
    pub(crate) fn take_stone(&mut self, c: CellId) {
        self.take(c);
    }

    /// Whether `mover`'s royals are capturable with the wall piece on `c`
    /// lifted for the test and put back: a piece a move put down that
    /// Fairy-Stockfish's legality test does not see (an exploded captor's
    /// stone, a duck on a blasted origin).
    pub(crate) fn capturable_without_stone(&mut self, c: CellId, mover: Color) -> bool {
        let stone = self.piece(c).kind();
        self.take_stone(c);
        let exposed = self.royal_capturable(mover);
        self.put_stone(c, stone);
        exposed
    }

    /// How many blasted pieces are kept for unmake.
    pub(crate) fn blasted_len(&self) -> usize {
        self.blasted.len()
    }

    /// The blasted pieces kept from index `start` on.
    pub(crate) fn blasted_from(&self, start: usize) -> &[(CellId, Piece, u8, Option<PieceType>)] {
        &self.blasted[start..]
    }

    /// Sets the castling rights (hash kept right).
    pub(crate) fn set_castling_rights(&mut self, rights: u32) {
        self.set_castling(rights);
    }

    fn set_checks_left(&mut self, left: [u8; 2]) {
        for c in Color::BOTH {
            let z = &self.v.zobrist;
            self.hash ^= z.checks(c, self.checks_left[c.idx()]) ^ z.checks(c, left[c.idx()]);
        }
        self.checks_left = left;
    }

    fn set_imitation(&mut self, t: Option<PieceType>) {
        self.hash ^= self.v.zobrist.imitation(self.imitation) ^ self.v.zobrist.imitation(t);
        self.imitation = t;
    }

    /// Recomputes the hash from scratch (for tests and after set-up).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let z = &self.v.zobrist;
        let mut h = 0u64;
        for c in self.v.geometry.cells() {
            let p = self.board[c.idx()];
            if p.is_some() {
                h ^= z.piece(c, p);
                if let Some(o) = origin_kind(self.origin[c.idx()]) {
                    h ^= z.origin(c, o);
                }
            }
        }
        for color in Color::BOTH {
            for k in 0..self.v.types() {
                h ^= z.hand(color, k as PieceType, self.hands[color.idx()][k]);
            }
        }
        if self.side == Color::Black {
            h ^= z.side;
        }
        for b in 0..32 {
            if self.castling >> b & 1 != 0 {
                h ^= z.castling(b);
            }
        }
        if self.ep_hashed {
            for c in self.ep.cells() {
                h ^= z.ep(c);
            }
        }
        if self.v.rules.check_counting {
            for c in Color::BOTH {
                h ^= z.checks(c, self.checks_left[c.idx()]);
            }
        }
        h ^ z.imitation(self.imitation)
    }
}
