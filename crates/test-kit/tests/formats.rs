//! The kit's formats, shape by shape: parsing (errors naming the token), rendering (and reading
//! back under every line-end variant), generation within the bounds at both sizes, and
//! shrinking that keeps the constraints and only proposes other values.

use dp_core::SplitMix64;
use test_kit::format::*;
use test_kit::gen::{self, TreeShape};
use test_kit::LineEnds;

/// Generation, rendering, reading back (with every line-end variant) and shrinking, on `cases`
/// random small values: every value generated or shrunk must satisfy `ok`.
fn round_trip<F: Format>(format: &F, cases: u64, ok: impl Fn(&F::Value) -> bool) {
    let mut rng = SplitMix64::new(11);
    for _ in 0..cases {
        let value = format.generate(&mut rng, Size::Small);
        assert!(ok(&value), "generated {:?}", value);
        let text = format.render(&value);
        for ends in LineEnds::ALL {
            let variant = ends.apply(&text);
            assert_eq!(
                format.parse(variant.as_bytes()),
                Ok(value.clone()),
                "{:?}",
                variant
            );
            assert_eq!(LineEnds::of(variant.as_bytes()).apply(&text), variant);
        }
        assert!(
            format.parse(format!("{}7 ", text).as_bytes()).is_err(),
            "a token after it"
        );
        for smaller in format.shrink(&value) {
            assert_ne!(smaller, value);
            assert!(ok(&smaller), "shrunk {:?} to {:?}", value, smaller);
            assert!(format.parse(format.render(&smaller).as_bytes()).is_ok());
        }
    }
}

/// Greedy shrinking of `value` while `fails` holds, as the stress engine does.
fn shrunk<F: Format>(
    format: &F,
    mut value: F::Value,
    fails: impl Fn(&F::Value) -> bool,
) -> F::Value {
    'outer: loop {
        for smaller in format.shrink(&value) {
            if fails(&smaller) {
                value = smaller;
                continue 'outer;
            }
        }
        return value;
    }
}

#[test]
fn integers_parse_render_generate_and_shrink_towards_zero() {
    let f = int("x", -5..=100i32).small(-5..=5);
    assert_eq!(f.parse(b" 42\n"), Ok(42));
    assert_eq!(f.render(&-3), "-3\n");
    assert_eq!(
        f.parse(b"101").unwrap_err().to_string(),
        "token 1 (line 1): expected x (an integer in -5..=100), found \"101\""
    );
    assert_eq!(
        f.parse(b"").unwrap_err().to_string(),
        "token 1 (line 1): expected x (an integer in -5..=100), found end of input"
    );
    assert_eq!(f.shrink(&10), [0, 5, 9]);
    assert_eq!(f.shrink(&-4), [0, -1, -2, -3]); // every value between when few
    assert!(f.shrink(&0).is_empty());
    round_trip(&f, 300, |&x| (-5..=5).contains(&x));
    let mut rng = SplitMix64::new(1);
    let top = (0..200)
        .map(|_| int("x", 1..=10u8).max(7).generate(&mut rng, Size::Max))
        .max();
    assert_eq!(top, Some(7));
    // Shrinks stay in the range: towards its start when 0 is outside it.
    assert_eq!(int("x", 3..=9u64).shrink(&9), [3, 4, 5, 6, 7, 8]);
    assert_eq!(int("x", 3..=90u64).shrink(&90), [3, 46, 89]);
}

#[test]
fn counted_lists_and_cases_keep_their_lengths_in_bounds() {
    let f = cases(
        "T",
        1..=4,
        list("n", 0..=6, int("a", 1..=9u32)).small(0..=6),
    )
    .small(1..=4);
    let v = f.parse(b"2\n0\n\n3\n1 2 3\n").unwrap();
    assert_eq!(v, vec![vec![], vec![1, 2, 3]]);
    assert_eq!(f.render(&v), "2\n0\n3\n1 2 3\n");
    assert!(f
        .parse(b"5\n")
        .unwrap_err()
        .to_string()
        .contains("expected T (an integer in 1..=4)"));
    let err = f.parse(b"1\n2\n1\n").unwrap_err().to_string();
    assert!(
        err.starts_with("token 4 ")
            && err.contains("expected a (an integer in 1..=9), found end of input"),
        "{}",
        err
    );
    round_trip(&f, 300, |v| {
        (1..=4).contains(&v.len())
            && v.iter()
                .all(|r| r.len() <= 6 && r.iter().all(|&a| (1..=9).contains(&a)))
    });
    // Short lists shrink to any contiguous run, shortest first.
    let l = list("n", 1..=8, int("a", 1..=9u32));
    let shorter = l.shrink(&vec![4, 5, 6]);
    assert_eq!(
        shorter[..5],
        [vec![4], vec![5], vec![6], vec![4, 5], vec![5, 6]]
    );
    assert!(shorter.contains(&vec![4, 6]));
    // A failure needing 5 and 6 side by side shrinks to exactly them.
    let long = vec![1, 5, 6, 2, 9, 9, 3, 4, 5, 6, 7];
    let fails = |v: &Vec<u32>| v.windows(2).any(|w| w == [5, 6]);
    let l = list("n", 1..=20, int("a", 1..=9u32));
    assert_eq!(shrunk(&l, long, fails), [5, 6]);
    // Maximum size: the statement's length.
    let big = list("n", 1..=100_000, int("a", 1..=9u32)).max(1000);
    assert_eq!(big.generate(&mut SplitMix64::new(2), Size::Max).len(), 1000);
}

#[test]
fn offsets_inline_counts_distinct_items_and_terminators() {
    // n cells of which the first two hold no value.
    let f = list("n", 0..=5, int("a", 1..=9u32)).offset(2);
    assert_eq!(f.render(&vec![7, 8]), "4\n7 8\n");
    assert_eq!(f.parse(b"2\n"), Ok(vec![]));
    assert!(f
        .parse(b"1\n")
        .unwrap_err()
        .to_string()
        .contains("expected n (an integer in 2..=7)"));
    let set = list("k", 1..=5, int("s", 1..=6usize)).inline().distinct();
    assert_eq!(set.render(&vec![3, 1]), "2 3 1\n");
    assert!(set
        .parse(b"2 3 3")
        .unwrap_err()
        .to_string()
        .contains("repeats"));
    round_trip(&set, 300, |v| (1..v.len()).all(|i| !v[..i].contains(&v[i])));
    // Until a terminator token, and until the end of input.
    let zero = until("0", 0..=5, line((int("w", 1..=9u32), int("h", 1..=9u32))));
    assert_eq!(zero.parse(b"2 3\n4 5\n0\n"), Ok(vec![(2, 3), (4, 5)]));
    assert_eq!(zero.render(&vec![(2, 3)]), "2 3\n0\n");
    assert!(zero.parse(b"2 3\n").is_err());
    round_trip(&zero, 200, |v| v.len() <= 5);
    let end = until_end(1..=3, (int("w", 2..=9u32), int("h", 2..=9u32)));
    assert_eq!(end.parse(b"2 3\r\n4 5"), Ok(vec![(2, 3), (4, 5)]));
    assert_eq!(end.render(&vec![(2, 3), (4, 5)]), "2 3\n4 5\n");
    assert!(end
        .parse(b"")
        .unwrap_err()
        .to_string()
        .contains("fewer than 1"));
    assert!(end
        .parse(b"2 3 4 5 6 7 8 9")
        .unwrap_err()
        .to_string()
        .contains("more than 3"));
    round_trip(&end, 200, |v| (1..=3).contains(&v.len()));
}

#[test]
fn dependent_parts_follow_the_sizes_read_before_them() {
    let board = then(
        line((int("n", 1..=4usize), int("m", 1..=4usize))),
        |&(n, m)| {
            (
                matrix(n, m, int("a", 0..=9u32)),
                matrix(n, m, int("b", 0..=9u32)),
            )
        },
    );
    let text = "2 2\n1 2\n3 4\n5 6\n7 8\n";
    let v = board.parse(text.as_bytes()).unwrap();
    assert_eq!(
        v,
        (
            (2, 2),
            (vec![vec![1, 2], vec![3, 4]], vec![vec![5, 6], vec![7, 8]])
        )
    );
    assert_eq!(board.render(&v), text);
    // Fewer rows keeps the top rows of both matrices; fewer columns the left columns.
    let shrinks = board.shrink(&v);
    assert!(shrinks.contains(&((1, 2), (vec![vec![1, 2]], vec![vec![5, 6]]))));
    assert!(shrinks.contains(&((2, 1), (vec![vec![1], vec![3]], vec![vec![5], vec![7]]))));
    round_trip(&board, 300, |((n, m), (a, b))| {
        a.len() == *n && b.len() == *n && a.iter().chain(b).all(|r| r.len() == *m)
    });
    // A set of elements below n drops those that no longer fit when n shrinks.
    let sets = then(line(int("n", 2..=9usize)), |&n| {
        line(
            list("k", 1..=n - 1, int("s", 1..=n - 1))
                .inline()
                .distinct(),
        )
    });
    let v = sets.parse(b"6\n3 5 1 2\n").unwrap();
    assert!(sets.shrink(&v).contains(&(5, vec![1, 2])) || sets.shrink(&v).contains(&(2, vec![1])));
    round_trip(&sets, 300, |(n, s)| s.iter().all(|&x| x < *n));
}

#[test]
fn words_and_character_grids() {
    let w = word("s", b"ab", 1..=4);
    assert_eq!(w.parse(b"abba"), Ok(b"abba".to_vec()));
    assert!(w
        .parse(b"abc")
        .unwrap_err()
        .to_string()
        .starts_with("token 1 (line 1): expected s (1 to 4 of \"ab\")"));
    assert!(w
        .parse(b"")
        .unwrap_err()
        .to_string()
        .contains("found end of input"));
    round_trip(&w, 200, |s| (1..=4).contains(&s.len()));
    assert!(w.shrink(&b"bb".to_vec()).contains(&b"b".to_vec()));
    let g = grid("H", "W", 1..=2000, b"-+");
    let v = g.parse(b"2 3\n+-+\n--+\n").unwrap();
    assert_eq!(v, [b"+-+".to_vec(), b"--+".to_vec()]);
    assert_eq!(g.render(&v), "2 3\n+-+\n--+\n");
    assert!(g
        .parse(b"2 2\n++\n+")
        .unwrap_err()
        .to_string()
        .contains("expected a row"));
    assert!(g
        .parse(b"1 2\n+*")
        .unwrap_err()
        .to_string()
        .contains("found \"+*\""));
    let cells = |v: &Vec<Vec<u8>>| v.len() * v[0].len();
    round_trip(&g, 300, |v| {
        cells(v) <= 36 || v.len() == 1 || v[0].len() == 1
    });
    for smaller in g.shrink(&v) {
        let pluses = |v: &Vec<Vec<u8>>| v.iter().flatten().filter(|&&c| c == b'+').count();
        assert!((cells(&smaller), pluses(&smaller)) < (cells(&v), pluses(&v)));
    }
    let mut rng = SplitMix64::new(3);
    let shapes: Vec<Vec<Vec<u8>>> = (0..100)
        .map(|_| g.generate(&mut rng, Size::Small))
        .collect();
    assert!(shapes
        .iter()
        .any(|v| v.iter().flatten().all(|&c| c == b'+')));
    assert!(
        shapes.iter().any(|v| v.len() == 1)
            && shapes.iter().any(|v| v[0].len() == 1 && v.len() > 6)
    );
}

#[test]
fn trees_stay_trees_and_graphs_keep_their_kind() {
    let t = tree("n", 1..=100);
    let v = t.parse(b"3\n1 2\n3 1\n").unwrap();
    assert_eq!(
        v,
        Graph {
            n: 3,
            edges: vec![(1, 2), (3, 1)]
        }
    );
    assert_eq!(t.render(&v), "3\n1 2\n3 1\n");
    assert!(t
        .parse(b"3\n1 2\n2 1\n")
        .unwrap_err()
        .to_string()
        .contains("do not form a tree"));
    assert!(t
        .parse(b"3\n1 2\n2 4\n")
        .unwrap_err()
        .to_string()
        .contains("expected v (an integer in 1..=3)"));
    let is_tree = |g: &Graph| g.edges.len() + 1 == g.n && g.is_connected();
    round_trip(&t, 300, is_tree);
    let fails = |g: &Graph| g.n >= 3; // the smallest failing tree is a path of 3
    let big = Graph {
        n: 7,
        edges: gen::tree(&mut SplitMix64::new(4), 7, TreeShape::Star),
    };
    assert_eq!(shrunk(&t, big, fails).n, 3);
    let dag = dag("n", "m", 1..=8, 20);
    assert!(dag
        .parse(b"3 3\n1 2\n2 3\n3 1\n")
        .unwrap_err()
        .to_string()
        .contains("cycle"));
    round_trip(&dag, 300, |g| g.is_acyclic() && g.is_simple());
    let connected = edges("n", "m", 1..=8, 20).connected();
    assert!(connected
        .parse(b"3 1\n1 2\n")
        .unwrap_err()
        .to_string()
        .contains("connected"));
    round_trip(&connected, 300, |g| g.is_connected() && g.is_simple());
    let plain = edges("n", "m", 1..=8, 20);
    assert!(plain
        .parse(b"2 1\n1 1\n")
        .unwrap_err()
        .to_string()
        .contains("loop"));
    round_trip(&plain, 300, Graph::is_simple);
    let adj = adjacency("n", 1..=6);
    let v = adj.parse(b"3\n2 2 3\n0\n1 1\n").unwrap();
    assert_eq!(v, (3, vec![vec![2, 3], vec![], vec![1]]));
    assert_eq!(adj.render(&v), "3\n2 2 3\n0\n1 1\n");
    round_trip(&adj, 200, |(n, lists)| {
        lists.len() == *n && lists.iter().flatten().all(|&x| x <= *n)
    });
}

#[test]
fn valued_trees_keep_a_value_per_vertex_and_stay_trees() {
    let t = valued_tree("N", 2..=100, int("A_i", 0..=1_000_000_000u64).small(0..=3));
    let v = t.parse(b"3\n5 0 7\n1 2\n3 1\n").unwrap();
    let graph = Graph {
        n: 3,
        edges: vec![(1, 2), (3, 1)],
    };
    assert_eq!(v, (vec![5, 0, 7], graph.clone()));
    assert_eq!(t.render(&v), "3\n5 0 7\n1 2\n3 1\n");
    assert!(t
        .parse(b"3\n1 2 3\n1 2\n2 1\n")
        .unwrap_err()
        .to_string()
        .contains("do not form a tree"));
    assert!(t
        .parse(b"3\n1 2 x\n1 2\n2 3\n")
        .unwrap_err()
        .to_string()
        .contains("expected A_i"));
    assert!(t
        .parse(b"1\n4\n")
        .unwrap_err()
        .to_string()
        .contains("expected N"));
    // A leaf dropped takes its value; a contracted edge keeps the lower end's value.
    let shrunk_trees = t.shrink(&v);
    assert!(shrunk_trees.contains(&(
        vec![5, 0],
        Graph {
            n: 2,
            edges: vec![(1, 2)]
        }
    )));
    assert!(shrunk_trees.contains(&(
        vec![5, 7],
        Graph {
            n: 2,
            edges: vec![(2, 1)]
        }
    )));
    assert!(shrunk_trees.contains(&(vec![4, 0, 7], graph)));
    let ok = |(values, g): &(Vec<u64>, Graph)| {
        values.len() == g.n && g.edges.len() + 1 == g.n && g.is_connected()
    };
    round_trip(&t, 300, ok);
    let mut rng = SplitMix64::new(5);
    let drawn: Vec<_> = (0..200)
        .map(|_| t.generate(&mut rng, Size::Small))
        .collect();
    assert!(drawn
        .iter()
        .all(|(values, _)| values.iter().all(|&a| a <= 3)));
    assert!(drawn.iter().any(|(values, _)| values.contains(&3)));
    assert!(drawn
        .iter()
        .any(|(values, g)| g.n > 3 && values.iter().all(|&a| a <= 1)));
    let max = t.generate(&mut rng, Size::Max);
    assert_eq!(max.0.len(), 100);
    assert!(ok(&max));
    // The smallest failing tree: 3 vertices, one of them with a value of at least 2.
    let fails = |(values, g): &(Vec<u64>, Graph)| g.n >= 3 && values.iter().any(|&a| a >= 2);
    let big = (
        vec![9, 4, 8, 7, 6, 3, 5],
        Graph {
            n: 7,
            edges: gen::tree(&mut SplitMix64::new(4), 7, TreeShape::Star),
        },
    );
    let small = shrunk(&t, big, fails);
    assert_eq!((small.1.n, small.0.iter().sum::<u64>()), (3, 2));
}

#[test]
fn keywords_name_the_kind_and_shrink_to_earlier_words() {
    let kind = one_of("the solver", &["walk", "ends", "pins"]);
    assert_eq!(kind.parse(b"ends\n"), Ok("ends"));
    assert_eq!(kind.render(&"pins"), "pins\n");
    let err = kind.parse(b"cutting\n").unwrap_err().to_string();
    assert!(
        err.contains("expected the solver (walk, ends or pins), found \"cutting\""),
        "{}",
        err
    );
    assert!(kind.parse(b"").is_err());
    assert_eq!(kind.shrink(&"pins"), ["walk", "ends"]);
    assert!(kind.shrink(&"walk").is_empty());
    round_trip(&kind, 50, |w| ["walk", "ends", "pins"].contains(w));
    // An input that names its kind first: what follows depends on it, and follows it when it
    // shrinks (a variant the earlier kind lacks is dropped).
    let input = line(then(kind, |&k| {
        let variants: &'static [&'static str] = if k == "pins" {
            &["a", "b", "c"]
        } else {
            &["a", "b"]
        };
        (
            one_of("the variant", variants),
            int("N", 1..=100u32).small(1..=4),
        )
    }));
    assert_eq!(input.parse(b"pins c 7\n"), Ok(("pins", ("c", 7))));
    assert!(input.parse(b"walk c 7\n").is_err());
    let shrunk = input.shrink(&("pins", ("c", 7)));
    assert!(shrunk.iter().all(|(k, (v, _))| *k == "pins" || *v != "c"));
    assert!(shrunk.contains(&("pins", ("c", 6))) && shrunk.contains(&("pins", ("a", 7))));
    round_trip(&input, 200, |(k, (v, n))| {
        (*k == "pins" || *v != "c") && (1..=4).contains(n)
    });
}

#[test]
fn generators_make_every_shape() {
    let mut rng = SplitMix64::new(9);
    for shape in TreeShape::ALL {
        for n in 1..=12 {
            let g = Graph {
                n,
                edges: gen::tree(&mut rng, n, shape),
            };
            assert!(
                g.edges.len() + 1 == n && g.is_connected(),
                "{:?} {:?}",
                shape,
                g
            );
        }
    }
    let degrees = |edges: &[(usize, usize)], n: usize| {
        let mut d = vec![0; n + 1];
        edges.iter().for_each(|&(a, b)| {
            d[a] += 1;
            d[b] += 1;
        });
        d
    };
    assert_eq!(
        degrees(&gen::tree(&mut rng, 6, TreeShape::Star), 6)
            .iter()
            .max(),
        Some(&5)
    );
    assert_eq!(
        degrees(&gen::tree(&mut rng, 6, TreeShape::Path), 6)
            .iter()
            .max(),
        Some(&2)
    );
    // Vertex 1 is anywhere: a leaf of some stars, the centre of others.
    let centre = (0..100)
        .filter(|_| degrees(&gen::tree(&mut rng, 6, TreeShape::Star), 6)[1] == 5)
        .count();
    assert!((5..60).contains(&centre), "{}", centre);
    let g = Graph {
        n: 9,
        edges: gen::connected_graph(&mut rng, 9, 15),
    };
    assert!(g.is_connected() && g.is_simple() && g.edges.len() == 15);
    let d = Graph {
        n: 9,
        edges: gen::dag(&mut rng, 9, 20),
    };
    assert!(d.is_acyclic() && d.is_simple() && d.edges.len() == 20);
    let w = gen::word(&mut rng, b"xyz", 50);
    assert!(w.len() == 50 && w.iter().all(|c| b"xyz".contains(c)));
    let s = gen::subset(&mut rng, 1, 100, 0, 3);
    assert_eq!(s.len(), 3);
    assert!(s.windows(2).all(|p| p[0] < p[1]));
}

#[test]
fn balance_spreads_rare_answers_and_rules_hold() {
    // Multiples of 10 are rare among 1..=100: drawing 20 and picking an answer makes them half.
    let f = int("x", 1..=100u32)
        .small(1..=100)
        .balanced(20, |&x| x % 10 == 0);
    let mut rng = SplitMix64::new(5);
    let rare = (0..1000)
        .filter(|_| f.generate(&mut rng, Size::Small) % 10 == 0)
        .count();
    assert!((350..650).contains(&rare), "{}", rare);
    let even = int("x", 0..=50u32)
        .small(0..=50)
        .valid("x is even", |&x| x % 2 == 0);
    assert!(even
        .parse(b"3")
        .unwrap_err()
        .to_string()
        .contains("x is even"));
    round_trip(&even, 200, |&x| x % 2 == 0);
    let seven = int("x", 0..=9u32).generate_with(|_, _| 7);
    assert_eq!(seven.generate(&mut rng, Size::Small), 7);
}

/// A toy problem on the kit: the sum of a list, line ends varied, a guard at a sum of 30.
struct Sum;

impl test_kit::Problem for Sum {
    const NAME: &'static str = "sum";
    const SOLVE: test_kit::Solve = |input, out| {
        let mut sc = dp_core::Scanner::new(input);
        let n: usize = sc.next("n")?;
        let total = (0..n)
            .map(|_| sc.next::<u64>("a"))
            .sum::<Result<u64, _>>()?;
        out.extend_from_slice(format!("{}\n", total).as_bytes());
        sc.finish()
    };
    const LINE_ENDS: bool = true;
    type Value = Vec<u64>;
    fn format() -> impl Format<Value = Vec<u64>> {
        list("n", 1..=9, int("a", 0..=9u64).small(0..=3)).small(1..=9)
    }
    fn brute(items: &Vec<u64>) -> String {
        format!("{}\n", items.iter().sum::<u64>())
    }
    fn refuses(items: &Vec<u64>) -> Option<String> {
        test_kit::at_most("(the sum)", items.iter().sum(), 30)
    }
}

#[test]
fn a_problem_is_an_oracle_with_line_ends_and_a_guard() {
    use test_kit::{find_mismatch, Input, Problem};
    assert!(find_mismatch::<Sum>(1, 300).is_none());
    let mut rng = SplitMix64::new(8);
    let inputs: Vec<Input<Vec<u64>>> = (0..300).map(|_| Sum::generate(&mut rng)).collect();
    for ends in LineEnds::ALL {
        assert!(inputs.iter().any(|i| i.ends == ends), "{:?}", ends);
    }
    for input in &inputs {
        assert!(Sum::refuses(input).is_none(), "generated {:?}", input);
        let text = Sum::render(input);
        assert_eq!(Sum::render(&Sum::parse(text.as_bytes()).unwrap()), text);
        let smaller = Sum::shrink(input);
        assert!(smaller
            .iter()
            .all(|s| s != input && Sum::refuses(s).is_none()));
        assert_eq!(
            smaller
                .iter()
                .any(|s| s.ends == LineEnds::Lf && s.value == input.value),
            input.ends != LineEnds::Lf
        );
    }
    let big = Input::new(vec![9, 9, 9, 9]);
    assert_eq!(
        Sum::refuses(&big).unwrap(),
        "36 (the sum): the brute force stops at 30"
    );
    assert!(Sum::shrink(&Input::new(vec![9, 9, 9, 9, 9]))
        .iter()
        .all(|s| s.value.iter().sum::<u64>() <= 30));
}

/// A header of five named fields (the statement's `R C catJump mouseJump T`), then its rows with
/// exactly one `C`, `M` and `F`: the layout of a grid after any header.
#[test]
fn records_of_named_fields_and_rows_after_a_header() {
    let header = line((
        int("R", 1..=20usize).small(1..=4),
        int("C", 1..=20usize).small(1..=4),
        int("catJump", 1..=8u8).small(1..=3),
        int("mouseJump", 1..=8u8).small(1..=3),
        int("T", 1..=1_000_000u32).small(1..=12),
    ))
    .valid("room for C, M and F", |&(r, c, ..)| r * c >= 3);
    let format = then(header, |&(r, c, ..)| rows(r, c, b".#CMF").unique(b"CMF"));
    let value = format.parse(b"1 7 1 4 1000\nM.C...F\n").unwrap();
    assert_eq!(value, ((1, 7, 1, 4, 1000), vec![b"M.C...F".to_vec()]));
    let err = |text: &[u8]| format.parse(text).unwrap_err().to_string();
    assert!(err(b"1 7 1 4 0\nM.C...F\n").contains("expected T (an integer in 1..=1000000)"));
    assert!(err(b"1 7 1 4 9\nM.C..F\n").contains("row 1"));
    assert!(err(b"1 3 1 4 9\nMCC\n").contains("column 3"));
    assert!(err(b"1 3 1 4 9\nMC.\n").contains('F'));
    assert!(err(b"1 3 1 4 9\nMCx\n").contains("column 3"));
    let once = |grid: &Vec<Vec<u8>>| {
        b"CMF"
            .iter()
            .all(|&u| grid.concat().iter().filter(|&&b| b == u).count() == 1)
    };
    round_trip(&format, 300, |((r, c, ..), grid)| {
        grid.len() == *r && grid.iter().all(|row| row.len() == *c) && once(grid)
    });
    // A failure that needs only C and F in one row shrinks to the smallest such grid.
    let big = format
        .parse(b"4 4 2 3 9\n#.M.\n..#.\nC..F\n##.#\n")
        .unwrap();
    let small = shrunk(&format, big, |(_, grid)| {
        grid.iter()
            .any(|row| row.contains(&b'C') && row.contains(&b'F'))
    });
    assert_eq!(small.1.len() * small.1[0].len(), 3, "{:?}", small);
    assert_eq!(small.0 .4, 1, "T shrinks to its least");
    assert!(small.1.concat().iter().all(|b| b"CMF.".contains(b)));
    // Rows cut to fewer columns than their unique cells need do not fit.
    assert_eq!(
        rows(1, 2, b".CMF")
            .unique(b"CMF")
            .fit(&vec![b"CMF".to_vec()]),
        None
    );
}

/// `n k`, a tree's edges, then the values: sized by the header, values after the edges.
#[test]
fn tree_edges_sized_by_a_header_with_values_after_them() {
    let format = then(
        line((
            int("n", 3..=100_000usize).small(3..=8),
            int("k", 1..=20u8).small(1..=3),
        )),
        |&(n, _)| {
            (
                tree_edges(n),
                line(fixed(n, int("a_i", 0..=1_000_000_000u64).small(0..=3))),
            )
        },
    );
    let value = format
        .parse(b"5 1\n1 2\n1 3\n5 2\n4 3\n0 3 2 4 4\n")
        .unwrap();
    assert_eq!(value.1 .0.edges, vec![(1, 2), (1, 3), (5, 2), (4, 3)]);
    let err = |text: &[u8]| format.parse(text).unwrap_err().to_string();
    assert!(err(b"3 1\n1 2\n2 1\n0 0 0\n").contains("the edges do not form a tree"));
    assert!(err(b"3 1\n1 2\n2 4\n0 0 0\n").contains("expected v (an integer in 1..=3)"));
    assert!(err(b"3 1\n1 2\n2 3\n0 0\n").contains("a_i"));
    let is_tree = |g: &Graph| g.edges.len() + 1 == g.n && g.is_connected();
    round_trip(&format, 300, |((n, _), (g, values))| {
        g.n == *n && values.len() == *n && is_tree(g)
    });
    // A failure that needs a vertex of degree 3 loses vertices and values (the highest vertex
    // merged into its neighbour while the failure holds).
    let big = format
        .parse(b"7 2\n1 2\n2 3\n3 4\n3 5\n5 6\n3 7\n1 2 3 0 1 2 3\n")
        .unwrap();
    let small = shrunk(&format, big, |(_, (g, _))| {
        (1..=g.n).any(|v| g.edges.iter().filter(|&&(a, b)| a == v || b == v).count() >= 3)
    });
    assert!(small.0 .0 <= 5 && small.0 .1 == 1, "{:?}", small);
    assert_eq!(small.1 .1, vec![0; small.0 .0]);
}

/// A statement's largest tree is read and drawn in linear time: the checks parse the bench
/// inputs, and a connectivity test that scanned every edge for each vertex took hours at
/// n = 10^5 (a Prüfer decoding that searched for each leaf afresh, 90 s).
#[test]
fn the_largest_trees_parse() {
    let n = 200_000;
    let mut text = format!("{}\n", n);
    for v in 2..=n {
        text.push_str(&format!("{} {}\n", v - 1, v));
    }
    let path = tree("N", 1..=n).parse(text.as_bytes()).unwrap();
    assert_eq!(path.edges.len(), n - 1);
    let edges = text.split_once('\n').unwrap().1;
    let star: String = (2..=n).map(|v| format!("1 {}\n", v)).collect();
    for body in [edges.to_string(), star] {
        assert_eq!(tree_edges(n).parse(body.as_bytes()).unwrap().n, n);
    }
    // And drawn in linear time: a uniform tree decodes its Prüfer sequence leaf by leaf.
    let uniform = Graph {
        n,
        edges: gen::tree(&mut SplitMix64::new(9), n, TreeShape::Uniform),
    };
    let text = tree_edges(n).render(&uniform);
    assert_eq!(tree_edges(n).parse(text.as_bytes()), Ok(uniform));
    let dag_text = format!("{} {}\n{}", n, n - 1, edges);
    assert!(dag("n", "m", 1..=n, n).parse(dag_text.as_bytes()).is_ok());
}
