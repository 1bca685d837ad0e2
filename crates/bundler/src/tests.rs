//! End-to-end tests of the bundler: the real problem crates, snapshots of every fixture bundle
//! (`xtask/testdata/fixture`, one crate per construct), and copies of the fixture workspace
//! edited to hit each error. Proving every fixture on every compiler against `cargo run
//! --release` is `cargo xtask bundle --fixtures` (CI runs it): too slow for a unit test.

use super::plan::Workspace;
use super::verify::{first_difference, run_binary, Compiler};
use super::{assemble, assemble_in, assemble_layouts, bundle_crate, Options, TempDir, FIXTURES};
use crate::workspace;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const FIXTURE_CRATE: &str = "p1-fixture";

fn fixture_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURES)
}

/// `cargo metadata` of the fixture workspace, read once.
fn fixture_workspace() -> &'static Workspace {
    static WS: OnceLock<Workspace> = OnceLock::new();
    WS.get_or_init(|| Workspace::read(&fixture_root()).unwrap_or_else(|e| panic!("{:#}", e)))
}

/// The current rustc on edition 2021.
fn current() -> Compiler {
    Compiler {
        rustc: PathBuf::from("rustc"),
        edition: "2021".to_string(),
        deny_warnings: false,
        externs: Vec::new(),
    }
}

/// Compiles bundle text with the current rustc and runs it on `input`.
fn compile_and_run(text: &str, input: &str) -> String {
    let dir = TempDir::new("test").unwrap();
    let source = dir.path().join("bundle.rs");
    std::fs::write(&source, text).unwrap();
    let binary = current()
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
        if entry.file_name() == "target" {
            continue;
        }
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A private copy of the fixture workspace (bundles are written under its `target/`), with
/// the libraries outside it that it depends on beside it.
struct Fixture {
    _dir: TempDir,
    root: PathBuf,
}

impl Fixture {
    fn path(&self) -> &Path {
        &self.root
    }
}

fn fixture() -> Fixture {
    let dir = TempDir::new("fixture").unwrap();
    let root = dir.path().join("fixture");
    copy_dir(&fixture_root(), &root);
    copy_dir(
        &fixture_root().with_file_name("libs"),
        &dir.path().join("libs"),
    );
    Fixture { _dir: dir, root }
}

/// Appends `text` to a file of a workspace; returns the 1-based line its first line lands on.
fn append(root: &Path, file: &str, text: &str) -> usize {
    let path = root.join(file);
    let mut content = std::fs::read_to_string(&path).unwrap_or_default();
    if !content.is_empty() && !content.ends_with('\n') {
        content.push('\n');
    }
    let line = content.lines().count() + 1;
    content.push_str(text);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, content).unwrap();
    line
}

/// One compiler, the quickest proof.
fn quick() -> Options {
    Options::from_flags(None, Some("2021".to_string()))
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
    let (_, kept, available) = assembled.items[0];
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

/// Every fixture bundle, without its header line (it names the commit); `pretty` lays out the
/// libraries like the crate's own code, for tests that look for a piece of code in them.
/// Assembled once for all the tests that read them, both layouts from one pruning, the crates
/// side by side.
fn fixture_bundles(pretty: bool) -> &'static BTreeMap<String, String> {
    type Layouts = [BTreeMap<String, String>; 2];
    static LAYOUTS: OnceLock<Layouts> = OnceLock::new();
    let layouts = LAYOUTS.get_or_init(|| {
        let ws = fixture_workspace();
        let names = ws.binaries();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        let mut layouts: Layouts = Default::default();
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|_| {
                    // As `run_with`'s bundling threads: pruning recurses through glob cycles.
                    let thread = std::thread::Builder::new().stack_size(256 << 20);
                    thread.spawn_scoped(scope, || {
                        let mut done = Vec::new();
                        loop {
                            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            let Some(target) = names.get(i) else {
                                break done;
                            };
                            let name = &target.id;
                            let both = assemble_layouts(ws, target, &quick(), &[false, true])
                                .unwrap_or_else(|e| panic!("{}: {:#}", name, e));
                            let body = |a: &super::Assembled| {
                                let text = &a.text;
                                text.split_once('\n')
                                    .map_or("", |(_, rest)| rest)
                                    .to_string()
                            };
                            done.push((name.clone(), [body(&both[0]), body(&both[1])]));
                        }
                    })
                })
                .map(|spawned| spawned.expect("an assembling thread starts"))
                .collect();
            for handle in handles {
                for (name, [compact, pretty]) in handle.join().expect("assembling panicked") {
                    layouts[0].insert(name.clone(), compact);
                    layouts[1].insert(name, pretty);
                }
            }
        });
        layouts
    });
    &layouts[usize::from(pretty)]
}

#[test]
fn fixture_bundles_match_their_snapshots() {
    let bundles = fixture_bundles(false);
    assert!(bundles.len() >= 20, "{:?}", bundles.keys());
    for (name, text) in bundles {
        insta::assert_snapshot!(name.as_str(), text);
    }
}

#[test]
fn all_bundles_binaries_and_skips_pure_libraries() {
    let names: Vec<String> = fixture_workspace()
        .binaries()
        .into_iter()
        .map(|t| t.id)
        .collect();
    assert!(names.iter().any(|n| n == FIXTURE_CRATE));
    assert!(!names.iter().any(|n| n == "dp-core" || n == "cp-util"));
}

#[test]
fn fixture_bundle_is_pruned_and_resolves_what_cargo_resolves() {
    let bundles = fixture_bundles(true);
    let text = &bundles[FIXTURE_CRATE];
    for kept in [
        "#[macro_export]",
        "$crate::dp_core::util::assign_max(",
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
    // cp-util is built without its default feature `fast` but with `extra` for this crate.
    let cfg = &bundles["cfg-everywhere"];
    assert!(
        cfg.contains("let mut m = if false { 1 } else { 2 };"),
        "{}",
        cfg
    );
    assert!(
        cfg.contains("m += 10;") && !cfg.contains("slow-stats"),
        "{}",
        cfg
    );
    // Tables are inlined as literals.
    assert!(bundles["include-tables"].contains("\"0 1 4 9 16"));
    // `'gen` is renamed, `gen` made raw, and `stringify!` input left alone.
    assert!(bundles["gen-names"].contains("'gen_: for"));
    assert!(bundles["stringify-concat"].contains("stringify!(gen)"));
    // ac-library-rs bundled from cargo's download, under 24 KiB.
    // Traits in scope only through a prelude glob stay, with the prelude; a trait sharing a
    // method name but in scope nowhere it is called goes.
    let prelude = &bundles["prelude-traits"];
    assert!(
        prelude.contains("pub use crate::cp_traits::ext::{ChMax, Digits as _};")
            && !prelude.contains("Shadow"),
        "{}",
        prelude
    );
    let acl = &bundles["acl-dsu-modint"];
    assert!(
        acl.contains("mod ac_library") && acl.len() < 24 * 1024,
        "{}",
        acl.len()
    );
    // A provided crate stays external.
    assert!(bundles["acl-provided"].contains("use ac_library::Dsu;"));
}

#[test]
fn inherent_items_are_kept_by_the_type_their_path_names() {
    let ws = fixture_workspace();
    let text = assemble_in(ws, &ws.target("inherent-by-type").unwrap(), &quick(), true)
        .unwrap_or_else(|e| panic!("{:#}", e))
        .text;
    // Reached: by `Type::f`, through the alias `Tree`, by `Self::` chains, `<Graph>::C`, `.f(`
    // calls, and `Grid::parse` from an impl in another module.
    for kept in [
        "pub fn from_edges",
        "pub fn from_parents",
        "pub fn new(n: usize)",
        "pub const MAX_N: usize = 200_000;",
        "pub const UNREACHED",
        "fn relax",
        "pub fn bfs",
        "pub fn add_edge",
        "pub fn parse(reader",
        "pub fn cells(&self) -> usize {\n        self.rows",
        "pub fn new_from_str",
        "pub fn read<",
    ] {
        assert!(text.contains(kept), "{:?} is missing:\n{}", kept, text);
    }
    // Their names are used, but by paths of other types (`Grid::parse`, `Grid::cells(&g)`,
    // `Graph::new`, `VecDeque::new`, `Self::MAX_N` in `Graph`) or not at all.
    for pruned in [
        "pub fn parse(text",
        "self.adj.iter().map(Vec::len).sum()",
        "pub fn new(h: usize",
        "2_000",
        "new_complete",
        "new_path_graph",
        "new_from_bytes",
        "read_vec",
        "degree_histogram",
        "DEBUG_LABEL",
    ] {
        assert!(
            !text.contains(pruned),
            "{:?} should be gone:\n{}",
            pruned,
            text
        );
    }
}

#[test]
fn fixture_bundle_compiles_and_passes_its_sample() {
    let dir = fixture();
    let summary =
        bundle_crate(dir.path(), FIXTURE_CRATE, &quick()).unwrap_or_else(|e| panic!("{:#}", e));
    assert_eq!(summary.samples, 1);
    let text = std::fs::read_to_string(workspace::bundle_path(dir.path(), FIXTURE_CRATE)).unwrap();
    assert!(
        text.starts_with("// p1-fixture: bundled by `cargo xtask bundle` (dp-core 0.3.1"),
        "{}",
        text
    );
    let got = compile_and_run(&text, "2\n-3 -4\n3 4\n");
    assert_eq!(first_difference("7 (-3, -4)", &got), None, "got {:?}", got);
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
fn a_missing_path_module_file_is_reported_at_its_line() {
    let (err, line) = assemble_error(|root| {
        append(
            root,
            "crates/dp-core/src/lib.rs",
            "#[path = \"elsewhere.rs\"]\nmod moved;\n",
        ) + 1
    });
    let expected = format!(
        "crates/dp-core/src/lib.rs:{}: file not found for module `moved`",
        line
    );
    assert!(err.starts_with(&expected), "{}", err);
}

#[test]
fn a_missing_included_file_is_reported_at_its_line() {
    let (err, line) = assemble_error(|root| {
        append(
            root,
            "crates/p1-fixture/src/lib.rs",
            "\npub const TEXT: &str = include_str!(\"data.txt\");\n",
        ) + 1
    });
    let expected = format!(
        "crates/p1-fixture/src/lib.rs:{}: `include_str!` cannot read",
        line
    );
    assert!(err.starts_with(&expected), "{}", err);
}

#[test]
fn a_missing_included_code_file_and_an_unknown_env_var_are_reported_at_their_lines() {
    let (err, line) = assemble_error(|root| {
        append(
            root,
            "crates/p1-fixture/src/lib.rs",
            "\ninclude!(\"gen.rs\");\n",
        ) + 1
    });
    let expected = format!(
        "crates/p1-fixture/src/lib.rs:{}: `include!` cannot read",
        line
    );
    assert!(err.starts_with(&expected), "{}", err);
    let (err, line) = assemble_error(|root| {
        append(
            root,
            "crates/p1-fixture/src/lib.rs",
            "\npub const HOME: &str = env!(\"HOME\");\n",
        ) + 1
    });
    let expected = format!(
        "crates/p1-fixture/src/lib.rs:{}: `env!` of a variable cargo does not set",
        line
    );
    assert!(err.starts_with(&expected), "{}", err);
}

/// Adds a dependency crate `name` to a fixture copy with `manifest` extra lines and `lib`
/// as its library, and makes p1-fixture depend on it.
fn with_dependency(root: &Path, name: &str, manifest: &str, lib: &str) {
    append(
        root,
        &format!("crates/{}/Cargo.toml", name),
        &format!(
            "[package]\nname = \"{}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n{}",
            name, manifest
        ),
    );
    append(root, &format!("crates/{}/src/lib.rs", name), lib);
    append(
        root,
        "crates/p1-fixture/Cargo.toml",
        &format!("{} = {{ path = \"../{}\" }}\n", name, name),
    );
}

#[test]
fn dependencies_that_are_not_std_only_are_refused_with_the_reason() {
    let (err, _) = assemble_error(|root| {
        with_dependency(root, "derive-x", "[lib]\nproc-macro = true\n", "");
        // Refused when used: a proc-macro dependency nothing names is left out.
        append(
            root,
            "crates/p1-fixture/src/main.rs",
            "use derive_x::Hello;\n",
        )
    });
    assert!(
        err.contains(
            "crate `derive_x` (derive-x 0.1.0) cannot be bundled: it is a proc-macro crate"
        ),
        "{}",
        err
    );
    // A build script that generates the code the crate includes, or links native code.
    let (err, _) = assemble_error(|root| {
        with_dependency(
            root,
            "built",
            "",
            "pub fn f() {}\ninclude!(concat!(env!(\"OUT_DIR\"), \"/gen.rs\"));\n",
        );
        append(
            root,
            "crates/built/build.rs",
            "fn main() {\n    let out = std::env::var(\"OUT_DIR\").unwrap();\n    std::fs::write(format!(\"{}/gen.rs\", out), \"pub fn g() {}\").unwrap();\n}\n",
        );
        0
    });
    assert!(
        err.contains("crate `built` (built 0.1.0) cannot be bundled: its build script generates code, which the crate reads from OUT_DIR (crates/built/src/lib.rs:2)"),
        "{}",
        err
    );
    let (err, _) = assemble_error(|root| {
        with_dependency(root, "linked", "", "pub fn f() {}\n");
        append(
            root,
            "crates/linked/build.rs",
            "fn main() {\n    println!(\"cargo:rustc-link-lib=m\");\n}\n",
        );
        0
    });
    assert!(
        err.contains("crate `linked` (linked 0.1.0) cannot be bundled: its build script links the native library `m`"),
        "{}",
        err
    );
    let (err, _) = assemble_error(|root| {
        with_dependency(
            root,
            "native",
            "",
            "extern \"C\" {\n    fn abs(x: i32) -> i32;\n}\n",
        );
        0
    });
    assert!(
        err.contains("crates/native/src/lib.rs:1: an `extern` block links native code"),
        "{}",
        err
    );
}

/// What the current rustc on `edition` answers to `input` with the bundle `text`.
fn run_on_edition(text: &str, edition: &str, input: &str) -> String {
    let dir = TempDir::new("test").unwrap();
    let source = dir.path().join("bundle.rs");
    std::fs::write(&source, text).unwrap();
    let compiler = Compiler {
        edition: edition.to_string(),
        ..current()
    };
    let binary = compiler
        .compile(&source, dir.path(), "bin")
        .unwrap_or_else(|err| panic!("{:#}\n{}", err, text));
    let input_file = dir.path().join("input.txt");
    std::fs::write(&input_file, input).unwrap();
    run_binary(&binary, &input_file, dir.path()).unwrap().stdout
}

#[test]
fn libraries_the_pruner_broke_compile_on_every_edition_and_answer() {
    // smallvec's `$crate::alloc::vec!`, arrayvec 0.5's macro-written impls, memchr's module
    // reached by `$crate::arch::fast::$kind` and its `ref x` under `match self`; zerocopy's
    // `mod r#ref;`, `const _` impls, a module of a glob from core, `: crate::T` in a macro.
    let text = &fixture_bundles(false)["pruner-traps-use"];
    for edition in ["2021", "2024"] {
        assert_eq!(
            run_on_edition(text, edition, "7\n"),
            "2 4 3 5 14 4\n",
            "{}",
            edition
        );
    }
    assert!(text.contains("Imp::Owned(x)=>x"), "{}", text);
    assert!(
        !text.contains("Unused") && !text.contains("Documented"),
        "{}",
        text
    );
    assert!(
        text.contains("const LAYOUT:crate::pruner_traps::Layout"),
        "{}",
        text
    );
    // num-integer over a provided num-traits keeps the trait its `.is_zero()` calls need.
    let provided = &fixture_bundles(true)["num-provided"];
    assert!(
        provided.contains("use num_traits::{Num, Signed, Zero};"),
        "{}",
        provided
    );
}

#[test]
fn a_build_script_that_probes_gives_its_cfgs_as_for_the_oldest_judge() {
    let text = &fixture_bundles(false)["probe-use"];
    // `has_probe` is set, so `not(has_probe)` went; `has_once_lock` is decided as rustc
    // 1.63 decides it when that judge is installed.
    assert!(!text.contains("cfg("), "{}", text);
    assert!(text.contains("pub fn answer()->u32{42}"), "{}", text);
    let old_judge = Path::new(super::OLD_RUSTC).is_file();
    assert_eq!(text.contains("OnceLock"), !old_judge, "{}", text);
    assert_eq!(compile_and_run(text, "1\n"), "43\n");
    // num-traits' autocfg probe: its `has_total_cmp` code compiles without the build script.
    let num = &fixture_bundles(false)["num-integer-use"];
    assert!(!num.contains("has_total_cmp"), "{}", num);
    assert_eq!(compile_and_run(num, "12 18\n"), "6 36 true\n");
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
    let mut options = quick();
    bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap();
    let target = workspace::bundle_path(dir.path(), FIXTURE_CRATE);
    let good = std::fs::read_to_string(&target).unwrap();

    // A warning is shown, not fatal; `--deny-warnings` makes it fatal.
    let lib = dir.path().join("crates/p1-fixture/src/lib.rs");
    let source = std::fs::read_to_string(&lib).unwrap();
    let warned = source.replace("let n =", "let unused = 1;\n    let n =");
    std::fs::write(&lib, &warned).unwrap();
    let summary = bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap();
    assert!(
        summary.warnings.contains("unused variable"),
        "{}",
        summary.warnings
    );
    options.deny_warnings();
    let err = format!(
        "{:#}",
        bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap_err()
    );
    assert!(err.contains("unused variable"), "{}", err);
    assert!(target.with_extension("rs.failed").is_file());

    // A wrong answer names the case and the first differing token.
    std::fs::write(&lib, source).unwrap();
    bundle_crate(dir.path(), FIXTURE_CRATE, &quick()).unwrap();
    std::fs::write(
        dir.path().join("samples/p1-fixture/statement.out"),
        "1004 (1000, 3)\n",
    )
    .unwrap();
    let err = format!(
        "{:#}",
        bundle_crate(dir.path(), FIXTURE_CRATE, &quick()).unwrap_err()
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
fn a_compile_error_points_at_the_failed_file_and_the_source_once_for_all_compilers() {
    let dir = fixture();
    let lib = dir.path().join("crates/p1-fixture/src/lib.rs");
    let source = std::fs::read_to_string(&lib).unwrap();
    let line = source.lines().position(|l| l.contains("let n =")).unwrap() + 1;
    std::fs::write(&lib, source.replace("let n =", "let n: String =")).unwrap();
    let mut options = quick();
    options.compilers.push(Compiler {
        edition: "2024".to_string(),
        ..current()
    });
    let err = format!(
        "{:#}",
        bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap_err()
    );
    let from = format!("(from crates/p1-fixture/src/lib.rs:{})", line);
    assert!(
        err.contains("--> target/bundle/p1-fixture.rs.failed:"),
        "{}",
        err
    );
    assert!(err.contains(&from), "{}", err);
    // Two errors, each shown once for both compilers.
    assert_eq!(
        err.matches("error[E0308]: mismatched types").count(),
        2,
        "{}",
        err
    );
    assert_eq!(err.matches("(2021), rustc").count(), 2, "{}", err);
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
    options.compilers.push(current());
    let summary = bundle_crate(dir.path(), FIXTURE_CRATE, &options).unwrap();
    assert!(
        summary
            .to_string()
            .ends_with("(not checked: /nonexistent/rustc is missing)"),
        "{}",
        summary
    );
}

/// A remembered proof stands only for the same text, compilers and samples: each of them
/// changes the key, and a proof is read back only under its own key.
#[test]
fn a_proof_is_remembered_only_for_what_it_proved() {
    let dir = TempDir::new("proof").unwrap();
    let (input, expected) = (dir.path().join("a.in"), dir.path().join("a.out"));
    std::fs::write(&input, "1 2\n").unwrap();
    std::fs::write(&expected, "3\n").unwrap();
    let cases = vec![("a".to_string(), input.clone(), expected.clone())];
    let compilers = Options::from_flags(None, None).compilers;
    let key = super::proof_key("fn main() {}", &compilers, &cases, None).unwrap();
    assert_eq!(
        key,
        super::proof_key("fn main() {}", &compilers, &cases, None).unwrap()
    );
    assert_ne!(
        key,
        super::proof_key("fn main() { }", &compilers, &cases, None).unwrap()
    );
    assert_ne!(
        key,
        super::proof_key("fn main() {}", &compilers[..1], &cases, None).unwrap()
    );
    std::fs::write(&expected, "4\n").unwrap();
    assert_ne!(
        key,
        super::proof_key("fn main() {}", &compilers, &cases, None).unwrap()
    );

    let file = dir.path().join("proofs").join("x");
    let proof = super::verify::Proof {
        passed: vec!["rustc 1.95.0 (2021)".to_string()],
        edition_note: Some("for edition 2021 only".to_string()),
        ..Default::default()
    };
    super::write_proof(&file, key, &proof);
    let read = super::read_proof(&file, key).expect("the proof under its key");
    assert_eq!(read.passed, proof.passed);
    assert_eq!(read.edition_note, proof.edition_note);
    assert!(super::read_proof(&file, key ^ 1).is_none());
    // Edited with its key kept (a forged compiler, a dropped refusal), or its seal removed:
    // not believed, so the bundle is proven again.
    let record = std::fs::read_to_string(&file).unwrap();
    let edited = |change: &dyn Fn(&mut serde_json::Value)| {
        let mut json: serde_json::Value = serde_json::from_str(&record).unwrap();
        change(&mut json);
        std::fs::write(&file, json.to_string()).unwrap();
        super::read_proof(&file, key)
    };
    assert!(edited(&|_| {}).is_some(), "an unedited record is read");
    assert!(edited(&|j| j["passed"][0] = "rustc 0.0.1-forged (2021)".into()).is_none());
    assert!(edited(&|j| j["edition_note"] = serde_json::Value::Null).is_none());
    assert!(edited(&|j| j["warnings"] = "forged".into()).is_none());
    assert!(edited(&|j| {
        j.as_object_mut().unwrap().remove("seal");
    })
    .is_none());
}

#[test]
fn a_git_dependency_is_named_with_its_commit() {
    assert_eq!(
        super::assemble::git_source(
            "git+https://github.com/user/lib?branch=main#0123456789abcdef0123456789abcdef01234567"
        ),
        Some(("https://github.com/user/lib", "0123456789ab"))
    );
    assert_eq!(
        super::assemble::git_source("registry+https://github.com/rust-lang/crates.io-index"),
        None
    );
}

#[test]
fn libraries_contestants_use_bundle_compact_and_whole() {
    let pretty = fixture_bundles(true);
    // Names used only as patterns keep their imports and items.
    let patterns = &pretty["pattern-imports"];
    for kept in [
        "use std::cmp::Ordering::{Equal, Greater, Less};",
        "use crate::kyopro_lib::limits::{Origin, LIMIT, ZERO};",
        "pub const ZERO: i64 = 0;",
        "pub struct Origin;",
    ] {
        assert!(
            patterns.contains(kept),
            "{:?} is missing:\n{}",
            kept,
            patterns
        );
    }
    assert!(!patterns.contains("UNUSED_LIMIT"), "{}", patterns);
    // `extern crate alloc;` binds at the bundle root, for every module of the library.
    let alloc = &pretty["alloc-lib"];
    let at = alloc.find("extern crate alloc;").expect(alloc);
    assert!(at < alloc.find("mod kyopro_lib").unwrap(), "{}", alloc);
    assert_eq!(alloc.matches("extern crate alloc;").count(), 1, "{}", alloc);
    // A function globbed from a module of its own name stays, its sibling goes.
    let glob = &pretty["same-name-glob"];
    assert!(
        glob.contains("pub fn double") && glob.contains("pub use self::double::*;"),
        "{}",
        glob
    );
    assert!(!glob.contains("triple"), "{}", glob);
    // An unused glob of a proc-macro crate is dropped, not refused.
    assert!(!pretty["proconio-derive-unused"].contains("proconio_derive"));

    // proconio and itertools are laid out compactly (their stringifying macros and all), and
    // code from crates.io gets no warnings, as cargo gives it none.
    let compact = fixture_bundles(false);
    for (name, module) in [
        ("proconio-input", "mod proconio{"),
        ("proconio-six", "mod proconio{"),
        ("itertools-use", "mod itertools{"),
    ] {
        let text = &compact[name];
        assert!(text.contains(module), "{}:\n{}", name, text);
        assert!(text.contains("#[allow(warnings)]mod"), "{}", name);
    }
    // The usual template, proconio's `input!` with ac-library-rs's segment tree, fits 16 KiB.
    let segtree = compact["acl-segtree-proconio"].len();
    assert!(segtree < 16 * 1024, "{} bytes", segtree);
    assert!(
        compact["proconio-input"].len() < 11 * 1024,
        "{}",
        compact["proconio-input"].len()
    );
}

#[test]
fn a_proc_macro_used_for_real_is_refused_naming_the_macro_and_the_hint() {
    let dir = fixture();
    let manifest = dir.path().join("crates/proconio-fastout/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let without = text.replace(
        "[package.metadata.judge]\nprovided = [\"proconio-derive\"]\n",
        "",
    );
    assert_ne!(text, without);
    std::fs::write(&manifest, without).unwrap();
    let err = match assemble(dir.path(), "proconio-fastout") {
        Ok(_) => panic!("a bundle that uses #[fastout] was made"),
        Err(err) => format!("{:#}", err),
    };
    for part in [
        "crate `proconio_derive` (proconio-derive 0.2.1) cannot be bundled: it is a proc-macro crate",
        "(the solution uses `fastout`)",
        "pass --provided proconio (the solution's dependency that re-exports it; --provided proconio-derive alone serves only macros",
    ] {
        assert!(err.contains(part), "{:?} is missing: {}", part, err);
    }
}

#[test]
fn a_compiler_older_than_a_library_needs_is_noted_and_can_be_set_aside() {
    let dir = fixture();
    let summary = bundle_crate(dir.path(), "needs-gat", &Options::from_flags(None, None))
        .unwrap_or_else(|e| panic!("{:#}", e));
    assert_eq!(summary.checked.len(), 2, "{}", summary);
    let note = summary.refused.join("\n");
    for part in [
        "not for rustc 1.63.0 (2021), which rejects ext-lib 0.2.0",
        "generic associated types are unstable at ",
        "ext-lib/src/lending.rs:3",
        "compilers = [\"rustc 2021\", \"rustc 2024\"]",
    ] {
        assert!(note.contains(part), "{:?} is missing: {}", part, note);
    }
    assert!(summary.to_string().contains(&note), "{}", summary);

    // The judges' compilers as a setting of the crate: no note, one proof.
    append(
        dir.path(),
        "crates/needs-gat/Cargo.toml",
        "\n[package.metadata.judge]\ncompilers = [\"rustc 2021\"]\n",
    );
    let summary = bundle_crate(dir.path(), "needs-gat", &Options::from_flags(None, None)).unwrap();
    assert_eq!(summary.checked.len(), 1, "{}", summary);
    assert!(summary.checked[0].ends_with("(2021)"), "{}", summary);
    assert!(summary.refused.is_empty(), "{}", summary);

    // The old compiler refusing the user's own code still fails the bundle.
    let dir = fixture();
    append(
        dir.path(),
        "crates/needs-gat/src/main.rs",
        "\n#[allow(dead_code)]\nstatic CELL: std::sync::OnceLock<u8> = std::sync::OnceLock::new();\n",
    );
    let err = format!(
        "{:#}",
        bundle_crate(dir.path(), "needs-gat", &Options::from_flags(None, None)).unwrap_err()
    );
    assert!(
        err.contains("once_cell") && err.contains("crates/needs-gat/src/main.rs"),
        "{}",
        err
    );
}

#[test]
fn code_from_crates_io_never_warns_even_with_deny_warnings() {
    let dir = fixture();
    let mut options = quick();
    options.deny_warnings();
    let summary =
        bundle_crate(dir.path(), "proconio-input", &options).unwrap_or_else(|e| panic!("{:#}", e));
    assert!(summary.warnings.is_empty(), "{}", summary.warnings);
}

#[test]
fn generated_inputs_must_be_answered_as_the_solver_answered_them() {
    let dir = fixture();
    let inputs = dir.path().join("inputs");
    std::fs::create_dir_all(&inputs).unwrap();
    // `0` is no sample's number: `ZERO =>` must not become a binding that matches anything.
    std::fs::write(inputs.join("7.in"), "0 1 0\n").unwrap();
    let answered = |answer: &str| {
        std::fs::write(inputs.join("7.out"), answer).unwrap();
        super::Generated {
            cases: vec![("7".to_string(), inputs.join("7.in"), inputs.join("7.out"))],
            dir: None,
        }
    };
    let generated = answered("-1 zero\n1 positive\n");
    let summary =
        super::bundle_crate_with(dir.path(), "pattern-imports", &quick(), Some(&generated))
            .unwrap_or_else(|e| panic!("{:#}", e));
    assert_eq!(summary.generated, 1);
    assert!(
        summary
            .to_string()
            .contains("1 generated input answered as the solver does"),
        "{}",
        summary
    );
    // An answer the bundle does not give: refused, naming the input, which is kept.
    let generated = answered("-1 positive\n1 positive\n");
    let err = format!(
        "{:#}",
        super::bundle_crate_with(dir.path(), "pattern-imports", &quick(), Some(&generated))
            .unwrap_err()
    );
    assert!(
        err.contains("generated input 7 (target/bundle/pattern-imports.failed-7.in): the bundle answers differently from the solver: wrong answer")
            && err.contains("token 2")
            && err.contains("solver:   \"positive\"")
            && err.contains("bundle:   \"zero\""),
        "{}",
        err
    );
    assert!(dir
        .path()
        .join("target/bundle/pattern-imports.failed-7.in")
        .is_file());
    // A refusal is an answer too: the bundle must exit with that `error:` line, as with samples.
    let generated = answered("error: no such input\n");
    let err = format!(
        "{:#}",
        super::bundle_crate_with(dir.path(), "pattern-imports", &quick(), Some(&generated))
            .unwrap_err()
    );
    assert!(err.contains("bundle:   \"-1\""), "{}", err);
}

/// `--provided`, as a refusal's hint says, links the proc-macro crate from cargo's build: a
/// full release build of proconio in a fixture copy (`cargo xtask bundle --fixtures` proves
/// the same through `provided` in the crate's metadata).
#[test]
#[ignore]
fn following_the_proc_macro_hint_bundles_with_the_crate_linked() {
    let dir = fixture();
    let manifest = dir.path().join("crates/proconio-fastout/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(
        &manifest,
        text.replace("provided = [\"proconio-derive\"]\n", ""),
    )
    .unwrap();
    let mut options = quick();
    options.provided = vec!["proconio-derive".to_string()];
    let summary = bundle_crate(dir.path(), "proconio-fastout", &options)
        .unwrap_or_else(|e| panic!("{:#}", e));
    assert_eq!(summary.provided, ["proconio_derive".to_string()]);
}

/// The generated inputs of `pattern-imports` for `run_with`'s tests: one input and the
/// solver's answer, in `root/inputs`.
fn one_generated_input(root: &Path) -> super::Generated {
    let inputs = root.join("inputs");
    std::fs::create_dir_all(&inputs).unwrap();
    std::fs::write(inputs.join("7.in"), "0 1 0\n").unwrap();
    std::fs::write(inputs.join("7.out"), "-1 zero\n1 positive\n").unwrap();
    super::Generated {
        cases: vec![("7".to_string(), inputs.join("7.in"), inputs.join("7.out"))],
        dir: None,
    }
}

fn run_with_args(root: &Path, names: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "--workspace",
        &root.display().to_string(),
        "--rustc",
        "rustc",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(names.iter().map(|s| s.to_string()));
    args
}

/// A bundle runs its generated inputs as soon as they are delivered: the first crate's bundle
/// is proved and written while the inputs of the other crate are still being made (here:
/// never, which leaves it to its samples).
#[test]
fn each_bundle_runs_its_generated_inputs_as_soon_as_they_are_delivered() {
    let dir = fixture();
    let root = dir.path();
    let written = root.join("target/bundle/pattern-imports.rs");
    let prepare = |_: &Path, names: &[String], deliver: &super::Deliver| {
        let k = names.iter().position(|n| n == "pattern-imports").unwrap();
        deliver(k, Ok(Some(one_generated_input(root))));
        let start = std::time::Instant::now();
        while !written.is_file() {
            if start.elapsed() > std::time::Duration::from_secs(300) {
                context_error::bail!("pattern-imports waited for the other crate's inputs");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        Ok(())
    };
    super::run_with(
        run_with_args(root, &["pattern-imports", FIXTURE_CRATE]),
        &prepare,
    )
    .unwrap_or_else(|e| panic!("{:#}", e));
    assert!(root
        .join(format!("target/bundle/{}.rs", FIXTURE_CRATE))
        .is_file());
}

/// Inputs that could not be made fail the bundles that wanted them, with the reason, and
/// leave no bundle written; a crate delivered before the failure is proved as usual.
#[test]
fn a_crate_whose_generated_inputs_were_not_made_fails_with_the_reason() {
    let dir = fixture();
    let root = dir.path();
    let prepare = |_: &Path, names: &[String], deliver: &super::Deliver| {
        let k = names.iter().position(|n| n == "pattern-imports").unwrap();
        deliver(k, Ok(Some(one_generated_input(root))));
        context_error::bail!("cargo build failed")
    };
    let err = super::run_with(
        run_with_args(root, &["pattern-imports", FIXTURE_CRATE]),
        &prepare,
    )
    .unwrap_err();
    assert_eq!(
        format!("{:#}", err),
        format!("1 of 2 bundles failed: {}", FIXTURE_CRATE)
    );
    assert!(root.join("target/bundle/pattern-imports.rs").is_file());
    assert!(!root
        .join(format!("target/bundle/{}.rs", FIXTURE_CRATE))
        .exists());
}

mod layouts;
mod refusals;
