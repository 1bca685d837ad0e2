//! From a problem crate to the text of its bundle: find the workspace crates it depends on,
//! load each into a syntax tree, rewrite paths, nest the libraries as root modules, prune what
//! the solution never reaches and print the result.

use super::cfg::CfgSet;
use super::layout;
use super::load::{Loader, Sources, Tree};
use super::manifest::Manifest;
use super::prune;
use super::rewrite::Rewriter;
use crate::workspace;
use anyhow::{anyhow, Result};
use proc_macro2::Span;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use syn::visit_mut::VisitMut;
use syn::{parse_quote, Ident, Item};

/// A workspace library the bundle holds as a root module.
struct Library {
    /// The module name: the crate name with `-` as `_`.
    ident: String,
    package: String,
    dir: PathBuf,
    features: BTreeSet<String>,
}

/// A bundle's text and what went into it.
pub struct Assembled {
    pub text: String,
    /// Items of the core crate kept, and available (after dropping tests and disabled
    /// features); `None` when the problem does not use the core.
    pub core_items: Option<(usize, usize)>,
}

/// Builds the bundle text of problem crate `name` in the workspace at `root`.
pub fn assemble(root: &Path, name: &str) -> Result<Assembled> {
    let crate_dir = root.join("crates").join(name);
    let main_file = crate_dir.join("src").join("main.rs");
    if !main_file.is_file() {
        return Err(anyhow!(
            "{}: the problem crate has no src/main.rs",
            crate_dir.display()
        ));
    }
    let manifest = Manifest::read(&crate_dir.join("Cargo.toml"))?;
    let root_manifest = Manifest::read(&root.join("Cargo.toml")).ok();
    let features = manifest.enabled_features(&[], true);
    let mut libraries = Vec::new();
    if crate_dir.join("src").join("lib.rs").is_file() {
        libraries.push(Library {
            ident: name.replace('-', "_"),
            package: name.to_string(),
            dir: crate_dir.clone(),
            features: features.clone(),
        });
    }
    collect_libraries(
        root,
        root_manifest.as_ref(),
        &manifest,
        &features,
        &mut libraries,
    )?;
    let idents: BTreeSet<String> = libraries.iter().map(|l| l.ident.clone()).collect();

    // Load every crate: the binary's `main.rs`, then each library's `lib.rs`.
    let mut sources = Sources::new();
    let mut load = |file: &Path, features: &BTreeSet<String>, module: Vec<String>| {
        Loader {
            root,
            cfg: CfgSet { features },
            extern_crates: &idents,
            sources: &mut sources,
        }
        .load_crate(file, module)
    };
    let mut main = load(&main_file, &features, Vec::new())?;
    let mut libs = Vec::new();
    for lib in &libraries {
        let file = lib.dir.join("src").join("lib.rs");
        libs.push(load(&file, &lib.features, vec![lib.ident.clone()])?);
    }

    rewrite_paths(&libraries, &idents, &mut main, &mut libs)?;
    let mut items = nest(main.items, &libraries, libs);
    let core_ident = workspace::CORE.replace('-', "_");
    let available = core_module(&items, &core_ident).map(prune::count_items);
    prune::prune(&mut items, &idents, root, &sources)?;
    let kept = core_module(&items, &core_ident).map_or(0, prune::count_items);

    let file = syn::File {
        shebang: None,
        attrs: lint_allowances(main.attrs),
        items,
    };
    let core = libraries
        .iter()
        .find(|l| l.package == workspace::CORE)
        .map(|l| {
            (
                l.package.clone(),
                version_of(root_manifest.as_ref(), &l.dir),
            )
        });
    let mut text = header(root, name, core);
    text.push_str(&layout::two_space_indent(&prettyplease::unparse(&file)));
    Ok(Assembled {
        text,
        core_items: available.map(|n| (kept, n)),
    })
}

/// Rewrites the paths of the binary and of each library (see `rewrite`).
fn rewrite_paths(
    libraries: &[Library],
    idents: &BTreeSet<String>,
    main: &mut Tree,
    libs: &mut [Tree],
) -> Result<()> {
    // `#[macro_export]` macros land at the bundle root; two of one name would collide.
    let mut exported = BTreeSet::new();
    for (lib, tree) in libraries.iter().zip(libs.iter()) {
        for name in prune::exported_macros(&tree.items) {
            if !exported.insert(name.clone()) {
                return Err(anyhow!(
                    "{}: exported macro `{}` is also exported by another bundled crate",
                    lib.package,
                    name
                ));
            }
        }
    }
    let rewrite = |own: Option<&str>, tree: &mut Tree| {
        let mut rewriter = Rewriter {
            own,
            crates: idents,
            exported_macros: &exported,
        };
        for item in tree.items.iter_mut() {
            rewriter.visit_item_mut(item);
        }
    };
    rewrite(None, main);
    for (lib, tree) in libraries.iter().zip(libs.iter_mut()) {
        rewrite(Some(&lib.ident), tree);
    }
    Ok(())
}

/// The bundle root: the binary's items, then one module per library.
fn nest(mut items: Vec<Item>, libraries: &[Library], libs: Vec<Tree>) -> Vec<Item> {
    for (lib, tree) in libraries.iter().zip(libs) {
        let ident = Ident::new(&lib.ident, Span::call_site());
        let attrs = lint_allowances(tree.attrs);
        let body = tree.items;
        // Fields read only by derived impls, and methods kept because a same-named one is
        // called, are dead to rustc; the allowance keeps `-D warnings` meaningful elsewhere.
        items.push(parse_quote! {
            #[allow(dead_code)]
            mod #ident {
                #(#attrs)*
                #(#body)*
            }
        });
    }
    items
}

/// The items of the core's root module in the bundle.
fn core_module<'a>(items: &'a [Item], ident: &str) -> Option<&'a [Item]> {
    items.iter().find_map(|item| match item {
        Item::Mod(m) if m.ident == ident => m.content.as_ref().map(|(_, items)| items.as_slice()),
        _ => None,
    })
}

/// Crate-level inner attributes make sense in a module only as lint allowances; the rest
/// (`#![no_std]`, `#![warn(missing_docs)]`, ...) belongs to the original crate.
fn lint_allowances(attrs: Vec<syn::Attribute>) -> Vec<syn::Attribute> {
    attrs
        .into_iter()
        .filter(|a| matches!(a.style, syn::AttrStyle::Inner(_)) && a.path().is_ident("allow"))
        .collect()
}

/// Follows the normal dependencies of `manifest` (all must be workspace crates) depth-first,
/// adding each library once with the features its dependents enable.
fn collect_libraries(
    root: &Path,
    root_manifest: Option<&Manifest>,
    manifest: &Manifest,
    enabled: &BTreeSet<String>,
    out: &mut Vec<Library>,
) -> Result<()> {
    let crates_dir = root.join("crates");
    let manifest_dir = manifest.file.parent().unwrap_or(root);
    for dep in &manifest.dependencies {
        let located = if dep.workspace {
            root_manifest
                .and_then(|m| m.workspace_dependency(&dep.name))
                .and_then(|d| d.path)
                .map(|p| root.join(p))
        } else {
            dep.path.as_ref().map(|p| manifest_dir.join(p))
        };
        let dir = located.and_then(|d| d.canonicalize().ok()).filter(|d| {
            d.parent() == crates_dir.canonicalize().ok().as_deref()
                && d.join("Cargo.toml").is_file()
        });
        let dir = match dir {
            Some(dir) => dir,
            None => {
                let shown = manifest.file.strip_prefix(root).unwrap_or(&manifest.file);
                return Err(anyhow!(
                    "{}:{}: dependency `{}` is not a workspace crate under crates/; a judge has only std",
                    shown.display(),
                    dep.line,
                    dep.name
                ));
            }
        };
        let dep_manifest = Manifest::read(&dir.join("Cargo.toml"))?;
        // Features asked for in the dependency line, and by `dep/feature` in enabled features.
        let mut requested = dep.features.clone();
        for feature in enabled {
            for implied in manifest.features.get(feature).into_iter().flatten() {
                if let Some(f) = implied
                    .strip_prefix(&format!("{}/", dep.name))
                    .or_else(|| implied.strip_prefix(&format!("{}?/", dep.name)))
                {
                    requested.push(f.to_string());
                }
            }
        }
        let features = dep_manifest.enabled_features(&requested, dep.default_features);
        let ident = dep.name.replace('-', "_");
        if let Some(existing) = out.iter_mut().find(|l| l.ident == ident) {
            existing.features.extend(features);
            continue;
        }
        out.push(Library {
            ident,
            package: dep_manifest.name.clone(),
            dir: dir.clone(),
            features: features.clone(),
        });
        collect_libraries(root, root_manifest, &dep_manifest, &features, out)?;
    }
    Ok(())
}

/// The version of the crate in `dir`, inherited from the workspace when it says so.
fn version_of(root_manifest: Option<&Manifest>, dir: &Path) -> String {
    Manifest::read(&dir.join("Cargo.toml"))
        .ok()
        .and_then(|m| m.version)
        .or_else(|| root_manifest.and_then(|m| m.string(&["workspace", "package"], &["version"])))
        .unwrap_or_else(|| "?".to_string())
}

/// The commit the sources come from, `-dirty` when tracked files changed; `None` without git.
fn source_commit(root: &Path) -> Option<String> {
    let git = |args: &[&str]| -> Option<String> {
        let out = std::process::Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "--short", "HEAD"])?;
    let dirty = git(&["status", "--porcelain", "--untracked-files=no"])?;
    Some(if dirty.is_empty() {
        commit
    } else {
        format!("{}-dirty", commit)
    })
}

/// The comment that opens a bundle: what it is and where it comes from.
fn header(root: &Path, name: &str, core: Option<(String, String)>) -> String {
    let mut parts = Vec::new();
    if let Some((core, version)) = core {
        parts.push(format!("{} {}", core, version));
    }
    if let Some(commit) = source_commit(root) {
        parts.push(format!("commit {}", commit));
    }
    let mut text = format!("// {}: bundled by `cargo xtask bundle`", name);
    if !parts.is_empty() {
        text.push_str(&format!(" ({})", parts.join(", ")));
    }
    text.push_str(".\n");
    text
}
