//! The states of a fixed automaton reachable from a start, with the ones that have the same
//! future merged (bisimulation): the few classes a DP over positions needs to keep per
//! position, found once, offline or at start-up, so the DP's inner loop runs over just those.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

/// The states reachable from a set of starts, grouped into classes of states with the same
/// future: the coarsest partition in which two states of a class have the same set of
/// `(label, class of the target)` edges. Built by [`merge_reachable`].
///
/// For a DP whose value is a function of a state's edges only (the best over its moves, say,
/// where a label says what a move gains and how far it goes, and a target-less edge is a term
/// that needs no other state), states of one class have the same value at every position, so
/// the DP keeps one value per class. Classes are numbered in the order their first member was
/// found, so the first start is in class 0.
#[derive(Clone, Debug)]
pub struct MergedStates<S, E> {
    /// Every state reachable from the starts, in the order they were found.
    pub states: Vec<S>,
    /// The class of each state of `states`.
    pub class_of: Vec<usize>,
    /// Each class's first member (an index into `states`).
    pub representative: Vec<usize>,
    /// Each class's edges: sorted, without repeats, each target a class.
    pub edges: Vec<Vec<(E, Option<usize>)>>,
}

impl<S, E> MergedStates<S, E> {
    /// The number of classes.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// // 0 -> 1 -> 2 and 0 -> 3 -> 2, every edge labelled 'a': 1 and 3 have the same future.
    /// let next = |s: &u8, out: &mut Vec<(char, Option<u8>)>| match s {
    ///     0 => out.extend([('a', Some(1)), ('a', Some(3))]),
    ///     1 | 3 => out.push(('a', Some(2))),
    ///     _ => {}
    /// };
    /// assert_eq!(dp_core::merge_reachable(&[0], next).classes(), 3);
    /// ```
    pub fn classes(&self) -> usize {
        self.representative.len()
    }
}

/// Finds every state reachable from `starts` through `successors` and merges those with the
/// same future (see [`MergedStates`]).
///
/// `successors(state, out)` appends the state's edges to `out` (empty on each call): a label and
/// the state it leads to, or `None` for a term that leads nowhere (a closed form, a terminal
/// value). Labels must say everything the value of the state takes from the edge besides its
/// target: a move's gain, its distance, whether it is a pass.
///
/// # Constraints
/// Finitely many states are reachable.
///
/// # Panics
/// If `starts` is empty.
///
/// # Complexity
/// O(R * E log E) per refinement round for R reachable states with E edges each, and at most R
/// rounds (in practice a handful); O(R * E) memory.
///
/// # Example
/// ```
/// // A chain 0 -> 1 -> ... -> 5 whose last state ends: each state keeps its own class, its
/// // distance to the end tells it apart.
/// let next = |&s: &u32, out: &mut Vec<(&str, Option<u32>)>| match s {
///     0..=4 => out.push(("step", Some(s + 1))),
///     5 => out.push(("end", None)),
///     _ => {}
/// };
/// let merged = dp_core::merge_reachable(&[0], next);
/// assert_eq!((merged.states.len(), merged.classes()), (6, 6));
///
/// // Two copies of a loop, a -> b -> a, all edges alike: every state has the same future.
/// let next = |&s: &u32, out: &mut Vec<((), Option<u32>)>| out.push(((), Some(s ^ 1)));
/// let merged = dp_core::merge_reachable(&[0, 2], next);
/// assert_eq!((merged.states.len(), merged.classes()), (4, 1));
/// assert_eq!(merged.edges[0], vec![((), Some(0))]);
/// ```
pub fn merge_reachable<S, E>(
    starts: &[S],
    mut successors: impl FnMut(&S, &mut Vec<(E, Option<S>)>),
) -> MergedStates<S, E>
where
    S: Clone + Eq + Hash,
    E: Clone + Ord,
{
    assert!(!starts.is_empty(), "no start state");
    // Breadth-first, in order: the states and their edges by index.
    let mut index: HashMap<S, usize> = HashMap::new();
    let mut states: Vec<S> = Vec::new();
    for s in starts {
        if !index.contains_key(s) {
            index.insert(s.clone(), states.len());
            states.push(s.clone());
        }
    }
    let mut edges: Vec<Vec<(E, Option<usize>)>> = Vec::new();
    let mut out = Vec::new();
    while edges.len() < states.len() {
        out.clear();
        successors(&states[edges.len()], &mut out);
        let mut own = Vec::with_capacity(out.len());
        for (label, target) in out.drain(..) {
            let target = target.map(|t| match index.get(&t) {
                Some(&i) => i,
                None => {
                    index.insert(t.clone(), states.len());
                    states.push(t);
                    states.len() - 1
                }
            });
            own.push((label, target));
        }
        edges.push(own);
    }
    // Refine from one class until no class splits: a state's key is its class and its edges'
    // targets' classes, so each round's partition refines the last.
    let mut class_of = vec![0; states.len()];
    let mut classes = 1;
    loop {
        let mut keys: BTreeMap<(usize, ClassEdges<E>), usize> = BTreeMap::new();
        let mut next = Vec::with_capacity(states.len());
        for (s, own) in edges.iter().enumerate() {
            let key = (class_of[s], class_edges(own, &class_of));
            let fresh = keys.len();
            next.push(*keys.entry(key).or_insert(fresh));
        }
        let refined = keys.len();
        class_of = next;
        if refined == classes {
            break;
        }
        classes = refined;
    }
    // Renumber by first member, so the first start is class 0.
    let mut renumber = vec![usize::MAX; classes];
    let mut representative = Vec::with_capacity(classes);
    for (s, class) in class_of.iter_mut().enumerate() {
        if renumber[*class] == usize::MAX {
            renumber[*class] = representative.len();
            representative.push(s);
        }
        *class = renumber[*class];
    }
    let edges = representative
        .iter()
        .map(|&s| class_edges(&edges[s], &class_of))
        .collect();
    MergedStates {
        states,
        class_of,
        representative,
        edges,
    }
}

/// Edges whose targets are classes.
type ClassEdges<E> = Vec<(E, Option<usize>)>;

/// A state's edges with each target replaced by its class: sorted, without repeats.
fn class_edges<E: Clone + Ord>(edges: &[(E, Option<usize>)], class_of: &[usize]) -> ClassEdges<E> {
    let mut own: Vec<(E, Option<usize>)> = edges
        .iter()
        .map(|(label, target)| (label.clone(), target.map(|t| class_of[t])))
        .collect();
    own.sort();
    own.dedup();
    own
}

#[cfg(test)]
mod tests {
    use super::merge_reachable;

    #[test]
    fn states_with_the_same_edges_to_the_same_classes_merge() {
        // A max-DP over a path of cells: state s at x gains cell x + 1 and goes to s's target at
        // x + 1. States 1 and 2 both gain 'g' and go to 3; 3 ends. 0 reaches 1 by 'g' and 2 by
        // 'h', so 0 stays apart from both.
        let next = |&s: &u8, out: &mut Vec<(char, Option<u8>)>| match s {
            0 => out.extend([('g', Some(1)), ('h', Some(2))]),
            1 | 2 => out.push(('g', Some(3))),
            3 => out.push(('e', None)),
            _ => unreachable!(),
        };
        let merged = merge_reachable(&[0], next);
        assert_eq!(merged.states, vec![0, 1, 2, 3]);
        assert_eq!(merged.class_of, vec![0, 1, 1, 2]);
        assert_eq!(merged.representative, vec![0, 1, 3]);
        assert_eq!(
            merged.edges,
            vec![
                vec![('g', Some(1)), ('h', Some(1))],
                vec![('g', Some(2))],
                vec![('e', None)],
            ]
        );
    }

    #[test]
    fn a_difference_far_down_the_chain_splits_every_state_above_it() {
        // Two chains of 5 states, alike but for their last edge's label: no pair merges.
        let next = |&(chain, depth): &(u8, u8), out: &mut Vec<(u8, Option<(u8, u8)>)>| {
            if depth < 4 {
                out.push((0, Some((chain, depth + 1))));
            } else {
                out.push((1 + chain, None));
            }
        };
        let merged = merge_reachable(&[(0, 0), (1, 0)], next);
        assert_eq!((merged.states.len(), merged.classes()), (10, 10));
        // The same with equal last labels: the chains merge level by level.
        let next = |&(chain, depth): &(u8, u8), out: &mut Vec<(u8, Option<(u8, u8)>)>| {
            out.push(if depth < 4 {
                (0, Some((chain, depth + 1)))
            } else {
                (1, None)
            });
        };
        let merged = merge_reachable(&[(0, 0), (1, 0)], next);
        assert_eq!(merged.classes(), 5);
        assert_eq!(merged.class_of[0], merged.class_of[1]);
    }

    #[test]
    fn repeated_edges_count_once_and_starts_once() {
        let next = |&s: &u8, out: &mut Vec<((), Option<u8>)>| {
            if s == 0 {
                out.extend([((), Some(1)), ((), Some(1)), ((), Some(2))]);
            }
        };
        let merged = merge_reachable(&[0, 0], next);
        assert_eq!(merged.states, vec![0, 1, 2]);
        // 1 and 2 have no edge: one class; 0's three edges are one.
        assert_eq!(merged.class_of, vec![0, 1, 1]);
        assert_eq!(merged.edges[0], vec![((), Some(1))]);
    }

    #[test]
    #[should_panic(expected = "no start state")]
    fn refuses_no_start() {
        merge_reachable(&[] as &[u8], |_, _: &mut Vec<((), Option<u8>)>| {});
    }
}
