//! Multi-binary packages: cargo-compete's (`compete-abc`: `[[bin]]`s named
//! `<contest>-<problem>`, one with a path of its own, a shared library, `testcases/<problem>.yml`
//! and oj's `test/<problem>/`) and cargo-atcoder's (`atcoder-arc`: `src/bin/a.rs` found by
//! cargo, named `a`), selected by package, by `--bin` and by `--all`, with their samples.

use super::super::{run, run_with, workspace, Workspace};
use super::{append, bundle_crate, fixture, fixture_workspace, quick};
use std::path::Path;

fn ids(ws: &Workspace) -> Vec<String> {
    ws.binaries().into_iter().map(|t| t.id).collect()
}

#[test]
fn all_bundles_every_binary_of_a_package_without_a_main_rs_and_no_oracle_program() {
    let ids = ids(fixture_workspace());
    for id in ["compete-abc-a", "compete-abc-b", "compete-abc-c", "a", "b"] {
        assert!(ids.iter().any(|i| i == id), "{} missing from {:?}", id, ids);
    }
    // A package with a src/main.rs is one problem; its oracle program is a tool.
    assert!(ids.iter().any(|i| i == "pattern-imports"));
    assert!(!ids
        .iter()
        .any(|i| i.contains("oracle") || i == "compete-abc"));
}

#[test]
fn the_real_workspace_bundles_its_problems_and_not_its_tools() {
    let ws = Workspace::read(&workspace::root()).unwrap();
    let ids = ids(&ws);
    assert!(ids.iter().any(|i| i == "p2599-stone-ends"), "{:?}", ids);
    for tool in [
        "cargo-gamedp-bundle",
        "test-kit-demo-oracle",
        "xtask",
        "p2599-stone-ends-oracle",
    ] {
        assert!(!ids.iter().any(|i| i == tool), "{} in {:?}", tool, ids);
    }
}

#[test]
fn a_package_a_binary_and_an_unknown_name_are_told_apart() {
    let ws = fixture_workspace();
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let package: Vec<String> = ws
        .select(&names(&["compete-abc"]), &[], None)
        .unwrap()
        .into_iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(package, ["compete-abc-a", "compete-abc-b", "compete-abc-c"]);
    let by_bin = ws.select(&[], &names(&["compete-abc-c"]), None).unwrap();
    assert_eq!(by_bin[0].src_path.file_name().unwrap(), "c.rs");
    assert!(ws
        .select(&[], &names(&["b"]), Some("atcoder-arc"))
        .is_ok_and(|t| t[0].id == "b"));
    let err = format!("{:#}", ws.target("nope").unwrap_err());
    assert!(
        err.contains("the binaries are: ")
            && err.contains("compete-abc-a")
            && err.contains("are: a, "),
        "{}",
        err
    );
    let err = format!("{:#}", ws.target("compete-abc").unwrap_err());
    assert!(err.contains("several binaries: compete-abc-a, compete-abc-b, compete-abc-c"));
    let err = format!(
        "{:#}",
        ws.select(&[], &names(&["a"]), Some("compete-abc"))
            .unwrap_err()
    );
    assert!(
        err.contains("not a package compete-abc's binary"),
        "{}",
        err
    );
}

#[test]
fn a_binary_is_bundled_with_the_samples_of_its_testcases_yml_or_its_oj_test_folder() {
    let dir = fixture();
    let root = dir.path();
    let summary =
        bundle_crate(root, "compete-abc-a", &quick()).unwrap_or_else(|e| panic!("{:#}", e));
    assert_eq!(
        (summary.samples, summary.path.as_path()),
        (3, Path::new("target/bundle/compete-abc-a.rs"))
    );
    // `out: ~` is an answer not known: not run.
    let summary = bundle_crate(root, "compete-abc-b", &quick()).unwrap();
    assert_eq!(summary.samples, 1);
    let summary = bundle_crate(root, "compete-abc-c", &quick()).unwrap();
    assert_eq!(summary.samples, 2);
    let bundle = std::fs::read_to_string(root.join("target/bundle/compete-abc-c.rs")).unwrap();
    assert!(
        bundle.starts_with("// compete-abc-c: bundled by"),
        "{}",
        bundle
    );
    assert!(
        bundle.contains("fn gcd") && !bundle.contains("lcm_unused"),
        "{}",
        bundle
    );
    // A wrong answer in the suite fails the bundle, naming the case and the file.
    let suite = root.join("crates/compete-abc/testcases/a.yml");
    let text = std::fs::read_to_string(&suite).unwrap();
    std::fs::write(
        &suite,
        text.replace("out: |\n      5\n", "out: |\n      4\n"),
    )
    .unwrap();
    let err = format!(
        "{:#}",
        bundle_crate(root, "compete-abc-a", &quick()).unwrap_err()
    );
    assert!(
        err.contains("sample sample1 of crates/compete-abc/testcases/a.yml"),
        "{}",
        err
    );
    // What it cannot read is refused at its line.
    std::fs::write(
        &suite,
        text.replace("match: Lines", "match:\n  Float:\n    relative_error: 1e-6"),
    )
    .unwrap();
    let err = format!(
        "{:#}",
        bundle_crate(root, "compete-abc-a", &quick()).unwrap_err()
    );
    assert!(
        err.contains("crates/compete-abc/testcases/a.yml:4: `match: Float` is not supported"),
        "{}",
        err
    );
}

fn args(root: &Path, rest: &[&str]) -> Vec<String> {
    let mut args = vec![
        "--workspace".to_string(),
        root.display().to_string(),
        "--rustc".to_string(),
        "rustc".to_string(),
    ];
    args.extend(rest.iter().map(|s| s.to_string()));
    args
}

#[test]
fn bin_takes_binaries_of_any_package_and_package_narrows_it() {
    let dir = fixture();
    let root = dir.path();
    run(args(root, &["--bin", "a", "--bin=compete-abc-b"])).unwrap_or_else(|e| panic!("{:#}", e));
    assert!(root.join("target/bundle/a.rs").is_file());
    assert!(root.join("target/bundle/compete-abc-b.rs").is_file());
    assert!(!root.join("target/bundle/b.rs").exists());
    let err = format!("{:#}", run(args(root, &["--bin", "oops"])).unwrap_err());
    assert!(
        err.contains("\"oops\" is not a binary of this workspace; the binaries are: "),
        "{}",
        err
    );
    let err = format!(
        "{:#}",
        run(args(root, &["--all", "--bin", "a"])).unwrap_err()
    );
    assert!(err.contains("not both"), "{}", err);
}

/// cargo-atcoder's packages each have an `a`: both are bundled, each under its package's
/// folder, and `--bin a` alone is ambiguous.
#[test]
fn binaries_of_one_name_in_two_packages_go_to_their_packages_folders() {
    let dir = fixture();
    let root = dir.path();
    append(
        root,
        "crates/atcoder-arc2/Cargo.toml",
        "[package]\nname = \"atcoder-arc2\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    append(
        root,
        "crates/atcoder-arc2/src/bin/a.rs",
        "fn main() {\n    println!(\"{}\", 42);\n}\n",
    );
    append(root, "crates/atcoder-arc2/test/a/sample-1.in", "\n");
    append(root, "crates/atcoder-arc2/test/a/sample-1.out", "42\n");
    let ws = Workspace::read(root).unwrap();
    let all = ids(&ws);
    assert!(
        all.iter().any(|i| i == "atcoder-arc/a") && all.iter().any(|i| i == "atcoder-arc2/a"),
        "{:?}",
        all
    );
    let err = format!("{:#}", run(args(root, &["--bin", "a"])).unwrap_err());
    assert!(err.contains("binary \"a\" is in several packages (atcoder-arc, atcoder-arc2): name one with --package (-p)"), "{}", err);
    let generated = |_: &Path, names: &[String], _: &super::super::Deliver| {
        // Only a package's src/main.rs has an oracle program's inputs.
        assert!(names.is_empty(), "{:?}", names);
        Ok(())
    };
    run_with(
        args(root, &["-p", "atcoder-arc2", "--bin", "a"]),
        &generated,
    )
    .unwrap_or_else(|e| panic!("{:#}", e));
    assert!(root.join("target/bundle/atcoder-arc2/a.rs").is_file());
    run(args(root, &["--bin", "atcoder-arc/a"])).unwrap_or_else(|e| panic!("{:#}", e));
    assert!(root.join("target/bundle/atcoder-arc/a.rs").is_file());
}

/// A scaffold not solved yet (`solved = false`, as `new` and `listen` write it) fails its
/// statement's samples by design: `--all` passes over it, saying so, and bundles the rest.
#[test]
fn all_passes_over_an_unsolved_scaffold() {
    let dir = crate::TempDir::new("unsolved").unwrap();
    let root = dir.path();
    let write = |file: &str, text: &str| {
        let file = root.join(file);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    };
    write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"solved\", \"pending\"]\nresolver = \"2\"\n",
    );
    for (name, metadata) in [("solved", ""), ("pending", "solved = false\n")] {
        write(
            &format!("{}/Cargo.toml", name),
            &format!(
                "[package]\nname = \"{}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[package.metadata.judge]\n{}",
                name, metadata
            ),
        );
        write(
            &format!("{}/src/main.rs", name),
            "fn main() {\n    println!(\"7\");\n}\n",
        );
        write(&format!("samples/{}/1.in", name), "\n");
        // The pending crate's placeholder answers 7 where its statement says 8.
        let answer = if metadata.is_empty() { "7\n" } else { "8\n" };
        write(&format!("samples/{}/1.out", name), answer);
    }
    let ws = Workspace::read(root).unwrap();
    let pending: Vec<String> = ws
        .binaries()
        .into_iter()
        .filter(|t| ws.unsolved(t))
        .map(|t| t.id)
        .collect();
    assert_eq!(pending, ["pending"]);
    run(args(root, &["--all"])).unwrap_or_else(|e| panic!("{:#}", e));
    assert!(root.join("target/bundle/solved.rs").is_file());
    assert!(!root.join("target/bundle/pending.rs").exists());
}
