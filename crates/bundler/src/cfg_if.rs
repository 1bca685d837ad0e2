//! `cfg_if! { if #[cfg(a)] { .. } else if #[cfg(b)] { .. } else { .. } }` (the cfg-if crate,
//! which getrandom, libc and many others declare their per-platform modules with) written out
//! as the items it expands to, each under its branch's `#[cfg]`, as cfg-if itself writes them.
//! The loader then sees the `mod x;` of every branch and the cfg stage decides what it can; a
//! predicate cargo does not decide (`target_os`) stays for the judge's rustc.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::Item;

/// Replaces each item-position `cfg_if!` call among `items` (and in inline modules) by the
/// items of its branches; a call of another shape is left as written.
pub fn expand(items: &mut Vec<Item>) {
    let mut out = Vec::with_capacity(items.len());
    for mut item in items.drain(..) {
        if let Item::Mod(m) = &mut item {
            if let Some((_, inner)) = &mut m.content {
                expand(inner);
            }
        }
        let expanded = match &item {
            Item::Macro(m)
                if m.ident.is_none()
                    && m.mac
                        .path
                        .segments
                        .last()
                        .is_some_and(|s| s.ident == "cfg_if") =>
            {
                branches(m.mac.tokens.clone())
            }
            _ => None,
        };
        match expanded {
            Some(mut branch_items) => {
                expand(&mut branch_items);
                out.extend(branch_items);
            }
            None => out.push(item),
        }
    }
    *items = out;
}

/// The items of every branch, each with the `#[cfg]` under which cfg-if keeps it: its own
/// predicate and none of the earlier ones.
fn branches(tokens: TokenStream) -> Option<Vec<Item>> {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut earlier: Vec<TokenStream> = Vec::new();
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        // `if #[cfg(pred)] { items }`, or after `else`, `{ items }` alone.
        let predicate = match tokens.get(i) {
            Some(TokenTree::Ident(kw)) if kw == "if" => {
                let (Some(TokenTree::Punct(pound)), Some(TokenTree::Group(attr))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                else {
                    return None;
                };
                if pound.as_char() != '#' || attr.delimiter() != Delimiter::Bracket {
                    return None;
                }
                let meta = syn::parse2::<syn::Meta>(attr.stream()).ok()?;
                let syn::Meta::List(list) = meta else {
                    return None;
                };
                if !list.path.is_ident("cfg") {
                    return None;
                }
                i += 3;
                Some(list.tokens)
            }
            Some(TokenTree::Group(_)) if !earlier.is_empty() => None,
            _ => return None,
        };
        let Some(TokenTree::Group(body)) = tokens.get(i) else {
            return None;
        };
        if body.delimiter() != Delimiter::Brace {
            return None;
        }
        i += 1;
        let condition = match &predicate {
            Some(p) => quote::quote!(all(#p, not(any(#(#earlier),*)))),
            None => quote::quote!(not(any(#(#earlier),*))),
        };
        let file = syn::parse2::<syn::File>(body.stream()).ok()?;
        for mut item in file.items {
            let attrs = crate::cfg::item_attrs_mut(&mut item)?;
            attrs.insert(0, syn::parse_quote!(#[cfg(#condition)]));
            out.push(item);
        }
        match predicate {
            Some(p) => earlier.push(p),
            None => break,
        }
        match tokens.get(i) {
            None => break,
            Some(TokenTree::Ident(kw)) if kw == "else" => i += 1,
            _ => return None,
        }
    }
    (i == tokens.len()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(src: &str) -> String {
        let mut file: syn::File = syn::parse_str(src).unwrap();
        expand(&mut file.items);
        quote::quote!(#file).to_string()
    }

    #[test]
    fn each_branch_keeps_its_items_under_its_predicate_and_none_before() {
        let out = expanded(
            "cfg_if! { if #[cfg(unix)] { mod use_file; pub use use_file::f; } \
             else if #[cfg(feature = \"std\")] { fn g() {} } else { mod other; } }",
        );
        assert_eq!(
            out,
            "# [cfg (all (unix , not (any ())))] mod use_file ; \
             # [cfg (all (unix , not (any ())))] pub use use_file :: f ; \
             # [cfg (all (feature = \"std\" , not (any (unix))))] fn g () { } \
             # [cfg (not (any (unix , feature = \"std\")))] mod other ;"
        );
    }

    #[test]
    fn a_call_of_another_shape_is_left_as_written() {
        let src = "cfg_if! { #[cfg(unix)] fn f() {} } mod m { cfg_if::cfg_if! { if #[cfg(a)] { fn g() {} } } }";
        let out = expanded(src);
        assert!(
            out.starts_with("cfg_if ! { # [cfg (unix)] fn f () { } }"),
            "{}",
            out
        );
        assert!(
            out.contains("mod m { # [cfg (all (a , not (any ())))] fn g () { } }"),
            "{}",
            out
        );
    }
}
