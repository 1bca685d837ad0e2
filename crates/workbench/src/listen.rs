//! `cargo xtask listen [--port P] [--count K] [--name NAME]`: problems in from the browser. The
//! Competitive Companion extension POSTs each problem it parses as JSON (`name`, `url`, `tests`
//! [{`input`, `output`}], `timeLimit` in ms, `memoryLimit` in MB, `batch`, ...) to
//! `http://127.0.0.1:P/`; each one becomes a problem crate scaffolded as by `cargo xtask new`
//! (registered in crates/problems), its tests as `samples/<crate>/NN.in/.out` and its limits in
//! `[package.metadata.judge]`.
//!
//! A small HTTP/1.1 server on std::net, on the loopback only: one request per connection, read
//! with a time-out and a size cap. Malformed JSON gets a 400 and a line on stderr; a problem whose
//! crate exists gets a 409 and is not overwritten.

use crate::new::{self, Spec};
use anyhow::{anyhow, bail, Context, Result};
use bundler::cli::Args;
use bundler::workspace;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};

pub const USAGE: &str = "\
cargo xtask listen [--port P] [--count K] [--name NAME] [--timeout-s S]

Receives problems from the Competitive Companion browser extension (set its custom port to P)
on http://127.0.0.1:P/ (default 10043; 0 picks a free port) and scaffolds a problem crate for
each, as `cargo xtask new` does, with its tests as samples/<crate>/NN.in/.out and its limits in
[package.metadata.judge]. The crate's name comes from the URL: Luogu P4363 -> p4363-<slug>,
AtCoder abc201_d -> abc201d-<slug>, Codeforces 786/A -> cf786a-<slug>, POJ 2311 ->
poj2311-<slug>, the slug from the problem's name.
  --count K      stop after K problems scaffolded (default: run until Ctrl-C)
  --name NAME    the crate's name, instead of the one from the URL (with --count 1 only)
  --timeout-s S  stop after S seconds without a request
A problem whose crate exists is refused (409), never overwritten; malformed JSON gets a 400.
";

/// Competitive Companion's default custom port for tools like this one.
pub const DEFAULT_PORT: u16 = 10043;
/// Largest request accepted: a problem's tests can be long, not this long.
const MAX_REQUEST: usize = 64 << 20;
/// How long one connection may take to send its request.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// How a listening session runs.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Stop after this many crates scaffolded.
    pub count: Option<usize>,
    /// The first crate's name, instead of the one from its URL.
    pub name: Option<String>,
    /// Stop after this long without a request.
    pub idle_timeout: Option<Duration>,
    /// Build each scaffold's oracle program before registering it (what the command does; the
    /// unit tests' scratch workspaces have nothing to build with).
    pub build_scaffolds: bool,
}

pub fn run(args: Vec<String>) -> Result<()> {
    let mut args = Args::new(args);
    let port = args.parsed::<u16>("--port")?.unwrap_or(DEFAULT_PORT);
    let count = args.parsed::<usize>("--count")?;
    let name = args.value("--name")?;
    let timeout = args.parsed::<u64>("--timeout-s")?;
    let rest = args.finish()?;
    if !rest.is_empty() {
        bail!("usage: {}", USAGE.lines().next().unwrap_or_default());
    }
    if count == Some(0) {
        bail!("--count 0 would receive nothing: give at least 1");
    }
    if name.is_some() && count != Some(1) {
        bail!("--name names one crate: give it with --count 1");
    }
    let listener = TcpListener::bind(("127.0.0.1", port))
        .with_context(|| format!("listening on 127.0.0.1:{}", port))?;
    let config = Config {
        count,
        name,
        idle_timeout: timeout.map(Duration::from_secs),
        build_scaffolds: true,
    };
    let root = workspace::root();
    eprintln!(
        "listening on http://{}/ for Competitive Companion (its custom port: {}); {}",
        listener.local_addr()?,
        listener.local_addr()?.port(),
        match count {
            Some(k) => format!(
                "stopping after {} problem{}",
                k,
                if k == 1 { "" } else { "s" }
            ),
            None => "Ctrl-C to stop".to_string(),
        }
    );
    let scaffolded = serve(&listener, &root, &config)?;
    eprintln!(
        "received {} problem{}",
        scaffolded.len(),
        if scaffolded.len() == 1 { "" } else { "s" }
    );
    Ok(())
}

/// Answers requests on `listener` until `config` says stop; returns the crates scaffolded.
pub fn serve(listener: &TcpListener, root: &Path, config: &Config) -> Result<Vec<String>> {
    let mut scaffolded = Vec::new();
    listener.set_nonblocking(config.idle_timeout.is_some())?;
    let mut last_request = Instant::now();
    while config.count.is_none_or(|k| scaffolded.len() < k) {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(err) if err.kind() == std::io::ErrorKind::WouldBlock => {
                if config
                    .idle_timeout
                    .is_some_and(|t| last_request.elapsed() >= t)
                {
                    eprintln!(
                        "no request for {:?}: stopping",
                        config.idle_timeout.unwrap_or_default()
                    );
                    break;
                }
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
            Err(err) => return Err(err).context("accepting a connection"),
        };
        last_request = Instant::now();
        stream.set_nonblocking(false)?;
        let name = if scaffolded.is_empty() {
            config.name.as_deref()
        } else {
            None
        };
        if let Some(crate_name) = handle(stream, root, name, config.build_scaffolds) {
            scaffolded.push(crate_name);
        }
    }
    Ok(scaffolded)
}

/// One connection: read the request, scaffold, answer. Returns the crate scaffolded, if any.
/// Problems are reported on stderr, never end the session.
fn handle(mut stream: TcpStream, root: &Path, name: Option<&str>, build: bool) -> Option<String> {
    stream.set_read_timeout(Some(READ_TIMEOUT)).ok();
    let (status, message, scaffolded) = match read_request(&mut stream) {
        Err(err) => (400, format!("{:#}", err), None),
        Ok((method, _)) if method != "POST" => (
            405,
            format!(
                "{} is not POST: Competitive Companion POSTs problems",
                method
            ),
            None,
        ),
        Ok((_, body)) => match receive(root, &body, name, build) {
            Ok(crate_name) => (200, format!("scaffolded {}", crate_name), Some(crate_name)),
            Err(Refusal::Malformed(err)) => (400, format!("malformed problem: {:#}", err), None),
            Err(Refusal::Exists(err)) => (409, format!("{:#}", err), None),
            Err(Refusal::Failed(err)) => (500, format!("{:#}", err), None),
        },
    };
    if status != 200 {
        eprintln!("error: {} ({})", message, status);
    }
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        405 => "Method Not Allowed",
        409 => "Conflict",
        _ => "Internal Server Error",
    };
    let body = format!("{}\n", message);
    let response = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
        status,
        reason,
        body.len(),
        body
    );
    stream.write_all(response.as_bytes()).ok();
    scaffolded
}

/// The method and body of one HTTP/1.1 request (`Content-Length` bodies only, as browsers send).
fn read_request(stream: &mut TcpStream) -> Result<(String, Vec<u8>)> {
    let mut reader = BufReader::new(stream.take(MAX_REQUEST as u64));
    let mut line = String::new();
    reader
        .read_line(&mut line)
        .context("reading the request line")?;
    let method = line
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string();
    if method.is_empty() {
        bail!("an empty request");
    }
    let mut length = None;
    loop {
        let mut header = String::new();
        if reader
            .read_line(&mut header)
            .context("reading the headers")?
            == 0
        {
            bail!("the request ended inside its headers");
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((key, value)) = header.split_once(':') {
            if key.trim().eq_ignore_ascii_case("content-length") {
                let n: usize = value
                    .trim()
                    .parse()
                    .with_context(|| format!("Content-Length {:?}", value.trim()))?;
                if n > MAX_REQUEST {
                    bail!("a body of {} bytes is too large", n);
                }
                length = Some(n);
            }
        }
    }
    let mut body = vec![0; length.unwrap_or(0)];
    reader.read_exact(&mut body).context("reading the body")?;
    Ok((method, body))
}

/// Why a problem was not scaffolded.
enum Refusal {
    /// Not a Competitive Companion problem.
    Malformed(anyhow::Error),
    /// Its crate or samples exist.
    Exists(anyhow::Error),
    /// The scaffold failed (and took back what it wrote).
    Failed(anyhow::Error),
}

/// Scaffolds the problem of a request's body; returns the crate's name.
fn receive(root: &Path, body: &[u8], name: Option<&str>, build: bool) -> Result<String, Refusal> {
    let problem = Problem::from_json(body).map_err(Refusal::Malformed)?;
    let crate_name = match name {
        Some(name) => name.to_string(),
        None => crate_name(&problem.url, &problem.name).map_err(Refusal::Malformed)?,
    };
    let mut spec = problem.spec(&crate_name);
    spec.build = build;
    let taken = [
        root.join("crates").join(&crate_name),
        workspace::samples_dir(root, &crate_name),
    ];
    if let Some(path) = taken.iter().find(|p| p.symlink_metadata().is_ok()) {
        return Err(Refusal::Exists(anyhow!(
            "{} ({}) was received before: {} exists; nothing was written",
            problem.name,
            problem.url,
            path.strip_prefix(root).unwrap_or(path).display()
        )));
    }
    let report = new::scaffold(root, &spec).map_err(Refusal::Failed)?;
    println!("{}: \"{}\" ({})", crate_name, problem.name, problem.url);
    new::print_report(root, &report);
    if problem.interactive {
        eprintln!(
            "warning: {} is interactive; judge and the sample tests run it on files only",
            crate_name
        );
    }
    println!(
        "next: write crates/{name}/src/lib.rs and src/oracle.rs (the placeholder sums the input's \
         integers), then cargo xtask judge {name} --bundled\n",
        name = crate_name
    );
    Ok(crate_name)
}

/// The fields of a Competitive Companion problem that the scaffold uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub name: String,
    pub group: String,
    pub url: String,
    pub interactive: bool,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    /// (input, output) of each test.
    pub tests: Vec<(String, String)>,
}

impl Problem {
    /// Reads a request's body; the error says which field is missing or wrong.
    pub fn from_json(body: &[u8]) -> Result<Problem> {
        let json: Value = serde_json::from_slice(body).context("not JSON")?;
        let text = |key: &str| -> Result<String> {
            json.get(key)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| anyhow!("field {:?} is missing or not a string", key))
        };
        let number = |key: &str| -> Result<u64> {
            match json.get(key).and_then(Value::as_u64) {
                Some(n) if n > 0 => Ok(n),
                _ => bail!("field {:?} is missing or not a positive integer", key),
            }
        };
        let tests = json
            .get("tests")
            .and_then(Value::as_array)
            .ok_or_else(|| anyhow!("field \"tests\" is missing or not an array"))?;
        let tests = tests
            .iter()
            .enumerate()
            .map(|(i, test)| {
                let field = |key: &str| {
                    test.get(key)
                        .and_then(Value::as_str)
                        .map(str::to_string)
                        .ok_or_else(|| anyhow!("tests[{}].{} is missing or not a string", i, key))
                };
                Ok((field("input")?, field("output")?))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Problem {
            name: text("name")?,
            group: json
                .get("group")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            url: text("url")?,
            interactive: json
                .get("interactive")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            time_limit_ms: number("timeLimit")?,
            memory_limit_mb: number("memoryLimit")?,
            tests,
        })
    }

    /// The scaffold of this problem as crate `crate_name`.
    pub fn spec(&self, crate_name: &str) -> Spec {
        let with_newline = |s: &str| {
            if s.ends_with('\n') {
                s.to_string()
            } else {
                format!("{}\n", s)
            }
        };
        let samples = self
            .tests
            .iter()
            .enumerate()
            .map(|(i, (input, output))| {
                (
                    format!("{:02}", i + 1),
                    with_newline(input),
                    with_newline(output),
                )
            })
            .collect();
        Spec {
            name: crate_name.to_string(),
            description: format!(
                "{}{}: {} ({}); scaffolded by `cargo xtask listen`, the solver still a placeholder.",
                self.group,
                if self.group.is_empty() { "" } else { " " },
                self.name,
                self.url
            ),
            time_limit_ms: self.time_limit_ms,
            memory_limit_mib: self.memory_limit_mb,
            samples,
            build: true,
        }
    }
}

/// The crate name for a problem: its judge and number from `url`, then a slug of `name`.
///
/// Luogu `.../problem/P4363` -> `p4363`, AtCoder `.../tasks/abc201_d` -> `abc201d`, Codeforces
/// `.../problem/786/A` or `.../contest/786/problem/A` -> `cf786a`, POJ `...?id=2311` ->
/// `poj2311`; other URLs give the slug alone.
pub fn crate_name(url: &str, name: &str) -> Result<String> {
    let id = problem_id(url);
    let slug = slug(name, id.as_deref());
    let joined = match (&id, slug.is_empty()) {
        (Some(id), true) => id.clone(),
        (Some(id), false) => format!("{}-{}", id, slug),
        (None, false) => slug,
        (None, true) => bail!(
            "neither the URL {:?} nor the name {:?} gives a crate name: use --name",
            url,
            name
        ),
    };
    // A crate name starts with a letter.
    Ok(if joined.starts_with(|c: char| c.is_ascii_lowercase()) {
        joined
    } else {
        format!("p{}", joined)
    })
}

fn problem_id(url: &str) -> Option<String> {
    let lower = url.to_ascii_lowercase();
    let rest = lower.split_once("://").map_or(lower.as_str(), |(_, r)| r);
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let path = path.split(['#']).next().unwrap_or_default();
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let alnum = |s: &str| {
        s.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
    };
    if host.ends_with("luogu.com.cn") || host.ends_with("luogu.org") {
        let at = parts.iter().position(|p| *p == "problem")?;
        return parts.get(at + 1).map(|id| alnum(id));
    }
    if host.ends_with("atcoder.jp") {
        let at = parts.iter().position(|p| *p == "tasks")?;
        return parts.get(at + 1).map(|id| alnum(id));
    }
    if host.ends_with("codeforces.com") {
        // problemset/problem/786/A, contest/786/problem/A, gym/100001/problem/A
        let contest = parts.iter().zip(parts.iter().skip(1)).find_map(|(a, b)| {
            (matches!(*a, "contest" | "gym" | "problem") && b.chars().all(|c| c.is_ascii_digit()))
                .then_some(*b)
        })?;
        let index = parts.last()?;
        return Some(format!("cf{}{}", contest, alnum(index)));
    }
    if host.ends_with("poj.org") {
        let id = query.split('&').find_map(|kv| kv.strip_prefix("id="))?;
        return Some(format!("poj{}", alnum(id)));
    }
    None
}

/// Up to three lowercase ASCII words of a problem's name, joined by `-`: without bracketed
/// notes (`[NOI2018]`), the problem's own number, a leading task letter (`A.`, `D -`) and small
/// words.
fn slug(name: &str, id: Option<&str>) -> String {
    let mut plain = String::new();
    let mut depth = 0;
    for c in name.chars() {
        match c {
            '[' | '(' | '【' | '（' => depth += 1,
            ']' | ')' | '】' | '）' => depth -= 1,
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let words: Vec<String> = plain
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let mut kept = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let task_letter =
            i == 0 && word.len() <= 2 && word.starts_with(|c: char| c.is_ascii_alphabetic());
        let is_id =
            id.is_some_and(|id| word == id || (word.len() >= 3 && id.ends_with(word.as_str())));
        let small = matches!(
            word.as_str(),
            "an" | "the" | "of" | "in" | "on" | "and" | "problem"
        );
        if !task_letter && !is_id && !small && kept.len() < 3 {
            kept.push(word.clone());
        }
    }
    kept.join("-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::TempDir;

    /// Payloads as Competitive Companion sends them (every field it sends, trimmed tests).
    fn payload(name: &str, group: &str, url: &str, tests: &[(&str, &str)]) -> String {
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

    #[test]
    fn names_come_from_the_url_and_the_name() {
        let cases = [
            (
                "https://www.luogu.com.cn/problem/P4363",
                "P4363 [九省联考 2018] 一双木棋 chess",
                "p4363-chess",
            ),
            (
                "https://atcoder.jp/contests/abc201/tasks/abc201_d",
                "D - Game in Momotetsu World",
                "abc201d-game-momotetsu-world",
            ),
            (
                "https://codeforces.com/problemset/problem/786/A",
                "A. Berzerk",
                "cf786a-berzerk",
            ),
            (
                "https://codeforces.com/contest/786/problem/A",
                "A. Berzerk",
                "cf786a-berzerk",
            ),
            (
                "http://poj.org/problem?id=2311",
                "Cutting Game",
                "poj2311-cutting-game",
            ),
            (
                "https://www.luogu.com.cn/problem/P1001",
                "P1001 A+B Problem",
                "p1001-a-b",
            ),
            ("https://example.com/x", "2048 Game", "p2048-game"),
        ];
        for (url, name, expected) in cases {
            assert_eq!(crate_name(url, name).unwrap(), expected, "{}", url);
        }
        assert!(crate_name("https://example.com/", "一双木棋").is_err());
    }

    #[test]
    fn reads_a_payload_and_names_a_missing_field() {
        let body = payload(
            "A. Berzerk",
            "Codeforces - Round 406",
            "https://codeforces.com/contest/786/problem/A",
            &[("5\n", "Lose\n")],
        );
        let problem = Problem::from_json(body.as_bytes()).unwrap();
        assert_eq!(
            (problem.time_limit_ms, problem.memory_limit_mb),
            (2000, 512)
        );
        assert_eq!(problem.tests, [("5\n".to_string(), "Lose\n".to_string())]);
        let spec = problem.spec("cf786a-berzerk");
        assert_eq!(spec.samples[0].0, "01");
        assert!(spec
            .description
            .contains("https://codeforces.com/contest/786/problem/A"));
        let err = Problem::from_json(br#"{"name": "x", "url": "y", "tests": []}"#).unwrap_err();
        assert!(err.to_string().contains("\"timeLimit\""), "{}", err);
        assert!(Problem::from_json(b"{not json").is_err());
    }

    fn post(port: u16, body: &str) -> String {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
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

    /// A workspace with only what a scaffold reads.
    fn mini_workspace() -> TempDir {
        let dir = TempDir::new("listen-mini");
        std::fs::create_dir_all(dir.0.join("crates/problems")).unwrap();
        std::fs::write(
            dir.0.join(new::REGISTRY),
            format!("[dependencies]\n{}\n", new::REGISTRY_MARKER),
        )
        .unwrap();
        dir
    }

    #[test]
    fn posted_problems_are_scaffolded_once_and_bad_ones_get_400() {
        let ws = mini_workspace();
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let port = listener.local_addr().unwrap().port();
        let root = ws.0.clone();
        let server = std::thread::spawn(move || {
            let config = Config {
                count: Some(2),
                name: None,
                idle_timeout: Some(Duration::from_secs(60)),
                build_scaffolds: false,
            };
            serve(&listener, &root, &config).unwrap()
        });
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
            ok.starts_with("HTTP/1.1 200 OK\r\n") && ok.ends_with("scaffolded p4363-chess\n"),
            "{}",
            ok
        );
        let again = post(port, &chess);
        assert!(
            again.starts_with("HTTP/1.1 409 Conflict\r\n") && again.contains("was received before"),
            "{}",
            again
        );
        let bad = post(port, "{\"name\": ");
        assert!(
            bad.starts_with("HTTP/1.1 400 Bad Request\r\n") && bad.contains("not JSON"),
            "{}",
            bad
        );
        let berzerk = payload(
            "A. Berzerk",
            "Codeforces",
            "https://codeforces.com/problemset/problem/786/A",
            &[("5\n", "Lose\n")],
        );
        assert!(post(port, &berzerk).starts_with("HTTP/1.1 200 OK"));
        // Two crates scaffolded: the server stopped by itself.
        assert_eq!(server.join().unwrap(), ["p4363-chess", "cf786a-berzerk"]);
        let sample = |file: &str| {
            std::fs::read_to_string(ws.0.join("samples/p4363-chess").join(file)).unwrap()
        };
        assert_eq!(sample("01.out"), "2\n");
        assert_eq!(sample("02.in"), "1 1\n0\n0\n");
        let manifest =
            std::fs::read_to_string(ws.0.join("crates/cf786a-berzerk/Cargo.toml")).unwrap();
        assert!(
            manifest.contains("time-limit-ms = 2000\nmemory-limit-mib = 512\n"),
            "{}",
            manifest
        );
        let registry = std::fs::read_to_string(ws.0.join(new::REGISTRY)).unwrap();
        assert_eq!(
            registry.matches("features = [\"oracle\"]").count(),
            2,
            "{}",
            registry
        );
    }

    #[test]
    fn stops_after_the_idle_timeout() {
        let ws = mini_workspace();
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let config = Config {
            count: None,
            name: None,
            idle_timeout: Some(Duration::from_millis(100)),
            build_scaffolds: false,
        };
        assert!(serve(&listener, &ws.0, &config).unwrap().is_empty());
    }
}
