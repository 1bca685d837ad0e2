//! What a bundle may read, and what is said when a source cannot be read: files from outside
//! the package refused (and allowed by name), nesting too deep, symlink loops, a crate's own
//! build script, bytes that are not UTF-8; and the hints of refusals, which must lead
//! somewhere when followed.

use super::super::{assemble_in, Options};
use super::{append, assemble_error, fixture, quick, with_dependency, FIXTURE_CRATE};
use crate::load::Workspace;
use std::path::Path;

/// A secret beside the fixture workspace (outside every package of it).
fn secret(root: &Path) -> std::path::PathBuf {
    let file = root.parent().unwrap().join("secret.txt");
    std::fs::write(&file, "hunter2\n").unwrap();
    file
}

fn assemble_with(root: &Path, options: &Options) -> Result<String, String> {
    let ws = Workspace::read(root).unwrap();
    let target = ws.target(FIXTURE_CRATE).unwrap();
    assemble_in(&ws, &target, options, false)
        .map(|a| a.text)
        .map_err(|e| format!("{:#}", e))
}

#[test]
fn an_include_from_outside_the_package_is_refused_naming_the_file_and_the_crate() {
    let outside = "which is outside the package of crate `p1_fixture` (package p1-fixture 0.3.1)";
    for (code, what) in [
        ("include_str!(\"../../../../secret.txt\")", "`include_str!`"),
        (
            "include_bytes!(\"../../../../secret.txt\")",
            "`include_bytes!`",
        ),
    ] {
        let (err, line) = assemble_error(|root| {
            secret(root);
            append(
                root,
                "crates/p1-fixture/src/lib.rs",
                &format!("\npub static LEAK: &[u8] = {}.as_ref();\n", code),
            ) + 1
        });
        let at = format!("crates/p1-fixture/src/lib.rs:{}: {} takes ", line, what);
        assert!(err.starts_with(&at) && err.contains(outside), "{}", err);
        assert!(err.contains("--allow-include "), "{}", err);
    }
    // An absolute path, and through a symbolic link inside the package.
    let (err, _) = assemble_error(|root| {
        let file = secret(root);
        append(
            root,
            "crates/p1-fixture/src/lib.rs",
            &format!("\npub const LEAK: &str = include_str!({:?});\n", file),
        )
    });
    assert!(err.contains(outside), "{}", err);
    let (err, _) = assemble_error(|root| {
        let file = secret(root);
        std::os::unix::fs::symlink(&file, root.join("crates/p1-fixture/src/notes.txt")).unwrap();
        append(
            root,
            "crates/p1-fixture/src/lib.rs",
            "\npub const LEAK: &str = include_str!(\"notes.txt\");\n",
        )
    });
    assert!(
        err.contains(outside) && err.contains("(resolved: "),
        "{}",
        err
    );
}

#[test]
fn code_from_outside_the_package_is_refused_as_include_path_and_module_file() {
    let outside = "which is outside the package of crate `dp_core` (package dp-core 0.3.1)";
    let code = |root: &Path| {
        let file = root.parent().unwrap().join("evil.rs");
        std::fs::write(&file, "pub fn evil() {}\n").unwrap();
        file
    };
    let (err, line) = assemble_error(|root| {
        let file = code(root);
        append(
            root,
            "crates/dp-core/src/lib.rs",
            &format!("#[path = {:?}]\nmod evil;\n", file),
        ) + 1
    });
    let at = format!(
        "crates/dp-core/src/lib.rs:{}: #[path] of module `evil` takes ",
        line
    );
    assert!(err.starts_with(&at) && err.contains(outside), "{}", err);
    let (err, _) = assemble_error(|root| {
        code(root);
        append(
            root,
            "crates/dp-core/src/lib.rs",
            "include!(\"../../../../evil.rs\");\n",
        )
    });
    assert!(
        err.contains("`include!` takes") && err.contains(outside),
        "{}",
        err
    );
    let (err, _) = assemble_error(|root| {
        let file = code(root);
        std::os::unix::fs::symlink(&file, root.join("crates/dp-core/src/evil.rs")).unwrap();
        append(root, "crates/dp-core/src/lib.rs", "mod evil;\n")
    });
    assert!(
        err.contains("module `evil` takes") && err.contains(outside),
        "{}",
        err
    );
}

#[test]
fn allow_include_lets_the_named_file_in() {
    let dir = fixture();
    let root = dir.path();
    let file = secret(root);
    append(
        root,
        "crates/p1-fixture/src/main.rs",
        &format!(
            "\n#[allow(dead_code)]\nconst NOTE: &str = include_str!({:?});\n",
            file
        ),
    );
    assert!(assemble_with(root, &quick()).is_err());
    let mut options = quick();
    options.allow_include = vec![file.canonicalize().unwrap()];
    let text = assemble_with(root, &options).unwrap_or_else(|e| panic!("{}", e));
    assert!(text.contains("hunter2"), "{}", text);
}

#[test]
fn twenty_thousand_nested_parentheses_are_refused_not_a_stack_overflow() {
    let (err, line) = assemble_error(|root| {
        append(
            root,
            "crates/p1-fixture/src/main.rs",
            &format!(
                "\n#[allow(dead_code)]\nconst DEEP: u32 = {}1{};\n",
                "(".repeat(20_000),
                ")".repeat(20_000)
            ),
        ) + 2
    });
    let at = format!(
        "crates/p1-fixture/src/main.rs:{}: parentheses nested more than 256 deep",
        line
    );
    assert!(err.starts_with(&at), "{}", &err[..err.len().min(300)]);
}

#[test]
fn a_symlink_loop_in_src_is_reported_as_one() {
    let (err, line) = assemble_error(|root| {
        let src = root.join("crates/p1-fixture/src");
        std::os::unix::fs::symlink("looped.rs", src.join("looped.rs")).unwrap();
        append(root, "crates/p1-fixture/src/main.rs", "\nmod looped;\n") + 1
    });
    let at = format!("crates/p1-fixture/src/main.rs:{}: ", line);
    assert!(
        err.starts_with(&at) && err.contains("looped.rs is a symbolic link loop"),
        "{}",
        err
    );
}

#[test]
fn a_crates_own_build_script_is_refused_by_name() {
    let (err, _) = assemble_error(|root| {
        append(root, "crates/p1-fixture/build.rs", "fn main() {}\n");
        0
    });
    assert!(
        err.contains("crate `p1-fixture` (p1-fixture 0.3.1) cannot be bundled: it has a build script (build.rs)"),
        "{}",
        err
    );
}

#[test]
fn a_source_that_is_not_utf8_is_reported_at_its_line() {
    let (err, line) = assemble_error(|root| {
        let file = root.join("crates/p1-fixture/src/main.rs");
        let mut bytes = std::fs::read(&file).unwrap();
        let line = bytes.iter().filter(|&&b| b == b'\n').count() + 2;
        bytes.extend_from_slice(b"\n// caf\xe9\n");
        std::fs::write(&file, bytes).unwrap();
        line
    });
    let at = format!("crates/p1-fixture/src/main.rs:{}: not UTF-8", line);
    assert!(err.starts_with(&at), "{}", err);
}

#[test]
fn a_refusal_deep_in_the_graph_names_the_solutions_own_dependency() {
    let (err, _) = assemble_error(|root| {
        with_dependency(
            root,
            "wrapper",
            "\n[dependencies]\nbuilt = { path = \"../built\" }\n",
            "pub use built::f;\n",
        );
        append(
            root,
            "crates/built/Cargo.toml",
            "[package]\nname = \"built\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        );
        append(root, "crates/built/src/lib.rs", "pub fn f() {}\n");
        append(root, "crates/built/build.rs", "fn main() {}\n");
        0
    });
    assert!(
        err.contains("crate `built` (built 0.1.0) cannot be bundled: it has a build script")
            && err.contains("pass --provided wrapper (the solution's dependency that needs built)"),
        "{}",
        err
    );
}

/// A solution named after the library it uses (`cargo build -p dup-name` would be
/// ambiguous): `--provided` links the library from cargo's build of the solution's package id.
#[test]
fn provided_works_when_a_dependency_has_the_solutions_name() {
    let dir = fixture();
    let root = dir.path();
    append(
        &root.parent().unwrap().join("libs"),
        "dup-name/Cargo.toml",
        "[package]\nname = \"dup-name\"\nversion = \"0.2.0\"\nedition = \"2021\"\n",
    );
    append(
        &root.parent().unwrap().join("libs"),
        "dup-name/src/lib.rs",
        "pub fn triple(x: u64) -> u64 {\n    x * 3\n}\n",
    );
    append(
        root,
        "crates/dup-name/Cargo.toml",
        "[package]\nname = \"dup-name\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\ndup-name = { path = \"../../../libs/dup-name\" }\n",
    );
    append(
        root,
        "crates/dup-name/src/main.rs",
        "fn main() {\n    println!(\"{}\", dup_name::triple(14));\n}\n",
    );
    append(root, "samples/dup-name/1.in", "\n");
    append(root, "samples/dup-name/1.out", "42\n");
    let mut options = quick();
    options.provided = vec!["dup-name".to_string()];
    let summary =
        super::bundle_crate(root, "dup-name", &options).unwrap_or_else(|e| panic!("{:#}", e));
    assert_eq!(
        (summary.samples, summary.provided.as_slice()),
        (1, ["dup_name".to_string()].as_slice())
    );
}

/// `#[macro_use] extern crate proconio;` brings `#[fastout]` in scope: a use of the
/// proc-macro, whose way out is leaving proconio itself to the judge.
fn macro_use_fastout(root: &Path) {
    let manifest = root.join("crates/proconio-fastout/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let without = text.replace("provided = [\"proconio-derive\"]\n", "");
    assert_ne!(text, without);
    std::fs::write(&manifest, without).unwrap();
    std::fs::write(
        root.join("crates/proconio-fastout/src/main.rs"),
        "#[macro_use]\nextern crate proconio;\n\n#[fastout]\nfn main() {\n    input! {\n        n: usize,\n        a: [u64; n],\n    }\n    for x in a {\n        println!(\"{}\", x * x);\n    }\n}\n",
    )
    .unwrap();
}

#[test]
fn a_fastout_through_macro_use_is_a_proc_macro_use_and_the_hint_names_proconio() {
    let dir = fixture();
    macro_use_fastout(dir.path());
    let err = match super::assemble(dir.path(), "proconio-fastout") {
        Ok(a) => panic!("a bundle that uses #[fastout] was made:\n{}", a.text),
        Err(err) => format!("{:#}", err),
    };
    for part in [
        "crate `proconio_derive` (proconio-derive 0.2.1) cannot be bundled: it is a proc-macro crate",
        "(the solution uses `fastout`)",
        "pass --provided proconio, whose #[macro_use] brings them in scope",
    ] {
        assert!(err.contains(part), "{:?} is missing: {}", part, err);
    }
}

/// Following that hint: proconio linked from cargo's release build (a download and a build of
/// proconio with its derive crate, so ignored like the other hint that is followed).
#[test]
#[ignore]
fn following_the_macro_use_hint_bundles_with_proconio_linked() {
    let dir = fixture();
    macro_use_fastout(dir.path());
    let mut options = quick();
    options.provided = vec!["proconio".to_string()];
    let summary = super::bundle_crate(dir.path(), "proconio-fastout", &options)
        .unwrap_or_else(|e| panic!("{:#}", e));
    assert_eq!(summary.provided, ["proconio".to_string()]);
    assert_eq!(summary.samples, 1);
}
