//! Impartial games under normal play (the player who cannot move loses): minimum excluded values,
//! Grundy numbers of subtraction games and of any acyclic game on dense positions whose moves may
//! split a position into independent components, and nim sums.
//!
//! By Sprague-Grundy, a sum of independent games is lost for the player to move exactly when the
//! XOR of the components' Grundy values (the nim sum) is 0, and the Grundy value of a position is
//! the mex of the values of its moves, a move into several components being worth the nim sum of
//! theirs. A game whose own rules differ from normal play (e.g. "whoever makes a 1 x 1 piece wins")
//! is first rewritten into an equivalent normal-play game, then evaluated here.
//!
//! # Evaluation order
//! Nothing here recurses. [`grundy_values`] evaluates positions `0, 1, 2, ...`, for games whose
//! moves lead to smaller indices (piles that shrink, boards indexed by size); [`grundy_in_order`]
//! follows an explicit order the game provides; [`grundy_reachable`] finds one itself by a
//! depth-first search on an explicit stack, from given start positions. All three check that every
//! component a move names is evaluated before it is read, so a wrong order is a panic naming the
//! two positions, never a silently wrong value.

/// Marks a position that [`grundy_in_order`] or [`grundy_reachable`] did not evaluate.
///
/// # Example
/// ```
/// use dp_core::{grundy_in_order, NOT_EVALUATED};
/// // Only the even positions, each moving two down.
/// let g = grundy_in_order(5, [0, 2, 4], |p, moves| {
///     if p >= 2 {
///         moves.to(p - 2);
///     }
/// });
/// assert_eq!(g, [0, NOT_EVALUATED, 1, NOT_EVALUATED, 0]);
/// ```
pub const NOT_EVALUATED: u32 = u32::MAX;

/// Marks a position on [`grundy_reachable`]'s stack: its children are being evaluated.
const OPEN: u32 = u32::MAX - 1;

/// A set of small non-negative integers as a bit set in `u64` words, for the values seen among
/// the moves of one position; [`MexSet::mex`] is its smallest absent value.
///
/// Values below 64, nearly all Grundy values met in practice, live in one word held in the set
/// itself, so adding one is a shift and an OR that the compiler keeps in a register; larger
/// values go to further words, grown as needed. [`MexSet::clear`] keeps the memory, so one set
/// serves every position of a table without reallocation.
///
/// # Example
/// ```
/// use dp_core::MexSet;
/// let mut seen = MexSet::new();
/// for v in [0, 1, 3, 200] {
///     seen.insert(v);
/// }
/// assert_eq!(seen.mex(), 2);
/// assert!(seen.contains(200) && !seen.contains(199));
/// seen.clear();
/// assert_eq!(seen.mex(), 0);
/// ```
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    /// Values `0..64`.
    low: u64,
    /// Values `64..`: word `k` holds `64 * (k + 1) ..`; all zero when `!high_used`.
    high: Vec<u64>,
    high_used: bool,
}

impl MexSet {
    /// An empty set.
    ///
    /// # Complexity
    /// O(1), no allocation until a value of 64 or more is inserted.
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::MexSet::new().mex(), 0);
    /// ```
    pub fn new() -> Self {
        MexSet::default()
    }

    /// Adds `value`.
    ///
    /// # Constraints
    /// The set takes `value / 8` bytes, so values are small: Grundy values are bounded by the
    /// number of moves (their nim sums by twice that).
    ///
    /// # Complexity
    /// O(1) amortised.
    ///
    /// # Example
    /// ```
    /// let mut seen = dp_core::MexSet::new();
    /// seen.insert(0);
    /// seen.insert(0);
    /// assert_eq!(seen.mex(), 1);
    /// ```
    #[inline]
    pub fn insert(&mut self, value: u32) {
        if value < 64 {
            self.low |= 1 << value;
        } else {
            insert_high(&mut self.high, value);
            self.high_used = true;
        }
    }

    /// Whether `value` is in the set.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut seen = dp_core::MexSet::new();
    /// seen.insert(70);
    /// assert!(seen.contains(70) && !seen.contains(6) && !seen.contains(1 << 30));
    /// ```
    #[inline]
    pub fn contains(&self, value: u32) -> bool {
        let word = if value < 64 {
            Some(&self.low)
        } else {
            self.high.get((value / 64 - 1) as usize)
        };
        word.map_or(false, |word| word >> (value % 64) & 1 == 1)
    }

    /// The minimum excluded value: the smallest `u32` not in the set.
    ///
    /// # Complexity
    /// O(1) when it is below 64, else O(mex / 64).
    ///
    /// # Example
    /// ```
    /// let mut seen = dp_core::MexSet::new();
    /// (0..64).chain(65..70).for_each(|v| seen.insert(v));
    /// assert_eq!(seen.mex(), 64);
    /// ```
    #[inline]
    pub fn mex(&self) -> u32 {
        if self.low != u64::MAX {
            return (!self.low).trailing_zeros();
        }
        let full = self
            .high
            .iter()
            .take_while(|&&word| word == u64::MAX)
            .count();
        let next = self
            .high
            .get(full)
            .map_or(0, |word| (!word).trailing_zeros());
        64 * (full as u32 + 1) + next
    }

    /// Empties the set, keeping its memory.
    ///
    /// # Complexity
    /// O(1) when no value of 64 or more was inserted since the last clear, else O(largest
    /// value ever inserted / 64).
    ///
    /// # Example
    /// ```
    /// let mut seen = dp_core::MexSet::new();
    /// seen.insert(5);
    /// seen.insert(500);
    /// seen.clear();
    /// assert!(!seen.contains(5) && !seen.contains(500));
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.low = 0;
        if self.high_used {
            self.high.iter_mut().for_each(|word| *word = 0);
            self.high_used = false;
        }
    }
}

/// [`MexSet::insert`] of a value of 64 or more, out of line and away from the low word, which
/// then stays in a register while a position's moves are added.
#[inline(never)]
fn insert_high(high: &mut Vec<u64>, value: u32) {
    let word = (value / 64 - 1) as usize;
    if word >= high.len() {
        high.resize(word + 1, 0);
    }
    high[word] |= 1 << (value % 64);
}

/// The minimum excluded value of `values`: the smallest `u32` that is not among them.
///
/// # Constraints
/// Values are small (see [`MexSet::insert`]).
///
/// # Complexity
/// O(number of values + largest value / 64) with a bit set, no sorting.
///
/// # Example
/// ```
/// assert_eq!(dp_core::mex([3, 0, 1, 0, 5]), 2);
/// assert_eq!(dp_core::mex([]), 0);
/// ```
pub fn mex<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    let mut seen = MexSet::new();
    values.into_iter().for_each(|v| seen.insert(v));
    seen.mex()
}

/// The nim sum (XOR) of Grundy values: the Grundy value of the sum of those games.
///
/// # Complexity
/// O(number of values).
///
/// # Example
/// ```
/// // Nim with heaps 3, 4, 5: 3 ^ 4 ^ 5 = 2.
/// assert_eq!(dp_core::nim_sum([3, 4, 5]), 2);
/// assert_eq!(dp_core::nim_sum([]), 0);
/// ```
pub fn nim_sum<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    values.into_iter().fold(0, |sum, v| sum ^ v)
}

/// Whether the player to move wins the sum of games of these Grundy values: the nim sum is not 0.
///
/// # Complexity
/// O(number of values).
///
/// # Example
/// ```
/// assert!(dp_core::nim_sum_wins([3, 4, 5]));
/// assert!(!dp_core::nim_sum_wins([1, 2, 3]));
/// assert!(!dp_core::nim_sum_wins([])); // no game left: no move, a loss
/// ```
pub fn nim_sum_wins<I: IntoIterator<Item = u32>>(values: I) -> bool {
    nim_sum(values) != 0
}

/// The Grundy values of positions `0..=n` of the subtraction game with the set `subtractions`:
/// a move takes `s` tokens from a heap of at least `s`, for some `s` in the set.
///
/// # Constraints
/// Every subtraction is at least 1 (a 0 would be a move to the same position); duplicates and
/// subtractions larger than `n` are allowed.
///
/// # Panics
/// If a subtraction is 0.
///
/// # Complexity
/// O(n * |subtractions|) time, bottom-up, O(n) memory.
///
/// # Example
/// ```
/// // Take 1, 3 or 4: period 7, the losing heaps are those = 0 or 2 (mod 7).
/// let g = dp_core::subtraction_grundy(13, &[1, 3, 4]);
/// assert_eq!(g, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
/// ```
pub fn subtraction_grundy(n: usize, subtractions: &[usize]) -> Vec<u32> {
    assert!(
        subtractions.iter().all(|&s| s >= 1),
        "a subtraction game takes at least 1 token per move"
    );
    let mut values = Vec::with_capacity(n + 1);
    let mut seen = MexSet::new();
    for heap in 0..=n {
        seen.clear();
        for &s in subtractions {
            if s <= heap {
                seen.insert(values[heap - s]);
            }
        }
        values.push(seen.mex());
    }
    values
}

/// The moves of one position, handed to the move generator of [`grundy_values`],
/// [`grundy_in_order`] and [`grundy_reachable`]: the generator calls [`Moves::to`],
/// [`Moves::pair`] or [`Moves::split`] once per move, or [`Moves::pair_run`] once per run of
/// splits.
///
/// The values of the moves are collected as bits of a word in a register. While every value in
/// the table is below 64 (nearly always: a value is at most the number of moves),
/// [`grundy_values`] reads the smaller positions with no test beyond the index's; from the
/// first value of 64 on, and always in [`grundy_in_order`] and [`grundy_reachable`], each
/// entry read is also checked to be evaluated, and larger values go to a [`MexSet`].
///
/// # Example
/// See [`grundy_values`].
pub struct Moves<'a> {
    /// The entries a move may read: in the fast pass of [`grundy_values`] only those of the
    /// smaller positions, else all of them.
    values: &'a [u32],
    /// The number of positions, for messages.
    n: usize,
    position: usize,
    /// The values below 64 of the moves so far, here rather than in `seen` so that the
    /// compiler keeps them in a register.
    low: u64,
    /// Every entry read is checked: it may be a sentinel (not evaluated yet) or 64 or more.
    /// Otherwise (the fast pass) every entry is a value below 64, so are their nim sums, and
    /// nothing is tested but the index.
    careful: bool,
    seen: &'a mut MexSet,
    /// For [`grundy_reachable`]: where the components not evaluated yet are collected (read
    /// as 0, the evaluation is repeated once they are evaluated); `None` makes them a panic.
    missing: Option<&'a mut Vec<usize>>,
}

impl Moves<'_> {
    /// The position whose moves are being generated.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let g = dp_core::grundy_values(3, |p, moves| {
    ///     assert_eq!(moves.position(), p);
    /// });
    /// assert_eq!(g, [0, 0, 0]);
    /// ```
    pub fn position(&self) -> usize {
        self.position
    }

    /// A move to the single position `child`.
    ///
    /// # Panics
    /// If `child` is out of range or not evaluated yet (see the evaluation functions).
    ///
    /// # Complexity
    /// O(1) amortised.
    ///
    /// # Example
    /// ```
    /// // Nim on one heap: every smaller heap is a move, so the value is the heap.
    /// let g = dp_core::grundy_values(5, |p, moves| (0..p).for_each(|q| moves.to(q)));
    /// assert_eq!(g, [0, 1, 2, 3, 4]);
    /// ```
    #[inline]
    pub fn to(&mut self, child: usize) {
        let value = self.read(child);
        self.add(value, value, &[(child, value)]);
    }

    /// A move that splits the position into the two independent positions `a` and `b`; it is
    /// worth `g(a) ^ g(b)`.
    ///
    /// # Panics
    /// As [`Moves::to`], for `a` or `b`.
    ///
    /// # Complexity
    /// O(1) amortised.
    ///
    /// # Example
    /// ```
    /// // A heap of p >= 3 splits into two unequal non-empty heaps (Grundy's game).
    /// let g = dp_core::grundy_values(10, |p, moves| {
    ///     for a in 1..(p + 1) / 2 {
    ///         moves.pair(a, p - a);
    ///     }
    /// });
    /// assert_eq!(g, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]);
    /// ```
    #[inline]
    pub fn pair(&mut self, a: usize, b: usize) {
        let (va, vb) = (self.read(a), self.read(b));
        self.add(va ^ vb, va | vb, &[(a, va), (b, vb)]);
    }

    /// The `count` moves that split the position into `a + k * step` and `b - k * step`, for
    /// `k` in `0..count`: cutting a row, a strip or a side of a board at every place, in a
    /// dense index where the parts move by `step`. The same as calling [`Moves::pair`] on each,
    /// but checked once and, for `step == 1`, in a loop the compiler can vectorise.
    ///
    /// # Panics
    /// As [`Moves::pair`], for any of the pairs (also if `b < (count - 1) * step`).
    ///
    /// # Complexity
    /// O(count).
    ///
    /// # Example
    /// ```
    /// // Grundy's game again: a heap splits into two unequal non-empty heaps (a, p - a).
    /// let g = dp_core::grundy_values(10, |p, moves| {
    ///     if p >= 3 {
    ///         moves.pair_run(1, p - 1, 1, (p - 1) / 2);
    ///     }
    /// });
    /// assert_eq!(g, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]);
    /// ```
    #[inline(always)]
    pub fn pair_run(&mut self, a: usize, b: usize, step: usize, count: usize) {
        if count == 0 {
            return;
        }
        let span = (count - 1).checked_mul(step);
        let ends = span.and_then(|span| Some((a.checked_add(span)?, b.checked_sub(span)?)));
        let fast = match ends {
            Some((last_a, first_b)) => {
                let n = self.values.len();
                let fast = !self.careful && last_a < n && b < n;
                if fast {
                    let xs = &self.values[a..=last_a];
                    let ys = &self.values[first_b..=b];
                    self.low |= nim_sum_bits(xs, ys, step);
                }
                fast
            }
            None => false,
        };
        if !fast {
            // Checked one by one, for the careful pass and for the messages.
            for k in 0..count {
                self.pair(a + k * step, b.wrapping_sub(k * step));
            }
        }
    }

    /// A move that splits the position into the independent positions `components`; it is worth
    /// the nim sum of theirs. An empty list is a move to the empty sum (value 0), e.g. taking
    /// every pin of a row.
    ///
    /// # Panics
    /// As [`Moves::to`], for each component.
    ///
    /// # Complexity
    /// O(number of components) amortised.
    ///
    /// # Example
    /// ```
    /// // Kayles: knock down one pin or two adjacent ones of a row of p pins, which leaves the
    /// // rows to their left and right (an empty row is no component).
    /// let g = dp_core::grundy_values(8, |p, moves| {
    ///     for take in 1..=2.min(p) {
    ///         for left in 0..=p - take {
    ///             let right = p - take - left;
    ///             let parts = [left, right];
    ///             let parts: Vec<usize> = parts.iter().copied().filter(|&r| r > 0).collect();
    ///             moves.split(&parts);
    ///         }
    ///     }
    /// });
    /// assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2]);
    /// ```
    #[inline]
    pub fn split(&mut self, components: &[usize]) {
        let (mut sum, mut any) = (0, 0);
        for &c in components {
            let value = self.read(c);
            sum ^= value;
            any |= value;
        }
        if self.careful && any >= 64 {
            let read: Vec<(usize, u32)> = components.iter().map(|&c| (c, self.read(c))).collect();
            self.add(sum, any, &read);
        } else {
            self.add(sum, any, &[]);
        }
    }

    /// The table entry of `child`.
    #[inline]
    fn read(&self, child: usize) -> u32 {
        match self.values.get(child) {
            Some(&v) => v,
            None => unreadable(self.n, self.position, child),
        }
    }

    /// A move of nim sum `sum`; `any` is the OR of its components' entries `read` (`read` is
    /// only needed when `any` is 64 or more).
    #[inline]
    fn add(&mut self, sum: u32, any: u32, read: &[(usize, u32)]) {
        if !self.careful || any < 64 {
            self.low |= 1 << sum;
        } else {
            // Only plain values go out of line, so the fields of `self` stay in registers.
            let sum = checked_sum(self.missing.as_deref_mut(), self.position, read);
            if sum < 64 {
                self.low |= 1 << sum;
            } else {
                self.seen.insert(sum);
            }
        }
    }
}

/// The bits `1 << (xs[k * step] ^ ys[len - 1 - k * step])` of a [`Moves::pair_run`], entries
/// below 64 (by value, so no field of `Moves` leaves its register).
#[inline]
fn nim_sum_bits(xs: &[u32], ys: &[u32], step: usize) -> u64 {
    let mut bits = 0u64;
    if step == 1 {
        for (x, y) in xs.iter().zip(ys.iter().rev()) {
            bits |= 1 << (x ^ y);
        }
    } else {
        // Indices rather than `step_by`, which compiles to a slower loop here.
        let (mut i, mut j) = (0, ys.len() - 1);
        while i < xs.len() {
            bits |= 1 << (xs[i] ^ ys[j]);
            i += step;
            j = j.wrapping_sub(step);
        }
    }
    bits
}

/// The panic of [`Moves`] for a component it cannot read.
#[cold]
#[inline(never)]
fn unreadable(n: usize, position: usize, child: usize) -> ! {
    if child < n {
        panic!(
            "a move from position {} reads position {}, which is not evaluated yet",
            position, child
        )
    }
    panic!(
        "a move from position {} leads to position {}, out of range 0..{}",
        position, child, n
    )
}

/// The nim sum of the components `read` of a move from `position`: components not evaluated
/// yet are pushed to `missing` and read as 0 (the evaluation is repeated once they are), or
/// with no `missing` are a panic.
#[cold]
#[inline(never)]
fn checked_sum(missing: Option<&mut Vec<usize>>, position: usize, read: &[(usize, u32)]) -> u32 {
    let mut missing = missing;
    let mut sum = 0;
    for &(child, value) in read {
        if value < OPEN {
            sum ^= value;
            continue;
        }
        match missing.as_deref_mut() {
            Some(missing) => missing.push(child),
            None => panic!(
                "a move from position {} reads position {}, which is not evaluated yet",
                position, child
            ),
        }
    }
    sum
}

/// The mex of the moves of `position`, reading the entries `values[..readable]`, checked if
/// `CAREFUL` (a constant, so that the fast pass's copy of `moves` has no tests); `seen` is
/// an empty set on entry and on return. With `missing`, the components not evaluated yet are
/// collected there instead of panicking, and the value is then meaningless.
fn evaluate<const CAREFUL: bool, F: FnMut(usize, &mut Moves)>(
    values: &[u32],
    readable: usize,
    seen: &mut MexSet,
    missing: Option<&mut Vec<usize>>,
    position: usize,
    moves: &mut F,
) -> u32 {
    let mut sink = Moves {
        values: &values[..readable],
        n: values.len(),
        position,
        low: 0,
        careful: CAREFUL,
        seen,
        missing,
    };
    moves(position, &mut sink);
    let low = sink.low;
    seen.low |= low;
    let value = seen.mex();
    seen.clear();
    value
}

/// The Grundy values of the positions `0..n` of an acyclic impartial game whose moves lead to
/// smaller positions, evaluated bottom-up in increasing order: `moves(p, m)` calls [`Moves::to`],
/// [`Moves::pair`], [`Moves::split`] or [`Moves::pair_run`] on `m` for the moves of `p`.
///
/// Positions are dense indices, so a game over sizes (a W x H board, several heaps) packs them
/// into one index, e.g. `w * (H + 1) + h`, in which every move decreases the index.
///
/// # Constraints
/// Every component of a move of `p` is smaller than `p`. Otherwise use [`grundy_in_order`] or
/// [`grundy_reachable`].
///
/// # Panics
/// If a move names a component that is not smaller than its position, or out of `0..n`.
///
/// # Complexity
/// O(n + total number of components of all moves) time, one call of `moves` per position,
/// O(n) memory; no recursion.
///
/// # Example
/// ```
/// use dp_core::grundy_values;
/// // A w x h bar of chocolate, w, h <= 4, is broken along a grid line into two bars; a 1 x 1
/// // bar cannot be broken. Index w * 5 + h: both parts of a break have smaller indices.
/// let index = |w: usize, h: usize| w * 5 + h;
/// let g = grundy_values(25, |p, moves| {
///     let (w, h) = (p / 5, p % 5);
///     (1..w).for_each(|i| moves.pair(index(i, h), index(w - i, h)));
///     (1..h).for_each(|j| moves.pair(index(w, j), index(w, h - j)));
/// });
/// // w * h - 1 breaks are made whatever the order: the first player wins iff that is odd.
/// assert_eq!(g[index(2, 3)], 1);
/// assert_eq!(g[index(3, 3)], 0);
/// ```
pub fn grundy_values<F: FnMut(usize, &mut Moves)>(n: usize, mut moves: F) -> Vec<u32> {
    let mut values = vec![NOT_EVALUATED; n];
    let mut seen = MexSet::new();
    // While every value is below 64, so is every nim sum: no move needs a test (the fast pass).
    let mut large = false;
    for position in 0..n {
        // Only the smaller positions are readable, all evaluated.
        let value = if large {
            evaluate::<true, F>(&values, position, &mut seen, None, position, &mut moves)
        } else {
            evaluate::<false, F>(&values, position, &mut seen, None, position, &mut moves)
        };
        values[position] = value;
        large |= value >= 64;
    }
    values
}

/// The Grundy values of an acyclic impartial game on positions `0..n`, evaluated in `order`,
/// which lists each position at most once and after every component of its moves; positions
/// not listed keep [`NOT_EVALUATED`]. `moves` is as for [`grundy_values`].
///
/// # Panics
/// If a position is listed twice or is out of range, or a move names a component that is not
/// evaluated yet (listed later, or not at all) or out of range.
///
/// # Complexity
/// O(n + length of the order + total number of components of the moves of the listed
/// positions) time, O(n) memory; no recursion.
///
/// # Example
/// ```
/// use dp_core::grundy_in_order;
/// // Take 1 or 2 tokens, but the heap sizes are stored largest first: position i is a heap of
/// // 5 - i, so moves lead to larger indices and the order is 5, 4, ..., 0.
/// let g = grundy_in_order(6, (0..6).rev(), |p, moves| {
///     let heap = 5 - p;
///     for take in 1..=2.min(heap) {
///         moves.to(5 - (heap - take));
///     }
/// });
/// assert_eq!(g, [2, 1, 0, 2, 1, 0]);
/// ```
pub fn grundy_in_order<I, F>(n: usize, order: I, mut moves: F) -> Vec<u32>
where
    I: IntoIterator<Item = usize>,
    F: FnMut(usize, &mut Moves),
{
    let mut values = vec![NOT_EVALUATED; n];
    let mut seen = MexSet::new();
    for position in order {
        assert!(
            position < n,
            "position {} in the order is out of range 0..{}",
            position,
            n
        );
        assert!(
            values[position] == NOT_EVALUATED,
            "position {} is listed twice in the order",
            position
        );
        values[position] = evaluate::<true, F>(&values, n, &mut seen, None, position, &mut moves);
    }
    values
}

/// The Grundy values of the positions of an acyclic impartial game on `0..n` that are reachable
/// from `starts`, when the game knows no evaluation order: a depth-first search on an explicit
/// stack evaluates each position after its children (post-order). Positions not reached keep
/// [`NOT_EVALUATED`].
///
/// `moves` is as for [`grundy_values`]. A position is first evaluated as if its children were
/// ready; if some are not, they are pushed and it is evaluated again once they are done, so
/// `moves` is called once or twice per reached position and must generate the same moves each
/// time.
///
/// # Panics
/// If a start is out of range, a move names a component out of range, or the game has a cycle
/// (a position reachable from itself).
///
/// # Complexity
/// O(n + total number of components of the moves of the reached positions) time; O(n) memory
/// plus a stack of at most one entry per component named.
///
/// # Example
/// ```
/// use dp_core::{grundy_reachable, NOT_EVALUATED};
/// // From a heap of 12, a move takes half of an even heap or 1 token.
/// let g = grundy_reachable(13, [12], |p, moves| {
///     if p % 2 == 0 && p > 0 {
///         moves.to(p / 2);
///     }
///     if p > 0 {
///         moves.to(p - 1);
///     }
/// });
/// assert_eq!(g[12], 1);
/// assert!(g.iter().all(|&v| v != NOT_EVALUATED)); // 12, 11, ..., 0 are all reached
/// ```
pub fn grundy_reachable<I, F>(n: usize, starts: I, mut moves: F) -> Vec<u32>
where
    I: IntoIterator<Item = usize>,
    F: FnMut(usize, &mut Moves),
{
    let mut values = vec![NOT_EVALUATED; n];
    let mut seen = MexSet::new();
    let mut missing = Vec::new();
    // Positions to evaluate; an open one lies below all its descendants being evaluated.
    let mut stack: Vec<usize> = Vec::new();
    for start in starts {
        assert!(
            start < n,
            "start position {} is out of range 0..{}",
            start,
            n
        );
        stack.push(start);
        while let Some(&position) = stack.last() {
            if values[position] < OPEN {
                // Pushed twice, and evaluated since.
                stack.pop();
                continue;
            }
            missing.clear();
            let value = evaluate::<true, F>(
                &values,
                n,
                &mut seen,
                Some(&mut missing),
                position,
                &mut moves,
            );
            if missing.is_empty() {
                values[position] = value;
                stack.pop();
                continue;
            }
            values[position] = OPEN;
            for &child in &missing {
                if values[child] == OPEN {
                    // Open positions on the stack are ancestors of the one on top.
                    panic!(
                        "the game has a cycle: position {} moves to position {}, from which it \
                         is reachable",
                        position, child
                    );
                }
                stack.push(child);
            }
        }
    }
    values
}

#[cfg(test)]
mod tests;
