//! Integer move vectors in up to three dimensions.

use std::fmt;

/// A displacement `(dx, dy, dz)`: files to the right, ranks forward (from
/// White's side), levels up. 2D boards always have `dz == 0`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Vector {
    /// Change of file.
    pub x: i8,
    /// Change of rank.
    pub y: i8,
    /// Change of level.
    pub z: i8,
}

impl Vector {
    /// Builds a vector.
    #[must_use]
    pub const fn new(x: i8, y: i8, z: i8) -> Self {
        Vector { x, y, z }
    }

    /// A 2D vector.
    #[must_use]
    pub const fn xy(x: i8, y: i8) -> Self {
        Vector { x, y, z: 0 }
    }

    /// True for the null vector.
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.x == 0 && self.y == 0 && self.z == 0
    }

    /// The vector multiplied by `k`, or `None` on overflow.
    #[must_use]
    pub fn scaled(self, k: i32) -> Option<Self> {
        let f = |c: i8| i8::try_from(i32::from(c) * k).ok();
        Some(Vector::new(f(self.x)?, f(self.y)?, f(self.z)?))
    }

    /// The opposite vector.
    #[must_use]
    pub const fn neg(self) -> Self {
        Vector::new(-self.x, -self.y, -self.z)
    }

    /// Component-wise sum, or `None` on overflow.
    #[must_use]
    pub fn checked_add(self, o: Self) -> Option<Self> {
        Some(Vector::new(
            self.x.checked_add(o.x)?,
            self.y.checked_add(o.y)?,
            self.z.checked_add(o.z)?,
        ))
    }

    /// The vector as seen by the other player: a half turn about the level axis
    /// (files and ranks reversed, levels unchanged).
    #[must_use]
    pub const fn rotated(self) -> Self {
        Vector::new(-self.x, -self.y, self.z)
    }

    /// Dot product.
    #[must_use]
    pub fn dot(self, o: Self) -> i32 {
        i32::from(self.x) * i32::from(o.x)
            + i32::from(self.y) * i32::from(o.y)
            + i32::from(self.z) * i32::from(o.z)
    }

    /// The z component of the cross product (orientation in the board plane):
    /// positive when `o` turns left from `self`.
    #[must_use]
    pub fn cross_z(self, o: Self) -> i32 {
        i32::from(self.x) * i32::from(o.y) - i32::from(self.y) * i32::from(o.x)
    }

    /// True when `o` is parallel to `self` (same or opposite direction).
    #[must_use]
    pub fn parallel(self, o: Self) -> bool {
        let cx = i32::from(self.y) * i32::from(o.z) - i32::from(self.z) * i32::from(o.y);
        let cy = i32::from(self.z) * i32::from(o.x) - i32::from(self.x) * i32::from(o.z);
        cx == 0 && cy == 0 && self.cross_z(o) == 0
    }

    /// The sign vector (each component -1, 0 or 1): the radial direction.
    #[must_use]
    pub const fn signum(self) -> Self {
        Vector::new(self.x.signum(), self.y.signum(), self.z.signum())
    }

    /// Largest absolute component.
    #[must_use]
    pub fn chebyshev(self) -> i32 {
        i32::from(self.x.unsigned_abs())
            .max(i32::from(self.y.unsigned_abs()))
            .max(i32::from(self.z.unsigned_abs()))
    }

    /// The angle of a 2D vector in the board plane, for ordering (radians).
    #[must_use]
    pub fn angle(self) -> f64 {
        f64::from(self.y).atan2(f64::from(self.x))
    }
}

impl fmt::Debug for Vector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.z == 0 {
            write!(f, "({},{})", self.x, self.y)
        } else {
            write!(f, "({},{},{})", self.x, self.y, self.z)
        }
    }
}

impl fmt::Display for Vector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_and_products() {
        let v = Vector::xy(2, 1);
        assert_eq!(v.rotated(), Vector::xy(-2, -1));
        assert_eq!(v.dot(Vector::xy(1, 2)), 4);
        assert!(v.cross_z(Vector::xy(1, 2)) > 0);
        assert!(Vector::xy(2, 2).parallel(Vector::xy(-1, -1)));
        assert!(!Vector::xy(2, 1).parallel(Vector::xy(1, 1)));
        assert_eq!(Vector::new(3, -2, 0).signum(), Vector::new(1, -1, 0));
        assert_eq!(Vector::xy(100, 0).scaled(2), None);
    }
}
