//! The slow check, run by `.ci/run` as its own step (`cargo test -p xtask --test
//! scaffold_in_a_copy -- --ignored`): in a copy of the workspace, `cargo xtask new` and
//! `cargo xtask listen` (one POST of a Competitive Companion payload, on the loopback) scaffold
//! crates that build, stress, bundle, judge and answer `brute` and `sample`; `cargo xtask`
//! never waits for a build holding target/debug; a scaffold changes nothing outside its crate,
//! its samples and Cargo.lock; and after new samples, with an unsolved problem whose
//! statement's samples its placeholder fails, `cargo test --workspace` passes as it is (the
//! unsolved one listed as pending), leaving no `.snap.new`, while a failing solved problem
//! fails it without hiding another's failure. It builds the copy under
//! `target/xtask-copy-test/` (a few minutes cold).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Copies the workspace at `from` to `to`, leaving out build output and version control.
fn copy_workspace(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == "target" || name.starts_with("target-") || name == ".git" {
            continue;
        }
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            copy_workspace(&entry.path(), &to.join(&name));
        } else if kind.is_file() {
            std::fs::copy(entry.path(), to.join(&name)).unwrap();
        }
    }
}

struct Copy {
    root: PathBuf,
    target: PathBuf,
}

impl Copy {
    fn command(&self, program: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Command {
        let mut command = Command::new(program);
        command
            .args(args)
            .current_dir(&self.root)
            .env("CARGO_TARGET_DIR", &self.target)
            // insta as on a user's machine (CI sets these): a failing snapshot would write
            // its .snap.new.
            .env_remove("INSTA_UPDATE")
            .env_remove("CI");
        command
    }

    fn cargo(&self, args: &[&str]) -> String {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let out = self.command(cargo, args).output().unwrap();
        assert!(
            out.status.success(),
            "cargo {} failed:\n{}\n{}",
            args.join(" "),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The copy's own xtask binary (its workspace root is the copy), built where `cargo
    /// xtask` builds it: in the workbench's profile.
    fn xtask(&self) -> PathBuf {
        self.target.join("workbench").join("xtask")
    }

    fn run_xtask(&self, args: &[&str]) -> std::process::Output {
        self.command(self.xtask(), args).output().unwrap()
    }
}

/// Competitive Companion's POST for Luogu's P1001 (A+B), every field it sends.
const PAYLOAD: &str = r#"{"name":"P1001 A+B Problem","group":"Luogu","url":"https://www.luogu.com.cn/problem/P1001","interactive":false,"memoryLimit":512,"timeLimit":1000,"tests":[{"input":"1 2\n","output":"3\n"},{"input":"20 30\n","output":"50\n"}],"testType":"single","input":{"type":"stdin"},"output":{"type":"stdout"},"languages":{"java":{"mainClass":"Main","taskClass":"P1001"}},"batch":{"id":"0f6ad5a5-1f44-4c47-a4a3-5d1f7b6c0e21","size":1}}"#;

/// Runs `xtask args` with the scaffold paused at `step`, kills it with SIGKILL there, and checks
/// that the copy's workspace still loads.
fn kill_at(copy: &Copy, args: &[&str], step: &str) {
    let mut child = copy
        .command(copy.xtask(), args)
        .env("GAMEDP_SCAFFOLD_PAUSE", step)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        if stderr.read_line(&mut line).unwrap() == 0 {
            panic!("{:?} ended before pausing at {}: {}", args, step, seen);
        }
        seen.push_str(&line);
        if line.contains(&format!("paused at {}", step)) {
            break;
        }
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    copy.cargo(&["metadata", "--no-deps", "--format-version", "1"]);
}

/// Every file of the copy outside `crates/<name>/`, `samples/<name>/` and `Cargo.lock`,
/// with its content: what a scaffold of `name` leaves as it was.
fn outside_of(copy: &Copy, name: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![copy.root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let relative = path.strip_prefix(&copy.root).unwrap().to_path_buf();
            if relative == Path::new("crates").join(name)
                || relative == Path::new("samples").join(name)
                || relative == Path::new("Cargo.lock")
            {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push((relative, std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// The crate `name` of the copy is whole (every file the scaffold writes).
fn assert_whole(copy: &Copy, name: &str) {
    let dir = copy.root.join("crates").join(name);
    for file in [
        "Cargo.toml",
        "src/lib.rs",
        "src/main.rs",
        "src/oracle.rs",
        "src/bin/oracle.rs",
        "tests/checks.rs",
    ] {
        assert!(dir.join(file).is_file(), "{}: no {}", name, file);
    }
    // `new` writes sample.in, `listen` the page's tests as 01.in, 02.in, ...
    let samples = copy.root.join("samples").join(name);
    assert!(
        samples.join("sample.in").is_file() || samples.join("01.in").is_file(),
        "{}: no sample in {}",
        name,
        samples.display()
    );
}

fn post(port: u16, body: &str) -> String {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "POST / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{}",
        port,
        body.len(),
        body
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
#[ignore = "slow: builds a copy of the workspace; .ci/run runs it as its own step"]
fn new_and_listen_crates_build_test_bundle_and_judge_in_a_copy_of_the_workspace() {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    // A fixed place under target/, so the build folder beside it stays warm across runs.
    let base = real.join("target").join("xtask-copy-test");
    let copy = Copy {
        root: base.join("workspace"),
        target: base.join("target"),
    };
    std::fs::remove_dir_all(&copy.root).ok();
    copy_workspace(real, &copy.root);
    copy.cargo(&["build", "-p", "xtask", "--profile", "workbench"]);

    // `new`, which writes nothing outside its crate and samples, then `new` again (refused,
    // nothing changed).
    let before = outside_of(&copy, "p9999-new-game");
    let new = copy.run_xtask(&["new", "p9999-new-game"]);
    assert!(
        new.status.success(),
        "{}",
        String::from_utf8_lossy(&new.stderr)
    );
    assert!(outside_of(&copy, "p9999-new-game") == before);
    assert_whole(&copy, "p9999-new-game");
    let manifest = copy.root.join("Cargo.toml");
    let root_manifest = std::fs::read_to_string(&manifest).unwrap();
    assert!(!copy.run_xtask(&["new", "p9999-new-game"]).status.success());
    assert!(outside_of(&copy, "p9999-new-game") == before);

    // Names whose generated code once clashed with the template's own names build.
    for name in [
        "oracle",
        "error",
        "vec",
        "string",
        "result",
        "ok",
        "split-mix64",
        "problem-oracle",
    ] {
        let run = copy.run_xtask(&["new", name]);
        assert!(
            run.status.success(),
            "{}: {}",
            name,
            String::from_utf8_lossy(&run.stderr)
        );
    }

    // A SIGKILL at each step of `new` leaves a workspace that loads, and after the next run the
    // crate is whole, or not there at all (then `new` makes it).
    for (i, step) in ["staged", "samples-placed", "crate-placed", "built"]
        .iter()
        .enumerate()
    {
        let name = format!("p980{}-killed", i);
        kill_at(&copy, &["new", &name, "--no-build"], step);
        let again = copy.run_xtask(&["new", &name, "--no-build"]);
        let stderr = String::from_utf8_lossy(&again.stderr);
        assert!(
            again.status.success()
                || stderr.contains("already exists")
                || stderr.contains("is taken"),
            "{}: {}",
            step,
            stderr
        );
        assert_whole(&copy, &name);
    }
    let staging = copy.root.join(".new-crates");
    assert!(!staging.exists() || std::fs::read_dir(&staging).unwrap().count() == 0);

    // The same for `listen`, killed with its crate in place but not built.
    let mut killed = copy
        .command(copy.xtask(), &["listen", "--port", "0", "--count", "1"])
        .env("GAMEDP_SCAFFOLD_PAUSE", "crate-placed")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(killed.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let port: u16 = line
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|port| port.parse().ok())
        .unwrap_or_else(|| panic!("no port in {:?}", line));
    let killed_payload = PAYLOAD
        .replace("P1001 A+B Problem", "P1002 Killed Game")
        .replace("problem/P1001", "problem/P1002");
    let poster = std::thread::spawn(move || {
        // The answer never comes: the server is killed first.
        std::panic::catch_unwind(|| post(port, &killed_payload)).ok();
    });
    loop {
        line.clear();
        assert!(
            stderr.read_line(&mut line).unwrap() > 0,
            "listen ended before pausing"
        );
        if line.contains("paused at crate-placed") {
            break;
        }
    }
    killed.kill().unwrap();
    killed.wait().unwrap();
    poster.join().unwrap();
    copy.cargo(&["metadata", "--no-deps", "--format-version", "1"]);

    // `listen --count 1` and one POST.
    let mut listen = copy
        .command(
            copy.xtask(),
            &[
                "listen",
                "--port",
                "0",
                "--count",
                "1",
                "--timeout-s",
                "300",
            ],
        )
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(listen.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let port: u16 = line
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|port| port.parse().ok())
        .unwrap_or_else(|| panic!("no port in {:?}", line));
    let response = post(port, PAYLOAD);
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{}", response);
    let out = listen.wait_with_output().unwrap();
    assert!(out.status.success());
    let name = "p1001-a-b";
    assert!(String::from_utf8_lossy(&out.stdout)
        .contains(&format!("created  crates/{}/src/lib.rs", name)));
    // No scaffold touched the workspace's manifest; the crate checks itself.
    assert_eq!(std::fs::read_to_string(&manifest).unwrap(), root_manifest);
    assert!(copy
        .root
        .join("crates")
        .join(name)
        .join("tests/checks.rs")
        .is_file());
    let manifest =
        std::fs::read_to_string(copy.root.join("crates").join(name).join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("time-limit-ms = 1000\nmemory-limit-mib = 512\n"),
        "{}",
        manifest
    );

    // Both crates: stress, test, brute, sample, bundle, judge, through the same xtask (which
    // links no problem, so nothing of it is rebuilt).
    copy.cargo(&[
        "test",
        "-p",
        name,
        "-p",
        "p9999-new-game",
        "--features",
        "oracle",
    ]);
    for crate_name in ["p9999-new-game", name] {
        let stress = copy.run_xtask(&["stress", crate_name, "--cases", "300"]);
        assert!(
            stress.status.success(),
            "{}",
            String::from_utf8_lossy(&stress.stderr)
        );
        let test = copy.run_xtask(&["test", crate_name]);
        assert!(
            test.status.success(),
            "{}",
            String::from_utf8_lossy(&test.stderr)
        );
        let judge = copy.run_xtask(&["judge", crate_name, "--bundled"]);
        assert!(
            judge.status.success(),
            "{}",
            String::from_utf8_lossy(&judge.stdout)
        );
    }
    let bundle = copy.run_xtask(&["bundle", name, "p9999-new-game"]);
    assert!(
        bundle.status.success(),
        "{}",
        String::from_utf8_lossy(&bundle.stderr)
    );
    let samples = copy.root.join("samples").join(name);
    let brute = copy.run_xtask(&["brute", name, samples.join("02.in").to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&brute.stdout), "50\n");
    let input = copy.root.join("mine.in");
    std::fs::write(&input, "4 5 6\n").unwrap();
    let sample = copy.run_xtask(&["sample", name, "three", input.to_str().unwrap()]);
    assert!(
        sample.status.success(),
        "{}",
        String::from_utf8_lossy(&sample.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(samples.join("three.out")).unwrap(),
        "15\n"
    );
    assert!(!copy
        .run_xtask(&["sample", name, "three", input.to_str().unwrap()])
        .status
        .success());
    // A multi-line answer is shown whole; a bad input's .out comes from the solution.
    let statement = copy.root.join("samples/poj1085-triangle-war/statement.in");
    let sample = copy.run_xtask(&[
        "sample",
        "poj1085-triangle-war",
        "four-games",
        statement.to_str().unwrap(),
    ]);
    let shown = String::from_utf8_lossy(&sample.stdout);
    assert!(
        sample.status.success(),
        "{}",
        String::from_utf8_lossy(&sample.stderr)
    );
    assert!(
        shown.contains("Game 1: B wins.\nGame 2: A wins.\nGame 3: A wins.\nGame 4: A wins.\n"),
        "{}",
        shown
    );
    std::fs::write(&input, "4 x\n").unwrap();
    assert!(!copy
        .run_xtask(&["sample", name, "bad-word", input.to_str().unwrap()])
        .status
        .success());
    let sample = copy.run_xtask(&[
        "sample",
        name,
        "bad-word",
        input.to_str().unwrap(),
        "--from-solution",
    ]);
    assert!(
        sample.status.success(),
        "{}",
        String::from_utf8_lossy(&sample.stderr)
    );
    let out = std::fs::read_to_string(samples.join("bad-word.out")).unwrap();
    assert!(
        out.starts_with("error: token 2 (line 1): expected"),
        "{}",
        out
    );
    let judge = copy.run_xtask(&["judge", name, "--bundled"]);
    assert!(
        judge.status.success(),
        "{}",
        String::from_utf8_lossy(&judge.stdout)
    );

    never_waits_behind_target_debug(&copy, "p9999-new-game");
    the_suite_passes_with_new_samples_and_an_unsolved_problem(&copy, name);
    std::fs::remove_dir_all(&copy.root).ok();
}

/// `cargo xtask stress` (the alias, as a user types it) while another cargo holds
/// target/debug's lock, as a `cargo test --workspace` building there does: it finishes.
fn never_waits_behind_target_debug(copy: &Copy, name: &str) {
    use std::os::unix::io::AsRawFd;
    let debug = copy.target.join("debug");
    std::fs::create_dir_all(&debug).unwrap();
    let lock = std::fs::File::create(debug.join(".cargo-lock")).unwrap();
    // SAFETY: flock on a file this test owns; held until `lock` is dropped.
    assert_eq!(unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX) }, 0);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut stress = copy
        .command(cargo, &["xtask", "stress", name, "--cases", "100"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    // Fresh builds only (new and the stress above built everything): seconds, not minutes.
    while stress.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(120) {
            stress.kill().ok();
            let out = stress.wait_with_output().unwrap();
            panic!(
                "cargo xtask stress waited for target/debug's lock: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let out = stress.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}", stderr);
    assert!(!stderr.contains("Blocking"), "{}", stderr);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("100 cases"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    drop(lock);
}

/// Every `*.snap.new` under `dir`, build output left out.
fn pending_snapshots(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() && name != "target" {
            found.extend(pending_snapshots(&path));
        } else if name.ends_with(".snap.new") {
            found.push(path);
        }
    }
    found
}

/// After `new`, `sample` and `listen` (whose crate `listened` got a sample of the user's), and
/// a scaffold whose statement's samples its placeholder answers wrong: `cargo test
/// --workspace` passes with no other step, lists the unsolved crate as pending, and leaves no
/// `.snap.new`. Once both are marked solved, with a wrong sample each, it fails naming both.
fn the_suite_passes_with_new_samples_and_an_unsolved_problem(copy: &Copy, listened: &str) {
    let unsolved = "p9997-stone-game";
    let new = copy.run_xtask(&["new", unsolved]);
    assert!(
        new.status.success(),
        "{}",
        String::from_utf8_lossy(&new.stderr)
    );
    // The statement's samples, as `listen` writes them: the placeholder sums instead.
    let samples = copy.root.join("samples").join(unsolved);
    std::fs::write(samples.join("01.in"), "3\n1 2 3\n").unwrap();
    std::fs::write(samples.join("01.out"), "Alice\n").unwrap();
    let input = copy.root.join("mine.in");
    std::fs::write(&input, "7 8\n").unwrap();
    let sample = copy.run_xtask(&["sample", "p9999-new-game", "mine", input.to_str().unwrap()]);
    assert!(
        sample.status.success(),
        "{}",
        String::from_utf8_lossy(&sample.stderr)
    );

    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = copy
        .command(&cargo, &["test", "--workspace"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        stderr
    );
    assert!(
        stderr.contains(&format!("pending {} (unsolved", unsolved)),
        "{}",
        stderr
    );
    assert!(stderr.contains("01.in"), "{}", stderr);
    assert_eq!(pending_snapshots(&copy.root), Vec::<PathBuf>::new());

    // Solved (the marker removed), each with a wrong answer: both failures are reported.
    for name in [unsolved, listened] {
        let manifest = copy.root.join("crates").join(name).join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).unwrap();
        assert!(text.contains("\nsolved = false\n"), "{}", text);
        std::fs::write(&manifest, text.replace("\nsolved = false\n", "\n")).unwrap();
    }
    let samples = copy.root.join("samples").join(listened);
    std::fs::write(samples.join("wrong.in"), "1 1\n").unwrap();
    std::fs::write(samples.join("wrong.out"), "3\n").unwrap();
    let out = copy
        .command(
            &cargo,
            &[
                "test",
                "--no-fail-fast",
                "-p",
                unsolved,
                "-p",
                listened,
                "--test",
                "checks",
            ],
        )
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    for name in [unsolved, listened] {
        assert!(stdout.contains(&format!("samples/{}/", name)), "{}", stdout);
    }
}
