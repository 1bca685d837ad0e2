use super::*;
use crate::process::TempDir;

/// A workspace with only what `scaffold` reads: the lock file, the manifest and the core.
fn mini_workspace() -> TempDir {
    let dir = TempDir::new("new-mini");
    let write = |path: &str, text: &str| {
        let path = dir.0.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "Cargo.lock",
        "[[package]]\nname = \"itertools\"\n\n[[package]]\nname = \"serde_json\"\n",
    );
    write(
        "crates/dp-core/Cargo.toml",
        "[package]\nname = \"dp-core\"\n",
    );
    write("Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\n");
    dir
}

/// The placeholder spec without the build (the scratch workspace has no crates to build).
fn unbuilt(name: &str) -> Spec {
    Spec {
        build: false,
        ..Spec::placeholder(name)
    }
}

/// Every file under `dir`, relative, with its content.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let content = std::fs::read(&path).unwrap();
                files.push((path.strip_prefix(dir).unwrap().to_path_buf(), content));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn names_are_checked() {
    let ws = mini_workspace();
    for good in ["p1234-tile-game", "nim", "a1", "x-2-y"] {
        check_name(&ws.0, good).unwrap();
    }
    for bad in [
        "",
        "1abc",
        "Abc",
        "a_b",
        "a--b",
        "a-",
        "-a",
        "dp-core",
        "xtask",
        "self",
        "a b",
        "a/b",
        "..",
        "problems",
        "itertools",
        "serde-json",
        "build",
        "deps",
        "examples",
        "incremental",
    ] {
        assert!(check_name(&ws.0, bad).is_err(), "{:?}", bad);
    }
    let err = check_name(&ws.0, "serde-json").unwrap_err().to_string();
    assert!(err.contains("package \"serde_json\""), "{}", err);
    assert_eq!(ident("p1234-tile-game"), "p1234_tile_game");
}

#[test]
fn scaffold_writes_the_crate_and_its_samples_and_nothing_else() {
    let ws = mini_workspace();
    let before = snapshot(&ws.0);
    let report = scaffold(&ws.0, &unbuilt("p1-sum")).unwrap();
    assert!(report.edited.is_empty(), "{:?}", report.edited);
    let mut after = snapshot(&ws.0);
    after.retain(|(path, _)| {
        !path.starts_with("crates/p1-sum") && !path.starts_with("samples/p1-sum")
    });
    assert_eq!(after, before);
    let oracle = std::fs::read_to_string(ws.0.join("crates/p1-sum/src/oracle.rs")).unwrap();
    assert!(oracle.contains("pub struct Sum;"));
    // The crate checks itself: its test runs the kit on its own folder.
    let checks = std::fs::read_to_string(ws.0.join("crates/p1-sum/tests/checks.rs")).unwrap();
    assert!(
        checks.contains(
            "test_kit::CrateChecks::<p1_sum::oracle::Sum>::new(env!(\"CARGO_MANIFEST_DIR\"))"
        ),
        "{}",
        checks
    );
    // Unsolved until the user says otherwise: its checks are pending.
    let manifest = std::fs::read_to_string(ws.0.join("crates/p1-sum/Cargo.toml")).unwrap();
    let judge = manifest.parse::<toml::Table>().unwrap()["package"]["metadata"]["judge"].clone();
    assert_eq!(judge.get("solved"), Some(&toml::Value::Boolean(false)));
    // rustfmt keeps it so: the scaffold is formatted as written.
    assert!(report.formatted);
    // An oracle on the kit: 19 lines of code besides its comments.
    assert!(oracle.lines().count() < 35, "{}", oracle.lines().count());
    assert_eq!(
        std::fs::read_to_string(ws.0.join("samples/p1-sum/sample.out")).unwrap(),
        "42\n"
    );
    // A second time it refuses, and changes nothing.
    let before = snapshot(&ws.0);
    let err = scaffold(&ws.0, &unbuilt("p1-sum")).unwrap_err();
    assert!(err.to_string().contains("is taken"), "{}", err);
    assert_eq!(snapshot(&ws.0), before);
}

#[test]
fn samples_on_another_file_system_are_copied_in() {
    let ws = mini_workspace();
    // samples/ mounted from elsewhere: a rename from the stage fails with EXDEV.
    let Some(_disk) = crate::process::TinyDisk::mount_at(&ws.0.join("samples"), "1m") else {
        return;
    };
    scaffold(&ws.0, &unbuilt("p1-sum")).unwrap();
    assert_eq!(
        std::fs::read_to_string(ws.0.join("samples/p1-sum/sample.out")).unwrap(),
        "42\n"
    );
    assert!(ws.0.join("crates/p1-sum/src/oracle.rs").is_file());
    assert!(!ws.0.join(STAGING).read_dir().unwrap().any(|_| true));
}

#[test]
fn refusals_and_failed_writes_leave_everything_as_it_was() {
    let ws = mini_workspace();
    let before = snapshot(&ws.0);
    for name in ["itertools", "build", "Bad"] {
        assert!(scaffold(&ws.0, &unbuilt(name)).is_err());
        assert_eq!(snapshot(&ws.0), before, "{}", name);
    }
    // A write that fails half way: `samples` is a file, so samples/<name>/ cannot be made
    // after crates/<name>/ was written. Everything is taken back.
    std::fs::write(ws.0.join("samples"), "not a folder").unwrap();
    let before = snapshot(&ws.0);
    let err = scaffold(&ws.0, &unbuilt("p2-sum")).unwrap_err();
    assert!(
        format!("{:#}", err).contains("nothing was left behind"),
        "{:#}",
        err
    );
    assert_eq!(snapshot(&ws.0), before);
    assert!(!ws.0.join("crates/p2-sum").exists());
}

#[test]
fn what_is_left_to_fill_is_listed_until_filled() {
    let ws = mini_workspace();
    scaffold(&ws.0, &unbuilt("p10-sum")).unwrap();
    let left = left_to_fill(&ws.0, "p10-sum");
    assert_eq!(left.len(), 3, "{:?}", left);
    assert!(
        left[0].contains("Cargo.toml: the description"),
        "{:?}",
        left
    );
    assert!(left[1].contains("src/lib.rs"), "{:?}", left);
    assert!(left[2].contains("src/oracle.rs"), "{:?}", left);
    // A statement's name fills the description; a solver written is no longer listed.
    let named = Spec {
        description: "Luogu: P1 Sum (https://www.luogu.com.cn/problem/P1)".to_string(),
        statement: Some((
            "P1 Sum".to_string(),
            "https://www.luogu.com.cn/problem/P1".to_string(),
        )),
        samples: Vec::new(),
        ..unbuilt("p11-sum")
    };
    scaffold(&ws.0, &named).unwrap();
    let lib = ws.0.join("crates/p11-sum/src/lib.rs");
    std::fs::write(&lib, "//! p11: the sum.\n").unwrap();
    let left = left_to_fill(&ws.0, "p11-sum");
    assert_eq!(left.len(), 2, "{:?}", left);
    assert!(left[0].contains("src/oracle.rs"), "{:?}", left);
    assert!(left[1].contains("no samples"), "{:?}", left);
    let manifest = std::fs::read_to_string(ws.0.join("crates/p11-sum/Cargo.toml")).unwrap();
    assert!(
        manifest.contains("description = \"Luogu: P1 Sum (https://www.luogu.com.cn/problem/P1)\""),
        "{}",
        manifest
    );
    assert!(manifest.contains("[package.metadata.problem]\nname = \"P1 Sum\"\nurl = "));
    // The manifest is valid TOML that `judge` reads.
    crate::judge::limits_from_manifest(&manifest).unwrap();
}

/// A stage as a scaffold killed at some step leaves it: its process gone.
fn dead_stage(ws: &Path, name: &str, files: &[&str], dirs: &[&str]) -> PathBuf {
    let stage = ws.join(STAGING).join(format!("{}-{}", name, u32::MAX));
    std::fs::create_dir_all(&stage).unwrap();
    for file in files {
        std::fs::write(stage.join(file), "").unwrap();
    }
    for dir in dirs {
        std::fs::create_dir_all(stage.join(dir)).unwrap();
    }
    stage
}

#[test]
fn a_kill_after_the_samples_moved_in_is_taken_back_by_the_next_run() {
    let ws = mini_workspace();
    let before = snapshot(&ws.0);
    std::fs::create_dir_all(ws.0.join("samples/p5-sum")).unwrap();
    std::fs::write(ws.0.join("samples/p5-sum/sample.in"), "1\n").unwrap();
    let stage = dead_stage(&ws.0, "p5-sum", &["moving-samples"], &["crate"]);
    recover(&ws.0).unwrap();
    assert!(!stage.exists());
    assert!(!ws.0.join("samples/p5-sum").exists());
    std::fs::remove_dir_all(ws.0.join(STAGING)).unwrap();
    assert_eq!(snapshot(&ws.0), before);
    // Samples of the same name that the stage never moved are left alone.
    std::fs::create_dir_all(ws.0.join("samples/p6-sum")).unwrap();
    dead_stage(&ws.0, "p6-sum", &[], &["crate", "samples"]);
    recover(&ws.0).unwrap();
    assert!(ws.0.join("samples/p6-sum").is_dir());
}

#[test]
fn a_kill_after_the_crate_moved_in_leaves_it_whole() {
    let ws = mini_workspace();
    // The whole crate, as a scaffold killed before its build leaves it.
    scaffold(&ws.0, &unbuilt("p7-sum")).unwrap();
    let whole = snapshot(&ws.0);
    dead_stage(&ws.0, "p7-sum", &["moving-samples", "moving-crate"], &[]);
    recover(&ws.0).unwrap();
    assert_eq!(std::fs::read_dir(ws.0.join(STAGING)).unwrap().count(), 0);
    std::fs::remove_dir_all(ws.0.join(STAGING)).unwrap();
    assert_eq!(snapshot(&ws.0), whole);
}

#[test]
fn limits_out_of_range_are_refused() {
    let ws = mini_workspace();
    for (ms, mib) in [
        (0, 256),
        (600_001, 256),
        (1000, 0),
        (1000, 1 << 21),
        (u64::MAX, 256),
    ] {
        let spec = Spec {
            time_limit_ms: ms,
            memory_limit_mib: mib,
            ..unbuilt("p8-sum")
        };
        let err = scaffold(&ws.0, &spec).unwrap_err().to_string();
        assert!(err.contains("outside"), "{}", err);
    }
    assert!(!ws.0.join("crates/p8-sum").exists());
}
