use super::*;
use crate::random::SplitMix64;

/// A game given by explicit lists: `terminal[p]` or else the moves `moves[p]`.
struct Listed {
    terminal: Vec<Option<Outcome>>,
    moves: Vec<Vec<usize>>,
    unmoves: Vec<Vec<usize>>,
}

impl Listed {
    fn new(terminal: Vec<Option<Outcome>>, moves: Vec<Vec<usize>>) -> Self {
        let mut unmoves = vec![Vec::new(); moves.len()];
        for (p, children) in moves.iter().enumerate() {
            if terminal[p].is_none() {
                for &c in children {
                    unmoves[c].push(p);
                }
            }
        }
        Listed {
            terminal,
            moves,
            unmoves,
        }
    }
}

impl RetrogradeGame for Listed {
    fn positions(&self) -> usize {
        self.moves.len()
    }
    fn terminal(&self, pos: usize) -> Option<Outcome> {
        self.terminal[pos]
    }
    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        self.moves[pos].iter().for_each(|&c| f(c))
    }
}

impl Unmoves for Listed {
    fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        self.unmoves[pos].iter().for_each(|&p| f(p))
    }
}

/// Both solvers, with and without distances, and an early stop at every position; they must
/// agree, and the common table is returned.
fn solve_all_ways<G: Unmoves>(game: &G) -> Vec<Value> {
    let n = game.positions();
    let a = Retrograde::new(game).solve_from_moves();
    let b = Retrograde::new(game).solve_with_unmoves();
    let c = Retrograde::new(game).outcomes_only().solve_from_moves();
    let d = Retrograde::new(game).outcomes_only().solve_with_unmoves();
    let values: Vec<Value> = (0..n).map(|p| a.value(p)).collect();
    for (p, &value) in values.iter().enumerate() {
        assert_eq!(b.value(p), value, "un-moves, position {}", p);
        assert_eq!(c.outcome(p), value.outcome(), "outcomes, position {}", p);
        assert_eq!(d.outcome(p), value.outcome(), "outcomes, un-moves, {}", p);
        let early = Retrograde::new(game)
            .until_resolved(&[p])
            .solve_from_moves();
        assert_eq!(early.value(p), value, "early stop at {}", p);
        let early = Retrograde::new(game).outcomes_only().until_resolved(&[p]);
        assert_eq!(early.solve_with_unmoves().outcome(p), value.outcome());
    }
    assert_eq!(a.max_plies(), b.max_plies());
    values
}

struct Subtraction {
    piles: usize,
    take: Vec<usize>,
}

impl RetrogradeGame for Subtraction {
    fn positions(&self) -> usize {
        self.piles + 1
    }
    fn terminal(&self, _pos: usize) -> Option<Outcome> {
        None
    }
    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        self.take
            .iter()
            .filter(|&&t| t <= pos)
            .for_each(|&t| f(pos - t))
    }
}

impl Unmoves for Subtraction {
    fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        let top = self.piles;
        self.take
            .iter()
            .filter(|&&t| pos + t <= top)
            .for_each(|&t| f(pos + t))
    }
}

/// A path of `len + 1` positions: p moves to p - 1, and 0 cannot move, so p is decided in p
/// plies and every layer of the analysis has one position.
fn path(len: usize) -> Subtraction {
    Subtraction {
        piles: len,
        take: vec![1],
    }
}

fn path_value(p: usize) -> Value {
    if p % 2 == 0 {
        Value::Loss(p as u32)
    } else {
        Value::Win(p as u32)
    }
}

#[test]
fn subtraction_game_take_one_to_three() {
    // By hand: multiples of 4 are lost; the winner takes pile % 4 and then answers every
    // take of k with 4 - k, two plies per 4 stones; the loser takes 1 each time to delay.
    let game = Subtraction {
        piles: 2000,
        take: vec![1, 2, 3],
    };
    let expected = |p: usize| {
        if p % 4 == 0 {
            Value::Loss((p / 2) as u32)
        } else {
            Value::Win((2 * (p / 4) + 1) as u32)
        }
    };
    let fast = Retrograde::new(&game).solve_with_unmoves();
    let built = Retrograde::new(&game).solve_from_moves();
    for p in 0..=2000 {
        assert_eq!(fast.value(p), expected(p), "pile {}", p);
        assert_eq!(built.value(p), expected(p), "pile {}", p);
    }
    assert_eq!(fast.max_plies(), Some(1000));
}

#[test]
fn a_cycle_gives_draws() {
    use Outcome::{Draw, Win};
    // 0 <-> 1 cycle; 0 may also move to 2, where the side to move has already won; 3 can
    // enter the cycle or move to 2; 4 must enter the cycle; 5 is a terminal draw that 6
    // can reach; 6 can also move to 2. No position can force anything: all draws, except
    // 2 (won) and 7, whose only move is to 2 (lost in 1).
    let game = Listed::new(
        vec![None, None, Some(Win), None, None, Some(Draw), None, None],
        vec![
            vec![1, 2],
            vec![0],
            vec![],
            vec![0, 2],
            vec![1],
            vec![],
            vec![5, 2],
            vec![2],
        ],
    );
    let values = solve_all_ways(&game);
    use Value::{Draw as D, Loss as L, Win as W};
    assert_eq!(values, [D, D, W(0), D, D, D, D, L(1)]);
}

#[test]
fn the_loser_delays_and_the_winner_hurries() {
    // 0: terminal, lost for the mover. 1 -> 0: win in 1. 2 -> 1: loss in 2. 3 -> 2: win in 3.
    // 4 -> {1, 3}: every move loses; the loser picks 3, a loss in 4, though the game could
    // end in 2 plies through 1. 5 -> {2, 0}: wins both ways and takes 0, a win in 1.
    // 6 has no move at all: lost at once. 7 -> {4, 6}: a win in 1 through 6.
    let mut terminal = vec![None; 8];
    terminal[0] = Some(Outcome::Loss);
    let game = Listed::new(
        terminal,
        vec![
            vec![],
            vec![0],
            vec![1],
            vec![2],
            vec![1, 3],
            vec![2, 0],
            vec![],
            vec![4, 6],
        ],
    );
    let values = solve_all_ways(&game);
    use Value::{Loss as L, Win as W};
    assert_eq!(values, [L(0), W(1), L(2), W(3), L(4), W(1), L(0), W(1)]);
}

#[test]
fn repeated_moves_count_as_often_as_listed() {
    // 1 moves twice to 0 (a win for whoever moves there) and once to 2, a cycle with 3.
    let game = Listed::new(
        vec![Some(Outcome::Win), None, None, None],
        vec![vec![], vec![0, 0, 2], vec![3], vec![2]],
    );
    let values = solve_all_ways(&game);
    assert_eq!(
        values,
        [Value::Win(0), Value::Draw, Value::Draw, Value::Draw]
    );
    let only_zero = Listed::new(vec![Some(Outcome::Win), None], vec![vec![], vec![0, 0]]);
    assert_eq!(solve_all_ways(&only_zero), [Value::Win(0), Value::Loss(1)]);
}

/// Scores for the mover: a win in d is `BIG - d`, a loss in d is `d - BIG`, a draw 0.
const BIG: i64 = 1 << 40;

/// The values of every position by plain depth-limited negamax, all positions at once,
/// with `cap` plies of lookahead (truncation counts as a draw).
fn truncated_scores(game: &Listed, cap: usize) -> Vec<i64> {
    let n = game.positions();
    let fixed = |p: usize| match game.terminal[p] {
        Some(Outcome::Win) => Some(BIG),
        Some(Outcome::Loss) => Some(-BIG),
        Some(Outcome::Draw) => Some(0),
        None if game.moves[p].is_empty() => Some(-BIG),
        None => None,
    };
    let mut score: Vec<i64> = (0..n).map(|p| fixed(p).unwrap_or(0)).collect();
    for _ in 0..cap {
        score = (0..n)
            .map(|p| {
                fixed(p).unwrap_or_else(|| {
                    game.moves[p]
                        .iter()
                        .map(|&c| {
                            let s = score[c];
                            // Negated, and one ply further from the end.
                            -s + s.signum()
                        })
                        .max()
                        .unwrap()
                })
            })
            .collect();
    }
    score
}

fn score_of(value: Value) -> i64 {
    match value {
        Value::Win(d) => BIG - i64::from(d),
        Value::Loss(d) => i64::from(d) - BIG,
        Value::Draw => 0,
    }
}

#[test]
fn random_graphs_match_truncated_negamax() {
    let mut rng = SplitMix64::new(11);
    let mut decided = 0;
    for case in 0..3000 {
        let n = rng.range(1, 14) as usize;
        let max_moves = rng.range(1, 4) as usize;
        let mut terminal = Vec::new();
        let mut moves = Vec::new();
        for _ in 0..n {
            let t = match rng.range(0, 9) {
                0 => Some(Outcome::Loss),
                1 => Some(Outcome::Win),
                2 => Some(Outcome::Draw),
                _ => None,
            };
            terminal.push(t);
            moves.push(
                (0..rng.range(0, max_moves as u64))
                    .map(|_| rng.index(n))
                    .collect(),
            );
        }
        let game = Listed::new(terminal, moves);
        let values = solve_all_ways(&game);
        // A distance never reaches the number of positions, so n plies of lookahead see
        // every forced result, and more change nothing.
        let scores = truncated_scores(&game, n);
        assert_eq!(scores, truncated_scores(&game, n + 3), "case {}", case);
        for p in 0..n {
            assert_eq!(
                score_of(values[p]),
                scores[p],
                "case {} position {}",
                case,
                p
            );
            decided += (values[p] != Value::Draw) as usize;
        }
    }
    assert!(decided > 10_000, "{}", decided);
}

#[test]
fn value_order_is_the_movers_preference() {
    let mut ordered = vec![
        Value::Loss(0),
        Value::Loss(1),
        Value::Loss(7),
        Value::Draw,
        Value::Win(9),
        Value::Win(2),
        Value::Win(0),
    ];
    let expected = ordered.clone();
    ordered.reverse();
    ordered.sort();
    assert_eq!(ordered, expected);
    assert_eq!(Value::Win(3).outcome(), Outcome::Win);
    assert_eq!(Value::Draw.plies(), None);
}

#[test]
fn a_distance_as_long_as_the_game_takes_linear_time() {
    // Two million positions in two million layers of one position each. Reading the
    // layers' flags at every layer would be 8 * 10^9 reads here; the list of runs makes it
    // linear.
    let len = 2_000_000;
    let started = std::time::Instant::now();
    let table = Retrograde::new(&path(len)).solve_with_unmoves();
    let elapsed = started.elapsed();
    assert!((0..=len).all(|p| table.value(p) == path_value(p)));
    assert_eq!(table.max_plies(), Some(len as u32));
    let outcomes = Retrograde::new(&path(len))
        .outcomes_only()
        .solve_from_moves();
    assert!((0..=len).all(|p| outcomes.outcome(p) == path_value(p).outcome()));
    assert_eq!(outcomes.bytes_per_position(), 1);
    assert!(
        elapsed < std::time::Duration::from_secs(2),
        "{:?} for a path of {} positions",
        elapsed,
        len
    );
}

#[test]
fn cells_widen_when_a_distance_outgrows_them() {
    // Two bytes hold distances up to 16 381: the path of that length stays in two bytes,
    // one ply more takes four, and so does a game of 100 000 plies.
    let exact = Retrograde::new(&path(16_381)).solve_with_unmoves();
    assert_eq!(exact.bytes_per_position(), 2);
    assert_eq!(exact.value(16_381), Value::Win(16_381));
    assert_eq!(exact.value(16_380), Value::Loss(16_380));
    for len in [16_382, 100_000] {
        let table = Retrograde::new(&path(len)).solve_with_unmoves();
        assert_eq!(table.bytes_per_position(), 4);
        assert!(
            (0..=len).all(|p| table.value(p) == path_value(p)),
            "{}",
            len
        );
    }
    // Without distances in the cells nothing widens, however long the game.
    let table = Retrograde::new(&path(100_000))
        .outcomes_only()
        .solve_from_moves();
    assert_eq!(table.bytes_per_position(), 1);
    assert_eq!(table.outcome(100_000), Outcome::Loss);
}

#[test]
fn cells_widen_when_a_position_has_many_moves() {
    // Position 1 moves to each of the lost positions 2..2 + k (each has no move), so it is
    // won in 1; position 0 moves only to 1, lost in 2. The widths change at 252 moves
    // (outcomes, one byte) and 32 768 (distances, two bytes).
    for (k, outcome_bytes, value_bytes) in [(251, 1, 2), (252, 2, 2), (40_000, 2, 4)] {
        let mut moves = vec![vec![1], (2..2 + k).collect()];
        moves.resize(2 + k, vec![]);
        let game = Listed::new(vec![None; 2 + k], moves);
        let values = Retrograde::new(&game).solve_from_moves();
        let outcomes = Retrograde::new(&game).outcomes_only().solve_with_unmoves();
        assert_eq!(values.bytes_per_position(), value_bytes, "{}", k);
        assert_eq!(outcomes.bytes_per_position(), outcome_bytes, "{}", k);
        assert_eq!(
            (values.value(0), values.value(1)),
            (Value::Loss(2), Value::Win(1))
        );
        assert_eq!(outcomes.outcome(0), Outcome::Loss);
        assert!((2..2 + k).all(|p| values.value(p) == Value::Loss(0)));
    }
}

#[test]
fn an_early_stop_knows_what_was_asked() {
    // Take 1 or 2: piles 0 mod 3 are lost, the others won; pile p is decided at ply about
    // 2p / 3, so asking about pile 10 stops long before pile 10 000.
    let game = Subtraction {
        piles: 10_000,
        take: vec![1, 2],
    };
    let full = Retrograde::new(&game).solve_with_unmoves();
    let early = Retrograde::new(&game)
        .until_resolved(&[10, 3])
        .solve_with_unmoves();
    assert_eq!(
        (early.value(10), early.value(3)),
        (full.value(10), full.value(3))
    );
    // Every pile up to 10 is decided by then; only the asked ones keep their distance.
    let outcome = |p| full.value(p).outcome();
    assert!((0..=10).all(|p| early.is_resolved(p) && early.outcome(p) == outcome(p)));
    assert_eq!(early.bytes_per_position(), 1);
    assert!(!early.is_resolved(10_000));
    assert!(full.is_resolved(10_000));
    // Nothing asked: nothing solved beyond the terminal positions.
    let none = Retrograde::new(&game)
        .until_resolved(&[])
        .solve_from_moves();
    assert!(none.is_resolved(0) && !none.is_resolved(1));
    // A draw is only known once the analysis has run out: then everything is.
    let cycle = Listed::new(vec![None, None, None], vec![vec![1], vec![0], vec![0]]);
    let drawn = Retrograde::new(&cycle)
        .until_resolved(&[0])
        .solve_from_moves();
    assert!((0..3).all(|p| drawn.value(p) == Value::Draw));
}

#[test]
#[should_panic(expected = "position 10000 was not resolved")]
fn an_early_stop_refuses_what_it_does_not_know() {
    let game = path(10_000);
    let early = Retrograde::new(&game)
        .until_resolved(&[4])
        .solve_from_moves();
    early.outcome(10_000);
}

#[test]
#[should_panic(expected = "a distance kept only for the positions asked about")]
fn an_early_stop_keeps_distances_of_what_was_asked_only() {
    let game = path(10_000);
    let early = Retrograde::new(&game)
        .until_resolved(&[4])
        .solve_from_moves();
    assert_eq!(early.value(4), Value::Loss(4));
    early.value(3);
}

#[test]
#[should_panic(expected = "position 7 asked about, outside 0..4")]
fn asking_about_a_position_outside_the_game_panics() {
    Retrograde::new(&path(3))
        .until_resolved(&[7])
        .solve_from_moves();
}

#[test]
#[should_panic(expected = "the analysis kept outcomes only")]
fn an_outcome_table_has_no_distances() {
    Retrograde::new(&path(3))
        .outcomes_only()
        .solve_from_moves()
        .value(1);
}

#[test]
fn empty_game() {
    let game = Listed::new(vec![], vec![]);
    let table = Retrograde::new(&game).solve_from_moves();
    assert!(table.is_empty());
    assert_eq!(table.max_plies(), None);
}
