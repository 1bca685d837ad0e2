//! Every problem crate checks itself: found from `crates/` (the folders with a judge's program),
//! not from a list, each has its oracle program and a `tests/checks.rs` that runs
//! [`test_kit::CrateChecks`] on its samples, so `cargo test --workspace` (and
//! `cargo test -p <crate>`) covers every problem; and every folder of `samples/` belongs to one.

use workspace_layout::{problem_crates, ProblemCrate};

fn root() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// What is missing for `problem` to check itself, if anything.
fn missing_checks(problem: &ProblemCrate) -> Option<String> {
    if !problem.has_oracle() {
        return Some(format!(
            "no oracle program (a [[bin]] {} and an `oracle` feature)",
            problem.oracle_binary()
        ));
    }
    let path = problem.dir().join("tests/checks.rs");
    // Whitespace aside, as rustfmt may wrap the call.
    let text: String = std::fs::read_to_string(&path)
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let calls_the_kit = text.contains("test_kit::CrateChecks::<")
        && text.contains(">::new(env!(\"CARGO_MANIFEST_DIR\"))")
        && text.contains(".run();");
    if !calls_the_kit {
        return Some(format!(
            "{} does not run test_kit::CrateChecks on its CARGO_MANIFEST_DIR (as `cargo xtask \
             new` writes it)",
            path.display()
        ));
    }
    match problem.judge() {
        Err(err) => Some(format!("{:#}", err)),
        Ok(_) => None,
    }
}

#[test]
fn every_problem_crate_runs_the_standard_checks_on_its_samples() {
    let crates = problem_crates(root()).unwrap();
    assert!(crates.len() >= 10, "{:?}", crates);
    let failures: Vec<String> = crates
        .iter()
        .filter_map(|problem| {
            missing_checks(problem).map(|why| format!("{}: {}", problem.name(), why))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_samples_folder_belongs_to_a_problem_crate() {
    let names: Vec<String> = problem_crates(root())
        .unwrap()
        .iter()
        .map(|c| c.name().to_string())
        .collect();
    let mut strays = Vec::new();
    for entry in std::fs::read_dir(root().join("samples")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() && !names.contains(&name) {
            strays.push(name);
        }
    }
    assert!(
        strays.is_empty(),
        "samples/ folders without a problem crate: {:?}",
        strays
    );
}

#[test]
fn a_crate_without_its_checks_is_named() {
    let scratch = workspace_layout::TempDir::new("problem-crates").unwrap();
    let dir = scratch.path().join("crates/p1-sum");
    std::fs::create_dir_all(dir.join("src/bin")).unwrap();
    std::fs::write(dir.join("src/main.rs"), "fn main() {}\n").unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"p1-sum\"\n[features]\noracle = []\n[[bin]]\nname = \"p1-sum-oracle\"\npath = \"src/bin/oracle.rs\"\n",
    )
    .unwrap();
    let problem = ProblemCrate::new(scratch.path(), "p1-sum");
    let why = missing_checks(&problem).unwrap();
    assert!(why.contains("tests/checks.rs"), "{}", why);
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    std::fs::write(
        dir.join("tests/checks.rs"),
        "#[test]\nfn standard_checks_and_samples() {\n    test_kit::CrateChecks::<p1_sum::oracle::Sum>::new(env!(\"CARGO_MANIFEST_DIR\")).run();\n}\n",
    )
    .unwrap();
    assert_eq!(missing_checks(&problem), None);
    // As rustfmt wraps a long call.
    std::fs::write(
        dir.join("tests/checks.rs"),
        "#[test]\nfn standard_checks_and_samples() {\n    test_kit::CrateChecks::<p1_sum::oracle::Sum>::new(env!(\n        \"CARGO_MANIFEST_DIR\"\n    ))\n    .run();\n}\n",
    )
    .unwrap();
    assert_eq!(missing_checks(&problem), None);
    // A test that does not run the checks.
    std::fs::write(
        dir.join("tests/checks.rs"),
        "// test_kit::CrateChecks::<p1_sum::oracle::Sum>::new(env!(\"CARGO_MANIFEST_DIR\"))\n",
    )
    .unwrap();
    assert!(missing_checks(&problem).is_some());
    std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"p1-sum\"\n").unwrap();
    assert!(missing_checks(&problem)
        .unwrap()
        .contains("no oracle program"));
}
