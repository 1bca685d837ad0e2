//! Stage 3, rewrite: each library of the bundle becomes a module at the bundle's root, so every
//! path that named a crate must now name that module.
//!
//! - `dp_core::x` and `::dp_core::x` (a crate of the bundle, by the name the crate's code gives
//!   it: a `[dependencies]` rename or an `extern crate x as y` alias) become
//!   `crate::dp_core::x`, in code, in qualified paths (`<T as dp_core::Tr>::X`) and in macro
//!   arguments, but not inside `stringify!`/`concat!`, whose output would change;
//! - `crate::x` inside a library becomes `crate::<library>::x`, and `$crate::x` in its macros
//!   becomes `$crate::<library>::x`;
//! - `#[macro_export]` macros live at the bundle root whatever crate defines them, so paths to
//!   them become `crate::m` / `$crate::m`;
//! - `super::`, `self::` and relative paths keep their meaning, as the module tree is kept;
//! - `gen`, a keyword in edition 2024, is written `r#gen` (the same name in 2021 and in rustc
//!   1.63), and the labels and lifetimes `'gen` become `'gen_` (raw lifetimes are too new).

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use syn::visit_mut::{self, VisitMut};
use syn::{Path, PathSegment, UseTree};

/// A plain name in edition 2021 and a keyword in 2024; written `r#gen`, it means the same in
/// both (and in rustc 1.63), so a bundle of 2021 crates also compiles as 2024.
const RESERVED_IN_2024: &str = "gen";

/// What a `'gen` label or lifetime becomes.
const RENAMED_LIFETIME: &str = "gen_";

/// Keywords after which `::` starts a path (`<T as ::a::B>`, `return ::a::f()`).
const KEYWORDS: &[&str] = &[
    "as", "in", "return", "break", "let", "mut", "ref", "move", "dyn", "impl", "where", "for",
    "if", "match", "else", "while", "pub", "const", "static", "type", "use", "box",
];

/// Macros whose output is the text of their input: paths in them must stay as written.
const TEXT_MACROS: &[&str] = &["stringify", "concat"];

pub struct Rewriter<'a> {
    /// The module the crate being rewritten becomes; `None` for the binary (the bundle root).
    pub own: Option<&'a str>,
    /// The names this crate's code gives the crates of the bundle, and their modules.
    pub crates: &'a BTreeMap<String, String>,
    /// Names of the `#[macro_export]` macros of all bundled crates.
    pub exported_macros: &'a BTreeSet<String>,
    /// How deep in the binary's modules the rewrite is: at the bundle root (depth 0), a
    /// library's module is an item in scope, so `dp_core::x` stays as written there (and so
    /// does what `stringify!` makes of a macro argument).
    pub depth: usize,
    /// `macro_rules!` macros of the bundle whose expansion stringifies its input: at the
    /// bundle root their arguments are left exactly as written.
    pub stringifying: &'a BTreeSet<String>,
}

fn segment(name: &str, span: Span) -> PathSegment {
    PathSegment::from(Ident::new(name, span))
}

impl Rewriter<'_> {
    fn is_crate(&self, ident: &Ident) -> bool {
        self.crates.contains_key(&ident.to_string())
    }

    /// The length of a macro call at the start of `tokens` whose input must stay as written:
    /// `stringify!`/`concat!`, and at the bundle root a macro that stringifies its input.
    fn verbatim_call_len(&self, tokens: &[TokenTree]) -> Option<usize> {
        let len = text_macro_len(tokens).or(match tokens {
            [TokenTree::Ident(name), TokenTree::Punct(bang), TokenTree::Group(_), ..]
                if bang.as_char() == '!' && self.leaves_input(name) =>
            {
                Some(3)
            }
            _ => None,
        })?;
        Some(len)
    }

    /// Whether the input of a call of macro `name` stays as written.
    fn leaves_input(&self, name: &Ident) -> bool {
        TEXT_MACROS.iter().any(|m| name == m)
            || (self.own.is_none()
                && self.depth == 0
                && self.stringifying.contains(&name.to_string()))
    }

    /// Whether a path starting with crate `ident` resolves as written: in the binary's root
    /// module, where the library's module of that same name is an item.
    fn at_root_as_written(&self, ident: &Ident) -> bool {
        self.own.is_none() && self.depth == 0 && self.module(ident) == *ident
    }

    /// The module of crate `ident`, with its span.
    fn module(&self, ident: &Ident) -> Ident {
        Ident::new(&self.crates[&ident.to_string()], ident.span())
    }

    fn is_exported_macro(&self, ident: &Ident) -> bool {
        self.exported_macros.contains(&ident.to_string())
    }

    /// Rewrites one path; `is_macro` when it names a macro (`path!`).
    fn path(&self, path: &mut Path, is_macro: bool) {
        if path.segments.len() < 2 {
            return; // `crate` alone (as in `pub(crate)`) or a plain name
        }
        let first = path.segments[0].ident.clone();
        let to_root_macro =
            is_macro && path.segments.len() == 2 && self.is_exported_macro(&path.segments[1].ident);
        if first == "crate" && path.leading_colon.is_none() {
            if let (Some(own), false) = (self.own, to_root_macro) {
                path.segments.insert(1, segment(own, first.span()));
            }
        } else if self.is_crate(&first) {
            if self.at_root_as_written(&first) && !to_root_macro {
                path.leading_colon = None;
                return;
            }
            path.leading_colon = None;
            if to_root_macro {
                path.segments[0] = segment("crate", first.span());
            } else {
                path.segments[0].ident = self.module(&first);
                path.segments.insert(0, segment("crate", first.span()));
            }
        }
    }

    /// A path that may follow a qualified self type (`<T as Trait>::X`): the trait's path is
    /// rewritten and the position of its end moves with the segments added.
    fn qualified(&mut self, qself: &mut Option<syn::QSelf>, path: &mut Path) {
        if let Some(q) = qself {
            self.visit_type_mut(&mut q.ty);
        }
        let before = path.segments.len();
        if qself.as_ref().is_none_or(|q| q.position > 0) {
            self.path(path, false);
        }
        if let Some(q) = qself {
            q.position += path.segments.len() - before;
        }
        for segment in path.segments.iter_mut() {
            self.visit_path_segment_mut(segment);
        }
    }

    /// `tree` follows a `crate::` that now needs `<module>::` after it, except for leaves that
    /// are exported macros (they stay at the root).
    fn under(&self, module: &Ident, tree: UseTree) -> UseTree {
        match tree {
            UseTree::Name(ref n) if self.is_exported_macro(&n.ident) => tree,
            UseTree::Rename(ref r) if self.is_exported_macro(&r.ident) => tree,
            UseTree::Group(group) => UseTree::Group(syn::UseGroup {
                brace_token: group.brace_token,
                items: group
                    .items
                    .into_iter()
                    .map(|t| self.under(module, t))
                    .collect(),
            }),
            other => UseTree::Path(syn::UsePath {
                ident: module.clone(),
                colon2_token: Default::default(),
                tree: Box::new(other),
            }),
        }
    }

    /// Rewrites the tree of a `use` item (the tree starts at the path's first segment).
    fn use_tree(&self, tree: &mut UseTree) {
        let taken = std::mem::replace(
            tree,
            UseTree::Glob(syn::UseGlob {
                star_token: Default::default(),
            }),
        );
        *tree = match taken {
            UseTree::Path(p) if p.ident == "crate" => match self.own {
                Some(own) => {
                    let own = Ident::new(own, p.ident.span());
                    UseTree::Path(syn::UsePath {
                        tree: Box::new(self.under(&own, *p.tree)),
                        ..p
                    })
                }
                None => UseTree::Path(p),
            },
            UseTree::Path(p) if self.is_crate(&p.ident) => UseTree::Path(syn::UsePath {
                ident: Ident::new("crate", p.ident.span()),
                colon2_token: p.colon2_token,
                tree: Box::new(self.under(&self.module(&p.ident), *p.tree)),
            }),
            UseTree::Name(n) if self.is_crate(&n.ident) => {
                // `use dp_core;` binds the name it was imported under.
                let module = self.module(&n.ident);
                let leaf = if module == n.ident {
                    UseTree::Name(n)
                } else {
                    UseTree::Rename(syn::UseRename {
                        ident: module,
                        as_token: Default::default(),
                        rename: n.ident,
                    })
                };
                UseTree::Path(syn::UsePath {
                    ident: Ident::new("crate", Span::call_site()),
                    colon2_token: Default::default(),
                    tree: Box::new(leaf),
                })
            }
            UseTree::Rename(r) if self.is_crate(&r.ident) => UseTree::Path(syn::UsePath {
                ident: Ident::new("crate", r.ident.span()),
                colon2_token: Default::default(),
                tree: Box::new(UseTree::Rename(syn::UseRename {
                    ident: self.module(&r.ident),
                    ..r
                })),
            }),
            UseTree::Group(mut g) => {
                for item in g.items.iter_mut() {
                    self.use_tree(item);
                }
                UseTree::Group(g)
            }
            other => other,
        };
    }

    /// The token-level rewrite of macro input and `macro_rules!` bodies, where paths are not
    /// parsed: `crate ::`, `$crate ::` and `<bundled crate> ::` get the same treatment as paths,
    /// and doc attributes (`#[doc = ...]`, as `///` becomes in tokens) are dropped.
    pub fn tokens(&self, tokens: TokenStream) -> TokenStream {
        let input: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::with_capacity(input.len());
        let mut i = 0;
        while i < input.len() {
            let tt = &input[i];
            if let Some(skip) = doc_attribute_len(&input[i..]) {
                i += skip;
                continue;
            }
            if let Some(len) = self.verbatim_call_len(&input[i..]) {
                out.extend(input[i..i + len].iter().cloned());
                i += len;
                continue;
            }
            // `::dp_core::x`: the leading `::` goes, the path starts at `crate`.
            if let TokenTree::Ident(ident) = tt {
                if self.is_crate(ident) && is_path_sep(&input, i + 1) && ends_in_leading_sep(&out) {
                    out.truncate(out.len() - 2);
                }
            }
            match tt {
                TokenTree::Group(g) => {
                    let mut group = Group::new(g.delimiter(), self.tokens(g.stream()));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                }
                TokenTree::Ident(ident)
                    if is_path_sep(&input, i + 1) && !follows_path_sep(&out) =>
                {
                    let next = match input.get(i + 3) {
                        Some(TokenTree::Ident(next)) => Some(next),
                        _ => None,
                    };
                    let names_root_macro = next.is_some_and(|n| {
                        self.is_exported_macro(n) && matches!(input.get(i + 4), Some(TokenTree::Punct(p)) if p.as_char() == '!')
                    });
                    out.push(tt.clone());
                    if *ident == "crate" {
                        // `crate` or `$crate`: both now need the library's module after them.
                        if let (Some(own), false) = (self.own, names_root_macro) {
                            push_path_sep(&mut out);
                            out.push(TokenTree::Ident(Ident::new(own, ident.span())));
                        }
                    } else if self.is_crate(ident)
                        && !follows_dollar(&out[..out.len() - 1])
                        && (names_root_macro || !self.at_root_as_written(ident))
                    {
                        out.pop();
                        out.push(TokenTree::Ident(Ident::new("crate", ident.span())));
                        if !names_root_macro {
                            push_path_sep(&mut out);
                            out.push(TokenTree::Ident(self.module(ident)));
                        }
                    }
                }
                TokenTree::Ident(ident) if *ident == RESERVED_IN_2024 && follows_quote(&out) => {
                    out.push(TokenTree::Ident(Ident::new(RENAMED_LIFETIME, ident.span())));
                }
                TokenTree::Ident(ident) if *ident == RESERVED_IN_2024 && !follows_dollar(&out) => {
                    out.push(TokenTree::Ident(Ident::new_raw(
                        RESERVED_IN_2024,
                        ident.span(),
                    )));
                }
                _ => out.push(tt.clone()),
            }
            i += 1;
        }
        out.into_iter().collect()
    }
}

/// Whether `tokens[i..]` starts with `::`.
fn is_path_sep(tokens: &[TokenTree], i: usize) -> bool {
    matches!(
        (tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
    )
}

/// Whether the tokens so far end in `::` or `.` (so the next ident is not a path's start).
fn follows_path_sep(out: &[TokenTree]) -> bool {
    match out.last() {
        // A lone `:` (`const X: crate::T`) ends no path.
        Some(TokenTree::Punct(p)) if p.as_char() == ':' => {
            out.len() >= 2 && is_path_sep(out, out.len() - 2)
        }
        Some(TokenTree::Punct(p)) => p.as_char() == '.',
        _ => false,
    }
}

/// Whether the tokens so far end in a `::` that starts a path (not one after a name, a `>` or
/// a group, as in `a::b`, `Vec::<u8>::new`).
fn ends_in_leading_sep(out: &[TokenTree]) -> bool {
    let n = out.len();
    if n < 2 {
        return false;
    }
    let sep = matches!((&out[n - 2], &out[n - 1]), (TokenTree::Punct(a), TokenTree::Punct(b))
        if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':');
    sep && match n.checked_sub(3).map(|k| &out[k]) {
        None => true,
        Some(TokenTree::Ident(word)) => KEYWORDS.iter().any(|k| word == k),
        Some(TokenTree::Group(_) | TokenTree::Literal(_)) => false,
        Some(TokenTree::Punct(p)) => p.as_char() != '>',
    }
}

/// The length of `stringify!(...)` or `concat!(...)` at the start of `tokens`.
fn text_macro_len(tokens: &[TokenTree]) -> Option<usize> {
    match tokens {
        [TokenTree::Ident(name), TokenTree::Punct(bang), TokenTree::Group(_), ..]
            if bang.as_char() == '!' && TEXT_MACROS.iter().any(|m| name == m) =>
        {
            Some(3)
        }
        _ => None,
    }
}

fn follows_quote(out: &[TokenTree]) -> bool {
    matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == '\'')
}

fn follows_dollar(out: &[TokenTree]) -> bool {
    matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == '$')
}

fn push_path_sep(out: &mut Vec<TokenTree>) {
    out.push(TokenTree::Punct(Punct::new(':', Spacing::Joint)));
    out.push(TokenTree::Punct(Punct::new(':', Spacing::Alone)));
}

/// The number of tokens of a `#[doc ...]` or `#![doc ...]` at the start of `tokens`.
fn doc_attribute_len(tokens: &[TokenTree]) -> Option<usize> {
    match tokens.first() {
        Some(TokenTree::Punct(p)) if p.as_char() == '#' => {}
        _ => return None,
    }
    let bang = matches!(tokens.get(1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
    let at = 1 + usize::from(bang);
    match tokens.get(at) {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => {
            match g.stream().into_iter().next() {
                Some(TokenTree::Ident(name)) if name == "doc" => Some(at + 1),
                _ => None,
            }
        }
        _ => None,
    }
}

impl VisitMut for Rewriter<'_> {
    fn visit_ident_mut(&mut self, ident: &mut Ident) {
        if *ident == RESERVED_IN_2024 {
            *ident = Ident::new_raw(RESERVED_IN_2024, ident.span());
        }
    }

    fn visit_item_mod_mut(&mut self, node: &mut syn::ItemMod) {
        self.depth += 1;
        visit_mut::visit_item_mod_mut(self, node);
        self.depth -= 1;
    }

    fn visit_lifetime_mut(&mut self, lifetime: &mut syn::Lifetime) {
        if lifetime.ident == RESERVED_IN_2024 {
            lifetime.ident = Ident::new(RENAMED_LIFETIME, lifetime.ident.span());
        }
    }

    fn visit_path_mut(&mut self, path: &mut Path) {
        self.path(path, false);
        visit_mut::visit_path_mut(self, path);
    }

    fn visit_expr_path_mut(&mut self, node: &mut syn::ExprPath) {
        self.qualified(&mut node.qself, &mut node.path);
    }

    fn visit_type_path_mut(&mut self, node: &mut syn::TypePath) {
        self.qualified(&mut node.qself, &mut node.path);
    }

    fn visit_expr_struct_mut(&mut self, node: &mut syn::ExprStruct) {
        self.qualified(&mut node.qself, &mut node.path);
        for field in node.fields.iter_mut() {
            self.visit_field_value_mut(field);
        }
        if let Some(rest) = &mut node.rest {
            self.visit_expr_mut(rest);
        }
    }

    fn visit_pat_struct_mut(&mut self, node: &mut syn::PatStruct) {
        self.qualified(&mut node.qself, &mut node.path);
        for field in node.fields.iter_mut() {
            self.visit_field_pat_mut(field);
        }
    }

    fn visit_pat_tuple_struct_mut(&mut self, node: &mut syn::PatTupleStruct) {
        self.qualified(&mut node.qself, &mut node.path);
        for elem in node.elems.iter_mut() {
            self.visit_pat_mut(elem);
        }
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        self.path(&mut mac.path, true);
        let is_text = mac
            .path
            .segments
            .last()
            .is_some_and(|s| self.leaves_input(&s.ident));
        if !is_text {
            mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
        }
    }

    fn visit_item_use_mut(&mut self, item: &mut syn::ItemUse) {
        if item.leading_colon.is_some() {
            // `use ::name::...` names a crate; the rewrite makes it a path from `crate`.
            if let UseTree::Path(p) = &item.tree {
                if self.is_crate(&p.ident) {
                    item.leading_colon = None;
                }
            }
        }
        if item.leading_colon.is_none() {
            self.use_tree(&mut item.tree);
        }
        visit_mut::visit_item_use_mut(self, item);
    }
}

/// Handles the `extern crate` items of a crate: those naming a bundled crate go (the bundle
/// reaches it as a module), an `as y` alias becomes one more name of that crate for the
/// rewrite, and `#[macro_use]` becomes a `use` of the crate's exported macros in every module of
/// the crate (they live at the bundle root; `at_bundle_root` says the crate's root is it).
pub fn extern_crates(
    items: &mut Vec<syn::Item>,
    crates: &mut BTreeMap<String, String>,
    exported: &BTreeMap<String, Vec<String>>,
    at_bundle_root: bool,
) {
    let mut macros: BTreeSet<String> = BTreeSet::new();
    items.retain(|item| {
        let syn::Item::ExternCrate(ext) = item else {
            return true;
        };
        let name = ext.ident.to_string();
        let Some(module) = crates.get(&name).cloned() else {
            return true; // std, core, alloc, or a crate the judge provides
        };
        if let Some((_, alias)) = &ext.rename {
            if alias != "_" {
                crates.insert(alias.to_string(), module.clone());
            }
        }
        if ext.attrs.iter().any(|a| a.path().is_ident("macro_use")) {
            macros.extend(exported.get(&module).into_iter().flatten().cloned());
        }
        false
    });
    if !macros.is_empty() {
        import_macros(items, &macros, !at_bundle_root);
    }
}

/// Adds `use crate::{macros};` to a module's items (when `here`) and to every inline module in
/// them; the pruner keeps the names that are used.
fn import_macros(items: &mut Vec<syn::Item>, macros: &BTreeSet<String>, here: bool) {
    for item in items.iter_mut() {
        if let syn::Item::Mod(m) = item {
            if let Some((_, inner)) = &mut m.content {
                import_macros(inner, macros, true);
            }
        }
    }
    if here {
        let names = macros.iter().map(|m| Ident::new(m, Span::call_site()));
        items.insert(0, syn::parse_quote!(use crate::{#(#names),*};));
    }
}

/// In cargo's build a crate's `#[macro_export]` macros are items of its root module, so a glob
/// of that module (`use super::*;` in zerocopy's `byteorder`) brings them into scope for a bare
/// `transmute!`. In the bundle they are items of the bundle root instead: a library whose
/// modules glob its root module gets, in that module, an import of the exported macros (still
/// defined after pruning) that its code calls by their bare name.
pub fn import_exported_macros_for_globs(items: &mut [syn::Item], module: &str) {
    let Some(inner) = items.iter_mut().find_map(|item| match item {
        syn::Item::Mod(m) if m.ident == module => m.content.as_mut().map(|(_, inner)| inner),
        _ => None,
    }) else {
        return;
    };
    if !globs_library_root(inner, module, 0) {
        return;
    }
    let mut defined = crate::prune::exported_macros(inner);
    defined.sort();
    defined.dedup();
    let tokens: TokenStream = inner.iter().map(quote::ToTokens::to_token_stream).collect();
    let mut called = BTreeSet::new();
    bare_macro_calls(tokens, &mut called);
    let names: Vec<Ident> = defined
        .iter()
        .filter(|name| called.contains(name.as_str()))
        .map(|name| Ident::new(name, Span::call_site()))
        .collect();
    if !names.is_empty() {
        let import: syn::Item =
            syn::parse_quote!(#[allow(unused_imports)] pub(crate) use crate::{#(#names),*};);
        inner.insert(0, import);
    }
}

/// Whether a `use` glob among `items` (a module `depth` levels below the library's root module
/// `module`, and the modules inside it) names that root: `crate::<module>::*` after the rewrite,
/// `super::*` one level down, `self::*` in the root itself.
fn globs_library_root(items: &[syn::Item], module: &str, depth: usize) -> bool {
    fn glob_paths(tree: &UseTree, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        match tree {
            UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                glob_paths(&p.tree, prefix, out);
                prefix.pop();
            }
            UseTree::Group(g) => g.items.iter().for_each(|t| glob_paths(t, prefix, out)),
            UseTree::Glob(_) => out.push(prefix.clone()),
            UseTree::Name(_) | UseTree::Rename(_) => {}
        }
    }
    items.iter().any(|item| match item {
        syn::Item::Use(u) => {
            let mut paths = Vec::new();
            glob_paths(&u.tree, &mut Vec::new(), &mut paths);
            paths.iter().any(|path| {
                let names_root = path.len() == 2 && path[0] == "crate" && path[1] == module;
                let up = path.iter().take_while(|s| *s == "super").count();
                let relative = (up == path.len() && up == depth)
                    || (depth == 0 && path.len() == 1 && path[0] == "self");
                names_root || relative
            })
        }
        syn::Item::Mod(m) => m
            .content
            .as_ref()
            .is_some_and(|(_, inner)| globs_library_root(inner, module, depth + 1)),
        _ => false,
    })
}

/// The names of the macro calls `name!` in `tokens` not written after `::` or `$`.
fn bare_macro_calls(tokens: TokenStream, out: &mut BTreeSet<String>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(name) => {
                let bang =
                    matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                let qualified = i > 0
                    && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == ':' || p.as_char() == '$');
                if bang && !qualified {
                    out.insert(name.to_string());
                }
            }
            TokenTree::Group(g) => bare_macro_calls(g.stream(), out),
            _ => {}
        }
    }
}

/// Drops, from the `use` items at the bundle root, the imports of a name already at the root
/// under the same name (`use crate::dp_core;`, `use crate::chmax;` after the rewrite of `use
/// dp_core;` and `use dp_core::chmax;`): rustc would see the name defined twice.
pub fn drop_root_self_imports(items: &mut Vec<syn::Item>, root_names: &BTreeSet<String>) {
    fn keep(tree: &mut UseTree, at_crate: bool, names: &BTreeSet<String>) -> bool {
        match tree {
            UseTree::Path(p) if p.ident == "crate" && !at_crate => keep(&mut p.tree, true, names),
            UseTree::Group(g) if at_crate => {
                let items = std::mem::take(&mut g.items);
                g.items = items
                    .into_iter()
                    .filter_map(|mut t| keep(&mut t, true, names).then_some(t))
                    .collect();
                !g.items.is_empty()
            }
            UseTree::Name(n) if at_crate => !names.contains(&n.ident.to_string()),
            UseTree::Rename(r) if at_crate => {
                r.ident != r.rename || !names.contains(&r.ident.to_string())
            }
            // `use crate::dp_core::{self, ..}`: the `self`.
            UseTree::Path(p) if at_crate && names.contains(&p.ident.to_string()) => {
                let is_self = |t: &UseTree| matches!(t, UseTree::Name(n) if n.ident == "self");
                match &mut *p.tree {
                    UseTree::Group(g) => {
                        let items = std::mem::take(&mut g.items);
                        g.items = items.into_iter().filter(|t| !is_self(t)).collect();
                        !g.items.is_empty()
                    }
                    tree => !is_self(tree),
                }
            }
            // `use dp_core;` as written (or `use ::dp_core;`).
            UseTree::Name(n) => !names.contains(&n.ident.to_string()),
            _ => true,
        }
    }
    items.retain_mut(|item| match item {
        syn::Item::Use(u) if u.leading_colon.is_none() => keep(&mut u.tree, false, root_names),
        _ => true,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(src: &str, own: Option<&str>) -> String {
        let crates = BTreeMap::from([
            ("dp_core".to_string(), "dp_core".to_string()),
            ("prob".to_string(), "prob".to_string()),
        ]);
        let macros = BTreeSet::from(["chmax".to_string()]);
        let mut rewriter = Rewriter {
            own,
            crates: &crates,
            exported_macros: &macros,
            depth: 0,
            stringifying: &BTreeSet::new(),
        };
        let mut file: syn::File = syn::parse_str(src).unwrap();
        rewriter.visit_file_mut(&mut file);
        prettyplease::unparse(&file)
    }

    #[test]
    fn crate_paths_gain_the_library_module() {
        let out = rewrite(
            "use crate::io::{self, Scanner};\nuse crate::{chmax, memo::X};\n\
             pub(crate) fn f() -> crate::io::Error { crate::chmax!(a, b); let v: Vec<crate::A> = vec![crate::a()]; todo() }\n\
             pub(in crate::io) struct S;",
            Some("dp_core"),
        );
        assert!(
            out.contains("use crate::dp_core::io::{self, Scanner};"),
            "{}",
            out
        );
        assert!(
            out.contains("use crate::{chmax, dp_core::memo::X};"),
            "{}",
            out
        );
        assert!(
            out.contains("pub(crate) fn f() -> crate::dp_core::io::Error"),
            "{}",
            out
        );
        assert!(out.contains("crate::chmax!(a, b);"), "{}", out);
        assert!(out.contains("vec![crate::dp_core::a()]"), "{}", out);
        assert!(out.contains("Vec<crate::dp_core::A>"), "{}", out);
        assert!(
            out.contains("pub(in crate::dp_core::io) struct S;"),
            "{}",
            out
        );
    }

    #[test]
    fn names_reserved_in_2024_become_raw() {
        let out = rewrite("fn gen() { let gen = 1; m!(gen, $gen); }", Some("dp_core"));
        assert!(
            out.contains("fn r#gen() {\n    let r#gen = 1;\n    m!(r#gen, $gen);"),
            "{}",
            out
        );
    }

    #[test]
    fn crate_names_become_root_modules() {
        let out = rewrite(
            "use dp_core::{Error, Scanner, chmax};\nuse ::dp_core::io;\n\
             fn main() { dp_core::run(prob::solve); dp_core::chmax!(x, y); println!(\"{}\", dp_core::X); }",
            None,
        );
        assert!(
            out.contains("use crate::{dp_core::Error, dp_core::Scanner, chmax};"),
            "{}",
            out
        );
        assert!(out.contains("use crate::dp_core::io;"), "{}", out);
        // At the bundle root the library modules are items: paths stay as written there.
        assert!(out.contains("dp_core::run(prob::solve);"), "{}", out);
        assert!(out.contains("crate::chmax!(x, y);"), "{}", out);
        assert!(out.contains("println!(\"{}\", dp_core::X);"), "{}", out);
        let nested = rewrite(
            "mod m { fn f() { dp_core::run(::prob::solve); println!(\"{}\", <u8 as ::dp_core::T>::X); } }",
            None,
        );
        assert!(
            nested.contains("crate::dp_core::run(crate::prob::solve);"),
            "{}",
            nested
        );
        assert!(
            nested.contains("println!(\"{}\", < u8 as crate::dp_core::T >::X);")
                || nested.contains("<u8 as crate::dp_core::T>::X"),
            "{}",
            nested
        );
    }

    #[test]
    fn dollar_crate_in_macro_bodies_gains_the_module_and_docs_go() {
        let crates = BTreeMap::new();
        let macros = BTreeSet::from(["chmax".to_string()]);
        let rewriter = Rewriter {
            own: Some("dp_core"),
            crates: &crates,
            exported_macros: &macros,
            depth: 0,
            stringifying: &BTreeSet::new(),
        };
        let src: syn::ItemMacro = syn::parse_str(
            "macro_rules! m { ($x:expr) => { /// doc\n fn f() {} $crate::io::g($x); $crate::chmax!(1, 2); crate::h() }; }",
        )
        .unwrap();
        let out = rewriter.tokens(src.mac.tokens.clone()).to_string();
        assert_eq!(
            out,
            "($ x : expr) => { fn f () { } $ crate :: dp_core :: io :: g ($ x) ; $ crate :: chmax ! (1 , 2) ; crate :: dp_core :: h () } ;"
        );
    }
}
