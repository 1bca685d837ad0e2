//! Path rewriting: each crate of the bundle becomes a module at the bundle's root, so every path
//! that named a crate must now name that module.
//!
//! - `dp_core::x` (a crate of the bundle) becomes `crate::dp_core::x`;
//! - `crate::x` inside a library becomes `crate::<library>::x`, and `$crate::x` in its macros
//!   becomes `$crate::<library>::x`;
//! - `#[macro_export]` macros live at the bundle root whatever crate defines them, so paths to
//!   them become `crate::m` / `$crate::m`;
//! - `super::`, `self::` and relative paths keep their meaning, as the module tree is kept.

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use std::collections::BTreeSet;
use syn::visit_mut::{self, VisitMut};
use syn::{Path, PathSegment, UseTree};

/// A plain name in edition 2021 and a keyword in 2024; written `r#gen`, it means the same in
/// both (and in rustc 1.63), so a bundle of 2021 crates also compiles as 2024.
const RESERVED_IN_2024: &str = "gen";

pub struct Rewriter<'a> {
    /// The module the crate being rewritten becomes; `None` for the binary (the bundle root).
    pub own: Option<&'a str>,
    /// The crate names (with `_`) the bundle holds as root modules.
    pub crates: &'a BTreeSet<String>,
    /// Names of the `#[macro_export]` macros of all bundled crates.
    pub exported_macros: &'a BTreeSet<String>,
}

fn segment(name: &str, span: Span) -> PathSegment {
    PathSegment::from(Ident::new(name, span))
}

impl Rewriter<'_> {
    fn is_crate(&self, ident: &Ident) -> bool {
        self.crates.contains(&ident.to_string())
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
            path.leading_colon = None;
            if to_root_macro {
                path.segments[0] = segment("crate", first.span());
            } else {
                path.segments.insert(0, segment("crate", first.span()));
            }
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
                tree: Box::new(self.under(&p.ident, *p.tree)),
            }),
            UseTree::Name(n) if self.is_crate(&n.ident) => UseTree::Path(syn::UsePath {
                ident: Ident::new("crate", n.ident.span()),
                colon2_token: Default::default(),
                tree: Box::new(UseTree::Name(n)),
            }),
            UseTree::Rename(r) if self.is_crate(&r.ident) => UseTree::Path(syn::UsePath {
                ident: Ident::new("crate", r.ident.span()),
                colon2_token: Default::default(),
                tree: Box::new(UseTree::Rename(r)),
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
                    } else if self.is_crate(ident) && !follows_dollar(&out[..out.len() - 1]) {
                        out.pop();
                        out.push(TokenTree::Ident(Ident::new("crate", ident.span())));
                        if !names_root_macro {
                            push_path_sep(&mut out);
                            out.push(tt.clone());
                        }
                    }
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
        Some(TokenTree::Punct(p)) => p.as_char() == ':' || p.as_char() == '.',
        _ => false,
    }
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

    fn visit_path_mut(&mut self, path: &mut Path) {
        self.path(path, false);
        visit_mut::visit_path_mut(self, path);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        self.path(&mut mac.path, true);
        mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(src: &str, own: Option<&str>) -> String {
        let crates = BTreeSet::from(["dp_core".to_string(), "prob".to_string()]);
        let macros = BTreeSet::from(["chmax".to_string()]);
        let mut rewriter = Rewriter {
            own,
            crates: &crates,
            exported_macros: &macros,
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
        assert!(
            out.contains("crate::dp_core::run(crate::prob::solve);"),
            "{}",
            out
        );
        assert!(out.contains("crate::chmax!(x, y);"), "{}", out);
        assert!(
            out.contains("println!(\"{}\", crate::dp_core::X);"),
            "{}",
            out
        );
    }

    #[test]
    fn dollar_crate_in_macro_bodies_gains_the_module_and_docs_go() {
        let crates = BTreeSet::new();
        let macros = BTreeSet::from(["chmax".to_string()]);
        let rewriter = Rewriter {
            own: Some("dp_core"),
            crates: &crates,
            exported_macros: &macros,
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
