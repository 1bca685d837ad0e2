//! Stage 1, load: the include macros and cargo's variables inside a crate's code:
//! `include_str!`/`include_bytes!` become literals, `include!` the items or expression of its
//! file, `env!`/`option_env!` of a variable cargo sets its value. Every file read is checked as
//! a module file is (UTF-8, nesting, inside the package).

use super::confine::Confine;
use super::source_text;
use super::source_text::read_source;
use proc_macro2::{Literal, Span, TokenStream, TokenTree};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syn::visit_mut::{self, VisitMut};
use syn::Item;

/// `include!` files nested deeper than this are refused (rustc's own limit is the recursion
/// limit; a cycle would never end).
const INCLUDE_DEPTH: usize = 16;

/// Replaces each item-position `include!("f.rs")` among `items` (and in inline modules) by the
/// items of that file, whose own `include!`s are relative to it.
pub(crate) fn splice_included_items(
    items: &mut Vec<Item>,
    dir: &Path,
    env: &BTreeMap<String, String>,
    confine: &Confine,
    depth: usize,
) -> std::result::Result<(), (Span, String)> {
    let mut out = Vec::with_capacity(items.len());
    for mut item in items.drain(..) {
        match &mut item {
            Item::Macro(m) if m.ident.is_none() && m.mac.path.is_ident("include") => {
                let span = m.mac.path.segments[0].ident.span();
                let file = included_file(&m.mac, dir, env, span)?;
                if depth >= INCLUDE_DEPTH {
                    return Err((span, format!("`include!` nested more than {} deep", depth)));
                }
                let text = read_included(&file, span, confine)?;
                let mut inner = syn::parse_file(&text)
                    .map_err(|err| (span, format!("{}: cannot parse: {}", file.display(), err)))?
                    .items;
                let inner_dir = file.parent().unwrap_or(dir);
                splice_included_items(&mut inner, inner_dir, env, confine, depth + 1)?;
                out.extend(inner);
                continue;
            }
            Item::Mod(m) => {
                if let Some((_, inner)) = &mut m.content {
                    splice_included_items(inner, dir, env, confine, depth)?;
                }
            }
            _ => {}
        }
        out.push(item);
    }
    *items = out;
    Ok(())
}

/// The file an `include!` names, relative to `dir`: its path as `string_value` reads it.
fn included_file(
    mac: &syn::Macro,
    dir: &Path,
    env: &BTreeMap<String, String>,
    span: Span,
) -> std::result::Result<PathBuf, (Span, String)> {
    let path = mac
        .parse_body::<syn::Expr>()
        .ok()
        .and_then(|expr| string_value(&expr, env))
        .ok_or_else(|| {
            let why = "`include!` needs a string literal path (or concat! of env!(\"CARGO_MANIFEST_DIR\") and literals)";
            (span, why.to_string())
        })?;
    Ok(dir.join(path))
}

/// The text of an `include!`d file, checked as a module file is (UTF-8, nesting, package).
fn read_included(
    file: &Path,
    span: Span,
    confine: &Confine,
) -> std::result::Result<String, (Span, String)> {
    confine
        .check(file, "`include!`")
        .map_err(|why| (span, why))?;
    let text = read_source(file).map_err(|(line, why)| match line {
        Some(line) => (
            span,
            format!("`include!` of {}:{}: {}", file.display(), line, why),
        ),
        None => (
            span,
            format!("`include!` cannot read {}: {}", file.display(), why),
        ),
    })?;
    source_text::check_nesting(&text).map_err(|(line, why)| {
        (
            span,
            format!("`include!` of {}:{}: {}", file.display(), line, why),
        )
    })?;
    Ok(text)
}

/// The string a path argument of an include macro stands for: a literal, `env!` of a variable
/// cargo sets, or `concat!` of those.
fn string_value(expr: &syn::Expr, env: &BTreeMap<String, String>) -> Option<String> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Some(s.value()),
        syn::Expr::Macro(m) if m.mac.path.is_ident("concat") => {
            let parts = m
                .mac
                .parse_body_with(
                    syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
                )
                .ok()?;
            parts.iter().map(|p| string_value(p, env)).collect()
        }
        syn::Expr::Macro(m) if m.mac.path.is_ident("env") => {
            let name: syn::Expr = m.mac.parse_body().ok()?;
            env_value(&name, env)
        }
        _ => None,
    }
}

/// The value of `env!(name)` when cargo sets that variable for the crate.
fn env_value(name: &syn::Expr, env: &BTreeMap<String, String>) -> Option<String> {
    match name {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => env.get(&s.value()).cloned(),
        _ => None,
    }
}

/// Replaces `include_str!("f")` and `include_bytes!("f")` by the file's contents as a literal
/// (in code and in macro arguments; the path may be `concat!(env!("CARGO_MANIFEST_DIR"), ...)`),
/// an expression `include!("f")` by the expression in that file, and `env!` of a variable cargo
/// sets by its value.
pub(crate) struct Includes<'a> {
    /// The folder of the file being read, which include paths are relative to.
    pub(crate) file_dir: &'a Path,
    pub(crate) env: &'a BTreeMap<String, String>,
    pub(crate) confine: &'a Confine<'a>,
    /// The first include that could not be inlined, and why.
    pub(crate) error: Option<(Span, String)>,
}

impl Includes<'_> {
    /// The literal for `name!(args)`, when `name` is an include macro.
    fn literal(&mut self, name: &str, args: TokenStream, span: Span) -> Option<Literal> {
        if name == "env" {
            let expr: syn::Expr = syn::parse2(args).ok()?;
            return self.env_value(&expr).map(|v| Literal::string(&v));
        }
        if name != "include_str" && name != "include_bytes" {
            return None;
        }
        if has_metavariable(args.clone()) {
            // Inside a `macro_rules!` body (`include_str!(concat!("../benches/", $b, ".rs"))`):
            // its path is known where the macro is used, which the pruner may drop.
            return None;
        }
        let path = match self.path_of(args) {
            Some(p) => p,
            None => {
                self.error.get_or_insert((
                    span,
                    format!(
                        "`{}!` needs a string literal path (or concat! of env!(\"CARGO_MANIFEST_DIR\") and literals)",
                        name
                    ),
                ));
                return None;
            }
        };
        let file = self.file_dir.join(&path);
        if let Err(why) = self.confine.check(&file, &format!("`{}!`", name)) {
            self.error.get_or_insert((span, why));
            return None;
        }
        match std::fs::read(&file) {
            Ok(bytes) if name == "include_bytes" => Some(Literal::byte_string(&bytes)),
            Ok(bytes) => match source_text::utf8(bytes) {
                Ok(s) => Some(Literal::string(&s)),
                Err((line, why)) => {
                    self.error.get_or_insert((
                        span,
                        format!("`include_str!` of {}:{}: {}", file.display(), line, why),
                    ));
                    None
                }
            },
            Err(err) => {
                self.error.get_or_insert((
                    span,
                    format!("`{}!` cannot read {}: {}", name, file.display(), err),
                ));
                None
            }
        }
    }

    fn path_of(&self, args: TokenStream) -> Option<String> {
        let expr: syn::Expr = syn::parse2(args).ok()?;
        string_value(&expr, self.env)
    }

    /// The value of `env!(name)` when cargo sets that variable for the crate.
    fn env_value(&self, name: &syn::Expr) -> Option<String> {
        env_value(name, self.env)
    }

    /// The expression of the file an expression-position `include!` names.
    fn included_expr(&mut self, mac: &syn::Macro) -> Option<syn::Expr> {
        let span = mac.path.segments[0].ident.span();
        let parsed = included_file(mac, self.file_dir, self.env, span).and_then(|file| {
            let text = read_included(&file, span, self.confine)?;
            syn::parse_str::<syn::Expr>(&text).map_err(|err| {
                (
                    span,
                    format!("{}: cannot parse as an expression: {}", file.display(), err),
                )
            })
        });
        match parsed {
            Ok(expr) => Some(expr),
            Err(err) => {
                self.error.get_or_insert(err);
                None
            }
        }
    }

    /// `::std::option::Option::Some("value")` for `option_env!(name)` when cargo sets the
    /// variable (the judge's rustc would see none); `None` leaves the call to the compiler.
    fn option_env(&self, args: TokenStream) -> Option<TokenStream> {
        let name: syn::Expr = syn::parse2(args).ok()?;
        let value = self.env_value(&name)?;
        Some(quote::quote!(::std::option::Option::Some(#value)))
    }

    /// The token-level replacement inside macro arguments.
    fn tokens(&mut self, tokens: TokenStream) -> TokenStream {
        super::cfg::replace_calls(tokens, &mut |name, args| {
            if name == "option_env" {
                // An invisible group: one expression, printed without delimiters.
                return self.option_env(args).map(|some| {
                    TokenTree::Group(proc_macro2::Group::new(proc_macro2::Delimiter::None, some))
                });
            }
            self.literal(&name.to_string(), args, name.span())
                .map(TokenTree::Literal)
        })
    }
}

impl VisitMut for Includes<'_> {
    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        if let syn::Expr::Macro(m) = expr {
            let name = m
                .mac
                .path
                .segments
                .last()
                .map(|s| s.ident.to_string())
                .unwrap_or_default();
            let span = m.mac.path.segments[0].ident.span();
            if name == "option_env" && m.mac.path.is_ident("option_env") {
                // Cargo sets its variables for the build; the judge's rustc would see none.
                if let Some(some) = self.option_env(m.mac.tokens.clone()) {
                    *expr = syn::parse_quote!(#some);
                }
                return;
            }
            if name == "include" && m.mac.path.is_ident("include") {
                if let Some(included) = self.included_expr(&m.mac) {
                    *expr = included;
                    return self.visit_expr_mut(expr);
                }
                return;
            }
            if let Some(lit) = self.literal(&name, m.mac.tokens.clone(), span) {
                *expr = syn::Expr::Lit(syn::ExprLit {
                    attrs: std::mem::take(&mut m.attrs),
                    lit: syn::Lit::new(lit),
                });
                return;
            }
        }
        visit_mut::visit_expr_mut(self, expr);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
    }
}

/// Whether `tokens` hold a `$name` metavariable, at any depth.
fn has_metavariable(tokens: TokenStream) -> bool {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(i, t)| match t {
        TokenTree::Punct(p) => {
            p.as_char() == '$' && matches!(tokens.get(i + 1), Some(TokenTree::Ident(_)))
        }
        TokenTree::Group(g) => has_metavariable(g.stream()),
        _ => false,
    })
}
