//! Shrinkers: strictly smaller variants of numbers and lists, for [`Problem::shrink`](crate::Problem::shrink).

/// An integer that the generic shrinkers can make smaller: the primitive integers up to 64 bits.
///
/// # Example
/// ```
/// use test_kit::ShrinkNumber;
/// assert_eq!(u32::halfway(1, 9), 5);
/// assert_eq!(i64::halfway(-8, 0), -4);
/// ```
pub trait ShrinkNumber: Copy + Ord {
    /// The number halfway from `least` to `x`, rounded towards `least`.
    fn halfway(least: Self, x: Self) -> Self;
    /// `x - 1`, for `x` above the type's minimum.
    fn before(x: Self) -> Self;
}

macro_rules! impl_shrink_number {
    ($($t:ty),*) => {$(
        impl ShrinkNumber for $t {
            fn halfway(least: Self, x: Self) -> Self {
                // In i128, where no difference of two 64-bit integers overflows.
                (least as i128 + (x as i128 - least as i128) / 2) as $t
            }
            fn before(x: Self) -> Self {
                x - 1
            }
        }
    )*};
}

impl_shrink_number!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// Smaller values to try in place of `x`, all in `least..x`, smallest first: `least`, the
/// halfway point and `x - 1`, without repeats. Empty when `x <= least`.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use test_kit::smaller;
/// assert_eq!(smaller(10u32, 1), [1, 5, 9]);
/// assert_eq!(smaller(2u32, 1), [1]);
/// assert!(smaller(1u32, 1).is_empty());
/// assert_eq!(smaller(-3i64, -10), [-10, -7, -4]);
/// ```
pub fn smaller<T: ShrinkNumber>(x: T, least: T) -> Vec<T> {
    let mut values = Vec::new();
    if x > least {
        for value in [least, T::halfway(least, x), T::before(x)] {
            if !values.contains(&value) {
                values.push(value);
            }
        }
    }
    values
}

/// Shorter lists that keep at least `min_len` items, in their order: the two halves (of lists of
/// 4 or more), then the list with one item dropped, for each item.
///
/// # Complexity
/// O(n^2) items in all for a list of n.
///
/// # Example
/// ```
/// use test_kit::shorter;
/// assert_eq!(shorter(&[1, 2, 3], 1), [vec![2, 3], vec![1, 3], vec![1, 2]]);
/// assert_eq!(shorter(&[1, 2, 3, 4], 0)[..2], [vec![1, 2], vec![3, 4]]);
/// assert!(shorter(&[7], 1).is_empty());
/// ```
pub fn shorter<T: Clone>(items: &[T], min_len: usize) -> Vec<Vec<T>> {
    let n = items.len();
    let mut lists = Vec::new();
    if n >= 4 && n / 2 >= min_len {
        lists.push(items[..n / 2].to_vec());
        lists.push(items[n / 2..].to_vec());
    }
    if n > min_len {
        for skip in 0..n {
            let mut fewer = items.to_vec();
            fewer.remove(skip);
            lists.push(fewer);
        }
    }
    lists
}

/// Every contiguous run of `items` shorter than it and at least `min_len` long, shortest
/// first: for inputs where only the items' order matters (a row played from its ends), a
/// failing part is found at once instead of one item at a time.
///
/// # Complexity
/// O(n^3) items in all for a list of n: for the small inputs of a generator.
///
/// # Example
/// ```
/// use test_kit::windows;
/// assert_eq!(windows(&[1, 2, 3], 2), [vec![1, 2], vec![2, 3]]);
/// assert_eq!(windows(&[1, 2, 3], 1)[..3], [vec![1], vec![2], vec![3]]);
/// ```
pub fn windows<T: Clone>(items: &[T], min_len: usize) -> Vec<Vec<T>> {
    let n = items.len();
    let mut lists = Vec::new();
    for len in min_len.max(1)..n {
        for start in 0..=n - len {
            lists.push(items[start..start + len].to_vec());
        }
    }
    lists
}

/// Lists of the same length with one item replaced by one of its shrinks (`shrink_item`), for
/// each item and each shrink.
///
/// # Complexity
/// One call of `shrink_item` per item, one list per shrink.
///
/// # Example
/// ```
/// use test_kit::{shrink_each, smaller};
/// let lists = shrink_each(&[3u32, 1], |&x| smaller(x, 1));
/// assert_eq!(lists, [vec![1, 1], vec![2, 1]]);
/// ```
pub fn shrink_each<T: Clone>(items: &[T], shrink_item: impl Fn(&T) -> Vec<T>) -> Vec<Vec<T>> {
    let mut lists = Vec::new();
    for (k, item) in items.iter().enumerate() {
        for replacement in shrink_item(item) {
            let mut list = items.to_vec();
            list[k] = replacement;
            lists.push(list);
        }
    }
    lists
}

/// [`shorter`] lists first (fewer items, at least `min_len`), then [`shrink_each`] (smaller
/// items): the usual shrink of a list of test cases, or of the numbers of one test.
///
/// # Complexity
/// That of [`shorter`] and [`shrink_each`].
///
/// # Example
/// ```
/// use test_kit::{shrink_list, smaller};
/// // Tests of numbers at least 1: drop a test, drop a number, make a number smaller.
/// let tests = vec![vec![4u32, 2], vec![1]];
/// let smaller_tests = shrink_list(&tests, 1, |row| shrink_list(row, 1, |&x| smaller(x, 1)));
/// assert_eq!(smaller_tests[0], [vec![1]]); // the first test dropped
/// assert!(smaller_tests.contains(&vec![vec![2, 2], vec![1]])); // 4 halved
/// assert!(smaller_tests.iter().all(|t| t != &tests));
/// ```
pub fn shrink_list<T: Clone>(
    items: &[T],
    min_len: usize,
    shrink_item: impl Fn(&T) -> Vec<T>,
) -> Vec<Vec<T>> {
    let mut lists = shorter(items, min_len);
    lists.extend(shrink_each(items, shrink_item));
    lists
}
