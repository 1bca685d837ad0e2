//! End-to-end tests of the bundler: real problem crates, and fixture workspaces built to hit
//! each construct and each error.

use super::check::{first_difference, run_binary, Compiler};
use super::{assemble, TempDir};
use crate::workspace;
use std::path::PathBuf;

/// Compiles bundle text with the current rustc and runs it on `input`.
fn compile_and_run(text: &str, input: &str) -> String {
    let dir = TempDir::new("test").unwrap();
    let source = dir.path().join("bundle.rs");
    std::fs::write(&source, text).unwrap();
    let compiler = Compiler {
        rustc: PathBuf::from("rustc"),
        edition: "2021".to_string(),
        deny_warnings: false,
    };
    let binary = compiler
        .compile(&source, dir.path(), "bin")
        .unwrap_or_else(|err| panic!("{:#}", err));
    let input_file = dir.path().join("input.txt");
    std::fs::write(&input_file, input).unwrap();
    run_binary(&binary, &input_file, dir.path()).unwrap().stdout
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
