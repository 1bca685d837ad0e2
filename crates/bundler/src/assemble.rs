//! Assembly: the stages run in order on one binary (load, cfg, rewrite, index, prune, print)
//! into the bundle's text, and what the summary reports of it: the items of each library kept,
//! the names dropped, a refusal of a proc-macro crate the kept code uses.

use super::confine::Confine;
use super::load::{Loader, Sources, Tree};
use super::plan::{Plan, Workspace};
use super::{
    cfg, command, edition, load, macro_use, print, prune, ref_bindings, rewrite, verify, BinTarget,
    Options,
};
use context_error::{bail, Result};
use proc_macro2::Span;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use syn::visit_mut::VisitMut;
use syn::{parse_quote, Ident, Item};

/// A bundle's text and what went into it.
pub struct Assembled {
    pub text: String,
    /// For each bundled library: its name, items kept and items available (after dropping
    /// tests and disabled features).
    pub items: Vec<(String, usize, usize)>,
    /// The binary's edition.
    pub edition: String,
    /// Where each line of `text` came from.
    pub map: print::LineMap,
    /// Names the pruner removed, with where each was defined.
    pub dropped: BTreeMap<String, String>,
    /// Dependencies left to the judge.
    pub external: BTreeSet<String>,
    /// The judge metadata's `compilers`, when it names them.
    pub compilers: Option<Vec<String>>,
    /// The bundled libraries from outside the workspace.
    pub libraries: Vec<verify::Library>,
}

/// Builds the bundle text of binary crate `name` in the workspace at `root`.
pub fn assemble(root: &Path, name: &str) -> Result<Assembled> {
    let ws = Workspace::read(root)?;
    let target = ws.target(name)?;
    assemble_in(&ws, &target, &Options::from_flags(None, None), false)
}

/// Builds the bundle text of `target` with the `provided` crates and `allow_include` paths of
/// `options`; `pretty` lays out the libraries like the binary's code.
pub(crate) fn assemble_in(
    ws: &Workspace,
    target: &BinTarget,
    options: &Options,
    pretty: bool,
) -> Result<Assembled> {
    let mut one = assemble_layouts(ws, target, options, &[pretty])?;
    Ok(one.remove(0))
}

/// [`assemble_in`] once for each layout of `pretty`: loaded, rewritten and pruned once, printed
/// in each.
pub(crate) fn assemble_layouts(
    ws: &Workspace,
    target: &BinTarget,
    options: &Options,
    layouts: &[bool],
) -> Result<Vec<Assembled>> {
    let plan = ws.plan(target, &options.provided)?;
    let root = ws.root.as_path();

    // Load: the binary's `main.rs`, then each library's root file.
    let mut sources = Sources::new();
    let main_crate = plan.name.replace('-', "_");
    let main_env = load::cargo_env(
        &plan.package,
        &plan.version,
        &main_crate,
        &plan.manifest_dir,
    );
    let allowed = &options.allow_include;
    let mut main = load_tree(
        root,
        cfg::CfgSet {
            features: &plan.features,
            probed: None,
        },
        &main_env,
        &plan.main_file,
        Vec::new(),
        &mut sources,
        &plan.edition,
        &Confine::new(
            &plan.manifest_dir,
            &main_crate,
            &plan.package,
            &plan.version,
            allowed,
        ),
    )?;
    let mut libs = Vec::new();
    for lib in &plan.crates {
        let mut env = load::cargo_env(&lib.package, &lib.version, &lib.module, &lib.manifest_dir);
        env.extend(lib.build_env.clone());
        let confine = Confine::new(
            &lib.manifest_dir,
            &lib.module,
            &lib.package,
            &lib.version,
            allowed,
        );
        let mut tree = load_tree(
            root,
            cfg::CfgSet {
                features: &lib.features,
                probed: lib.probed.as_ref(),
            },
            &env,
            &lib.root_file,
            vec![lib.module.clone()],
            &mut sources,
            &lib.edition,
            &confine,
        )
        .map_err(|e| lib.refusal_of(e))?;
        // A library of edition 2021 or older, bundled into a binary that may be 2024.
        ref_bindings::drop_redundant_refs(&mut tree.items);
        libs.push(tree);
    }

    let macro_use = macro_use::macro_use_crates(&main.items);
    let exported = rewrite_paths(&plan, &mut main, &mut libs)?;
    let mut root_names: BTreeSet<String> = plan.crates.iter().map(|c| c.module.clone()).collect();
    root_names.extend(exported.values().flatten().cloned());
    rewrite::drop_root_self_imports(&mut main.items, &root_names);
    let mut items = nest(main.items, &plan, libs);

    let modules: BTreeSet<String> = plan.crates.iter().map(|c| c.module.clone()).collect();
    let available: Vec<usize> = plan
        .crates
        .iter()
        .map(|c| library_module(&items, &c.module).map_or(0, prune::count_items))
        .collect();
    let before = prune::defined_names(&items, root, &sources);
    let proc_macros: BTreeMap<String, Option<BTreeSet<String>>> = plan
        .proc_macros
        .iter()
        .map(|(name, p)| (name.clone(), p.exports.clone()))
        .collect();
    let used = prune::prune(&mut items, &modules, &proc_macros, root, &sources)?;
    for (name, p) in &plan.proc_macros {
        let mut macros: Vec<String> = used.get(name).into_iter().flatten().cloned().collect();
        let named = items
            .iter()
            .any(|item| mentions(quote::ToTokens::to_token_stream(item), name));
        // Through `#[macro_use] extern crate x;` only x itself, left to the judge, brings the
        // macro into scope: leaving the proc-macro crate alone to the judge would not.
        let bare = match (&p.exports, &p.through) {
            (Some(exports), Some(through)) if !macro_use.is_empty() => {
                macro_use::bare_uses(&items, &modules, exports)
                    .into_iter()
                    .map(|m| (m, through.clone()))
                    .collect()
            }
            _ => Vec::new(),
        };
        if macros.is_empty() && !named && bare.is_empty() {
            continue;
        }
        macros.dedup();
        let hint = match bare.first() {
            Some((_, through)) => {
                macros.extend(bare.iter().map(|(m, _)| m.clone()));
                macros.sort();
                macros.dedup();
                format!(
                    "pass --provided {}, whose #[macro_use] brings them in scope, or set provided = [\"{}\"] in [package.metadata.judge]",
                    through, through
                )
            }
            // What a derive writes may name the crate that re-exports it (`#[derive_readable]`
            // writes `impl proconio::source::Readable`): only that crate provided always works.
            None => match &p.through {
                Some(through) => format!(
                    "pass --provided {} (the solution's dependency that re-exports it; --provided {} alone serves only macros whose expansion does not name {}), or set provided = [\"{}\"] in [package.metadata.judge]",
                    through, p.package, through, through
                ),
                None => format!(
                    "pass --provided {}, or set provided = [\"{}\"] in [package.metadata.judge]",
                    p.package, p.package
                ),
            },
        };
        let what = if macros.is_empty() {
            String::new()
        } else {
            let list: Vec<String> = macros.iter().map(|m| format!("`{}`", m)).collect();
            format!(" (the solution uses {})", list.join(", "))
        };
        bail!(
            "crate `{}` ({} {}) cannot be bundled: it is a proc-macro crate, which runs inside the compiler{}; a judge compiles one file with rustc alone (if the judge installs it, {})",
            name,
            p.package,
            p.version,
            what,
            hint
        );
    }
    for lib in &plan.crates {
        rewrite::import_exported_macros_for_globs(&mut items, &lib.module);
    }
    let after = prune::defined_names(&items, root, &sources);
    let dropped: BTreeMap<String, String> = before
        .into_iter()
        .filter(|(name, _)| !after.contains_key(name))
        .collect();
    let counts: Vec<(String, usize, usize)> = plan
        .crates
        .iter()
        .zip(available)
        .filter(|(c, _)| c.package != plan.package)
        .map(|(c, n)| {
            let kept = library_module(&items, &c.module).map_or(0, prune::count_items);
            (c.package.clone(), kept, n)
        })
        .collect();

    let file = syn::File {
        shebang: None,
        attrs: lint_allowances(main.attrs),
        items,
    };
    // Every library is compact, the binary's own `lib.rs` too: `main.rs` is what a reader of
    // the bundle looks for first, and where most contestants write everything.
    let print = |pretty: bool| {
        let compact: BTreeSet<String> = if pretty {
            BTreeSet::new()
        } else {
            plan.crates.iter().map(|c| c.module.clone()).collect()
        };
        let (text, map) = print::print(&header(&plan), &file, &sources, &compact);
        Assembled {
            text,
            items: counts.clone(),
            edition: plan.edition.clone(),
            map,
            dropped: dropped.clone(),
            external: plan.external.clone(),
            compilers: plan.compilers.clone(),
            libraries: plan
                .crates
                .iter()
                .filter(|c| !c.member)
                .map(|c| verify::Library {
                    dir: c.manifest_dir.clone(),
                    label: format!("{} {}", c.package, c.version),
                    package: c.package.clone(),
                    rust_version: c.rust_version.clone(),
                })
                .collect(),
        }
    };
    Ok(layouts.iter().map(|&pretty| print(pretty)).collect())
}

#[allow(clippy::too_many_arguments)] // one per stage input; a struct would only rename them
pub(crate) fn load_tree(
    root: &Path,
    cfg: cfg::CfgSet,
    env: &BTreeMap<String, String>,
    file: &Path,
    module: Vec<String>,
    sources: &mut Sources,
    edition: &str,
    confine: &Confine,
) -> Result<Tree> {
    Loader {
        root,
        cfg,
        env,
        sources,
        edition_2015: edition == "2015",
        confine,
    }
    .load_crate(file, module)
}

/// Rewrites the paths of the binary and of each library (see `rewrite`); returns the exported
/// macros of each library module.
pub(crate) fn rewrite_paths(
    plan: &Plan,
    main: &mut Tree,
    libs: &mut [Tree],
) -> Result<BTreeMap<String, Vec<String>>> {
    // `#[macro_export]` macros land at the bundle root; two of one name from two crates would
    // collide. One crate may define a name more than once under exclusive `cfg`s (ppv-lite86's
    // `dispatch` in its `x86_64` and `generic` modules), which its own build already proved.
    let mut exported = BTreeMap::new();
    let mut all = BTreeSet::new();
    for (lib, tree) in plan.crates.iter().zip(libs.iter()) {
        let mut names = prune::exported_macros(&tree.items);
        let mut seen = BTreeSet::new();
        names.retain(|name| seen.insert(name.clone()));
        for name in &names {
            if !all.insert(name.clone()) {
                bail!(
                    "{}: exported macro `{}` is also exported by another bundled crate",
                    lib.package,
                    name
                );
            }
        }
        exported.insert(lib.module.clone(), names);
    }
    let mut stringifying = BTreeSet::new();
    for tree in libs.iter().chain(std::iter::once(&*main)) {
        stringifying.extend(prune::stringifying_macros(&tree.items));
    }
    let rewrite =
        |own: Option<&str>, edition: &str, deps: &BTreeMap<String, String>, tree: &mut Tree| {
            if edition == "2015" {
                edition::rewrite_2015(&mut tree.items, &deps.keys().cloned().collect());
                if own.is_some() {
                    tree.attrs.push(edition::lints_2015());
                }
            }
            if let Some(names) = own.and_then(|m| exported.get(m)) {
                edition::local_inner_macros(&mut tree.items, &names.iter().cloned().collect());
            }
            let mut crates = deps.clone();
            rewrite::extern_crates(&mut tree.items, &mut crates, &exported, own.is_none());
            let mut rewriter = rewrite::Rewriter {
                own,
                crates: &crates,
                exported_macros: &all,
                depth: 0,
                stringifying: &stringifying,
            };
            for item in tree.items.iter_mut() {
                rewriter.visit_item_mut(item);
            }
        };
    rewrite(None, &plan.edition, &plan.main_deps, main);
    for (lib, tree) in plan.crates.iter().zip(libs.iter_mut()) {
        rewrite(Some(&lib.module), &lib.edition, &lib.deps, tree);
    }
    Ok(exported)
}

/// Whether `tokens` hold the identifier `name`, at any depth.
pub(crate) fn mentions(tokens: proc_macro2::TokenStream, name: &str) -> bool {
    tokens.into_iter().any(|t| match t {
        proc_macro2::TokenTree::Ident(i) => i == name,
        proc_macro2::TokenTree::Group(g) => mentions(g.stream(), name),
        _ => false,
    })
}

/// The bundle root: the binary's items, then one module per library.
pub(crate) fn nest(mut items: Vec<Item>, plan: &Plan, libs: Vec<Tree>) -> Vec<Item> {
    let mut hoisted: Vec<Item> = Vec::new();
    let extern_name = |item: &Item| match item {
        Item::ExternCrate(e) => Some((
            e.ident.to_string(),
            e.rename.as_ref().map(|r| r.1.to_string()),
        )),
        _ => None,
    };
    let mut at_root: BTreeSet<_> = items.iter().filter_map(extern_name).collect();
    for (lib, tree) in plan.crates.iter().zip(libs) {
        let ident = Ident::new(&lib.module, Span::call_site());
        let attrs = lint_allowances(tree.attrs);
        // `extern crate alloc;` at a crate root puts `alloc` in the extern prelude of every
        // module of the crate; inside the library's module it would bind it there alone.
        let (externs, mut body): (Vec<Item>, Vec<Item>) = tree
            .items
            .into_iter()
            .partition(|item| matches!(item, Item::ExternCrate(_)));
        for item in externs {
            // A `pub extern crate alloc;` is also an item of the library's root, which its
            // macros name (`$crate::alloc::vec!`): it stays there too.
            if let Item::ExternCrate(e) = &item {
                if matches!(e.vis, syn::Visibility::Public(_)) {
                    let mut copy = e.clone();
                    copy.attrs.retain(|a| !a.path().is_ident("macro_use"));
                    body.insert(0, Item::ExternCrate(copy));
                }
            }
            if at_root.insert(extern_name(&item).expect("an extern crate")) {
                hoisted.push(item);
            }
        }
        // What a library exports but the binary does not use is pruned; what stays may still be
        // unused to rustc (fields read only by derived impls, re-exports, methods kept because a
        // same-named one is called), which cargo never warns about in a library. Code of a
        // package from a registry or git gets no warning at all: cargo builds it with
        // `--cap-lints allow`.
        let allowance: syn::Attribute = if lib.source.is_some() {
            parse_quote!(#[allow(warnings)])
        } else {
            parse_quote!(#[allow(dead_code, unused_imports, unused_macros)])
        };
        items.push(parse_quote! {
            #allowance
            mod #ident {
                #(#attrs)*
                #(#body)*
            }
        });
    }
    let at = items
        .iter()
        .position(|item| !matches!(item, Item::ExternCrate(_) | Item::Use(_)))
        .unwrap_or(items.len());
    items.splice(at..at, hoisted);
    items
}

/// The items of a library's module in the bundle.
pub(crate) fn library_module<'a>(items: &'a [Item], ident: &str) -> Option<&'a [Item]> {
    items.iter().find_map(|item| match item {
        Item::Mod(m) if m.ident == ident => m.content.as_ref().map(|(_, items)| items.as_slice()),
        _ => None,
    })
}

/// Crate-level inner attributes make sense in a module only as lint allowances; the rest
/// (`#![no_std]`, `#![warn(missing_docs)]`, ...) belongs to the original crate.
pub(crate) fn lint_allowances(attrs: Vec<syn::Attribute>) -> Vec<syn::Attribute> {
    attrs
        .into_iter()
        .filter(|a| matches!(a.style, syn::AttrStyle::Inner(_)) && a.path().is_ident("allow"))
        .collect()
}

/// The commit the sources come from, `-dirty` when tracked files changed; `None` without git.
pub(crate) fn source_commit(root: &Path) -> Option<String> {
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

/// The repository and commit of a git dependency, from cargo's `git+<url>?<ref>#<commit>`:
/// the version alone does not say which code a git dependency had.
pub(crate) fn git_source(source: &str) -> Option<(&str, &str)> {
    let rest = source.strip_prefix("git+")?;
    let (url, commit) = rest.rsplit_once('#')?;
    let url = url.split('?').next().unwrap_or(url);
    Some((url, &commit[..commit.len().min(12)]))
}

/// The comment that opens a bundle: what it is and where it comes from.
pub(crate) fn header(plan: &Plan) -> String {
    let mut parts: Vec<String> = plan
        .crates
        .iter()
        .filter(|c| c.package != plan.package)
        .map(|c| match c.source.as_deref().and_then(git_source) {
            Some((url, rev)) => format!("{} {} from {} rev {}", c.package, c.version, url, rev),
            None => format!("{} {}", c.package, c.version),
        })
        .collect();
    if let Some(commit) = source_commit(&plan.root) {
        parts.push(format!("commit {}", commit));
    }
    let mut text = format!("// {}: bundled by `{}`", plan.name, command());
    if !parts.is_empty() {
        text.push_str(&format!(" ({})", parts.join(", ")));
    }
    text.push_str(".\n");
    text
}
