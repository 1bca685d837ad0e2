use super::*;
use crate::random::SplitMix64;

/// A random DAG: moves from `p` go to larger positions, each with a gain and an extra-move
/// flag; `terminal[p]` is the end value of a position without moves.
#[derive(Debug)]
struct RandomDag {
    moves: Vec<Vec<(usize, i32, bool)>>,
    terminal: Vec<i32>,
}

impl RandomDag {
    fn new(rng: &mut SplitMix64, n: usize) -> Self {
        let moves = (0..n)
            .map(|p| {
                let count = if p + 1 == n { 0 } else { rng.range(0, 3) };
                (0..count)
                    .map(|_| {
                        let child = rng.range(p as u64 + 1, n as u64 - 1) as usize;
                        let gain = rng.range(0, 10) as i32 - 5;
                        (child, gain, rng.range(0, 3) == 0)
                    })
                    .collect()
            })
            .collect();
        let terminal = (0..n).map(|_| rng.range(0, 4) as i32 - 2).collect();
        RandomDag { moves, terminal }
    }
}

impl ScoringGame for RandomDag {
    type Position = usize;
    type Score = i32;
    fn for_each_move<F: FnMut(usize, i32, bool)>(&self, pos: usize, mut f: F) {
        for &(child, gain, again) in &self.moves[pos] {
            f(child, gain, again)
        }
    }
    fn terminal(&self, pos: usize) -> i32 {
        self.terminal[pos]
    }
}

/// Plays the game out literally: player 0 maximises (score 0 - score 1), player 1 minimises
/// it, each move adds its gain to the mover's score, and the player left without a move
/// at the end has the terminal value added to their own score.
fn brute_force(dag: &RandomDag, pos: usize, mover: usize, scores: [i32; 2]) -> i32 {
    if dag.moves[pos].is_empty() {
        let mut end = scores;
        end[mover] += dag.terminal[pos];
        return end[0] - end[1];
    }
    let outcomes = dag.moves[pos].iter().map(|&(child, gain, again)| {
        let mut next = scores;
        next[mover] += gain;
        let next_mover = if again { mover } else { 1 - mover };
        brute_force(dag, child, next_mover, next)
    });
    if mover == 0 {
        outcomes.max().unwrap()
    } else {
        outcomes.min().unwrap()
    }
}

#[test]
fn table_matches_literal_play_on_random_dags_with_extra_moves() {
    let mut rng = SplitMix64::new(11);
    for _ in 0..2000 {
        let n = rng.range(1, 9) as usize;
        let dag = RandomDag::new(&mut rng, n);
        let value = negamax_table(&dag, n);
        for (p, &v) in value.iter().enumerate() {
            assert_eq!(
                v,
                brute_force(&dag, p, 0, [0, 0]),
                "position {} of {:?}",
                p,
                dag
            );
        }
    }
}

/// A move of a grid game: child cell, gain, extra move.
type GridMove = ((usize, usize), i32, bool);

/// A random grid game: moves right in the row or down up to `ahead` rows (any column).
#[derive(Debug)]
struct RandomGrid {
    rows: usize,
    cols: usize,
    moves: Vec<Vec<GridMove>>,
}

impl RandomGrid {
    fn new(rng: &mut SplitMix64, rows: usize, cols: usize, ahead: usize) -> Self {
        let mut moves = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let mut list = Vec::new();
                for _ in 0..rng.range(0, 3) {
                    let down = rng.range(0, ahead as u64) as usize;
                    let (nr, nc) = if down == 0 {
                        (r, rng.range(c as u64 + 1, cols as u64) as usize)
                    } else {
                        (r + down, rng.range(0, cols as u64 - 1) as usize)
                    };
                    if nr < rows && nc < cols {
                        let gain = rng.range(0, 6) as i32 - 3;
                        list.push(((nr, nc), gain, rng.range(0, 3) == 0));
                    }
                }
                moves.push(list);
            }
        }
        RandomGrid { rows, cols, moves }
    }
    fn index(&self, (r, c): (usize, usize)) -> usize {
        r * self.cols + c
    }
}

impl ScoringGame for RandomGrid {
    type Position = (usize, usize);
    type Score = i32;
    fn for_each_move<F: FnMut((usize, usize), i32, bool)>(&self, pos: (usize, usize), mut f: F) {
        for &(child, gain, again) in &self.moves[self.index(pos)] {
            f(child, gain, again)
        }
    }
}

#[test]
fn grid_matches_literal_play_on_random_grids() {
    let mut rng = SplitMix64::new(12);
    for _ in 0..1000 {
        let rows = rng.range(1, 4) as usize;
        let cols = rng.range(1, 4) as usize;
        let ahead = rng.range(1, 3) as usize;
        let grid = RandomGrid::new(&mut rng, rows, cols, ahead);
        // The same game as a DAG over row-major indices, for the brute force.
        let dag = RandomDag {
            moves: grid
                .moves
                .iter()
                .map(|list| {
                    let to_index = |&(child, gain, again)| (grid.index(child), gain, again);
                    list.iter().map(to_index).collect()
                })
                .collect(),
            terminal: vec![0; rows * cols],
        };
        let row0 = negamax_grid(&grid, grid.rows, grid.cols, ahead);
        for (c, &v) in row0.iter().enumerate() {
            assert_eq!(
                v,
                brute_force(&dag, c, 0, [0, 0]),
                "column {} of {:?}",
                c,
                grid
            );
        }
    }
}

/// The walk game as a [`ScoringGame`] for [`negamax_grid`].
struct Walk(Vec<Vec<i32>>);

impl ScoringGame for Walk {
    type Position = (usize, usize);
    type Score = i32;
    fn for_each_move<F: FnMut((usize, usize), i32, bool)>(&self, (r, c): (usize, usize), mut f: F) {
        if c + 1 < self.0[r].len() {
            f((r, c + 1), self.0[r][c + 1], false)
        }
        if r + 1 < self.0.len() {
            f((r + 1, c), self.0[r + 1][c], false)
        }
    }
}

#[test]
fn walk_matches_literal_play_and_the_generic_grid() {
    let mut rng = SplitMix64::new(21);
    for _ in 0..2000 {
        let rows = rng.range(1, 5) as usize;
        let cols = rng.range(1, 5) as usize;
        let cells: Vec<Vec<i32>> = (0..rows)
            .map(|_| (0..cols).map(|_| rng.range(0, 9) as i32 - 4).collect())
            .collect();
        let walk = Walk(cells);
        let dag = RandomDag {
            moves: (0..rows * cols)
                .map(|i| {
                    let mut list = Vec::new();
                    walk.for_each_move((i / cols, i % cols), |(r, c), g, again| {
                        list.push((r * cols + c, g, again))
                    });
                    list
                })
                .collect(),
            terminal: vec![0; rows * cols],
        };
        let best = negamax_walk(&walk.0, |&g| g);
        assert_eq!(best, brute_force(&dag, 0, 0, [0, 0]), "{:?}", walk.0);
        assert_eq!(best, negamax_grid(&walk, rows, cols, 1)[0]);
    }
}

#[test]
#[should_panic(expected = "rows of one length")]
fn walk_refuses_ragged_rows() {
    negamax_walk(&[vec![1, 2], vec![3]], |&g: &i32| g);
}

#[test]
fn memo_matches_literal_play_from_every_start() {
    let mut rng = SplitMix64::new(13);
    for _ in 0..1000 {
        let n = rng.range(1, 9) as usize;
        let dag = RandomDag::new(&mut rng, n);
        let mut memo = NegamaxMemo::new();
        // Descending starts reuse what earlier calls stored.
        for p in (0..n).rev().chain(0..n) {
            let expected = brute_force(&dag, p, 0, [0, 0]);
            assert_eq!(memo.value(&dag, p), expected, "start {} of {:?}", p, dag);
        }
    }
}

#[test]
fn narrow_scores_fill_a_big_table() {
    // 2^16 bitmask positions; a move sets one bit, scores 1 and passes the turn, so with k
    // bits left the mover scores ceil(k / 2) and the other floor(k / 2). i8 holds every
    // value: one byte per position.
    struct Bits;
    impl ScoringGame for Bits {
        type Position = usize;
        type Score = i8;
        fn for_each_move<F: FnMut(usize, i8, bool)>(&self, mask: usize, mut f: F) {
            for bit in 0..16 {
                if mask >> bit & 1 == 0 {
                    f(mask | 1 << bit, 1, false)
                }
            }
        }
    }
    let value = negamax_table(&Bits, 1 << 16);
    for (mask, &v) in value.iter().enumerate() {
        assert_eq!(
            i32::from(v),
            (16 - mask.count_ones() as i32) % 2,
            "mask {:b}",
            mask
        );
    }
}

#[test]
#[should_panic(expected = "does not go forward")]
fn table_refuses_a_backward_move() {
    struct Back;
    impl ScoringGame for Back {
        type Position = usize;
        type Score = i32;
        fn for_each_move<F: FnMut(usize, i32, bool)>(&self, pos: usize, mut f: F) {
            if pos == 2 {
                f(1, 0, false)
            }
        }
    }
    negamax_table(&Back, 3);
}

#[test]
#[should_panic(expected = "does not go forward")]
fn grid_refuses_a_move_left() {
    struct Left;
    impl ScoringGame for Left {
        type Position = (usize, usize);
        type Score = i32;
        fn for_each_move<F: FnMut((usize, usize), i32, bool)>(
            &self,
            (r, c): (usize, usize),
            mut f: F,
        ) {
            if c == 1 {
                f((r, 0), 0, false)
            }
        }
    }
    negamax_grid(&Left, 2, 2, 1);
}

/// Plays an edge game literally: a move draws an undrawn edge; the cells whose sides are all
/// drawn after it and not all before it go to the mover, who then moves again; returns
/// player 0's final points minus player 1's, player 0 maximising and player 1 minimising.
fn play_edges(edges: usize, cells: &[Vec<usize>], drawn: &mut Vec<bool>, mover: usize) -> i32 {
    let complete =
        |drawn: &Vec<bool>| cells.iter().filter(|c| c.iter().all(|&e| drawn[e])).count() as i32;
    let mut results = Vec::new();
    for e in 0..edges {
        if !drawn[e] {
            let before = complete(drawn);
            drawn[e] = true;
            let won = complete(drawn) - before;
            let next = if won > 0 { mover } else { 1 - mover };
            let rest = play_edges(edges, cells, drawn, next);
            drawn[e] = false;
            results.push(if mover == 0 { won + rest } else { rest - won });
        }
    }
    let best = if mover == 0 {
        results.iter().max()
    } else {
        results.iter().min()
    };
    best.copied().unwrap_or(0)
}

#[test]
fn edge_cells_match_literal_play() {
    let mut rng = SplitMix64::new(14);
    for _ in 0..300 {
        let edges = rng.range(1, 7) as usize;
        // Random cells of 1..=4 distinct sides, each edge on at most two.
        let mut uses = vec![0; edges];
        let mut cells: Vec<Vec<usize>> = Vec::new();
        for _ in 0..rng.range(0, 4) {
            let mut cell: Vec<usize> = (0..edges)
                .filter(|&e| uses[e] < 2 && rng.range(0, 2) == 0)
                .collect();
            cell.truncate(4);
            if !cell.is_empty() {
                cell.iter().for_each(|&e| uses[e] += 1);
                cells.push(cell);
            }
        }
        let game = EdgeCells::new(edges, &cells);
        let value = negamax_table(&game, game.positions());
        for (mask, &v) in value.iter().enumerate() {
            let mut drawn: Vec<bool> = (0..edges).map(|e| mask >> e & 1 == 1).collect();
            let expected = play_edges(edges, &cells, &mut drawn, 0);
            assert_eq!(i32::from(v), expected, "mask {:b} of {:?}", mask, cells);
        }
    }
}

#[test]
#[should_panic(expected = "borders more than two cells")]
fn edge_cells_refuse_an_edge_on_three_cells() {
    EdgeCells::new(3, &[[0], [0], [0]]);
}

#[test]
fn tally_replays_a_history_as_literal_bookkeeping() {
    // Against the negamax value: a random history on a random DAG, then the table's value
    // from where it stops, gives the same final margin as the brute force from the start
    // along that history.
    let mut rng = SplitMix64::new(15);
    for _ in 0..500 {
        let n = rng.range(2, 9) as usize;
        let dag = RandomDag::new(&mut rng, n);
        let value = negamax_table(&dag, n);
        let (mut pos, mut tally, mut scores, mut mover) = (0, Tally::new(), [0, 0], 0);
        while !dag.moves[pos].is_empty() && rng.range(0, 2) == 0 {
            let (child, gain, again) = dag.moves[pos][rng.index(dag.moves[pos].len())];
            tally.play(gain, again);
            scores[mover] += gain;
            mover = if again { mover } else { 1 - mover };
            pos = child;
        }
        assert_eq!((tally.mover(), tally.scores()), (mover, scores));
        let expected = brute_force(&dag, pos, mover, scores);
        assert_eq!(tally.final_margin(value[pos]), expected, "{:?}", dag);
    }
}

#[test]
fn ordered_table_matches_literal_play_on_staircase_shapes() {
    use crate::lattice_path::LatticePath;
    // Staircase chess: each player scores their own value of the cell they fill; positions
    // are (rank, mask) in the driver, rows of a RandomDag over ranks for the brute force.
    struct Staircase<'a> {
        shapes: &'a LatticePath,
        gains: [Vec<i32>; 2],
    }
    impl ScoringGame for Staircase<'_> {
        type Position = (usize, u64);
        type Score = i32;
        fn for_each_move<F: FnMut((usize, u64), i32, bool)>(
            &self,
            (rank, mask): (usize, u64),
            mut f: F,
        ) {
            let gain = &self.gains[self.shapes.cells_parity(mask)];
            for mv in self.shapes.moves(mask) {
                let (r, c) = self.shapes.cell(mv);
                let child = (rank + mv.rank_delta as usize, mv.child);
                f(child, gain[r * self.shapes.cols() + c], false)
            }
        }
    }
    let mut rng = SplitMix64::new(16);
    for _ in 0..100 {
        let (rows, cols) = (rng.range(1, 3) as usize, rng.range(1, 3) as usize);
        let shapes = LatticePath::new(rows, cols);
        let mut cell = || rng.range(0, 9) as i32;
        let gains = [
            (0..rows * cols).map(|_| cell()).collect(),
            (0..rows * cols).map(|_| cell()).collect(),
        ];
        let game = Staircase {
            shapes: &shapes,
            gains,
        };
        let count = shapes.count() as usize;
        let order = shapes
            .descending()
            .map(|(rank, mask)| (rank as usize, mask));
        let value = negamax_table_by(&game, count, order, |(rank, _)| rank);
        let dag = RandomDag {
            moves: (0..count)
                .map(|rank| {
                    let mut list = Vec::new();
                    let mask = shapes.unrank(rank as u64);
                    game.for_each_move((rank, mask), |(child, _), gain, again| {
                        list.push((child, gain, again))
                    });
                    list
                })
                .collect(),
            terminal: vec![0; count],
        };
        for (rank, &v) in value.iter().enumerate() {
            assert_eq!(v, brute_force(&dag, rank, 0, [0, 0]), "rank {}", rank);
        }
    }
}

#[test]
#[should_panic(expected = "order must be strictly decreasing")]
fn ordered_table_refuses_an_increasing_order() {
    struct Nothing;
    impl ScoringGame for Nothing {
        type Position = usize;
        type Score = i32;
        fn for_each_move<F: FnMut(usize, i32, bool)>(&self, _: usize, _: F) {}
    }
    negamax_table_by(&Nothing, 3, 0..3, |p| p);
}

#[test]
#[should_panic(expected = "the game has a cycle")]
fn memo_refuses_a_cycle() {
    struct Loop;
    impl ScoringGame for Loop {
        type Position = u8;
        type Score = i32;
        fn for_each_move<F: FnMut(u8, i32, bool)>(&self, pos: u8, mut f: F) {
            f((pos + 1) % 3, 1, false)
        }
    }
    NegamaxMemo::new().value(&Loop, 0);
}
