//! The k-subsets of `bits` positions in colex rank order, cut into nested runs of consecutive
//! ranks, so that a move of one element up by one position is one pass over a whole run.

/// One move of a subset: the element at `pos`, the `index`-th from the bottom (from 1), steps to
/// `pos + 1`, and the rank grows by `delta` = C(pos, index - 1) (the rank of
/// [`crate::LatticePath`]).
///
/// # Example
/// ```
/// let runs = dp_core::SubsetRuns::new(3, 1, &[]);
/// // {0} -> {1}: rank 0 -> 1.
/// let mv = runs.mask_moves(0)[0];
/// assert_eq!((mv.pos, mv.index, mv.delta), (0, 1, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunMove {
    /// Position of the moving element.
    pub pos: u32,
    /// Which element it is, counted from 1 at the lowest position.
    pub index: u32,
    /// rank(after) - rank(before).
    pub delta: u32,
}

/// One step of [`SubsetRuns::steps`].
///
/// # Example
/// ```
/// use dp_core::{RunStep, SubsetRuns};
/// let runs = SubsetRuns::new(4, 2, &[2]);
/// assert!(matches!(runs.steps()[0], RunStep::Run { .. } | RunStep::Masks { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStep {
    /// Every rank `i` in `start..start + count` has the move `mv`, to rank `i + mv.delta`
    /// (outside the run, and already final when the step comes).
    Run {
        /// First rank of the run.
        start: u32,
        /// Ranks in the run.
        count: u32,
        /// The move, the same for every rank of the run.
        mv: RunMove,
    },
    /// Ranks `start..start + count`, each with its own moves ([`SubsetRuns::mask_moves`]),
    /// to be done from the last rank down: their children are in the same run, above them.
    Masks {
        /// First rank of the run.
        start: u32,
        /// Ranks in the run.
        count: u32,
    },
}

/// The subsets of `ones` elements of `0..bits` (masks with `ones` set bits), ranked densely in
/// colex order (the masks' numeric order), with every move that keeps the subset inside `bits`
/// positions, grouped into runs.
///
/// Masks that share their bits from a position `s` up are consecutive ranks, and a move of an
/// element at `s` or above has the same rank delta for all of them; so does the top element below
/// `s` stepping over it, on the last ranks of the run (those with bit `s - 1` set). With split
/// positions `splits` (decreasing, each below `bits`), the moves are cut into [`RunStep::Run`]s
/// over runs of each level and, below the last split, [`RunStep::Masks`] whose moves go mask by
/// mask. Doing the steps in the order given, a step's children are final when it comes: a DP in
/// which every move raises the rank (a game that only adds stones, say) becomes passes over
/// runs, which the compiler vectorises, and short tables for the lowest bits.
///
/// A move of the top element out of `bits` (to position `bits`) is not included: it depends on
/// what lies above, the caller's.
///
/// # Panics
/// If `bits > 32`, `ones > bits`, or the splits are not decreasing below `bits`.
///
/// # Complexity
/// O(C(bits, ones) * bits) time and memory.
///
/// # Example
/// ```
/// use dp_core::{RunStep, SubsetRuns};
/// // Longest chain of moves from each 3-subset of 0..8: by the steps, with one split at 4.
/// let runs = SubsetRuns::new(8, 3, &[4]);
/// let mut longest = vec![0u32; runs.len()];
/// for &step in runs.steps() {
///     match step {
///         RunStep::Run { start, count, mv } => {
///             for i in start as usize..(start + count) as usize {
///                 longest[i] = longest[i].max(longest[i + mv.delta as usize] + 1);
///             }
///         }
///         RunStep::Masks { start, count } => {
///             for i in (start as usize..(start + count) as usize).rev() {
///                 for mv in runs.mask_moves(i) {
///                     longest[i] = longest[i].max(longest[i + mv.delta as usize] + 1);
///                 }
///             }
///         }
///     }
/// }
/// // From {0, 1, 2} to {5, 6, 7}: 5 steps for each element.
/// assert_eq!(longest[0], 15);
/// ```
#[derive(Clone, Debug)]
pub struct SubsetRuns {
    steps: Vec<RunStep>,
    first_move: Vec<u32>,
    moves: Vec<RunMove>,
    binom: Vec<[u32; 33]>,
}

impl SubsetRuns {
    /// The runs of the `ones`-subsets of `0..bits`, split at `splits` (decreasing positions
    /// below `bits`; empty: every move goes mask by mask).
    ///
    /// # Panics
    /// If `bits > 32`, `ones > bits`, or `splits` is not decreasing below `bits`.
    ///
    /// # Example
    /// ```
    /// let runs = dp_core::SubsetRuns::new(14, 7, &[9, 6]);
    /// assert_eq!(runs.len(), 3432);
    /// ```
    pub fn new(bits: usize, ones: usize, splits: &[usize]) -> SubsetRuns {
        assert!(bits <= 32 && ones <= bits, "{} of {} positions", ones, bits);
        assert!(
            splits.windows(2).all(|w| w[0] > w[1]) && splits.iter().all(|&s| s < bits),
            "splits {:?} must decrease below {}",
            splits,
            bits
        );
        let mut binom = vec![[0u32; 33]; bits + 1];
        for p in 0..=bits {
            binom[p][0] = 1;
            for k in 1..=p {
                binom[p][k] = binom[p - 1][k - 1] + if k < p { binom[p - 1][k] } else { 0 };
            }
        }
        let mut runs = SubsetRuns {
            steps: Vec::new(),
            first_move: Vec::new(),
            moves: Vec::new(),
            binom,
        };
        let mut mask_moves = Vec::new();
        runs.split(splits, bits, ones, 0, 0, &mut mask_moves);
        // The leaves come from the last run down; the per-mask moves are kept by rank.
        mask_moves.sort_by_key(|&(rank, _)| rank);
        let count = runs.binom[bits][ones] as usize;
        runs.first_move = Vec::with_capacity(count + 1);
        let mut next = 0;
        for rank in 0..count {
            runs.first_move.push(next as u32);
            while next < mask_moves.len() && mask_moves[next].0 as usize == rank {
                next += 1;
            }
        }
        runs.first_move.push(next as u32);
        runs.moves = mask_moves.into_iter().map(|(_, mv)| mv).collect();
        runs
    }

    /// The run of masks whose bits from `bits` up are `above` and which have `ones` ones below,
    /// starting at rank `start`: its steps, in order.
    fn split(
        &mut self,
        splits: &[usize],
        bits: usize,
        ones: usize,
        start: u32,
        above: u32,
        mask_moves: &mut Vec<(u32, RunMove)>,
    ) {
        let count = self.binom[bits][ones];
        let (at, rest) = match splits.split_first() {
            Some((&at, rest)) => (at, rest),
            None => {
                self.leaf(bits, ones, start, mask_moves);
                return;
            }
        };
        // The sub-runs by their bits at..bits, in increasing (rank) order.
        let mut subruns = Vec::new();
        let mut sub_start = start;
        for mid in 0u32..1 << (bits - at) {
            let below = ones as i64 - i64::from(mid.count_ones());
            if below < 0 || below as usize > at {
                continue;
            }
            subruns.push((mid, below as usize, sub_start));
            sub_start += self.binom[at][below as usize];
        }
        debug_assert_eq!(sub_start, start + count);
        // From the last down: a sub-run's children are in the sub-runs above it.
        for &(mid, below, sub_start) in subruns.iter().rev() {
            let size = self.binom[at][below];
            let whole = (u64::from(above) << (bits - at) | u64::from(mid)) << at;
            for pos in at..bits - 1 {
                if whole >> pos & 1 == 1 && whole >> (pos + 1) & 1 == 0 {
                    let index = below + (mid & ((2 << (pos - at)) - 1)).count_ones() as usize;
                    self.steps.push(RunStep::Run {
                        start: sub_start,
                        count: size,
                        mv: self.run_move(pos, index),
                    });
                }
            }
            // The top element below `at` steps over it where bit at - 1 is set: the last ranks.
            if below >= 1 && mid & 1 == 0 {
                let from = self.binom[at - 1][below];
                self.steps.push(RunStep::Run {
                    start: sub_start + from,
                    count: size - from,
                    mv: self.run_move(at - 1, below),
                });
            }
            self.split(rest, at, below, sub_start, (whole >> at) as u32, mask_moves);
        }
    }

    /// A run whose moves go mask by mask: those inside its `bits` low positions (the moves that
    /// reach the bits above are the runs' steps).
    fn leaf(&mut self, bits: usize, ones: usize, start: u32, mask_moves: &mut Vec<(u32, RunMove)>) {
        let mut rank = start;
        for low in 0u32..1 << bits {
            if low.count_ones() as usize != ones {
                continue;
            }
            for pos in 0..bits.saturating_sub(1) {
                if low >> pos & 1 == 1 && low >> (pos + 1) & 1 == 0 {
                    let index = (low & ((2 << pos) - 1)).count_ones() as usize;
                    mask_moves.push((rank, self.run_move(pos, index)));
                }
            }
            rank += 1;
        }
        self.steps.push(RunStep::Masks {
            start,
            count: self.binom[bits][ones],
        });
    }

    fn run_move(&self, pos: usize, index: usize) -> RunMove {
        RunMove {
            pos: pos as u32,
            index: index as u32,
            delta: self.binom[pos][index - 1],
        }
    }

    /// The number of subsets: C(bits, ones).
    ///
    /// # Example
    /// ```
    /// assert_eq!(dp_core::SubsetRuns::new(5, 2, &[]).len(), 10);
    /// ```
    pub fn len(&self) -> usize {
        self.first_move.len() - 1
    }

    /// True when there is no subset (never: the empty set is one).
    ///
    /// # Example
    /// ```
    /// assert!(!dp_core::SubsetRuns::new(0, 0, &[]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The steps, in an order where each step's children are final when it comes.
    ///
    /// # Example
    /// ```
    /// use dp_core::{RunStep, SubsetRuns};
    /// let runs = SubsetRuns::new(3, 1, &[]);
    /// assert_eq!(runs.steps(), &[RunStep::Masks { start: 0, count: 3 }]);
    /// ```
    pub fn steps(&self) -> &[RunStep] {
        &self.steps
    }

    /// The moves of the mask of rank `rank` that its [`RunStep::Masks`] step does (those inside
    /// the bits below the last split).
    ///
    /// # Panics
    /// If `rank >= self.len()`.
    ///
    /// # Example
    /// ```
    /// let runs = dp_core::SubsetRuns::new(3, 1, &[]);
    /// assert_eq!(runs.mask_moves(2), &[]); // {2}: the top, no move inside 0..3
    /// ```
    pub fn mask_moves(&self, rank: usize) -> &[RunMove] {
        &self.moves[self.first_move[rank] as usize..self.first_move[rank + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every move inside `bits` of every `ones`-subset, by rank, from the masks themselves.
    fn brute_moves(bits: usize, ones: usize) -> Vec<Vec<RunMove>> {
        let masks: Vec<u32> = (0u32..1 << bits)
            .filter(|m| m.count_ones() as usize == ones)
            .collect();
        masks
            .iter()
            .map(|&mask| {
                (0..bits.saturating_sub(1))
                    .filter(|&p| mask >> p & 1 == 1 && mask >> (p + 1) & 1 == 0)
                    .map(|p| {
                        let child = mask ^ (3 << p);
                        RunMove {
                            pos: p as u32,
                            index: (mask & ((2 << p) - 1)).count_ones(),
                            delta: (masks.binary_search(&child).unwrap()
                                - masks.binary_search(&mask).unwrap())
                                as u32,
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn steps_do_every_move_once_after_its_child_is_final() {
        for (bits, splits) in [
            (0, vec![]),
            (1, vec![]),
            (5, vec![]),
            (6, vec![3]),
            (9, vec![5, 2]),
            (10, vec![9, 6, 1]),
            (12, vec![7]),
        ] {
            for ones in 0..=bits {
                let runs = SubsetRuns::new(bits, ones, &splits);
                let brute = brute_moves(bits, ones);
                assert_eq!(runs.len(), brute.len());
                // Each rank's moves as the steps give them, and whether each rank is final.
                let mut done: Vec<Vec<RunMove>> = vec![Vec::new(); runs.len()];
                let mut masks_done = vec![false; runs.len()];
                let check = |i: usize, mv: RunMove, done: &mut [Vec<RunMove>], final_: &[bool]| {
                    let child = i + mv.delta as usize;
                    assert!(final_[child], "{:?}: rank {} before {}", splits, i, child);
                    assert!(!final_[i]);
                    done[i].push(mv);
                };
                for &step in runs.steps() {
                    match step {
                        RunStep::Run { start, count, mv } => {
                            for i in start as usize..(start + count) as usize {
                                check(i, mv, &mut done, &masks_done);
                            }
                        }
                        RunStep::Masks { start, count } => {
                            for i in (start as usize..(start + count) as usize).rev() {
                                for &mv in runs.mask_moves(i) {
                                    check(i, mv, &mut done, &masks_done);
                                }
                                masks_done[i] = true;
                            }
                        }
                    }
                }
                assert!(masks_done.iter().all(|&d| d));
                for (mut got, want) in done.into_iter().zip(brute) {
                    got.sort_by_key(|mv| mv.pos);
                    assert_eq!(got, want, "bits {} ones {} splits {:?}", bits, ones, splits);
                }
            }
        }
    }

    #[test]
    fn below_the_last_split_only_the_low_bits_move_mask_by_mask() {
        let runs = SubsetRuns::new(14, 7, &[9, 6]);
        assert!((0..runs.len()).all(|i| runs.mask_moves(i).iter().all(|mv| mv.pos < 5)));
        assert!((0..runs.len()).any(|i| runs.mask_moves(i).len() == 3));
    }
}
