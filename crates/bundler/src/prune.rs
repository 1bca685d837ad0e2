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

use super::index::{Index, Kind, ModId};
use super::load::Sources;
use super::located::error_at_line;
use context_error::Result;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use syn::{parse_quote, Item, UseTree};

mod lookup;
mod reach;

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
            .map(|f| super::located::shown(root, f).display().to_string())
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
mod tests;
