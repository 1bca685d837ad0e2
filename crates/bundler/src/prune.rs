//! Stage 5, prune: keep only the library items the solution reaches.
//!
//! Everything the binary (`main.rs`) holds is a root. From the roots, name references are
//! followed through the syntax tree, transitively: paths are resolved module by module (through
//! `use` imports, re-exports and globs), and the names of called methods are collected. Then:
//!
//! - an item (fn, type, trait, const, static, macro) is kept when a kept item names it;
//! - an impl block is kept when every bundled item its header names (self type, trait) is kept;
//! - a member of a kept inherent impl is kept when kept code reaches it: by a path that names
//!   its type (`Type::f`, `Self::f` inside an impl of the type, `module::Type::f`, a type alias
//!   or a renamed import of the type, `<Type>::f`), or, for a method with a `self` receiver, by
//!   a call `.f(` (the receiver's type is unknown without type checking, so any call of that
//!   name counts). `Other::f` of another type does not keep it; a path whose type cannot be
//!   told (a macro's body or tokens, `Self` in a trait, a type made by a macro, a path through
//!   a function's own `use`) keeps every member of that name. Trait impls keep all their
//!   items, and a trait is kept when one of its methods is called;
//! - a `use` keeps the names that kept code looks up through it; an import that may bring a
//!   trait into scope for method calls is kept too, marked `#[allow(unused_imports)]`;
//! - a module left empty vanishes.
//!
//! Where resolution is ambiguous (a name that is both a local variable and an item, a macro
//! body) the item is kept: a bundle a little too big beats one that does not compile.

use super::load::{error_at_line, Sources};
use super::resolve::{Body, Index, Kind, Leaf, ModId, Ref};
use context_error::Result;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use syn::{parse_quote, Item, UseTree};

/// Std traits a module imports only to call their methods (`write!` on a `String` needs
/// `fmt::Write`, `h.finish()` needs `Hasher`): their imports are kept even when unnamed.
const METHOD_TRAITS: &[&str] = &[
    "Any",
    "BufRead",
    "Borrow",
    "BorrowMut",
    "BuildHasher",
    "Error",
    "FromIterator",
    "FromStr",
    "Hash",
    "Hasher",
    "Product",
    "Read",
    "Seek",
    "Sum",
    "Write",
];

/// Std operator traits whose methods code may call by name (rustc-hash's `.bitxor(i)` needs
/// `use core::ops::BitXor`; conversion traits are in the 2021 prelude): an import of one stays
/// when a kept body of its module calls its method, and only then, so an operator used as an operator adds
/// no bytes.
const METHOD_CALLED_TRAITS: &[(&str, &str)] = &[
    ("Add", "add"),
    ("AddAssign", "add_assign"),
    ("BitAnd", "bitand"),
    ("BitAndAssign", "bitand_assign"),
    ("BitOr", "bitor"),
    ("BitOrAssign", "bitor_assign"),
    ("BitXor", "bitxor"),
    ("BitXorAssign", "bitxor_assign"),
    ("Deref", "deref"),
    ("DerefMut", "deref_mut"),
    ("Div", "div"),
    ("DivAssign", "div_assign"),
    ("Index", "index"),
    ("IndexMut", "index_mut"),
    ("Mul", "mul"),
    ("MulAssign", "mul_assign"),
    ("Neg", "neg"),
    ("Not", "not"),
    ("Rem", "rem"),
    ("RemAssign", "rem_assign"),
    ("Shl", "shl"),
    ("ShlAssign", "shl_assign"),
    ("Shr", "shr"),
    ("ShrAssign", "shr_assign"),
    ("Sub", "sub"),
    ("SubAssign", "sub_assign"),
];

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Node {
    Item(ModId, usize),
    /// An associated item of an impl block.
    Member(ModId, usize, usize),
    /// One imported name of a `use`.
    Leaf(ModId, usize, usize),
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Target {
    Module(ModId),
    Item(ModId, usize),
}

/// Keeps the leaves of `tree` for which `keep` (indexed in `flatten_use` order) holds.
fn retain_use(tree: UseTree, next: &mut usize, keep: &dyn Fn(usize) -> bool) -> Option<UseTree> {
    match tree {
        UseTree::Path(mut p) => {
            let inner = retain_use(*p.tree, next, keep)?;
            p.tree = Box::new(inner);
            Some(UseTree::Path(p))
        }
        UseTree::Group(mut g) => {
            let items: Vec<UseTree> = std::mem::take(&mut g.items)
                .into_iter()
                .filter_map(|t| retain_use(t, next, keep))
                .collect();
            match items.len() {
                0 => None,
                // `a::{b}` reads better as `a::b`, but `a::{self}` must keep its braces.
                1 if !matches!(&items[0], UseTree::Name(n) if n.ident == "self")
                    && !matches!(&items[0], UseTree::Rename(r) if r.ident == "self") =>
                {
                    items.into_iter().next()
                }
                _ => {
                    g.items = items.into_iter().collect();
                    Some(UseTree::Group(g))
                }
            }
        }
        leaf => {
            let i = *next;
            *next += 1;
            keep(i).then_some(leaf)
        }
    }
}

/// How deep lookups nest (imports, globs, paths) before one is cut. A lookup met again inside
/// itself is cut at once, so this is only a bound on the stack: a glob search visits each
/// module of a cycle once, depth first, and goes as deep as the cycle has modules, so the
/// bound must stay far above any library's module count (an answer cut here is never kept,
/// and recomputing such answers is exponential). Bundling threads get a stack to match.
const DEPTH_LIMIT: usize = 2048;

/// The liveness computation over an index.
struct Engine<'a> {
    ix: &'a Index,
    live: BTreeSet<Node>,
    live_mods: BTreeSet<ModId>,
    queue: Vec<Node>,
    members: BTreeSet<String>,
    /// Method names kept code calls (`.name(`, receiver type unknown).
    calls: BTreeSet<String>,
    /// Member names kept code uses where the type cannot be told (a macro's body or tokens,
    /// `Self` outside an impl, a path through a function's own `use`).
    loose: BTreeSet<String>,
    /// Associated items named by a path whose type is known: `Type::f`, `Self::f` in an impl
    /// of `Type`, `alias::f`, `<Type>::f` (key: the type's item, the member's name).
    typed: BTreeSet<(Target, String)>,
    /// For each member name, the modules whose kept code uses it (`None`: code whose scope is
    /// unknown here, a macro body or a function with its own `use` items).
    members_at: BTreeMap<String, BTreeSet<Option<ModId>>>,
    /// Modules a macro's body names with a path that a metavariable ends
    /// (`$crate::arch::avx2::$kind`): an item of theirs any kept code names may be meant.
    open_mods: BTreeSet<ModId>,
    /// The last segment of every path kept code writes (`One` of `dispatch!(One, x)`): what
    /// an open module's item may be called.
    path_names: BTreeSet<String>,
    /// Imports kept only because they may bring a trait into scope.
    guessed: BTreeSet<Node>,
    /// How many lookups found an import of a name from outside the bundle (`use
    /// std::cmp::Ordering::Less`): such a name is defined, though by nothing of the bundle.
    outside: usize,
    /// Proc-macro crates the bundle cannot hold, with the macros each defines (`None`:
    /// unknown, any name may be one).
    proc_macros: &'a BTreeMap<String, Option<BTreeSet<String>>>,
    /// The macros of those crates that kept code names.
    used_proc_macros: BTreeMap<String, BTreeSet<String>>,
    /// What each lookup found, and how many imports from outside the bundle on the way: the
    /// index does not change, so neither does the answer (a big library asks it millions of
    /// times).
    lookups: BTreeMap<(ModId, String), (Vec<Target>, usize)>,
    /// The lookups whose findings are marked live already.
    marked_lookups: BTreeSet<(ModId, String)>,
    /// The lookups whose globs are being followed: one asked again inside that is a cycle of
    /// globs (legal: `use super::*` in a module its parent globs), which adds nothing to what
    /// the outer one finds.
    globbing: BTreeSet<(ModId, String)>,
    /// The lookups cut short inside another (a glob cycle, or the depth limit: `None`): what
    /// they found depends on the one under way and is not remembered.
    cuts: Vec<Option<(ModId, String)>>,
    /// How many lookups are under way (nested through imports and globs).
    open: usize,
    /// How many lookups were cut at [`DEPTH_LIMIT`].
    depth_cuts: usize,
    /// The lookups under way.
    in_progress: BTreeSet<(ModId, String)>,
    /// Within the outermost lookup under way, what the cut-short ones found (key: module,
    /// name, `mark`): asked again there, they are answered from here, so that each module of
    /// a glob cycle is searched once per outermost lookup, not once per path through the
    /// cycle (which is exponential in the cycle's length). What is missing from such an
    /// answer is found by a lookup still under way, so the outermost one is whole.
    partial: BTreeMap<(ModId, String, bool), (Vec<Target>, usize)>,
}

impl<'a> Engine<'a> {
    fn module_of(node: Node) -> ModId {
        match node {
            Node::Item(m, _) | Node::Member(m, _, _) | Node::Leaf(m, _, _) => m,
        }
    }

    fn mark(&mut self, node: Node) {
        if self.live.insert(node) {
            self.queue.push(node);
            let mut m = Some(Self::module_of(node));
            while let Some(id) = m {
                if !self.live_mods.insert(id) {
                    break;
                }
                m = self.ix.mods[id].parent;
            }
        }
    }

    fn is_live(&self, target: Target) -> bool {
        match target {
            Target::Item(m, i) => self.live.contains(&Node::Item(m, i)),
            Target::Module(m) => self.live_mods.contains(&m),
        }
    }

    /// What `name` means in module `m`: its items, what its imports of that name point to,
    /// and (when nothing else) what its globs provide. `mark` makes all of it live.
    fn lookup(&mut self, m: ModId, name: &str, mark: bool, depth: usize) -> Vec<Target> {
        let key = (m, name.to_string());
        if let Some((targets, outside)) = self.lookups.get(&key) {
            if !mark || self.marked_lookups.contains(&key) {
                self.outside += outside;
                return targets.clone();
            }
        }
        let partial_key = (m, name.to_string(), mark);
        if let Some((targets, outside)) = self.partial.get(&partial_key) {
            // Incomplete: whatever asked is incomplete too, until the outermost lookup ends.
            self.outside += outside;
            self.cuts.push(None);
            return targets.clone();
        }
        if self.in_progress.contains(&key) {
            // Asked again inside itself (`pub use crate::m::m;` at the root: the path's prefix
            // `m` is looked up while `m` is): what the module defines, no imports or globs;
            // the lookup under way adds the rest.
            self.cuts.push(Some(key));
            return self.definitions(m, name, mark);
        }
        let (before, cuts_before) = (self.outside, self.cuts.len());
        let depth_cuts_before = self.depth_cuts;
        self.open += 1;
        self.in_progress.insert(key.clone());
        let found = self.lookup_uncached(m, name, mark, depth);
        self.in_progress.remove(&key);
        self.open -= 1;
        // Cuts of this very lookup leave its answer whole; those of one under way do not.
        let this = Some(key.clone());
        self.cuts.retain(|c| *c != this);
        // An answer cut at the depth limit misses what a shallower lookup finds: never kept.
        let truncated = self.depth_cuts != depth_cuts_before;
        let whole = self.open == 0 || self.cuts.len() == cuts_before;
        if whole && !truncated {
            self.lookups
                .insert(key.clone(), (found.clone(), self.outside - before));
            if mark {
                self.marked_lookups.insert(key);
            }
        } else if !truncated {
            self.partial
                .insert(partial_key, (found.clone(), self.outside - before));
        }
        if self.open == 0 {
            self.cuts.clear();
            self.partial.clear();
        }
        found
    }

    /// The items named `name` and the child module of that name that module `m` defines
    /// itself (no imports, no globs).
    fn definitions(&mut self, m: ModId, name: &str, mark: bool) -> Vec<Target> {
        let ix = self.ix;
        let mut found = Vec::new();
        for (i, kind) in ix.mods[m].items.iter().enumerate() {
            match kind {
                Kind::Named { name: n, .. } if n == name => {
                    found.push(Target::Item(m, i));
                    if mark {
                        self.mark(Node::Item(m, i));
                    }
                }
                Kind::Mod(child) if ix.mods[*child].name == name => {
                    found.push(Target::Module(*child))
                }
                _ => {}
            }
        }
        found
    }

    fn lookup_uncached(&mut self, m: ModId, name: &str, mark: bool, depth: usize) -> Vec<Target> {
        #[cfg(test)]
        tests::SEARCHES.with(|n| n.set(n.get() + 1));
        let ix = self.ix;
        let mut weak = Vec::new();
        if depth > DEPTH_LIMIT {
            self.cuts.push(None);
            self.depth_cuts += 1;
            return Vec::new(); // an import cycle rustc would have refused
        }
        let mut found = self.definitions(m, name, mark);
        for (i, kind) in ix.mods[m].items.iter().enumerate() {
            match kind {
                Kind::Use(leaves) => {
                    for (j, leaf) in leaves.iter().enumerate() {
                        if !leaf.glob && leaf.name == name {
                            if mark {
                                self.mark(Node::Leaf(m, i, j));
                            }
                            let targets = self.resolve(m, &leaf.path, mark, depth + 1);
                            if targets.is_empty() {
                                self.outside += 1;
                                if mark {
                                    self.note_proc_macro(&leaf.path);
                                }
                            }
                            found.extend(targets);
                        }
                    }
                }
                // Weak: the name may come from the macro, but real definitions and globs win.
                Kind::MacroCall(_, defines) if defines.contains(name) => {
                    weak.push((m, i));
                }
                _ => {}
            }
        }
        if m == 0 {
            for &(x, i) in ix.exported.get(name).into_iter().flatten() {
                found.push(Target::Item(x, i));
                if mark {
                    self.mark(Node::Item(x, i));
                }
            }
        }
        // A module is in the type namespace only: a glob may still bring a function or a
        // constant of its name (`mod double; pub use self::double::*;` for `fn double`).
        let key = (m, name.to_string());
        let follow_globs = found.iter().all(|t| matches!(t, Target::Module(_)));
        if follow_globs && self.globbing.contains(&key) {
            self.cuts.push(Some(key.clone()));
        } else if follow_globs {
            let mut outside_globs = Vec::new();
            self.globbing.insert(key.clone());
            for (i, kind) in ix.mods[m].items.iter().enumerate() {
                let Kind::Use(leaves) = kind else { continue };
                for (j, leaf) in leaves.iter().enumerate().filter(|(_, l)| l.glob) {
                    // A glob of a proc-macro crate provides its macros, and nothing else.
                    let first = leaf.path.first().map(String::as_str).unwrap_or_default();
                    if let Some(exports) = self.proc_macros.get(first) {
                        if exports.as_ref().is_none_or(|e| e.contains(name)) {
                            self.outside += 1;
                            if mark {
                                self.mark(Node::Leaf(m, i, j));
                                self.note_proc_macro(&[first.to_string(), name.to_string()]);
                            }
                        }
                        continue;
                    }
                    let targets = self.resolve(m, &leaf.path, false, depth + 1);
                    if targets.is_empty() && self.leads_outside(m, &leaf.path) {
                        outside_globs.push(Node::Leaf(m, i, j));
                    }
                    for target in targets {
                        let outside_before = self.outside;
                        let hits = match target {
                            Target::Module(x) => self.lookup(x, name, mark, depth + 1),
                            Target::Item(x, k) => match &ix.mods[x].items[k] {
                                Kind::Named { variants, .. }
                                    if variants.iter().any(|v| v == name) =>
                                {
                                    if mark {
                                        self.mark(Node::Item(x, k));
                                    }
                                    vec![target]
                                }
                                _ => Vec::new(),
                            },
                        };
                        // A glob of a module that imports the name from outside the bundle
                        // (`use super::*` where `super` has `use std::cmp::Ordering::Less`)
                        // provides it too.
                        if (!hits.is_empty() || self.outside > outside_before) && mark {
                            self.mark(Node::Leaf(m, i, j));
                        }
                        found.extend(hits);
                    }
                }
            }
            self.globbing.remove(&key);
            // Found nowhere in the bundle: a glob from outside it (`pub use core::mem::*;`
            // for `core_reexport::mem::transmute`) provides it, and keeps its module.
            if found.is_empty() && !outside_globs.is_empty() {
                self.outside += 1;
                if mark {
                    outside_globs.iter().for_each(|&leaf| self.mark(leaf));
                }
            }
        }
        if found.is_empty() {
            for (x, i) in weak {
                found.push(Target::Item(x, i));
                if mark {
                    self.mark(Node::Item(x, i));
                }
            }
        }
        // Globs that reach one item along several paths find it once: otherwise the answers
        // of a glob cycle double at each step.
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Whether a path written in module `m` starts outside the bundle (`core::mem`).
    fn leads_outside(&mut self, m: ModId, path: &[String]) -> bool {
        match path.first().map(String::as_str) {
            None | Some("crate" | "self" | "super") => false,
            Some(first) => {
                let outside = self.outside;
                let local = !self.lookup(m, first, false, 0).is_empty();
                self.outside = outside;
                !local
            }
        }
    }

    /// Resolves a path written in module `m`; empty when it leads outside the bundle. A path
    /// into a type (`Type::method`) resolves to the type.
    fn resolve(&mut self, m: ModId, segments: &[String], mark: bool, depth: usize) -> Vec<Target> {
        self.walk(m, segments, mark, depth, false)
    }

    /// Like `resolve`, but `strict` demands that every segment names something in the bundle.
    fn walk(
        &mut self,
        m: ModId,
        segments: &[String],
        mark: bool,
        depth: usize,
        strict: bool,
    ) -> Vec<Target> {
        let Some(first) = segments.first() else {
            return vec![Target::Module(m)];
        };
        let (mut current, rest) = match first.as_str() {
            "crate" => (vec![Target::Module(0)], &segments[1..]),
            "self" => (vec![Target::Module(m)], &segments[1..]),
            "super" => {
                let mut module = m;
                let mut k = 0;
                while segments.get(k).map(String::as_str) == Some("super") {
                    match self.ix.mods[module].parent {
                        Some(parent) => module = parent,
                        None => return Vec::new(),
                    }
                    k += 1;
                }
                (vec![Target::Module(module)], &segments[k..])
            }
            "Self" => return Vec::new(),
            name => (self.lookup(m, name, mark, depth), &segments[1..]),
        };
        for segment in rest {
            let mut next = Vec::new();
            for target in &current {
                if let Target::Module(x) = *target {
                    next.extend(self.lookup(x, segment, mark, depth + 1));
                }
            }
            if next.is_empty() {
                if strict {
                    return next;
                }
                break; // an associated item of a type (collected as a member name)
            }
            current = next;
        }
        current
    }

    fn resolve_ref(&mut self, m: ModId, r: &Ref, mark: bool) -> Vec<Target> {
        if r.pattern {
            return self.resolve_pattern(m, &r.segments[0], mark);
        }
        let mut found = self.resolve(m, &r.segments, mark, 0);
        if found.is_empty() && r.is_macro && r.segments.len() == 1 {
            // A textually scoped `macro_rules!` from an enclosing or `#[macro_use]` module.
            for &(x, i) in self.ix.macro_defs.get(&r.segments[0]).into_iter().flatten() {
                found.push(Target::Item(x, i));
                if mark {
                    self.mark(Node::Item(x, i));
                }
            }
        }
        found
    }

    /// Records a use of `path` when it leads into a proc-macro crate.
    fn note_proc_macro(&mut self, path: &[String]) {
        if let (Some(first), Some(last)) = (path.first(), path.last()) {
            if self.proc_macros.contains_key(first) {
                self.used_proc_macros
                    .entry(first.clone())
                    .or_default()
                    .insert(last.clone());
            }
        }
    }

    /// A lone name in a pattern: what it names when that is a constant, a unit struct or a
    /// variant (of an enum of the bundle, or imported from outside it, as `Ordering::Less`);
    /// otherwise it binds a new variable and names nothing. `mark` keeps what it names.
    fn resolve_pattern(&mut self, m: ModId, name: &str, mark: bool) -> Vec<Target> {
        let ix = self.ix;
        let outside_before = self.outside;
        let items: Vec<Target> = self
            .lookup(m, name, false, 0)
            .into_iter()
            .filter(|t| {
                matches!(*t, Target::Item(x, k)
                    if matches!(ix.mods[x].items[k], Kind::Named { pattern: true, .. }))
            })
            .collect();
        let imported = self.outside > outside_before;
        if mark && (!items.is_empty() || imported) {
            self.lookup(m, name, true, 0);
        }
        items
    }

    /// Marks what `body` (written in module `m`, or in a macro's body when `in_macro`) names.
    /// `self_types` are what `Self` means there (`None`: not known, outside an impl).
    fn take_body(&mut self, m: ModId, body: &Body, in_macro: bool, self_types: Option<&[Target]>) {
        for r in &body.refs {
            if self.resolve_ref(m, r, true).is_empty() && !body.local_uses.is_empty() {
                self.through_local_uses(m, r, &body.local_uses);
            }
        }
        for r in &body.refs {
            if let Some(last) = r.segments.last() {
                self.path_names.insert(last.clone());
            }
        }
        for path in &body.open {
            for target in self.walk(m, path, true, 0, true) {
                if let Target::Module(x) = target {
                    self.open_mods.insert(x);
                }
            }
        }
        let at = (!in_macro && body.local_uses.is_empty()).then_some(m);
        for name in &body.members {
            self.members.insert(name.clone());
            self.members_at.entry(name.clone()).or_default().insert(at);
        }
        if in_macro {
            // `$t::new()`, `$x.len()`: any type's member of that name.
            self.loose.extend(body.members.iter().cloned());
            return;
        }
        self.calls.extend(body.calls.iter().cloned());
        self.loose.extend(body.loose.iter().cloned());
        for r in body.refs.iter().filter(|r| !r.is_macro && !r.pattern) {
            let Some((name, prefix)) = r.segments.split_last() else {
                continue;
            };
            if prefix.is_empty() {
                continue;
            }
            let types = if prefix[0] == "Self" {
                match (prefix.len(), self_types) {
                    (1, Some(types)) => Some(types.to_vec()),
                    _ => None,
                }
            } else {
                self.path_types(m, prefix, !body.local_uses.is_empty())
            };
            match types {
                Some(types) => {
                    for t in types {
                        self.typed.insert((t, name.clone()));
                    }
                }
                None => {
                    self.loose.insert(name.clone());
                }
            }
        }
    }

    /// The bundle's types a path prefix (`Type` of `Type::f`) names, aliases followed: empty
    /// when it names none (a module: `f` is then a free item; a std type or a generic
    /// parameter, whose associated items are not the bundle's inherent ones), `None` when
    /// that cannot be told (a type made by a macro, `Type::Assoc`, a function's own `use`).
    fn path_types(&mut self, m: ModId, prefix: &[String], local_uses: bool) -> Option<Vec<Target>> {
        let found = self.walk(m, prefix, false, 0, true);
        if found.is_empty() {
            let first_found = match prefix[0].as_str() {
                "crate" | "self" | "super" => true,
                first => !self.lookup(m, first, false, 0).is_empty(),
            };
            return (!first_found && !local_uses).then(Vec::new);
        }
        self.expand_types(found, 0)
    }

    /// The type items among `targets`, each alias with the types its definition names.
    /// `None` when one is an item macro call (it may define the type), a function or a
    /// constant, or when a type is found beside a module: a path the resolver cannot tell
    /// (keep by name).
    fn expand_types(&mut self, targets: Vec<Target>, depth: usize) -> Option<Vec<Target>> {
        let ix = self.ix;
        let mut out = Vec::new();
        let mut module = false;
        for t in targets {
            let Target::Item(x, k) = t else {
                module = true;
                continue;
            };
            match &ix.mods[x].items[k] {
                Kind::Named {
                    ty: true,
                    alias,
                    body,
                    ..
                } => {
                    out.push(t);
                    if *alias && depth < 8 {
                        for r in &body.refs {
                            let named = self.resolve_ref(x, r, false);
                            out.extend(self.expand_types(named, depth + 1)?);
                        }
                    }
                }
                _ => return None,
            }
        }
        if module && !out.is_empty() {
            return None;
        }
        out.sort_unstable();
        out.dedup();
        Some(out)
    }

    /// The types an impl is for (its self type, aliases followed); `None` when not known.
    fn impl_types(
        &mut self,
        m: ModId,
        header: &[Ref],
        trait_at: Option<usize>,
    ) -> Option<Vec<Target>> {
        if header.is_empty() || trait_at == Some(0) {
            return None;
        }
        let found = self.resolve_ref(m, &header[0], false);
        let types = self.expand_types(found, 0)?;
        (!types.is_empty()).then_some(types)
    }

    /// Whether an inherent impl's member `name` (of an impl for `types`; a method with a
    /// receiver when `receiver`) is reached by kept code.
    fn inherent_reached(&self, types: Option<&[Target]>, name: &str, receiver: bool) -> bool {
        if !self.members.contains(name) {
            return false;
        }
        if self.loose.contains(name) || (receiver && self.calls.contains(name)) {
            return true;
        }
        match types {
            // The impl's type is not known: any use of the name counts.
            None => true,
            Some(types) => types
                .iter()
                .any(|&t| self.typed.contains(&(t, name.to_string()))),
        }
    }

    /// Whether kept code calls a method of trait `t` (named `name`, with items `items`) where
    /// the trait is in scope: a method call resolves to a trait's method only there. (Calls
    /// through a bound, `dyn` or `impl` name the trait, which keeps it anyway.)
    fn trait_called(&mut self, t: Target, name: &str, items: &[String]) -> bool {
        let modules: BTreeSet<Option<ModId>> = items
            .iter()
            .filter_map(|n| self.members_at.get(n))
            .flatten()
            .copied()
            .collect();
        modules.into_iter().any(|at| match at {
            None => true,
            Some(m) => self.trait_in_scope(m, t, name),
        })
    }

    /// Whether module `m` has trait `t` in scope: defined there, imported (under any name, `_`
    /// included) or reached through a glob, of a module that imports it in any of these ways.
    fn trait_in_scope(&mut self, m: ModId, t: Target, name: &str) -> bool {
        self.lookup(m, name, false, 0).contains(&t) || !self.trait_imports(m, t, 0).is_empty()
    }

    /// The `use` leaves of module `m` through which trait `t` is in scope there: imports of
    /// it under any name (`as _` included), and globs of modules with such leaves (followed to
    /// those leaves, which are listed too).
    fn trait_imports(&mut self, m: ModId, t: Target, depth: usize) -> Vec<Node> {
        let ix = self.ix;
        let mut found = Vec::new();
        if depth > 8 {
            return found;
        }
        for (i, kind) in ix.mods[m].items.iter().enumerate() {
            let Kind::Use(leaves) = kind else { continue };
            for (j, leaf) in leaves.iter().enumerate() {
                let targets = self.resolve(m, &leaf.path, false, depth + 1);
                if !leaf.glob {
                    if targets.contains(&t) {
                        found.push(Node::Leaf(m, i, j));
                    }
                    continue;
                }
                for target in targets {
                    let Target::Module(x) = target else { continue };
                    if x == m {
                        continue;
                    }
                    let through = self.trait_imports(x, t, depth + 1);
                    let defined_there = matches!(t, Target::Item(tm, _) if tm == x);
                    if defined_there || !through.is_empty() {
                        found.push(Node::Leaf(m, i, j));
                        found.extend(through);
                    }
                }
            }
        }
        found
    }

    /// Resolves `r` through the `use` items of the function body it is written in.
    fn through_local_uses(&mut self, m: ModId, r: &Ref, uses: &[Leaf]) {
        for leaf in uses {
            let path: Vec<String> = if leaf.glob {
                leaf.path.iter().chain(&r.segments).cloned().collect()
            } else if r.segments.first() == Some(&leaf.name) {
                leaf.path.iter().chain(&r.segments[1..]).cloned().collect()
            } else {
                continue;
            };
            self.resolve(m, &path, true, 1);
        }
    }

    fn process(&mut self, node: Node) {
        let ix = self.ix;
        match node {
            Node::Item(m, i) => match &ix.mods[m].items[i] {
                Kind::Named {
                    body, macro_def, ..
                } => self.take_body(m, body, *macro_def, None),
                Kind::MacroCall(body, _) | Kind::WithModule(body) => {
                    self.take_body(m, body, false, None)
                }
                Kind::Impl {
                    body,
                    header,
                    trait_at,
                    ..
                } => {
                    let types = self.impl_types(m, header, *trait_at);
                    self.take_body(m, body, false, types.as_deref())
                }
                Kind::Use(_) | Kind::Mod(_) => {}
            },
            Node::Member(m, i, j) => match &ix.mods[m].items[i] {
                Kind::Impl {
                    members,
                    header,
                    trait_at,
                    ..
                } => {
                    let types = self.impl_types(m, header, *trait_at);
                    self.take_body(m, &members[j].1, false, types.as_deref())
                }
                Kind::Named { provided, .. } => self.take_body(m, &provided[j].1, false, None),
                _ => {}
            },
            Node::Leaf(m, i, j) => {
                if let Kind::Use(leaves) = &ix.mods[m].items[i] {
                    self.resolve(m, &leaves[j].path, true, 0);
                }
            }
        }
    }

    /// The bundled items each path names, without marking anything.
    fn local_items(&mut self, m: ModId, refs: &[Ref]) -> Vec<Vec<Target>> {
        refs.iter()
            .map(|r| {
                self.resolve_ref(m, r, false)
                    .into_iter()
                    .filter(|t| matches!(t, Target::Item(..)))
                    .collect::<Vec<_>>()
            })
            .filter(|targets| !targets.is_empty())
            .collect()
    }

    /// An impl applies when its header names bundled items and each of them is kept.
    fn impl_applies(&mut self, m: ModId, header: &[Ref]) -> bool {
        let named = self.local_items(m, header);
        !named.is_empty()
            && named
                .iter()
                .all(|targets| targets.iter().any(|&t| self.is_live(t)))
    }

    /// Whether a trait whose method is called has an impl that would apply with the trait
    /// kept (or no impl in sight, e.g. impls made by a macro: then keep it to be safe).
    fn called_trait_applies(&mut self, trait_item: Target, impls: &[(ModId, usize)]) -> bool {
        let ix = self.ix;
        let mut seen = false;
        for &(m, i) in impls {
            let Kind::Impl {
                header,
                trait_at: Some(at),
                ..
            } = &ix.mods[m].items[i]
            else {
                continue;
            };
            if !self
                .resolve_ref(m, &header[*at], false)
                .contains(&trait_item)
            {
                continue;
            }
            seen = true;
            let others: Vec<&Ref> = header
                .iter()
                .enumerate()
                .filter(|(k, _)| k != at)
                .map(|(_, r)| r)
                .collect();
            let all_kept = others.iter().all(|r| {
                let targets: Vec<Target> = self
                    .resolve_ref(m, r, false)
                    .into_iter()
                    .filter(|t| matches!(t, Target::Item(..)))
                    .collect();
                targets.is_empty() || targets.iter().any(|&t| self.is_live(t))
            });
            if all_kept {
                return true;
            }
        }
        !seen && self.macro_may_implement(trait_item)
    }

    /// Whether a macro might write an impl of the trait, which the index cannot see: some
    /// `macro_rules!` body or item macro call mentions the trait's name. A trait that no impl
    /// and no macro names cannot have its methods called, whatever the method names say.
    fn macro_may_implement(&self, trait_item: Target) -> bool {
        let ix = self.ix;
        let Target::Item(tm, ti) = trait_item else {
            return true;
        };
        let Kind::Named { name, .. } = &ix.mods[tm].items[ti] else {
            return true;
        };
        let mentions = |body: &Body| {
            body.members.contains(name)
                || body
                    .refs
                    .iter()
                    .any(|r| r.segments.last().is_some_and(|last| last == name))
        };
        macro_bodies(ix).any(mentions)
    }

    /// An item macro call applies when a bundled item it or its macro's body names is kept
    /// (what it expands to is unknown), or when it names none and its module is kept.
    fn macro_call_applies(&mut self, m: ModId, body: &Body) -> bool {
        let ix = self.ix;
        let mut named: Vec<Target> = self
            .local_items(m, &body.refs)
            .into_iter()
            .flatten()
            .collect();
        // Macros calling macros (`fix_array_impl_recursive!` expands to `fix_array_impl!`
        // calls, which write the impls): what the innermost bodies name decides.
        let is_def = |t: &Target| matches!(*t, Target::Item(x, k) if matches!(ix.mods[x].items[k], Kind::Named { macro_def: true, .. }));
        let mut seen_defs = BTreeSet::new();
        while let Some(at) = named.iter().position(is_def) {
            let def = named.swap_remove(at);
            if !seen_defs.insert(def) {
                continue;
            }
            if let Target::Item(x, k) = def {
                if let Kind::Named { body, .. } = &ix.mods[x].items[k] {
                    named.extend(self.local_items(x, &body.refs).into_iter().flatten());
                }
            }
        }
        if named.is_empty() {
            self.live_mods.contains(&m)
        } else {
            named.iter().any(|&t| self.is_live(t))
        }
    }

    /// Whether an import no kept code names should stay as a possible trait import.
    fn import_may_be_needed(&mut self, m: ModId, leaf: &Leaf) -> bool {
        if leaf
            .path
            .first()
            .is_some_and(|f| self.proc_macros.contains_key(f))
        {
            return false; // kept only when something is looked up through it
        }
        if leaf.name == "_" {
            return true;
        }
        let targets = self.resolve(m, &leaf.path, false, 0);
        if targets.is_empty() {
            // Outside the bundle: a std glob such as `std::io::prelude::*`, or a std trait.
            // A capitalised name of a crate the judge provides (`use num_traits::Zero` for
            // `.is_zero()`) may be a trait whose methods are called: which ones are is not
            // known here, so each stays.
            let first = leaf.path.first().map(String::as_str).unwrap_or_default();
            // (A crate's name is lowercase: `use Option::{None as Ended}` names no crate.)
            let provided_crate = first.starts_with(|c: char| c.is_ascii_lowercase())
                && !matches!(first, "std" | "core" | "alloc" | "crate" | "self" | "super");
            let capitalised = leaf.name.starts_with(|c: char| c.is_ascii_uppercase());
            return leaf.glob
                || METHOD_TRAITS.contains(&leaf.name.as_str())
                || METHOD_CALLED_TRAITS.iter().any(|(name, method)| {
                    leaf.name == *name
                        && self
                            .members_at
                            .get(*method)
                            .is_some_and(|at| at.contains(&Some(m)) || at.contains(&None))
                })
                || (provided_crate && capitalised);
        }
        let ix = self.ix;
        // Only a trait the pruner keeps (it has an impl that applies, see `run`) can be what a
        // method call needs; the loop comes back here once it is kept.
        let called_trait = |x: ModId, k: usize| {
            matches!(&ix.mods[x].items[k], Kind::Named { trait_items, .. }
                if trait_items.iter().any(|n| self.members.contains(n)))
                && self.live.contains(&Node::Item(x, k))
        };
        targets.iter().any(|t| match *t {
            Target::Item(x, k) => !leaf.glob && called_trait(x, k),
            // A glob brings the module's traits into scope.
            Target::Module(x) => {
                leaf.glob && (0..ix.mods[x].items.len()).any(|k| called_trait(x, k))
            }
        })
    }

    /// The `use` leaves through which module `m`, where kept code calls a method of a kept
    /// trait, has that trait in scope by a glob (see `trait_imports`).
    fn called_trait_imports(&mut self, m: ModId) -> Vec<Node> {
        let ix = self.ix;
        let called: Vec<Target> = self
            .live
            .iter()
            .filter_map(|node| match *node {
                Node::Item(x, k) => match &ix.mods[x].items[k] {
                    Kind::Named { trait_items, .. }
                        if trait_items.iter().any(|n| {
                            self.members_at
                                .get(n)
                                .is_some_and(|at| at.contains(&Some(m)))
                        }) =>
                    {
                        Some(Target::Item(x, k))
                    }
                    _ => None,
                },
                _ => None,
            })
            .collect();
        let mut nodes = Vec::new();
        for t in called {
            let through = self.trait_imports(m, t, 0);
            // Only glob routes: a direct import is kept by `import_may_be_needed`.
            if through
                .iter()
                .any(|n| matches!(*n, Node::Leaf(x, i, j) if x == m && self.is_glob(x, i, j)))
            {
                nodes.extend(through);
            }
        }
        nodes
    }

    fn is_glob(&self, m: ModId, i: usize, j: usize) -> bool {
        matches!(&self.ix.mods[m].items[i], Kind::Use(leaves) if leaves[j].glob)
    }

    fn run(&mut self) {
        let ix = self.ix;
        for (m, module) in ix.mods.iter().enumerate() {
            if !module.is_root_crate {
                continue;
            }
            for (i, kind) in module.items.iter().enumerate() {
                match kind {
                    Kind::Use(leaves) => {
                        (0..leaves.len()).for_each(|j| self.mark(Node::Leaf(m, i, j)))
                    }
                    Kind::Impl { members, .. } => {
                        self.mark(Node::Item(m, i));
                        (0..members.len()).for_each(|j| self.mark(Node::Member(m, i, j)));
                    }
                    Kind::Mod(_) => {}
                    _ => self.mark(Node::Item(m, i)),
                }
            }
        }
        let impls: Vec<(ModId, usize)> = ix
            .mods
            .iter()
            .enumerate()
            .flat_map(|(m, module)| {
                module
                    .items
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| {
                        matches!(
                            k,
                            Kind::Impl {
                                trait_at: Some(_),
                                ..
                            }
                        )
                    })
                    .map(move |(i, _)| (m, i))
            })
            .collect();
        let impl_methods: BTreeSet<&str> = ix
            .mods
            .iter()
            .flat_map(|module| &module.items)
            .filter_map(|kind| match kind {
                Kind::Impl {
                    is_trait_impl: true,
                    members,
                    ..
                } => Some(members),
                _ => None,
            })
            .flatten()
            .map(|(name, _)| name.as_str())
            .collect();
        loop {
            while let Some(node) = self.queue.pop() {
                self.process(node);
            }
            for m in self.open_mods.clone() {
                for (i, kind) in ix.mods[m].items.iter().enumerate() {
                    let named = |name: &String| {
                        self.members.contains(name) || self.path_names.contains(name)
                    };
                    if matches!(kind, Kind::Named { name, .. } if named(name)) {
                        self.mark(Node::Item(m, i));
                    }
                }
            }
            for (m, module) in ix.mods.iter().enumerate() {
                for (i, kind) in module.items.iter().enumerate() {
                    let item = Node::Item(m, i);
                    match kind {
                        Kind::Impl {
                            header,
                            trait_at,
                            is_trait_impl,
                            members,
                            receivers,
                            ..
                        } => {
                            if !self.live.contains(&item) && self.impl_applies(m, header) {
                                self.mark(item);
                            }
                            if self.live.contains(&item) {
                                let types = if *is_trait_impl {
                                    None
                                } else {
                                    self.impl_types(m, header, *trait_at)
                                };
                                for (j, (name, _)) in members.iter().enumerate() {
                                    if *is_trait_impl
                                        || name.is_empty()
                                        || self.inherent_reached(
                                            types.as_deref(),
                                            name,
                                            receivers[j],
                                        )
                                    {
                                        self.mark(Node::Member(m, i, j));
                                    }
                                }
                            }
                        }
                        Kind::MacroCall(body, _) => {
                            if !self.live.contains(&item) && self.macro_call_applies(m, body) {
                                self.mark(item);
                            }
                        }
                        Kind::Named {
                            name,
                            trait_items,
                            provided,
                            ..
                        } => {
                            // A provided method stays when its name is used, or when an impl
                            // defines a method of its name (which must be a trait's member).
                            if self.live.contains(&item) {
                                for (j, (method, _)) in provided.iter().enumerate() {
                                    if self.members.contains(method)
                                        || impl_methods.contains(method.as_str())
                                        || macro_writes_method(ix, name, method)
                                    {
                                        self.mark(Node::Member(m, i, j));
                                    }
                                }
                            }
                            if !self.live.contains(&item)
                                && !trait_items.is_empty()
                                && self.trait_called(Target::Item(m, i), name, trait_items)
                                && self.called_trait_applies(Target::Item(m, i), &impls)
                            {
                                self.mark(item);
                            }
                        }
                        Kind::WithModule(_) => {
                            if self.live_mods.contains(&m) {
                                self.mark(item);
                            }
                        }
                        Kind::Use(leaves) => {
                            if !self.live_mods.contains(&m) {
                                continue;
                            }
                            for (j, leaf) in leaves.iter().enumerate() {
                                let node = Node::Leaf(m, i, j);
                                if !self.live.contains(&node) && self.import_may_be_needed(m, leaf)
                                {
                                    self.guessed.insert(node);
                                    self.mark(node);
                                }
                            }
                        }
                        Kind::Mod(_) => {}
                    }
                }
                // A glob of a module that only re-exports traits (a `prelude`) brings them into
                // scope through its imports, which stay too.
                if self.live_mods.contains(&m) {
                    for node in self.called_trait_imports(m) {
                        if !self.live.contains(&node) {
                            self.guessed.insert(node);
                            self.mark(node);
                        }
                    }
                }
            }
            if self.queue.is_empty() {
                break;
            }
        }
    }
}

/// Whether a macro's body (or an item macro call) may write an impl of trait `name` with
/// method `method` (`impl One for $t { fn is_one(&self) .. }`): it mentions both.
fn macro_writes_method(ix: &Index, name: &str, method: &str) -> bool {
    macro_bodies(ix).any(|body| {
        body.fn_names.contains(method)
            && body
                .refs
                .iter()
                .any(|r| r.segments.last().is_some_and(|last| last == name))
    })
}

/// The bodies of every `macro_rules!` and item macro call of the bundle: code the index sees
/// only as tokens.
fn macro_bodies(ix: &Index) -> impl Iterator<Item = &Body> {
    ix.mods
        .iter()
        .flat_map(|module| &module.items)
        .filter_map(|kind| match kind {
            Kind::Named {
                body,
                macro_def: true,
                ..
            }
            | Kind::MacroCall(body, _) => Some(body),
            _ => None,
        })
}

/// Prunes the bundle `items` (the binary's items plus one module per library named in
/// `libraries`) down to what the binary reaches. Fails on a glob import it cannot resolve.
/// Returns the macros of the `proc_macros` crates (each with the macros it defines, when
/// known) that kept code uses: imports of them that nothing needs are dropped.
pub fn prune(
    items: &mut Vec<Item>,
    libraries: &BTreeSet<String>,
    proc_macros: &BTreeMap<String, Option<BTreeSet<String>>>,
    root: &Path,
    sources: &Sources,
) -> Result<BTreeMap<String, BTreeSet<String>>> {
    let ix = Index::build(items, libraries);
    let mut engine = Engine {
        ix: &ix,
        live: BTreeSet::new(),
        live_mods: BTreeSet::new(),
        queue: Vec::new(),
        members: BTreeSet::new(),
        calls: BTreeSet::new(),
        loose: BTreeSet::new(),
        typed: BTreeSet::new(),
        members_at: BTreeMap::new(),
        open_mods: BTreeSet::new(),
        path_names: BTreeSet::new(),
        guessed: BTreeSet::new(),
        outside: 0,
        proc_macros,
        used_proc_macros: BTreeMap::new(),
        lookups: BTreeMap::new(),
        marked_lookups: BTreeSet::new(),
        globbing: BTreeSet::new(),
        cuts: Vec::new(),
        open: 0,
        depth_cuts: 0,
        in_progress: BTreeSet::new(),
        partial: BTreeMap::new(),
    };
    check_globs(&mut engine, root, sources)?;
    engine.run();
    apply(&engine, items, 0);
    Ok(engine.used_proc_macros)
}

/// A glob into the bundle (`use super::*`, `use crate::x::*`) must name a module or enum,
/// or names it provides could not be followed.
fn check_globs(engine: &mut Engine, root: &Path, sources: &Sources) -> Result<()> {
    let ix = engine.ix;
    for (m, module) in ix.mods.iter().enumerate() {
        for kind in &module.items {
            let Kind::Use(leaves) = kind else { continue };
            for leaf in leaves.iter().filter(|l| l.glob) {
                let local = match leaf.path.first().map(String::as_str) {
                    None | Some("crate" | "self" | "super") => true,
                    Some(first) => !engine.lookup(m, first, false, 0).is_empty(),
                };
                if local && engine.walk(m, &leaf.path, false, 0, true).is_empty() {
                    let file = sources.get(&module.path).cloned().unwrap_or_default();
                    return Err(error_at_line(
                        root,
                        &file,
                        leaf.line,
                        format!(
                            "cannot resolve glob import `use {}::*` (a glob must name a module or an enum of the bundle)",
                            leaf.path.join("::")
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Removes what the engine did not keep from module `m`'s `items`.
fn apply(engine: &Engine, items: &mut Vec<Item>, m: ModId) {
    let kinds = &engine.ix.mods[m].items;
    let mut i = 0;
    items.retain_mut(|item| {
        let index = i;
        i += 1;
        let live = engine.live.contains(&Node::Item(m, index));
        match (&kinds[index], item) {
            (Kind::Mod(child), Item::Mod(module)) => match &mut module.content {
                Some((_, inner)) => {
                    apply(engine, inner, *child);
                    !inner.is_empty()
                }
                None => false,
            },
            (Kind::Use(_), Item::Use(u)) => {
                let keep = |j: usize| engine.live.contains(&Node::Leaf(m, index, j));
                let guessed = |j: usize| engine.guessed.contains(&Node::Leaf(m, index, j));
                let count = match &engine.ix.mods[m].items[index] {
                    Kind::Use(leaves) => leaves.len(),
                    _ => 0,
                };
                let tree = std::mem::replace(
                    &mut u.tree,
                    UseTree::Glob(syn::UseGlob {
                        star_token: Default::default(),
                    }),
                );
                match retain_use(tree, &mut 0, &keep) {
                    Some(tree) => {
                        u.tree = tree;
                        if (0..count).any(|j| keep(j) && guessed(j)) {
                            u.attrs.push(parse_quote!(#[allow(unused_imports)]));
                        }
                        true
                    }
                    None => false,
                }
            }
            (Kind::Named { .. }, Item::Trait(t)) => {
                if !live {
                    return false;
                }
                let mut j = 0;
                t.items.retain(|member| match member {
                    syn::TraitItem::Fn(f) if f.default.is_some() => {
                        j += 1;
                        engine.live.contains(&Node::Member(m, index, j - 1))
                    }
                    _ => true,
                });
                true
            }
            (Kind::Impl { is_trait_impl, .. }, Item::Impl(imp)) => {
                if !live {
                    return false;
                }
                let mut j = 0;
                imp.items.retain(|_| {
                    j += 1;
                    engine.live.contains(&Node::Member(m, index, j - 1))
                });
                *is_trait_impl || !imp.items.is_empty()
            }
            _ => live,
        }
    });
}

/// Every item, module, macro and associated function name defined in the libraries of the bundle
/// (the root's modules other than the binary's), with the `file:line` of its definition.
pub fn defined_names(items: &[Item], root: &Path, sources: &Sources) -> BTreeMap<String, String> {
    fn walk(
        items: &[Item],
        module: &mut Vec<String>,
        root: &Path,
        sources: &Sources,
        out: &mut BTreeMap<String, String>,
    ) {
        let file = (0..=module.len())
            .rev()
            .find_map(|n| sources.get(&module[..n]))
            .map(|f| super::load::shown(root, f).display().to_string())
            .unwrap_or_default();
        let mut names = Vec::new();
        for item in items {
            let mut add = |ident: &syn::Ident| names.push(ident.clone());
            match item {
                Item::Mod(m) => {
                    // A module the pruner emptied vanishes: a path through it then fails.
                    add(&m.ident);
                    if let Some((_, inner)) = &m.content {
                        module.push(m.ident.to_string());
                        walk(inner, module, root, sources, out);
                        module.pop();
                    }
                }
                Item::Macro(m) => {
                    if let Some(ident) = &m.ident {
                        add(ident);
                    }
                }
                Item::Impl(imp) => {
                    for member in &imp.items {
                        if let syn::ImplItem::Fn(f) = member {
                            add(&f.sig.ident);
                        }
                    }
                }
                Item::Trait(t) => {
                    add(&t.ident);
                    for member in &t.items {
                        if let syn::TraitItem::Fn(f) = member {
                            add(&f.sig.ident);
                        }
                    }
                }
                Item::Const(i) => add(&i.ident),
                Item::Enum(i) => add(&i.ident),
                Item::Fn(i) => add(&i.sig.ident),
                Item::Static(i) => add(&i.ident),
                Item::Struct(i) => add(&i.ident),
                Item::Type(i) => add(&i.ident),
                Item::Union(i) => add(&i.ident),
                _ => {}
            }
        }
        for ident in names {
            out.entry(ident.to_string())
                .or_insert_with(|| format!("{}:{}", file, ident.span().start().line));
        }
    }
    let mut out = BTreeMap::new();
    for item in items {
        if let Item::Mod(m) = item {
            if let Some((_, inner)) = &m.content {
                let mut module = vec![m.ident.to_string()];
                walk(inner, &mut module, root, sources, &mut out);
            }
        }
    }
    out
}

/// Names of the `macro_rules!` macros among `items` (at any depth) whose body calls
/// `stringify!` or `concat!`.
pub fn stringifying_macros(items: &[Item]) -> Vec<String> {
    fn mentions(tokens: proc_macro2::TokenStream) -> bool {
        calls_any(tokens, &|name| name == "stringify" || name == "concat")
    }
    let mut names = Vec::new();
    for item in items {
        match item {
            Item::Macro(m) if m.ident.is_some() && mentions(m.mac.tokens.clone()) => {
                names.push(m.ident.as_ref().map(|i| i.to_string()).unwrap_or_default());
            }
            Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    names.extend(stringifying_macros(inner));
                }
            }
            Item::Fn(f) => {
                let inner: Vec<Item> = f
                    .block
                    .stmts
                    .iter()
                    .filter_map(|s| match s {
                        syn::Stmt::Item(i) => Some(i.clone()),
                        _ => None,
                    })
                    .collect();
                names.extend(stringifying_macros(&inner));
            }
            _ => {}
        }
    }
    names
}

/// Whether `tokens` hold a macro call `name!` (at any depth) of a name `is_macro` accepts.
pub fn calls_any(tokens: proc_macro2::TokenStream, is_macro: &dyn Fn(&str) -> bool) -> bool {
    let tokens: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(i, t)| match t {
        proc_macro2::TokenTree::Ident(name) => {
            matches!(tokens.get(i + 1), Some(proc_macro2::TokenTree::Punct(p)) if p.as_char() == '!')
                && is_macro(&name.to_string())
        }
        proc_macro2::TokenTree::Group(g) => calls_any(g.stream(), is_macro),
        _ => false,
    })
}

/// Names of the `#[macro_export]` macros defined anywhere among `items`.
pub fn exported_macros(items: &[Item]) -> Vec<String> {
    let mut names = Vec::new();
    for item in items {
        match item {
            Item::Macro(m) if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                if let Some(ident) = &m.ident {
                    names.push(ident.to_string());
                }
            }
            Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    names.extend(exported_macros(inner));
                }
            }
            _ => {}
        }
    }
    names
}

/// The number of items in a module tree, as the summary counts them: every definition and impl
/// block, plus each associated item of an impl; `use` and `mod` are not counted.
pub fn count_items(items: &[Item]) -> usize {
    items
        .iter()
        .map(|item| match item {
            Item::Mod(m) => m
                .content
                .as_ref()
                .map_or(0, |(_, inner)| count_items(inner)),
            Item::Use(_) | Item::ExternCrate(_) => 0,
            Item::Impl(i) => 1 + i.items.len(),
            _ => 1,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// How many lookups this thread's prunes computed rather than remembered.
        pub(super) static SEARCHES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// `src` pruned as a bundle whose library module is `lib`.
    fn pruned(src: &str) -> String {
        let mut file: syn::File = syn::parse_str(src).unwrap();
        let libraries = BTreeSet::from(["lib".to_string()]);
        let proc_macros = BTreeMap::from([(
            "derive_x".to_string(),
            Some(BTreeSet::from(["fastout".to_string()])),
        )]);
        prune(
            &mut file.items,
            &libraries,
            &proc_macros,
            Path::new("/"),
            &Sources::new(),
        )
        .unwrap();
        prettyplease::unparse(&file)
    }

    fn assert_kept(out: &str, kept: &[&str], gone: &[&str]) {
        for k in kept {
            assert!(out.contains(k), "{:?} is missing:\n{}", k, out);
        }
        for g in gone {
            assert!(!out.contains(g), "{:?} should be gone:\n{}", g, out);
        }
    }

    #[test]
    fn keeps_what_is_reached_and_drops_the_rest() {
        let out = pruned(
            "fn main() { crate::lib::used(); }
             mod lib {
                 use self::Outcome::*;
                 pub use self::nested::deep;
                 pub fn used() -> Outcome { helper(); let s = S::make(); s.go(); Win }
                 fn helper() {}
                 pub fn unused() {}
                 pub enum Outcome { Win, Loss }
                 pub struct S;
                 impl S { pub fn make() -> Self { S } pub fn go(&self) {} pub fn stop(&self) {} }
                 impl Default for S { fn default() -> Self { S } }
                 pub struct T;
                 impl Default for T { fn default() -> Self { T } }
                 macro_rules! local { () => {} }
                 pub mod nested { pub fn deep() {} }
             }",
        );
        assert_kept(
            &out,
            &[
                "use self::Outcome::*;",
                "fn helper()",
                "pub enum Outcome",
                "fn make()",
                "fn go(",
                "impl Default for S",
            ],
            &[
                "unused", "fn stop", "struct T", "for T", "local", "nested", "deep",
            ],
        );
    }

    #[test]
    fn traits_follow_their_method_calls_and_impls_their_types() {
        let out = pruned(
            "fn main() { crate::lib::f(); }
             mod lib {
                 pub fn f() { let x = 3u32; x.twice(); }
                 pub trait Twice { fn twice(self) -> Self; }
                 impl Twice for u32 { fn twice(self) -> u32 { self * 2 } }
                 pub trait Other { fn other(self); }
                 impl Other for u32 { fn other(self) {} }
             }",
        );
        assert_kept(&out, &["pub trait Twice", "impl Twice for u32"], &["Other"]);
    }

    #[test]
    fn a_std_operator_trait_stays_imported_only_where_its_method_is_called() {
        // rustc-hash 1 calls `.bitxor(i)` with `use core::ops::BitXor`: pruning the import broke
        // the bundle; an operator trait used as an operator (`a + b`) needs no import.
        let out = pruned(
            "fn main() { crate::lib::hash::mix(1, 2); }
             mod lib {
                 pub mod hash {
                     use core::ops::BitXor;
                     use core::ops::Add;
                     pub fn mix(a: usize, b: usize) -> usize { a.rotate_left(5).bitxor(b) + 1 }
                 }
             }",
        );
        assert_kept(&out, &["use core::ops::BitXor;"], &["use core::ops::Add;"]);
    }

    #[test]
    fn a_method_name_keeps_only_the_traits_in_scope_where_it_is_called() {
        // `outcome` is an inherent method of `Table` and a method of three traits; only the
        // traits imported (under any name) or globbed where `.outcome()` is called can be meant.
        let out = pruned(
            "fn main() { crate::lib::caller::f(); }
             mod lib {
                 pub mod caller {
                     use super::table::Table;
                     use super::renamed::Renamed as _;
                     use super::globbed::*;
                     pub fn f() { let t = Table; t.outcome(); 3u8.outcome(); }
                 }
                 pub mod table {
                     pub struct Table;
                     impl Table { pub fn outcome(&self) {} }
                 }
                 pub mod unrelated {
                     pub trait Scored { fn outcome(&self) -> i32; }
                     impl Scored for u8 { fn outcome(&self) -> i32 { 1 } }
                 }
                 pub mod renamed {
                     pub trait Renamed { fn outcome(&self) -> u8; }
                     impl Renamed for u8 { fn outcome(&self) -> u8 { 2 } }
                 }
                 pub mod globbed {
                     pub trait Globbed { fn outcome(&self) -> u16; }
                     impl Globbed for u16 { fn outcome(&self) -> u16 { 3 } }
                 }
             }",
        );
        assert_kept(
            &out,
            &[
                "pub fn outcome(&self) {}",
                "pub trait Renamed",
                "pub trait Globbed",
            ],
            &["Scored", "mod unrelated"],
        );
    }

    #[test]
    fn a_method_called_in_a_macro_body_keeps_every_trait_of_that_name() {
        // A macro's expansion site is unknown here, so any trait with the method may be meant.
        let out = pruned(
            "fn main() { crate::lib::go!(3u8); }
             mod lib {
                 #[macro_export]
                 macro_rules! go { ($x:expr) => { $x.outcome() }; }
                 pub use go;
                 pub mod unrelated {
                     pub trait Scored { fn outcome(&self) -> i32; }
                     impl Scored for u8 { fn outcome(&self) -> i32 { 1 } }
                 }
             }",
        );
        assert_kept(&out, &["pub trait Scored", "impl Scored for u8"], &[]);
    }

    #[test]
    fn item_macros_follow_what_their_expansion_names() {
        let out = pruned(
            "fn main() { let _ = crate::lib::zero::<u8>(); }
             mod lib {
                 pub trait Num { fn zero() -> Self; }
                 macro_rules! num { ($($t:ty),*) => { $(impl Num for $t { fn zero() -> Self { 0 } })* } }
                 num!(u8, u16);
                 pub fn zero<T: Num>() -> T { T::zero() }
                 pub trait Unused {}
                 macro_rules! unused { ($t:ty) => { impl Unused for $t {} } }
                 unused!(u8);
             }",
        );
        assert_kept(
            &out,
            &["pub trait Num", "macro_rules! num", "num!(u8, u16);"],
            &["Unused", "unused"],
        );
    }

    #[test]
    fn names_in_patterns_keep_the_constants_variants_and_imports_they_name() {
        // `Less`, `ZERO` and `ORIGIN` in patterns name items: without them rustc refuses the
        // bundle (E0170) or, worse, reads `ZERO =>` as a binding that matches everything.
        let out = pruned(
            "fn main() { crate::lib::sign::f(1, 2); crate::lib::sign::g(0); }
             mod lib {
                 pub mod limits { pub const ZERO: i64 = 0; pub const ONE: i64 = 1; }
                 pub mod points { pub struct Origin; pub struct Far; }
                 pub mod sign {
                     use std::cmp::Ordering::{Equal, Greater, Less};
                     use std::collections::BTreeMap;
                     use crate::lib::limits::{ONE, ZERO};
                     use super::*;
                     pub fn f(a: i64, b: i64) -> i64 {
                         match a.cmp(&b) { Less => -1, Equal => 0, Greater => 1 }
                     }
                     pub fn g(x: i64) -> bool {
                         let zero_or_not = match x { ZERO => true, other => other < 0 };
                         let points::Origin = origin();
                         zero_or_not
                     }
                     fn origin() -> points::Origin { points::Origin }
                 }
             }",
        );
        assert_kept(
            &out,
            &[
                "use std::cmp::Ordering::{Equal, Greater, Less};",
                "use crate::lib::limits::ZERO;",
                "pub const ZERO",
                "pub struct Origin",
            ],
            &["ONE", "Far", "BTreeMap"],
        );
    }

    #[test]
    fn a_pattern_binding_keeps_nothing_of_its_name() {
        // `gcd` and `total` bind variables here (never read, as a read of a variable keeps an
        // item of its name: the two are told apart only by type checking).
        let out = pruned(
            "fn main() { crate::lib::f(); }
             mod lib {
                 pub fn f() -> u32 { let gcd = 4; match 3 { total => 1 } }
                 pub fn gcd() {}
                 pub struct total(u8);
             }",
        );
        assert_kept(&out, &["pub fn f()"], &["pub fn gcd", "struct total"]);
    }

    #[test]
    fn a_glob_cycle_is_searched_once_per_module_not_once_per_path() {
        // Every module globs every other one (and its parent), the root globs them all. A
        // name none of them defines (`Vec`, a local variable) was searched along every path
        // through the cycle: exponential in the number of modules (the same slowness took
        // a minute on p4576-chase's dp-core).
        let modules = 16;
        let mut lib = String::new();
        for k in 0..modules {
            lib += &format!("pub use self::m{k}::*; ");
            let globs: String = (0..modules)
                .filter(|&j| j != k)
                .map(|j| format!("use super::m{j}::*; "))
                .collect();
            lib += &format!(
                "pub mod m{k} {{ use super::*; {globs} pub fn f{k}() {{ let v: Vec<u8> = Vec::new(); drop(v); }} }} "
            );
        }
        let calls: String = (0..modules)
            .map(|k| format!("crate::lib::f{k}(); "))
            .collect();
        SEARCHES.with(|n| n.set(0));
        let out = pruned(&format!(
            "fn main() {{ {calls} crate::lib::m3::f5(); }} mod lib {{ {lib} pub fn unused() {{}} }}"
        ));
        let searches = SEARCHES.with(|n| n.get());
        assert_kept(
            &out,
            &[
                "fn f0()",
                &format!("fn f{}()", modules - 1),
                "use super::*;",
            ],
            &["unused"],
        );
        // Each (module, name) once per outermost lookup (17 modules, some 30 names): 3 342;
        // searched once per path through the cycle, it doubled with each module more.
        assert!(searches < 5_000, "{searches} lookups searched");
    }

    #[test]
    fn a_reexport_of_a_function_named_as_its_module_resolves_the_type_beside_it() {
        // dp-core's `pub use crate::bit_attractor::{bit_attractor, BlockMove};`: looking up
        // the prefix `bit_attractor` met the import being looked up, and `BlockMove` came
        // back as the module and the function, so its members were kept by name only.
        let out = pruned(
            "fn main() { let _ = crate::lib::Step::to(); crate::lib::walk(); }
             mod lib {
                 pub use crate::lib::walk::{walk, Step};
                 pub use self::other::*;
                 pub mod walk {
                     use super::*;
                     pub fn walk() {}
                     pub struct Step;
                     impl Step { pub fn to() -> Self { Step } }
                 }
                 pub mod other {
                     use super::*;
                     pub struct Other;
                     impl Other { pub fn to() -> Self { Other } }
                 }
             }",
        );
        assert_kept(&out, &["pub struct Step", "pub fn walk()"], &["impl Other"]);
        assert_eq!(out.matches("fn to()").count(), 1, "{}", out);
    }

    #[test]
    fn a_lookup_cut_at_the_depth_limit_is_not_remembered() {
        // dp-core's shape: 40 modules that glob their parent, a root that globs them all and
        // re-exports each module's type by name. Deep in the glob search a lookup meets the
        // depth limit; remembered, its empty answer made `Block` unknown (core-bench's
        // `BlockMove::to` was dropped).
        let modules = 40;
        let mut lib = String::new();
        for k in 0..modules {
            lib += &format!(
                "pub use self::m{k}::*; pub use crate::lib::m{k}::{{f{k}, B{k}}}; pub mod m{k} {{ use super::*; pub fn f{k}() {{}} pub struct B{k}; impl B{k} {{ pub fn to() -> Self {{ B{k} }} }} }} "
            );
        }
        let calls: String = (0..modules)
            .map(|k| format!("crate::lib::f{k}(); let _ = crate::lib::B{k}::to(); "))
            .collect();
        let out = pruned(&format!("fn main() {{ {calls} }} mod lib {{ {lib} }}"));
        for k in 0..modules {
            assert!(
                out.contains(&format!("pub struct B{k};")),
                "B{k} is missing:\n{out}"
            );
        }
        assert_eq!(out.matches("pub fn to()").count(), modules, "{out}");
    }

    #[test]
    fn a_function_globbed_from_a_module_of_its_name_is_kept() {
        // itertools' `adaptors::coalesce`: the module is a type-namespace name, the function
        // that the glob brings in a value-namespace one; both are `coalesce` in `adaptors`.
        let out = pruned(
            "fn main() { crate::lib::adaptors::double(3); }
             mod lib {
                 pub mod adaptors {
                     mod double { pub fn double(x: u8) -> u8 { x * 2 } }
                     mod triple { pub fn triple(x: u8) -> u8 { x * 3 } }
                     pub use self::double::*;
                     pub use self::triple::*;
                 }
             }",
        );
        assert_kept(
            &out,
            &["pub fn double", "pub use self::double::*;"],
            &["triple"],
        );
    }

    #[test]
    fn a_traits_provided_methods_stay_only_when_called_or_implemented() {
        // As itertools' `Itertools`: a blanket impl, and a hundred provided methods of which a
        // solution calls a few; what only the others use goes with them.
        let out = pruned(
            "fn main() { let v = vec![1u8]; crate::lib::Ext::twice(&v); }
             mod lib {
                 pub trait Ext {
                     fn len_of(&self) -> usize;
                     fn twice(&self) -> usize { helper(self.len_of()) }
                     fn thrice(&self) -> usize { other_helper(self.len_of()) }
                     fn named(&self) -> usize { 0 }
                 }
                 impl Ext for Vec<u8> { fn len_of(&self) -> usize { self.len() } fn named(&self) -> usize { 1 } }
                 fn helper(n: usize) -> usize { 2 * n }
                 fn other_helper(n: usize) -> usize { 3 * n }
             }",
        );
        assert_kept(
            &out,
            &[
                "fn len_of(&self) -> usize;",
                "fn twice(",
                "fn helper(",
                "fn named(",
            ],
            &["thrice", "other_helper"],
        );
    }

    #[test]
    fn a_provided_method_named_through_a_type_that_is_not_a_path_stays() {
        // As zerocopy's `<[u16; 2]>::read_from_prefix(bytes)`: only a trait can give an array
        // an associated function.
        let out = pruned(
            "use crate::lib::FromBytes;
             fn main() { let _ = <[u16; 2]>::read_from(&[]); }
             mod lib {
                 pub trait FromBytes: Sized {
                     fn new_zeroed() -> Self;
                     fn read_from(bytes: &[u8]) -> Self { let _ = bytes; Self::new_zeroed() }
                     fn unused_provided() -> Self { Self::new_zeroed() }
                 }
                 impl FromBytes for [u16; 2] { fn new_zeroed() -> Self { [0; 2] } }
             }",
        );
        assert_kept(
            &out,
            &["fn read_from(", "impl FromBytes for [u16; 2]"],
            &["unused_provided"],
        );
    }

    #[test]
    fn imports_keep_only_the_names_looked_up_through_them() {
        let out = pruned(
            "use crate::lib::{a, b};
             fn main() { a(); }
             mod lib {
                 use std::collections::{BTreeMap, HashMap};
                 use std::io::Write;
                 pub fn a() -> usize { let m: HashMap<u8, u8> = HashMap::new(); m.len() }
                 pub fn b() -> BTreeMap<u8, u8> { BTreeMap::new() }
                 pub fn c(out: &mut Vec<u8>) { out.write_all(b\"x\").unwrap(); }
             }",
        );
        // `b` is imported by the binary, so it stays; `Write` is kept as a possible trait
        // import, flagged so that it cannot fail `-D warnings`.
        assert_kept(
            &out,
            &[
                "use std::collections::{BTreeMap, HashMap};",
                "#[allow(unused_imports)]\n    use std::io::Write;",
            ],
            &["fn c("],
        );
    }
}
