//! End-to-end tests of the bundler: the real problem crates, and copies of the fixture
//! workspace in `xtask/testdata/fixture` (edited to hit each error).

use super::check::{first_difference, run_binary, Compiler};
use super::{assemble, bundle_crate, Options, TempDir};
use crate::workspace;
use std::path::{Path, PathBuf};

const FIXTURE_CRATE: &str = "p1-fixture";

/// Compiles bundle text with the current rustc (`-D warnings`) and runs it on `input`.
fn compile_and_run(text: &str, input: &str) -> String {
    let dir = TempDir::new("test").unwrap();
    let source = dir.path().join("bundle.rs");
    std::fs::write(&source, text).unwrap();
    let compiler = Compiler {
        rustc: PathBuf::from("rustc"),
        edition: "2021".to_string(),
        deny_warnings: true,
    };
    let binary = compiler
        .compile(&source, dir.path(), "bin")
        .unwrap_or_else(|err| panic!("{:#}", err));
    let input_file = dir.path().join("input.txt");
    std::fs::write(&input_file, input).unwrap();
    run_binary(&binary, &input_file, dir.path()).unwrap().stdout
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A private copy of the fixture workspace (bundles are written under its `target/`).
fn fixture() -> TempDir {
    let dir = TempDir::new("fixture").unwrap();
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/fixture"),
        dir.path(),
    );
    dir
}

/// Appends `text` to a file of a workspace; returns the 1-based line its first line lands on.
fn append(root: &Path, file: &str, text: &str) -> usize {
    let path = root.join(file);
    let mut content = std::fs::read_to_string(&path).unwrap();
    if !content.ends_with('\n') {
        content.push('\n');
    }
    let line = content.lines().count() + 1;
    content.push_str(text);
    std::fs::write(&path, content).unwrap();
    line
}

/// All the judges' compilers; one missing here (no Debian rustc) is skipped, not failed.
fn judges() -> Options {
    let mut options = Options::from_flags(None, None);
    options.skip_missing = true;
    options
}

#[test]
fn staircase_chess_bundle_answers_the_statement_sample() {
    let assembled = assemble(&workspace::root(), "p4363-staircase-chess").unwrap();
    assert!(assembled
        .text
        .starts_with("// p4363-staircase-chess: bundled by"));
    assert!(
        !assembled.text.contains("oracle"),
        "the oracle modules must not be bundled"
    );
    assert!(!assembled.text.contains("#[test]") && !assembled.text.contains("cfg(test)"));
    let (kept, available) = assembled.core_items.unwrap();
    assert!(
        kept < available / 2,
        "{}/{} dp-core items kept",
        kept,
        available
    );
    let got = compile_and_run(&assembled.text, "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n");
    assert_eq!(first_difference("2\n", &got), None, "got {:?}", got);
}

#[test]
fn bundles_are_deterministic() {
    let root = workspace::root();
    let first = assemble(&root, "p4363-staircase-chess").unwrap().text;
    let second = assemble(&root, "p4363-staircase-chess").unwrap().text;
    assert!(first == second, "two runs differ");
}

#[test]
fn fixture_bundle_is_pruned_compiles_everywhere_and_passes_its_sample() {
    let dir = fixture();
    let summary =
        bundle_crate(dir.path(), FIXTURE_CRATE, &judges()).unwrap_or_else(|e| panic!("{:#}", e));
    assert_eq!(summary.samples, 1);
    let (kept, available) = summary.core_items.unwrap();
    assert!(kept < available, "{}/{}", kept, available);
    let text = std::fs::read_to_string(workspace::bundle_path(dir.path(), FIXTURE_CRATE)).unwrap();
    assert!(
        text.starts_with("// p1-fixture: bundled by `cargo xtask bundle` (dp-core 0.3.1).\n"),
        "{}",
        text
    );
    for kept in [
        "#[macro_export]",
        "$crate::dp_core::util::assign_max(",
        "crate::chmax!(best, manhattan(p, ORIGIN))",
        "pub(crate) fn to_int",
        "pub use crate::dp_core::util::parse_all as parse_numbers;",
        "#![allow(clippy::needless_range_loop)]",
        "impl Clamp for i64",
        "impl fmt::Display for Point",
    ] {
        assert!(text.contains(kept), "{:?} is missing:\n{}", kept, text);
    }
    for pruned in [
        "never_used",
        "secret",
        "rotated",
        "Unused",
        "unused_local",
        "brute_force",
        "oracle",
        "rand",
        "missing_docs",
        "#[test]",
        "include_str",
        "///",
    ] {
        assert!(
            !text.contains(pruned),
            "{:?} should be gone:\n{}",
            pruned,
            text
        );
    }
    let got = compile_and_run(&text, "2\n-3 -4\n3 4\n");
    assert_eq!(first_difference("7 (-3, -4)", &got), None, "got {:?}", got);
    // Rebundling the same sources gives the same bytes.
    assert!(assemble(dir.path(), FIXTURE_CRATE).unwrap().text == text);
}

/// The error of assembling the fixture after `edit`.
fn assemble_error(edit: impl FnOnce(&Path) -> usize) -> (String, usize) {
    let dir = fixture();
    let line = edit(dir.path());
    match assemble(dir.path(), FIXTURE_CRATE) {
        Ok(_) => panic!("the edited fixture bundled"),
        Err(err) => (format!("{:#}", err), line),
    }
}

#[test]
fn path_attributes_stop_the_bundler_at_their_line() {
    let (err, line) = assemble_error(|root| {
        append(
            root,
            "crates/dp-core/src/lib.rs",
            "#[path = \"elsewhere.rs\"]\nmod moved;\n",
        )
    });
    let expected = format!("crates/dp-core/src/lib.rs:{}: `#[path]`", line);
    assert!(err.starts_with(&expected), "{}", err);
}

#[test]
fn file_inclusion_stops_the_bundler_at_its_line() {
    let (err, line) = assemble_error(|root| {
        append(
            root,
            "crates/p1-fixture/src/lib.rs",
            "\npub const TEXT: &str = include_str!(\"data.txt\");\n",
        ) + 1
    });
    let expected = format!("crates/p1-fixture/src/lib.rs:{}: `include_str!`", line);
    assert!(err.starts_with(&expected), "{}", err);
}

#[test]
fn dependencies_outside_the_workspace_are_refused() {
    let (err, line) =
        assemble_error(|root| append(root, "crates/p1-fixture/Cargo.toml", "rand = \"0.8\"\n"));
    let expected = format!(
        "crates/p1-fixture/Cargo.toml:{}: dependency `rand` is not a workspace crate",
        line
    );
    assert!(err.starts_with(&expected), "{}", err);
}

#[test]
fn unresolvable_globs_are_refused() {
    let (err, line) = assemble_error(|root| {
        append(
            root,
            "crates/dp-core/src/util/mod.rs",
            "pub use crate::nowhere::*;\n",
        )
    });
    let expected = format!(
        "crates/dp-core/src/util/mod.rs:{}: cannot resolve glob import `use crate::dp_core::nowhere::*`",
        line
    );
    assert!(err.starts_with(&expected), "{}", err);
}

#[test]
fn missing_module_files_are_reported() {
    let (err, line) =
        assemble_error(|root| append(root, "crates/dp-core/src/geometry.rs", "mod gone;\n"));
    let expected = format!(
        "crates/dp-core/src/geometry.rs:{}: file not found for module `gone`",
        line
    );
    assert!(err.starts_with(&expected), "{}", err);
}

#[test]
fn a_rejected_bundle_never_replaces_a_good_one() {
    let dir = fixture();
    let options = Options::from_flags(None, Some("2021".to_string()));
    bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap();
    let target = workspace::bundle_path(dir.path(), FIXTURE_CRATE);
    let good = std::fs::read_to_string(&target).unwrap();

    // A warning fails `-D warnings`.
    let lib = dir.path().join("crates/p1-fixture/src/lib.rs");
    let source = std::fs::read_to_string(&lib).unwrap();
    let broken = source.replace("let n =", "let unused = 1;\n    let n =");
    std::fs::write(&lib, broken).unwrap();
    let err = format!(
        "{:#}",
        bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap_err()
    );
    assert!(
        err.contains("rejected the bundle") && err.contains("unused"),
        "{}",
        err
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), good);
    assert!(target.with_extension("rs.failed").is_file());

    // A wrong answer names the case and the first differing token.
    std::fs::write(&lib, source).unwrap();
    std::fs::write(
        dir.path().join("samples/p1-fixture/statement.out"),
        "1004 (1000, 3)\n",
    )
    .unwrap();
    let err = format!(
        "{:#}",
        bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap_err()
    );
    assert!(
        err.contains("sample statement")
            && err.contains("token 1")
            && err.contains("\"1004\" (line 1)"),
        "{}",
        err
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), good);
}

#[test]
fn a_missing_compiler_fails_unless_skipped() {
    let dir = fixture();
    let mut options = Options::from_flags(Some("/nonexistent/rustc".to_string()), None);
    let err = format!(
        "{:#}",
        bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap_err()
    );
    assert!(err.contains("/nonexistent/rustc is missing"), "{}", err);
    // Skipping the only compiler leaves nothing to prove the bundle with.
    options.skip_missing = true;
    let err = format!(
        "{:#}",
        bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap_err()
    );
    assert!(err.contains("no compiler was available"), "{}", err);
    let current = Options::from_flags(None, None).compilers.remove(0);
    options.compilers.push(current);
    let summary = bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap();
    assert!(
        summary
            .to_string()
            .ends_with("(not checked: /nonexistent/rustc is missing)"),
        "{}",
        summary
    );
}
