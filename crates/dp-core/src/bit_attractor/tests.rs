use super::{BitAttractorGame, BitRow, BlockMove, bit_attractor, bit_attractor_layers};
use crate::random::SplitMix64;
use crate::retrograde::Value;

/// What a position is when no move is made from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Live,
    Loss,
    Draw,
}

/// A random game in the solver's shape, with its rules kept as lists that a literal search
/// reads position by position.
struct Random<R> {
    blocks: usize,
    rows: usize,
    cols: usize,
    /// `block_moves[mover][b]`.
    block_moves: [Vec<Vec<BlockMove>>; 2],
    /// `steps[mover]`: the row piece's steps (rows, columns).
    steps: [Vec<(isize, isize)>; 2],
    /// Rows read by the steps, and sometimes one more (that must change nothing).
    reads: [Vec<isize>; 2],
    /// `end[mover][(b * rows + r) * cols + c]`.
    end: [Vec<End>; 2],
    row: std::marker::PhantomData<R>,
}

impl<R: BitRow> Random<R> {
    fn new(rng: &mut SplitMix64, blocks: usize, rows: usize, cols: usize) -> Self {
        let mut block_moves = [Vec::new(), Vec::new()];
        let mut steps = [Vec::new(), Vec::new()];
        let mut reads = [Vec::new(), Vec::new()];
        for mover in 0..2 {
            let mirrors = rng.index(3) == 0;
            block_moves[mover] = (0..blocks)
                .map(|_| {
                    (0..rng.index(4))
                        .map(|_| BlockMove {
                            block: rng.index(blocks),
                            flip_rows: mirrors && rng.index(2) == 0,
                            flip_bits: mirrors && rng.index(2) == 0,
                        })
                        .collect()
                })
                .collect();
            let count = rng.index(4);
            steps[mover] = (0..count)
                .map(|_| (rng.index(5) as isize - 2, rng.index(5) as isize - 2))
                .collect();
            reads[mover] = steps[mover].iter().map(|s| s.0).collect();
            if count > 0 && rng.index(4) == 0 {
                reads[mover].push(rng.index(5) as isize - 2);
            }
        }
        let mut game = Random {
            blocks,
            rows,
            cols,
            block_moves,
            steps,
            reads,
            end: [Vec::new(), Vec::new()],
            row: std::marker::PhantomData,
        };
        for mover in 0..2 {
            let n = blocks * rows * cols;
            game.end[mover] = (0..n)
                .map(|p| {
                    let dead = game.moves(mover, p).is_empty();
                    match rng.index(10) {
                        0 | 1 => End::Loss,
                        2 => End::Draw,
                        _ if dead && rng.index(2) == 0 => End::Loss,
                        _ if dead => End::Draw,
                        _ => End::Live,
                    }
                })
                .collect();
        }
        game
    }

    /// The positions of the other side to move that a move of `mover` from `p` reaches.
    fn moves(&self, mover: usize, p: usize) -> Vec<usize> {
        let (rows, cols) = (self.rows, self.cols);
        let (b, r, c) = (p / (rows * cols), p / cols % rows, p % cols);
        let mut out = Vec::new();
        for m in &self.block_moves[mover][b] {
            let r = if m.flip_rows { rows - 1 - r } else { r };
            let c = if m.flip_bits { cols - 1 - c } else { c };
            out.push((m.block * rows + r) * cols + c);
        }
        for &(dr, dc) in &self.steps[mover] {
            let (r, c) = (r as isize + dr, c as isize + dc);
            if (0..rows as isize).contains(&r) && (0..cols as isize).contains(&c) {
                out.push((b * rows + r as usize) * cols + c as usize);
            }
        }
        out
    }

    /// Negamax truncated at `horizon` plies over the lists: a win in d plies scores
    /// `big - d`, a loss `d - big`, a draw or the horizon 0.
    fn truncated(&self, horizon: usize) -> [Vec<i64>; 2] {
        let n = self.blocks * self.rows * self.cols;
        let big = 1 << 40;
        let mut score = [vec![0i64; n], vec![0i64; n]];
        for _ in 0..horizon {
            let mut next = [vec![0i64; n], vec![0i64; n]];
            for (mover, next) in next.iter_mut().enumerate() {
                for (p, next) in next.iter_mut().enumerate() {
                    *next = match self.end[mover][p] {
                        End::Loss => -big,
                        End::Draw => 0,
                        End::Live => {
                            let child = |&c: &usize| {
                                let s = score[1 - mover][c];
                                -(s - s.signum())
                            };
                            self.moves(mover, p).iter().map(child).max().unwrap()
                        }
                    };
                }
            }
            score = next;
        }
        score
    }

    fn row_of(&self, mover: usize, b: usize, r: usize, end: End) -> R {
        let first = (b * self.rows + r) * self.cols;
        let mut row = R::ZERO;
        for c in 0..self.cols {
            if self.end[mover][first + c] == end {
                row = row | R::bit(c);
            }
        }
        row
    }
}

impl<R: BitRow> BitAttractorGame for Random<R> {
    type Row = R;
    fn blocks(&self) -> usize {
        self.blocks
    }
    fn rows(&self) -> usize {
        self.rows
    }
    fn cols(&self) -> usize {
        self.cols
    }
    fn block_moves<F: FnMut(BlockMove)>(&self, mover: usize, block: usize, mut emit: F) {
        self.block_moves[mover][block].iter().for_each(|&m| emit(m))
    }
    fn row_steps<F: FnMut(isize)>(&self, mover: usize, emit: F) {
        self.reads[mover].iter().copied().for_each(emit)
    }
    fn row_moves(
        &self,
        mover: usize,
        any: bool,
        _: usize,
        set: &[u64],
        lo: usize,
        acc: &mut [u64],
    ) {
        for (k, a) in acc.chunks_exact_mut(R::WORDS).enumerate() {
            let y = R::load(a, 0);
            let x = self.row_step(mover, any, set, lo + k);
            (if any { y | x } else { y & x }).store(a, 0);
        }
    }
    fn live(&self, mover: usize, block: usize, lo: usize, acc: &mut [u64]) {
        for (k, a) in acc.chunks_exact_mut(R::WORDS).enumerate() {
            (R::load(a, 0) & self.row_of(mover, block, lo + k, End::Live)).store(a, 0);
        }
    }
    fn terminal_losses<F: FnMut(usize, usize, R)>(&self, mover: usize, mut emit: F) {
        for b in 0..self.blocks {
            for r in 0..self.rows {
                emit(b, r, self.row_of(mover, b, r, End::Loss));
            }
        }
    }
}

impl<R: BitRow> Random<R> {
    /// Row `r` of the positions with some (`any`) or every row step into `set`.
    fn row_step(&self, mover: usize, any: bool, set: &[u64], r: usize) -> R {
        let all = R::low(self.cols);
        let mut x = if any { R::ZERO } else { !R::ZERO };
        for &(dr, dc) in &self.steps[mover] {
            let to = r as isize + dr;
            if !(0..self.rows as isize).contains(&to) {
                continue;
            }
            let row = R::load(set, to as usize);
            // Bit c reads bit c + dc; `stays`: the columns where c + dc is on the board.
            let (moved, stays) = if dc >= 0 {
                (row >> dc as u32, all >> dc as u32)
            } else {
                (row << (-dc) as u32, all << (-dc) as u32 & all)
            };
            x = if any {
                x | moved & stays
            } else {
                x & (moved | !stays)
            };
        }
        x
    }
}

fn score_of(value: Value) -> i64 {
    let big = 1 << 40;
    match value {
        Value::Win(d) => big - d as i64,
        Value::Loss(d) => d as i64 - big,
        Value::Draw => 0,
    }
}

/// Every position's value from the attractors of both sides, each position visited once.
fn table<R: BitRow>(game: &Random<R>) -> [Vec<Value>; 2] {
    let n = game.blocks * game.rows * game.cols;
    let mut values = [vec![Value::Draw; n], vec![Value::Draw; n]];
    for winner in 0..2 {
        let mut last = 0;
        bit_attractor_layers(game, winner, |plies, mover, b, lo, rows| {
            assert!(plies >= last, "plies {} after {}", plies, last);
            last = plies;
            for (k, row) in rows.chunks_exact(R::WORDS).enumerate() {
                let mut bits = R::load(row, 0);
                for c in 0..game.cols {
                    if bits & R::bit(c) != R::ZERO {
                        bits = bits & !R::bit(c);
                        let p = (b * game.rows + lo + k) * game.cols + c;
                        let v = &mut values[mover][p];
                        assert_eq!(*v, Value::Draw, "{:?} twice", (mover, b, lo + k, c));
                        *v = if mover == winner {
                            Value::Win(plies)
                        } else {
                            Value::Loss(plies)
                        };
                    }
                }
                assert!(bits == R::ZERO, "bits past the columns");
            }
        });
    }
    values
}

fn check<R: BitRow>(rng: &mut SplitMix64, round: usize, game: &Random<R>) {
    let n = game.blocks * game.rows * game.cols;
    let expected = game.truncated(4 * n + 4);
    let values = table(game);
    for mover in 0..2 {
        for p in 0..n {
            assert_eq!(
                score_of(values[mover][p]),
                expected[mover][p],
                "round {} mover {} position {}: {:?}",
                round,
                mover,
                p,
                values[mover][p]
            );
        }
    }
    // Asked positions: the early stop answers the same.
    for _ in 0..4 {
        let (mover, p) = (rng.index(2), rng.index(n));
        let (rc, c) = (game.rows * game.cols, game.cols);
        let got = bit_attractor(game, mover, p / rc, p / c % game.rows, p % c);
        assert_eq!(
            got,
            values[mover][p],
            "round {} asked {:?}",
            round,
            (mover, p)
        );
    }
}

#[test]
fn random_games_match_truncated_negamax() {
    let mut rng = SplitMix64::new(2027);
    for round in 0..400 {
        let (blocks, rows, cols) = (1 + rng.index(6), 1 + rng.index(5), 1 + rng.index(9));
        let game = Random::<u64>::new(&mut rng, blocks, rows, cols);
        check(&mut rng, round, &game);
    }
}

#[test]
fn random_games_of_two_word_rows_match_truncated_negamax() {
    let mut rng = SplitMix64::new(128);
    for round in 0..40 {
        let (blocks, rows) = (1 + rng.index(3), 1 + rng.index(3));
        let cols = [63, 64, 65, 100, 127, 128][rng.index(6)];
        let game = Random::<u128>::new(&mut rng, blocks, rows, cols);
        check(&mut rng, round, &game);
    }
}

#[test]
fn one_word_rows_of_64_columns_mirror() {
    let mut rng = SplitMix64::new(64);
    for round in 0..20 {
        let (blocks, rows) = (1 + rng.index(3), 1 + rng.index(3));
        let game = Random::<u64>::new(&mut rng, blocks, rows, 64);
        check(&mut rng, round, &game);
    }
}

/// A path of `len` blocks of one row and one column: both sides step from block b to b + 1;
/// at the last block the side to move has lost.
struct Path(usize);

impl BitAttractorGame for Path {
    type Row = u64;
    fn blocks(&self) -> usize {
        self.0
    }
    fn rows(&self) -> usize {
        1
    }
    fn cols(&self) -> usize {
        1
    }
    fn block_moves<F: FnMut(BlockMove)>(&self, _: usize, b: usize, mut emit: F) {
        if b + 1 < self.0 {
            emit(BlockMove::to(b + 1))
        }
    }
    fn live(&self, _: usize, b: usize, _: usize, acc: &mut [u64]) {
        acc[0] &= (b + 1 < self.0) as u64
    }
    fn terminal_losses<F: FnMut(usize, usize, u64)>(&self, _: usize, mut emit: F) {
        emit(self.0 - 1, 0, 1)
    }
}

#[test]
fn a_long_path_takes_time_for_its_length() {
    // 300 000 plies over 300 000 blocks: a scan of every block at each ply would visit
    // 9 * 10^10.
    let len = 300_000;
    assert_eq!(
        bit_attractor(&Path(len), 1, 0, 0, 0),
        Value::Win(len as u32 - 1)
    );
    assert_eq!(
        bit_attractor(&Path(len), 0, 2, 0, 0),
        Value::Win(len as u32 - 3)
    );
}

#[test]
#[should_panic(expected = "outside the game")]
fn asking_outside_the_game_panics() {
    bit_attractor(&Path(3), 0, 0, 0, 1);
}

#[test]
#[should_panic(expected = "a move to block 3")]
fn a_move_off_the_blocks_panics() {
    struct Off;
    impl BitAttractorGame for Off {
        type Row = u64;
        fn blocks(&self) -> usize {
            3
        }
        fn rows(&self) -> usize {
            1
        }
        fn cols(&self) -> usize {
            1
        }
        fn block_moves<F: FnMut(BlockMove)>(&self, _: usize, b: usize, mut emit: F) {
            emit(BlockMove::to(b + 1))
        }
        fn live(&self, _: usize, _: usize, _: usize, acc: &mut [u64]) {
            acc[0] &= 1
        }
        fn terminal_losses<F: FnMut(usize, usize, u64)>(&self, _: usize, _: F) {}
    }
    bit_attractor(&Off, 0, 0, 0, 0);
}
