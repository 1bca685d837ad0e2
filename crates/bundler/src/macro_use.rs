//! Proc-macros reached through `#[macro_use] extern crate x;`: `#[macro_use] extern crate
//! proconio;` brings the `#[fastout]` proconio re-exports from proconio-derive into scope by
//! no path the pruner follows, so a bare attribute or derive of a name the proc-macro crate
//! defines is its use.

use std::collections::BTreeSet;
use syn::visit::Visit;
use syn::Item;

/// The crates the binary's root imports with `#[macro_use] extern crate`.
pub fn macro_use_crates(items: &[Item]) -> BTreeSet<String> {
    items
        .iter()
        .filter_map(|item| match item {
            Item::ExternCrate(e) if e.attrs.iter().any(|a| a.path().is_ident("macro_use")) => {
                Some(e.ident.to_string())
            }
            _ => None,
        })
        .collect()
}

/// The names of `exports` that `items` (all but the modules `skip`, the bundled libraries)
/// use as a bare attribute (`#[fastout]`) or derive (`#[derive(Readable)]`).
pub fn bare_uses(
    items: &[Item],
    skip: &BTreeSet<String>,
    exports: &BTreeSet<String>,
) -> BTreeSet<String> {
    let mut finder = Bare {
        exports,
        found: BTreeSet::new(),
    };
    for item in items {
        if matches!(item, Item::Mod(m) if skip.contains(&m.ident.to_string())) {
            continue;
        }
        finder.visit_item(item);
    }
    finder.found
}

struct Bare<'a> {
    exports: &'a BTreeSet<String>,
    found: BTreeSet<String>,
}

impl<'ast> Visit<'ast> for Bare<'_> {
    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        if let Some(name) = attr.path().get_ident().map(|i| i.to_string()) {
            if self.exports.contains(&name) {
                self.found.insert(name);
            } else if name == "derive" {
                let _ = attr.parse_nested_meta(|meta| {
                    if let Some(derived) = meta.path.get_ident().map(|i| i.to_string()) {
                        if self.exports.contains(&derived) {
                            self.found.insert(derived);
                        }
                    }
                    Ok(())
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{bare_uses, macro_use_crates};
    use std::collections::BTreeSet;

    #[test]
    fn finds_bare_attributes_and_derives_of_a_macro_use_crate() {
        let file: syn::File = syn::parse_str(
            "#[macro_use] extern crate proconio;\n#[derive(Debug, Readable)] struct P;\n#[fastout] fn main() {}\nmod proconio { #[other] fn f() {} }\n",
        )
        .unwrap();
        assert_eq!(
            macro_use_crates(&file.items),
            BTreeSet::from(["proconio".to_string()])
        );
        let exports = BTreeSet::from([
            "fastout".to_string(),
            "Readable".to_string(),
            "other".to_string(),
        ]);
        let skip = BTreeSet::from(["proconio".to_string()]);
        assert_eq!(
            bare_uses(&file.items, &skip, &exports),
            BTreeSet::from(["Readable".to_string(), "fastout".to_string()])
        );
    }
}
