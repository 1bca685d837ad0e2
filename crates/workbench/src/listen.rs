//! `cargo xtask listen [--port P] [--count K] [--name NAME]`: problems in from the browser. The
//! Competitive Companion extension POSTs each problem it parses as JSON ([`problem`]) to
//! `http://127.0.0.1:P/`; each one becomes a problem crate scaffolded as by `cargo xtask new`
//! (checked by its own `tests/checks.rs`), its tests as `samples/<crate>/NN.in/.out`, its limits and
//! files in `[package.metadata.judge]`, named by [`names`].
//!
//! A small HTTP/1.1 server on std::net, on the loopback only: one request per connection, each
//! on a thread of its own in one of [`MAX_CONNECTIONS`] slots ([`slots`]), read within
//! deadlines and refused from its headers where it is not the extension's ([`http`]); accepted
//! problems are answered at once and scaffolded in order on a thread of their own ([`queue`]).

pub mod http;
pub mod names;
pub mod problem;
pub mod queue;
pub mod slots;
#[cfg(test)]
pub(crate) mod tests;

use crate::flags::Listen;
use crate::new;
use context_error::{bail, Context, Result};
use std::io::BufReader;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use workspace_layout as workspace;

pub use problem::Problem;

/// Competitive Companion's default custom port for tools like this one.
pub const DEFAULT_PORT: u16 = 10043;
/// Problems one session scaffolds unless `--count` says otherwise, and the most it may say.
pub const DEFAULT_COUNT: usize = 20;
pub const MAX_COUNT: usize = 200;
/// How long one connection may take to send its whole request.
const REQUEST_DEADLINE: Duration = Duration::from_secs(5);
/// How long a connection may stay silent before its first bytes: the extension sends its
/// request at once, an idle client is dropped then.
const FIRST_BYTES_DEADLINE: Duration = Duration::from_secs(1);
/// Connections served at once (see [`slots`]).
pub const MAX_CONNECTIONS: usize = 32;
/// The bodies read at once, in all (each at most [`http::MAX_BODY`]): a bound on the memory
/// requests can take, whatever they claim.
const BODY_BUDGET: usize = 32 << 20;

/// How a listening session runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Stop after this many problems accepted (and scaffolded).
    pub count: Option<usize>,
    /// The first crate's name, instead of the one from its URL.
    pub name: Option<String>,
    /// Stop after this long without a request.
    pub idle_timeout: Option<Duration>,
    /// Build each scaffold's oracle program (what the command does; the
    /// unit tests' scratch workspaces have nothing to build with).
    pub build_scaffolds: bool,
    /// How long one request may take to arrive (`REQUEST_DEADLINE`; shorter in tests).
    pub request_deadline: Duration,
    /// How long a connection may wait before its first bytes (`FIRST_BYTES_DEADLINE`).
    pub first_bytes_deadline: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            count: Some(DEFAULT_COUNT),
            name: None,
            idle_timeout: None,
            build_scaffolds: true,
            request_deadline: REQUEST_DEADLINE,
            first_bytes_deadline: FIRST_BYTES_DEADLINE,
        }
    }
}

pub fn run(flags: Listen) -> Result<()> {
    let Listen {
        port,
        count,
        name,
        timeout_s: timeout,
    } = flags;
    let port = port.unwrap_or(DEFAULT_PORT);
    let count = count.unwrap_or(DEFAULT_COUNT);
    if count == 0 {
        bail!("--count 0 would receive nothing: give at least 1");
    }
    if count > MAX_COUNT {
        bail!(
            "--count {}: at most {} problems a session (every crate is built by every workspace build)",
            count,
            MAX_COUNT
        );
    }
    if name.is_some() && count != 1 {
        bail!("--name names one crate: give it with --count 1");
    }
    let root = workspace::root();
    if let Some(name) = &name {
        new::check_name(&root, name)?;
    }
    let listeners = bind(port)?;
    let config = Config {
        count: Some(count),
        name,
        idle_timeout: timeout.map(Duration::from_secs),
        ..Config::default()
    };
    let shown: Vec<String> = listeners
        .iter()
        .filter_map(|l| l.local_addr().ok())
        .map(|a| format!("http://{}/", a))
        .collect();
    eprintln!(
        "listening on {} for Competitive Companion (its custom port: {}); stopping after {} problem{}",
        shown.join(" and "),
        listeners[0].local_addr()?.port(),
        count,
        if count == 1 { "" } else { "s" }
    );
    let scaffolded = serve(&listeners, &root, &config)?;
    eprintln!(
        "received {} problem{}",
        scaffolded.len(),
        if scaffolded.len() == 1 { "" } else { "s" }
    );
    Ok(())
}

/// Listens on 127.0.0.1 and ::1 (the extension posts to `localhost`, which may be either),
/// on `port` (0: a free port, the same for both). ::1 is left out, with a note, where the
/// machine has no IPv6 loopback.
pub fn bind(port: u16) -> Result<Vec<TcpListener>> {
    for _ in 0..20 {
        let v4 = TcpListener::bind(("127.0.0.1", port))
            .with_context(|| format!("listening on 127.0.0.1:{}", port))?;
        let chosen = v4.local_addr()?.port();
        match TcpListener::bind(("::1", chosen)) {
            Ok(v6) => return Ok(vec![v4, v6]),
            // A free v4 port taken on v6: pick again.
            Err(err) if port == 0 && err.kind() == std::io::ErrorKind::AddrInUse => continue,
            Err(err) => {
                eprintln!(
                    "note: not listening on [::1]:{} ({}); 127.0.0.1 only",
                    chosen, err
                );
                return Ok(vec![v4]);
            }
        }
    }
    bail!("no free port on both 127.0.0.1 and ::1")
}

/// Answers requests on `listeners` until `config` says stop; returns the crates scaffolded.
/// Each connection is served on a thread of its own within `config.request_deadline`, so a slow
/// or idle client delays no one; the accepted problems are scaffolded in order on another.
/// What a killed session left half-made is finished or taken back first.
pub fn serve(listeners: &[TcpListener], root: &Path, config: &Config) -> Result<Vec<String>> {
    new::recover(root)?;
    for listener in listeners {
        listener.set_nonblocking(true)?;
    }
    let (intake, jobs) = queue::Intake::new(root, config);
    let slots = slots::Slots::new(MAX_CONNECTIONS);
    let budget = AtomicUsize::new(BODY_BUDGET);
    std::thread::scope(|scope| -> Result<Vec<String>> {
        let scaffolder = scope.spawn(|| queue::scaffold_all(root, jobs, &intake));
        let served = std::thread::scope(|connections| {
            accept_all(listeners, config, &intake, &slots, &budget, connections)
        });
        // Every connection answered: no more jobs, and the accepted ones are finished.
        intake.close();
        let made = scaffolder
            .join()
            .map_err(|_| context_error::err!("the scaffolding thread panicked"))?;
        served.map(|()| made)
    })
}

/// Accepts connections until the session is done (its problems accepted and scaffolded:
/// requests meanwhile are answered, 503 once it is full) or the idle time-out passes.
fn accept_all<'scope, 'env: 'scope>(
    listeners: &[TcpListener],
    config: &'env Config,
    intake: &'env queue::Intake<'env>,
    slots: &'env slots::Slots,
    budget: &'env AtomicUsize,
    connections: &'scope std::thread::Scope<'scope, 'env>,
) -> Result<()> {
    let mut last_request = Instant::now();
    while !intake.is_done() {
        let mut accepted = None;
        for listener in listeners {
            match listener.accept() {
                Ok(connection) => {
                    accepted = Some(connection);
                    break;
                }
                Err(err) if err.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(err) => return Err(err).context("accepting a connection"),
            }
        }
        let Some((stream, peer)) = accepted else {
            let idle = config
                .idle_timeout
                .is_some_and(|t| last_request.elapsed() >= t);
            if idle && !intake.is_full() {
                eprintln!(
                    "no request for {:?}: stopping",
                    config.idle_timeout.unwrap_or_default()
                );
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
            continue;
        };
        last_request = Instant::now();
        stream.set_nonblocking(false).ok();
        let Some(held) = slots.admit(&stream) else {
            eprintln!(
                "refused a connection from {}: {} requests are being read already",
                peer, MAX_CONNECTIONS
            );
            http::respond(&stream, 503, "too many requests at once; try again");
            continue;
        };
        connections.spawn(move || handle(stream, peer, held, intake, config, budget));
    }
    Ok(())
}

/// One connection: read the head within the deadlines, refuse it from its headers or read the
/// body, then accept it or say why not. Problems are reported on stderr, never end the session.
fn handle(
    stream: TcpStream,
    peer: SocketAddr,
    held: slots::Held,
    intake: &queue::Intake,
    config: &Config,
    budget: &AtomicUsize,
) {
    let reader = http::DeadlineReader::new(
        &stream,
        config.first_bytes_deadline,
        config.request_deadline,
    );
    let mut reader = BufReader::with_capacity(16 << 10, reader);
    let answer = (|| -> std::result::Result<(u16, String), http::Refused> {
        let head = http::read_head(&mut reader)?;
        if !held.headers_in() {
            return Err(http::Refused {
                status: 503,
                message: "its slot went to another connection".to_string(),
                idle: true,
            });
        }
        if let Some(refused) = http::refusal(&head) {
            return Err(refused);
        }
        let length = http::content_length(&head);
        let Some(_reserved) = Reserved::take(budget, length) else {
            return Ok((
                503,
                "busy reading other problems' bodies; try again".to_string(),
            ));
        };
        let body = http::read_body(&mut reader, length, config.request_deadline)?;
        Ok(intake.receive(&body))
    })();
    let (status, message) = match answer {
        Ok((200, message)) => {
            eprintln!("{}", message);
            (200, message)
        }
        Ok((status, message)) => {
            eprintln!("refused a problem from {}: {} ({})", peer, message, status);
            (status, message)
        }
        Err(refused) => {
            if refused.idle {
                // A browser's spare connection, a port scan: no request to refuse.
                eprintln!(
                    "closed an idle connection from {}: {}",
                    peer, refused.message
                );
            } else {
                eprintln!(
                    "refused a request from {}: {} ({})",
                    peer, refused.message, refused.status
                );
            }
            (refused.status, refused.message)
        }
    };
    http::respond(&stream, status, &message);
    drop(held);
}

/// Bytes of the [`BODY_BUDGET`] taken by one body while it is read and received.
struct Reserved<'a>(&'a AtomicUsize, usize);

impl<'a> Reserved<'a> {
    fn take(budget: &'a AtomicUsize, bytes: usize) -> Option<Reserved<'a>> {
        budget
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| {
                left.checked_sub(bytes)
            })
            .ok()
            .map(|_| Reserved(budget, bytes))
    }
}

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(self.1, Ordering::SeqCst);
    }
}
