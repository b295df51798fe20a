//! A runtime-sized set of cells.

use crate::CellId;
use std::fmt;

/// A set of cells of one geometry, stored as a bit vector sized at run time.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct CellSet {
    words: Vec<u64>,
}

impl CellSet {
    /// An empty set able to hold cells `0..capacity`.
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Self {
        CellSet {
            words: vec![0; capacity.div_ceil(64)],
        }
    }

    /// The set of all cells `0..n`.
    #[must_use]
    pub fn full(n: usize) -> Self {
        let mut s = Self::with_capacity(n);
        for i in 0..n {
            s.insert(CellId(i as u16));
        }
        s
    }

    /// Adds a cell, growing the set when needed.
    pub fn insert(&mut self, c: CellId) {
        let i = usize::from(c.0);
        if i / 64 >= self.words.len() {
            self.words.resize(i / 64 + 1, 0);
        }
        self.words[i / 64] |= 1u64 << (i % 64);
    }

    /// Removes a cell.
    pub fn remove(&mut self, c: CellId) {
        let i = usize::from(c.0);
        if let Some(w) = self.words.get_mut(i / 64) {
            *w &= !(1u64 << (i % 64));
        }
    }

    /// Membership test.
    #[inline]
    #[must_use]
    pub fn contains(&self, c: CellId) -> bool {
        let i = usize::from(c.0);
        self.words
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 != 0)
    }

    /// Number of cells in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when the set holds no cell.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Adds every cell of `other`.
    pub fn union_with(&mut self, other: &CellSet) {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= *b;
        }
    }

    /// Removes every cell of `other`.
    pub fn subtract(&mut self, other: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= !*b;
        }
    }

    /// Keeps only the cells also in `other`.
    pub fn intersect_with(&mut self, other: &CellSet) {
        for (i, a) in self.words.iter_mut().enumerate() {
            *a &= other.words.get(i).copied().unwrap_or(0);
        }
    }

    /// True when the two sets share a cell.
    #[must_use]
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = CellId> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some(CellId((wi * 64) as u16 + b as u16))
            })
        })
    }
}

impl FromIterator<CellId> for CellSet {
    fn from_iter<T: IntoIterator<Item = CellId>>(iter: T) -> Self {
        let mut s = CellSet::default();
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.0)).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn behaves_like_a_btreeset(ops in proptest::collection::vec((0u16..600, any::<bool>()), 0..200)) {
            let mut s = CellSet::with_capacity(10);
            let mut model = std::collections::BTreeSet::new();
            for (c, add) in ops {
                if add { s.insert(CellId(c)); model.insert(c); } else { s.remove(CellId(c)); model.remove(&c); }
            }
            prop_assert_eq!(s.len(), model.len());
            let got: Vec<u16> = s.iter().map(|c| c.0).collect();
            let want: Vec<u16> = model.iter().copied().collect();
            prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn set_operations() {
        let a: CellSet = [1, 2, 3, 100].map(CellId).into_iter().collect();
        let b: CellSet = [3, 100, 200].map(CellId).into_iter().collect();
        assert!(a.intersects(&b));
        let mut c = a.clone();
        c.intersect_with(&b);
        assert_eq!(c.iter().map(|x| x.0).collect::<Vec<_>>(), vec![3, 100]);
        let mut d = a.clone();
        d.subtract(&b);
        assert_eq!(d.len(), 2);
        d.union_with(&b);
        assert_eq!(d.len(), 5);
    }
}
