//! Stage 2, cfg: conditional compilation as cargo's build of the binary sees it: no tests, the
//! features cargo enables. Every node rustc accepts `#[cfg]` on (items, impl and trait items,
//! fields, variants, match arms, statements, expressions in statement, list and argument
//! position, struct-literal fields, parameters, generic parameters) vanishes when its predicate
//! is false; `cfg_attr` is applied, `cfg!(...)` becomes `true` or `false`, and `#[test]`
//! functions and doc comments go. Predicates cargo does not decide (`unix`,
//! `debug_assertions`, ...) are left for the judge's rustc.

use std::collections::BTreeSet;
use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, Meta, Token};

/// What a bundle is compiled with: the features enabled for one crate.
pub struct CfgSet<'a> {
    pub features: &'a BTreeSet<String>,
    /// The `cfg`s its build script emits (`name`, `name="value"`), when it has one: then a
    /// name rustc does not set itself is decided here, as the script decided it.
    pub probed: Option<&'a BTreeSet<String>>,
}

/// Names rustc sets itself (or the judge's build does): left to the judge's rustc.
const RUSTC_NAMES: &[&str] = &[
    "unix",
    "windows",
    "debug_assertions",
    "overflow_checks",
    "proc_macro",
    "panic",
    "relocation_model",
    "sanitize",
    "ub_checks",
    "contract_checks",
    "fmt_debug",
    "emscripten_wasm_eh",
];

impl CfgSet<'_> {
    /// The value of a cfg predicate: `Some` when known, `None` for things like `unix` or
    /// `debug_assertions` that the judge decides (those attributes are kept as written).
    pub fn eval(&self, meta: &Meta) -> Option<bool> {
        let name = meta.path().get_ident()?.to_string();
        match (meta, name.as_str()) {
            (Meta::Path(_), "test" | "doc" | "doctest" | "miri") => Some(false),
            (Meta::NameValue(nv), "feature") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(self.features.contains(&s.value())),
                _ => None,
            },
            (Meta::Path(_), name) => self.probed_value(name, None),
            (Meta::NameValue(nv), name) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => self.probed_value(name, Some(&s.value())),
                _ => None,
            },
            (Meta::List(list), "not" | "all" | "any") => {
                let args = list
                    .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                    .ok()?;
                let values: Vec<Option<bool>> = args.iter().map(|m| self.eval(m)).collect();
                match name.as_str() {
                    "not" if values.len() == 1 => values[0].map(|v| !v),
                    "all" if values.contains(&Some(false)) => Some(false),
                    "all" if values.iter().all(Option::is_some) => Some(true),
                    "any" if values.contains(&Some(true)) => Some(true),
                    "any" if values.iter().all(Option::is_some) => Some(false),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A custom `cfg` (`has_total_cmp`, `level = "2"`) of a crate whose build script's
    /// output is known: set when the script emitted it, else unset (rustc would see no such
    /// `--cfg`). `None` for the names rustc sets itself (`unix`, `target_os`, ...).
    fn probed_value(&self, name: &str, value: Option<&str>) -> Option<bool> {
        let probed = self.probed?;
        if RUSTC_NAMES.contains(&name) || name.starts_with("target") {
            return None;
        }
        let written = match value {
            Some(v) => format!("{}={:?}", name, v),
            None => name.to_string(),
        };
        Some(probed.contains(&written))
    }

    /// Whether an element with these attributes survives; on `true` the attributes are
    /// cleaned: known `cfg`s, doc attributes and known `cfg_attr`s are resolved away.
    pub fn keep(&self, attrs: &mut Vec<Attribute>) -> bool {
        let mut out = Vec::with_capacity(attrs.len());
        for attr in attrs.drain(..) {
            let path = attr.path();
            if path.is_ident("doc") {
                continue;
            }
            if path.is_ident("test") || path.is_ident("bench") {
                return false;
            }
            if path.is_ident("cfg") {
                match attr.parse_args::<Meta>().ok().and_then(|m| self.eval(&m)) {
                    Some(false) => return false,
                    Some(true) => continue,
                    None => {}
                }
            }
            if path.is_ident("cfg_attr") {
                if let Ok(args) =
                    attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                {
                    let mut args = args.into_iter();
                    match args.next().and_then(|pred| self.eval(&pred)) {
                        Some(false) => continue,
                        Some(true) => {
                            for meta in args {
                                let mut inner = vec![Attribute {
                                    pound_token: attr.pound_token,
                                    style: attr.style,
                                    bracket_token: attr.bracket_token,
                                    meta,
                                }];
                                if !self.keep(&mut inner) {
                                    return false;
                                }
                                out.extend(inner);
                            }
                            continue;
                        }
                        None => {}
                    }
                }
            }
            out.push(attr);
        }
        *attrs = out;
        true
    }
}

/// Replaces, at any depth of `tokens`, each call `name!(args)` (not `path::name!`) for which
/// `replace` gives a token.
pub fn replace_calls(
    tokens: proc_macro2::TokenStream,
    replace: &mut dyn FnMut(
        &proc_macro2::Ident,
        proc_macro2::TokenStream,
    ) -> Option<proc_macro2::TokenTree>,
) -> proc_macro2::TokenStream {
    use proc_macro2::TokenTree;
    let input: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        if let (TokenTree::Ident(name), Some(TokenTree::Punct(bang)), Some(TokenTree::Group(g))) =
            (&input[i], input.get(i + 1), input.get(i + 2))
        {
            let after_path =
                i > 0 && matches!(&input[i - 1], TokenTree::Punct(p) if p.as_char() == ':');
            if bang.as_char() == '!' && !after_path {
                if let Some(token) = replace(name, g.stream()) {
                    out.push(token);
                    i += 3;
                    continue;
                }
            }
        }
        match &input[i] {
            TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), replace_calls(g.stream(), replace));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            other => out.push(other.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

impl CfgSet<'_> {
    /// `meta` with each sub-predicate this set decides and the judge's rustc would read
    /// otherwise written as `all()` (true) or `any()` (false), so that what is left for the
    /// judge's rustc means what cargo's build meant.
    fn simplified(&self, meta: &Meta) -> proc_macro2::TokenStream {
        match self.eval(meta) {
            Some(value) if judge_reads(meta) == Some(value) => return quote::quote!(#meta),
            Some(true) => return quote::quote!(all()),
            Some(false) => return quote::quote!(any()),
            None => {}
        }
        if let Meta::List(list) = meta {
            if ["all", "any", "not"]
                .iter()
                .any(|op| list.path.is_ident(op))
            {
                if let Ok(args) =
                    list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                {
                    let path = &list.path;
                    let args = args.iter().map(|a| self.simplified(a));
                    return quote::quote!(#path(#(#args),*));
                }
            }
        }
        quote::quote!(#meta)
    }

    /// The attributes `#[cfg(..)]` and `#[cfg_attr(..)]` written as tokens (a macro body or a
    /// macro's input, e.g. ascii's `widen_box!` writing `#[cfg(feature = "alloc")] impl ..`),
    /// resolved as far as this set decides them: no `--cfg feature=..` reaches the judge's
    /// rustc, so a feature left in the text would read as off.
    pub fn resolve_attribute_tokens(
        &self,
        tokens: proc_macro2::TokenStream,
    ) -> proc_macro2::TokenStream {
        use proc_macro2::{Delimiter, Group, TokenTree};
        let input: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::with_capacity(input.len());
        let mut i = 0;
        while i < input.len() {
            if let TokenTree::Punct(pound) = &input[i] {
                let bang =
                    matches!(input.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                let at = i + 1 + usize::from(bang);
                if let (true, Some(TokenTree::Group(g))) = (pound.as_char() == '#', input.get(at)) {
                    if g.delimiter() == Delimiter::Bracket {
                        if let Some(body) = self.resolved_attribute(g.stream()) {
                            out.extend(input[i..at].iter().cloned());
                            let mut group = Group::new(Delimiter::Bracket, body);
                            group.set_span(g.span());
                            out.push(TokenTree::Group(group));
                            i = at + 1;
                            continue;
                        }
                    }
                }
            }
            match &input[i] {
                TokenTree::Group(g) => {
                    let mut group =
                        Group::new(g.delimiter(), self.resolve_attribute_tokens(g.stream()));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                }
                other => out.push(other.clone()),
            }
            i += 1;
        }
        out.into_iter().collect()
    }

    /// For the inside of an attribute `#[..]`: `None` when it is a `cfg` or `cfg_attr` the
    /// judge's rustc reads as cargo's build did (or no such attribute), else the attribute with
    /// its predicate simplified. Never dropped: the attribute may be a macro's input syntax
    /// (`cfg_if! { if #[cfg(..)] { .. } }`).
    fn resolved_attribute(
        &self,
        tokens: proc_macro2::TokenStream,
    ) -> Option<proc_macro2::TokenStream> {
        let meta = syn::parse2::<Meta>(tokens).ok()?;
        let Meta::List(list) = &meta else {
            return None;
        };
        let args = list
            .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            .ok()?;
        let mut args = args.into_iter();
        let pred = args.next()?;
        let rest: Vec<Meta> = args.collect();
        let simplified = self.simplified(&pred);
        if simplified.to_string() == quote::quote!(#pred).to_string() {
            return None; // `cfg(test)`: the judge reads it as cargo did
        }
        if list.path.is_ident("cfg") && rest.is_empty() {
            Some(quote::quote!(cfg(#simplified)))
        } else if list.path.is_ident("cfg_attr") && !rest.is_empty() {
            Some(quote::quote!(cfg_attr(#simplified, #(#rest),*)))
        } else {
            None
        }
    }
}

/// What the judge's rustc makes of a predicate as written: no feature and no build script's
/// `cfg` is set there; what rustc sets itself (`unix`) is unknown here.
fn judge_reads(pred: &Meta) -> Option<bool> {
    let none = BTreeSet::new();
    CfgSet {
        features: &none,
        probed: Some(&none),
    }
    .eval(pred)
}

/// Removes, throughout a syntax tree, what the judge's build would not compile.
pub struct Cleaner<'a> {
    pub cfg: CfgSet<'a>,
}

/// The attributes of an item, if it has any.
pub fn item_attrs_mut(item: &mut syn::Item) -> Option<&mut Vec<Attribute>> {
    use syn::Item::*;
    Some(match item {
        Const(i) => &mut i.attrs,
        Enum(i) => &mut i.attrs,
        ExternCrate(i) => &mut i.attrs,
        Fn(i) => &mut i.attrs,
        ForeignMod(i) => &mut i.attrs,
        Impl(i) => &mut i.attrs,
        Macro(i) => &mut i.attrs,
        Mod(i) => &mut i.attrs,
        Static(i) => &mut i.attrs,
        Struct(i) => &mut i.attrs,
        Trait(i) => &mut i.attrs,
        TraitAlias(i) => &mut i.attrs,
        Type(i) => &mut i.attrs,
        Union(i) => &mut i.attrs,
        Use(i) => &mut i.attrs,
        _ => return None,
    })
}

fn impl_item_attrs_mut(item: &mut syn::ImplItem) -> Option<&mut Vec<Attribute>> {
    use syn::ImplItem::*;
    Some(match item {
        Const(i) => &mut i.attrs,
        Fn(i) => &mut i.attrs,
        Type(i) => &mut i.attrs,
        Macro(i) => &mut i.attrs,
        _ => return None,
    })
}

fn trait_item_attrs_mut(item: &mut syn::TraitItem) -> Option<&mut Vec<Attribute>> {
    use syn::TraitItem::*;
    Some(match item {
        Const(i) => &mut i.attrs,
        Fn(i) => &mut i.attrs,
        Type(i) => &mut i.attrs,
        Macro(i) => &mut i.attrs,
        _ => return None,
    })
}

/// The attributes of an expression (every kind has them).
pub fn expr_attrs_mut(expr: &mut syn::Expr) -> Option<&mut Vec<Attribute>> {
    use syn::Expr::*;
    Some(match expr {
        Array(e) => &mut e.attrs,
        Assign(e) => &mut e.attrs,
        Async(e) => &mut e.attrs,
        Await(e) => &mut e.attrs,
        Binary(e) => &mut e.attrs,
        Block(e) => &mut e.attrs,
        Break(e) => &mut e.attrs,
        Call(e) => &mut e.attrs,
        Cast(e) => &mut e.attrs,
        Closure(e) => &mut e.attrs,
        Const(e) => &mut e.attrs,
        Continue(e) => &mut e.attrs,
        Field(e) => &mut e.attrs,
        ForLoop(e) => &mut e.attrs,
        Group(e) => &mut e.attrs,
        If(e) => &mut e.attrs,
        Index(e) => &mut e.attrs,
        Infer(e) => &mut e.attrs,
        Let(e) => &mut e.attrs,
        Lit(e) => &mut e.attrs,
        Loop(e) => &mut e.attrs,
        Macro(e) => &mut e.attrs,
        Match(e) => &mut e.attrs,
        MethodCall(e) => &mut e.attrs,
        Paren(e) => &mut e.attrs,
        Path(e) => &mut e.attrs,
        Range(e) => &mut e.attrs,
        Reference(e) => &mut e.attrs,
        Repeat(e) => &mut e.attrs,
        Return(e) => &mut e.attrs,
        Struct(e) => &mut e.attrs,
        Try(e) => &mut e.attrs,
        TryBlock(e) => &mut e.attrs,
        Tuple(e) => &mut e.attrs,
        Unary(e) => &mut e.attrs,
        Unsafe(e) => &mut e.attrs,
        While(e) => &mut e.attrs,
        Yield(e) => &mut e.attrs,
        _ => return None,
    })
}

/// The attributes of a pattern, where it has them.
fn pat_attrs_mut(pat: &mut syn::Pat) -> Option<&mut Vec<Attribute>> {
    use syn::Pat::*;
    Some(match pat {
        Ident(p) => &mut p.attrs,
        Type(p) => &mut p.attrs,
        Tuple(p) => &mut p.attrs,
        TupleStruct(p) => &mut p.attrs,
        Struct(p) => &mut p.attrs,
        Wild(p) => &mut p.attrs,
        Reference(p) => &mut p.attrs,
        Slice(p) => &mut p.attrs,
        _ => return None,
    })
}

impl Cleaner<'_> {
    /// Keeps the elements of a punctuated list whose attributes survive.
    fn retain<T, P>(
        &self,
        list: Punctuated<T, P>,
        attrs: impl Fn(&mut T) -> Option<&mut Vec<Attribute>>,
    ) -> Punctuated<T, P> {
        list.into_pairs()
            .filter_map(|pair| {
                let (mut value, punct) = pair.into_tuple();
                let keep = attrs(&mut value).is_none_or(|a| self.cfg.keep(a));
                keep.then(|| syn::punctuated::Pair::new(value, punct))
            })
            .collect()
    }

    fn exprs(&self, list: &mut Punctuated<syn::Expr, Token![,]>) {
        *list = self.retain(std::mem::take(list), expr_attrs_mut);
    }

    /// The value of `cfg!(...)` when known.
    fn cfg_macro(&self, mac: &syn::Macro) -> Option<bool> {
        if !mac.path.is_ident("cfg") {
            return None;
        }
        self.cfg.eval(&mac.parse_body::<Meta>().ok()?)
    }

    /// `cfg!(...)` inside macro arguments, as tokens.
    fn tokens(&self, tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
        replace_calls(tokens, &mut |name, args| {
            if name != "cfg" {
                return None;
            }
            let value = self.cfg.eval(&syn::parse2::<Meta>(args).ok()?)?;
            let word = if value { "true" } else { "false" };
            Some(proc_macro2::TokenTree::Ident(proc_macro2::Ident::new(
                word,
                name.span(),
            )))
        })
    }

    fn fields(
        &mut self,
        fields: Punctuated<syn::Field, Token![,]>,
    ) -> Punctuated<syn::Field, Token![,]> {
        fields
            .into_pairs()
            .filter_map(|pair| {
                let (mut field, comma) = pair.into_tuple();
                self.cfg
                    .keep(&mut field.attrs)
                    .then(|| syn::punctuated::Pair::new(field, comma))
            })
            .collect()
    }

    pub fn items(&mut self, items: &mut Vec<syn::Item>) {
        items.retain_mut(|item| match item_attrs_mut(item) {
            Some(attrs) => self.cfg.keep(attrs),
            None => true,
        });
        for item in items {
            self.visit_item_mut(item);
        }
    }
}

impl VisitMut for Cleaner<'_> {
    fn visit_item_mod_mut(&mut self, node: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut node.content {
            self.items(items);
        }
    }

    fn visit_item_impl_mut(&mut self, node: &mut syn::ItemImpl) {
        node.items
            .retain_mut(|item| match impl_item_attrs_mut(item) {
                Some(attrs) => self.cfg.keep(attrs),
                None => true,
            });
        visit_mut::visit_item_impl_mut(self, node);
    }

    fn visit_item_trait_mut(&mut self, node: &mut syn::ItemTrait) {
        node.items
            .retain_mut(|item| match trait_item_attrs_mut(item) {
                Some(attrs) => self.cfg.keep(attrs),
                None => true,
            });
        visit_mut::visit_item_trait_mut(self, node);
    }

    fn visit_fields_named_mut(&mut self, node: &mut syn::FieldsNamed) {
        node.named = self.fields(std::mem::take(&mut node.named));
        visit_mut::visit_fields_named_mut(self, node);
    }

    fn visit_fields_unnamed_mut(&mut self, node: &mut syn::FieldsUnnamed) {
        // As in rustc, the tuple fields after a dropped one move up (code outside the cfg
        // uses their new numbers).
        node.unnamed = self.fields(std::mem::take(&mut node.unnamed));
        visit_mut::visit_fields_unnamed_mut(self, node);
    }

    fn visit_item_enum_mut(&mut self, node: &mut syn::ItemEnum) {
        node.variants = std::mem::take(&mut node.variants)
            .into_pairs()
            .filter_map(|pair| {
                let (mut variant, comma) = pair.into_tuple();
                self.cfg
                    .keep(&mut variant.attrs)
                    .then(|| syn::punctuated::Pair::new(variant, comma))
            })
            .collect();
        visit_mut::visit_item_enum_mut(self, node);
    }

    fn visit_expr_match_mut(&mut self, node: &mut syn::ExprMatch) {
        node.arms.retain_mut(|arm| self.cfg.keep(&mut arm.attrs));
        visit_mut::visit_expr_match_mut(self, node);
    }

    fn visit_block_mut(&mut self, node: &mut syn::Block) {
        node.stmts.retain_mut(|stmt| match stmt {
            syn::Stmt::Local(local) => self.cfg.keep(&mut local.attrs),
            syn::Stmt::Item(item) => item_attrs_mut(item).is_none_or(|a| self.cfg.keep(a)),
            syn::Stmt::Macro(mac) => self.cfg.keep(&mut mac.attrs),
            syn::Stmt::Expr(expr, _) => expr_attrs_mut(expr).is_none_or(|a| self.cfg.keep(a)),
        });
        visit_mut::visit_block_mut(self, node);
    }

    fn visit_signature_mut(&mut self, node: &mut syn::Signature) {
        node.inputs = self.retain(std::mem::take(&mut node.inputs), |arg| match arg {
            syn::FnArg::Receiver(r) => Some(&mut r.attrs),
            syn::FnArg::Typed(t) => Some(&mut t.attrs),
        });
        visit_mut::visit_signature_mut(self, node);
    }

    fn visit_expr_closure_mut(&mut self, node: &mut syn::ExprClosure) {
        node.inputs = self.retain(std::mem::take(&mut node.inputs), pat_attrs_mut);
        visit_mut::visit_expr_closure_mut(self, node);
    }

    fn visit_generics_mut(&mut self, node: &mut syn::Generics) {
        node.params = self.retain(std::mem::take(&mut node.params), |p| match p {
            syn::GenericParam::Type(t) => Some(&mut t.attrs),
            syn::GenericParam::Lifetime(l) => Some(&mut l.attrs),
            syn::GenericParam::Const(c) => Some(&mut c.attrs),
        });
        visit_mut::visit_generics_mut(self, node);
    }

    fn visit_expr_struct_mut(&mut self, node: &mut syn::ExprStruct) {
        node.fields = self.retain(std::mem::take(&mut node.fields), |f| Some(&mut f.attrs));
        visit_mut::visit_expr_struct_mut(self, node);
    }

    fn visit_expr_array_mut(&mut self, node: &mut syn::ExprArray) {
        self.exprs(&mut node.elems);
        visit_mut::visit_expr_array_mut(self, node);
    }

    fn visit_expr_tuple_mut(&mut self, node: &mut syn::ExprTuple) {
        self.exprs(&mut node.elems);
        visit_mut::visit_expr_tuple_mut(self, node);
    }

    fn visit_expr_call_mut(&mut self, node: &mut syn::ExprCall) {
        self.exprs(&mut node.args);
        visit_mut::visit_expr_call_mut(self, node);
    }

    fn visit_expr_method_call_mut(&mut self, node: &mut syn::ExprMethodCall) {
        self.exprs(&mut node.args);
        visit_mut::visit_expr_method_call_mut(self, node);
    }

    fn visit_pat_struct_mut(&mut self, node: &mut syn::PatStruct) {
        node.fields = self.retain(std::mem::take(&mut node.fields), |f| Some(&mut f.attrs));
        visit_mut::visit_pat_struct_mut(self, node);
    }

    fn visit_expr_mut(&mut self, node: &mut syn::Expr) {
        if let syn::Expr::Macro(m) = node {
            if let Some(value) = self.cfg_macro(&m.mac) {
                *node = syn::Expr::Lit(syn::ExprLit {
                    attrs: std::mem::take(&mut m.attrs),
                    lit: syn::Lit::Bool(syn::LitBool::new(
                        value,
                        m.mac.path.segments[0].ident.span(),
                    )),
                });
                return;
            }
        }
        visit_mut::visit_expr_mut(self, node);
    }

    fn visit_macro_mut(&mut self, node: &mut syn::Macro) {
        // A macro's input expands in this crate, under its features.
        let tokens = self.tokens(std::mem::take(&mut node.tokens));
        node.tokens = self.cfg.resolve_attribute_tokens(tokens);
    }

    fn visit_item_macro_mut(&mut self, node: &mut syn::ItemMacro) {
        // A `macro_rules!` body expands where it is used, under that crate's features: for a
        // macro no other crate can call (not `#[macro_export]`) that is this crate.
        if node.ident.is_none() {
            visit_mut::visit_item_macro_mut(self, node);
        } else if !node.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
            self.visit_macro_mut(&mut node.mac);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(src: &str, features: &[&str]) -> String {
        let features: BTreeSet<String> = features.iter().map(|s| s.to_string()).collect();
        let mut file: syn::File = syn::parse_str(src).unwrap();
        let mut cleaner = Cleaner {
            cfg: CfgSet {
                features: &features,
                probed: None,
            },
        };
        cleaner.items(&mut file.items);
        quote::quote!(#file).to_string()
    }

    #[test]
    fn drops_tests_docs_and_disabled_features() {
        let src = "/// doc\n#[cfg(test)] mod tests {}\n#[test] fn t() {}\n\
                   #[cfg(feature = \"oracle\")] pub mod oracle;\n\
                   #[cfg(not(test))] fn kept() {}\n#[cfg(unix)] fn judged() {}\n\
                   #[cfg_attr(test, derive(Debug))] struct S { #[cfg(test)] x: u8, y: u8 }\n\
                   struct T(#[cfg(test)] u8, u16);";
        let out = clean(src, &[]);
        assert_eq!(
            out,
            "fn kept () { } # [cfg (unix)] fn judged () { } struct S { y : u8 } struct T (u16) ;"
        );
        assert!(clean(src, &["oracle"]).contains("pub mod oracle ;"));
    }

    #[test]
    fn a_local_macros_body_and_a_macros_input_are_resolved_with_the_crates_features() {
        let src = "macro_rules! widen { ($w:ty) => { #[cfg(feature = \"alloc\")] impl From<A> for Box<$w> {} \
                       #[cfg(all(feature = \"std\", unix))] fn f() {} #[cfg(any(feature = \"std\", unix))] fn u() {} #[cfg(test)] mod t {} #[cfg_attr(feature = \"alloc\", inline)] fn g() {} }; }\n\
                   #[macro_export] macro_rules! exported { () => { #[cfg(feature = \"alloc\")] fn h() {} }; }\n\
                   cfg_if! { if #[cfg(feature = \"std\")] { mod a; } else { mod b; } }";
        let out = clean(src, &["alloc"]);
        assert_eq!(
            out,
            "macro_rules ! widen { ($ w : ty) => { # [cfg (all ())] impl From < A > for Box <$ w > { } \
             # [cfg (all (feature = \"std\" , unix))] fn f () { } # [cfg (any (feature = \"std\" , unix))] fn u () { } \
             # [cfg (test)] mod t { } # [cfg_attr (all () , inline)] fn g () { } } ; } \
             # [macro_export] macro_rules ! exported { () => { # [cfg (feature = \"alloc\")] fn h () { } } ; } \
             cfg_if ! { if # [cfg (feature = \"std\")] { mod a ; } else { mod b ; } }"
        );
        let out = clean(src, &["std"]);
        assert!(
            out.contains("# [cfg (all (all () , unix))] fn f"),
            "{}",
            out
        );
        assert!(out.contains("# [cfg (all ())] fn u"), "{}", out);
        assert!(
            out.contains("# [cfg (feature = \"alloc\")] impl From"),
            "{}",
            out
        );
        assert!(
            out.contains("cfg_if ! { if # [cfg (all ())] { mod a"),
            "{}",
            out
        );
    }

    #[test]
    fn evaluates_nested_predicates() {
        let features = BTreeSet::from(["a".to_string()]);
        let cfg = CfgSet {
            features: &features,
            probed: None,
        };
        let eval = |s: &str| cfg.eval(&syn::parse_str::<Meta>(s).unwrap());
        assert_eq!(eval("all(feature = \"a\", not(test))"), Some(true));
        assert_eq!(eval("any(test, unix)"), None);
        assert_eq!(eval("all(test, unix)"), Some(false));
        assert_eq!(eval("any(feature = \"a\", unix)"), Some(true));
        assert_eq!(eval("has_foo"), None, "no build script: left to rustc");
        let probed = BTreeSet::from(["has_foo".to_string(), "level=\"2\"".to_string()]);
        let cfg = CfgSet {
            features: &features,
            probed: Some(&probed),
        };
        let eval = |s: &str| cfg.eval(&syn::parse_str::<Meta>(s).unwrap());
        assert_eq!(eval("has_foo"), Some(true));
        assert_eq!(eval("not(has_bar)"), Some(true));
        assert_eq!(eval("level = \"2\""), Some(true));
        assert_eq!(eval("level = \"3\""), Some(false));
        assert_eq!(eval("all(has_foo, unix)"), None);
        assert_eq!(eval("target_os = \"linux\""), None);
    }
}
