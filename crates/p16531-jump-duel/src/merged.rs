//! The states the evaluation keeps per cell: the F states (gap <= 5) and B states reachable from
//! the start, with those of the same future merged by [`dp_core::merge_reachable`], as constant
//! tables the evaluation unrolls over.
//!
//! The tables are the merge's output written out (the test `tables_are_the_merge_of_the_rules`
//! rebuilds them from the rules and prints them when they differ): a judge's compiler must see
//! constants to fold each class's moves into straight-line code.

use crate::gap_mask::GapMask;
use crate::{behind_sum, MAX_OPEN_GAP, MAX_STEP, PAD, WINDOW};

/// What a move gains and where it leads, apart from its target: the label of an edge of the
/// merged automaton. Cells are counted from the front piece's cell x.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Label {
    /// The front moves k: a[x + k] - B(x + k, target).
    Front(u32),
    /// The back moves to cell x - d: a[x - d] - F(x, target).
    Back(u32),
    /// The back jumps over the front to x + m: a[x + m] - B(x + m, target).
    Jump(u32),
    /// The back's move to its nearest free cell, which leaves a gap >= 6 (closed form): the sum
    /// of the cells x - d for each bit d - 1 of the mask, minus S(x + 1). A stuck back piece
    /// with a gap >= 6 passes, worth -S(x + 1): the empty mask.
    Closed(u32),
    /// A stuck back piece with a gap <= 5 passes: -F(x, target).
    Pass,
    /// At x = n: the sum of the cells x - d for each bit d - 1 of the mask (the front is stuck
    /// for good, the back takes every cell it can reach).
    End(u32),
}

/// A state of the evaluation: whose piece moves (true: the front), and the gap and its mask.
pub type State = (bool, GapMask);

/// The rules as the automaton's edges: `out` gets the state's labelled edges.
pub fn edges((front, s): &State, out: &mut Vec<(Label, Option<State>)>) {
    let (s, g) = (*s, s.gap());
    if *front {
        for k in 1..=MAX_STEP {
            out.push((Label::Front(k), Some((false, s.advance_front(k)))));
        }
        return;
    }
    // Cells between the back can reach, as distances behind x.
    let reach = s.reachable(MAX_STEP);
    let behind = (1..g)
        .filter(|i| reach >> (i - 1) & 1 == 1)
        .fold(0, |m, i| m | 1 << (g - i - 1));
    for j in 1..=MAX_STEP {
        if j > g {
            out.push((Label::Jump(j - g), Some((false, GapMask::new(j - g, 0)))));
        } else if j < g && !s.is_occupied(j) {
            let t = s.advance_back(j);
            if t.gap() <= MAX_OPEN_GAP {
                out.push((Label::Back(g - j), Some((true, t))));
            } else if s.first_free(MAX_STEP) == Some(j) {
                // Moves further leave the back piece a subset of the same cells.
                out.push((Label::Closed(behind), None));
            }
        }
    }
    if out.is_empty() {
        if g <= MAX_OPEN_GAP {
            out.push((Label::Pass, Some((true, s))));
        } else {
            out.push((Label::Closed(0), None));
        }
    }
    out.push((Label::End(behind), None));
}

/// One move of a B class in the tables: `kind` one of the `*_MOVE` constants, `arg` the
/// label's number (d, m or the mask), `to` the target's F or B class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// [`BACK_MOVE`], [`JUMP_MOVE`], [`CLOSED_MOVE`] or [`PASS_MOVE`].
    pub kind: u8,
    /// d, m or the closed form's mask.
    pub arg: u8,
    /// The target class.
    pub to: u8,
}

/// [`Label::Back`] to an F class.
pub const BACK_MOVE: u8 = 1;
/// [`Label::Jump`] to a B class.
pub const JUMP_MOVE: u8 = 2;
/// [`Label::Closed`].
pub const CLOSED_MOVE: u8 = 3;
/// [`Label::Pass`] to an F class.
pub const PASS_MOVE: u8 = 4;

const fn m(kind: u8, arg: u8, to: u8) -> Move {
    Move { kind, arg, to }
}

/// A move's kind in [`merged_classes!`]'s input, as its [`Move::kind`].
macro_rules! move_kind {
    (Back) => {
        BACK_MOVE
    };
    (Jump) => {
        JUMP_MOVE
    };
    (Closed) => {
        CLOSED_MOVE
    };
    (Pass) => {
        PASS_MOVE
    };
}

/// A move's option as code: the window `w` (the front on `w[PAD]`), the F values of x, the
/// jumps' options and S(x + 1).
macro_rules! move_option {
    (Back $d:literal $to:literal, $w:ident, $front:ident, $over:ident, $suffix:ident) => {
        $w[PAD - $d] - $front[$to]
    };
    (Jump $m:literal $to:literal, $w:ident, $front:ident, $over:ident, $suffix:ident) => {
        $over[$m - 1]
    };
    (Closed $mask:literal $to:literal, $w:ident, $front:ident, $over:ident, $suffix:ident) => {
        behind_sum($mask, $w) - $suffix
    };
    (Pass $a:literal $to:literal, $w:ident, $front:ident, $over:ident, $suffix:ident) => {
        -$front[$to]
    };
}

/// The tables, and the evaluation of every class written out from them: each class's moves
/// are straight-line code with constant indices, whatever the compiler folds.
macro_rules! merged_classes {
    (
        front: [$([$f1:literal, $f2:literal, $f3:literal, $f4:literal],)*],
        back: [$([$($kind:ident $arg:literal $to:literal),*],)*],
        end: [$($end:literal),*],
    ) => {
        /// The F classes.
        pub const NF: usize = [$($f1),*].len();
        /// The B classes; the start, B(x = 2, gap 1, nothing between), is class 0.
        pub const NB: usize = [$($end),*].len();
        /// Per F class, the B class of each front move k = 1..=4.
        pub const FRONT: [[u8; 4]; NF] = [$([$f1, $f2, $f3, $f4]),*];
        /// Per B class, its moves.
        pub const BACK: [&[Move]; NB] = [$(&[$(m(move_kind!($kind), $arg, $to)),*]),*];
        /// Per B class, [`Label::End`]'s mask.
        pub const END: [u8; NB] = [$($end),*];

        /// F(x) of every F class from the window `w` of x and the B rows of x + 1..=x + 4.
        #[inline(always)]
        pub fn fronts(w: &[i64; WINDOW], r: [&[i64; NB]; 4]) -> [i64; NF] {
            [$(
                (w[PAD + 1] - r[0][$f1])
                    .max(w[PAD + 2] - r[1][$f2])
                    .max((w[PAD + 3] - r[2][$f3]).max(w[PAD + 4] - r[3][$f4]))
            ),*]
        }

        /// B(x) of every B class, into `row`, from the window, the F values of x, the jumps' options
        /// (a jump of m lands in B class m - 1) and S(x + 1).
        #[inline(always)]
        pub fn backs(
            row: &mut [i64; NB],
            w: &[i64; WINDOW],
            front: &[i64; NF],
            over: &[i64; 3],
            suffix: i64,
        ) {
            // Into the row itself: a returned array was built aside and copied (132 of the
            // 1 030 instructions a cell on rustc 1.95).
            *row = [$(i64::MIN $(.max(move_option!($kind $arg $to, w, front, over, suffix)))*),*];
        }

        /// B(n) of every B class: the front is stuck for good.
        #[inline(always)]
        pub fn ends(w: &[i64; WINDOW]) -> [i64; NB] {
            [$(behind_sum($end, w)),*]
        }
    };
}

merged_classes! {
    front: [
        [3, 4, 5, 6],
        [7, 8, 9, 10],
        [11, 12, 13, 14],
        [15, 16, 5, 17],
        [18, 8, 19, 20],
        [11, 21, 22, 23],
        [24, 25, 26, 27],
        [28, 29, 30, 31],
        [32, 33, 34, 35],
        [36, 37, 38, 39],
        [40, 41, 42, 43],
        [44, 45, 46, 47],
        [48, 16, 49, 50],
        [18, 51, 52, 53],
        [28, 54, 55, 56],
        [57, 58, 59, 60],
        [61, 62, 63, 64],
        [65, 66, 67, 68],
        [69, 70, 70, 70],
        [70, 70, 70, 70],
    ],
    back: [
        [Jump 1 0, Jump 2 1, Jump 3 2],
        [Back 1 0, Jump 1 0, Jump 2 1],
        [Back 1 0, Back 2 1, Jump 1 0],
        [Jump 1 0, Jump 2 1],
        [Back 1 0, Jump 1 0],
        [Back 1 0, Back 2 1],
        [Back 1 0, Back 2 1, Back 3 2],
        [Back 2 3, Jump 1 0],
        [Back 1 0, Back 3 4],
        [Back 1 0, Back 2 1, Back 4 5],
        [Back 2 1, Back 3 2, Back 5 6],
        [Back 2 3, Back 3 7],
        [Back 1 0, Back 3 4, Back 4 8],
        [Back 2 1, Back 4 5, Back 5 9],
        [Back 3 2, Back 5 6, Closed 55 0],
        [Jump 1 0],
        [Back 1 0],
        [Back 2 1, Back 3 2],
        [Back 2 3],
        [Back 2 1, Back 4 5],
        [Back 3 2, Back 5 6],
        [Back 3 4, Back 4 8],
        [Back 4 5, Back 5 9],
        [Back 5 6, Closed 55 0],
        [Back 2 3, Back 3 7, Back 4 10],
        [Back 3 4, Back 4 8, Back 5 11],
        [Back 4 5, Back 5 9, Closed 59 0],
        [Back 5 6, Closed 119 0],
        [Back 3 12],
        [Back 1 0, Back 4 13],
        [Back 2 1, Back 5 5],
        [Back 3 2, Closed 39 0],
        [Back 2 3, Back 4 14],
        [Back 3 4, Back 5 8],
        [Back 4 5, Closed 43 0],
        [Back 5 6, Closed 87 0],
        [Back 2 3, Back 3 7, Back 5 10],
        [Back 3 4, Back 4 8, Closed 45 0],
        [Back 4 5, Back 5 9, Closed 91 0],
        [Back 5 6, Closed 183 0],
        [Back 3 12, Back 4 15],
        [Back 4 13, Back 5 16],
        [Back 5 5, Closed 51 0],
        [Closed 103 0],
        [Back 2 3, Back 4 14, Back 5 17],
        [Back 3 4, Back 5 8, Closed 53 0],
        [Back 4 5, Closed 107 0],
        [Back 5 6, Closed 215 0],
        [Pass 0 18],
        [Back 2 1],
        [Back 3 2],
        [Back 3 4],
        [Back 4 5],
        [Back 5 6],
        [Back 4 13],
        [Back 5 5],
        [Closed 39 0],
        [Back 4 18],
        [Back 5 13],
        [Closed 35 0],
        [Closed 71 0],
        [Back 2 3, Back 5 14],
        [Back 3 4, Closed 37 0],
        [Back 4 5, Closed 75 0],
        [Back 5 6, Closed 151 0],
        [Back 3 12, Back 5 15],
        [Back 4 13, Closed 41 0],
        [Back 5 5, Closed 83 0],
        [Closed 167 0],
        [Pass 0 19],
        [Closed 0 0],
    ],
    end: [0, 1, 3, 0, 1, 3, 7, 2, 5, 11, 23, 6, 13, 27, 55, 0, 1, 7, 2, 11, 23, 13, 27, 55, 14, 29, 59, 119, 4, 9, 19, 39, 10, 21, 43, 87, 22, 45, 91, 183, 12, 25, 51, 103, 26, 53, 107, 215, 0, 3, 7, 5, 11, 23, 9, 19, 39, 8, 17, 35, 71, 18, 37, 75, 151, 20, 41, 83, 167, 0, 0],
}

/// The tables as `merge_reachable` finds them from the rules: `(FRONT, BACK, END)`.
pub fn tables_of_the_rules() -> (Vec<[u8; 4]>, Vec<Vec<Move>>, Vec<u8>) {
    let merged = dp_core::merge_reachable(&[(false, GapMask::new(1, 0))], edges);
    // F and B classes numbered apart, each in the merge's order.
    let mut own = vec![0; merged.classes()];
    let (mut fronts, mut backs) = (0, 0);
    for (class, &s) in merged.representative.iter().enumerate() {
        let counter = if merged.states[s].0 {
            &mut fronts
        } else {
            &mut backs
        };
        own[class] = *counter;
        *counter += 1;
    }
    let (mut front, mut back, mut end) = (Vec::new(), Vec::new(), Vec::new());
    for (class, &s) in merged.representative.iter().enumerate() {
        let to = |t: Option<usize>| own[t.expect("a move with a target")] as u8;
        if merged.states[s].0 {
            let mut row = [0; 4];
            for &(label, target) in &merged.edges[class] {
                match label {
                    Label::Front(k) => row[k as usize - 1] = to(target),
                    _ => unreachable!("an F state only moves its front"),
                }
            }
            front.push(row);
            continue;
        }
        let mut row = Vec::new();
        for &(label, target) in &merged.edges[class] {
            let (kind, arg) = match label {
                Label::Back(d) => (BACK_MOVE, d),
                Label::Jump(j) => (JUMP_MOVE, j),
                Label::Closed(mask) => (CLOSED_MOVE, mask),
                Label::Pass => (PASS_MOVE, 0),
                Label::End(mask) => {
                    end.push(mask as u8);
                    continue;
                }
                Label::Front(_) => unreachable!("a B state only moves its back piece"),
            };
            let to = if kind == CLOSED_MOVE { 0 } else { to(target) };
            row.push(m(kind, arg as u8, to));
        }
        back.push(row);
    }
    (front, back, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables as Rust text, to paste above when the rules change.
    fn render(front: &[[u8; 4]], back: &[Vec<Move>], end: &[u8]) -> String {
        let mut text = String::from("merged_classes! {\n    front: [\n");
        for row in front {
            text += &format!("        {:?},\n", row);
        }
        text += "    ],\n    back: [\n";
        for row in back {
            let kind = |k| ["", "Back", "Jump", "Closed", "Pass"][k as usize];
            let moves: Vec<String> = row
                .iter()
                .map(|mv| format!("{} {} {}", kind(mv.kind), mv.arg, mv.to))
                .collect();
            text += &format!("        [{}],\n", moves.join(", "));
        }
        text += &format!("    ],\n    end: {:?},\n}}\n", end);
        text
    }

    #[test]
    fn the_merge_keeps_91_of_the_133_reachable_states() {
        let merged = dp_core::merge_reachable(&[(false, GapMask::new(1, 0))], edges);
        let fronts = merged.states.iter().filter(|s| s.0).count();
        assert_eq!((fronts, merged.states.len() - fronts), (26, 107));
        assert_eq!((NF, NB, merged.classes()), (20, 71, 91));
        // Every state has its class's edges (targets as classes): the merge's defining property.
        let class = |t: &State| merged.class_of[merged.states.iter().position(|s| s == t).unwrap()];
        for (s, state) in merged.states.iter().enumerate() {
            let mut own = Vec::new();
            edges(state, &mut own);
            let mut own: Vec<_> = own
                .iter()
                .map(|(l, t)| (*l, t.as_ref().map(class)))
                .collect();
            own.sort();
            own.dedup();
            assert_eq!(own, merged.edges[merged.class_of[s]], "{:?}", state);
        }
        // The start is B class 0 and the jumps' targets (gap m, nothing between) B class m - 1.
        for m in 1..=3 {
            assert_eq!(class(&(false, GapMask::new(m, 0))), m as usize - 1);
        }
    }

    #[test]
    fn tables_are_the_merge_of_the_rules() {
        let (front, back, end) = tables_of_the_rules();
        let same = front == FRONT && back.iter().eq(BACK.iter()) && end == END;
        assert!(
            same,
            "the tables are out of date:\n{}",
            render(&front, &back, &end)
        );
        // The evaluation reads a jump of m from B class m - 1 of row x + m.
        for mv in BACK
            .iter()
            .copied()
            .flatten()
            .filter(|mv| mv.kind == JUMP_MOVE)
        {
            assert_eq!(mv.to, mv.arg - 1);
        }
    }
}
