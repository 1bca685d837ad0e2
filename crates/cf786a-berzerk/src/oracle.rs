//! Test oracle (feature `oracle`): random inputs (small sets at large-ish n too, as the problem's
//! notes ask), a brute force that iterates the rules until nothing changes, shrinking, and the
//! benchmark inputs.

use dp_core::{Error, SplitMix64};
use test_kit::{BenchInput, Oracle};

/// The oracle this crate registers (in `crates/problems/Cargo.toml`).
pub type ProblemOracle = Berzerk;

/// One input: n and the two sets, in the order they are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub n: usize,
    pub sets: [Vec<usize>; 2],
}

impl Input {
    /// The input file's text.
    pub fn render(&self) -> String {
        let mut text = format!("{}\n", self.n);
        for set in &self.sets {
            text.push_str(&set.len().to_string());
            set.iter().for_each(|x| text.push_str(&format!(" {}", x)));
            text.push('\n');
        }
        text
    }

    /// A random input on n objects: each set of `1..n` holds each element with probability
    /// `density` (at least one), shuffled.
    pub fn random(rng: &mut SplitMix64, n: usize, density: f64) -> Input {
        let mut set = || {
            let mut s: Vec<usize> = (1..n)
                .filter(|_| (rng.next_u64() % 1_000_000) as f64 / 1e6 < density)
                .collect();
            if s.is_empty() {
                s.push(rng.range(1, n as u64 - 1) as usize);
            }
            for i in (1..s.len()).rev() {
                s.swap(i, rng.index(i + 1));
            }
            s
        };
        let rick = set();
        Input {
            n,
            sets: [rick, set()],
        }
    }
}

/// Reads an input file (for tools); refuses what the statement does not allow.
pub fn parse_input(text: &[u8]) -> Result<Input, String> {
    let words: Vec<usize> = std::str::from_utf8(text)
        .map_err(|e| e.to_string())?
        .split_whitespace()
        .map(|w| w.parse().map_err(|_| format!("{:?} is not a count", w)))
        .collect::<Result<_, _>>()?;
    let mut at = 0;
    let mut next = || {
        at += 1;
        words.get(at - 1).copied().ok_or("the input ends early")
    };
    let n = next()?;
    let mut sets = [Vec::new(), Vec::new()];
    for set in &mut sets {
        for _ in 0..next()? {
            set.push(next()?);
        }
        let mut sorted = set.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if set.is_empty() || sorted.len() < set.len() || set.iter().any(|&x| x == 0 || x >= n) {
            return Err(format!("a set must be distinct elements of 1..{}", n));
        }
    }
    if !(2..=crate::MAX_N).contains(&n) || at < words.len() {
        return Err("n out of range, or tokens after the input".to_string());
    }
    Ok(Input { n, sets })
}

/// The answer by the rules, iterated to a fixpoint: a state (object, side to move) is `Win` if
/// some move puts the monster into the hole or into a state `Lose` for the other side, `Lose` if
/// every move reaches a state `Win` for the other side; repeat over all states until nothing
/// changes; what is left is `Loop`. O(n^2 (k1 + k2)).
pub fn brute_force(input: &Input) -> String {
    #[derive(Clone, Copy, PartialEq)]
    enum Status {
        Unknown,
        Win,
        Lose,
    }
    let n = input.n;
    // status[side][object - 1]; the hole (index 0) is never looked up: moving there wins.
    let mut status = vec![vec![Status::Unknown; n]; 2];
    let mut changed = true;
    while changed {
        changed = false;
        for side in 0..2 {
            for object in 1..n {
                if status[side][object] != Status::Unknown {
                    continue;
                }
                let targets: Vec<usize> =
                    input.sets[side].iter().map(|&x| (object + x) % n).collect();
                let other = &status[1 - side];
                let new = if targets.iter().any(|&t| t == 0 || other[t] == Status::Lose) {
                    Status::Win
                } else if targets.iter().all(|&t| other[t] == Status::Win) {
                    Status::Lose
                } else {
                    Status::Unknown
                };
                if new != Status::Unknown {
                    status[side][object] = new;
                    changed = true;
                }
            }
        }
    }
    let line = |side: usize| {
        let words: Vec<&str> = (1..n)
            .map(|object| match status[side][object] {
                Status::Win => "Win",
                Status::Lose => "Lose",
                Status::Unknown => "Loop",
            })
            .collect();
        words.join(" ") + "\n"
    };
    line(0) + &line(1)
}

/// The oracle of cf786a-berzerk for tests and `cargo xtask stress`.
pub struct Berzerk;

impl Oracle for Berzerk {
    type Input = Input;

    fn name() -> &'static str {
        "cf786a-berzerk"
    }

    /// Mostly n up to 12 with any sets; a quarter n up to 60 with sets of one to three elements
    /// (where `Lose` and `Loop` live at large n).
    fn generate(rng: &mut SplitMix64) -> Input {
        if rng.index(4) == 0 {
            let n = rng.range(10, 60) as usize;
            let density = rng.range(1, 3) as f64 / n as f64;
            Input::random(rng, n, density)
        } else {
            let n = rng.range(2, 12) as usize;
            let density = [0.2, 0.5, 0.9][rng.index(3)];
            Input::random(rng, n, density)
        }
    }

    fn parse(input: &[u8]) -> Result<Self::Input, String> {
        parse_input(input)
    }

    fn render(input: &Input) -> String {
        input.render()
    }

    fn brute_force(input: &Input) -> String {
        brute_force(input)
    }

    /// One fewer object (dropping the elements that no longer fit), then each element dropped.
    fn shrink(input: &Input) -> Vec<Input> {
        let mut smaller = Vec::new();
        let m = input.n - 1;
        let fit = |set: &Vec<usize>| set.iter().copied().filter(|&x| x < m).collect::<Vec<_>>();
        let sets = [fit(&input.sets[0]), fit(&input.sets[1])];
        if m >= 2 && sets.iter().all(|s| !s.is_empty()) {
            smaller.push(Input { n: m, sets });
        }
        for side in 0..2 {
            for i in 0..input.sets[side].len() {
                if input.sets[side].len() > 1 {
                    let mut less = input.clone();
                    less.sets[side].remove(i);
                    smaller.push(less);
                }
            }
        }
        smaller
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// n = 7000 with full sets (about 10^8 un-move visits), and with sets of 1 to 3 and of about
    /// 70 elements (many `Lose` and `Loop`), from fixed seeds.
    fn bench_inputs() -> Vec<BenchInput> {
        let n = crate::MAX_N;
        let full = Input {
            n,
            sets: [(1..n).collect(), (1..n).rev().collect()],
        };
        let mut rng = SplitMix64::new(786);
        let few = Input::random(&mut rng, n, 2.0 / n as f64);
        let some = Input::random(&mut rng, n, 0.01);
        vec![
            BenchInput {
                name: "n=7000 full sets".to_string(),
                text: full.render(),
            },
            BenchInput {
                name: format!("n=7000 k={},{}", few.sets[0].len(), few.sets[1].len()),
                text: few.render(),
            },
            BenchInput {
                name: format!("n=7000 k={},{}", some.sets[0].len(), some.sets[1].len()),
                text: some.render(),
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brute_force_on_the_statement() {
        let input = |n, a: &[usize], b: &[usize]| Input {
            n,
            sets: [a.to_vec(), b.to_vec()],
        };
        assert_eq!(
            brute_force(&input(5, &[3, 2], &[1, 2, 3])),
            "Lose Win Win Loop\nLoop Win Win Win\n"
        );
        assert_eq!(
            brute_force(&input(7, &[2, 3], &[4])),
            "Loop Loop Loop Win Win Win\nLose Lose Win Loop Loop Loop\n"
        );
    }

    #[test]
    fn render_parses_back_and_shrink_makes_smaller_inputs() {
        let mut rng = SplitMix64::new(1);
        for _ in 0..300 {
            let input = Berzerk::generate(&mut rng);
            assert_eq!(parse_input(input.render().as_bytes()), Ok(input.clone()));
            let size = |i: &Input| i.n + i.sets[0].len() + i.sets[1].len();
            for smaller in Berzerk::shrink(&input) {
                assert!(parse_input(smaller.render().as_bytes()).is_ok());
                assert!(size(&smaller) < size(&input));
            }
        }
        assert!(parse_input(b"5 2 3 3 1 1").is_err());
        assert!(parse_input(b"5 1 5 1 1").is_err());
        assert!(parse_input(b"5 1 1 1 1 9").is_err());
    }

    #[test]
    fn bench_inputs_are_fixed_and_as_large_as_allowed() {
        let inputs = Berzerk::bench_inputs();
        assert_eq!(inputs, Berzerk::bench_inputs());
        for input in &inputs {
            assert_eq!(parse_input(input.text.as_bytes()).unwrap().n, 7000);
        }
    }
}
