//! The states the evaluation needs and how they are stored, laid out at compile time.
//!
//! A position is the front piece's cell x, the (gap, mask) pair of [`GapMask`] and whose piece
//! moves. Front-to-move states ("F") with gap <= [`MAX_OPEN_GAP`] are evaluated; from gap 6 the
//! rest of the game is closed form (see the crate docs). Back-to-move states ("B") arise from F
//! states by a front move of 1..=4, so their gaps reach [`MAX_GAP`]; the back piece jumping over
//! the front gives the three states (m, empty mask), m = 1..=3.
//!
//! Only the states reachable from the start, B(gap 1), away from the right end of the row are laid
//! out (26 F, 107 B): the closure is computed here by a const fn, and with it every index the
//! evaluation uses, so its inner loops read constants.
//!
//! Storage per front cell x:
//! - F values: slot `f` in `0..NF`, the F states in increasing [`GapMask::index`] order.
//! - B values (a row of [`NB`]): the state F slot `f` becomes when the front moves `k` cells is
//!   at `(k - 1) * NF + f`; the jump states (m, 0) at `4 * NF + m - 1`. So the F state at x reads
//!   its four successors from the B rows of x + 1..=x + 4 at fixed places.
//! - Gains: the cells x - 8..=x + 4 as `w[0..13]`, `w[ZERO_GAIN] = 0`.
//! - Values a B state's options subtract (`v`): the F slots, then the closed-form F states
//!   `S(x+1) - L`, then the three jump states of rows x + 1..=x + 3.

use dp_core::encode::gap_mask::GapMask;

/// The largest gap of a front-to-move state that is evaluated rather than closed form.
pub const MAX_OPEN_GAP: u32 = 5;
/// The largest gap of any state: an open front-to-move gap plus a move of 4.
pub const MAX_GAP: u32 = MAX_OPEN_GAP + 4;
/// Longest move.
pub const MAX_STEP: u32 = 4;
/// Cells before x in the gain window `w`: a back piece is at most [`MAX_GAP`] - 1 = 8 behind.
pub const BEHIND: usize = 8;
/// Cells in the gain window: x - 8 ..= x + 4.
pub const WINDOW: usize = BEHIND + 1 + MAX_STEP as usize;
/// The gain window entry that holds 0 (for a pass).
pub const ZERO_GAIN: usize = WINDOW;

const F_IDS: usize = GapMask::count(MAX_OPEN_GAP);
const B_IDS: usize = GapMask::count(MAX_GAP);
const NONE: u16 = u16::MAX;

/// One option of a B state: `w[gain] - v[value]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Op {
    /// Index into the gain window.
    pub gain: u8,
    /// Index into the subtracted values.
    pub value: u8,
}

/// The whole layout; see the module docs.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Number of F states.
    pub nf: usize,
    /// The F state of each slot (first `nf` used).
    pub f_state: [GapMask; F_IDS],
    /// F slot of each gap-mask index (gap <= 5), or `NONE`.
    f_slot: [u16; F_IDS],
    /// The B state of each B slot (first `4 * nf + 3` used).
    pub b_state: [GapMask; 4 * F_IDS + 3],
    /// Number of closed-form F states the options use.
    pub nc: usize,
    /// The closed-form F states, by closed slot.
    pub c_state: [GapMask; B_IDS],
    /// For each closed slot, its L-chain slot.
    pub c_chain: [u8; B_IDS],
    /// Number of L-chain entries, entry 0 being the constant 0.
    pub nl: usize,
    /// L-chain entry `i > 0`: `L = w[l_gain[i]] + L[l_tail[i]]`, tails first.
    pub l_gain: [u8; B_IDS],
    /// See `l_gain`.
    pub l_tail: [u8; B_IDS],
    /// The options of each B slot (`b_ops_len` of them).
    pub b_ops: [[Op; 4]; 4 * F_IDS + 3],
    /// See `b_ops`.
    pub b_ops_len: [u8; 4 * F_IDS + 3],
}

impl Layout {
    /// The F slot of a front-to-move state, if it is laid out.
    ///
    /// # Complexity
    /// O(1).
    pub const fn f_slot(&self, state: GapMask) -> Option<usize> {
        if state.gap() > MAX_OPEN_GAP || self.f_slot[state.index()] == NONE {
            None
        } else {
            Some(self.f_slot[state.index()] as usize)
        }
    }

    /// The B slot the F slot `f` moves to when the front moves `k` cells.
    ///
    /// # Complexity
    /// O(1).
    pub const fn moved(&self, f: usize, k: u32) -> usize {
        (k as usize - 1) * self.nf + f
    }

    /// The B slot of the jump state (m, empty mask), m in 1..=3.
    ///
    /// # Complexity
    /// O(1).
    pub const fn jump(&self, m: u32) -> usize {
        4 * self.nf + m as usize - 1
    }
}

/// The reachable states: F by gap-mask index (gap <= 5), B by gap-mask index (gap <= 9).
const fn closure() -> ([bool; F_IDS], [bool; B_IDS]) {
    let mut f = [false; F_IDS];
    let mut b = [false; B_IDS];
    // Worklist of B and F indices (B as is, F offset by B_IDS).
    let mut work = [0usize; F_IDS + B_IDS];
    let mut len = 1;
    b[GapMask::new(1, 0).index()] = true;
    work[0] = GapMask::new(1, 0).index();
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
        // A stuck back piece passes to the front piece, in the same state.
        if !moved && s.gap() <= MAX_OPEN_GAP && !f[s.index()] {
            f[s.index()] = true;
            work[len] = B_IDS + s.index();
            len += 1;
        }
    }
    (f, b)
}

const fn build() -> Layout {
    let (f_seen, b_seen) = closure();
    let mut layout = Layout {
        nf: 0,
        f_state: [GapMask::new(1, 0); F_IDS],
        f_slot: [NONE; F_IDS],
        b_state: [GapMask::new(1, 0); 4 * F_IDS + 3],
        nc: 0,
        c_state: [GapMask::new(1, 0); B_IDS],
        c_chain: [0; B_IDS],
        nl: 1,
        l_gain: [0; B_IDS],
        l_tail: [0; B_IDS],
        b_ops: [[Op { gain: 0, value: 0 }; 4]; 4 * F_IDS + 3],
        b_ops_len: [0; 4 * F_IDS + 3],
    };
    let mut i = 0;
    while i < F_IDS {
        if f_seen[i] {
            layout.f_state[layout.nf] = GapMask::from_index(i);
            layout.f_slot[i] = layout.nf as u16;
            layout.nf += 1;
        }
        i += 1;
    }
    let nf = layout.nf;
    let nb = 4 * nf + 3;
    // B slots, and a check that they are exactly the reachable B states.
    let mut b_slot = [NONE; B_IDS];
    let mut k = 1;
    while k <= MAX_STEP {
        let mut f = 0;
        while f < nf {
            let s = layout.f_state[f].advance_front(k);
            assert!(b_slot[s.index()] == NONE, "two F moves reach one B state");
            b_slot[s.index()] = layout.moved(f, k) as u16;
            layout.b_state[layout.moved(f, k)] = s;
            f += 1;
        }
        k += 1;
    }
    let mut m = 1;
    while m <= 3 {
        let s = GapMask::new(m, 0);
        b_slot[s.index()] = layout.jump(m) as u16;
        layout.b_state[layout.jump(m)] = s;
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
    // Closed-form F states the options need: a back move to the nearest free cell that leaves a
    // gap >= 6 (moves further are worth less, see the crate docs), or a stuck back piece with a
    // gap >= 6 passing.
    let mut c_slot = [NONE; B_IDS];
    let mut b = 0;
    while b < nb {
        let s = layout.b_state[b];
        let mut closed = GapMask::new(1, 0);
        let mut needs = false;
        match s.first_free(MAX_STEP) {
            Some(j) => {
                let t = s.advance_back(j);
                if t.gap() > MAX_OPEN_GAP {
                    closed = t;
                    needs = true;
                }
            }
            None => {
                if s.gap() > MAX_OPEN_GAP {
                    closed = s;
                    needs = true;
                }
            }
        }
        if needs && c_slot[closed.index()] == NONE {
            c_slot[closed.index()] = 0; // numbered below, in index order
        }
        b += 1;
    }
    // The L chains: every closed state, then the tails, marked from the largest gap down.
    let mut l_need = [false; B_IDS];
    let mut i = 0;
    while i < B_IDS {
        l_need[i] = c_slot[i] != NONE;
        i += 1;
    }
    let mut i = B_IDS;
    while i > 0 {
        i -= 1;
        if l_need[i] {
            let s = GapMask::from_index(i);
            if let Some(j) = s.first_free(MAX_STEP) {
                l_need[s.advance_back(j).index()] = true;
            }
        }
    }
    // Index order is gap order, so tails get their slots first. States with no free cell in
    // reach have L = 0: entry 0.
    let mut l_slot = [0u8; B_IDS];
    let mut i = 0;
    while i < B_IDS {
        if l_need[i] {
            let s = GapMask::from_index(i);
            if let Some(j) = s.first_free(MAX_STEP) {
                let tail = s.advance_back(j).index();
                layout.l_gain[layout.nl] = (BEHIND as u32 - s.gap() + j) as u8;
                layout.l_tail[layout.nl] = l_slot[tail];
                l_slot[i] = layout.nl as u8;
                layout.nl += 1;
            }
        }
        if c_slot[i] != NONE {
            c_slot[i] = layout.nc as u16;
            layout.c_state[layout.nc] = GapMask::from_index(i);
            layout.c_chain[layout.nc] = l_slot[i];
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
            let gain = BEHIND as u32 + j;
            if j < s.gap() && !s.is_occupied(j) {
                let t = s.advance_back(j);
                let gain = (gain - s.gap()) as u8;
                if t.gap() <= MAX_OPEN_GAP {
                    let f = layout.f_slot[t.index()];
                    assert!(f != NONE, "an F state outside the closure");
                    layout.b_ops[b][len] = Op {
                        gain,
                        value: f as u8,
                    };
                    len += 1;
                } else if let Some(first) = nearest {
                    if first == j {
                        layout.b_ops[b][len] = Op {
                            gain,
                            value: (closed_base + c_slot[t.index()] as usize) as u8,
                        };
                        len += 1;
                    }
                }
            } else if j > s.gap() {
                layout.b_ops[b][len] = Op {
                    gain: (gain - s.gap()) as u8,
                    value: (jump_base + (j - s.gap()) as usize - 1) as u8,
                };
                len += 1;
            }
            j += 1;
        }
        if len == 0 {
            // Stuck: pass, 0 - F(x, same state).
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
        layout.b_ops_len[b] = len as u8;
        b += 1;
    }
    layout
}

/// The layout, computed at compile time.
pub const LAYOUT: Layout = build();
/// Number of F states laid out.
pub const NF: usize = LAYOUT.nf;
/// Number of B states laid out: a B row.
pub const NB: usize = 4 * NF + 3;
/// Number of closed-form F states the options use.
pub const NC: usize = LAYOUT.nc;
/// Number of L-chain entries (entry 0 is the constant 0).
pub const NL: usize = LAYOUT.nl;
/// Number of values the options subtract: F slots, closed forms, jump states.
pub const NV: usize = NF + NC + 3;
