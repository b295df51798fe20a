//! The transposition table: a lock-free table shared by all search threads
//! (each entry is two atomics; the key is stored xor the data so a torn
//! write is detected as a miss).

use std::sync::atomic::{AtomicU64, Ordering};

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

/// The table.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
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

impl Table {
    /// A table of about `mb` megabytes (at least one entry).
    #[must_use]
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let n = (bytes / std::mem::size_of::<Slot>())
            .max(1)
            .next_power_of_two()
            / 2;
        let n = n.max(1024);
        let slots = (0..n)
            .map(|_| Slot {
                key: AtomicU64::new(0),
                data: AtomicU64::new(0),
                mv: AtomicU64::new(0),
            })
            .collect();
        Table { slots, mask: n - 1 }
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

    /// Looks a position up.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = &self.slots[key as usize & self.mask];
        let data = s.data.load(Ordering::Relaxed);
        let mv = s.mv.load(Ordering::Relaxed);
        if s.key.load(Ordering::Relaxed) ^ data ^ mv != key || data == 0 {
            return None;
        }
        let bound = match (data >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            mv,
            score: i32::from(data as u16 as i16),
            eval: i32::from((data >> 16) as u16 as i16),
            depth: i32::from((data >> 32) as u8 as i8),
            bound,
        })
    }

    /// Stores a result (depth-preferred, always replacing other positions'
    /// shallower entries and keeping a known move when none is given).
    pub fn store(&self, key: u64, mv: u64, score: i32, eval: i32, depth: i32, bound: Bound) {
        let s = &self.slots[key as usize & self.mask];
        let old = self.probe(key);
        if let Some(o) = old {
            if o.depth > depth + 2 && bound != Bound::Exact {
                return;
            }
        }
        let mv = if mv == 0 { old.map_or(0, |o| o.mv) } else { mv };
        let data = pack(score, eval, depth, bound) | 1 << 48;
        s.data.store(data, Ordering::Relaxed);
        s.mv.store(mv, Ordering::Relaxed);
        s.key.store(key ^ data ^ mv, Ordering::Relaxed);
    }

    /// Fill in permille, from a sample of the table.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| s.data.load(Ordering::Relaxed) != 0)
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
}
