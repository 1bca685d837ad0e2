//! Stage 4, index: what the pruner works on: every module of the bundle, and for each
//! item what it is called (for an item macro call, the names it may define) and which paths and
//! member names its code mentions, with the `use`s written inside function bodies, through
//! which those paths resolve too.

use proc_macro2::{TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::visit::Visit;
use syn::{Item, Token, UseTree};

pub(super) type ModId = usize;

/// A path as written, resolved from the module it appears in.
#[derive(Debug)]
pub(super) struct Ref {
    pub(super) segments: Vec<String>,
    pub(super) is_macro: bool,
    /// A lone name in a pattern (`Less`, `ZERO`, `None` in `match x { ZERO => .. }`): a
    /// binding, unless it names a constant, a unit struct or a variant in scope.
    pub(super) pattern: bool,
}

/// What a piece of code refers to: paths, and names that may be methods or associated items.
#[derive(Default, Debug)]
pub(super) struct Body {
    pub(super) refs: Vec<Ref>,
    pub(super) members: BTreeSet<String>,
    /// Method-call names (`.name(`): a method of that name of any type may be meant.
    pub(super) calls: BTreeSet<String>,
    /// Member names whose type syntax does not tell (tokens of a macro's input): an
    /// associated item of that name of any type may be meant.
    pub(super) loose: BTreeSet<String>,
    /// `use` items inside function bodies.
    pub(super) local_uses: Vec<Leaf>,
    /// Paths of a macro's body that a metavariable ends (`$crate::arch::avx2::$kind`): an
    /// item of that module named anywhere may be meant.
    pub(super) open: Vec<Vec<String>>,
    /// Names after `fn` in tokens (a macro's body writing `impl One for $t { fn is_one .. }`):
    /// functions it may define, trait methods among them.
    pub(super) fn_names: BTreeSet<String>,
}

/// One name a `use` brings in: `name` is what it binds (`*` for a glob), `path` where it
/// points, relative to the module (the module itself for a glob).
#[derive(Debug)]
pub(super) struct Leaf {
    pub(super) name: String,
    pub(super) path: Vec<String>,
    pub(super) glob: bool,
    pub(super) line: usize,
}

#[derive(Debug)]
pub(super) enum Kind {
    /// A named definition; `trait_items` for traits, `variants` for enums.
    Named {
        name: String,
        body: Body,
        trait_items: Vec<String>,
        variants: Vec<String>,
        macro_def: bool,
        /// What a lone name in a pattern can mean: a constant, a unit struct, or an enum (whose
        /// variant a `use` imported).
        pattern: bool,
        /// A trait's provided methods (with a default body), in order: each is kept only when
        /// its name is used, its body is not part of `body`.
        provided: Vec<(String, Body)>,
        /// A type alias (`type G = Graph;`): a path through it names the types its body names.
        alias: bool,
        /// A type (struct, enum, union, alias, trait): what `Name::f` can be a member of.
        ty: bool,
    },
    Impl {
        /// The paths of the self type and the trait.
        header: Vec<Ref>,
        /// Where in `header` the trait's own path is.
        trait_at: Option<usize>,
        body: Body,
        is_trait_impl: bool,
        members: Vec<(String, Body)>,
        /// For each member, whether it is a method with a `self` receiver (callable as
        /// `.name(`); associated functions and constants are reached by a path only.
        receivers: Vec<bool>,
    },
    /// An item-position macro call, e.g. `impl_unsigned!(u8, u16);` or `thread_local!`, with
    /// the names it may define (every name in its input: what it expands to is unknown).
    MacroCall(Body, BTreeSet<String>),
    Use(Vec<Leaf>),
    Mod(ModId),
    /// Kept with its module (extern blocks, `extern crate std`, verbatim items).
    WithModule(Body),
}

pub(super) struct Module {
    pub(super) name: String,
    pub(super) parent: Option<ModId>,
    pub(super) path: Vec<String>,
    /// Part of the binary (`main.rs`), whose items are all roots.
    pub(super) is_root_crate: bool,
    pub(super) items: Vec<Kind>,
}

/// The module tree of a bundle, with what each item refers to.
pub(super) struct Index {
    pub(super) mods: Vec<Module>,
    /// `#[macro_export]` macros: they live at the bundle root wherever they are defined.
    pub(super) exported: BTreeMap<String, Vec<(ModId, usize)>>,
    pub(super) macro_defs: BTreeMap<String, Vec<(ModId, usize)>>,
}

impl Index {
    pub(super) fn build(items: &[Item], libraries: &BTreeSet<String>) -> Index {
        let mut index = Index {
            mods: Vec::new(),
            exported: BTreeMap::new(),
            macro_defs: BTreeMap::new(),
        };
        index.add_module(String::new(), None, Vec::new(), true, items, libraries);
        index
    }

    fn add_module(
        &mut self,
        name: String,
        parent: Option<ModId>,
        path: Vec<String>,
        is_root_crate: bool,
        items: &[Item],
        libraries: &BTreeSet<String>,
    ) -> ModId {
        let id = self.mods.len();
        self.mods.push(Module {
            name,
            parent,
            path: path.clone(),
            is_root_crate,
            items: Vec::new(),
        });
        let mut kinds = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let kind = match item {
                Item::Mod(m) => {
                    let name = m.ident.to_string();
                    let root_crate = is_root_crate && !(id == 0 && libraries.contains(&name));
                    let mut child_path = path.clone();
                    child_path.push(name.clone());
                    let inner = m.content.as_ref().map_or(&[][..], |(_, items)| items);
                    Kind::Mod(self.add_module(
                        name,
                        Some(id),
                        child_path,
                        root_crate,
                        inner,
                        libraries,
                    ))
                }
                Item::Use(u) => {
                    let mut leaves = Vec::new();
                    flatten_use(&u.tree, &mut Vec::new(), &mut leaves);
                    Kind::Use(leaves)
                }
                Item::Impl(imp) => {
                    let mut header = Collector::default();
                    header.visit_type(&imp.self_ty);
                    let trait_at = imp.trait_.as_ref().map(|(_, path, _)| {
                        let at = header.body.refs.len();
                        header.visit_path(path);
                        at
                    });
                    let mut body = Collector::default();
                    body.visit_generics(&imp.generics);
                    body.visit_type(&imp.self_ty);
                    if let Some((_, path, _)) = &imp.trait_ {
                        body.visit_path(path);
                    }
                    let members = imp
                        .items
                        .iter()
                        .map(|member| {
                            let mut c = Collector::default();
                            c.visit_impl_item(member);
                            (impl_item_name(member), c.body)
                        })
                        .collect();
                    let receivers = imp
                        .items
                        .iter()
                        .map(|member| {
                            matches!(member, syn::ImplItem::Fn(f) if f.sig.receiver().is_some())
                        })
                        .collect();
                    Kind::Impl {
                        header: header.body.refs,
                        trait_at,
                        body: body.body,
                        is_trait_impl: imp.trait_.is_some(),
                        members,
                        receivers,
                    }
                }
                Item::Macro(m) => {
                    let mut c = Collector::default();
                    match &m.ident {
                        Some(ident) => {
                            c.scan_definition(m.mac.tokens.clone());
                            let name = ident.to_string();
                            self.macro_defs
                                .entry(name.clone())
                                .or_default()
                                .push((id, i));
                            if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
                                self.exported.entry(name.clone()).or_default().push((id, i));
                            }
                            Kind::Named {
                                name,
                                body: c.body,
                                trait_items: Vec::new(),
                                variants: Vec::new(),
                                macro_def: true,
                                pattern: false,
                                provided: Vec::new(),
                                alias: false,
                                ty: false,
                            }
                        }
                        None => {
                            c.visit_item_macro(m);
                            let mut defines = BTreeSet::new();
                            names_in(m.mac.tokens.clone(), &mut defines);
                            Kind::MacroCall(c.body, defines)
                        }
                    }
                }
                other => {
                    let mut c = Collector::default();
                    let mut provided = Vec::new();
                    match other {
                        Item::Trait(t) => {
                            let mut head = t.clone();
                            head.items.retain(|member| {
                                let syn::TraitItem::Fn(f) = member else {
                                    return true;
                                };
                                if f.default.is_none() {
                                    return true;
                                }
                                let mut m = Collector::default();
                                m.visit_trait_item_fn(f);
                                provided.push((f.sig.ident.to_string(), m.body));
                                false
                            });
                            c.visit_item_trait(&head);
                        }
                        _ => c.visit_item(other),
                    }
                    match item_name(other) {
                        // `const _: () = { impl .. }` (zerocopy's impls): no name to look up,
                        // kept as an item macro call is, when what it names is kept.
                        Some(name) if name == "_" => Kind::MacroCall(c.body, BTreeSet::new()),
                        Some(name) => Kind::Named {
                            name,
                            body: c.body,
                            trait_items: match other {
                                Item::Trait(t) => t.items.iter().map(trait_item_name).collect(),
                                _ => Vec::new(),
                            },
                            variants: match other {
                                Item::Enum(e) => {
                                    e.variants.iter().map(|v| v.ident.to_string()).collect()
                                }
                                _ => Vec::new(),
                            },
                            macro_def: false,
                            pattern: matches!(other, Item::Const(_) | Item::Enum(_))
                                || matches!(other, Item::Struct(s) if matches!(s.fields, syn::Fields::Unit)),
                            provided,
                            alias: matches!(other, Item::Type(_)),
                            ty: matches!(
                                other,
                                Item::Struct(_)
                                    | Item::Enum(_)
                                    | Item::Union(_)
                                    | Item::Type(_)
                                    | Item::Trait(_)
                            ),
                        },
                        None => Kind::WithModule(c.body),
                    }
                }
            };
            kinds.push(kind);
        }
        self.mods[id].items = kinds;
        id
    }
}

pub(super) fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// The name of an impl's associated item; empty for macro calls, which are always kept.
pub(super) fn impl_item_name(item: &syn::ImplItem) -> String {
    match item {
        syn::ImplItem::Const(c) => c.ident.to_string(),
        syn::ImplItem::Fn(f) => f.sig.ident.to_string(),
        syn::ImplItem::Type(t) => t.ident.to_string(),
        _ => String::new(),
    }
}

pub(super) fn trait_item_name(item: &syn::TraitItem) -> String {
    match item {
        syn::TraitItem::Const(c) => c.ident.to_string(),
        syn::TraitItem::Fn(f) => f.sig.ident.to_string(),
        syn::TraitItem::Type(t) => t.ident.to_string(),
        _ => String::new(),
    }
}

/// The leaves of a use tree, in tree order (the order `retain_use` walks).
pub(super) fn flatten_use(tree: &UseTree, prefix: &mut Vec<String>, out: &mut Vec<Leaf>) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(n) => {
            let (path, name) = leaf_path(prefix, &n.ident);
            out.push(Leaf {
                name,
                path,
                glob: false,
                line: n.ident.span().start().line,
            });
        }
        UseTree::Rename(r) => {
            let (path, _) = leaf_path(prefix, &r.ident);
            out.push(Leaf {
                name: r.rename.to_string(),
                path,
                glob: false,
                line: r.ident.span().start().line,
            });
        }
        UseTree::Glob(g) => out.push(Leaf {
            name: "*".to_string(),
            path: prefix.clone(),
            glob: true,
            line: g.star_token.span.start().line,
        }),
        UseTree::Group(g) => {
            for t in &g.items {
                flatten_use(t, prefix, out);
            }
        }
    }
}

/// `a::b::{self}` imports `b` from `a::b`; anything else imports its last segment.
pub(super) fn leaf_path(prefix: &[String], ident: &syn::Ident) -> (Vec<String>, String) {
    if ident == "self" {
        let name = prefix.last().cloned().unwrap_or_default();
        (prefix.to_vec(), name)
    } else {
        let mut path = prefix.to_vec();
        path.push(ident.to_string());
        (path, ident.to_string())
    }
}

/// Collects the references of a piece of syntax.
#[derive(Default)]
pub(super) struct Collector {
    pub(super) body: Body,
    /// Scanning tokens, where what a name is is not known: members found are loose.
    scanning: bool,
}

impl Collector {
    fn add_member(&mut self, name: String) {
        if self.scanning {
            self.body.loose.insert(name.clone());
        }
        self.body.members.insert(name);
    }

    fn add_path(&mut self, segments: Vec<String>, is_macro: bool) {
        for s in segments.iter().skip(1) {
            self.add_member(s.clone());
        }
        self.body.refs.push(Ref {
            segments,
            is_macro,
            pattern: false,
        });
    }

    /// Macro input that is not a list of expressions (and `macro_rules!` bodies) is scanned as
    /// tokens: every `a::b::c` run is taken as a path and every name as a possible method;
    /// a name after `.` is only a method (`$crate` counts as `crate`, other `$x` are
    /// metavariables).
    fn scan_tokens(&mut self, tokens: TokenStream) {
        self.scan(tokens, true);
    }

    /// `scan_tokens` for a `macro_rules!` body: there a method or associated item is written
    /// after `.` or `::` (`$x.push(..)`, `$t::new()`), and a bare name is a path, a binding or
    /// a metavariable's fragment name, never a member; in a call's input a bare name may be a
    /// method the macro calls (`call!(v, push)` for `$v.$m()`).
    fn scan_definition(&mut self, tokens: TokenStream) {
        self.scan(tokens, false);
    }

    fn scan(&mut self, tokens: TokenStream, bare_members: bool) {
        let scanning = std::mem::replace(&mut self.scanning, true);
        self.scan_inner(tokens, bare_members);
        self.scanning = scanning;
    }

    fn scan_inner(&mut self, tokens: TokenStream, bare_members: bool) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Group(g) => {
                    self.scan_inner(g.stream(), bare_members);
                    i += 1;
                }
                TokenTree::Ident(ident) => {
                    let after_dollar = i > 0 && is_punct(&tokens[i - 1], '$');
                    if after_dollar && ident != "crate" {
                        i += 1;
                        continue;
                    }
                    if i > 0 && matches!(&tokens[i - 1], TokenTree::Ident(f) if f == "fn") {
                        self.body.fn_names.insert(ident.to_string());
                    }
                    let mut segments = vec![ident.to_string()];
                    let mut k = i + 1;
                    while is_punct(tokens.get(k).unwrap_or(&tokens[i]), ':')
                        && matches!(tokens.get(k + 1), Some(t) if is_punct(t, ':'))
                    {
                        match tokens.get(k + 2) {
                            Some(TokenTree::Ident(next)) => segments.push(next.to_string()),
                            _ => break,
                        }
                        k += 3;
                    }
                    let is_macro = matches!(tokens.get(k), Some(t) if is_punct(t, '!'));
                    let open = is_punct(tokens.get(k).unwrap_or(&tokens[i]), ':')
                        && matches!(tokens.get(k + 1), Some(t) if is_punct(t, ':'))
                        && matches!(tokens.get(k + 2), Some(t) if is_punct(t, '$'));
                    if open {
                        self.body.open.push(segments.clone());
                    }
                    let after_member_sep =
                        i > 0 && (is_punct(&tokens[i - 1], '.') || is_punct(&tokens[i - 1], ':'));
                    if bare_members || after_member_sep {
                        self.add_member(segments[0].clone());
                    }
                    if i == 0 || !is_punct(&tokens[i - 1], '.') {
                        self.add_path(segments, is_macro);
                    }
                    i = k.max(i + 1);
                }
                _ => i += 1,
            }
        }
    }
}

impl Collector {
    /// `<Type>::f` names `f` of `Type` as `Type::f` does: that path is added (a path after
    /// `<T as Trait>` names the trait's item, and is a plain path already). Of a type that is
    /// not a path (`<[u16; 2]>::read_from_prefix`, `<&str>::f`), `f` can only be a trait's
    /// item: a member name.
    fn qualified(&mut self, qself: Option<&syn::QSelf>, path: &syn::Path) {
        let Some(q) = qself else { return };
        if q.position != 0 {
            return;
        }
        if let syn::Type::Path(syn::TypePath {
            qself: None,
            path: ty,
        }) = &*q.ty
        {
            let segments = ty
                .segments
                .iter()
                .chain(&path.segments)
                .map(|s| s.ident.to_string())
                .collect();
            self.add_path(segments, false);
        } else if let Some(first) = path.segments.first() {
            self.add_member(first.ident.to_string());
        }
    }
}

/// Names a macro call cannot define: keywords, primitive types, std's prelude types.
const NEVER_DEFINED: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16",
    "i32", "i64", "i128", "isize", "f32", "f64", "bool", "char", "str", "String", "Vec", "Option",
    "Some", "None", "Result", "Ok", "Err", "Box",
];

/// Every name in `tokens` (not `$x` metavariables) that a macro could define.
fn names_in(tokens: TokenStream, out: &mut BTreeSet<String>) {
    let mut after_dollar = false;
    for token in tokens {
        match &token {
            TokenTree::Group(g) => names_in(g.stream(), out),
            TokenTree::Ident(ident) if !after_dollar => {
                let name = ident.to_string();
                if !NEVER_DEFINED.contains(&name.as_str()) {
                    out.insert(name);
                }
            }
            _ => {}
        }
        after_dollar = is_punct(&token, '$');
    }
}

pub(super) fn is_punct(token: &TokenTree, c: char) -> bool {
    matches!(token, TokenTree::Punct(p) if p.as_char() == c)
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.add_path(segments, false);
        syn::visit::visit_path(self, path);
    }

    fn visit_pat_ident(&mut self, pat: &'ast syn::PatIdent) {
        // `Less =>` or `ZERO =>` name an item; `x =>`, `ref x`, `mut x`, `x @ ..` bind.
        if pat.by_ref.is_none() && pat.mutability.is_none() && pat.subpat.is_none() {
            self.body.refs.push(Ref {
                segments: vec![pat.ident.to_string()],
                is_macro: false,
                pattern: true,
            });
        }
        syn::visit::visit_pat_ident(self, pat);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.add_member(call.method.to_string());
        self.body.calls.insert(call.method.to_string());
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_path(&mut self, expr: &'ast syn::ExprPath) {
        self.qualified(expr.qself.as_ref(), &expr.path);
        syn::visit::visit_expr_path(self, expr);
    }

    fn visit_type_path(&mut self, ty: &'ast syn::TypePath) {
        self.qualified(ty.qself.as_ref(), &ty.path);
        syn::visit::visit_type_path(self, ty);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let segments = mac
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        self.add_path(segments, true);
        // Most macro calls (`writeln!`, `assert!`, `vec!`) take expressions: visit them as code.
        let parser = Punctuated::<syn::Expr, Token![,]>::parse_terminated;
        // `vec![x; n]` too: its tokens are code whose paths tell their types.
        let repeat = |input: syn::parse::ParseStream| {
            let value: syn::Expr = input.parse()?;
            input.parse::<Token![;]>()?;
            let count: syn::Expr = input.parse()?;
            Ok([value, count])
        };
        if let Ok(exprs) = parser.parse2(mac.tokens.clone()) {
            exprs.iter().for_each(|e| self.visit_expr(e));
        } else if let Ok(exprs) = repeat.parse2(mac.tokens.clone()) {
            exprs.iter().for_each(|e| self.visit_expr(e));
        } else {
            self.scan_tokens(mac.tokens.clone());
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        // A `use` inside a function body: its paths are references of that function.
        let mut leaves = Vec::new();
        flatten_use(&item.tree, &mut Vec::new(), &mut leaves);
        for leaf in &leaves {
            self.add_path(leaf.path.clone(), false);
        }
        self.body.local_uses.extend(leaves);
    }
}
