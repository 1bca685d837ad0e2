//! Part of stage 1, load: libraries with a build script. Most such scripts only probe the
//! compiler (autocfg's `has_total_cmp`, version checks) and tell rustc a few `cfg`s, which
//! the bundle can resolve as it resolves features. Cargo has run them already: `cargo check
//! --message-format=json` reports each run (`build-script-executed`: the `cfg`s, the `env`
//! variables, the native libraries it links). A script that links a native library, or
//! whose crate reads what it generates (`OUT_DIR`), is refused naming that.
//!
//! A probe answers for the compiler it ran with, and the judge's may be older (rustc 1.63 has
//! no `f64::total_cmp`): the script is run again with `RUSTC` set to each judge compiler, and
//! the bundle takes the `cfg`s the oldest of them gets. Code behind a probe's "no" is the
//! fallback a newer compiler also compiles; the proof on every compiler checks it.

use context_error::{bail, err, Context, Result};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a build script told cargo.
#[derive(Clone, Debug, Default)]
pub struct BuildOutput {
    /// `cargo:rustc-cfg=...` as cargo reports them: `name` or `name="value"`.
    pub cfgs: BTreeSet<String>,
    /// `cargo:rustc-env=NAME=VALUE`: what `env!` reads at compile time.
    pub env: BTreeMap<String, String>,
    /// `cargo:rustc-link-lib=...`.
    pub linked_libs: Vec<String>,
    /// The compiled script, to run again for another compiler.
    pub script: Option<PathBuf>,
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or("cargo".into())
}

/// Runs `cargo check --release` of package `package_id` of the workspace at `root` and
/// returns what each build script it ran reported, by package id.
pub fn cargo_outputs(root: &Path, package_id: &str) -> Result<BTreeMap<String, BuildOutput>> {
    let out = Command::new(cargo())
        .args([
            "check",
            "--release",
            "--message-format=json",
            "-p",
            package_id,
            "--manifest-path",
        ])
        .arg(root.join("Cargo.toml"))
        .output()
        .context("running cargo check (for the build scripts' output)")?;
    let mut outputs: BTreeMap<String, BuildOutput> = BTreeMap::new();
    let mut scripts = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let id = msg["package_id"].as_str().unwrap_or_default().to_string();
        match msg["reason"].as_str() {
            Some("compiler-artifact")
                if msg["target"]["kind"]
                    .as_array()
                    .is_some_and(|k| k.iter().any(|k| k == "custom-build")) =>
            {
                if let Some(file) = msg["filenames"][0].as_str() {
                    scripts.insert(id, PathBuf::from(file));
                }
            }
            Some("build-script-executed") => {
                let strings = |key: &str| -> Vec<String> {
                    msg[key]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|v| v.as_str().map(str::to_string))
                        .collect()
                };
                let env = msg["env"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|pair| {
                        Some((pair[0].as_str()?.to_string(), pair[1].as_str()?.to_string()))
                    })
                    .collect();
                outputs.insert(
                    id,
                    BuildOutput {
                        cfgs: strings("cfgs").into_iter().collect(),
                        env,
                        linked_libs: strings("linked_libs"),
                        script: None,
                    },
                );
            }
            _ => {}
        }
    }
    if outputs.is_empty() && !out.status.success() {
        bail!(
            "cargo check failed, so the build scripts' output is unknown:\n{}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    for (id, output) in &mut outputs {
        output.script = scripts.remove(id);
    }
    Ok(outputs)
}

/// The build scripts' output for one plan: cargo's run of them, asked for once, when a
/// library of the plan has one.
pub struct Scripts<'a> {
    /// The workspace root.
    pub root: &'a Path,
    /// The binary's package, whose `cargo check` runs the scripts.
    pub package_id: &'a str,
    /// The judges' compilers (their rustc commands), for the probes.
    pub judges: Vec<PathBuf>,
    /// Cargo's report, by package id, once asked for.
    pub outputs: Option<BTreeMap<String, BuildOutput>>,
}

impl Scripts<'_> {
    /// What package `id`'s build script reports, its `cfg`s as it decides them for the
    /// oldest judge compiler that runs (see the module's notes).
    pub fn output(&mut self, id: &str, package: &ScriptEnv) -> Result<BuildOutput> {
        if self.outputs.is_none() {
            self.outputs = Some(cargo_outputs(self.root, self.package_id)?);
        }
        let outputs = self.outputs.as_ref().expect("set above");
        let mut output = outputs
            .get(id)
            .cloned()
            .ok_or_else(|| err!("cargo check did not run it"))?;
        let current = rustc_version(Path::new("rustc"));
        let oldest = self
            .judges
            .iter()
            .filter_map(|r| Some((rustc_version(r)?, r)))
            .min();
        if let (Some(script), Some((version, rustc))) = (&output.script, oldest) {
            if current.as_ref() != Some(&version) {
                let scratch = super::TempDir::new("build-script")?;
                // A script that cannot run for that compiler keeps cargo's answer: the proof
                // on every compiler checks it.
                if let Ok(cfgs) = probe(script, rustc, package, scratch.path()) {
                    output.cfgs = cfgs;
                }
            }
        }
        Ok(output)
    }
}

/// The rustc commands of a `compilers` list (`RUSTC EDITION` each); the default judges
/// without one: the current rustc and Debian's 1.63.
pub fn judge_rustcs(listed: Option<&Vec<String>>) -> Vec<PathBuf> {
    match listed {
        Some(list) => list
            .iter()
            .filter_map(|spec| spec.split_whitespace().next().map(PathBuf::from))
            .collect(),
        None => vec![PathBuf::from("rustc"), PathBuf::from(super::OLD_RUSTC)],
    }
}

/// What a package looks like to its build script.
pub struct ScriptEnv<'a> {
    pub package: &'a str,
    pub version: &'a str,
    pub manifest_dir: &'a Path,
    pub features: &'a BTreeSet<String>,
}

/// The `cfg`s build script `script` emits when `RUSTC` is `rustc`, run as cargo runs it (a
/// clean environment with cargo's variables, a scratch `OUT_DIR`).
pub fn probe(
    script: &Path,
    rustc: &Path,
    package: &ScriptEnv,
    out_dir: &Path,
) -> Result<BTreeSet<String>> {
    let version_out = Command::new(rustc)
        .arg("-vV")
        .output()
        .with_context(|| format!("running {} -vV", rustc.display()))?;
    let version = String::from_utf8_lossy(&version_out.stdout).to_string();
    let host = version
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .ok_or_else(|| err!("{} -vV names no host", rustc.display()))?
        .to_string();
    let print_cfg = Command::new(rustc)
        .args(["--print", "cfg"])
        .output()
        .with_context(|| format!("running {} --print cfg", rustc.display()))?;
    std::fs::create_dir_all(out_dir)?;
    let mut command = Command::new(script);
    command
        .env_clear()
        .current_dir(package.manifest_dir)
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("CARGO", cargo())
        .env("RUSTC", rustc)
        .env("RUSTDOC", "rustdoc")
        .env("OUT_DIR", out_dir)
        .env("TARGET", &host)
        .env("HOST", &host)
        .env("NUM_JOBS", "1")
        .env("OPT_LEVEL", "3")
        .env("DEBUG", "false")
        .env("PROFILE", "release")
        .env("CARGO_ENCODED_RUSTFLAGS", "")
        .env("CARGO_MANIFEST_DIR", package.manifest_dir)
        .env(
            "CARGO_MANIFEST_PATH",
            package.manifest_dir.join("Cargo.toml"),
        );
    if let Some(home) = std::env::var_os("HOME") {
        command.env("HOME", home);
    }
    let crate_name = package.package.replace('-', "_");
    for (key, value) in super::load::cargo_env(
        package.package,
        package.version,
        &crate_name,
        package.manifest_dir,
    ) {
        command.env(key, value);
    }
    for feature in package.features.iter().filter(|f| !f.starts_with("dep:")) {
        command.env(
            format!("CARGO_FEATURE_{}", feature.to_uppercase().replace('-', "_")),
            "1",
        );
    }
    for (key, value) in target_cfgs(&String::from_utf8_lossy(&print_cfg.stdout)) {
        command.env(format!("CARGO_CFG_{}", key.to_uppercase()), value);
    }
    let out = command
        .output()
        .with_context(|| format!("running build script {}", script.display()))?;
    if !out.status.success() {
        bail!(
            "build script {} failed with {}: {}",
            script.display(),
            rustc.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(emitted_cfgs(&String::from_utf8_lossy(&out.stdout)))
}

/// `rustc --print cfg` as cargo passes it to build scripts: `CARGO_CFG_<KEY>` with the
/// values of a key joined by commas (empty for a bare name such as `unix`).
fn target_cfgs(printed: &str) -> BTreeMap<String, String> {
    let mut cfgs: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in printed.lines() {
        match line.split_once('=') {
            Some((key, value)) => cfgs
                .entry(key.to_string())
                .or_default()
                .push(value.trim_matches('"').to_string()),
            None => {
                cfgs.entry(line.to_string()).or_default();
            }
        }
    }
    cfgs.into_iter().map(|(k, v)| (k, v.join(","))).collect()
}

/// The `cfg`s of a build script's output (`cargo:rustc-cfg=x` and `cargo::rustc-cfg=x`), in
/// cargo's form (`name`, or `name="value"`).
fn emitted_cfgs(stdout: &str) -> BTreeSet<String> {
    stdout
        .lines()
        .filter_map(|l| {
            l.strip_prefix("cargo::rustc-cfg=")
                .or_else(|| l.strip_prefix("cargo:rustc-cfg="))
        })
        .map(|cfg| match cfg.split_once('=') {
            Some((key, value)) if !value.starts_with('"') => format!("{}=\"{}\"", key, value),
            _ => cfg.to_string(),
        })
        .collect()
}

/// The version of a rustc, `[1, 63, 0]`; `None` when it does not run.
pub fn rustc_version(rustc: &Path) -> Option<Vec<u64>> {
    let out = Command::new(rustc).arg("--version").output().ok()?;
    // `rustc 1.63.0 (4b91a6ea7 2022-08-08)`, read as a compiler label is.
    super::verify::version_of(&String::from_utf8_lossy(&out.stdout))
}

/// The first line of a crate's source files (under `src`) that reads `OUT_DIR`, where a build
/// script leaves generated code: `file:line`.
pub fn reads_out_dir(src: &Path) -> Option<(PathBuf, usize)> {
    let mut dirs = vec![src.to_path_buf()];
    let mut seen = 0;
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for path in entries {
            seen += 1;
            if seen > 10_000 {
                return None;
            }
            if path.is_dir() && !path.is_symlink() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                if let Some(at) = text.lines().position(|l| l.contains("OUT_DIR")) {
                    return Some((path, at + 1));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cfgs_are_read_in_both_syntaxes_and_values_quoted() {
        let out = "cargo:rerun-if-changed=build.rs\ncargo:rustc-cfg=has_foo\ncargo::rustc-cfg=level=\"2\"\ncargo:rustc-cfg=kind=fast\n";
        let cfgs: Vec<String> = emitted_cfgs(out).into_iter().collect();
        assert_eq!(cfgs, ["has_foo", "kind=\"fast\"", "level=\"2\""]);
        let env = target_cfgs(
            "unix\ntarget_os=\"linux\"\ntarget_feature=\"sse\"\ntarget_feature=\"sse2\"\n",
        );
        assert_eq!(env["unix"], "");
        assert_eq!(env["target_feature"], "sse,sse2");
    }
}
