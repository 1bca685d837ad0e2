//! Sessions on scratch workspaces, over real sockets.

use super::*;
use crate::process::TempDir;
use serde_json::Value;
use std::io::{Read, Write};

/// Payloads as Competitive Companion sends them (every field it sends, trimmed tests).
pub fn payload(name: &str, group: &str, url: &str, tests: &[(&str, &str)]) -> String {
    let tests: Vec<Value> = tests
        .iter()
        .map(|(i, o)| serde_json::json!({ "input": i, "output": o }))
        .collect();
    serde_json::json!({
        "name": name,
        "group": group,
        "url": url,
        "interactive": false,
        "memoryLimit": 512,
        "timeLimit": 2000,
        "tests": tests,
        "testType": "single",
        "input": { "type": "stdin" },
        "output": { "type": "stdout" },
        "languages": { "java": { "mainClass": "Main", "taskClass": "Task" } },
        "batch": { "id": "4b5e0c8e-36a6-4f2c-9f1e-2d3b7a0c1d2e", "size": 1 }
    })
    .to_string()
}

fn post(port: u16, body: &str) -> String {
    send(
        ("127.0.0.1".parse::<std::net::IpAddr>().unwrap(), port).into(),
        &format!(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json",
            port
        ),
        body,
    )
}

/// Sends `head` (a request line and headers, without the blank line) and `body`; the
/// response.
fn send(addr: SocketAddr, head: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "{}\r\nContent-Length: {}\r\n\r\n{}",
        head,
        body.len(),
        body
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

/// A workspace with only what a scaffold reads.
fn mini_workspace() -> TempDir {
    let dir = TempDir::new("listen-mini");
    std::fs::create_dir_all(dir.0.join("crates")).unwrap();
    std::fs::write(
        dir.0.join("Cargo.toml"),
        "[workspace]\nmembers = [\"crates/*\"]\n",
    )
    .unwrap();
    dir
}

fn test_config(count: Option<usize>) -> Config {
    Config {
        count,
        idle_timeout: Some(Duration::from_secs(30)),
        build_scaffolds: false,
        // Long enough for any real request here, short enough that the tests of slow and
        // idle clients wait little for their cut.
        request_deadline: Duration::from_millis(1500),
        first_bytes_deadline: Duration::from_millis(400),
        ..Config::default()
    }
}

type Session = (TempDir, SocketAddr, std::thread::JoinHandle<Vec<String>>);

/// A session on `ws` in the background: its address and its result.
fn session_on(ws: TempDir, config: Config) -> Session {
    let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
    let addr = listener.local_addr().unwrap();
    let root = ws.0.clone();
    let server = std::thread::spawn(move || serve(&[listener], &root, &config).unwrap());
    (ws, addr, server)
}

fn session(count: usize) -> Session {
    session_on(mini_workspace(), test_config(Some(count)))
}

fn berzerk() -> String {
    payload(
        "A. Berzerk",
        "Codeforces",
        "https://codeforces.com/problemset/problem/786/A",
        &[("5\n", "Lose\n")],
    )
}

fn status(response: &str) -> u16 {
    response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

#[test]
fn posted_problems_are_scaffolded_once_and_bad_ones_get_400() {
    let (ws, addr, server) = session(2);
    let port = addr.port();
    let chess = payload(
        "P4363 [九省联考 2018] 一双木棋 chess",
        "Luogu",
        "https://www.luogu.com.cn/problem/P4363",
        &[
            ("2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n", "2\n"),
            ("1 1\n0\n0\n", "0\n"),
        ],
    );
    let ok = post(port, &chess);
    assert!(
        ok.starts_with("HTTP/1.1 200 OK\r\n") && ok.contains("accepted as p4363-chess"),
        "{}",
        ok
    );
    let again = post(port, &chess);
    assert!(
        again.starts_with("HTTP/1.1 409 Conflict\r\n") && again.contains("received before"),
        "{}",
        again
    );
    let bad = post(port, "{\"name\": ");
    assert!(
        bad.starts_with("HTTP/1.1 400 Bad Request\r\n") && bad.contains("not JSON"),
        "{}",
        bad
    );
    assert!(post(port, &berzerk()).starts_with("HTTP/1.1 200 OK"));
    // Two problems accepted: the server finished them and stopped by itself.
    assert_eq!(server.join().unwrap(), ["p4363-chess", "cf786a-berzerk"]);
    let sample =
        |file: &str| std::fs::read_to_string(ws.0.join("samples/p4363-chess").join(file)).unwrap();
    assert_eq!(sample("01.out"), "2\n");
    assert_eq!(sample("02.in"), "1 1\n0\n0\n");
    let manifest = std::fs::read_to_string(ws.0.join("crates/cf786a-berzerk/Cargo.toml")).unwrap();
    assert!(
        manifest.contains("time-limit-ms = 2000\nmemory-limit-mib = 512\n"),
        "{}",
        manifest
    );
    // The statement's name is the description, and its URL recorded.
    assert!(
        manifest.contains(
            "description = \"Codeforces: A. Berzerk (https://codeforces.com/problemset/problem/786/A)\""
        ),
        "{}",
        manifest
    );
    assert!(
        manifest.contains("[package.metadata.problem]\nname = \"A. Berzerk\"\n"),
        "{}",
        manifest
    );
    // Each crate checks itself; the workspace's manifest is left alone.
    for name in ["p4363-chess", "cf786a-berzerk"] {
        assert!(ws
            .0
            .join("crates")
            .join(name)
            .join("tests/checks.rs")
            .is_file());
    }
    assert_eq!(
        std::fs::read_to_string(ws.0.join("Cargo.toml")).unwrap(),
        "[workspace]\nmembers = [\"crates/*\"]\n"
    );
}

#[test]
fn stops_after_the_idle_timeout() {
    let ws = mini_workspace();
    let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
    let config = Config {
        idle_timeout: Some(Duration::from_millis(100)),
        ..test_config(None)
    };
    assert!(serve(&[listener], &ws.0, &config).unwrap().is_empty());
}

#[test]
fn a_web_page_cannot_scaffold_and_the_extension_can() {
    let (ws, addr, server) = session(1);
    let host = format!("POST / HTTP/1.1\r\nHost: localhost:{}", addr.port());
    // What a page's fetch(url, {method: 'POST', mode: 'no-cors', body}) sends.
    let page = send(
        addr,
        &format!(
            "{}\r\nContent-Type: text/plain;charset=UTF-8\r\nOrigin: https://evil.example\r\nSec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors",
            host
        ),
        &berzerk(),
    );
    assert!(page.starts_with("HTTP/1.1 403 Forbidden\r\n"), "{}", page);
    // Each check alone refuses.
    for extra in [
        "Content-Type: text/plain",
        "Content-Type: application/json\r\nOrigin: https://evil.example",
        "Content-Type: application/json\r\nOrigin: http://localhost:8000",
        "Content-Type: application/json\r\nOrigin: null",
        "Content-Type: application/json\r\nOrigin: file://",
        "Content-Type: application/json\r\nOrigin: ws://localhost",
        "Content-Type: application/json\r\nOrigin: moz-extension://a\r\nOrigin: https://evil.example",
        "Content-Type: application/json\r\nSec-Fetch-Site: cross-site",
        "Content-Type: application/x-www-form-urlencoded",
    ] {
        let response = send(addr, &format!("{}\r\n{}", host, extra), &berzerk());
        assert!(
            response.starts_with("HTTP/1.1 403 Forbidden\r\n"),
            "{}: {}",
            extra,
            response
        );
    }
    // A rebinding page's Host, hosts that only start like the loopback, none.
    for head in [
        "Host: evil.example:10043",
        "Host: [::1]evil.example",
        "Host: 127.0.0.1:80@evil.example",
        "Host: ",
        "X-No-Host: 1",
    ] {
        let response = send(
            addr,
            &format!(
                "POST / HTTP/1.1\r\n{}\r\nContent-Type: application/json",
                head
            ),
            &berzerk(),
        );
        assert!(
            response.starts_with("HTTP/1.1 403 Forbidden\r\n"),
            "{}: {}",
            head,
            response
        );
    }
    assert!(!ws.0.join("crates/cf786a-berzerk").exists());
    assert!(!ws.0.join("samples/cf786a-berzerk").exists());
    // The extension: JSON from its own origin (or none).
    let extension = send(
        addr,
        &format!(
            "{}\r\nContent-Type: application/json; charset=utf-8\r\nOrigin: moz-extension://4b5e0c8e-36a6",
            host
        ),
        &berzerk(),
    );
    assert!(
        extension.starts_with("HTTP/1.1 200 OK\r\n"),
        "{}",
        extension
    );
    assert_eq!(server.join().unwrap(), ["cf786a-berzerk"]);
}

#[test]
fn a_refused_body_is_never_read() {
    let (_ws, addr, server) = session(1);
    // Headers of a 60 MB text/plain body from a page, and 1 MB of it: answered at once.
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nOrigin: https://evil.example\r\nContent-Length: 62914560\r\n\r\n"
    )
    .unwrap();
    let started = Instant::now();
    stream.write_all(&vec![b'x'; 1 << 20]).ok();
    let mut response = String::new();
    stream.read_to_string(&mut response).ok();
    assert!(response.starts_with("HTTP/1.1 403"), "{:?}", response);
    assert!(started.elapsed() < Duration::from_secs(1));
    // An accepted kind of request claiming more than a problem takes: 413 from its headers.
    let mut big = TcpStream::connect(addr).unwrap();
    write!(
        big,
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 62914560\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    big.read_to_string(&mut response).ok();
    assert!(response.starts_with("HTTP/1.1 413"), "{:?}", response);
    assert!(post(addr.port(), &berzerk()).starts_with("HTTP/1.1 200"));
    server.join().unwrap();
}

#[test]
fn a_short_body_is_said_to_be_short() {
    let (_ws, addr, server) = session(1);
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"name\":"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(
        response.starts_with("HTTP/1.1 408")
            && response.contains("shorter than its Content-Length: 8 of its 100 bytes")
            && response.contains("timed out")
            && !response.contains("os error"),
        "{}",
        response
    );
    // Closed early: said so too.
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{}}"
    )
    .unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(
        response.starts_with("HTTP/1.1 400") && response.contains("closed after 2 of its 100"),
        "{}",
        response
    );
    assert!(post(addr.port(), &berzerk()).starts_with("HTTP/1.1 200"));
    server.join().unwrap();
}

#[test]
fn limits_out_of_range_are_refused_with_400_and_nothing_written() {
    let (ws, addr, server) = session(1);
    for (time, memory) in [
        ("18446744073709551615", "256"),
        ("9223372036854775808", "256"),
        ("1000", "18446744073709551615"),
        ("1000", "0"),
        ("0", "256"),
        ("1e30", "256"),
    ] {
        let body = berzerk()
            .replace("\"timeLimit\":2000", &format!("\"timeLimit\":{}", time))
            .replace(
                "\"memoryLimit\":512",
                &format!("\"memoryLimit\":{}", memory),
            );
        assert!(body.contains(time) && body.contains(memory), "{}", body);
        let response = post(addr.port(), &body);
        assert!(
            response.starts_with("HTTP/1.1 400 Bad Request\r\n"),
            "{} {}: {}",
            time,
            memory,
            response
        );
        assert!(!ws.0.join("crates/cf786a-berzerk").exists());
    }
    assert!(post(addr.port(), &berzerk()).starts_with("HTTP/1.1 200 OK"));
    server.join().unwrap();
}

#[test]
fn slow_and_idle_clients_delay_no_one() {
    let (_ws, addr, server) = session(1);
    // An idle connection and one that dribbles a byte every 300 ms.
    let mut idle = TcpStream::connect(addr).unwrap();
    let idle_started = Instant::now();
    let mut dribbler = TcpStream::connect(addr).unwrap();
    let dribbling = std::thread::spawn(move || {
        let started = Instant::now();
        for byte in b"POST / HTTP/1.1\r\nHost: localhost\r\n"
            .iter()
            .cycle()
            .take(60)
        {
            if dribbler.write_all(&[*byte]).is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
        started.elapsed()
    });
    std::thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    let response = post(addr.port(), &berzerk());
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{}", response);
    // Answered as soon as it was checked, long before the extension's 500 ms.
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
    // The idle one is closed at the first bytes' deadline (400 ms here).
    let mut rest = Vec::new();
    idle.read_to_end(&mut rest).ok();
    assert!(
        idle_started.elapsed() < Duration::from_millis(1200),
        "{:?}",
        idle_started.elapsed()
    );
    assert_eq!(server.join().unwrap(), ["cf786a-berzerk"]);
    // The dribbler was cut off at the deadline (1.5 s here), long before its 18 s.
    assert!(dribbling.join().unwrap() < Duration::from_secs(5));
}

#[test]
fn idle_connections_in_every_slot_do_not_keep_the_extension_out() {
    let config = Config {
        // Long, so that only the displacing can let the request in.
        first_bytes_deadline: Duration::from_secs(20),
        request_deadline: Duration::from_secs(20),
        ..test_config(Some(1))
    };
    let (_ws, addr, server) = session_on(mini_workspace(), config);
    let idle: Vec<TcpStream> = (0..MAX_CONNECTIONS + 8)
        .map(|_| TcpStream::connect(addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    let response = post(addr.port(), &berzerk());
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{}", response);
    assert!(started.elapsed() < Duration::from_millis(500));
    assert_eq!(server.join().unwrap(), ["cf786a-berzerk"]);
    drop(idle);
}

#[test]
fn a_name_taken_by_another_problem_gets_the_next_free_one() {
    let (ws, addr, server) = session(4);
    // A name the workspace has (a dependency's package): the next free name, said so.
    std::fs::write(
        ws.0.join("Cargo.lock"),
        "[[package]]\nname = \"itertools\"\n",
    )
    .unwrap();
    let taken = payload("Itertools", "", "https://example.com/x", &[("1\n", "1\n")]);
    let response = post(addr.port(), &taken);
    assert!(
        response.starts_with("HTTP/1.1 200 OK\r\n")
            && response.contains("accepted as itertools-2")
            && response.contains("itertools is another problem's"),
        "{}",
        response
    );
    // The issue's names: contest problems without ASCII words, on a judge known by its URL and
    // on one that is not; each its own crate.
    let new_year = payload(
        "B. 新年的新航线",
        "UOJ",
        "https://uoj.ac/contest/5/problem/49",
        &[("1\n", "1\n")],
    );
    assert!(post(addr.port(), &new_year).contains("accepted as uoj49"));
    // Another B. with no id in its URL on the same judge: the next free name.
    let other = payload(
        "B. 新年",
        "Some judge",
        "https://contest.example/b",
        &[("1\n", "1\n")],
    );
    let another = payload(
        "B. 旧年",
        "Some judge",
        "https://contest.example/other-b",
        &[("1\n", "1\n")],
    );
    assert!(post(addr.port(), &other).contains("accepted as contest-b "));
    // The same problem again: a conflict, never a second crate.
    let again = post(addr.port(), &other);
    assert!(again.starts_with("HTTP/1.1 409"), "{}", again);
    let response = post(addr.port(), &another);
    assert!(
        response.contains("accepted as contest-b-2 "),
        "{}",
        response
    );
    assert_eq!(
        server.join().unwrap(),
        ["itertools-2", "uoj49", "contest-b", "contest-b-2"]
    );
}

#[test]
fn a_problem_received_in_an_earlier_session_is_a_conflict() {
    let (ws, addr, server) = session(1);
    assert!(post(addr.port(), &berzerk()).starts_with("HTTP/1.1 200"));
    server.join().unwrap();
    let (_ws, addr, server) = session_on(ws, test_config(Some(1)));
    // The same problem by its other URL.
    let contest = berzerk().replace("problemset/problem/786/A", "contest/786/problem/A");
    let response = post(addr.port(), &contest);
    assert!(
        response.starts_with("HTTP/1.1 409") && response.contains("crates/cf786a-berzerk"),
        "{}",
        response
    );
    // A different problem with the same name: its own crate.
    let other = payload(
        "A. Berzerk",
        "Gym",
        "https://codeforces.com/gym/100786/problem/A",
        &[],
    );
    let response = post(addr.port(), &other);
    assert!(
        response.contains("accepted as cf100786a-berzerk"),
        "{}",
        response
    );
    server.join().unwrap();
}

#[test]
fn problems_without_tests_and_with_files_are_scaffolded_and_say_so() {
    let (ws, addr, server) = session(2);
    let interactive = payload(
        "A. Guess the Number",
        "AtCoder",
        "https://atcoder.jp/contests/practice/tasks/practice_2",
        &[],
    )
    .replace("\"interactive\":false", "\"interactive\":true");
    let response = post(addr.port(), &interactive);
    assert!(
        response.starts_with("HTTP/1.1 200")
            && response.contains("no tests: scaffolded with none")
            && response.contains("interactive"),
        "{}",
        response
    );
    let files = payload(
        "A. Stones",
        "Codeforces",
        "https://codeforces.com/gym/100001/problem/A",
        &[("1 2\n", "3\n")],
    )
    .replace(
        r#""input":{"type":"stdin"}"#,
        r#""input":{"type":"file","fileName":"input.txt"}"#,
    )
    .replace(
        r#""output":{"type":"stdout"}"#,
        r#""output":{"type":"file","fileName":"output.txt"}"#,
    );
    let response = post(addr.port(), &files);
    assert!(
        response.starts_with("HTTP/1.1 200")
            && response.contains("reads input.txt and writes output.txt"),
        "{}",
        response
    );
    assert_eq!(
        server.join().unwrap(),
        ["practice2-guess-number", "cf100001a-stones"]
    );
    let samples = ws.0.join("samples/practice2-guess-number");
    assert!(samples.is_dir());
    assert_eq!(std::fs::read_dir(&samples).unwrap().count(), 0);
    let manifest =
        std::fs::read_to_string(ws.0.join("crates/cf100001a-stones/Cargo.toml")).unwrap();
    assert!(
        manifest.contains("input-file = \"input.txt\"\noutput-file = \"output.txt\"\n"),
        "{}",
        manifest
    );
    let main = std::fs::read_to_string(ws.0.join("crates/cf100001a-stones/src/main.rs")).unwrap();
    assert!(
        main.contains("dp_core::run_files(")
            && main.contains("Some(\"input.txt\"),")
            && main.contains("Some(\"output.txt\"),"),
        "{}",
        main
    );
    let left = new::left_to_fill(&ws.0, "practice2-guess-number");
    assert!(left.iter().any(|l| l.contains("no samples")), "{:?}", left);
    assert!(
        !left.iter().any(|l| l.contains("description")),
        "{:?}",
        left
    );
}

#[test]
fn a_burst_is_answered_at_once_and_the_accepted_are_all_finished() {
    let (ws, addr, server) = session(5);
    let port = addr.port();
    let posts: Vec<_> = (0..8)
        .map(|i| {
            std::thread::spawn(move || {
                let body = payload(
                    &format!("{}. Task", (b'A' + i) as char),
                    "Codeforces - Round 1",
                    &format!(
                        "https://codeforces.com/contest/1/problem/{}",
                        (b'A' + i) as char
                    ),
                    &[("1 2\n", "3\n")],
                );
                let started = Instant::now();
                let response = post(port, &body);
                (status(&response), started.elapsed(), response)
            })
        })
        .collect();
    let answers: Vec<(u16, Duration, String)> =
        posts.into_iter().map(|p| p.join().unwrap()).collect();
    for (status, took, response) in &answers {
        assert!(
            *took < Duration::from_millis(500),
            "{:?}: {}",
            took,
            response
        );
        assert!(matches!(status, 200 | 503), "{}", response);
    }
    assert_eq!(answers.iter().filter(|a| a.0 == 200).count(), 5);
    let made = server.join().unwrap();
    assert_eq!(made.len(), 5, "{:?}", made);
    for name in &made {
        assert!(ws.0.join("crates").join(name).join("src/lib.rs").is_file());
        assert_eq!(
            std::fs::read_to_string(ws.0.join("samples").join(name).join("01.out")).unwrap(),
            "3\n"
        );
    }
    // Refused ones wrote nothing.
    let crates = std::fs::read_dir(ws.0.join("crates")).unwrap().count();
    assert_eq!(crates, 5, "the five accepted");
}

#[test]
fn a_session_killed_after_moving_samples_in_is_taken_back_first() {
    let ws = mini_workspace();
    // What a kill after the samples moved in (and before the crate) leaves.
    std::fs::create_dir_all(ws.0.join("samples/cf786a-berzerk")).unwrap();
    std::fs::write(ws.0.join("samples/cf786a-berzerk/01.in"), "5\n").unwrap();
    let stage =
        ws.0.join(new::STAGING)
            .join(format!("cf786a-berzerk-{}", u32::MAX));
    std::fs::create_dir_all(stage.join("crate")).unwrap();
    std::fs::write(stage.join("moving-samples"), "").unwrap();
    let (_ws, addr, server) = session_on(ws, test_config(Some(1)));
    let response = post(addr.port(), &berzerk());
    assert!(
        response.contains("accepted as cf786a-berzerk "),
        "{}",
        response
    );
    assert_eq!(server.join().unwrap(), ["cf786a-berzerk"]);
}

#[test]
fn listens_on_both_loopbacks() {
    let listeners = bind(0).unwrap();
    let port = listeners[0].local_addr().unwrap().port();
    if listeners.len() == 2 {
        assert_eq!(listeners[1].local_addr().unwrap().port(), port);
        assert!(listeners[1].local_addr().unwrap().is_ipv6());
    }
    let ws = mini_workspace();
    let root = ws.0.clone();
    let count = listeners.len();
    let server =
        std::thread::spawn(move || serve(&listeners, &root, &test_config(Some(count))).unwrap());
    let chess = payload(
        "P4363 chess",
        "Luogu",
        "https://www.luogu.com.cn/problem/P4363",
        &[("1 1\n0\n0\n", "0\n")],
    );
    let v4 = post(port, &chess);
    assert!(v4.starts_with("HTTP/1.1 200 OK"), "{}", v4);
    if count == 2 {
        let v6 = send(
            ("::1".parse::<std::net::IpAddr>().unwrap(), port).into(),
            "POST / HTTP/1.1\r\nHost: [::1]\r\nContent-Type: application/json",
            &berzerk(),
        );
        assert!(v6.starts_with("HTTP/1.1 200 OK"), "{}", v6);
    }
    assert_eq!(server.join().unwrap().len(), count);
}

#[test]
fn a_given_name_is_taken_as_it_is_or_refused() {
    let ws = mini_workspace();
    std::fs::create_dir_all(ws.0.join("crates/taken-game")).unwrap();
    let config = Config {
        name: Some("taken-game".to_string()),
        ..test_config(Some(1))
    };
    let (ws, addr, server) = session_on(ws, config);
    let response = post(addr.port(), &berzerk());
    assert!(
        response.starts_with("HTTP/1.1 409") && response.contains("crates/taken-game exists"),
        "{}",
        response
    );
    // Refused, so the name still applies to the first problem accepted.
    std::fs::remove_dir(ws.0.join("crates/taken-game")).unwrap();
    let response = post(addr.port(), &berzerk());
    assert!(response.contains("accepted as taken-game "), "{}", response);
    assert_eq!(server.join().unwrap(), ["taken-game"]);
}
