//! The states the evaluation needs and where their values live, laid out at compile time.
//!
//! A position is the front piece's cell x, the (gap, mask) pair of [`GapMask`] and whose piece
//! moves: F (front to move) or B (back to move). F states with gap <= [`MAX_OPEN_GAP`] are
//! evaluated; from gap 6 the rest of the game is closed form (see the crate docs). B states arise
//! from F states by a front move of 1..=4, so their gaps reach [`MAX_GAP`]; the back piece
//! jumping over the front gives the three B states (m, empty mask), m = 1..=3.
//!
//! Only the states reachable from the start, B(gap 1), are laid out: [`NF`] = 26 F and
//! [`NB`] = 107 B states. A const fn computes that closure and every index the evaluation uses, so
//! its unrolled loops read constants.
//!
//! Per front cell x:
//! - F values: slot `f` in `0..NF`, the F states in increasing [`GapMask::index`] order.
//! - B values, a row of `NB`: the state F slot `f` becomes when the front moves `k` cells is at
//!   [`moved`]`(f, k) = (k - 1) * NF + f`, the jump state (m, 0) at [`jump`]`(m) = 4 * NF + m - 1`.
//!   So F slot `f` at x reads its four successors from the B rows of x + 1..=x + 4 at fixed places.
//! - Gains `w`: cells x - 8..=x + 4 as `w[0..13]`, and `w[`[`ZERO_GAIN`]`] = 0` for a pass.
//! - Values the options of a B state subtract, `v`: the F slots, then the [`NC`] closed-form F
//!   states (S(x + 1) - L), then the jump states of the rows x + 1..=x + 3.
//! - L, the sum of the cells the back piece can still visit, by chains: `L(s) = w[gain] +
//!   L(tail)` where the back piece steps to its nearest free cell; entry 0 is the constant 0.

use dp_core::encode::gap_mask::GapMask;

/// The largest gap of a front-to-move state that is evaluated rather than closed form.
pub const MAX_OPEN_GAP: u32 = 5;
/// The largest gap of any state: an open front-to-move gap plus a move of 4.
pub const MAX_GAP: u32 = MAX_OPEN_GAP + MAX_STEP;
/// The longest move.
pub const MAX_STEP: u32 = 4;
/// Cells before x in the gain window: a back piece is at most [`MAX_GAP`] - 1 = 8 behind.
pub const BEHIND: usize = MAX_GAP as usize - 1;
/// Cells in the gain window: x - 8 ..= x + 4.
pub const WINDOW: usize = BEHIND + 1 + MAX_STEP as usize;
/// The gain window entry that holds 0.
pub const ZERO_GAIN: usize = WINDOW;

const F_IDS: usize = GapMask::count(MAX_OPEN_GAP);
const B_IDS: usize = GapMask::count(MAX_GAP);
const NONE: u8 = u8::MAX;
const START: GapMask = GapMask::new(1, 0);

/// One option of a B state: `w[gain] - v[value]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Op {
    /// Index into the gain window.
    pub gain: u8,
    /// Index into the subtracted values.
    pub value: u8,
}

/// Chains of L sums over a set of states (see the module docs).
#[derive(Clone, Copy)]
struct Chain {
    len: usize,
    gain: [u8; B_IDS],
    tail: [u8; B_IDS],
    /// Entry of each gap-mask index in the set (0 when nothing is in reach).
    slot: [u8; B_IDS],
}

/// Everything, at capacity; the public items below are its used prefixes.
#[derive(Clone, Copy)]
struct Layout {
    nf: usize,
    f_state: [GapMask; F_IDS],
    f_slot: [u8; F_IDS],
    b_state: [GapMask; 4 * F_IDS + 3],
    nc: usize,
    c_state: [GapMask; B_IDS],
    c_chain: [u8; B_IDS],
    closed: Chain,
    b_ops: [[Op; 4]; 4 * F_IDS + 3],
    b_len: [u8; 4 * F_IDS + 3],
    end: Chain,
}

/// The reachable states: F by gap-mask index (gap <= 5), B by gap-mask index (gap <= 9).
/// Moves off the right end of the row only remove states, so this is a superset everywhere.
const fn closure() -> ([bool; F_IDS], [bool; B_IDS]) {
    let mut f = [false; F_IDS];
    let mut b = [false; B_IDS];
    // A stack of B indices and F indices offset by B_IDS; each state enters it once.
    let mut work = [0usize; F_IDS + B_IDS];
    let mut len = 1;
    b[START.index()] = true;
    work[0] = START.index();
    while len > 0 {
        len -= 1;
        let item = work[len];
        if item >= B_IDS {
            let s = GapMask::from_index(item - B_IDS);
            let mut k = 1;
            while k <= MAX_STEP {
                let t = s.advance_front(k).index();
                if !b[t] {
                    b[t] = true;
                    work[len] = t;
                    len += 1;
                }
                k += 1;
            }
            continue;
        }
        let s = GapMask::from_index(item);
        let mut j = 1;
        let mut moved = false;
        while j <= MAX_STEP {
            if j < s.gap() && !s.is_occupied(j) {
                moved = true;
                let t = s.advance_back(j);
                if t.gap() <= MAX_OPEN_GAP && !f[t.index()] {
                    f[t.index()] = true;
                    work[len] = B_IDS + t.index();
                    len += 1;
                }
            } else if j > s.gap() {
                moved = true;
                let t = GapMask::new(j - s.gap(), 0).index();
                if !b[t] {
                    b[t] = true;
                    work[len] = t;
                    len += 1;
                }
            }
            j += 1;
        }
        // A stuck back piece passes: the front piece moves from the same state.
        if !moved && s.gap() <= MAX_OPEN_GAP && !f[s.index()] {
            f[s.index()] = true;
            work[len] = B_IDS + s.index();
            len += 1;
        }
    }
    (f, b)
}

/// L chains for the states in `need` and the tails they lead to.
const fn chain(need: [bool; B_IDS]) -> Chain {
    let mut need = need;
    // Tails have smaller gaps, hence smaller indices: mark from the top down, number bottom up.
    let mut i = B_IDS;
    while i > 0 {
        i -= 1;
        if need[i] {
            let s = GapMask::from_index(i);
            if let Some(j) = s.first_free(MAX_STEP) {
                need[s.advance_back(j).index()] = true;
            }
        }
    }
    let mut chain = Chain {
        len: 1,
        gain: [0; B_IDS],
        tail: [0; B_IDS],
        slot: [0; B_IDS],
    };
    let mut i = 0;
    while i < B_IDS {
        if need[i] {
            let s = GapMask::from_index(i);
            if let Some(j) = s.first_free(MAX_STEP) {
                chain.gain[chain.len] = (BEHIND as u32 + j - s.gap()) as u8;
                chain.tail[chain.len] = chain.slot[s.advance_back(j).index()];
                chain.slot[i] = chain.len as u8;
                chain.len += 1;
            }
        }
        i += 1;
    }
    chain
}

const fn build() -> Layout {
    let (f_seen, b_seen) = closure();
    let mut layout = Layout {
        nf: 0,
        f_state: [START; F_IDS],
        f_slot: [NONE; F_IDS],
        b_state: [START; 4 * F_IDS + 3],
        nc: 0,
        c_state: [START; B_IDS],
        c_chain: [0; B_IDS],
        closed: chain([false; B_IDS]),
        b_ops: [[Op { gain: 0, value: 0 }; 4]; 4 * F_IDS + 3],
        b_len: [0; 4 * F_IDS + 3],
        end: chain([false; B_IDS]),
    };
    let mut i = 0;
    while i < F_IDS {
        if f_seen[i] {
            layout.f_state[layout.nf] = GapMask::from_index(i);
            layout.f_slot[i] = layout.nf as u8;
            layout.nf += 1;
        }
        i += 1;
    }
    let nf = layout.nf;
    let nb = 4 * nf + 3;
    // B slots; they must be exactly the reachable B states.
    let mut b_slot = [NONE; B_IDS];
    let mut k = 1;
    while k <= MAX_STEP {
        let mut f = 0;
        while f < nf {
            let s = layout.f_state[f].advance_front(k);
            let slot = (k as usize - 1) * nf + f;
            assert!(b_slot[s.index()] == NONE, "two F moves reach one B state");
            b_slot[s.index()] = slot as u8;
            layout.b_state[slot] = s;
            f += 1;
        }
        k += 1;
    }
    let mut m = 1;
    while m <= 3 {
        let s = GapMask::new(m, 0);
        b_slot[s.index()] = (4 * nf + m as usize - 1) as u8;
        layout.b_state[4 * nf + m as usize - 1] = s;
        m += 1;
    }
    let mut i = 0;
    while i < B_IDS {
        assert!(
            b_seen[i] == (b_slot[i] != NONE),
            "B slots differ from the closure"
        );
        i += 1;
    }
    // Closed-form F states the options need: the back piece stepping to its nearest free cell
    // and leaving a gap >= 6 (moves further are worth less, see the crate docs), or a stuck
    // back piece passing at a gap >= 6.
    let mut closed = [false; B_IDS];
    let mut b = 0;
    while b < nb {
        let s = layout.b_state[b];
        match s.first_free(MAX_STEP) {
            Some(j) => {
                let t = s.advance_back(j);
                if t.gap() > MAX_OPEN_GAP {
                    closed[t.index()] = true;
                }
            }
            None => {
                if s.gap() > MAX_OPEN_GAP {
                    closed[s.index()] = true;
                }
            }
        }
        b += 1;
    }
    layout.closed = chain(closed);
    let mut c_slot = [NONE; B_IDS];
    let mut i = 0;
    while i < B_IDS {
        if closed[i] {
            c_slot[i] = layout.nc as u8;
            layout.c_state[layout.nc] = GapMask::from_index(i);
            layout.c_chain[layout.nc] = layout.closed.slot[i];
            layout.nc += 1;
        }
        i += 1;
    }
    // The options of each B state.
    let closed_base = nf;
    let jump_base = nf + layout.nc;
    let mut b = 0;
    while b < nb {
        let s = layout.b_state[b];
        let nearest = s.first_free(MAX_STEP);
        let mut len = 0;
        let mut j = 1;
        while j <= MAX_STEP {
            let gain = (BEHIND as u32 + j - s.gap()) as u8;
            let mut value = NONE as usize;
            if j < s.gap() && !s.is_occupied(j) {
                let t = s.advance_back(j);
                if t.gap() <= MAX_OPEN_GAP {
                    assert!(
                        layout.f_slot[t.index()] != NONE,
                        "F state outside the closure"
                    );
                    value = layout.f_slot[t.index()] as usize;
                } else if let Some(first) = nearest {
                    if first == j {
                        value = closed_base + c_slot[t.index()] as usize;
                    }
                }
            } else if j > s.gap() {
                value = jump_base + (j - s.gap()) as usize - 1;
            }
            if value != NONE as usize {
                layout.b_ops[b][len] = Op {
                    gain,
                    value: value as u8,
                };
                len += 1;
            }
            j += 1;
        }
        if len == 0 {
            // Stuck: pass, 0 - F(x, the same state).
            let value = if s.gap() <= MAX_OPEN_GAP {
                layout.f_slot[s.index()] as usize
            } else {
                closed_base + c_slot[s.index()] as usize
            };
            layout.b_ops[b][0] = Op {
                gain: ZERO_GAIN as u8,
                value: value as u8,
            };
            len = 1;
        }
        layout.b_len[b] = len as u8;
        b += 1;
    }
    // At x = n every B state is worth its L.
    layout.end = chain(b_seen);
    layout
}

const LAYOUT: Layout = build();

/// Number of F states laid out.
pub const NF: usize = LAYOUT.nf;
/// Number of B states laid out: the length of a B row.
pub const NB: usize = 4 * NF + 3;
/// Number of closed-form F states the options use.
pub const NC: usize = LAYOUT.nc;
/// Number of entries of the L chains of the closed-form F states (entry 0 is the constant 0).
pub const NL: usize = LAYOUT.closed.len;
/// Number of entries of the L chains of every B state, for the row at x = n.
pub const NE: usize = LAYOUT.end.len;
/// Number of values the options subtract: F slots, closed forms, jump states.
pub const NV: usize = NF + NC + 3;

// Indices into `v` and the chains are u8.
const _: () = assert!(NV < 256 && NL < 256 && NE < 256);

/// The F state of each F slot.
pub static F_STATE: [GapMask; NF] = {
    let mut out = [START; NF];
    let mut i = 0;
    while i < NF {
        out[i] = LAYOUT.f_state[i];
        i += 1;
    }
    out
};

/// The B state of each B slot.
pub static B_STATE: [GapMask; NB] = {
    let mut out = [START; NB];
    let mut i = 0;
    while i < NB {
        out[i] = LAYOUT.b_state[i];
        i += 1;
    }
    out
};

/// The options of each B slot: the first [`B_LEN`] of them.
pub static B_OPS: [[Op; 4]; NB] = {
    let mut out = [[Op { gain: 0, value: 0 }; 4]; NB];
    let mut i = 0;
    while i < NB {
        out[i] = LAYOUT.b_ops[i];
        i += 1;
    }
    out
};

/// How many options each B slot has (1..=4; a stuck back piece's pass counts as one).
pub static B_LEN: [u8; NB] = {
    let mut out = [0; NB];
    let mut i = 0;
    while i < NB {
        out[i] = LAYOUT.b_len[i];
        i += 1;
    }
    out
};

/// The closed-form F states the options use, by closed slot (`v[NF + c]`).
pub static C_STATE: [GapMask; NC] = {
    let mut out = [START; NC];
    let mut i = 0;
    while i < NC {
        out[i] = LAYOUT.c_state[i];
        i += 1;
    }
    out
};

/// L chains of the closed-form F states: entry `i > 0` is `w[L_GAIN[i]] + L[L_TAIL[i]]`.
pub static L_GAIN: [u8; NL] = prefix::<NL>(LAYOUT.closed.gain);
/// See [`L_GAIN`].
pub static L_TAIL: [u8; NL] = prefix::<NL>(LAYOUT.closed.tail);
/// The L-chain entry of each closed-form F state.
pub static C_CHAIN: [u8; NC] = prefix::<NC>(LAYOUT.c_chain);
/// L chains of every B state, for the row at x = n: like [`L_GAIN`].
pub static END_GAIN: [u8; NE] = prefix::<NE>(LAYOUT.end.gain);
/// See [`END_GAIN`].
pub static END_TAIL: [u8; NE] = prefix::<NE>(LAYOUT.end.tail);
/// The end-chain entry of each B slot.
pub static END_SLOT: [u8; NB] = {
    let mut out = [0; NB];
    let mut i = 0;
    while i < NB {
        out[i] = LAYOUT.end.slot[LAYOUT.b_state[i].index()];
        i += 1;
    }
    out
};

const fn prefix<const N: usize>(all: [u8; B_IDS]) -> [u8; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = all[i];
        i += 1;
    }
    out
}

/// The F slot of a front-to-move state, if it is laid out.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use dp_core::encode::gap_mask::GapMask;
/// use p16531_jump_duel::layout::{f_slot, F_STATE};
/// assert_eq!(f_slot(GapMask::new(1, 0)), Some(0));
/// assert_eq!(f_slot(GapMask::new(6, 0)), None); // closed form
/// assert!(F_STATE.iter().enumerate().all(|(f, &s)| f_slot(s) == Some(f)));
/// ```
pub fn f_slot(state: GapMask) -> Option<usize> {
    if state.gap() > MAX_OPEN_GAP || LAYOUT.f_slot[state.index()] == NONE {
        None
    } else {
        Some(LAYOUT.f_slot[state.index()] as usize)
    }
}

/// The B slot F slot `f` leads to when the front piece moves `k` cells.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use p16531_jump_duel::layout::{moved, B_STATE, F_STATE};
/// assert_eq!(B_STATE[moved(3, 2)], F_STATE[3].advance_front(2));
/// ```
#[inline]
pub const fn moved(f: usize, k: u32) -> usize {
    (k as usize - 1) * NF + f
}

/// The B slot of the jump state (m, empty mask), m in 1..=3: the back piece jumped over the
/// front piece and landed m cells beyond it.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use dp_core::encode::gap_mask::GapMask;
/// use p16531_jump_duel::layout::{jump, B_STATE};
/// assert_eq!(B_STATE[jump(2)], GapMask::new(2, 0));
/// ```
#[inline]
pub const fn jump(m: u32) -> usize {
    4 * NF + m as usize - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closure_has_the_expected_size() {
        // What a separate search (a Python script over the same rules) found.
        assert_eq!((NF, NB), (26, 107));
    }

    /// L of `s` with the front at `WINDOW`-relative cell BEHIND, read from a chain.
    fn chain_sum(gain: &[u8], tail: &[u8], entry: usize, w: &[i64]) -> i64 {
        if entry == 0 {
            0
        } else {
            w[gain[entry] as usize] + chain_sum(gain, tail, tail[entry] as usize, w)
        }
    }

    #[test]
    fn chains_sum_the_reachable_cells() {
        // Distinct powers of two as cell values show exactly which cells a sum took.
        let w: Vec<i64> = (0..WINDOW as u32).map(|i| 1 << i).collect();
        let l_of = |s: GapMask| -> i64 {
            let reach = s.reachable(MAX_STEP);
            (1..s.gap())
                .filter(|&i| reach >> (i - 1) & 1 == 1)
                .map(|i| w[BEHIND + i as usize - s.gap() as usize])
                .sum()
        };
        for (b, &s) in B_STATE.iter().enumerate() {
            assert_eq!(
                chain_sum(&END_GAIN, &END_TAIL, END_SLOT[b] as usize, &w),
                l_of(s)
            );
        }
        for (c, &s) in C_STATE.iter().enumerate() {
            assert!(s.gap() > MAX_OPEN_GAP);
            assert_eq!(
                chain_sum(&L_GAIN, &L_TAIL, C_CHAIN[c] as usize, &w),
                l_of(s)
            );
        }
    }

    #[test]
    fn options_follow_the_rules() {
        // Rebuild each B state's options from the rules and compare.
        for (b, &s) in B_STATE.iter().enumerate() {
            let ops = &B_OPS[b][..B_LEN[b] as usize];
            let mut expected = Vec::new();
            let nearest = (1..s.gap().min(MAX_STEP + 1)).find(|&j| !s.is_occupied(j));
            for j in 1..=MAX_STEP {
                let gain = (BEHIND as u32 + j - s.gap()) as u8;
                if j < s.gap() && !s.is_occupied(j) {
                    let t = s.advance_back(j);
                    match f_slot(t) {
                        Some(f) => expected.push((gain, f)),
                        None if Some(j) == nearest => {
                            let c = C_STATE.iter().position(|&c| c == t).unwrap();
                            expected.push((gain, NF + c));
                        }
                        None => {}
                    }
                } else if j > s.gap() {
                    expected.push((gain, NF + NC + (j - s.gap()) as usize - 1));
                }
            }
            if expected.is_empty() {
                let value =
                    f_slot(s).unwrap_or_else(|| NF + C_STATE.iter().position(|&c| c == s).unwrap());
                expected.push((ZERO_GAIN as u8, value));
            }
            let got: Vec<(u8, usize)> = ops.iter().map(|op| (op.gain, op.value as usize)).collect();
            assert_eq!(got, expected, "{:?}", s);
        }
    }
}
