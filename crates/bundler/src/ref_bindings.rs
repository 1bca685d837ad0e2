//! Part of stage 3, rewrite: `ref x` where the pattern already binds by reference. Matching a
//! reference with a non-reference pattern (`match self { Imp::Owned(ref x) => .. }` in a
//! `&self` method) makes every binding inside it bind by reference, and there `ref` says
//! nothing: editions up to 2021 accept it, edition 2024 rejects it ("cannot explicitly borrow
//! within an implicitly-borrowing pattern"). The `ref` goes, which means the same in every
//! edition. Only where the scrutinee is surely a reference without type checking: `self` in a
//! `&self` (`&mut self`) method, or a `&expr` (`&mut expr`) written in place; elsewhere a
//! `ref` may be what makes a binding borrow, and stays.

use syn::visit_mut::{self, VisitMut};

/// What a scrutinee is known to be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Borrow {
    Shared,
    Mutable,
}

/// Removes the `ref`s that a pattern's implicit borrowing makes redundant, in `items`.
pub fn drop_redundant_refs(items: &mut [syn::Item]) {
    let mut rewriter = RefBindings { receiver: None };
    for item in items {
        rewriter.visit_item_mut(item);
    }
}

struct RefBindings {
    /// How the enclosing method takes `self`, when by reference.
    receiver: Option<Borrow>,
}

impl RefBindings {
    fn scrutinee(&self, expr: &syn::Expr) -> Option<Borrow> {
        match expr {
            syn::Expr::Path(p) if p.qself.is_none() && p.path.is_ident("self") => self.receiver,
            syn::Expr::Reference(r) => Some(if r.mutability.is_some() {
                Borrow::Mutable
            } else {
                Borrow::Shared
            }),
            syn::Expr::Paren(p) => self.scrutinee(&p.expr),
            _ => None,
        }
    }

    fn with_receiver(&mut self, sig: &syn::Signature, visit: impl FnOnce(&mut Self)) {
        // `&self`, `&mut self` and `self: &Self` alike: syn gives the receiver's whole type.
        let receiver = sig.receiver().and_then(|r| match &*r.ty {
            syn::Type::Reference(t) if t.mutability.is_some() => Some(Borrow::Mutable),
            syn::Type::Reference(_) => Some(Borrow::Shared),
            _ => None,
        });
        let outer = std::mem::replace(&mut self.receiver, receiver);
        visit(self);
        self.receiver = outer;
    }
}

/// Drops the redundant `ref`s of a pattern matched against a reference of kind `borrow`.
fn implicitly_borrowing(pat: &mut syn::Pat, borrow: Borrow) {
    use syn::Pat;
    match pat {
        // A binding or `&` pattern at the top matches the reference itself.
        Pat::Ident(_) | Pat::Reference(_) => {}
        other => inside(other, borrow),
    }
}

/// The bindings inside a non-reference pattern that matched a reference: they bind by
/// reference already.
fn inside(pat: &mut syn::Pat, borrow: Borrow) {
    use syn::Pat;
    match pat {
        Pat::Ident(p) => {
            let redundant = match borrow {
                Borrow::Shared => p.by_ref.is_some() && p.mutability.is_none(),
                Borrow::Mutable => p.by_ref.is_some() && p.mutability.is_some(),
            };
            if redundant {
                p.by_ref = None;
                p.mutability = None;
            }
            if let Some((_, sub)) = &mut p.subpat {
                inside(sub, borrow);
            }
        }
        // An explicit `&` resets what the bindings under it mean: left as written.
        Pat::Reference(_) => {}
        Pat::Or(p) => p.cases.iter_mut().for_each(|c| inside(c, borrow)),
        Pat::Paren(p) => inside(&mut p.pat, borrow),
        Pat::Slice(p) => p.elems.iter_mut().for_each(|e| inside(e, borrow)),
        Pat::Struct(p) => p.fields.iter_mut().for_each(|f| inside(&mut f.pat, borrow)),
        Pat::Tuple(p) => p.elems.iter_mut().for_each(|e| inside(e, borrow)),
        Pat::TupleStruct(p) => p.elems.iter_mut().for_each(|e| inside(e, borrow)),
        Pat::Type(p) => inside(&mut p.pat, borrow),
        _ => {}
    }
}

impl VisitMut for RefBindings {
    fn visit_item_fn_mut(&mut self, node: &mut syn::ItemFn) {
        // A free function has no `self`, whatever encloses it.
        let outer = self.receiver.take();
        visit_mut::visit_item_fn_mut(self, node);
        self.receiver = outer;
    }

    fn visit_impl_item_fn_mut(&mut self, node: &mut syn::ImplItemFn) {
        let sig = node.sig.clone();
        self.with_receiver(&sig, |this| visit_mut::visit_impl_item_fn_mut(this, node));
    }

    fn visit_trait_item_fn_mut(&mut self, node: &mut syn::TraitItemFn) {
        let sig = node.sig.clone();
        self.with_receiver(&sig, |this| visit_mut::visit_trait_item_fn_mut(this, node));
    }

    fn visit_expr_match_mut(&mut self, node: &mut syn::ExprMatch) {
        if let Some(borrow) = self.scrutinee(&node.expr) {
            for arm in &mut node.arms {
                implicitly_borrowing(&mut arm.pat, borrow);
            }
        }
        visit_mut::visit_expr_match_mut(self, node);
    }

    fn visit_expr_let_mut(&mut self, node: &mut syn::ExprLet) {
        if let Some(borrow) = self.scrutinee(&node.expr) {
            implicitly_borrowing(&mut node.pat, borrow);
        }
        visit_mut::visit_expr_let_mut(self, node);
    }

    fn visit_local_mut(&mut self, node: &mut syn::Local) {
        if let Some(init) = &node.init {
            if let Some(borrow) = self.scrutinee(&init.expr) {
                implicitly_borrowing(&mut node.pat, borrow);
            }
        }
        visit_mut::visit_local_mut(self, node);
    }

    fn visit_item_macro_mut(&mut self, _: &mut syn::ItemMacro) {
        // Macro bodies are tokens: their patterns are not known until expanded.
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(src: &str) -> String {
        let mut file: syn::File = syn::parse_str(src).unwrap();
        drop_redundant_refs(&mut file.items);
        quote::quote!(#file).to_string()
    }

    #[test]
    fn a_ref_under_an_implicit_borrow_goes_and_one_that_borrows_stays() {
        let src = "impl Imp { fn f(&self) -> &[u8] { match self { Imp::Owned(ref x) => x, Imp::Borrowed(x) => x } } \
                   fn g(&mut self) { if let Imp::Owned(ref mut v) = self { v.clear(); } \
                   match self { Imp::Owned(ref v) => {} _ => {} } } \
                   fn h(self) { match self { Imp::Owned(ref x) => {} _ => {} } } } \
                   fn k(p: &(u8, u8)) { let (ref a, ref b) = &p.clone(); match p.0 { ref z => {} } \
                   match &p { &(ref a, _) => {} } }";
        let out = rewritten(src);
        assert!(out.contains("Imp :: Owned (x) => x"), "{}", out);
        assert!(out.contains("Imp :: Owned (v) = self"), "{}", out);
        // Under `&mut`, a shared `ref` changes the binding's type: it stays.
        assert!(out.contains("Imp :: Owned (ref v) => { }"), "{}", out);
        // `self` by value, a place, an explicit `&` pattern: `ref` borrows there.
        assert!(out.contains("Imp :: Owned (ref x) => { }"), "{}", out);
        assert!(out.contains("let (a , b) = & p"), "{}", out);
        assert!(out.contains("ref z =>"), "{}", out);
        assert!(out.contains("& (ref a , _) =>"), "{}", out);
    }
}
