//! Reachability for the pruner: from the binary's items, what kept code names is marked
//! live, transitively, with the rules for impls, inherent members, traits whose methods are
//! called, item macro calls and imports that may bring a trait into scope.

use super::{Engine, Node, Target, METHOD_CALLED_TRAITS, METHOD_TRAITS};
use crate::index::{Body, Index, Kind, Leaf, ModId, Ref};
use std::collections::BTreeSet;

impl Engine<'_> {
    /// Marks what `body` (written in module `m`, or in a macro's body when `in_macro`) names.
    /// `self_types` are what `Self` means there (`None`: not known, outside an impl).
    pub(super) fn take_body(
        &mut self,
        m: ModId,
        body: &Body,
        in_macro: bool,
        self_types: Option<&[Target]>,
    ) {
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
    pub(super) fn path_types(
        &mut self,
        m: ModId,
        prefix: &[String],
        local_uses: bool,
    ) -> Option<Vec<Target>> {
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
    pub(super) fn expand_types(
        &mut self,
        targets: Vec<Target>,
        depth: usize,
    ) -> Option<Vec<Target>> {
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
    pub(super) fn impl_types(
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
    pub(super) fn inherent_reached(
        &self,
        types: Option<&[Target]>,
        name: &str,
        receiver: bool,
    ) -> bool {
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
    pub(super) fn trait_called(&mut self, t: Target, name: &str, items: &[String]) -> bool {
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
    pub(super) fn trait_in_scope(&mut self, m: ModId, t: Target, name: &str) -> bool {
        self.lookup(m, name, false, 0).contains(&t) || !self.trait_imports(m, t, 0).is_empty()
    }

    /// The `use` leaves of module `m` through which trait `t` is in scope there: imports of
    /// it under any name (`as _` included), and globs of modules with such leaves (followed to
    /// those leaves, which are listed too).
    pub(super) fn trait_imports(&mut self, m: ModId, t: Target, depth: usize) -> Vec<Node> {
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
    pub(super) fn through_local_uses(&mut self, m: ModId, r: &Ref, uses: &[Leaf]) {
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

    pub(super) fn process(&mut self, node: Node) {
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
    pub(super) fn local_items(&mut self, m: ModId, refs: &[Ref]) -> Vec<Vec<Target>> {
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
    pub(super) fn impl_applies(&mut self, m: ModId, header: &[Ref]) -> bool {
        let named = self.local_items(m, header);
        !named.is_empty()
            && named
                .iter()
                .all(|targets| targets.iter().any(|&t| self.is_live(t)))
    }

    /// Whether a trait whose method is called has an impl that would apply with the trait
    /// kept (or no impl in sight, e.g. impls made by a macro: then keep it to be safe).
    pub(super) fn called_trait_applies(
        &mut self,
        trait_item: Target,
        impls: &[(ModId, usize)],
    ) -> bool {
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
    pub(super) fn macro_may_implement(&self, trait_item: Target) -> bool {
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
    pub(super) fn macro_call_applies(&mut self, m: ModId, body: &Body) -> bool {
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
    pub(super) fn import_may_be_needed(&mut self, m: ModId, leaf: &Leaf) -> bool {
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
    pub(super) fn called_trait_imports(&mut self, m: ModId) -> Vec<Node> {
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

    pub(super) fn is_glob(&self, m: ModId, i: usize, j: usize) -> bool {
        matches!(&self.ix.mods[m].items[i], Kind::Use(leaves) if leaves[j].glob)
    }

    pub(super) fn run(&mut self) {
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
