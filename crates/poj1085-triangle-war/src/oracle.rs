//! Test oracle (feature `oracle`): random histories (double-completing moves, scoring last
//! moves, m = 18), a brute force that replays and searches the game literally on dot pairs
//! carrying both players' triangles, shrinking, and the largest inputs.

use dp_core::{Error, SplitMix64};
use test_kit::{BenchInput, Oracle};

/// The oracle this crate registers (in `crates/problems/Cargo.toml`).
pub type ProblemOracle = TriangleWarOracle;

/// One input file: each game's first moves as the two dots written, and the line ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Games {
    /// `games[g]`: the moves of game g + 1, each two dots in the order written.
    pub games: Vec<Vec<(u8, u8)>>,
    /// CRLF line ends.
    pub crlf: bool,
}

impl Games {
    /// The input file's text.
    pub fn render(&self) -> String {
        let mut lines = vec![self.games.len().to_string()];
        for moves in &self.games {
            lines.push(moves.len().to_string());
            lines.extend(moves.iter().map(|(a, b)| format!("{} {}", a, b)));
        }
        let end = if self.crlf { "\r\n" } else { "\n" };
        lines.join(end) + end
    }
}

/// Reads an input file into [`Games`] (any whitespace between tokens), or says what is wrong.
/// It checks the format, not the moves.
pub fn parse_input(text: &[u8]) -> Result<Games, String> {
    let text = std::str::from_utf8(text).map_err(|e| e.to_string())?;
    let mut tokens = text.split_ascii_whitespace().map(|t| t.parse::<u8>());
    let mut next = |what: &str| match tokens.next() {
        Some(Ok(v)) => Ok(v),
        _ => Err(format!("expected {}", what)),
    };
    let mut games = Vec::new();
    for _ in 0..next("G")? {
        let m = next("m")?;
        let moves = (0..m)
            .map(|_| Ok((next("a dot")?, next("a dot")?)))
            .collect::<Result<Vec<_>, String>>()?;
        games.push(moves);
    }
    if tokens.next().is_some() {
        return Err("tokens after the last game".to_string());
    }
    let crlf = text.contains('\r');
    Ok(Games { games, crlf })
}

/// The board, written independently of the solver: rows of dots, each dot joined to its right
/// neighbour and to the two dots below it.
struct Board {
    /// `joined[a][b]`: whether dots a and b (1..=10) are joined by a unit segment.
    joined: [[bool; 11]; 11],
    /// Every unit triangle as three dots.
    triangles: Vec<[u8; 3]>,
}

impl Board {
    fn new() -> Board {
        // Dot (row r, position i), r = 0..4, i = 0..=r, is number r(r+1)/2 + i + 1.
        let dot = |r: usize, i: usize| (r * (r + 1) / 2 + i + 1) as u8;
        let mut joined = [[false; 11]; 11];
        let mut triangles = Vec::new();
        let mut join = |a: u8, b: u8| {
            joined[a as usize][b as usize] = true;
            joined[b as usize][a as usize] = true;
        };
        for r in 0..4 {
            for i in 0..=r {
                if i < r {
                    join(dot(r, i), dot(r, i + 1));
                }
                if r < 3 {
                    join(dot(r, i), dot(r + 1, i));
                    join(dot(r, i), dot(r + 1, i + 1));
                    triangles.push([dot(r, i), dot(r + 1, i), dot(r + 1, i + 1)]);
                    if i < r {
                        triangles.push([dot(r, i), dot(r, i + 1), dot(r + 1, i + 1)]);
                    }
                }
            }
        }
        Board { joined, triangles }
    }

    fn segments(&self) -> Vec<(u8, u8)> {
        let mut all = Vec::new();
        for a in 1..=10u8 {
            for b in a + 1..=10 {
                if self.joined[a as usize][b as usize] {
                    all.push((a, b));
                }
            }
        }
        all
    }
}

/// A game in progress: the drawn segments (as unordered dot pairs), each player's triangles,
/// and who moves.
#[derive(Clone)]
struct Play {
    drawn: [[bool; 11]; 11],
    owned: [u32; 2],
    mover: usize,
}

impl Play {
    fn complete(&self, board: &Board) -> u32 {
        let d = |a: u8, b: u8| self.drawn[a as usize][b as usize];
        let closed = |t: &&[u8; 3]| d(t[0], t[1]) && d(t[1], t[2]) && d(t[0], t[2]);
        board.triangles.iter().filter(closed).count() as u32
    }

    /// Draws a b by the rules: the mover owns what it completes and moves again if anything.
    fn draw(&mut self, board: &Board, a: u8, b: u8) {
        let before = self.complete(board);
        self.drawn[a as usize][b as usize] = true;
        self.drawn[b as usize][a as usize] = true;
        let won = self.complete(board) - before;
        self.owned[self.mover] += won;
        if won == 0 {
            self.mover = 1 - self.mover;
        }
    }

    /// Whether the player to move can force owning more triangles at the end, trying every
    /// undrawn segment; a player owning 5 of the 9 has won already.
    fn mover_wins(&self, board: &Board, segments: &[(u8, u8)]) -> bool {
        if self.owned[0] >= 5 || self.owned[1] >= 5 {
            return self.owned[self.mover] >= 5;
        }
        segments
            .iter()
            .filter(|&&(a, b)| !self.drawn[a as usize][b as usize])
            .any(|&(a, b)| {
                let mut next = self.clone();
                next.draw(board, a, b);
                next.mover_wins(board, segments) == (next.mover == self.mover)
            })
    }
}

/// Each game's verdict: the history replayed by the rules, then an exhaustive search.
///
/// # Panics
/// If a move is not an undrawn unit segment.
pub fn brute_force(games: &Games) -> String {
    let board = Board::new();
    let segments = board.segments();
    let mut out = String::new();
    for (g, moves) in games.games.iter().enumerate() {
        let mut play = Play {
            drawn: [[false; 11]; 11],
            owned: [0, 0],
            mover: 0,
        };
        for &(a, b) in moves {
            assert!(board.joined[a as usize][b as usize] && !play.drawn[a as usize][b as usize]);
            play.draw(&board, a, b);
        }
        let winner = if play.mover_wins(&board, &segments) {
            play.mover
        } else {
            1 - play.mover
        };
        out.push_str(&format!("Game {}: {} wins.\n", g + 1, ["A", "B"][winner]));
    }
    out
}

/// A random history of `m` moves: the segments in random order, or (when `double`) first the
/// four outer sides of two triangles sharing a segment and then that segment, so it completes
/// both; dots written in random order when `shuffle_dots`.
pub fn random_game(
    rng: &mut SplitMix64,
    m: usize,
    double: bool,
    shuffle_dots: bool,
) -> Vec<(u8, u8)> {
    let board = Board::new();
    let mut order = board.segments();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.index(i + 1));
    }
    if double {
        // Two triangles sharing a side, chosen at random among the pairs.
        let t = &board.triangles;
        let mut pairs = Vec::new();
        for i in 0..t.len() {
            for j in i + 1..t.len() {
                let shared: Vec<u8> = t[i].iter().copied().filter(|d| t[j].contains(d)).collect();
                if shared.len() == 2 {
                    pairs.push((i, j, (shared[0], shared[1])));
                }
            }
        }
        let (i, j, shared) = pairs[rng.index(pairs.len())];
        let mut outer: Vec<(u8, u8)> = Vec::new();
        for tri in [t[i], t[j]] {
            for (a, b) in [(tri[0], tri[1]), (tri[1], tri[2]), (tri[0], tri[2])] {
                let s = (a.min(b), a.max(b));
                if s != shared {
                    outer.push(s);
                }
            }
        }
        let head = rng.range(0, 3) as usize; // moves before the setup
        let mut front: Vec<(u8, u8)> = order
            .iter()
            .copied()
            .filter(|s| *s != shared && !outer.contains(s))
            .collect();
        let rest = front.split_off(head);
        order = front;
        order.extend(outer);
        order.push(shared);
        order.extend(rest);
    }
    order.truncate(m);
    for s in order.iter_mut() {
        if shuffle_dots && rng.range(0, 1) == 1 {
            *s = (s.1, s.0);
        }
    }
    order
}

/// The oracle of poj1085-triangle-war for tests and `cargo xtask stress`.
pub struct TriangleWarOracle;

impl Oracle for TriangleWarOracle {
    type Input = Games;

    fn name() -> &'static str {
        "poj1085-triangle-war"
    }

    /// 1 to 3 games with m from 8 (rarely: the search is slow there) to 18 (often), some with a
    /// double-completing move, some cut right after a scoring move.
    fn generate(rng: &mut SplitMix64) -> Games {
        let games = (0..rng.range(1, 3))
            .map(|_| {
                let m = match rng.range(0, 9) {
                    0 | 1 => 18,
                    2 => rng.range(8, 9) as usize,
                    _ => rng.range(10, 17) as usize,
                };
                let double = rng.range(0, 2) == 0;
                let mut moves = random_game(rng, 18, double, true);
                if rng.range(0, 3) == 0 {
                    // Cut after a scoring move, if one comes at 8 or later.
                    if let Some(k) = (8..=18).find(|&k| scores_at(&moves, k)) {
                        moves.truncate(k);
                        return moves;
                    }
                }
                moves.truncate(m);
                moves
            })
            .collect();
        Games {
            games,
            crlf: rng.range(0, 3) == 0,
        }
    }

    fn parse(input: &[u8]) -> Result<Self::Input, String> {
        parse_input(input)
    }

    fn render(games: &Games) -> String {
        games.render()
    }

    fn brute_force(games: &Games) -> String {
        brute_force(games)
    }

    /// One game fewer; the dots of a move in increasing order; LF line ends.
    fn shrink(games: &Games) -> Vec<Games> {
        let mut smaller = Vec::new();
        if games.games.len() > 1 {
            for g in 0..games.games.len() {
                let mut less = games.clone();
                less.games.remove(g);
                smaller.push(less);
            }
        }
        for g in 0..games.games.len() {
            for k in 0..games.games[g].len() {
                let (a, b) = games.games[g][k];
                if a > b {
                    let mut less = games.clone();
                    less.games[g][k] = (b, a);
                    smaller.push(less);
                }
            }
        }
        if games.crlf {
            smaller.push(Games {
                crlf: false,
                ..games.clone()
            });
        }
        smaller
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// G = 1000 games, each with m = 6 (the most left to play) or m = 18.
    fn bench_inputs() -> Vec<BenchInput> {
        [6, 18]
            .iter()
            .map(|&m| {
                let mut rng = SplitMix64::new(1085 + m as u64);
                let games = (0..crate::MAX_GAMES)
                    .map(|_| {
                        let double = rng.range(0, 1) == 0;
                        random_game(&mut rng, m, double, true)
                    })
                    .collect();
                BenchInput {
                    name: format!("G = 1000, m = {}", m),
                    text: Games { games, crlf: false }.render(),
                }
            })
            .collect()
    }
}

/// Whether move `k` (1-based) of `moves` completes a triangle.
fn scores_at(moves: &[(u8, u8)], k: usize) -> bool {
    let board = Board::new();
    let mut play = Play {
        drawn: [[false; 11]; 11],
        owned: [0, 0],
        mover: 0,
    };
    for &(a, b) in &moves[..k - 1] {
        play.draw(&board, a, b);
    }
    let before = play.owned;
    let (a, b) = moves[k - 1];
    play.draw(&board, a, b);
    play.owned != before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_18_segments_and_9_triangles() {
        let board = Board::new();
        assert_eq!(board.segments().len(), 18);
        assert_eq!(board.triangles.len(), 9);
        assert!(board.joined[2][5] && board.joined[5][2] && !board.joined[1][4]);
    }

    #[test]
    fn double_setups_complete_two_triangles_at_once() {
        let mut rng = SplitMix64::new(5);
        let board = Board::new();
        for _ in 0..50 {
            let moves = random_game(&mut rng, 18, true, false);
            let mut play = Play {
                drawn: [[false; 11]; 11],
                owned: [0, 0],
                mover: 0,
            };
            let mut doubled = false;
            for &(a, b) in &moves {
                let before = play.complete(&board);
                play.draw(&board, a, b);
                doubled |= play.complete(&board) == before + 2;
            }
            assert!(doubled, "{:?}", moves);
        }
    }

    #[test]
    fn parse_input_reads_what_render_writes() {
        let mut rng = SplitMix64::new(6);
        for _ in 0..100 {
            let games = TriangleWarOracle::generate(&mut rng);
            assert_eq!(parse_input(games.render().as_bytes()), Ok(games));
        }
        assert!(parse_input(b"1\n6\n1 2\n").is_err());
    }
}
