//! Codeforces 786A "Berzerk": a monster on a circle of n objects (object 1 a black hole), Rick and
//! Morty alternately move it clockwise by an element of their own set; who puts it into the hole
//! wins. For every start and both first players, print `Win`, `Lose` or `Loop`.
//!
//! Solved by retrograde analysis over the 2n positions (object, side to move), the two with the
//! monster in the hole terminal and lost for the side to move: [`dp_core::Retrograde`] in
//! outcomes-only mode resolves every position (positions never resolved are `Loop`) in
//! O(n (k1 + k2)) un-move visits. The core carries the counters, the layers, the draws and the
//! choice of cell width (two bytes here: a position has up to 6999 moves); the game only says
//! where a move goes and where it came from.

use dp_core::{Error, Outcome, Retrograde, RetrogradeGame, Scanner, Unmoves};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest n accepted (the statement's).
pub const MAX_N: usize = 7000;

/// The game as a [`RetrogradeGame`]: position `side * n + p` has the monster on object `p + 1`
/// and `side` to move (0 Rick, 1 Morty).
///
/// # Constraints
/// Each set's elements are distinct and in `1..n` ([`solve`] checks them).
///
/// # Example
/// ```
/// use cf786a_berzerk::Berzerk;
/// use dp_core::{Outcome, Retrograde};
/// let game = Berzerk { n: 5, sets: [vec![3, 2], vec![1, 2, 3]] };
/// let table = Retrograde::new(&game).outcomes_only().solve_with_unmoves();
/// // Rick first from object 5 (p = 4): the endless game is the best he can get.
/// assert_eq!(table.outcome(4), Outcome::Draw);
/// ```
pub struct Berzerk {
    /// The number of objects.
    pub n: usize,
    /// Rick's set and Morty's.
    pub sets: [Vec<usize>; 2],
}

impl RetrogradeGame for Berzerk {
    fn positions(&self) -> usize {
        2 * self.n
    }

    fn terminal(&self, pos: usize) -> Option<Outcome> {
        // The monster in the hole: the side that moved it there has won.
        (pos % self.n == 0).then_some(Outcome::Loss)
    }

    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        let (side, p) = (pos / self.n, pos % self.n);
        self.sets[side]
            .iter()
            .for_each(|x| f((1 - side) * self.n + (p + x) % self.n));
    }

    fn degree(&self, pos: usize) -> usize {
        self.sets[pos / self.n].len()
    }
}

impl Unmoves for Berzerk {
    fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        // The other side moved last, by one of its elements x, from p - x around the circle.
        let (n, p, mover) = (self.n, pos % self.n, 1 - pos / self.n);
        for &x in &self.sets[mover] {
            f(mover * n + if p >= x { p - x } else { p + n - x });
        }
    }
}

/// Reads `n`, `k1 s1...`, `k2 s2...` and writes the two lines of `Win` / `Lose` / `Loop`.
///
/// # Errors
/// A missing or malformed token, n outside `2..=MAX_N`, a k outside `1..n`, an element outside
/// `1..n` or repeated in its set, or a token after the last element.
///
/// # Complexity
/// O(n (k1 + k2)) time, O(n) memory.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// cf786a_berzerk::solve(b"5\n2 3 2\n3 1 2 3\n", &mut out).unwrap();
/// assert_eq!(out, b"Lose Win Win Loop\nLoop Win Win Win\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let n: usize = sc.next_in(2..=MAX_N, "n")?;
    let mut sets = [Vec::new(), Vec::new()];
    for (set, [k, name]) in sets.iter_mut().zip([["k1", "s1"], ["k2", "s2"]]) {
        let mut seen = vec![false; n];
        for _ in 0..sc.next_in::<usize>(1..=n - 1, k)? {
            let x: usize = sc.next_in(1..=n - 1, name)?;
            if std::mem::replace(&mut seen[x], true) {
                let why = format!("{} holds {} twice; its elements are distinct", name, x);
                return Err(sc.invalid(&why));
            }
            set.push(x);
        }
    }
    sc.finish()?;
    let game = Berzerk { n, sets };
    let table = Retrograde::new(&game).outcomes_only().solve_with_unmoves();
    for side in 0..2 {
        for p in 1..n {
            // Outcome as usize: Draw 0, Loss 1, Win 2.
            let word = ["Loop", "Lose", "Win"][table.outcome(side * n + p) as usize];
            write!(out, "{}{}", word, if p + 1 < n { ' ' } else { '\n' })?;
        }
    }
    Ok(())
}
