//! The literal game search: the value of a game from its rules alone. The rules are a closure
//! that lists the moves of a position into [`Moves`]: where each leads, what it scores for the
//! mover, whether the mover moves again (an extra move), or that the mover wins at once. A
//! position with no move is lost for the player to move ([`outcome`]) or worth its
//! [`Moves::end`] value, 0 by default ([`score`]). Positions are memoised (hashed), the search
//! runs on an explicit stack, so no game is too deep for it.
//!
//! - [`outcome`]: win, loss or draw for the player to move, depth first with a cut at the first
//!   winning move. Games that can repeat a position are handled exactly: when the search meets
//!   a position it is still searching, it solves the reachable game backwards from its ends
//!   instead (retrograde analysis), and a position from which neither side can force an end is
//!   a draw — a repetition is a draw.
//! - [`outcome_in_plies`]: the same with the number of plies to the end when both play best
//!   (the winner as soon as possible, the loser as late as possible); [`every_outcome_in_plies`]
//!   for every position reachable from a list of starts at once.
//! - [`outcomes`] and [`grundy`]: the outcome, and the Grundy value found from outcomes alone
//!   (the Nim heap beside which the position is lost), of every start of a table;
//!   [`split_rules`] gives the moves of a sum of components that a move splits.
//! - [`score`]: the best (mover - other) total of the moves' scores still to come, minimax with
//!   extra moves; the game must end (a repeated position panics).
//! - [`tally`]: how many of each value a table holds (positions by outcome and plies, answers),
//!   for an answer that counts them.
//!
//! # Example
//! ```
//! use test_kit::game::{outcome, score, Outcome};
//! // Nim on one heap of 7, taking 1 to 3: lost for the mover exactly on multiples of 4.
//! let take = |&heap: &u32, moves: &mut test_kit::game::Moves<u32>| {
//!     (1..=heap.min(3)).for_each(|k| moves.go(heap - k))
//! };
//! assert_eq!(outcome(7, take), Outcome::Win);
//! assert_eq!(outcome(8, take), Outcome::Loss);
//! // Taking 1 or 2 coins from a row, each worth its value to the taker: the first player
//! // gets 3 + 1 (taking both) against 2: +2.
//! let row = |coins: &Vec<i64>, moves: &mut test_kit::game::Moves<Vec<i64>>| {
//!     for k in 1..=coins.len().min(2) {
//!         moves.scoring(coins[..k].iter().sum(), coins[k..].to_vec());
//!     }
//! };
//! assert_eq!(score(vec![3, 1, 2], row), 2);
//! ```

use bitvec::prelude::*;
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, VecDeque};
use std::hash::Hash;

/// One move of a position: see [`Moves`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move<P> {
    /// The position it leads to.
    pub to: P,
    /// What it scores for the mover ([`score`] only).
    pub gain: i64,
    /// The mover moves again (an extra move) instead of the other player.
    pub again: bool,
}

/// The moves of one position, as the rules list them.
#[derive(Clone, Debug)]
pub struct Moves<P> {
    list: Vec<Move<P>>,
    wins: bool,
    end: i64,
}

impl<P> Moves<P> {
    fn new() -> Moves<P> {
        Moves::reusing(Vec::new())
    }

    /// No moves yet, listed into `list` (a cleared list of an earlier position, so that a deep
    /// search allocates few lists).
    fn reusing(list: Vec<Move<P>>) -> Moves<P> {
        Moves {
            list,
            wins: false,
            end: 0,
        }
    }

    /// A move to `to`, after which the other player moves.
    pub fn go(&mut self, to: P) {
        self.push(Move {
            to,
            gain: 0,
            again: false,
        });
    }

    /// A move to `to` after which the mover moves again.
    pub fn again(&mut self, to: P) {
        self.push(Move {
            to,
            gain: 0,
            again: true,
        });
    }

    /// A move to `to` scoring `gain` for the mover, after which the other player moves.
    pub fn scoring(&mut self, gain: i64, to: P) {
        self.push(Move {
            to,
            gain,
            again: false,
        });
    }

    /// A move to `to` scoring `gain` for the mover, after which the mover moves again if
    /// `again`, else the other player.
    pub fn add(&mut self, gain: i64, again: bool, to: P) {
        self.push(Move { to, gain, again });
    }

    /// Any move.
    pub fn push(&mut self, mv: Move<P>) {
        self.list.push(mv);
    }

    /// A move that wins at once (e.g. a capture) ([`outcome`] only).
    pub fn win(&mut self) {
        self.wins = true;
    }

    /// The value for the mover of this position if it has no move ([`score`] only; 0 unless
    /// set).
    pub fn end(&mut self, value: i64) {
        self.end = value;
    }
}

/// A game's result for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move can force a win.
    Win,
    /// The other player can force a win.
    Loss,
    /// Neither can: the game goes on for ever.
    Draw,
}

impl Outcome {
    /// `[win, loss, draw]`'s item for this outcome, e.g. the words of an answer.
    ///
    /// # Example
    /// ```
    /// use test_kit::game::Outcome;
    /// assert_eq!(Outcome::Draw.pick(["Win", "Lose", "Loop"]), "Loop");
    /// ```
    pub fn pick<T>(self, [win, loss, draw]: [T; 3]) -> T {
        match self {
            Outcome::Win => win,
            Outcome::Loss => loss,
            Outcome::Draw => draw,
        }
    }

    /// The same result seen by the other player.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

/// An outcome with the number of plies to the end under best play (0 for a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plies {
    /// Win, loss or draw for the player to move.
    pub outcome: Outcome,
    /// Plies to the end: the winner wins as soon as it can, the loser loses as late as it can.
    pub plies: u32,
}

/// Positions already solved by [`outcome_with`], to share between searches of the same rules
/// (e.g. every sheet of a file); a memo must not be shared between different rules.
pub struct Memo<P> {
    known: FxHashMap<P, Mark>,
}

impl<P> Default for Memo<P> {
    fn default() -> Self {
        Memo {
            known: FxHashMap::default(),
        }
    }
}

impl<P: Eq + Hash> Memo<P> {
    /// The outcome of `position` if it was solved.
    pub fn get(&self, position: &P) -> Option<Outcome> {
        match self.known.get(position) {
            Some(Mark::Solved(outcome)) => Some(*outcome),
            _ => None,
        }
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// On the stack of the search.
    Open,
    Solved(Outcome),
}

/// Win, loss or draw for the player to move at `start`; see the module documentation.
///
/// # Complexity
/// Each position reached is listed once (fewer, thanks to the cut at a winning move); with a
/// repetition, every position reachable is.
pub fn outcome<P: Clone + Eq + Hash>(start: P, rules: impl FnMut(&P, &mut Moves<P>)) -> Outcome {
    outcome_with(&mut Memo::default(), start, rules)
}

/// [`outcome`] with the positions solved kept in `memo` for later searches of the same rules.
pub fn outcome_with<P: Clone + Eq + Hash>(
    memo: &mut Memo<P>,
    start: P,
    mut rules: impl FnMut(&P, &mut Moves<P>),
) -> Outcome {
    if let Some(known) = memo.get(&start) {
        return known;
    }
    struct Frame<P> {
        at: P,
        moves: Moves<P>,
        next: usize,
        draw: bool,
    }
    // Cleared move lists of closed frames, for the next frames opened.
    let mut pool: Vec<Vec<Move<P>>> = Vec::new();
    let open = |at: P,
                rules: &mut dyn FnMut(&P, &mut Moves<P>),
                memo: &mut Memo<P>,
                pool: &mut Vec<Vec<Move<P>>>| {
        let mut moves = Moves::reusing(pool.pop().unwrap_or_default());
        rules(&at, &mut moves);
        memo.known.insert(at.clone(), Mark::Open);
        Frame {
            at,
            moves,
            next: 0,
            draw: false,
        }
    };
    let mut stack = vec![open(start.clone(), &mut rules, memo, &mut pool)];
    // The outcome of the frame just closed, for the frame below it.
    let mut closed: Option<Outcome> = None;
    while let Some(top) = stack.last_mut() {
        if let Some(child) = closed.take() {
            // The move just searched was top.moves.list[top.next - 1].
            let again = top.moves.list[top.next - 1].again;
            match if again { child } else { child.flip() } {
                Outcome::Win => top.moves.wins = true,
                Outcome::Draw => top.draw = true,
                Outcome::Loss => {}
            }
        }
        let result = if top.moves.wins {
            Some(Outcome::Win)
        } else if top.next == top.moves.list.len() {
            Some(if top.draw {
                Outcome::Draw
            } else {
                Outcome::Loss
            })
        } else {
            None
        };
        if let Some(result) = result {
            let frame = stack.pop().expect("the top frame");
            memo.known.insert(frame.at, Mark::Solved(result));
            let mut list = frame.moves.list;
            list.clear();
            pool.push(list);
            closed = Some(result);
            continue;
        }
        let mv = &top.moves.list[top.next];
        top.next += 1;
        match memo.known.get(&mv.to) {
            Some(Mark::Open) => {
                // A repetition: solve the reachable game backwards instead, with what is
                // solved already as ends.
                for frame in &stack {
                    memo.known.remove(&frame.at);
                }
                let solved = retrograde(vec![start.clone()], &mut rules, |p| memo.get(p));
                for (position, plies) in solved {
                    memo.known.insert(position, Mark::Solved(plies.outcome));
                }
                return memo.get(&start).expect("the start is solved");
            }
            Some(&Mark::Solved(child)) => closed = Some(child),
            None => {
                let to = mv.to.clone();
                let frame = open(to, &mut rules, memo, &mut pool);
                stack.push(frame);
            }
        }
    }
    closed.expect("the start is solved")
}

/// [`outcome`] of each of `starts`, one memo for all (a table of every start).
///
/// # Complexity
/// Each position reachable from the starts is listed at most once over all of them.
///
/// # Example
/// ```
/// use test_kit::game::{outcomes, Moves, Outcome};
/// let take = |&h: &u32, moves: &mut Moves<u32>| (1..=h.min(2)).for_each(|k| moves.go(h - k));
/// let lost = outcomes(0..7, take).iter().map(|&o| o == Outcome::Loss).collect::<Vec<_>>();
/// assert_eq!(lost, [true, false, false, true, false, false, true]);
/// ```
pub fn outcomes<P: Clone + Eq + Hash>(
    starts: impl IntoIterator<Item = P>,
    mut rules: impl FnMut(&P, &mut Moves<P>),
) -> Vec<Outcome> {
    let mut memo = Memo::default();
    let mut one = |start| outcome_with(&mut memo, start, &mut rules);
    starts.into_iter().map(&mut one).collect()
}

/// The Grundy value of each of `starts`, found from win and loss alone (never a mex or a nim
/// sum of the moves' values): the least `k` such that the position played beside a Nim heap
/// of `k` is lost for the player to move, by the Sprague-Grundy theorem. One memo for all.
///
/// # Panics
/// If the game beside a heap is a draw (a Grundy value needs a game that ends).
///
/// # Complexity
/// One search of the sum for each heap up to the value: each position reachable, times the
/// value plus one.
///
/// # Example
/// ```
/// use test_kit::game::{grundy, Moves};
/// // Take 1 or 2: the values repeat 0, 1, 2.
/// let take = |&h: &u32, moves: &mut Moves<u32>| (1..=h.min(2)).for_each(|k| moves.go(h - k));
/// assert_eq!(grundy(0..7, take), [0, 1, 2, 0, 1, 2, 0]);
/// ```
pub fn grundy<P: Clone + Eq + Hash>(
    starts: impl IntoIterator<Item = P>,
    mut rules: impl FnMut(&P, &mut Moves<P>),
) -> Vec<u32> {
    let mut sum = |(at, heap): &(P, u32), moves: &mut Moves<(P, u32)>| {
        (0..*heap).for_each(|k| moves.go((at.clone(), k)));
        let mut own = Moves::new();
        rules(at, &mut own);
        for Move { to, gain, again } in own.list {
            moves.push(Move {
                to: (to, *heap),
                gain,
                again,
            });
        }
        if own.wins {
            moves.win();
        }
    };
    let mut memo = Memo::default();
    let mut value = |start: P| {
        for k in 0.. {
            match outcome_with(&mut memo, (start.clone(), k), &mut sum) {
                Outcome::Loss => return k,
                Outcome::Draw => panic!("a draw beside a heap of {}: no Grundy value", k),
                Outcome::Win => {}
            }
        }
        unreachable!("a heap of every size was won")
    };
    starts.into_iter().map(&mut value).collect()
}

/// The rules of a sum of components (rows of pins, sheets of paper): a move replaces one
/// component by the pieces that `split` lists for it, one list per move. The position is the
/// sorted list of its components; pieces equal to `C::default()` (an empty row) are dropped.
///
/// # Example
/// ```
/// use test_kit::game::{grundy, split_rules};
/// // Kayles: knock down one pin or two adjacent ones of a row.
/// let kayles = split_rules(|&row: &usize| {
///     let knock = |k: usize| (0..=row.saturating_sub(k)).map(move |l| vec![l, row - k - l]);
///     (1..=2).filter(|&k| k <= row).flat_map(knock).collect()
/// });
/// assert_eq!(grundy((0..8).map(|r| vec![r]), kayles), [0, 1, 2, 3, 1, 4, 3, 2]);
/// ```
pub fn split_rules<C: Clone + Ord + Default>(
    split: impl Fn(&C) -> Vec<Vec<C>>,
) -> impl Fn(&Vec<C>, &mut Moves<Vec<C>>) {
    move |parts, moves| {
        for (i, part) in parts.iter().enumerate() {
            for pieces in split(part) {
                let mut next = parts.clone();
                next.remove(i);
                next.extend(pieces.into_iter().filter(|c| *c != C::default()));
                next.sort_unstable();
                moves.go(next);
            }
        }
    }
}

/// Win, loss or draw for the player to move at `start`, with the plies to the end under best
/// play; see the module documentation.
///
/// # Complexity
/// Every position reachable from `start` is listed once.
pub fn outcome_in_plies<P: Clone + Eq + Hash>(
    start: P,
    mut rules: impl FnMut(&P, &mut Moves<P>),
) -> Plies {
    let solved = retrograde(vec![start.clone()], &mut rules, |_| None);
    let start_plies = solved.into_iter().find(|(p, _)| *p == start);
    start_plies.expect("the start is solved").1
}

/// [`outcome_in_plies`] of every position reachable from `starts` (the starts first, in their
/// order, then the others as found), in one search: what a table of every start needs.
///
/// # Complexity
/// Every position reachable from `starts` is listed once.
///
/// # Example
/// ```
/// use test_kit::game::{every_outcome_in_plies, Moves, Outcome};
/// // Take 1 or 2 from a heap of up to 4: multiples of 3 are lost.
/// let take = |&h: &u32, moves: &mut Moves<u32>| (1..=h.min(2)).for_each(|k| moves.go(h - k));
/// let all = every_outcome_in_plies(vec![4, 3], take);
/// assert_eq!(all.len(), 5);
/// assert_eq!((all[0].0, all[0].1.outcome, all[0].1.plies), (4, Outcome::Win, 3));
/// assert_eq!((all[1].0, all[1].1.outcome, all[1].1.plies), (3, Outcome::Loss, 2));
/// ```
pub fn every_outcome_in_plies<P: Clone + Eq + Hash>(
    starts: Vec<P>,
    mut rules: impl FnMut(&P, &mut Moves<P>),
) -> Vec<(P, Plies)> {
    retrograde(starts, &mut rules, |_| None)
}

/// Every position reachable from `starts` (repeats dropped) with its outcome and plies, by
/// retrograde analysis: positions with no move are lost (0 plies), those with a winning move
/// won (1 ply), those `known` end there (0 plies); then, layer by layer, a position with a move
/// to one lost for the player then to move is won, one all of whose moves lead to positions
/// won for that player is lost; what is left is a draw.
fn retrograde<P: Clone + Eq + Hash>(
    starts: Vec<P>,
    rules: &mut dyn FnMut(&P, &mut Moves<P>),
    known: impl Fn(&P) -> Option<Outcome>,
) -> Vec<(P, Plies)> {
    let mut index: FxHashMap<P, usize> = FxHashMap::default();
    let mut positions = Vec::with_capacity(starts.len());
    for start in starts {
        if !index.contains_key(&start) {
            index.insert(start.clone(), positions.len());
            positions.push(start);
        }
    }
    // Each position's moves as (target, again).
    let mut edges: Vec<Vec<(usize, bool)>> = Vec::new();
    let mut wins = BitVec::<usize, Lsb0>::new();
    let mut fixed: Vec<Option<Outcome>> = Vec::new();
    while edges.len() < positions.len() {
        let at = positions[edges.len()].clone();
        let end = known(&at);
        let mut moves = Moves::new();
        if end.is_none() {
            rules(&at, &mut moves);
        }
        let mut out = Vec::with_capacity(moves.list.len());
        for mv in moves.list {
            let next = positions.len();
            let target = *index.entry(mv.to.clone()).or_insert(next);
            if target == next {
                positions.push(mv.to);
            }
            out.push((target, mv.again));
        }
        edges.push(out);
        wins.push(moves.wins);
        fixed.push(end);
    }
    let n = positions.len();
    let mut preds: Vec<Vec<(usize, bool)>> = vec![Vec::new(); n];
    for (from, out) in edges.iter().enumerate() {
        for &(to, again) in out {
            preds[to].push((from, again));
        }
    }
    let mut left: Vec<usize> = edges.iter().map(|e| e.len()).collect();
    let mut value: Vec<Option<Plies>> = vec![None; n];
    let mut queue = VecDeque::new();
    let settle = |i: usize,
                  outcome: Outcome,
                  plies: u32,
                  value: &mut Vec<Option<Plies>>,
                  queue: &mut VecDeque<usize>| {
        value[i] = Some(Plies { outcome, plies });
        queue.push_back(i);
    };
    for i in 0..n {
        match fixed[i] {
            Some(outcome) => settle(i, outcome, 0, &mut value, &mut queue),
            None if !wins[i] && edges[i].is_empty() => {
                settle(i, Outcome::Loss, 0, &mut value, &mut queue)
            }
            None => {}
        }
    }
    for i in wins.iter_ones() {
        if value[i].is_none() {
            settle(i, Outcome::Win, 1, &mut value, &mut queue);
        }
    }
    while let Some(i) = queue.pop_front() {
        let Plies { outcome, plies } = value[i].expect("queued positions are solved");
        if outcome == Outcome::Draw {
            continue;
        }
        for &(from, again) in &preds[i] {
            if value[from].is_some() {
                continue;
            }
            let seen = if again { outcome } else { outcome.flip() };
            if seen == Outcome::Win {
                settle(from, Outcome::Win, plies + 1, &mut value, &mut queue);
            } else {
                left[from] -= 1;
                if left[from] == 0 {
                    settle(from, Outcome::Loss, plies + 1, &mut value, &mut queue);
                }
            }
        }
    }
    let draw = Plies {
        outcome: Outcome::Draw,
        plies: 0,
    };
    positions
        .into_iter()
        .zip(value)
        .map(|(p, v)| (p, v.unwrap_or(draw)))
        .collect()
}

/// The best (mover - other) total of the scores of the moves still to come from `start`, the
/// player to move maximising it and the other minimising it (each maximising their own), with
/// extra moves; see the module documentation.
///
/// # Panics
/// If the game repeats a position (a score needs a game that ends).
///
/// # Complexity
/// Each position reachable is listed once.
pub fn score<P: Clone + Eq + Hash>(start: P, mut rules: impl FnMut(&P, &mut Moves<P>)) -> i64 {
    struct Frame<P> {
        at: P,
        moves: Moves<P>,
        next: usize,
        best: Option<i64>,
    }
    let mut memo: FxHashMap<P, Option<i64>> = FxHashMap::default();
    let mut pool: Vec<Vec<Move<P>>> = Vec::new();
    let mut open = |at: P, memo: &mut FxHashMap<P, Option<i64>>, pool: &mut Vec<Vec<Move<P>>>| {
        let mut moves = Moves::reusing(pool.pop().unwrap_or_default());
        rules(&at, &mut moves);
        memo.insert(at.clone(), None);
        Frame {
            at,
            moves,
            next: 0,
            best: None,
        }
    };
    let mut stack = vec![open(start, &mut memo, &mut pool)];
    let mut closed: Option<i64> = None;
    while let Some(top) = stack.last_mut() {
        if let Some(child) = closed.take() {
            let mv = &top.moves.list[top.next - 1];
            let value = mv.gain + if mv.again { child } else { -child };
            top.best = Some(top.best.map_or(value, |b| b.max(value)));
        }
        if top.next == top.moves.list.len() {
            let frame = stack.pop().expect("the top frame");
            let value = frame.best.unwrap_or(frame.moves.end);
            memo.insert(frame.at, Some(value));
            let mut list = frame.moves.list;
            list.clear();
            pool.push(list);
            closed = Some(value);
            continue;
        }
        let to = &top.moves.list[top.next].to;
        top.next += 1;
        match memo.get(to) {
            Some(Some(value)) => closed = Some(*value),
            Some(None) => panic!("the game repeats a position: a score needs a game that ends"),
            None => {
                let frame = open(to.clone(), &mut memo, &mut pool);
                stack.push(frame);
            }
        }
    }
    closed.expect("the start is solved")
}

/// How many times each value occurs in `values`, ordered by value: e.g. the positions of each
/// outcome and number of plies, for an answer that counts them.
///
/// # Complexity
/// O(n log k) for n values of which k are distinct.
///
/// # Example
/// ```
/// use test_kit::game::{every_outcome_in_plies, tally, Moves, Outcome};
/// // Take 1 or 2 from a heap of up to 5: 0 and 3 lost (in 0 and 2 plies), the others won.
/// let take = |&h: &u32, moves: &mut Moves<u32>| (1..=h.min(2)).for_each(|k| moves.go(h - k));
/// let all = every_outcome_in_plies((0..=5).collect(), take);
/// let counts = tally(all.iter().map(|(_, v)| (v.outcome == Outcome::Win, v.plies)));
/// let expected = [((false, 0), 1), ((false, 2), 1), ((true, 1), 2), ((true, 3), 2)];
/// assert!(counts.into_iter().eq(expected));
/// ```
pub fn tally<T: Ord>(values: impl IntoIterator<Item = T>) -> BTreeMap<T, u64> {
    let mut counts = BTreeMap::new();
    for value in values {
        *counts.entry(value).or_insert(0) += 1;
    }
    counts
}
