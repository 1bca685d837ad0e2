//! `cargo gamedp-bundle`, as `cargo install --path crates/bundler` installs it, on a workspace
//! of its own: run from a crate's folder, it finds that workspace, bundles the crate with its
//! samples and writes the bundle there.

use std::path::Path;
use std::process::Command;

fn write(root: &Path, file: &str, text: &str) {
    let path = root.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn bundles_a_crate_of_the_workspace_it_is_run_in() {
    let dir = bundler::TempDir::new("installed").unwrap();
    let ws = dir.path();
    write(
        ws,
        "Cargo.toml",
        "[workspace]\nmembers = [\"mylib\", \"sol\"]\nresolver = \"2\"\n",
    );
    write(
        ws,
        "mylib/Cargo.toml",
        "[package]\nname = \"mylib\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        ws,
        "mylib/src/lib.rs",
        "pub fn gcd(a: u64, b: u64) -> u64 { if b == 0 { a } else { gcd(b, a % b) } }\npub fn never_used() {}\n",
    );
    write(
        ws,
        "sol/Cargo.toml",
        "[package]\nname = \"sol\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nmylib = { path = \"../mylib\" }\n",
    );
    write(
        ws,
        "sol/src/main.rs",
        "fn main() {\n    let mut s = String::new();\n    std::io::stdin().read_line(&mut s).unwrap();\n    let v: Vec<u64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();\n    println!(\"{}\", mylib::gcd(v[0], v[1]));\n}\n",
    );
    write(ws, "samples/sol/1.in", "12 18\n");
    write(ws, "samples/sol/1.out", "6\n");
    let out = Command::new(env!("CARGO_BIN_EXE_cargo-gamedp-bundle"))
        .args(["gamedp-bundle", "sol", "--rustc", "rustc"])
        .current_dir(ws.join("sol/src"))
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}{}",
        stdout,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.starts_with("sol: ") && stdout.contains("1 sample passed"),
        "{}",
        stdout
    );
    let bundle = std::fs::read_to_string(ws.join("target/bundle/sol.rs")).unwrap();
    assert!(
        bundle.contains("pub fn gcd") && !bundle.contains("never_used"),
        "{}",
        bundle
    );
    // The header names the command that wrote it.
    assert!(
        bundle.starts_with("// sol: bundled by `cargo gamedp-bundle`"),
        "{}",
        bundle
    );
    // Its temporary work was under that workspace's target/ (and is gone).
    assert!(ws.join("target/tmp").is_dir());
}

fn gamedp_bundle(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cargo-gamedp-bundle"))
        .arg("gamedp-bundle")
        .args(args)
        .current_dir(dir)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// cargo-compete's layout: a package per contest with a `[[bin]]` per problem and its samples
/// in `testcases/<problem>.yml`; `--bin` takes one, `--all` every one, and what is wrong says
/// this command and the real binaries.
#[test]
fn bundles_a_binary_of_a_cargo_compete_package() {
    let dir = bundler::TempDir::new("installed").unwrap();
    let ws = dir.path();
    write(
        ws,
        "Cargo.toml",
        "[workspace]\nmembers = [\"abc100\"]\nresolver = \"2\"\n",
    );
    let mut manifest =
        "[package]\nname = \"abc100\"\nversion = \"0.1.0\"\nedition = \"2021\"\n".to_string();
    for p in ["a", "b"] {
        manifest.push_str(&format!(
            "\n[[bin]]\nname = \"abc100-{}\"\npath = \"src/bin/{}.rs\"\n",
            p, p
        ));
        write(
            ws,
            &format!("abc100/src/bin/{}.rs", p),
            &format!("fn main() {{\n    let mut s = String::new();\n    std::io::stdin().read_line(&mut s).unwrap();\n    let n: u64 = s.trim().parse().unwrap();\n    println!(\"{{}}\", n * {});\n}}\n", if p == "a" { 2 } else { 3 }),
        );
        write(
            ws,
            &format!("abc100/testcases/{}.yml", p),
            &format!("---\ntype: Batch\ntimelimit: 2s\nmatch: Lines\n\ncases:\n  - name: sample1\n    in: |\n      7\n    out: |\n      {}\n\nextend: []\n", if p == "a" { 14 } else { 21 }),
        );
    }
    write(ws, "abc100/Cargo.toml", &manifest);
    let (ok, stdout, stderr) = gamedp_bundle(
        &ws.join("abc100"),
        &["--bin", "abc100-a", "--rustc", "rustc"],
    );
    assert!(ok, "{}{}", stdout, stderr);
    assert!(
        stdout.starts_with("abc100-a: ") && stdout.contains("1 sample passed"),
        "{}",
        stdout
    );
    assert!(ws.join("target/bundle/abc100-a.rs").is_file());
    let (ok, stdout, stderr) = gamedp_bundle(ws, &["--all", "--rustc", "rustc"]);
    assert!(ok && stdout.contains("abc100-b: "), "{}{}", stdout, stderr);
    let (ok, _, stderr) = gamedp_bundle(ws, &["abc100-c"]);
    assert!(
        !ok && stderr.contains("the binaries are: abc100-a, abc100-b"),
        "{}",
        stderr
    );
    let (ok, _, stderr) = gamedp_bundle(ws, &[]);
    assert!(
        !ok && stderr.contains("usage: cargo gamedp-bundle "),
        "{}",
        stderr
    );
}

/// Its help is the bundle command's, under its own name; the generated-input options, which
/// need the workbench's oracle programs, are refused with one line naming them.
#[test]
fn answers_help_and_refuses_the_workbench_options() {
    let dir = std::env::temp_dir();
    let (ok, help, _) = gamedp_bundle(&dir, &["--help"]);
    assert!(ok);
    assert!(
        help.starts_with("cargo gamedp-bundle <crates>..."),
        "{}",
        help
    );
    assert!(help.contains("--allow-include <P>"), "{}", help);
    for option in ["--cases", "--seed", "--no-generated"] {
        let args: &[&str] = if option == "--no-generated" {
            &["sol", option]
        } else {
            &["sol", option, "3"]
        };
        let (ok, _, stderr) = gamedp_bundle(&dir, args);
        assert!(!ok, "{}", option);
        assert_eq!(
            stderr,
            format!(
                "error: {} is an option of `cargo xtask bundle` in the gamedp workspace\n",
                option
            )
        );
    }
    let (ok, _, stderr) = gamedp_bundle(&dir, &["sol", "--bogus"]);
    assert!(!ok);
    assert_eq!(
        stderr,
        "error: unknown option --bogus (the options: `cargo gamedp-bundle --help`)\n"
    );
}
