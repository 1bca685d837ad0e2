//! The slow replay, run by `.ci/run` as its own step (`cargo test -p xtask --test listen_replay
//! -- --ignored`): in a copy of the workspace, `cargo xtask listen` receives three dozen
//! problems as Competitive Companion sends them (its compact JSON, its Origin, contest pages'
//! tasks at once; names in Chinese, Thai, Cyrillic and Portuguese, problems without tests, with
//! input and output files, interactive, sent twice, long names), after a web page's 32 bodies of
//! 60 MB and 40 idle connections. Every request is answered within the extension's 500 ms and
//! none with a 5xx; every problem but the one sent twice is a crate whose samples are its tests
//! byte for byte; the workspace loads; the crates with files are judged and bundled on them.
//! It builds the copy under `target/listen-replay-test/` (a few minutes cold).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The workspace's sources, copied with `cp -R` entry by entry, without build output and
/// version control.
fn copy_sources(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    let entries: Vec<PathBuf> = std::fs::read_dir(from)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name != "target" && !name.starts_with("target-") && name != ".git"
        })
        .collect();
    let status = Command::new("cp")
        .arg("-R")
        .args(&entries)
        .arg(to)
        .status()
        .unwrap();
    assert!(status.success());
}

/// A problem as the extension sends it: every field, stdin and stdout, one batch of its own.
fn task(name: &str, group: &str, url: &str, tests: &[(&str, &str)]) -> Value {
    let tests: Vec<Value> = tests
        .iter()
        .map(|(i, o)| json!({ "input": i, "output": o }))
        .collect();
    json!({
        "name": name,
        "group": group,
        "url": url,
        "interactive": false,
        "memoryLimit": 256,
        "timeLimit": 1000,
        "tests": tests,
        "testType": "single",
        "input": { "type": "stdin" },
        "output": { "type": "stdout" },
        "languages": { "java": { "mainClass": "Main", "taskClass": "Task" } },
        "batch": { "id": format!("batch-{}", url.len()), "size": 1 }
    })
}

fn with_files(mut task: Value, input: &str, output: &str) -> Value {
    task["input"] = json!({ "type": "file", "fileName": input });
    task["output"] = json!({ "type": "file", "fileName": output });
    task
}

fn interactive(mut task: Value) -> Value {
    task["interactive"] = json!(true);
    task
}

/// The tasks of one contest page: one batch, its size theirs.
fn batch(id: &str, mut tasks: Vec<Value>) -> Vec<Value> {
    let size = tasks.len();
    for task in &mut tasks {
        task["batch"] = json!({ "id": id, "size": size });
    }
    tasks
}

/// POSTs `body` as the extension does; the status, the answer and how long it took.
fn post(port: u16, body: &str) -> (u16, String, Duration) {
    let started = Instant::now();
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "POST / HTTP/1.1\r\nHost: localhost:{}\r\nContent-Type: application/json\r\nOrigin: chrome-extension://eldhmfgfdmmfmogdkfcfhmibmpfegolc\r\nSec-Fetch-Site: none\r\nContent-Length: {}\r\n\r\n{}",
        port,
        body.len(),
        body
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, response, started.elapsed())
}

/// The peak resident memory of process `pid` so far, in KiB (`VmHWM`).
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid)).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// A web page's `fetch(..., {method: 'POST', mode: 'no-cors', body})` of `size` bytes.
fn page_post(port: u16, size: usize) {
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else {
        return;
    };
    let head = format!(
        "POST / HTTP/1.1\r\nHost: localhost:{}\r\nContent-Type: text/plain;charset=UTF-8\r\nOrigin: https://evil.example\r\nSec-Fetch-Site: cross-site\r\nContent-Length: {}\r\n\r\n",
        port, size
    );
    if stream.write_all(head.as_bytes()).is_err() {
        return;
    }
    let chunk = vec![b'x'; 1 << 20];
    let mut sent = 0;
    while sent < size {
        // The server closes once it has answered from the headers.
        if stream.write_all(&chunk).is_err() {
            break;
        }
        sent += chunk.len();
    }
    let mut response = String::new();
    stream.read_to_string(&mut response).ok();
    assert!(!response.starts_with("HTTP/1.1 2"), "{}", response);
}

/// The replay: (payloads in the order sent, each a batch sent at once), and the crate each
/// becomes (`None`: refused as a repeat).
fn corpus() -> Vec<(Vec<Value>, Vec<Option<&'static str>>)> {
    let sum = [("1 2\n", "3\n"), ("20 22\n", "42\n")];
    vec![
        (
            vec![task(
                "P1001 A+B Problem",
                "Luogu",
                "https://www.luogu.com.cn/problem/P1001",
                &sum,
            )],
            vec![Some("p1001-a-b")],
        ),
        (
            vec![task(
                "D - Game in Momotetsu World",
                "AtCoder - AtCoder Beginner Contest 201",
                "https://atcoder.jp/contests/abc201/tasks/abc201_d",
                &[("3 3\n---\n+-+\n+--\n", "Takahashi\n")],
            )],
            vec![Some("abc201d-game-momotetsu-world")],
        ),
        // The workspace's own crate of this problem records no URL: another name.
        (
            vec![task(
                "A. Berzerk",
                "Codeforces - Codeforces Round 406 (Div. 1)",
                "https://codeforces.com/contest/786/problem/A",
                &[("5\n2 3 2\n3 1 2 3\n", "Lose Win Win Loop\nLoop Win Win Win\n")],
            )],
            vec![Some("cf786a-berzerk-2")],
        ),
        (
            batch(
                "cf-1998",
                vec![
                    task(
                        "A. Игра с камнями",
                        "Codeforces - Codeforces Round 965",
                        "https://codeforces.com/contest/1998/problem/A",
                        &[("3\n1 2 3\n", "Алиса\n")],
                    ),
                    task(
                        "B. Ещё одна игра",
                        "Codeforces - Codeforces Round 965",
                        "https://codeforces.com/contest/1998/problem/B",
                        &[("2\n", "Боб\n")],
                    ),
                    task(
                        "C. Шахматы",
                        "Codeforces - Codeforces Round 965",
                        "https://codeforces.com/contest/1998/problem/C",
                        &[("8\n", "YES\n")],
                    ),
                ],
            ),
            vec![
                Some("cf1998a-igra-kamnyami"),
                Some("cf1998b-eshche-odna-igra"),
                Some("cf1998c-shakhmaty"),
            ],
        ),
        (
            vec![
                task(
                    "B. 新年的新航线",
                    "UOJ",
                    "https://uoj.ac/contest/5/problem/49",
                    &[("3\n", "1\n")],
                ),
                task("A + B Problem", "UOJ", "https://uoj.ac/problem/1", &sum),
            ],
            vec![Some("uoj49"), Some("uoj1-a-b")],
        ),
        (
            batch(
                "zufe-1024",
                (0..4)
                    .map(|i| {
                        task(
                            &format!(
                                "{}. {}",
                                (b'A' + i as u8) as char,
                                ["石子游戏", "取数游戏", "新年的新航线", "博弈论"][i]
                            ),
                            "ZUFEOJ - 2019 新生赛",
                            &format!("http://acm.zufe.edu.cn/contest/problem.php?cid=1024&pid={}", i),
                            &[("1\n", "1\n")],
                        )
                    })
                    .collect(),
            ),
            vec![
                Some("zufe1024-0"),
                Some("zufe1024-1"),
                Some("zufe1024-2"),
                Some("zufe1024-3"),
            ],
        ),
        (
            vec![
                task(
                    "01:求平均年龄",
                    "OpenJudge - NOI",
                    "http://noi.openjudge.cn/ch0105/01/",
                    &[("2\n18\n17\n", "17.50\n")],
                ),
                task(
                    "1 โรงแรมในฝัน",
                    "PROGRAMMING.IN.TH",
                    "https://programming.in.th/task/0001",
                    &[("3\n", "6\n")],
                ),
                task(
                    "Soma Fácil",
                    "Neps Academy",
                    "https://neps.academy/br/exercise/253",
                    &sum,
                ),
            ],
            vec![
                Some("noich0105-01"),
                Some("programming0001"),
                Some("neps253-soma-facil"),
            ],
        ),
        // Interactive problems without tests, a gym contest of PDF statements.
        (
            vec![
                interactive(task(
                    "B - Interactive Sorting",
                    "AtCoder - practice contest",
                    "https://atcoder.jp/contests/practice/tasks/practice_2",
                    &[],
                )),
                interactive(task(
                    "Guess the Number",
                    "Kattis",
                    "https://open.kattis.com/problems/guess",
                    &[],
                )),
            ],
            vec![
                Some("practice2-interactive-sorting"),
                Some("kattis-guess-number"),
            ],
        ),
        (
            batch(
                "gym-100001",
                ["A. Alpha Game", "B. Beta Game", "C. Gamma Game"]
                    .iter()
                    .enumerate()
                    .map(|(i, name)| {
                        task(
                            name,
                            "Codeforces - 2015 PDF Gym",
                            &format!(
                                "https://codeforces.com/gym/100001/problem/{}",
                                (b'A' + i as u8) as char
                            ),
                            &[],
                        )
                    })
                    .collect(),
            ),
            vec![
                Some("cf100001a-alpha-game"),
                Some("cf100001b-beta-game"),
                Some("cf100001c-gamma-game"),
            ],
        ),
        // Input and output files.
        (
            vec![
                with_files(
                    task(
                        "A. Sum in Files",
                        "Codeforces - 2015 Gym",
                        "https://codeforces.com/gym/100002/problem/A",
                        &sum,
                    ),
                    "input.txt",
                    "output.txt",
                ),
                with_files(
                    task(
                        "Cow Sum",
                        "USACO 2019 December Contest, Bronze",
                        "http://www.usaco.org/index.php?page=viewproblem2&cpid=1234",
                        &[("4 5 6\n", "15\n")],
                    ),
                    "cowsum.in",
                    "cowsum.out",
                ),
            ],
            vec![Some("cf100002a-sum-files"), Some("usaco1234-cow-sum")],
        ),
        // Sent again (the same name and URL), and another problem of the same first name.
        (
            vec![
                task(
                    "P1001 A+B Problem",
                    "Luogu",
                    "https://www.luogu.com.cn/problem/P1001",
                    &sum,
                ),
                task("Game", "Judge", "https://judge.example/tasks/game-a", &sum),
                task("Game", "Judge", "https://judge.example/tasks/game-b", &sum),
            ],
            vec![None, Some("game"), Some("game-2")],
        ),
        // CRLF kept, a long name shortened, a name that is a keyword.
        (
            vec![
                task(
                    "A+B Problem",
                    "Timus Online Judge",
                    "https://acm.timus.ru/problem.aspx?space=1&num=1000",
                    &[("1 5\r\n", "6\r\n")],
                ),
                task(
                    "Supercalifragilisticexpialidociousness Antidisestablishmentarianism Floccinaucinihilipilification",
                    "Judge",
                    "https://judge.example/tasks/long",
                    &sum,
                ),
                task("Self", "Judge", "https://judge.example/tasks/self", &sum),
                task(
                    "Removal Game",
                    "CSES - CSES Problem Set",
                    "https://cses.fi/problemset/task/1097",
                    &[("4\n4 5 1 3\n", "8\n")],
                ),
                task(
                    "No.1 Game",
                    "yukicoder",
                    "https://yukicoder.me/problems/no/1",
                    &sum,
                ),
            ],
            vec![
                Some("timus1000-a-b"),
                Some("supercalifragilisticexpialidociousness"),
                Some("self-2"),
                Some("cses1097-removal-game"),
                Some("yuki1-no-game"),
            ],
        ),
    ]
}

#[test]
#[ignore = "slow: builds a copy of the workspace; .ci/run runs it as its own step"]
fn a_replay_of_the_extensions_payloads_is_answered_in_time_and_scaffolded_whole() {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let base = real.join("target").join("listen-replay-test");
    let root = base.join("workspace");
    let target = base.join("target");
    std::fs::remove_dir_all(&root).ok();
    copy_sources(real, &root);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let command = |program: &std::ffi::OsStr, args: &[&str]| {
        let mut command = Command::new(program);
        command
            .args(args)
            .current_dir(&root)
            .env("CARGO_TARGET_DIR", &target);
        command
    };
    let built = command(&cargo, &["build", "-p", "xtask"]).status().unwrap();
    assert!(built.success());
    let xtask = target.join("debug").join("xtask");

    let corpus = corpus();
    let expected: Vec<&str> = corpus
        .iter()
        .flat_map(|(_, names)| names.iter().flatten().copied())
        .collect();
    let count = expected.len().to_string();
    let mut listen = command(
        xtask.as_os_str(),
        &[
            "listen",
            "--port",
            "0",
            "--count",
            &count,
            "--timeout-s",
            "600",
        ],
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let mut stderr = BufReader::new(listen.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    // "listening on ... (its custom port: P); stopping after ..."
    let port: u16 = first
        .split_once("custom port: ")
        .and_then(|(_, rest)| rest.split(')').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no port in {:?}", first));
    // Its stderr is drained (and kept) while it runs.
    let log = std::thread::spawn(move || {
        let mut rest = String::new();
        stderr.read_to_string(&mut rest).ok();
        rest
    });
    let pid = listen.id();
    let before = peak_kib(pid);

    // A web page's 32 bodies of 60 MB at once: refused from their headers, never read.
    let pages: Vec<_> = (0..32)
        .map(|_| std::thread::spawn(move || page_post(port, 60 << 20)))
        .collect();
    for page in pages {
        page.join().unwrap();
    }
    let after_pages = peak_kib(pid);
    eprintln!(
        "listen's peak RSS: {} KiB at start, {} KiB after 32 web-page bodies of 60 MB",
        before, after_pages
    );
    assert!(after_pages < 150 << 10, "{} KiB", after_pages);

    // Forty idle connections, held through the replay.
    let idle: Vec<_> = (0..40)
        .map(|_| std::net::TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(100));

    let mut answers = Vec::new();
    for (tasks, names) in &corpus {
        let sent: Vec<_> = tasks
            .iter()
            .map(|task| {
                let body = task.to_string();
                std::thread::spawn(move || post(port, &body))
            })
            .collect();
        for (handle, name) in sent.into_iter().zip(names) {
            let (status, response, took) = handle.join().unwrap();
            answers.push((status, took));
            assert!(
                took < Duration::from_millis(500),
                "{:?}: answered after {:?}: {}",
                name,
                took,
                response
            );
            match name {
                Some(name) => assert!(
                    status == 200 && response.contains(&format!("accepted as {} ", name)),
                    "{}: {}",
                    name,
                    response
                ),
                None => assert!(
                    status == 409 && response.contains("received before"),
                    "{}",
                    response
                ),
            }
        }
    }
    drop(idle);
    let out = listen.wait_with_output().unwrap();
    let log = log.join().unwrap();
    assert!(out.status.success(), "{}", log);
    let slowest = answers.iter().map(|a| a.1).max().unwrap();
    eprintln!(
        "{} requests answered, the slowest after {:?}",
        answers.len(),
        slowest
    );
    assert!(answers.iter().all(|a| a.0 < 500));
    assert!(
        log.contains(&format!("received {} problems", expected.len())),
        "{}",
        log
    );

    // Every crate whole, its samples its tests byte for byte, its limits and files as sent.
    for (tasks, names) in &corpus {
        for (task, name) in tasks.iter().zip(names) {
            let Some(name) = name else { continue };
            let dir = root.join("crates").join(name);
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
            assert!(
                manifest.contains("time-limit-ms = 1000\nmemory-limit-mib = 256\n"),
                "{}",
                manifest
            );
            assert!(
                manifest.contains(&format!(
                    "url = {}",
                    serde_json::to_string(task["url"].as_str().unwrap()).unwrap()
                )),
                "{}",
                manifest
            );
            let samples = root.join("samples").join(name);
            let tests = task["tests"].as_array().unwrap();
            let count = std::fs::read_dir(&samples).unwrap().count();
            assert_eq!(count, 2 * tests.len(), "{}", name);
            for (i, test) in tests.iter().enumerate() {
                for (ext, key) in [("in", "input"), ("out", "output")] {
                    let file = samples.join(format!("{:02}.{}", i + 1, ext));
                    assert_eq!(
                        std::fs::read_to_string(&file).unwrap(),
                        test[key].as_str().unwrap(),
                        "{}",
                        file.display()
                    );
                }
            }
            if task["input"]["type"] == "file" {
                let file = task["input"]["fileName"].as_str().unwrap();
                assert!(
                    manifest.contains(&format!("input-file = \"{}\"", file)),
                    "{}",
                    manifest
                );
            }
        }
    }
    assert!(log.contains("practice2-interactive-sorting: it is interactive"));
    assert!(log.contains("cf100001a-alpha-game: its page has no tests"));
    let metadata = command(&cargo, &["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .unwrap();
    assert!(metadata.status.success());

    // The crates with files: judged, and their bundles proven, on the files.
    for name in ["cf100002a-sum-files", "usaco1234-cow-sum"] {
        for args in [
            &["judge", name][..],
            &["judge", name, "--bundled"],
            &["bundle", name],
        ] {
            let run = command(xtask.as_os_str(), args).output().unwrap();
            assert!(
                run.status.success(),
                "{:?}:\n{}\n{}",
                args,
                String::from_utf8_lossy(&run.stdout),
                String::from_utf8_lossy(&run.stderr)
            );
        }
    }
    // A problem without tests says so.
    let judge = command(xtask.as_os_str(), &["judge", "cf100001a-alpha-game"])
        .output()
        .unwrap();
    assert!(!judge.status.success());
    assert!(String::from_utf8_lossy(&judge.stderr).contains("no samples"));

    // Every received problem unsolved (its placeholder), the suite still passes: each is
    // pending, none hides another.
    let suite = command(&cargo, &["test", "--workspace"]).output().unwrap();
    let said = format!(
        "{}\n{}",
        String::from_utf8_lossy(&suite.stdout),
        String::from_utf8_lossy(&suite.stderr)
    );
    assert!(suite.status.success(), "{}", said);
    for name in ["cf100002a-sum-files", "usaco1234-cow-sum"] {
        assert!(
            said.lines()
                .any(|l| l.contains("pending") && l.contains(name)),
            "{} not listed as pending:\n{}",
            name,
            said
        );
    }
    std::fs::remove_dir_all(&root).ok();
}
