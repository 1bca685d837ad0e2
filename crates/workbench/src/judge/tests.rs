use super::*;
use crate::process::{TempDir, TinyDisk};
use std::sync::OnceLock;

const CRATE: &str = "p4363-staircase-chess";

/// The bundled p4363 solution, compiled once for all tests of this module.
fn binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| build_bundled(&workspace::root(), CRATE).unwrap())
}

/// The model crate's limits with time to spare: these tests check verdicts, not speed (a loaded
/// machine, such as a test suite building beside them, can take a second to start a process;
/// speed lives in `cargo xtask bench`).
fn roomy_limits(root: &Path) -> Limits {
    let limits = problem_limits(root, CRATE).unwrap();
    Limits {
        time: limits.time.max(std::time::Duration::from_secs(20)),
        ..limits
    }
}

fn case(dir: &Path, name: &str, input: &str, expected: &str) -> Case {
    let case = Case {
        name: name.to_string(),
        input: dir.join(format!("{}.in", name)),
        expected: dir.join(format!("{}.out", name)),
    };
    std::fs::write(&case.input, input).unwrap();
    std::fs::write(&case.expected, expected).unwrap();
    case
}

/// A 14 x 14 board: 40 million shapes, hundreds of milliseconds even when optimised.
fn big_board() -> String {
    let row = vec!["7"; 14].join(" ");
    let mut text = "14 14\n".to_string();
    for _ in 0..28 {
        text.push_str(&row);
        text.push('\n');
    }
    text
}

#[test]
fn reads_limits_from_the_manifest_with_defaults() {
    let limits = limits_from_manifest("[package]\nname = \"x\"\n").unwrap();
    assert_eq!(limits.time, Duration::from_millis(1000));
    assert_eq!(limits.memory, Some(256 << 20));
    let limits = limits_from_manifest(
        "[package]\nname = \"x\"\n[package.metadata.judge]\ntime-limit-ms = 2500\nmemory-limit-mib = 512\n",
    )
    .unwrap();
    assert_eq!(limits.time, Duration::from_millis(2500));
    assert_eq!(limits.memory, Some(512 << 20));
    assert!(limits_from_manifest("[package.metadata.judge]\ntime-limit-ms = \"1s\"\n").is_err());
    // Every problem crate of the workspace has readable limits.
    let root = workspace::root();
    for problem in workspace::problem_crates(&root).unwrap() {
        problem.judge().unwrap();
    }
}

#[test]
fn a_panic_shows_its_message_not_the_blank_line_before_it() {
    let stderr = "\nthread 'main' panicked at src/main.rs:2:5:\nindex out of bounds\nnote: run with `RUST_BACKTRACE=1`\n";
    assert_eq!(
        first_message(stderr).unwrap(),
        "thread 'main' panicked at src/main.rs:2:5: index out of bounds"
    );
    assert_eq!(first_message("error: token 3\n").unwrap(), "error: token 3");
    assert_eq!(first_message("\n \n"), None);
}

#[test]
fn a_panicking_solution_is_re_with_its_message() {
    let dir = TempDir::new("judge-panic");
    let source = dir.0.join("panics.rs");
    std::fs::write(
        &source,
        "fn main() { let v: Vec<u8> = Vec::new(); let i = v.len() + 3; println!(\"{}\", v[i]); }\n",
    )
    .unwrap();
    let binary = dir.0.join("panics");
    compile_judge_style(Path::new("rustc"), &dir.0, &source, &binary).unwrap();
    let cases = [case(&dir.0, "any", "1\n", "1\n")];
    let result = judge_case(
        &binary,
        &cases[0],
        problem_limits(&workspace::root(), CRATE).unwrap(),
    )
    .unwrap();
    let Verdict::RuntimeError(detail) = &result.verdict else {
        panic!("{:?}", result.verdict)
    };
    assert!(
        detail.starts_with("exit code 101: thread 'main'")
            && detail.contains("panicked at")
            && detail.contains("index out of bounds: the len is 0 but the index is 3"),
        "{}",
        detail
    );
}

/// A compiler whose linker crashes on a full disk, as rustc's does.
fn full_disk_compiler(dir: &Path) -> PathBuf {
    let fake = dir.join("fake-rustc");
    std::fs::write(
        &fake,
        "#!/bin/sh\n\
         if [ \"$1\" = -vV ]; then echo 'rustc 0.0.0-full-disk'; exit 0; fi\n\
         echo 'error: linking with `cc` failed: exit status: 1' >&2\n\
         echo '  = note: /usr/bin/ld: final link failed: No space left on device' >&2\n\
         echo '          collect2: error: ld returned 1 exit status' >&2\n\
         exit 1\n",
    )
    .unwrap();
    let mut perms = std::fs::metadata(&fake).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&fake, perms).unwrap();
    fake
}

#[test]
fn a_full_disk_is_named_not_shown_as_a_linker_crash() {
    let dir = TempDir::new("judge-full-disk");
    let source = dir.0.join("main.rs");
    std::fs::write(&source, "fn main() {}\n").unwrap();
    let fake = full_disk_compiler(&dir.0);
    let err = compile_judge_style(&fake, &dir.0, &source, &dir.0.join("main"))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("the disk is full: no space left on the device of ")
            && err.contains(&format!("{} (", dir.0.display()))
            && err.contains("KiB free)")
            && err.contains("final link failed: No space left on device")
            && !err.contains("collect2"),
        "{}",
        err
    );
    assert!(!dir.0.join("main").exists());
    // A real one, on a disk of 1 MiB (as root, as on CI): rustc's objects do not fit.
    let Some(disk) = TinyDisk::mount("1m") else {
        return;
    };
    let source = disk.point.join("main.rs");
    // A text no other test compiles: no cache entry to copy from.
    let text = format!("fn main() {{ println!(\"{}\"); }}\n", disk.point.display());
    std::fs::write(&source, text).unwrap();
    let err = compile_judge_style(
        Path::new("rustc"),
        &disk.point,
        &source,
        &disk.point.join("main"),
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.starts_with("the disk is full: no space left on the device of ")
            && err.contains(&disk.point.display().to_string()),
        "{}",
        err
    );
}

/// `cp /bin/true target/judge/<crate>` wrote through a hard link into the compile cache,
/// and every later `judge --bundled` said WA. Now any write to the judged binary is undone
/// by the next build, whose verdict stays AC.
#[test]
fn a_write_over_the_judged_binary_does_not_change_the_next_verdict() {
    let root = workspace::root();
    let dir = TempDir::new("judge-tamper");
    let source = dir.0.join(format!("{}.rs", CRATE));
    std::fs::write(&source, bundler::assemble(&root, CRATE).unwrap().text).unwrap();
    let binary = dir.0.join(CRATE);
    let cases = cases_in(&workspace::ProblemCrate::new(&root, CRATE).samples_dir()).unwrap();
    let limits = roomy_limits(&root);
    let true_binary = std::fs::read("/bin/true").unwrap();
    for tamper in ["write over", "truncate", "replace"] {
        compile_judge_style(Path::new("rustc"), &root, &source, &binary).unwrap();
        match tamper {
            // As `cp` does: the same file, new bytes.
            "write over" => std::fs::write(&binary, &true_binary).unwrap(),
            "truncate" => std::fs::File::options()
                .write(true)
                .open(&binary)
                .unwrap()
                .set_len(0)
                .unwrap(),
            _ => {
                std::fs::remove_file(&binary).unwrap();
                std::fs::write(&binary, &true_binary).unwrap();
            }
        }
        compile_judge_style(Path::new("rustc"), &root, &source, &binary).unwrap();
        let results = judge_all(&binary, &cases, limits, &mut Vec::new()).unwrap();
        assert!(
            results.iter().all(|r| r.verdict.is_ac()),
            "after {}: {:?}",
            tamper,
            results
        );
    }
}

#[test]
fn first_difference_names_token_and_lines() {
    assert_eq!(first_difference("1 2\n3\n", "1\n2 3"), None);
    let diff = first_difference("1 2\n3\n", "1 2\n\n4\n").unwrap();
    assert_eq!(
        diff,
        "token 3: expected \"3\" on line 2, got \"4\" on line 3"
    );
    let diff = first_difference("1 2", "1").unwrap();
    assert_eq!(diff, "token 2: expected \"2\" on line 1, got end of output");
}

#[test]
fn wrong_out_file_is_wa_with_the_differing_token() {
    let dir = TempDir::new("judge-wa");
    // The statement's sample: Black - White = 2; the .out of `wrong` says 3.
    let input = "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";
    let cases = vec![
        case(&dir.0, "right", input, "2\n"),
        case(&dir.0, "wrong", input, "3\n"),
        case(
            &dir.0,
            "refused",
            "0 3\n",
            "error: this is not what the solver says\n",
        ),
    ];
    let mut out = Vec::new();
    let results = judge_all(
        binary(),
        &cases,
        problem_limits(&workspace::root(), CRATE).unwrap(),
        &mut out,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(results[0].verdict, Verdict::Accepted, "{}", text);
    assert_eq!(
        results[1].verdict,
        Verdict::WrongAnswer(
            "token 1: expected \"3\" on line 1, got \"2\" on line 1 (stdout)".to_string()
        ),
        "{}",
        text
    );
    // The solver refuses n = 0 as expected, but with another message.
    assert_eq!(results[2].verdict.code(), "WA", "{}", text);
    assert!(
        text.lines().any(|l| l.starts_with("WA   wrong")),
        "{}",
        text
    );
    assert!(text.contains("3 cases: 1 AC, 2 WA"), "{}", text);
}

#[test]
fn slow_case_is_killed_as_tle() {
    let dir = TempDir::new("judge-tle");
    let cases = [case(&dir.0, "big", &big_board(), "0\n")];
    let limits = Limits {
        time: Duration::from_millis(20),
        memory: Some(256 << 20),
    };
    let result = judge_case(binary(), &cases[0], limits).unwrap();
    assert_eq!(result.verdict, Verdict::TimeLimit);
    // Killed near the limit, not left to finish.
    assert!(
        result.wall < Duration::from_millis(2000),
        "{:?}",
        result.wall
    );
}

/// The child's side of the test below: judges an endless writer and prints its verdict.
const ENDLESS_CHILD: &str = "GAMEDP_TEST_ENDLESS_WRITER";

/// A solution that prints forever (`yes`) is stopped as OLE, and judge itself stays far
/// below 128 MB: measured on a child test process by GNU time, since this process runs
/// other tests at the same time. Keeping all it printed took 288 to 875 MB in a 1 s limit.
#[test]
fn an_endless_writer_is_ole_and_judge_stays_small() {
    if let Some(dir) = std::env::var_os(ENDLESS_CHILD) {
        let dir = PathBuf::from(dir);
        let script = dir.join("endless.sh");
        std::fs::write(&script, "#!/bin/sh\nexec yes 2\n").unwrap();
        let mut perms = std::fs::metadata(&script).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&script, perms).unwrap();
        let case = case(&dir, "endless", "1\n", "2\n");
        let limits = Limits {
            time: Duration::from_secs(1),
            memory: Some(256 << 20),
        };
        let result = judge_case(&script, &case, limits).unwrap();
        println!("verdict {}", result.verdict.code());
        return;
    }
    let gnu_time = Path::new("/usr/bin/time");
    assert!(
        gnu_time.is_file(),
        "GNU time is part of Debian (apt-get install time)"
    );
    let dir = TempDir::new("judge-endless");
    let out = Command::new(gnu_time)
        .args(["-f", "peak %M KiB"])
        .arg(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "judge::tests::an_endless_writer_is_ole_and_judge_stays_small",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(ENDLESS_CHILD, &dir.0)
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{}{}", stdout, stderr);
    assert!(stdout.contains("verdict OLE"), "{}", stdout);
    let peak_kib: u64 = stderr
        .lines()
        .find_map(|l| l.strip_prefix("peak ")?.strip_suffix(" KiB")?.parse().ok())
        .unwrap_or_else(|| panic!("no peak in {}", stderr));
    eprintln!("judge on an endless writer: peak {} KiB", peak_kib);
    assert!(peak_kib < 128 << 10, "judge's peak {} KiB", peak_kib);
}

#[test]
fn memory_limit_is_mle() {
    let dir = TempDir::new("judge-mle");
    let cases = [case(&dir.0, "big", &big_board(), "0\n")];
    // 40 million 4-byte shapes need 160 MB; give it 32 MiB of address space.
    let limits = Limits {
        time: Duration::from_secs(20),
        memory: Some(32 << 20),
    };
    let result = judge_case(binary(), &cases[0], limits).unwrap();
    assert_eq!(result.verdict, Verdict::MemoryLimit);
}

/// Fuzzing found that a 70 MB token aborted every solution under a 256 MiB limit (exit 134:
/// the error message copied the token). Every problem's bundle, compiled as a judge does,
/// must refuse it with one short line on stderr and exit code 1 under a 256 MiB limit.
#[test]
fn every_bundle_refuses_a_70_mb_token_in_one_short_line() {
    let root = workspace::root();
    let dir = TempDir::new("judge-long-token");
    let input = dir.0.join("long-token.in");
    std::fs::write(&input, vec![b'1'; 70_000_000]).unwrap();
    let names: Vec<String> = workspace::problem_crates(&root)
        .unwrap()
        .iter()
        .map(|problem| problem.name().to_string())
        .collect();
    // Compile on both cores at once; p4363's bundle is shared with the other tests.
    let binaries: Vec<PathBuf> = std::thread::scope(|scope| {
        let builds: Vec<_> = names
            .iter()
            .map(|name| {
                let root = &root;
                scope.spawn(move || match name.as_str() {
                    CRATE => binary().to_path_buf(),
                    _ => build_bundled(root, name).unwrap(),
                })
            })
            .collect();
        builds.into_iter().map(|b| b.join().unwrap()).collect()
    });
    for (name, binary) in names.iter().zip(&binaries) {
        let mut limits = problem_limits(&root, name).unwrap();
        limits.time = limits.time.max(Duration::from_secs(10));
        // The fuzzed limit, whatever the crate's own (a 10 MiB judge cannot even hold the
        // input; a 1 GiB one would hide a copied token).
        limits.memory = Some(256 << 20);
        // As its judge gives the input: on stdin, or in the file it names.
        let files = crate::judge_files::problem_files(&root, name).unwrap();
        let run = crate::judge_files::run_case(binary, &input, limits, &files, 1 << 20)
            .unwrap()
            .run;
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.ending, Ending::Exited(1), "{}: {:.300}", name, stderr);
        assert!(run.stdout.is_empty(), "{}", name);
        assert!(
            stderr.starts_with("error: token 1 (line 1): ")
                // A message that shows the token shows its length instead of all of it.
                && (!stderr.contains("found") || stderr.ends_with("(70000000 bytes)\n"))
                && stderr.lines().count() == 1
                && stderr.len() < 200,
            "{}: {:.300}",
            name,
            stderr
        );
    }
}

#[test]
fn every_sample_of_the_model_crate_is_accepted() {
    let root = workspace::root();
    let cases = cases_in(&workspace::ProblemCrate::new(&root, CRATE).samples_dir()).unwrap();
    let mut out = Vec::new();
    let limits = roomy_limits(&root);
    let results = judge_all(binary(), &cases, limits, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(results.len(), cases.len());
    assert!(results.iter().all(|r| r.verdict.is_ac()), "{}", text);
    assert_eq!(text.lines().count(), cases.len() + 1, "{}", text);
}

#[test]
fn a_fifo_among_the_samples_is_refused_not_waited_on() {
    let dir = TempDir::new("judge-fifo");
    std::fs::write(dir.0.join("a.in"), "1\n").unwrap();
    std::fs::write(dir.0.join("a.out"), "1\n").unwrap();
    let fifo = dir.0.join("b.in");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    std::fs::write(dir.0.join("b.out"), "1\n").unwrap();
    let err = cases_in(&dir.0).unwrap_err().to_string();
    assert!(err.contains("b.in: not a regular file"), "{}", err);
}

#[test]
fn limits_past_what_cargo_reads_are_refused() {
    for manifest in [
        "[package.metadata.judge]\ntime-limit-ms = 9223372036854775807\n",
        "[package.metadata.judge]\nmemory-limit-mib = 9223372036854775807\n",
        "[package.metadata.judge]\nmemory-limit-mib = 0\n",
    ] {
        let err = limits_from_manifest(manifest).unwrap_err();
        assert!(format!("{:#}", err).contains("metadata.judge"), "{:#}", err);
    }
}
