//! Edition 2015 code rewritten into a form the bundle's editions (2021, 2024) accept with the
//! same meaning, before the crate's paths are rewritten into its module (`rewrite`):
//!
//! - 2015's spellings that later editions parse differently, in the text before parsing:
//!   `try`, `async`, `await` (and `dyn` where it is a name) as identifiers become raw
//!   identifiers (`r#try!(x)` is still std's macro), and an anonymous parameter of a trait
//!   method (`fn f(&self, u8);`) gets a name, `_: u8`;
//! - a `use` path is relative to the crate root in 2015 (`use foo::bar` means
//!   `crate::foo::bar`, `use ::foo` the same), and so is `::foo` in code: both gain `crate::`
//!   unless `foo` is a crate (`std`, a dependency, an `extern crate` alias, which stands for
//!   its crate);
//! - a bare trait object (`Box<Error>`, `&Fn(u8)`, `Box<Tr + Send>`) gains `dyn`: a trait of
//!   the crate, or one of std's when the name was imported from (or is spelled with) its std
//!   module, or is in the prelude;
//! - a macro's `$x:pat` matches `A | B` from 2021 on: it becomes `$x:pat_param`, the 2015
//!   meaning (`$p:pat | $q:pat` is even rejected otherwise).
//!
//! [`local_inner_macros`] is for every edition: `#[macro_export(local_inner_macros)]` (a 2015
//! idiom) means each unqualified macro call in the body is `$crate::name!`, which the bundle
//! must spell out once the crate's macros live in the bundle's root and are called from other
//! modules.

use proc_macro2::{Delimiter, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::str::FromStr;
use syn::visit_mut::{self, VisitMut};
use syn::{Item, Path, Type, UseTree};

/// Lints rustc denies by default today that old code trips (a binding named as a variant of
/// its type, `fn from(a: AsciiChar)` in ascii 1.1): cargo caps a dependency's lints, the
/// bundle's library module must allow them. `#![allow(warnings)]` covers only warnings.
pub fn lints_2015() -> syn::Attribute {
    syn::parse_quote!(#![allow(bindings_with_variant_name)])
}

/// Identifiers of 2015 that are keywords from 2018 on.
const KEYWORDS_SINCE_2018: &[&str] = &["try", "async", "await"];

/// Traits of std a 2015 crate may name as bare trait objects, with their module: a name
/// imported from (or spelled with) that module is the trait.
const STD_TRAITS: &[(&str, &str)] = &[
    ("error", "Error"),
    ("fmt", "Debug"),
    ("fmt", "Display"),
    ("fmt", "Write"),
    ("io", "Write"),
    ("io", "Read"),
    ("io", "BufRead"),
    ("io", "Seek"),
    ("any", "Any"),
    ("hash", "Hasher"),
    ("iter", "Iterator"),
    ("iter", "DoubleEndedIterator"),
    ("iter", "ExactSizeIterator"),
    ("ops", "Fn"),
    ("ops", "FnMut"),
    ("ops", "FnOnce"),
    ("borrow", "Borrow"),
    ("convert", "AsRef"),
    ("string", "ToString"),
];

/// Traits of the prelude: these names are traits wherever nothing else defines them.
const PRELUDE_TRAITS: &[&str] = &[
    "Fn",
    "FnMut",
    "FnOnce",
    "Iterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "ToString",
    "AsRef",
    "AsMut",
];

/// The text of an edition 2015 file with the spellings later editions parse otherwise
/// rewritten (see the module's documentation). Lines stay where they were, so spans still
/// point at the source file's lines. Text that does not lex is returned as it is: the parser
/// reports it.
pub fn respell_2015(text: &str) -> String {
    let Ok(tokens) = TokenStream::from_str(text) else {
        return text.to_string();
    };
    let mut inserts: Vec<(Span, &'static str)> = Vec::new();
    respell_tokens(tokens, false, &mut inserts);
    if inserts.is_empty() {
        return text.to_string();
    }
    // Spans give (line, column in chars); the text is edited at byte offsets.
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |span: Span| -> Option<usize> {
        let at = span.start();
        let start = *line_starts.get(at.line.checked_sub(1)?)?;
        let line = &text[start..];
        Some(
            start
                + line
                    .char_indices()
                    .nth(at.column)
                    .map_or(line.len(), |(i, _)| i),
        )
    };
    let mut at: Vec<(usize, &str)> = inserts
        .into_iter()
        .filter_map(|(span, insert)| Some((offset(span)?, insert)))
        .collect();
    at.sort_by(|a, b| b.cmp(a));
    at.dedup();
    let mut out = text.to_string();
    for (o, insert) in at {
        out.insert_str(o, insert);
    }
    out
}

/// Marks, in `inserts`, the text to insert before tokens of `tokens`; `in_trait` when `tokens`
/// are a trait's body.
fn respell_tokens(tokens: TokenStream, in_trait: bool, inserts: &mut Vec<(Span, &'static str)>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (k, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) => {
                let name = ident.to_string();
                if KEYWORDS_SINCE_2018.contains(&name.as_str())
                    || (name == "dyn" && !starts_type(tokens.get(k + 1)))
                {
                    inserts.push((ident.span(), "r#"));
                }
                if is_bare_closure_trait(&tokens, k) {
                    inserts.push((ident.span(), "dyn "));
                }
                if in_trait && name == "fn" {
                    if let Some(params) = trait_fn_params(&tokens[k + 1..]) {
                        for start in anonymous_params(params) {
                            inserts.push((start, "_: "));
                        }
                    }
                }
            }
            TokenTree::Group(group) => {
                let body = group.delimiter() == Delimiter::Brace && is_trait_body(&tokens[..k]);
                respell_tokens(group.stream(), body, inserts);
            }
            _ => {}
        }
    }
}

/// Whether token `k` is `Fn(..)`, `FnMut(..)` or `FnOnce(..)` as a bare trait object type: after
/// `<`, `&`, `&mut` or `&'a` (a bound follows `:`, `+` or `impl`). syn cannot read these, so they
/// gain `dyn` before parsing.
fn is_bare_closure_trait(tokens: &[TokenTree], k: usize) -> bool {
    let TokenTree::Ident(name) = &tokens[k] else {
        return false;
    };
    let is_closure = name == "Fn" || name == "FnMut" || name == "FnOnce";
    let called = matches!(tokens.get(k + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis);
    let punct =
        |j: usize, c: char| matches!(tokens.get(j), Some(TokenTree::Punct(p)) if p.as_char() == c);
    let after_reference = |j: usize| punct(j, '&') || punct(j, '<');
    is_closure
        && called
        && k > 0
        && (after_reference(k - 1)
            || (k >= 2
                && matches!(&tokens[k - 1], TokenTree::Ident(m) if m == "mut")
                && punct(k - 2, '&'))
            || (k >= 3
                && matches!(&tokens[k - 1], TokenTree::Ident(_))
                && punct(k - 2, '\'')
                && punct(k - 3, '&')))
}

/// Whether `dyn` followed by `next` is the keyword of a trait object type, not a name.
fn starts_type(next: Option<&TokenTree>) -> bool {
    match next {
        Some(TokenTree::Ident(_)) => true,
        Some(TokenTree::Group(g)) => g.delimiter() == Delimiter::Parenthesis,
        Some(TokenTree::Punct(p)) => {
            matches!(p.as_char(), '\'' | '?')
                || (p.as_char() == ':' && p.spacing() == Spacing::Joint)
        }
        _ => false,
    }
}

/// Whether the tokens before a brace group end a trait's header (`trait Name<T>: Bound where
/// ..`): a `trait` keyword with no `{`, `;` or `=` after it.
fn is_trait_body(before: &[TokenTree]) -> bool {
    for token in before.iter().rev() {
        match token {
            TokenTree::Ident(i) if i == "trait" => return true,
            TokenTree::Ident(i) if i == "impl" || i == "fn" || i == "struct" || i == "enum" => {
                return false
            }
            TokenTree::Punct(p) if p.as_char() == ';' || p.as_char() == '=' => return false,
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => return false,
            _ => {}
        }
    }
    false
}

/// The parameter list of the method whose name starts `after` (`name <generics>? (params)`).
fn trait_fn_params(after: &[TokenTree]) -> Option<TokenStream> {
    let mut rest = after.iter();
    let TokenTree::Ident(_) = rest.next()? else {
        return None;
    };
    let mut depth = 0usize;
    for token in rest {
        match token {
            TokenTree::Punct(p) if p.as_char() == '<' => depth += 1,
            TokenTree::Punct(p) if p.as_char() == '>' => depth = depth.checked_sub(1)?,
            TokenTree::Group(g) if depth == 0 && g.delimiter() == Delimiter::Parenthesis => {
                return Some(g.stream())
            }
            _ if depth > 0 => {}
            _ => return None,
        }
    }
    None
}

/// Where each parameter of `params` that has no name (no `:` at its top level, and not a
/// `self` receiver) starts.
fn anonymous_params(params: TokenStream) -> Vec<Span> {
    let tokens: Vec<TokenTree> = params.into_iter().collect();
    let mut starts = Vec::new();
    let mut param: Vec<&TokenTree> = Vec::new();
    let mut depth = 0usize;
    let mut flush = |param: &mut Vec<&TokenTree>| {
        let named = param
            .iter()
            .enumerate()
            .any(|(i, t)| is_single_colon(param, i, t));
        let receiver = param
            .iter()
            .any(|t| matches!(t, TokenTree::Ident(i) if i == "self"));
        if let (Some(first), false, false) = (param.first(), named, receiver) {
            starts.push(first.span());
        }
        param.clear();
    };
    for (k, token) in tokens.iter().enumerate() {
        if let TokenTree::Punct(p) = token {
            let arrow = p.as_char() == '>'
                && k > 0
                && matches!(&tokens[k - 1], TokenTree::Punct(q) if q.as_char() == '-');
            match p.as_char() {
                '<' => depth += 1,
                '>' if !arrow => depth = depth.saturating_sub(1),
                ',' if depth == 0 => {
                    flush(&mut param);
                    continue;
                }
                _ => {}
            }
        }
        param.push(token);
    }
    flush(&mut param);
    starts
}

/// Whether token `i` of `param` is a `:` of its own (not half of `::`), at angle depth 0.
fn is_single_colon(param: &[&TokenTree], i: usize, token: &TokenTree) -> bool {
    let colon = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ':');
    if !colon(token) {
        return false;
    }
    let joint_before = i > 0
        && matches!(param[i - 1], TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Joint);
    let joint_after = matches!(token, TokenTree::Punct(p) if p.spacing() == Spacing::Joint)
        && param.get(i + 1).is_some_and(|t| colon(t));
    let depth: isize = param[..i]
        .iter()
        .map(|t| match t {
            TokenTree::Punct(p) if p.as_char() == '<' => 1,
            TokenTree::Punct(p) if p.as_char() == '>' => -1,
            _ => 0,
        })
        .sum();
    !joint_before && !joint_after && depth <= 0
}

/// Rewrites the items of an edition 2015 crate (its root module's `items`) into their 2021
/// meaning; `crates` are the names its code gives the crates it can name (dependencies; std,
/// core and alloc are added).
pub fn rewrite_2015(items: &mut [Item], crates: &BTreeSet<String>) {
    let mut crates = crates.clone();
    crates.extend(["std", "core", "alloc", "proc_macro", "test"].map(String::from));
    // `extern crate x as y;` at the root makes `y` a name of crate `x` in every `use`.
    let aliases = module_externs(items);
    let root_names: BTreeSet<String> = items.iter().flat_map(defined_name).collect();
    let traits = Traits::of(items);
    let mut visitor = Rewrite2015 {
        crates: &crates,
        aliases: &aliases,
        root_names: &root_names,
        traits: &traits,
        module_externs: vec![aliases.clone()],
    };
    for item in items.iter_mut() {
        visitor.visit_item_mut(item);
    }
}

/// The names an item defines in its module's type namespace (the names a `use` can start with).
fn defined_name(item: &Item) -> Vec<String> {
    match item {
        Item::Mod(m) => vec![m.ident.to_string()],
        Item::Struct(s) => vec![s.ident.to_string()],
        Item::Enum(e) => vec![e.ident.to_string()],
        Item::Union(u) => vec![u.ident.to_string()],
        Item::Trait(t) => vec![t.ident.to_string()],
        Item::Type(t) => vec![t.ident.to_string()],
        Item::Fn(f) => vec![f.sig.ident.to_string()],
        Item::Const(c) => vec![c.ident.to_string()],
        Item::Static(s) => vec![s.ident.to_string()],
        Item::Use(u) => {
            let mut names = Vec::new();
            use_leaves(&u.tree, &mut Vec::new(), &mut |path, name| {
                if !path.is_empty() || name != "self" {
                    names.push(name.to_string());
                }
            });
            names
        }
        _ => Vec::new(),
    }
}

/// Calls `f` with each leaf of a use tree: the path before it and the name it binds.
fn use_leaves(tree: &UseTree, path: &mut Vec<String>, f: &mut dyn FnMut(&[String], &str)) {
    match tree {
        UseTree::Path(p) => {
            path.push(p.ident.to_string());
            use_leaves(&p.tree, path, f);
            path.pop();
        }
        UseTree::Name(n) => {
            let name = n.ident.to_string();
            let bound = if name == "self" {
                path.last().cloned().unwrap_or(name.clone())
            } else {
                name.clone()
            };
            path.push(name);
            f(path, &bound);
            path.pop();
        }
        UseTree::Rename(r) => {
            path.push(r.ident.to_string());
            f(path, &r.rename.to_string());
            path.pop();
        }
        UseTree::Group(g) => {
            for t in &g.items {
                use_leaves(t, path, f);
            }
        }
        UseTree::Glob(_) => {}
    }
}

/// Which names are traits, for bare trait objects.
struct Traits {
    /// Traits the crate defines (and does not also define a type of that name).
    local: BTreeSet<String>,
    /// Names imported from std's traits (`use std::error::Error as StdError;` gives `StdError`).
    imported: BTreeSet<String>,
    /// Types the crate defines or imports other than traits: a name of these is never a trait.
    not_traits: BTreeSet<String>,
}

impl Traits {
    fn of(items: &[Item]) -> Traits {
        struct Collect<'t>(&'t mut Traits);
        impl<'ast> syn::visit::Visit<'ast> for Collect<'_> {
            fn visit_item(&mut self, item: &'ast Item) {
                match item {
                    Item::Trait(t) => {
                        self.0.local.insert(t.ident.to_string());
                    }
                    Item::Struct(_) | Item::Enum(_) | Item::Union(_) | Item::Type(_) => {
                        self.0.not_traits.extend(defined_name(item));
                    }
                    Item::Use(u) => use_leaves(&u.tree, &mut Vec::new(), &mut |path, name| {
                        if is_std_trait(path) {
                            self.0.imported.insert(name.to_string());
                        } else if path.last().is_some_and(|last| {
                            STD_TRAITS.iter().any(|(_, t)| t == last)
                                || PRELUDE_TRAITS.contains(&last.as_str())
                        }) {
                            // `use std::fmt::Error;` and the like: a type of that name.
                            self.0.not_traits.insert(name.to_string());
                        }
                    }),
                    _ => {}
                }
                syn::visit::visit_item(self, item);
            }
        }
        let mut traits = Traits {
            local: BTreeSet::new(),
            imported: BTreeSet::new(),
            not_traits: BTreeSet::new(),
        };
        for item in items {
            syn::visit::Visit::visit_item(&mut Collect(&mut traits), item);
        }
        let not = traits.not_traits.clone();
        traits.local.retain(|t| !not.contains(t));
        traits
    }

    /// Whether a type path (no qualified self) names a trait.
    fn is_trait(&self, path: &Path) -> bool {
        let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        let Some(last) = names.last() else {
            return false;
        };
        if names.len() == 1 {
            return !self.not_traits.contains(last)
                && (self.local.contains(last)
                    || self.imported.contains(last)
                    || PRELUDE_TRAITS.contains(&last.as_str()));
        }
        is_std_trait(&names)
            || (self.local.contains(last)
                && !self.not_traits.contains(last)
                && !is_std_path(&names))
    }
}

/// Whether `path` ends with a std trait's module and name (`fmt::Debug`, `std::error::Error`).
fn is_std_trait(path: &[String]) -> bool {
    let [.., module, name] = path else {
        return false;
    };
    STD_TRAITS.iter().any(|(m, t)| m == module && t == name)
}

/// Whether `path` starts in std, core or alloc.
fn is_std_path(path: &[String]) -> bool {
    path.first()
        .is_some_and(|f| f == "std" || f == "core" || f == "alloc")
}

struct Rewrite2015<'a> {
    crates: &'a BTreeSet<String>,
    aliases: &'a BTreeMap<String, String>,
    root_names: &'a BTreeSet<String>,
    traits: &'a Traits,
    /// For each module being visited, innermost last: the `extern crate` items it holds (the
    /// name bound, and the crate's name).
    module_externs: Vec<BTreeMap<String, String>>,
}

/// The `extern crate` items among `items`: the name each binds, and its crate's name.
fn module_externs(items: &[Item]) -> BTreeMap<String, String> {
    items
        .iter()
        .filter_map(|item| match item {
            Item::ExternCrate(e) => {
                let real = e.ident.to_string();
                let name = e
                    .rename
                    .as_ref()
                    .map_or(real.clone(), |(_, a)| a.to_string());
                Some((name, real))
            }
            _ => None,
        })
        .collect()
}

impl Rewrite2015<'_> {
    /// What 2015's crate-relative `first` of a `use` path (or of a `::first` path) is from
    /// 2018 on: `Some(crate)` for a crate by its real name, `None` for an item of the root,
    /// which needs `crate::` before it.
    fn resolve_first(&self, first: &str) -> Option<String> {
        if let Some(real) = self.aliases.get(first) {
            return Some(real.clone());
        }
        if self.root_names.contains(first) || !self.crates.contains(first) {
            return None;
        }
        Some(first.to_string())
    }

    /// The top of a `use` tree: each path gets its 2021 spelling.
    fn use_tree(&self, tree: &mut UseTree) {
        let ident = match tree {
            UseTree::Group(g) => {
                for t in g.items.iter_mut() {
                    self.use_tree(t);
                }
                return;
            }
            UseTree::Glob(_) => {
                *tree = syn::parse_quote!(crate::*);
                return;
            }
            UseTree::Path(p) => &mut p.ident,
            UseTree::Name(n) => &mut n.ident,
            UseTree::Rename(r) => &mut r.ident,
        };
        let name = ident.to_string();
        if ["self", "super", "crate"].contains(&name.as_str()) {
            return;
        }
        match self.resolve_first(&name) {
            Some(real) => *ident = Ident::new(&real, ident.span()),
            None => {
                let inner = tree.clone();
                *tree = UseTree::Path(syn::UsePath {
                    ident: Ident::new("crate", Span::call_site()),
                    colon2_token: Default::default(),
                    tree: Box::new(inner),
                });
            }
        }
    }
}

impl VisitMut for Rewrite2015<'_> {
    fn visit_item_use_mut(&mut self, item: &mut syn::ItemUse) {
        item.leading_colon = None;
        // `use self::std::x;` beside `extern crate std;` names the crate: `use ::std::x;`,
        // which the bundle can follow (the item may be far from the `use` in the bundle).
        if let UseTree::Path(p) = &mut item.tree {
            let externs = self.module_externs.last();
            let inner = match &*p.tree {
                UseTree::Path(q) if p.ident == "self" => Some(&q.ident),
                _ => None,
            };
            if let Some(real) = inner.and_then(|i| externs?.get(&i.to_string())) {
                let mut tree = (*p.tree).clone();
                if let UseTree::Path(q) = &mut tree {
                    q.ident = Ident::new(real, q.ident.span());
                }
                item.tree = tree;
                item.leading_colon = Some(Default::default());
                return;
            }
        }
        self.use_tree(&mut item.tree);
    }

    fn visit_item_mod_mut(&mut self, item: &mut syn::ItemMod) {
        let externs = item
            .content
            .as_ref()
            .map(|(_, items)| module_externs(items));
        self.module_externs.push(externs.unwrap_or_default());
        visit_mut::visit_item_mod_mut(self, item);
        self.module_externs.pop();
    }

    fn visit_path_mut(&mut self, path: &mut Path) {
        if path.leading_colon.is_some() && path.segments.len() > 1 {
            let first = path.segments[0].ident.to_string();
            match self.resolve_first(&first) {
                Some(real) => {
                    path.segments[0].ident = Ident::new(&real, path.segments[0].ident.span());
                }
                None => {
                    let span = path.segments[0].ident.span();
                    path.leading_colon = None;
                    path.segments.insert(0, Ident::new("crate", span).into());
                }
            }
        }
        visit_mut::visit_path_mut(self, path);
    }

    fn visit_type_mut(&mut self, ty: &mut Type) {
        match ty {
            Type::TraitObject(t) if t.dyn_token.is_none() => {
                t.dyn_token = Some(Default::default());
            }
            Type::Path(p) if p.qself.is_none() && self.traits.is_trait(&p.path) => {
                let path = p.path.clone();
                *ty = syn::parse_quote!(dyn #path);
            }
            _ => {}
        }
        visit_mut::visit_type_mut(self, ty);
    }

    fn visit_item_macro_mut(&mut self, item: &mut syn::ItemMacro) {
        if item.mac.path.is_ident("macro_rules") {
            item.mac.tokens = pat_params(std::mem::take(&mut item.mac.tokens), true);
        }
        visit_mut::visit_item_macro_mut(self, item);
    }
}

/// A `macro_rules!` body with each matcher's `$x:pat` made `$x:pat_param`; `body` when
/// `tokens` is the whole body (rules `(matcher) => {expansion};`).
fn pat_params(tokens: TokenStream, body: bool) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    for (k, token) in tokens.iter().enumerate() {
        let token = match token {
            // In the body, only the groups before `=>` are matchers.
            TokenTree::Group(g) if !body || is_matcher(&tokens, k) => {
                regroup(g, pat_params(g.stream(), false))
            }
            TokenTree::Ident(i) if !body && i == "pat" && is_fragment(&tokens, k) => {
                TokenTree::Ident(Ident::new("pat_param", i.span()))
            }
            other => other.clone(),
        };
        out.push(token);
    }
    out.into_iter().collect()
}

/// Group `g` with `stream` inside, where `g` was.
fn regroup(g: &proc_macro2::Group, stream: TokenStream) -> TokenTree {
    let mut inner = proc_macro2::Group::new(g.delimiter(), stream);
    inner.set_span(g.span());
    TokenTree::Group(inner)
}

/// Whether group `k` of a macro body is followed by `=>`.
fn is_matcher(tokens: &[TokenTree], k: usize) -> bool {
    matches!(tokens.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == '=')
        && matches!(tokens.get(k + 2), Some(TokenTree::Punct(p)) if p.as_char() == '>')
}

/// Whether token `k` follows `$name:`.
fn is_fragment(tokens: &[TokenTree], k: usize) -> bool {
    k >= 3
        && matches!(&tokens[k - 1], TokenTree::Punct(p) if p.as_char() == ':')
        && matches!(&tokens[k - 2], TokenTree::Ident(_))
        && matches!(&tokens[k - 3], TokenTree::Punct(p) if p.as_char() == '$')
}

/// Spells out `#[macro_export(local_inner_macros)]`: in such a macro's expansions an
/// unqualified call of one of `exported` (the crate's `#[macro_export]` macros) becomes
/// `$crate::name!`, and the attribute plain `#[macro_export]`. Other unqualified calls stay:
/// cargo's build resolves them in the crate as well, where only the crate's own could be.
pub fn local_inner_macros(items: &mut [Item], exported: &BTreeSet<String>) {
    for item in items.iter_mut() {
        match item {
            Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                let Some(attr) = m.attrs.iter_mut().find(|a| is_local_inner(a)) else {
                    continue;
                };
                *attr = syn::parse_quote!(#[macro_export]);
                let body = std::mem::take(&mut m.mac.tokens);
                let tokens: Vec<TokenTree> = body.into_iter().collect();
                let mut out = Vec::with_capacity(tokens.len());
                for (k, token) in tokens.iter().enumerate() {
                    match token {
                        TokenTree::Group(g) if k >= 3 && is_matcher(&tokens, k - 3) => {
                            out.push(regroup(g, qualify_calls(g.stream(), exported)));
                        }
                        other => out.push(other.clone()),
                    }
                }
                m.mac.tokens = out.into_iter().collect();
            }
            Item::Mod(m) => {
                if let Some((_, inner)) = &mut m.content {
                    local_inner_macros(inner, exported);
                }
            }
            _ => {}
        }
    }
}

fn is_local_inner(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("macro_export")
        && attr
            .parse_args::<Ident>()
            .is_ok_and(|arg| arg == "local_inner_macros")
}

/// `tokens` with each `name!` of `exported` not already after `::` (or `$`) made
/// `$crate::name!`.
fn qualify_calls(tokens: TokenStream, exported: &BTreeSet<String>) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    for (k, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(name)
                if exported.contains(&name.to_string())
                    && matches!(tokens.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!')
                    && !matches!(k.checked_sub(1).map(|j| &tokens[j]), Some(TokenTree::Punct(p)) if p.as_char() == ':' || p.as_char() == '$') =>
            {
                out.push(TokenTree::Punct(Punct::new('$', Spacing::Alone)));
                out.push(TokenTree::Ident(Ident::new("crate", name.span())));
                out.push(TokenTree::Punct(Punct::new(':', Spacing::Joint)));
                out.push(TokenTree::Punct(Punct::new(':', Spacing::Alone)));
                out.push(token.clone());
            }
            TokenTree::Group(g) => {
                out.push(regroup(g, qualify_calls(g.stream(), exported)));
            }
            other => out.push(other.clone()),
        }
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn old_keywords_become_raw_identifiers_and_lines_stay() {
        let text = "fn f() -> Result<u8, E> {\n    let async = try!(g());\n    let await = 1;\n    Ok(async + await)\n}\n";
        let out = respell_2015(text);
        assert_eq!(
            out,
            "fn f() -> Result<u8, E> {\n    let r#async = r#try!(g());\n    let r#await = 1;\n    Ok(r#async + r#await)\n}\n"
        );
        syn::parse_file(&out).unwrap();
    }

    #[test]
    fn bare_closure_traits_gain_dyn_before_parsing() {
        let out = respell_2015(
            "fn f<F: Fn(u8)>(a: Box<Fn(u8) -> u8>, b: &FnMut(), c: &'a FnOnce() + Send, d: &mut Fn(), e: impl Fn()) where F: Clone + Fn() {}",
        );
        assert_eq!(
            out,
            "fn f<F: Fn(u8)>(a: Box<dyn Fn(u8) -> u8>, b: &dyn FnMut(), c: &'a dyn FnOnce() + Send, d: &mut dyn Fn(), e: impl Fn()) where F: Clone + Fn() {}"
        );
    }

    #[test]
    fn dyn_is_a_name_only_where_no_type_follows() {
        let out = respell_2015("fn f(x: &dyn Tr) { let dyn = 3; g(dyn); }");
        assert_eq!(out, "fn f(x: &dyn Tr) { let r#dyn = 3; g(r#dyn); }");
    }

    #[test]
    fn anonymous_trait_method_parameters_get_a_name() {
        let text = "trait T: X {\n    fn f(&self, u8, &str, HashMap<K, V>) -> u8;\n    fn g(&mut self, x: u8, ::std::string::String);\n    fn h<A>(Fn(A) -> A);\n}\nfn free(a: u8) {}\n";
        let out = respell_2015(text);
        assert_eq!(
            out,
            "trait T: X {\n    fn f(&self, _: u8, _: &str, _: HashMap<K, V>) -> u8;\n    fn g(&mut self, x: u8, _: ::std::string::String);\n    fn h<A>(_: Fn(A) -> A);\n}\nfn free(a: u8) {}\n"
        );
    }

    fn rewritten(text: &str) -> String {
        let mut file = syn::parse_file(&respell_2015(text)).unwrap();
        rewrite_2015(&mut file.items, &["dep".to_string()].into_iter().collect());
        quote::ToTokens::to_token_stream(&file).to_string()
    }

    #[test]
    fn use_paths_start_at_the_crate_root_unless_they_name_a_crate() {
        let out = rewritten(
            "extern crate core as corelib; mod a { use b::X; use {b::Y, std::fmt}; use ::b::Z; use self::c::W; use dep::D; use corelib::mem; use super::T; } mod b {}",
        );
        assert_eq!(
            out,
            "extern crate core as corelib ; mod a { use crate :: b :: X ; use { crate :: b :: Y , std :: fmt } ; use crate :: b :: Z ; use self :: c :: W ; use dep :: D ; use core :: mem ; use super :: T ; } mod b { }"
        );
    }

    #[test]
    fn a_path_from_the_root_in_code_names_the_root_or_a_crate() {
        let out = rewritten(
            "mod m { fn f() { ::util::g(); ::std::mem::drop(1); ::dep::h(); } } mod util {}",
        );
        assert_eq!(
            out,
            "mod m { fn f () { crate :: util :: g () ; :: std :: mem :: drop (1) ; :: dep :: h () ; } } mod util { }"
        );
    }

    #[test]
    fn use_self_of_an_extern_crate_of_the_module_names_the_crate() {
        let out = rewritten("mod m { extern crate std; use self::std::cell::Cell; }");
        assert_eq!(
            out,
            "mod m { extern crate std ; use :: std :: cell :: Cell ; }"
        );
    }

    #[test]
    fn bare_trait_objects_gain_dyn_but_types_of_the_same_names_do_not() {
        let out = rewritten(
            "use std::fmt; use std::fmt::Error as FmtError; trait Shape {} struct Write; fn f(a: Box<Shape>, b: &fmt::Display, c: Box<Fn(u8) -> u8>, d: Box<Shape + Send>, e: Write, g: FmtError, h: &Iterator<Item = u8>) {} impl fmt::Debug for Shape {}",
        );
        assert_eq!(
            out,
            "use std :: fmt ; use std :: fmt :: Error as FmtError ; trait Shape { } struct Write ; fn f (a : Box < dyn Shape > , b : & dyn fmt :: Display , c : Box < dyn Fn (u8) -> u8 > , d : Box < dyn Shape + Send > , e : Write , g : FmtError , h : & dyn Iterator < Item = u8 >) { } impl fmt :: Debug for dyn Shape { }"
        );
    }

    #[test]
    fn pat_fragments_keep_their_2015_meaning() {
        let out = rewritten("macro_rules! m { ($v:expr, $a:pat | $b:pat) => { match $v { $a | $b => true, _ => false } }; }");
        assert_eq!(
            out,
            "macro_rules ! m { ($ v : expr , $ a : pat_param | $ b : pat_param) => { match $ v { $ a | $ b => true , _ => false } } ; }"
        );
    }

    #[test]
    fn local_inner_macros_are_spelled_out() {
        let mut file = syn::parse_file(
            "#[macro_export(local_inner_macros)] macro_rules! a { ($x:expr) => { __b!($x) + c!() + $crate::__b!(1) + vec![1][0] }; } #[macro_export] macro_rules! __b { ($x:expr) => { $x } }",
        )
        .unwrap();
        let exported = ["a", "__b"].map(String::from).into_iter().collect();
        local_inner_macros(&mut file.items, &exported);
        let out = quote::ToTokens::to_token_stream(&file).to_string();
        assert_eq!(
            out,
            "# [macro_export] macro_rules ! a { ($ x : expr) => { $ crate :: __b ! ($ x) + c ! () + $ crate :: __b ! (1) + vec ! [1] [0] } ; } # [macro_export] macro_rules ! __b { ($ x : expr) => { $ x } }"
        );
    }

    #[test]
    fn the_fixture_library_parses_once_respelled() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/fixture/crates/old-lib/src");
        let text = std::fs::read_to_string(dir.join("lib.rs")).unwrap();
        assert!(
            syn::parse_file(&text).is_err(),
            "2015 syntax syn cannot read"
        );
        let out = respell_2015(&text);
        syn::parse_file(&out).unwrap_or_else(|e| panic!("{}\n{:?}", out, e));
    }
}
