//! Reading a crate into one syntax tree: parse its root file, drop what the judge's build would
//! not compile (see `cfg`), and replace every `mod x;` by the parsed contents of its file.

use super::cfg::{CfgSet, Cleaner};
use anyhow::{anyhow, Result};
use proc_macro2::Span;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;
use syn::{Attribute, Item};

/// Which file each module of the bundle came from (module path from the bundle root), so that
/// later stages can report `file:line` for a span.
pub type Sources = BTreeMap<Vec<String>, PathBuf>;

/// `file:line: reason`, with the file shown relative to `root` when it lies inside it.
pub fn error_at(
    root: &Path,
    file: &Path,
    span: Span,
    reason: impl std::fmt::Display,
) -> anyhow::Error {
    error_at_line(root, file, span.start().line, reason)
}

/// `file:line: reason`, as `error_at`.
pub fn error_at_line(
    root: &Path,
    file: &Path,
    line: usize,
    reason: impl std::fmt::Display,
) -> anyhow::Error {
    let shown = file.strip_prefix(root).unwrap_or(file);
    anyhow!("{}:{}: {}", shown.display(), line, reason)
}

/// Reads crates rooted at a file; `extern_crates` are the crate names (with `_`) the bundle
/// holds, whose `extern crate` items are dropped as the bundle resolves those names itself.
pub struct Loader<'a> {
    pub root: &'a Path,
    pub cfg: CfgSet<'a>,
    pub extern_crates: &'a BTreeSet<String>,
    pub sources: &'a mut Sources,
}

/// A crate read into one tree: the root file's inner attributes and its items.
pub struct Tree {
    pub attrs: Vec<Attribute>,
    pub items: Vec<Item>,
}

impl Loader<'_> {
    /// Loads the crate whose root file is `file` (a `lib.rs` or `main.rs`), recording its
    /// modules under `module` (the path of the crate's module in the bundle).
    pub fn load_crate(&mut self, file: &Path, module: Vec<String>) -> Result<Tree> {
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        let (attrs, items) = self.load_file(file, &dir, &module)?;
        Ok(Tree { attrs, items })
    }

    /// Parses, cleans and checks one file and loads its child modules; `dir` is where they
    /// live.
    fn load_file(
        &mut self,
        file: &Path,
        dir: &Path,
        module: &[String],
    ) -> Result<(Vec<Attribute>, Vec<Item>)> {
        let text = std::fs::read_to_string(file)
            .map_err(|err| anyhow!("{}: cannot read: {}", file.display(), err))?;
        let mut parsed = syn::parse_file(&text).map_err(|err| {
            error_at(
                self.root,
                file,
                err.span(),
                format!("cannot parse: {}", err),
            )
        })?;
        self.sources.insert(module.to_vec(), file.to_path_buf());
        // Inner attributes: docs and known cfgs resolve away; the rest stays with the module.
        self.cfg.keep(&mut parsed.attrs);
        let mut cleaner = Cleaner {
            cfg: CfgSet {
                features: self.cfg.features,
            },
        };
        cleaner.items(&mut parsed.items);
        let mut check = Unsupported { found: None };
        check.visit_file(&parsed);
        if let Some((span, reason)) = check.found {
            return Err(error_at(self.root, file, span, reason));
        }
        let mut items = parsed.items;
        self.expand_modules(file, dir, module, &mut items)?;
        Ok((parsed.attrs, items))
    }

    /// Replaces each `mod x;` among `items` by an inline module holding its file's contents,
    /// recursing into inline modules (whose files live one folder further down).
    fn expand_modules(
        &mut self,
        file: &Path,
        dir: &Path,
        module: &[String],
        items: &mut Vec<Item>,
    ) -> Result<()> {
        let mut kept = Vec::with_capacity(items.len());
        for mut item in items.drain(..) {
            if let Item::ExternCrate(ext) = &item {
                let name = ext.ident.to_string();
                if self.extern_crates.contains(&name) {
                    continue; // the bundle holds that crate as a module
                }
                if !matches!(name.as_str(), "std" | "core" | "alloc") {
                    return Err(error_at(
                        self.root,
                        file,
                        ext.ident.span(),
                        format!(
                            "`extern crate {}`: {} is not a crate of this workspace",
                            name, name
                        ),
                    ));
                }
            }
            if let Item::Mod(m) = &mut item {
                let name = m.ident.to_string();
                let mut child = module.to_vec();
                child.push(name.clone());
                let child_dir = dir.join(&name);
                match &mut m.content {
                    Some((_, inner)) => {
                        self.sources.insert(child.clone(), file.to_path_buf());
                        self.expand_modules(file, &child_dir, &child, inner)?;
                    }
                    None => {
                        let flat = dir.join(format!("{}.rs", name));
                        let nested = child_dir.join("mod.rs");
                        let (path, sub_dir) = match (flat.is_file(), nested.is_file()) {
                            (true, false) => (flat, child_dir),
                            (false, true) => (nested, child_dir),
                            (true, true) => {
                                return Err(error_at(
                                    self.root,
                                    file,
                                    m.ident.span(),
                                    format!(
                                        "module `{}` has two files, {} and {}",
                                        name,
                                        flat.display(),
                                        nested.display()
                                    ),
                                ))
                            }
                            (false, false) => {
                                return Err(error_at(
                                    self.root,
                                    file,
                                    m.ident.span(),
                                    format!(
                                        "file not found for module `{}` (looked for {} and {})",
                                        name,
                                        flat.strip_prefix(self.root).unwrap_or(&flat).display(),
                                        nested.strip_prefix(self.root).unwrap_or(&nested).display()
                                    ),
                                ))
                            }
                        };
                        let (inner_attrs, inner) = self.load_file(&path, &sub_dir, &child)?;
                        m.attrs.extend(inner_attrs);
                        m.content = Some((Default::default(), inner));
                        m.semi = None;
                    }
                }
            }
            kept.push(item);
        }
        *items = kept;
        Ok(())
    }
}

/// Finds constructs a single file cannot hold: `#[path]` modules and file inclusion.
struct Unsupported {
    found: Option<(Span, String)>,
}

impl<'ast> Visit<'ast> for Unsupported {
    fn visit_item_mod(&mut self, node: &'ast syn::ItemMod) {
        if let Some(attr) = node.attrs.iter().find(|a| a.path().is_ident("path")) {
            self.found.get_or_insert((
                attr.pound_token.span,
                format!("`#[path]` on module `{}` is not supported; move the file to where `mod` finds it", node.ident),
            ));
        }
        syn::visit::visit_item_mod(self, node);
    }

    fn visit_macro(&mut self, node: &'ast syn::Macro) {
        if let Some(last) = node.path.segments.last() {
            let name = last.ident.to_string();
            let reason = match name.as_str() {
                "include" | "include_str" | "include_bytes" => {
                    format!(
                        "`{}!` reads another file at compile time; a bundle is one file",
                        name
                    )
                }
                "env" => {
                    "`env!` needs cargo's environment, which a judge does not have".to_string()
                }
                _ => return,
            };
            self.found.get_or_insert((last.ident.span(), reason));
        }
    }
}
