//! Name lookup for the pruner: what a name or a path written in a module means, through its
//! items, its imports and its globs (cycles of globs included), each answer remembered.

use super::{Engine, Node, Target, DEPTH_LIMIT};
use crate::index::{Kind, ModId, Ref};

impl Engine<'_> {
    /// What `name` means in module `m`: its items, what its imports of that name point to,
    /// and (when nothing else) what its globs provide. `mark` makes all of it live.
    pub(super) fn lookup(&mut self, m: ModId, name: &str, mark: bool, depth: usize) -> Vec<Target> {
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
    pub(super) fn definitions(&mut self, m: ModId, name: &str, mark: bool) -> Vec<Target> {
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

    pub(super) fn lookup_uncached(
        &mut self,
        m: ModId,
        name: &str,
        mark: bool,
        depth: usize,
    ) -> Vec<Target> {
        #[cfg(test)]
        super::tests::SEARCHES.with(|n| n.set(n.get() + 1));
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
    pub(super) fn leads_outside(&mut self, m: ModId, path: &[String]) -> bool {
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
    pub(super) fn resolve(
        &mut self,
        m: ModId,
        segments: &[String],
        mark: bool,
        depth: usize,
    ) -> Vec<Target> {
        self.walk(m, segments, mark, depth, false)
    }

    /// Like `resolve`, but `strict` demands that every segment names something in the bundle.
    pub(super) fn walk(
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

    pub(super) fn resolve_ref(&mut self, m: ModId, r: &Ref, mark: bool) -> Vec<Target> {
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
    pub(super) fn note_proc_macro(&mut self, path: &[String]) {
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
    pub(super) fn resolve_pattern(&mut self, m: ModId, name: &str, mark: bool) -> Vec<Target> {
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
}
