//! Bit-parallel retrograde analysis: the layers of [`Retrograde`](crate::Retrograde) computed 64
//! positions at a time, for games whose moves act on whole words of positions (a piece's step on
//! a board is a shift of a row of placements, the same step for 64 placements of the other
//! piece is one OR).
//!
//! A game gives, for each side to move, its terminal positions and two set operations over words
//! of positions ([`BitRetrogradeGame`]). [`bit_retrograde`] answers asked positions and stops as
//! soon as they are known; [`bit_retrograde_layers`] hands every layer to a visitor, to build a
//! full table or statistics.
//!
//! # Method
//! Positions are pairs (side to move, index); a move goes to the other side. Layer 0 holds the
//! terminal wins and losses. Layer `d` holds, for each side, the unresolved positions with a
//! move into a loss of layer `d - 1` (wins at `d`) and the unresolved positions with a move into
//! a win of layer `d - 1` whose every move leads to a win found so far (losses at `d`: their
//! farthest child is at `d - 1`, or they would have been found before). Losses are computed
//! before the wins of the same layer are added, so "found so far" means at most `d - 1`.
//! Positions never resolved are draws. The state is six bitmaps per side (`N / 8` bytes each), the
//! resolved positions, the wins so far, this layer's and the next layer's wins and losses, and
//! one shared set of candidates.

use crate::bit_layer::BitLayer;
use crate::retrograde::{Outcome, Value};

/// A two-player game whose positions are `0..positions()` for each side to move (0 and 1), given
/// as operations on words of positions: word `i` holds indices `64 i .. 64 i + 63`.
///
/// Every move goes from a position of one side to a position of the other. Unlike
/// [`RetrogradeGame`](crate::RetrogradeGame), a position with no move is not lost by itself: it
/// is never resolved (a draw) unless [`BitRetrogradeGame::terminal`] names it.
///
/// The indices need not all be positions: a board game usually pads its rows or blocks to whole
/// words so that a step is a shift without a branch at the edges. An index that no operation ever
/// emits stays unresolved and costs nothing but its bit.
///
/// # Example
/// A race to 10 on a counter (add 1 or 2; who reaches 10 wins), the counter's value as the index;
/// the side to move does not change the rules, so both sides share them.
/// ```
/// use dp_core::{bit_retrograde, BitLayer, BitRetrogradeGame, Outcome, Value};
/// struct RaceTo10;
/// impl BitRetrogradeGame for RaceTo10 {
///     fn positions(&self) -> usize { 11 }
///     fn terminal<F: FnMut(usize, u64)>(&self, _side: usize, outcome: Outcome, mut emit: F) {
///         // The side to move at 10 has lost: the other side just reached it.
///         if outcome == Outcome::Loss { emit(0, 1 << 10) }
///     }
///     fn some_move_into<F: FnMut(usize, u64)>(&self, _side: usize, layer: &BitLayer, mut emit: F) {
///         // p moves to p + 1 and p + 2: the parents of a set are its shifts down.
///         let set = layer.word(0);
///         emit(0, set >> 1 | set >> 2)
///     }
///     fn every_move_into(&self, _side: usize, set: &[u64], _i: usize) -> u64 {
///         // p + 1 and p + 2 both in `set`, or a move off the end (p = 9 has one move).
///         (set[0] | 1 << 11) >> 1 & (set[0] | 3 << 11) >> 2
///     }
/// }
/// let values = bit_retrograde(&RaceTo10, &[(0, 0), (1, 1), (0, 8)]);
/// assert_eq!(values, [Value::Win(7), Value::Loss(6), Value::Win(1)]);
/// ```
pub trait BitRetrogradeGame {
    /// The number of positions with each side to move.
    fn positions(&self) -> usize;

    /// Calls `emit(i, bits)` with words whose union is the terminal positions of `side` to move
    /// that end with `outcome` (called once for each side and outcome). A terminal position must
    /// not also be reached by [`BitRetrogradeGame::some_move_into`] as having a move, unless it is
    /// named here (it then keeps the value given here).
    fn terminal<F: FnMut(usize, u64)>(&self, side: usize, outcome: Outcome, emit: F);

    /// Calls `emit(i, bits)` with words whose union is the positions of `side` to move with a
    /// move into `layer`, a set of positions of the other side to move. Words may repeat and
    /// overlap; no bit may name a position outside `0..positions()`.
    fn some_move_into<F: FnMut(usize, u64)>(&self, side: usize, layer: &BitLayer, emit: F);

    /// Word `i` of the set of positions of `side` to move whose every move leads into `set` (a
    /// bitmap of positions of the other side to move). Only the bits of positions that have a
    /// move (into the last layer) are read, so the others may be anything.
    fn every_move_into(&self, side: usize, set: &[u64], i: usize) -> u64;
}

/// The values (for the side to move) of the asked `(side, index)` positions, stopping as soon as
/// they are known.
///
/// # Panics
/// If an asked position is outside the game, or the game emits a bit outside it.
///
/// # Complexity
/// That of [`bit_retrograde_layers`] up to the layer of the farthest asked position, plus
/// O(asked) per layer.
///
/// # Example
/// See [`BitRetrogradeGame`].
pub fn bit_retrograde<G: BitRetrogradeGame>(game: &G, asked: &[(usize, usize)]) -> Vec<Value> {
    let n = game.positions();
    for &(side, pos) in asked {
        assert!(
            side < 2 && pos < n,
            "asked position {:?} outside 2 sides of {} positions",
            (side, pos),
            n
        );
    }
    let mut values = vec![Value::Draw; asked.len()];
    // Terminal draws keep `Draw`; what no layer reaches is a draw too.
    let mut pending: Vec<usize> = (0..asked.len()).collect();
    for side in 0..2 {
        game.terminal(side, Outcome::Draw, |i, bits| {
            pending.retain(|&k| {
                let (s, pos) = asked[k];
                !(s == side && pos / 64 == i && bits >> (pos % 64) & 1 == 1)
            })
        });
    }
    if pending.is_empty() {
        return values;
    }
    bit_retrograde_layers(game, |plies, side, outcome, layer| {
        pending.retain(|&k| {
            let (s, pos) = asked[k];
            let found = s == side && layer.contains(pos);
            if found {
                values[k] = match outcome {
                    Outcome::Win => Value::Win(plies),
                    _ => Value::Loss(plies),
                }
            }
            !found
        });
        !pending.is_empty()
    });
    values
}

/// Runs the analysis, calling `visit(plies, side, outcome, layer)` with each non-empty layer:
/// the positions of `side` to move that are won (`outcome` [`Outcome::Win`]) or lost in exactly
/// `plies` plies, layer 0 being the terminal wins and losses. Layers come in increasing `plies`;
/// the analysis stops when `visit` returns `false` or no position is left to resolve. Positions
/// never visited are draws.
///
/// # Panics
/// If the game emits a bit outside its positions.
///
/// # Complexity
/// Per layer, the calls of the game's operations on the last layer, O(W) for the W words they
/// emit, and one [`BitRetrogradeGame::every_move_into`] per candidate word (a word with an
/// unresolved parent of a new win); `13 N / 8` bytes for N positions per side.
///
/// # Example
/// ```
/// use dp_core::{bit_retrograde_layers, BitLayer, BitRetrogradeGame, Outcome};
/// /// Take 1 or 2 from a pile of up to 63; who cannot move loses.
/// struct TakeOneOrTwo;
/// impl BitRetrogradeGame for TakeOneOrTwo {
///     fn positions(&self) -> usize { 64 }
///     fn terminal<F: FnMut(usize, u64)>(&self, _side: usize, outcome: Outcome, mut emit: F) {
///         if outcome == Outcome::Loss { emit(0, 1) } // the empty pile
///     }
///     fn some_move_into<F: FnMut(usize, u64)>(&self, _side: usize, layer: &BitLayer, mut emit: F) {
///         let set = layer.word(0);
///         emit(0, set << 1 | set << 2)
///     }
///     fn every_move_into(&self, _side: usize, set: &[u64], _i: usize) -> u64 {
///         (set[0] << 1) & (set[0] << 2 | 2) // pile 1 has one move
///     }
/// }
/// let mut losses = 0u64;
/// bit_retrograde_layers(&TakeOneOrTwo, |_, side, outcome, layer| {
///     if side == 0 && outcome == Outcome::Loss { losses |= layer.word(0) }
///     true
/// });
/// assert_eq!(losses, 0x9249_2492_4924_9249); // the multiples of 3
/// ```
pub fn bit_retrograde_layers<G, F>(game: &G, mut visit: F)
where
    G: BitRetrogradeGame,
    F: FnMut(u32, usize, Outcome, &BitLayer) -> bool,
{
    let n = game.positions();
    let words = (n + 63) / 64;
    let layer = || [BitLayer::new(n), BitLayer::new(n)];
    let (mut wins, mut losses, mut next_wins, mut next_losses) =
        (layer(), layer(), layer(), layer());
    let mut candidates = BitLayer::new(n);
    let mut resolved = [vec![0u64; words], vec![0u64; words]];
    let mut won = [vec![0u64; words], vec![0u64; words]];
    for side in 0..2 {
        let resolved = &mut resolved[side];
        game.terminal(side, Outcome::Draw, |i, bits| resolved[i] |= bits);
        game.terminal(side, Outcome::Loss, |i, bits| {
            resolved[i] |= bits;
            losses[side].or_word(i, bits)
        });
        game.terminal(side, Outcome::Win, |i, bits| {
            resolved[i] |= bits;
            won[side][i] |= bits;
            wins[side].or_word(i, bits)
        });
    }
    let mut plies = 0u32;
    loop {
        for side in 0..2 {
            for (outcome, layer) in [(Outcome::Loss, &losses[side]), (Outcome::Win, &wins[side])] {
                if !layer.is_empty() && !visit(plies, side, outcome, layer) {
                    return;
                }
            }
        }
        plies = plies.checked_add(1).expect("2^32 plies");
        // Losses first, while `won` holds the wins of the layers before this one.
        for side in 0..2 {
            let resolved = &mut resolved[side];
            game.some_move_into(side, &wins[1 - side], |i, bits| {
                candidates.or_word(i, bits & !resolved[i])
            });
            let next = &mut next_losses[side];
            candidates.for_each_word(|i, bits| {
                let lost = bits & game.every_move_into(side, &won[1 - side], i);
                resolved[i] |= lost;
                next.or_word(i, lost);
            });
            candidates.clear();
        }
        for side in 0..2 {
            let (resolved, won, next) = (&mut resolved[side], &mut won[side], &mut next_wins[side]);
            game.some_move_into(side, &losses[1 - side], |i, bits| {
                let bits = bits & !resolved[i];
                resolved[i] |= bits;
                won[i] |= bits;
                next.or_word(i, bits)
            });
        }
        for side in 0..2 {
            std::mem::swap(&mut wins[side], &mut next_wins[side]);
            std::mem::swap(&mut losses[side], &mut next_losses[side]);
            next_wins[side].clear();
            next_losses[side].clear();
        }
        if wins.iter().chain(&losses).all(BitLayer::is_empty) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BitRetrogradeGame, bit_retrograde, bit_retrograde_layers};
    use crate::bit_layer::BitLayer;
    use crate::random::SplitMix64;
    use crate::retrograde::{Outcome, Value};

    /// A game given by lists: `moves[side][p]` are the positions of the other side that `p`
    /// moves to; `terminal[side][p]` ends the game there.
    struct Listed {
        moves: [Vec<Vec<usize>>; 2],
        terminal: [Vec<Option<Outcome>>; 2],
    }

    impl BitRetrogradeGame for Listed {
        fn positions(&self) -> usize {
            self.moves[0].len()
        }
        fn terminal<F: FnMut(usize, u64)>(&self, side: usize, outcome: Outcome, mut emit: F) {
            for (p, t) in self.terminal[side].iter().enumerate() {
                if *t == Some(outcome) {
                    emit(p / 64, 1 << (p % 64))
                }
            }
        }
        fn some_move_into<F: FnMut(usize, u64)>(&self, side: usize, layer: &BitLayer, mut emit: F) {
            for (p, children) in self.moves[side].iter().enumerate() {
                if children.iter().any(|&c| layer.contains(c)) {
                    emit(p / 64, 1 << (p % 64))
                }
            }
        }
        fn every_move_into(&self, side: usize, set: &[u64], i: usize) -> u64 {
            let mut word = 0;
            for p in 64 * i..(64 * i + 64).min(self.positions()) {
                let all = self.moves[side][p]
                    .iter()
                    .all(|&c| set[c / 64] >> (c % 64) & 1 == 1);
                word |= (all as u64) << (p % 64);
            }
            word
        }
    }

    /// Negamax truncated at `horizon` plies, the rules applied literally: a win in d plies
    /// scores `big - d`, a loss `d - big`, a draw or the horizon 0; no move and no terminal
    /// outcome is a draw.
    fn truncated(game: &Listed, horizon: usize) -> [Vec<i64>; 2] {
        let n = game.positions();
        let big = 1 << 40;
        let mut score = [vec![0i64; n], vec![0i64; n]];
        for _ in 0..horizon {
            let mut next = [vec![0i64; n], vec![0i64; n]];
            for (side, next) in next.iter_mut().enumerate() {
                for (p, next) in next.iter_mut().enumerate() {
                    *next = match game.terminal[side][p] {
                        Some(Outcome::Loss) => -big,
                        Some(Outcome::Win) => big,
                        Some(Outcome::Draw) => 0,
                        None => {
                            let child = |&c: &usize| {
                                let s = score[1 - side][c];
                                // One ply farther, seen from the other side.
                                -(s - s.signum())
                            };
                            game.moves[side][p].iter().map(child).max().unwrap_or(0)
                        }
                    };
                }
            }
            score = next;
        }
        score
    }

    fn score_of(value: Value) -> i64 {
        let big = 1 << 40;
        match value {
            Value::Win(d) => big - d as i64,
            Value::Loss(d) => d as i64 - big,
            Value::Draw => 0,
        }
    }

    fn random_game(rng: &mut SplitMix64, n: usize) -> Listed {
        let mut side = || {
            let moves: Vec<Vec<usize>> = (0..n)
                .map(|_| (0..rng.index(4)).map(|_| rng.index(n)).collect())
                .collect();
            let terminal: Vec<Option<Outcome>> = (0..n)
                .map(|_| match rng.index(12) {
                    0 | 1 => Some(Outcome::Loss),
                    2 => Some(Outcome::Win),
                    3 => Some(Outcome::Draw),
                    _ => None,
                })
                .collect();
            (moves, terminal)
        };
        let (m0, t0) = side();
        let (m1, t1) = side();
        Listed {
            moves: [m0, m1],
            terminal: [t0, t1],
        }
    }

    #[test]
    fn random_games_match_truncated_negamax() {
        let mut rng = SplitMix64::new(2026);
        for round in 0..300 {
            let n = 1 + rng.index(if round % 10 == 0 { 200 } else { 40 });
            let game = random_game(&mut rng, n);
            let expected = truncated(&game, 4 * n + 4);
            let asked: Vec<(usize, usize)> =
                (0..2).flat_map(|s| (0..n).map(move |p| (s, p))).collect();
            let values = bit_retrograde(&game, &asked);
            for (&(s, p), &v) in asked.iter().zip(&values) {
                assert_eq!(
                    score_of(v),
                    expected[s][p],
                    "round {} n {} side {} position {}: {:?}",
                    round,
                    n,
                    s,
                    p,
                    v
                );
            }
            // One asked position at a time: the early stop answers the same.
            let k = rng.index(asked.len());
            assert_eq!(bit_retrograde(&game, &asked[k..k + 1]), [values[k]]);
        }
    }

    #[test]
    fn layers_come_in_order_and_each_position_once() {
        let mut rng = SplitMix64::new(7);
        let game = random_game(&mut rng, 500);
        let mut seen = [vec![None; 500], vec![None; 500]];
        let mut last = 0;
        bit_retrograde_layers(&game, |plies, side, outcome, layer| {
            assert!(plies >= last);
            last = plies;
            layer.for_each_word(|i, mut bits| {
                while bits != 0 {
                    let p = 64 * i + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    assert_eq!(seen[side][p], None, "position {:?} twice", (side, p));
                    seen[side][p] = Some((plies, outcome));
                }
            });
            true
        });
        assert!(
            last > 2,
            "a random game of 500 positions has more than two layers"
        );
    }

    #[test]
    fn a_visitor_that_stops_sees_no_more_layers() {
        let mut rng = SplitMix64::new(8);
        let game = random_game(&mut rng, 300);
        let mut calls = 0;
        bit_retrograde_layers(&game, |_, _, _, _| {
            calls += 1;
            false
        });
        assert_eq!(calls, 1);
    }

    /// A path of `len` positions per side: p moves to p - 1, 0 is lost.
    struct Path(usize);

    impl BitRetrogradeGame for Path {
        fn positions(&self) -> usize {
            self.0
        }
        fn terminal<F: FnMut(usize, u64)>(&self, _side: usize, outcome: Outcome, mut emit: F) {
            if outcome == Outcome::Loss {
                emit(0, 1)
            }
        }
        fn some_move_into<F: FnMut(usize, u64)>(&self, _: usize, layer: &BitLayer, mut emit: F) {
            let words = layer.words().len();
            // The last word holds `len % 64` positions (64 if none are left over).
            let last = u64::MAX >> ((64 - self.0 % 64) % 64);
            let keep = |i: usize, bits: u64| if i + 1 == words { bits & last } else { bits };
            layer.for_each_word(|i, bits| {
                emit(i, keep(i, bits << 1));
                if i + 1 < words {
                    emit(i + 1, keep(i + 1, bits >> 63))
                }
            })
        }
        fn every_move_into(&self, _: usize, set: &[u64], i: usize) -> u64 {
            set[i] << 1 | if i > 0 { set[i - 1] >> 63 } else { 0 }
        }
    }

    #[test]
    fn a_long_path_takes_time_for_its_length() {
        // 300 000 layers of one position over 2^24 bits: a scan of each bitmap per layer would
        // read 10^11 words.
        let len = 300_000;
        let game = Path(len);
        let values = bit_retrograde(&game, &[(0, len - 1), (1, 2)]);
        assert_eq!(values, [Value::Win(len as u32 - 1), Value::Loss(2)]);
    }

    #[test]
    fn terminal_draws_are_answered_at_once() {
        let game = Listed {
            moves: [vec![vec![0]], vec![vec![0]]],
            terminal: [vec![Some(Outcome::Draw)], vec![None]],
        };
        assert_eq!(
            bit_retrograde(&game, &[(0, 0), (1, 0)]),
            [Value::Draw, Value::Draw]
        );
    }

    #[test]
    #[should_panic(expected = "outside 2 sides of 3 positions")]
    fn asking_outside_the_game_panics() {
        bit_retrograde(&Path(3), &[(0, 3)]);
    }
}
