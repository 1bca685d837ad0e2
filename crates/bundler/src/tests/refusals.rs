//! What the bundler refuses and the hints it gives: files from outside a crate's package
//! (`include_str!`, `include_bytes!`, `include!`, `#[path]`, through symlinks too), brackets
//! nested too deep, symlink loops, a solution's own build script, sources that are not UTF-8,
//! and hints that work when followed (the solution's direct dependency, a package named like a
//! provided crate, `#[macro_use] extern crate proconio`), and the size warning.

use super::super::{assemble, assemble_in, bundle_crate, size_warning, Options, TempDir};
use super::{append, fixture, quick, with_dependency, Workspace, FIXTURE_CRATE};
use std::path::{Path, PathBuf};

/// The error of assembling `name` in the workspace at `root` with `options`.
fn refusal(root: &Path, name: &str, options: &Options) -> String {
    let ws = Workspace::read(root).unwrap_or_else(|e| panic!("{:#}", e));
    let target = ws.target(name).unwrap_or_else(|e| panic!("{:#}", e));
    match assemble_in(&ws, &target, options, false) {
        Ok(_) => panic!("{} bundled", name),
        Err(err) => format!("{:#}", err),
    }
}

fn assert_has(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{:?} is missing: {}", part, text);
    }
}

fn resolved(path: &Path) -> PathBuf {
    path.canonicalize().unwrap()
}

#[test]
fn an_include_from_outside_the_package_is_refused_unless_allowed() {
    let dir = fixture();
    let root = dir.path();
    // Outside p1-fixture's package: the fixture workspace's root.
    std::fs::write(root.join("secret.txt"), "key\n").unwrap();
    let line = append(
        root,
        "crates/p1-fixture/src/lib.rs",
        "\npub const SECRET: &str = include_str!(\"../../../secret.txt\");\n",
    ) + 1;
    let err = refusal(root, FIXTURE_CRATE, &quick());
    let secret = resolved(&root.join("secret.txt"));
    assert_has(
        &err,
        &[
            &format!(
                "crates/p1-fixture/src/lib.rs:{}: `include_str!` takes ",
                line
            ),
            "outside the package of crate `p1_fixture` (package p1-fixture 0.3.1)",
            &format!("pass --allow-include {}", secret.display()),
        ],
    );
    let mut options = quick();
    options.allow_include = vec![secret];
    let text = assemble_in(
        &Workspace::read(root).unwrap(),
        &Workspace::read(root)
            .unwrap()
            .target(FIXTURE_CRATE)
            .unwrap(),
        &options,
        false,
    )
    .unwrap_or_else(|e| panic!("{:#}", e))
    .text;
    // Allowed, it is bundled as any include is (here pruned: nothing uses it).
    assert!(text.contains("fn main"), "{}", text);
}

#[test]
fn an_absolute_include_bytes_and_a_symlink_out_of_the_package_are_refused() {
    let dir = fixture();
    let root = dir.path();
    let outside = TempDir::new("outside").unwrap();
    let key = outside.path().join("id_key");
    std::fs::write(&key, "private\n").unwrap();
    append(
        root,
        "crates/p1-fixture/src/lib.rs",
        &format!(
            "\npub const KEY: &[u8] = include_bytes!({:?});\n",
            key.display().to_string()
        ),
    );
    let err = refusal(root, FIXTURE_CRATE, &quick());
    assert_has(
        &err,
        &[
            "`include_bytes!` takes ",
            "outside the package of crate `p1_fixture`",
        ],
    );

    // A link inside the package that leads out of it is followed, and refused.
    let dir = fixture();
    let root = dir.path();
    std::os::unix::fs::symlink(&key, root.join("crates/p1-fixture/src/table.txt")).unwrap();
    append(
        root,
        "crates/p1-fixture/src/lib.rs",
        "\npub const TABLE: &str = include_str!(\"table.txt\");\n",
    );
    let err = refusal(root, FIXTURE_CRATE, &quick());
    assert_has(
        &err,
        &[
            "table.txt (resolved: ",
            "outside the package of crate `p1_fixture`",
        ],
    );
}

#[test]
fn a_path_module_and_an_included_file_of_a_library_from_elsewhere_are_refused() {
    let dir = fixture();
    let root = dir.path();
    let outside = TempDir::new("outside").unwrap();
    let evil = outside.path().join("evil.rs");
    std::fs::write(&evil, "pub fn evil() {}\n").unwrap();
    append(
        root,
        "crates/dp-core/src/lib.rs",
        &format!("#[path = {:?}]\nmod evil;\n", evil.display().to_string()),
    );
    let err = refusal(root, FIXTURE_CRATE, &quick());
    assert_has(
        &err,
        &[
            "#[path] of module `evil` takes ",
            "outside the package of crate `dp_core` (package dp-core ",
        ],
    );
    // `include!` of code from another package of the workspace: not this crate's either.
    let dir = fixture();
    let root = dir.path();
    append(
        root,
        "crates/p1-fixture/src/lib.rs",
        "\ninclude!(\"../../dp-core/src/lib.rs\");\n",
    );
    let err = refusal(root, FIXTURE_CRATE, &quick());
    assert_has(&err, &["`include!` takes ", "dp-core/src/lib.rs"]);
}

#[test]
fn twenty_thousand_nested_parentheses_are_refused_at_their_line() {
    let dir = fixture();
    let root = dir.path();
    let line = append(
        root,
        "crates/p1-fixture/src/main.rs",
        &format!(
            "\nfn deep() -> u32 {{\n    {}1{}\n}}\n",
            "(".repeat(20_000),
            ")".repeat(20_000)
        ),
    ) + 2;
    let err = match assemble(root, FIXTURE_CRATE) {
        Ok(_) => panic!("bundled"),
        Err(err) => format!("{:#}", err),
    };
    assert!(
        err.starts_with(&format!(
            "crates/p1-fixture/src/main.rs:{}: parentheses nested more than 256 deep",
            line
        )),
        "{}",
        err
    );
}

#[test]
fn a_symlink_loop_in_src_is_reported_as_a_loop() {
    let dir = fixture();
    let root = dir.path();
    let src = root.join("crates/p1-fixture/src");
    std::os::unix::fs::symlink("looped.rs", src.join("looped.rs")).unwrap();
    let line = append(root, "crates/p1-fixture/src/lib.rs", "\nmod looped;\n") + 1;
    let err = refusal(root, FIXTURE_CRATE, &quick());
    assert_has(
        &err,
        &[
            &format!("crates/p1-fixture/src/lib.rs:{}: ", line),
            "looped.rs is a symbolic link loop",
        ],
    );
}

#[test]
fn a_solutions_own_build_script_is_refused_by_name() {
    let dir = fixture();
    let root = dir.path();
    append(root, "crates/p1-fixture/build.rs", "fn main() {}\n");
    let err = refusal(root, FIXTURE_CRATE, &quick());
    assert_has(
        &err,
        &[
            "crates/p1-fixture/Cargo.toml: crate `p1-fixture` (p1-fixture 0.3.1) cannot be bundled: it has a build script (build.rs)",
        ],
    );
}

#[test]
fn a_source_that_is_not_utf8_is_named_with_its_line() {
    let dir = fixture();
    let root = dir.path();
    let line = append(root, "crates/p1-fixture/src/lib.rs", "\n// caf") + 1;
    let lib = root.join("crates/p1-fixture/src/lib.rs");
    let mut bytes = std::fs::read(&lib).unwrap();
    bytes.extend_from_slice(b"\xe9\n");
    std::fs::write(&lib, bytes).unwrap();
    let err = refusal(root, FIXTURE_CRATE, &quick());
    assert!(
        err.starts_with(&format!(
            "crates/p1-fixture/src/lib.rs:{}: not UTF-8 (byte 0xe9 at byte 7 of the line)",
            line
        )),
        "{}",
        err
    );
}

/// A build script a judge cannot run (it links a native library) two levels down:
/// `--provided` of the solution's own dependency is what works, so that is the hint.
#[test]
fn a_refusal_of_a_transitive_dependency_names_the_solutions_direct_one() {
    let dir = fixture();
    let root = dir.path();
    append(
        root,
        "crates/deep-built/Cargo.toml",
        "[package]\nname = \"deep-built\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    append(root, "crates/deep-built/src/lib.rs", "pub fn g() {}\n");
    append(
        root,
        "crates/deep-built/build.rs",
        "fn main() {\n    println!(\"cargo:rustc-link-lib=m\");\n}\n",
    );
    with_dependency(
        root,
        "middle",
        "\n[dependencies]\ndeep-built = { path = \"../deep-built\" }\n",
        "pub fn f() {\n    deep_built::g()\n}\n",
    );
    let err = refusal(root, FIXTURE_CRATE, &quick());
    assert_has(
        &err,
        &[
            "crate `deep_built` (deep-built 0.1.0) cannot be bundled: its build script links the native library `m`",
            "pass --provided middle (the solution's dependency that needs deep-built)",
        ],
    );
}

/// An `extern` block in a module declared inside `cfg_if!` (getrandom's `util_libc` under
/// rand): the module is loaded, and the refusal names the crate and the solution's dependency
/// to leave to the judge.
#[test]
fn native_code_behind_cfg_if_two_levels_down_is_refused_with_the_direct_dependency() {
    let dir = fixture();
    let root = dir.path();
    append(
        root,
        "crates/deep-native/Cargo.toml",
        "[package]\nname = \"deep-native\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    append(
        root,
        "crates/deep-native/src/lib.rs",
        "macro_rules! cfg_if { ($($t:tt)*) => {}; }\n\
         cfg_if! {\n    if #[cfg(unix)] {\n        mod sys;\n        pub use sys::g;\n    } else {\n        pub fn g() {}\n    }\n}\n",
    );
    append(
        root,
        "crates/deep-native/src/sys.rs",
        "extern \"C\" {\n    fn getpid() -> i32;\n}\npub fn g() {\n    unsafe { getpid() };\n}\n",
    );
    with_dependency(
        root,
        "middle",
        "\n[dependencies]\ndeep-native = { path = \"../deep-native\" }\n",
        "pub fn f() {\n    deep_native::g()\n}\n",
    );
    let err = refusal(root, FIXTURE_CRATE, &quick());
    assert_has(
        &err,
        &[
            "crate `deep_native` (deep-native 0.1.0) cannot be bundled: crates/deep-native/src/sys.rs:1: an `extern` block links native code",
            "pass --provided middle (the solution's dependency that needs deep-native)",
        ],
    );
}

/// A solution package named like the crate it leaves to the judge: `cargo build -p x` is
/// ambiguous, the package id is not.
#[test]
fn provided_works_when_a_workspace_package_has_the_provided_crates_name() {
    let dir = TempDir::new("same-name").unwrap();
    let root = dir.path().join("ws");
    let write = |file: &Path, text: &str| {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    };
    write(
        &root.join("Cargo.toml"),
        "[workspace]\nmembers = [\"x\"]\nresolver = \"2\"\n",
    );
    write(
        &root.join("x/Cargo.toml"),
        "[package]\nname = \"x\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nx = { path = \"../../lib/x\" }\n\n[package.metadata.judge]\nprovided = [\"x\"]\n",
    );
    write(
        &root.join("x/src/main.rs"),
        "fn main() {\n    println!(\"{}\", x::f());\n}\n",
    );
    write(
        &dir.path().join("lib/x/Cargo.toml"),
        "[package]\nname = \"x\"\nversion = \"0.2.0\"\nedition = \"2021\"\n",
    );
    write(
        &dir.path().join("lib/x/src/lib.rs"),
        "pub fn f() -> u32 {\n    7\n}\n",
    );
    write(&root.join("samples/x/1.in"), "\n");
    write(&root.join("samples/x/1.out"), "7\n");
    let summary = bundle_crate(&root, "x", &quick()).unwrap_or_else(|e| panic!("{:#}", e));
    assert_eq!(summary.samples, 1);
    assert_eq!(summary.provided, ["x".to_string()]);
}

fn without_provided(root: &Path, name: &str, line: &str) {
    let manifest = root.join(format!("crates/{}/Cargo.toml", name));
    let text = std::fs::read_to_string(&manifest).unwrap();
    let without = text.replace(line, "");
    assert_ne!(text, without);
    std::fs::write(&manifest, without).unwrap();
}

/// `#[macro_use] extern crate proconio;` with `#[fastout]`: proconio-derive's macro is used,
/// and only proconio provided brings it (the fixture's bundle, `--fixtures`, proves that).
#[test]
fn fastout_through_macro_use_is_a_proc_macro_use_with_a_hint_that_works() {
    let dir = fixture();
    let root = dir.path();
    without_provided(root, "proconio-macro-use", "provided = [\"proconio\"]\n");
    let err = refusal(root, "proconio-macro-use", &quick());
    assert_has(
        &err,
        &[
            "crate `proconio_derive` (proconio-derive 0.2.1) cannot be bundled: it is a proc-macro crate",
            "(the solution uses `fastout`)",
            "pass --provided proconio, whose #[macro_use] brings them in scope",
        ],
    );
}

/// Following the hint: the bundle compiles with proconio linked from cargo's build (needs
/// proconio from crates.io).
#[test]
#[ignore]
fn following_the_macro_use_hint_bundles_with_proconio_linked() {
    let dir = fixture();
    let root = dir.path();
    without_provided(root, "proconio-macro-use", "provided = [\"proconio\"]\n");
    let mut options = quick();
    options.provided = vec!["proconio".to_string()];
    let summary =
        bundle_crate(root, "proconio-macro-use", &options).unwrap_or_else(|e| panic!("{:#}", e));
    assert_eq!(summary.provided, ["proconio".to_string()]);
    assert_eq!(summary.samples, 1);
}

#[test]
fn the_size_warning_names_the_judges_caps_and_the_way_out() {
    let small = size_warning(20 * 1024, false);
    assert_has(
        &small,
        &[
            "over the 16 KiB target: a warning, the bundle is written",
            "Codeforces 64 KiB",
            "AtCoder 512 KiB",
            "fewer library items",
        ],
    );
    assert!(!small.contains("this is over"), "{}", small);
    let large = size_warning(100 * 1024, true);
    assert_has(&large, &["this is over Codeforces's", "without --pretty"]);
}
