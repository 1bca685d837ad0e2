//! The names a scaffold takes: a crate's name checked against the workspace, and the Rust
//! names made from it.

use super::*;

/// Cargo's folders beside the binaries of `target/<profile>/`: a binary of such a name clashes.
pub(super) const CARGO_FOLDERS: [&str; 4] = ["build", "deps", "examples", "incremental"];

/// Checks a crate name against the workspace at `root`: lowercase ASCII letters, digits and
/// single hyphens, starting with a letter; not a keyword, a standard crate, one of cargo's
/// folders, nor the name of a package of the workspace or its dependencies (`Cargo.lock`), `-`
/// and `_` counted as one.
pub fn check_name(root: &Path, name: &str) -> Result<()> {
    check_name_shape(name)?;
    if CARGO_FOLDERS.contains(&name) || name == "target" {
        bail!(
            "{:?} is the name of one of cargo's folders under target/ (build, deps, examples, \
             incremental); pick another",
            name
        );
    }
    let taken = taken_names(root)?;
    if let Some(package) = taken.iter().find(|t| t.replace('_', "-") == name) {
        bail!(
            "{:?} is taken: the workspace already has a package {:?} (in Cargo.lock or under \
             crates/), and a crate's name may not equal another's after `-`/`_` conversion",
            name,
            package
        );
    }
    Ok(())
}

/// The packages of the workspace and of its dependencies: `Cargo.lock`'s names, the folders
/// under `crates/`, and the workspace's own folders.
pub(super) fn taken_names(root: &Path) -> Result<Vec<String>> {
    let mut names: Vec<String> = [
        "xtask",
        "gamedp",
        "problems",
        "bundler",
        "workbench",
        "test-kit",
        "samples",
        "snapshots",
        "tests",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let lock = root.join("Cargo.lock");
    if lock.is_file() {
        let text = std::fs::read_to_string(&lock)
            .with_context(|| format!("reading {}", lock.display()))?;
        for line in text.lines() {
            if let Some(name) = line.strip_prefix("name = \"") {
                names.push(name.trim_end_matches('"').to_string());
            }
        }
    }
    if let Ok(entries) = std::fs::read_dir(root.join("crates")) {
        for entry in entries.flatten() {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    Ok(names)
}

pub(super) fn check_name_shape(name: &str) -> Result<()> {
    let bytes = name.as_bytes();
    let valid = !bytes.is_empty()
        && bytes.len() <= 64
        && bytes[0].is_ascii_lowercase()
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && !name.ends_with('-')
        && !name.contains("--");
    if !valid {
        bail!(
            "{:?} is not a valid problem crate name: use lowercase letters, digits and single \
             hyphens, starting with a letter (e.g. p1234-tile-game)",
            name
        );
    }
    // Keywords cannot be crate idents (`self`, `fn`, ...), nor `std`/`core` be shadowed.
    const RESERVED: [&str; 57] = [
        "as",
        "break",
        "const",
        "continue",
        "crate",
        "else",
        "enum",
        "extern",
        "false",
        "fn",
        "for",
        "if",
        "impl",
        "in",
        "let",
        "loop",
        "match",
        "mod",
        "move",
        "mut",
        "pub",
        "ref",
        "return",
        "self",
        "static",
        "struct",
        "super",
        "trait",
        "true",
        "type",
        "unsafe",
        "use",
        "where",
        "while",
        "async",
        "await",
        "dyn",
        "abstract",
        "become",
        "box",
        "do",
        "final",
        "macro",
        "override",
        "priv",
        "typeof",
        "unsized",
        "virtual",
        "yield",
        "try",
        "gen",
        "std",
        "core",
        "alloc",
        "proc-macro",
        "test",
        "union",
    ];
    if RESERVED.contains(&name) {
        bail!("{:?} is a Rust keyword or a standard crate's name", name);
    }
    Ok(())
}

/// The crate's name as a Rust identifier: `p1234-tile-game` -> `p1234_tile_game`.
pub fn ident(name: &str) -> String {
    name.replace('-', "_")
}

/// The name of the crate's oracle type: the words of its name after the problem's id, in
/// CamelCase (`p1234-tile-game` -> `TileGame`), or all of them when only the id is there
/// (`abc100a` -> `Abc100a`).
///
/// # Example
/// ```
/// assert_eq!(workbench::new::oracle_type("p1234-tile-game"), "TileGame");
/// assert_eq!(workbench::new::oracle_type("abc100a"), "Abc100a");
/// assert_eq!(workbench::new::oracle_type("tile-game"), "TileGame");
/// ```
pub fn oracle_type(name: &str) -> String {
    let words: Vec<&str> = name.split('-').collect();
    let starts_with_id = words.len() > 1 && words[0].bytes().any(|b| b.is_ascii_digit());
    let words = if starts_with_id {
        &words[1..]
    } else {
        &words[..]
    };
    let mut camel = String::new();
    for word in words {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            camel.push(first.to_ascii_uppercase());
            camel.extend(chars);
        }
    }
    if camel.starts_with(|c: char| c.is_ascii_digit()) {
        camel.insert(0, 'P');
    }
    camel
}
