use super::*;

/// `text` compiled by the current rustc with `rustc -O` on `edition`, in `dir`.
fn compiled(dir: &Path, text: &str, edition: &str, exe: &str) -> PathBuf {
    let source = dir.join(format!("{}.rs", exe));
    std::fs::write(&source, text).unwrap();
    let compiler = Compiler {
        rustc: PathBuf::from("rustc"),
        edition: edition.to_string(),
        deny_warnings: false,
        externs: Vec::new(),
    };
    compiler
        .compile(&source, dir, exe)
        .unwrap_or_else(|e| panic!("{:#}", e))
}

#[test]
fn a_judge_that_names_files_gets_them() {
    let dir = crate::TempDir::new("verify-files").unwrap();
    let text = "fn main() {\n    let n: u64 = std::fs::read_to_string(\"input.txt\").unwrap().trim().parse().unwrap();\n    std::fs::write(\"output.txt\", format!(\"{}\\n\", n * 2)).unwrap();\n}\n";
    let binary = compiled(dir.path(), text, "2021", "doubles");
    let input = dir.path().join("01.in");
    let expected = dir.path().join("01.out");
    std::fs::write(&input, "21\n").unwrap();
    std::fs::write(&expected, "42\n").unwrap();
    let files = JudgeFiles {
        input: Some("input.txt".to_string()),
        output: Some("output.txt".to_string()),
    };
    let cases = vec![("01".to_string(), input.clone(), expected)];
    run_samples_with(&binary, &cases, dir.path(), &files).unwrap();
    // On stdin it fails (no input.txt): the files are what made it pass.
    assert!(run_samples(&binary, &cases, dir.path()).is_err());
    let other = JudgeFiles {
        output: Some("answer.txt".to_string()),
        ..files.clone()
    };
    let err = run_samples_with(&binary, &cases, dir.path(), &other).unwrap_err();
    assert!(
        format!("{:#}", err).contains("wrote no answer.txt"),
        "{:#}",
        err
    );
    let outside = JudgeFiles {
        input: Some("../input.txt".to_string()),
        output: None,
    };
    assert!(run_samples_with(&binary, &cases, dir.path(), &outside).is_err());
}

/// Binaries that run the same machine code are run once and share the outcome, a failure
/// included; another program, or a file that is not ELF, is run on its own.
#[test]
fn a_binary_with_the_image_of_one_already_run_is_not_run_again() {
    let dir = crate::TempDir::new("images").unwrap();
    let dir = dir.path();
    let text = "fn main() { println!(\"{}\", std::env::args().count()); }\n";
    let a = compiled(dir, text, "2021", "a");
    let b = compiled(dir, text, "2024", "b");
    let other = compiled(dir, &text.replace("count()", "count() + 1"), "2021", "c");
    assert_eq!(loaded_image(&a), loaded_image(&b));
    assert!(loaded_image(&a).is_some());
    assert_ne!(loaded_image(&a), loaded_image(&other));
    std::fs::write(dir.join("script"), "#!/bin/sh\n").unwrap();
    assert_eq!(loaded_image(&dir.join("script")), None);

    let ran = std::sync::atomic::AtomicUsize::new(0);
    let run = || -> Result<()> {
        ran.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(())
    };
    let runs = Runs::default();
    runs.run_once(&a, "rustc (2021)", run).unwrap();
    runs.run_once(&b, "rustc (2024)", run).unwrap();
    assert_eq!(ran.load(std::sync::atomic::Ordering::SeqCst), 1);
    runs.run_once(&other, "rustc (2021)", run).unwrap();
    assert_eq!(ran.load(std::sync::atomic::Ordering::SeqCst), 2);

    let runs = Runs::default();
    let failed = runs.run_once(&a, "rustc (2021)", || bail!("wrong answer on 01.in"));
    assert!(failed.is_err());
    let twin = runs.run_once(&b, "rustc (2024)", run).unwrap_err();
    assert_eq!(
        format!("{:#}", twin),
        "wrong answer on 01.in (the same machine code as rustc (2021))"
    );
    assert_eq!(ran.load(std::sync::atomic::Ordering::SeqCst), 2);
}

/// Bundle `p` of workspace `/w`, its lines from `map`.
fn test_subject<'a>(
    map: &'a LineMap,
    dropped: &'a BTreeMap<String, String>,
    libraries: &'a [Library],
) -> Subject<'a> {
    Subject {
        name: "p",
        text: "",
        cases: &[],
        edition: "2021",
        map,
        root: Path::new("/w"),
        failed_copy: Path::new("target/bundle/p.rs.failed"),
        dropped,
        libraries,
        compilers_setting: "",
        files: &STANDARD_STREAMS,
    }
}

/// A judge that names no files, for subjects built in tests.
static STANDARD_STREAMS: JudgeFiles = JudgeFiles {
    input: None,
    output: None,
};

#[test]
fn a_name_the_pruner_dropped_is_reported_as_the_bundlers_fault() {
    let map: LineMap = vec![vec![(0, PathBuf::from("/w/crates/p/src/lib.rs"), 7)]; 5];
    let dropped = BTreeMap::from([(
        "secret".to_string(),
        "crates/dp-core/src/lib.rs:12".to_string(),
    )]);
    let subject = test_subject(&map, &dropped, &[]);
    let block = "error[E0425]: cannot find function `secret` in module `crate::dp_core`\n  --> target/bundle/p.rs.failed:3:5\n";
    let out = located(block, &subject);
    assert!(
        out.starts_with("bundler bug: the pruner dropped `secret` (defined at crates/dp-core/src/lib.rs:12), but it is used at crates/p/src/lib.rs:7"),
        "{}",
        out
    );
    assert!(
        out.contains("p.rs.failed:3:5 (from crates/p/src/lib.rs:7)"),
        "{}",
        out
    );
    // A name that was never in the bundle is rustc's message alone.
    let other = located(&block.replace("secret", "typo"), &subject);
    assert!(other.starts_with("error[E0425]"), "{}", other);
}

#[test]
fn a_library_cargo_builds_but_its_bundle_breaks_is_a_bundler_bug_with_a_way_out() {
    let map: LineMap = vec![vec![(0, PathBuf::from("/reg/smallvec-1.6.1/src/lib.rs"), 156)]; 5];
    let libraries = [Library {
        dir: PathBuf::from("/reg/smallvec-1.6.1"),
        label: "smallvec 1.6.1".to_string(),
        package: "smallvec".to_string(),
        rust_version: None,
    }];
    let dropped = BTreeMap::new();
    let subject = test_subject(&map, &dropped, &libraries);
    let block =
        "error[E0433]: cannot find `alloc` in `smallvec`\n  --> target/bundle/p.rs.failed:3:5\n";
    let rejected = [("rustc 1.95.0 (2021)".to_string(), block.to_string())];
    let bug = bundler_bug(&rejected, &subject).expect("a bundler bug");
    assert!(
        bug.starts_with("bundler bug: cargo builds smallvec 1.6.1")
            && bug.contains("--provided smallvec"),
        "{}",
        bug
    );
    // The user's own code (no library's file) may be wrong on its own: no such claim.
    let own = Subject {
        libraries: &[],
        ..subject
    };
    assert!(bundler_bug(&rejected, &own).is_none());
}

#[test]
fn compares_tokens_not_whitespace() {
    assert_eq!(first_difference("1 2\n3\n", "1\n2 3"), None);
    let diff = first_difference("1 2\n3\n", "1 2\n4\n").unwrap();
    assert!(
        diff.contains("token 3")
            && diff.contains("\"3\" (line 2)")
            && diff.contains("\"4\" (line 2)"),
        "{}",
        diff
    );
    let diff = first_difference("1 2", "1").unwrap();
    assert!(diff.contains("end of output"), "{}", diff);
}
