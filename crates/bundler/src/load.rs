//! Stage 1, load, its second half: read each crate of the plan (see `plan`) into one syntax
//! tree: `mod x;` replaced by its file (`#[path]` followed, `cfg_if!` branches written out),
//! the include macros and cargo's variables inlined (see `include`), what the build would not
//! compile dropped on the way (see `cfg`), and what a single file cannot hold refused.

use super::cfg::{CfgSet, Cleaner};
use super::confine::Confine;
use super::include::{splice_included_items, Includes};
use super::located::{error_at, error_at_line, shown};
use super::source_text::{self, read_source};
use context_error::{err, Result};
use proc_macro2::Span;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Attribute, Item};

/// Why an `extern` block is refused.
pub(crate) const NATIVE_CODE: &str =
    "an `extern` block links native code, which a judge does not have";

/// Which file each module of the bundle came from (module path from the bundle root), so that
/// later stages can report `file:line` for a span.
pub type Sources = BTreeMap<Vec<String>, PathBuf>;

/// Reads crates rooted at a file.
pub struct Loader<'a> {
    pub root: &'a Path,
    pub cfg: CfgSet<'a>,
    /// The variables cargo sets for the crate's build (`CARGO_MANIFEST_DIR`, `CARGO_PKG_NAME`,
    /// ...), for `env!`: see `cargo_env`.
    pub env: &'a BTreeMap<String, String>,
    pub sources: &'a mut Sources,
    /// An edition 2015 crate: its files' 2015-only syntax is rewritten before parsing.
    pub edition_2015: bool,
    /// The package the crate's files must come from.
    pub confine: &'a Confine<'a>,
}

/// The variables cargo sets when it compiles crate `crate_name` of package `package` (version
/// `version`, manifest in `manifest_dir`), which `env!` may read: the bundle holds their values.
pub fn cargo_env(
    package: &str,
    version: &str,
    crate_name: &str,
    manifest_dir: &Path,
) -> BTreeMap<String, String> {
    let (numbers, pre) = version.split_once('-').unwrap_or((version, ""));
    let mut parts = numbers.split('.');
    let mut env = BTreeMap::new();
    for key in ["MAJOR", "MINOR", "PATCH"] {
        let part = parts.next().unwrap_or("0");
        env.insert(format!("CARGO_PKG_VERSION_{}", key), part.to_string());
    }
    env.insert("CARGO_PKG_VERSION_PRE".to_string(), pre.to_string());
    env.insert("CARGO_PKG_VERSION".to_string(), version.to_string());
    env.insert("CARGO_PKG_NAME".to_string(), package.to_string());
    env.insert("CARGO_CRATE_NAME".to_string(), crate_name.to_string());
    env.insert(
        "CARGO_MANIFEST_DIR".to_string(),
        manifest_dir.display().to_string(),
    );
    env
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
    /// live. `None` when an inner `#![cfg]` removes the file.
    fn load_file(
        &mut self,
        file: &Path,
        dir: &Path,
        module: &[String],
    ) -> Result<(Vec<Attribute>, Vec<Item>)> {
        let mut text = read_source(file).map_err(|(line, reason)| match line {
            Some(line) => error_at_line(self.root, file, line, reason),
            None => err!(
                "{}: cannot read: {}",
                shown(self.root, file).display(),
                reason
            ),
        })?;
        source_text::check_nesting(&text)
            .map_err(|(line, reason)| error_at_line(self.root, file, line, reason))?;
        if self.edition_2015 {
            text = crate::edition::respell_2015(&text);
        }
        let mut parsed = syn::parse_file(&text).map_err(|err| {
            error_at(
                self.root,
                file,
                err.span(),
                format!("cannot parse: {}", err),
            )
        })?;
        self.sources.insert(module.to_vec(), file.to_path_buf());
        if !self.cfg.keep(&mut parsed.attrs) {
            return Ok((vec![syn::parse_quote!(#![cfg(any())])], Vec::new()));
        }
        super::cfg_if::expand(&mut parsed.items);
        let mut cleaner = Cleaner {
            cfg: CfgSet {
                features: self.cfg.features,
                probed: self.cfg.probed,
            },
        };
        let file_dir = file.parent().unwrap_or(Path::new("."));
        splice_included_items(&mut parsed.items, file_dir, self.env, self.confine, 0)
            .map_err(|(span, reason)| error_at(self.root, file, span, reason))?;
        cleaner.items(&mut parsed.items);
        let mut inline = Includes {
            file_dir,
            env: self.env,
            confine: self.confine,
            error: None,
        };
        inline.visit_file_mut(&mut parsed);
        if let Some((span, reason)) = inline.error {
            return Err(error_at(self.root, file, span, reason));
        }
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
            if let Item::Mod(m) = &mut item {
                // `mod r#ref;` lives in `ref.rs`.
                let name = syn::ext::IdentExt::unraw(&m.ident).to_string();
                let mut child = module.to_vec();
                child.push(m.ident.to_string());
                let path_attr = take_path_attr(&mut m.attrs);
                match &mut m.content {
                    Some((_, inner)) => {
                        let child_dir = match &path_attr {
                            Some(p) => dir.join(p),
                            None => dir.join(&name),
                        };
                        self.sources.insert(child.clone(), file.to_path_buf());
                        self.expand_modules(file, &child_dir, &child, inner)?;
                    }
                    None => {
                        let (path, sub_dir) = match path_attr {
                            // A `#[path]` file owns its folder, like a `mod.rs`.
                            Some(p) => {
                                let path = dir_of_path_attr(file, dir, module).join(p);
                                let sub = path.parent().unwrap_or(dir).to_path_buf();
                                if let Some(why) = symlink_trouble(&path) {
                                    return Err(error_at(self.root, file, m.ident.span(), why));
                                }
                                let what = format!("#[path] of module `{}`", name);
                                self.confine.check(&path, &what).map_err(|why| {
                                    error_at(self.root, file, m.ident.span(), why)
                                })?;
                                if !path.is_file() {
                                    return Err(error_at(
                                        self.root,
                                        file,
                                        m.ident.span(),
                                        format!(
                                            "file not found for module `{}` (its #[path] names {})",
                                            name,
                                            shown(self.root, &path).display()
                                        ),
                                    ));
                                }
                                (path, sub)
                            }
                            None => {
                                let found = self.module_file(file, dir, &name, m.ident.span())?;
                                let what = format!("module `{}`", name);
                                self.confine.check(&found.0, &what).map_err(|why| {
                                    error_at(self.root, file, m.ident.span(), why)
                                })?;
                                found
                            }
                        };
                        let (inner_attrs, inner) = self.load_file(&path, &sub_dir, &child)?;
                        if inner_attrs.iter().any(is_false_cfg) {
                            continue;
                        }
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

    /// The file of `mod name;` declared in `file`, whose child modules live in `dir`.
    fn module_file(
        &self,
        file: &Path,
        dir: &Path,
        name: &str,
        span: Span,
    ) -> Result<(PathBuf, PathBuf)> {
        let child_dir = dir.join(name);
        let flat = dir.join(format!("{}.rs", name));
        let nested = child_dir.join("mod.rs");
        for candidate in [&flat, &nested] {
            if let Some(why) = symlink_trouble(candidate) {
                return Err(error_at(self.root, file, span, why));
            }
        }
        match (flat.is_file(), nested.is_file()) {
            (true, false) => Ok((flat, child_dir)),
            (false, true) => Ok((nested, child_dir)),
            (true, true) => Err(error_at(
                self.root,
                file,
                span,
                format!(
                    "module `{}` has two files, {} and {}",
                    name,
                    shown(self.root, &flat).display(),
                    shown(self.root, &nested).display()
                ),
            )),
            (false, false) => Err(error_at(
                self.root,
                file,
                span,
                format!(
                    "file not found for module `{}` (looked for {} and {})",
                    name,
                    shown(self.root, &flat).display(),
                    shown(self.root, &nested).display()
                ),
            )),
        }
    }
}

/// Why `path` (or a folder on the way to it) is a symbolic link that leads nowhere: a loop, or
/// a target that is missing. `None` for a path that resolves or simply does not exist.
fn symlink_trouble(path: &Path) -> Option<String> {
    // Walk up to the first part that exists as a link or entry.
    let mut at = path;
    loop {
        if at.symlink_metadata().is_ok() {
            break;
        }
        at = at.parent()?;
    }
    let err = std::fs::metadata(at).err()?;
    let is_link = at
        .symlink_metadata()
        .is_ok_and(|m| m.file_type().is_symlink());
    if !is_link {
        return None;
    }
    // ELOOP: the links point at one another.
    let looped = err.raw_os_error() == Some(40) || err.to_string().contains("symbolic links");
    Some(if looped {
        format!(
            "{} is a symbolic link loop ({}): it leads back to itself, never to a file",
            at.display(),
            err
        )
    } else {
        format!(
            "{} is a symbolic link to {}, which does not exist",
            at.display(),
            std::fs::read_link(at).map_or("?".into(), |t| t.display().to_string())
        )
    })
}

/// Where a `#[path]` on `mod x;` is relative to: the folder of the file it is written in when
/// the module is declared at the file's top level, else the folder of the enclosing inline
/// modules (`dir`).
fn dir_of_path_attr(file: &Path, dir: &Path, _module: &[String]) -> PathBuf {
    let file_dir = file.parent().unwrap_or(Path::new("."));
    let stem_dir = file.with_extension("");
    let top_level = dir == file_dir || dir == stem_dir;
    if top_level {
        file_dir.to_path_buf()
    } else {
        dir.to_path_buf()
    }
}

fn is_false_cfg(attr: &Attribute) -> bool {
    attr.path().is_ident("cfg")
        && attr.parse_args::<syn::Meta>().is_ok_and(
            |m| matches!(&m, syn::Meta::List(l) if l.path.is_ident("any") && l.tokens.is_empty()),
        )
}

/// Removes `#[path = "..."]` from a module's attributes and returns its value.
fn take_path_attr(attrs: &mut Vec<Attribute>) -> Option<String> {
    let at = attrs.iter().position(|a| a.path().is_ident("path"))?;
    let attr = attrs.remove(at);
    match &attr.meta {
        syn::Meta::NameValue(nv) => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    }
}

/// Finds constructs a single file cannot hold.
struct Unsupported {
    found: Option<(Span, String)>,
}

impl<'ast> Visit<'ast> for Unsupported {
    fn visit_item_foreign_mod(&mut self, node: &'ast syn::ItemForeignMod) {
        self.found
            .get_or_insert((node.abi.extern_token.span, NATIVE_CODE.to_string()));
    }

    fn visit_macro(&mut self, node: &'ast syn::Macro) {
        if let Some(last) = node.path.segments.last() {
            let name = last.ident.to_string();
            let reason = match name.as_str() {
                "include" => {
                    "`include!` is bundled where it stands for items or an expression, not here; move that code into a module"
                        .to_string()
                }
                "env" => {
                    "`env!` of a variable cargo does not set for the crate (its value at the judge is unknown)".to_string()
                }
                _ => return,
            };
            self.found.get_or_insert((last.ident.span(), reason));
        }
    }
}
