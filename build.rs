//! Generates the registry of the root tests from this package's own `Cargo.toml`: every
//! dev-dependency with `features = ["oracle"]` is a problem crate, visited through its
//! `oracle::ProblemOracle`. A line it cannot read stops the build with the file, line and reason.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let manifest = Path::new(&dir).join("Cargo.toml");
    println!("cargo:rerun-if-changed={}", manifest.display());
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::fs::read_to_string(&manifest).expect("reading Cargo.toml");
    let crates = match problem_crates(&text) {
        Ok(crates) => crates,
        Err((line, reason)) => panic!("{}:{}: {}", manifest.display(), line, reason),
    };
    let mut code = String::from(
        "/// Every registered problem crate's name, in the order of `Cargo.toml`.\n\
         pub const NAMES: &[&str] = &[\n",
    );
    for name in &crates {
        writeln!(code, "    {:?},", name).unwrap();
    }
    code.push_str(
        "];\n\n/// Calls `visitor.visit::<O>()` with the oracle of every registered problem crate, in \
         the order of [`NAMES`].\npub fn visit_all<V: Visitor>(visitor: &mut V) {\n",
    );
    for name in &crates {
        let ident = name.replace('-', "_");
        writeln!(
            code,
            "    visitor.visit::<{}::oracle::ProblemOracle>();",
            ident
        )
        .unwrap();
    }
    code.push_str("}\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("registry.rs");
    std::fs::write(&out, code).expect("writing the registry");
}

/// The names of the `[dev-dependencies]` with the `oracle` feature, or the 1-based line that
/// is not `name = { path = "crates/name", features = ["oracle"] }` and why.
fn problem_crates(text: &str) -> Result<Vec<String>, (usize, String)> {
    let mut in_dependencies = false;
    let mut crates = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line == "[dev-dependencies]";
            continue;
        }
        if !in_dependencies || !line.contains("\"oracle\"") || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            return Err((
                i + 1,
                format!("expected `name = {{ path = ... }}`, found {:?}", line),
            ));
        };
        let name = key.trim();
        let valid = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !valid {
            return Err((i + 1, format!("{:?} is not a problem crate's name", name)));
        }
        if !value.contains(&format!("path = \"crates/{}\"", name)) {
            return Err((
                i + 1,
                format!("{} must be a path dependency on crates/{}", name, name),
            ));
        }
        if crates.iter().any(|c| c == name) {
            return Err((i + 1, format!("{} is registered twice", name)));
        }
        crates.push(name.to_string());
    }
    Ok(crates)
}
