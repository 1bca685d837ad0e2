//! Pruning: keep only what the solution reaches.

use syn::Item;

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
