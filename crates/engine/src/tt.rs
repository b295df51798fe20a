//! The transposition table: a lock-free table shared by all search threads
//! (each entry is three atomics; the key is stored xor the data and move so
//! a torn write is detected as a miss). Entries sit in buckets of two: a
//! new position replaces the one of the pair with the least depth, entries
//! of earlier searches counting as shallower the older they are, so the
//! many shallow (quiescence) entries do not push out deep ones.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries of the smallest table.
const MIN_SLOTS: usize = 1024;

/// Bound type of a stored score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// Exact score.
    Exact,
    /// Score is a lower bound (fail high).
    Lower,
    /// Score is an upper bound (fail low).
    Upper,
}

/// One probed entry.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// Best or refutation move (raw encoding, 0 = none).
    pub mv: u64,
    /// Score (relative to the side to move, mate scores ply-adjusted by the caller).
    pub score: i32,
    /// Static evaluation.
    pub eval: i32,
    /// Depth of the search that produced it.
    pub depth: i32,
    /// Bound.
    pub bound: Bound,
}

struct Slot {
    key: AtomicU64,
    data: AtomicU64,
    mv: AtomicU64,
}

/// Entries per bucket.
const WAYS: usize = 2;
/// Bits of the search generation kept in an entry.
const GEN_MASK: u64 = 0x7f;
/// Depth an entry loses, for replacement, per search since it was written.
const AGE_WEIGHT: i32 = 4;

/// The table.
pub struct Table {
    slots: Vec<Slot>,
    /// Buckets minus one (their count is a power of two).
    mask: usize,
    generation: AtomicU64,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} entries)", self.slots.len())
    }
}

fn pack(score: i32, eval: i32, depth: i32, bound: Bound) -> u64 {
    let b = match bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    (score as i16 as u16 as u64)
        | (eval as i16 as u16 as u64) << 16
        | ((depth.clamp(-100, 127) as i8 as u8) as u64) << 32
        | b << 40
}

fn unpack(mv: u64, data: u64) -> Entry {
    let bound = match (data >> 40) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        mv,
        score: i32::from(data as u16 as i16),
        eval: i32::from((data >> 16) as u16 as i16),
        depth: i32::from((data >> 32) as u8 as i8),
        bound,
    }
}

impl Slot {
    /// The slot's entry if it holds `key`.
    fn read(&self, key: u64) -> Option<Entry> {
        let data = self.data.load(Ordering::Relaxed);
        let mv = self.mv.load(Ordering::Relaxed);
        if data == 0 || self.key.load(Ordering::Relaxed) ^ data ^ mv != key {
            return None;
        }
        Some(unpack(mv, data))
    }
}

impl Table {
    /// A table of about `mb` megabytes (at least one entry); when that much memory
    /// cannot be had, the smallest table.
    #[must_use]
    pub fn new(mb: usize) -> Table {
        Table::try_new(mb).unwrap_or_else(|_| Table::with_slots(Vec::new(), 0))
    }

    /// A table of about `mb` megabytes, or an error when the memory cannot be
    /// allocated (nothing is kept then).
    ///
    /// # Errors
    /// The allocation failed; the message names the size.
    pub fn try_new(mb: usize) -> Result<Table, String> {
        let bytes = mb.max(1).saturating_mul(1024 * 1024);
        let n = (bytes / std::mem::size_of::<Slot>())
            .max(1)
            .next_power_of_two()
            / 2;
        let n = n.max(MIN_SLOTS);
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(n)
            .map_err(|_| format!("cannot allocate a {mb} MB hash table"))?;
        Ok(Table::with_slots(slots, n))
    }

    /// Fills `slots` (with room for `n`, a power of two; fewer: [`MIN_SLOTS`]).
    fn with_slots(mut slots: Vec<Slot>, n: usize) -> Table {
        let n = if slots.capacity() >= n && n >= MIN_SLOTS {
            n
        } else {
            MIN_SLOTS
        };
        slots.extend((0..n).map(|_| Slot {
            key: AtomicU64::new(0),
            data: AtomicU64::new(0),
            mv: AtomicU64::new(0),
        }));
        Table {
            slots,
            mask: n / WAYS - 1,
            generation: AtomicU64::new(0),
        }
    }

    /// Number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True when the table has no entries (never).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in &self.slots {
            s.key.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
            s.mv.store(0, Ordering::Relaxed);
        }
    }

    /// Starts a new search: entries written before it age.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        let b = (key as usize & self.mask) * WAYS;
        &self.slots[b..b + WAYS]
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|s| s.read(key))
    }

    /// Stores an entry. An entry of the same position is kept when it is
    /// deeper by more than two plies (unless the new one is exact); else
    /// the bucket's slot of least depth, aged by generation, is replaced.
    pub fn store(&self, key: u64, mv: u64, score: i32, eval: i32, depth: i32, bound: Bound) {
        let gen = self.generation.load(Ordering::Relaxed) & GEN_MASK;
        let bucket = self.bucket(key);
        let mut target = 0;
        let mut old_mv = 0;
        let mut worst = i32::MAX;
        for (i, s) in bucket.iter().enumerate() {
            if let Some(o) = s.read(key) {
                if o.depth > depth + 2 && bound != Bound::Exact {
                    return;
                }
                target = i;
                old_mv = o.mv;
                break;
            }
            let data = s.data.load(Ordering::Relaxed);
            let worth = if data == 0 {
                i32::MIN
            } else {
                let age = (gen.wrapping_sub(data >> 49) & GEN_MASK) as i32;
                i32::from((data >> 32) as u8 as i8) - AGE_WEIGHT * age
            };
            if worth < worst {
                worst = worth;
                target = i;
            }
        }
        let s = &bucket[target];
        let mv = if mv == 0 { old_mv } else { mv };
        let data = pack(score, eval, depth, bound) | 1 << 48 | gen << 49;
        s.data.store(data, Ordering::Relaxed);
        s.mv.store(mv, Ordering::Relaxed);
        s.key.store(key ^ data ^ mv, Ordering::Relaxed);
    }

    /// Fill in permille, from a sample of the table.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let gen = self.generation.load(Ordering::Relaxed) & GEN_MASK;
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let data = s.data.load(Ordering::Relaxed);
                data != 0 && (data >> 49) & GEN_MASK == gen
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let t = Table::new(1);
        t.store(0xDEAD_BEEF, 77, -123, 45, 7, Bound::Lower);
        let e = t.probe(0xDEAD_BEEF).unwrap();
        assert_eq!(
            (e.mv, e.score, e.eval, e.depth, e.bound),
            (77, -123, 45, 7, Bound::Lower)
        );
        assert!(t.probe(0xDEAD_BEEE).is_none());
        t.clear();
        assert!(t.probe(0xDEAD_BEEF).is_none());
    }

    #[test]
    fn shallow_entries_do_not_push_out_deep_ones() {
        let t = Table::new(1);
        // Keys that differ only above the index bits share a bucket.
        let key = |i: u64| 0x1234 | i << 40;
        t.store(key(0), 1, 10, 0, 12, Bound::Exact);
        t.store(key(1), 2, 20, 0, 0, Bound::Upper);
        t.store(key(2), 3, 30, 0, 0, Bound::Upper);
        assert_eq!(t.probe(key(0)).map(|e| e.depth), Some(12));
        assert!(t.probe(key(1)).is_none(), "the shallow entry was replaced");
        assert_eq!(t.probe(key(2)).map(|e| e.mv), Some(3));
        // The same position keeps its deeper entry against a bound...
        t.store(key(0), 4, 40, 0, 3, Bound::Lower);
        assert_eq!(t.probe(key(0)).map(|e| (e.depth, e.mv)), Some((12, 1)));
        // ...and a deep entry of old searches gives way in the end.
        for _ in 0..4 {
            t.new_search();
        }
        t.store(key(3), 5, 50, 0, 0, Bound::Upper);
        t.store(key(4), 6, 60, 0, 0, Bound::Upper);
        assert!(
            t.probe(key(0)).is_none(),
            "the stale deep entry was replaced"
        );
        assert!(t.probe(key(3)).is_some() && t.probe(key(4)).is_some());
    }
}
