use super::*;

fn edges(input: &str, n: usize, m: usize, format: &GraphFormat) -> Result<CsrGraph, String> {
    let mut sc = Scanner::new(input.as_bytes());
    let graph = CsrGraph::read_edges(&mut sc, n, m, format).map_err(|e| e.to_string())?;
    sc.finish().map_err(|e| e.to_string())?;
    Ok(graph)
}

fn adjacency(input: &str, n: usize, format: &GraphFormat) -> Result<CsrGraph, String> {
    let mut sc = Scanner::new(input.as_bytes());
    let graph = CsrGraph::read_adjacency(&mut sc, n, format).map_err(|e| e.to_string())?;
    sc.finish().map_err(|e| e.to_string())?;
    Ok(graph)
}

/// Every arc of `graph` as (from, to, weight), sorted.
fn arc_set(graph: &CsrGraph) -> Vec<(usize, u32, i64)> {
    let mut arcs = Vec::new();
    for v in 0..graph.vertices() {
        let weights = graph.weights_of(v);
        for (i, &to) in graph.neighbors(v).iter().enumerate() {
            arcs.push((v, to, weights.get(i).copied().unwrap_or(0)));
        }
    }
    arcs.sort();
    arcs
}

#[test]
fn edge_lists_in_both_bases_and_directions() {
    let one = edges("1 2\n3 1\n", 3, 2, &GraphFormat::directed(1)).unwrap();
    assert_eq!(one.offsets(), [0, 1, 1, 2]);
    assert_eq!(one.targets(), [1, 0]);
    let zero = edges("0 1\n2 0\n", 3, 2, &GraphFormat::directed(0)).unwrap();
    assert_eq!(zero, one);
    let both = edges("1 2\r\n3 1\r\n", 3, 2, &GraphFormat::undirected(1)).unwrap();
    assert_eq!(both.neighbors(0), [1, 2]);
    assert_eq!(both.neighbors(1), [0]);
    assert_eq!(both.neighbors(2), [0]);
    assert_eq!(both.reversed(), both.reversed().reversed().reversed());
    let empty = edges("", 5, 0, &GraphFormat::undirected(1)).unwrap();
    assert_eq!((empty.vertices(), empty.arcs()), (5, 0));
    assert_eq!(
        edges("", 0, 0, &GraphFormat::directed(0))
            .unwrap()
            .vertices(),
        0
    );
}

#[test]
fn weights_follow_their_arcs() {
    let format = GraphFormat::undirected(1).weighted(-10..=10);
    let graph = edges("1 2 -3\n2 3 7\n", 3, 2, &format).unwrap();
    assert_eq!(
        arc_set(&graph),
        [(0, 1, -3), (1, 0, -3), (1, 2, 7), (2, 1, 7)]
    );
    assert_eq!(arc_set(&graph.reversed()), arc_set(&graph));
    let err = edges("1 2 11\n", 3, 1, &format).unwrap_err();
    assert_eq!(
        err,
        "token 3 (line 1): expected weight w of edge 1 (an integer in -10..=10), found \"11\""
    );
    let adj = adjacency("1 2 5\n0\n", 2, &GraphFormat::directed(1).weighted(0..=9)).unwrap();
    assert_eq!(adj.weights(), [5]);
}

#[test]
fn bad_vertices_name_their_token() {
    let format = GraphFormat::undirected(1);
    for (input, n, m, message) in [
        (
            "1 2\n2 4\n",
            3,
            2,
            "token 4 (line 2): expected vertex v of edge 2 (an integer in 1..=3), found \"4\"",
        ),
        (
            "0 1\n",
            3,
            1,
            "token 1 (line 1): expected vertex u of edge 1 (an integer in 1..=3), found \"0\"",
        ),
        (
            "1 2\n",
            3,
            2,
            "token 3 (line 2): expected vertex u of edge 2 (an integer in 1..=3), found end of input",
        ),
        (
            "1 2 3\n",
            3,
            1,
            "token 3 (line 1): expected the end of input, found \"3\"",
        ),
        ("1 1\n", 0, 1, "token 1 (line 1): the graph has no vertices"),
    ] {
        assert_eq!(
            edges(input, n, m, &format).unwrap_err(),
            message,
            "{:?}",
            input
        );
    }
    let format = GraphFormat::directed(1);
    for (input, message) in [
        (
            "1 3\n0\n",
            "token 2 (line 1): expected a neighbour of vertex 1 (an integer in 1..=2), found \"3\"",
        ),
        (
            "2 2 2\n0\n",
            "token 1 (line 1): expected the degree of vertex 1 (an integer in 0..=1), found \"2\"",
        ),
    ] {
        assert_eq!(
            adjacency(input, 2, &format).unwrap_err(),
            message,
            "{:?}",
            input
        );
    }
}

#[test]
fn self_loops_are_refused_unless_allowed() {
    assert_eq!(
        edges("1 2\n3 3\n", 3, 2, &GraphFormat::directed(1)).unwrap_err(),
        "token 4 (line 2): edge 2 (3 3) is a self-loop"
    );
    assert_eq!(
        adjacency("0\n1 1\n", 2, &GraphFormat::undirected(0)).unwrap_err(),
        "token 3 (line 2): vertex 1 lists itself (a self-loop)"
    );
    let format = GraphFormat::undirected(1).allow_self_loops();
    let graph = edges("2 2\n1 2\n", 2, 2, &format).unwrap();
    assert_eq!(graph.neighbors(1), [1, 0]);
    assert_eq!(graph.arcs(), 3);
}

#[test]
fn repeated_edges_name_the_second_copy() {
    assert_eq!(
        edges("1 2\n2 3\n1 2\n", 3, 3, &GraphFormat::directed(1)).unwrap_err(),
        "token 6 (line 3): edge 3 (1 2) repeats edge 1 (1 2)"
    );
    // Directed, the reverse is another arc; undirected, it is the same edge.
    assert!(edges("1 2\n2 1\n", 2, 2, &GraphFormat::directed(1)).is_ok());
    assert_eq!(
        edges(
            "3 1 0\n2 3 0\n1 3 9\n",
            3,
            3,
            &GraphFormat::undirected(1).weighted(0..=9)
        )
        .unwrap_err(),
        "token 8 (line 3): edge 3 (1 3) repeats edge 1 (3 1)"
    );
    assert_eq!(
        adjacency(
            "2 1 1\n1 0\n",
            2,
            &GraphFormat::directed(0).allow_self_loops()
        )
        .unwrap_err(),
        "token 3 (line 1): vertex 0 lists 1 twice"
    );
    let format = GraphFormat::directed(1).allow_duplicates();
    assert_eq!(
        edges("1 2\n1 2\n", 2, 2, &format).unwrap().neighbors(0),
        [1, 1]
    );
}

#[test]
fn undirected_adjacency_lists_must_agree() {
    let graph = adjacency("2 2 3\n1 1\n1 1\n", 3, &GraphFormat::undirected(1)).unwrap();
    assert_eq!(
        graph,
        edges("1 2\n1 3\n", 3, 2, &GraphFormat::undirected(1)).unwrap()
    );
    assert_eq!(
        adjacency("1 2\n1 1\n1 1\n", 3, &GraphFormat::undirected(1)).unwrap_err(),
        "token 6 (line 3): vertex 3 lists 1, but vertex 1 does not list 3"
    );
}

#[test]
fn random_adjacency_lists_match_their_arcs() {
    let mut rng = crate::SplitMix64::new(5);
    for _ in 0..300 {
        let n = 1 + rng.index(7);
        let directed = rng.index(2) == 0;
        let mut lists = vec![Vec::new(); n];
        for u in 0..n {
            for v in 0..n {
                let wanted = rng.index(3) == 0;
                if u != v && wanted && (directed || u < v) {
                    lists[u].push(v);
                    if !directed {
                        lists[v].push(u);
                    }
                }
            }
        }
        let text: String = lists
            .iter()
            .map(|list| {
                let mut line = list.len().to_string();
                for &v in list {
                    line += &format!(" {}", v);
                }
                line + "\n"
            })
            .collect();
        let format = if directed {
            GraphFormat::directed(0)
        } else {
            GraphFormat::undirected(0)
        };
        let arcs: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| lists[u].iter().map(move |&v| (u, v)))
            .collect();
        let graph = adjacency(&text, n, &format).unwrap();
        assert_eq!(graph, CsrGraph::from_arcs(n, &arcs), "{}", text);
    }
}

#[test]
fn random_edge_lists_match_a_literal_construction() {
    let mut rng = crate::SplitMix64::new(11);
    for _ in 0..300 {
        let n = 1 + rng.index(8);
        let directed = rng.index(2) == 0;
        let mut listed: Vec<(usize, usize, i64)> = Vec::new();
        for _ in 0..rng.index(12) {
            let (u, v) = (rng.index(n), rng.index(n));
            let w = rng.index(100) as i64 - 50;
            let repeat = listed
                .iter()
                .any(|&(a, b, _)| (a, b) == (u, v) || (!directed && (a, b) == (v, u)));
            if u != v && !repeat {
                listed.push((u, v, w));
            }
        }
        let text: String = listed
            .iter()
            .map(|&(u, v, w)| format!("{} {} {}\n", u + 1, v + 1, w))
            .collect();
        let format = if directed {
            GraphFormat::directed(1)
        } else {
            GraphFormat::undirected(1)
        }
        .weighted(-50..=50);
        let graph = edges(&text, n, listed.len(), &format).unwrap();
        let mut expected = Vec::new();
        for &(u, v, w) in &listed {
            expected.push((u, v as u32, w));
            if !directed {
                expected.push((v, u as u32, w));
            }
        }
        expected.sort();
        assert_eq!(arc_set(&graph), expected, "{}", text);
        // Any one edge repeated (either way round when undirected) is refused at its copy.
        if let Some(&(u, v, w)) = listed.first() {
            let (a, b) = if directed { (u, v) } else { (v, u) };
            let copy = format!("{}{} {} {}\n", text, a + 1, b + 1, w);
            let err = edges(&copy, n, listed.len() + 1, &format).unwrap_err();
            let line = listed.len() + 1;
            assert!(
                err.starts_with(&format!(
                    "token {} (line {}): edge {} ",
                    3 * line - 1,
                    line,
                    line
                )) && err.ends_with(&format!("repeats edge 1 ({} {})", u + 1, v + 1)),
                "{}",
                err
            );
        }
    }
}

#[test]
fn letters_names_and_degrees() {
    let format = GraphFormat::undirected(1)
        .letters(b'a'..=b'c')
        .named(&["x", "y", "c"]);
    let graph = edges("1 2 c\n2 3 a\n", 3, 2, &format).unwrap();
    assert_eq!(
        arc_set(&graph),
        [(0, 1, 99), (1, 0, 99), (1, 2, 97), (2, 1, 97)]
    );
    for (input, message) in [
        (
            "1 2 d\n",
            "token 3 (line 1): expected c of edge 1 (a letter in a..=c), found \"d\"",
        ),
        (
            "1 2 ab\n",
            "token 3 (line 1): expected c of edge 1 (a letter in a..=c), found \"ab\"",
        ),
        (
            "1 2 a\n3",
            "token 5 (line 2): expected y of edge 2 (an integer in 1..=3), found end of input",
        ),
        (
            "4 2 a\n",
            "token 1 (line 1): expected x of edge 1 (an integer in 1..=3), found \"4\"",
        ),
    ] {
        assert_eq!(
            edges(input, 3, 2, &format).unwrap_err(),
            message,
            "{:?}",
            input
        );
    }
    // A weight after letters, or letters after a weight: the later one holds.
    let weighted = GraphFormat::directed(0)
        .letters(b'a'..=b'z')
        .weighted(0..=5);
    assert_eq!(edges("0 1 5", 2, 1, &weighted).unwrap().weights(), [5]);
    let format = GraphFormat::undirected(1).degrees(1..=2);
    assert!(adjacency("1 2\n1 1\n", 2, &format).is_ok());
    assert_eq!(
        adjacency("1 2\n1 1\n0\n", 3, &format).unwrap_err(),
        "token 5 (line 3): expected the degree of vertex 3 (an integer in 1..=2), found \"0\""
    );
}

#[test]
fn trees_are_read_and_cycles_named() {
    let format = GraphFormat::undirected(1);
    let tree = |input: &str, n: usize| {
        let mut sc = Scanner::new(input.as_bytes());
        let graph = CsrGraph::read_tree(&mut sc, n, &format).map_err(|e| e.to_string())?;
        sc.finish().map_err(|e| e.to_string())?;
        Ok::<CsrGraph, String>(graph)
    };
    assert_eq!(tree("", 1).unwrap().vertices(), 1);
    assert_eq!(tree("2 1\n", 2).unwrap().neighbors(0), [1]);
    assert_eq!(
        tree("1 2\n3 4\n4 3\n", 4).unwrap_err(),
        "token 6 (line 3): edge 3 (4 3) closes a cycle"
    );
    assert_eq!(
        tree("1 2\n3 3\n", 3).unwrap_err(),
        "token 4 (line 2): edge 2 (3 3) is a self-loop"
    );
    assert_eq!(
        tree("1 2\n3 4\n2 4\n1 3\n", 5).unwrap_err(),
        "token 8 (line 4): edge 4 (1 3) closes a cycle"
    );
    // Random n - 1 edges: a tree exactly when a literal search joins all vertices.
    let mut rng = crate::SplitMix64::new(4);
    let mut trees = 0;
    for _ in 0..2000 {
        let n = 2 + rng.index(6);
        let mut listed: Vec<(usize, usize)> = Vec::new();
        while listed.len() < n - 1 {
            let (u, v) = (rng.index(n), rng.index(n));
            if u != v && !listed.contains(&(u, v)) && !listed.contains(&(v, u)) {
                listed.push((u, v));
            }
        }
        let mut joined = vec![0];
        while let Some(&(u, v)) = listed
            .iter()
            .find(|&&(u, v)| joined.contains(&u) != joined.contains(&v))
        {
            joined.push(if joined.contains(&u) { v } else { u });
        }
        let text: String = listed
            .iter()
            .map(|&(u, v)| format!("{} {}\n", u + 1, v + 1))
            .collect();
        let read = tree(&text, n);
        assert_eq!(read.is_ok(), joined.len() == n, "{}", text);
        if let Err(err) = read {
            assert!(err.contains("closes a cycle"), "{}", err);
        }
        trees += (joined.len() == n) as usize;
    }
    assert!(trees > 200 && trees < 1900, "{}", trees);
}
