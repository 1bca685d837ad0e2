//! The library trial: tiny solutions over the crates.io libraries contestants use
//! (`testdata/ecosystem`, two workspaces because cargo keeps one semver-compatible version of a
//! crate per workspace), each checked against its samples with cargo's release build, then
//! bundled by the default command. One line per crate, compared with `expected.txt`. Ignored:
//! it downloads from crates.io and builds every library (CI runs it).

use super::{bundle_in, Options};
use std::collections::BTreeMap;
use std::path::Path;

/// The workspaces of the trial, under `testdata/ecosystem`.
const WORKSPACES: &[&str] = &["current", "older"];

/// `crate: bundled` or `crate: refused: <first line of the error>`, for every crate.
fn trial(dir: &Path) -> BTreeMap<String, String> {
    let mut results = BTreeMap::new();
    for ws in WORKSPACES {
        let root = dir.join(ws);
        let ws_read = super::Workspace::read(&root).unwrap_or_else(|e| panic!("{:#}", e));
        let targets = ws_read.binaries();
        super::check_with_cargo(&ws_read, &targets).unwrap_or_else(|e| panic!("{}: {:#}", ws, e));
        for target in targets {
            let result = match bundle_in(&ws_read, &target, &Options::from_flags(None, None), None)
            {
                Ok(_) => "bundled".to_string(),
                Err(err) => {
                    let text = format!("{:#}", err);
                    format!("refused: {}", text.lines().next().unwrap_or(""))
                }
            };
            results.insert(target.id, result);
        }
    }
    results
}

#[test]
#[ignore = "downloads and builds 25 crates.io libraries; CI runs it"]
fn ecosystem_trial_gives_the_expected_result_for_each_crate() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/ecosystem");
    let expected = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    let expected: BTreeMap<&str, &str> = expected
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once(": "))
        .collect();
    let results = trial(&dir);
    let mut wrong = Vec::new();
    for (name, result) in &results {
        println!("{}: {}", name, result);
        let matches = match expected.get(name.as_str()) {
            Some(&"bundled") => result == "bundled",
            Some(want) => want
                .strip_prefix("refused: ")
                .is_some_and(|part| result.starts_with("refused: ") && result.contains(part)),
            None => false,
        };
        if !matches {
            wrong.push(format!(
                "{}: expected {:?}, got {}",
                name,
                expected.get(name.as_str()),
                result
            ));
        }
    }
    let bundled = results.values().filter(|r| *r == "bundled").count();
    println!("{} of {} bundled", bundled, results.len());
    assert_eq!(
        results.len(),
        expected.len(),
        "crates in expected.txt and the workspaces differ"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The edition 2015 fixture library (`old-lib`, one 2015 construct per item) bundled into a
/// 2021 file that compiles on the current rustc and answers the samples as cargo's build.
#[test]
fn an_edition_2015_library_bundles_and_answers_as_cargo_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(super::FIXTURES);
    let assembled = super::assemble(&root, "old-edition").unwrap_or_else(|e| panic!("{:#}", e));
    for construct in [
        "Box<dyn Shape>",
        "_:u32",
        "crate::old_lib::util::twice",
        "r#async",
        "pat_param",
        "$crate::__area_sum",
    ] {
        assert!(
            assembled.text.contains(construct),
            "no {:?} in the bundle",
            construct
        );
    }
    let dir = super::TempDir::new("old-edition").unwrap();
    let source = dir.path().join("old_edition.rs");
    std::fs::write(&source, &assembled.text).unwrap();
    let compiler = super::Compiler {
        rustc: "rustc".into(),
        edition: "2021".to_string(),
        deny_warnings: false,
        externs: Vec::new(),
    };
    let binary = compiler
        .compile(&source, dir.path(), "bin")
        .unwrap_or_else(|e| panic!("{:#}", e));
    for (case, input, output) in crate::workspace::samples(&root, "old-edition").unwrap() {
        let run = super::verify::run_binary(&binary, &input, dir.path()).unwrap();
        let want = std::fs::read_to_string(&output).unwrap();
        assert_eq!(run.stdout, want, "sample {}", case);
    }
}
