//! Requests on the loopback, read as far as they need to be: the head (request line and
//! headers) within the first bytes' and the whole request's deadlines, checked before any of
//! the body is read ([`refusal`]), then a body of at most [`MAX_BODY`] bytes. A web page's
//! request is answered from its headers: its body is never read.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Largest body accepted: a problem with its tests, as the extension sends it (a few hundred
/// KB for the largest samples), not more.
pub const MAX_BODY: usize = 4 << 20;
/// Largest request head (request line and headers).
pub const MAX_HEAD: usize = 64 << 10;

/// Reads from a stream until fixed deadlines: the first bytes within `first_bytes`, all within
/// `whole`. Each read waits at most the time left, so a client sending a byte every few seconds
/// is cut off at the deadline.
pub struct DeadlineReader<'a> {
    pub stream: &'a TcpStream,
    started: Instant,
    first_bytes: Duration,
    whole: Duration,
    /// Bytes read so far.
    pub received: usize,
}

impl<'a> DeadlineReader<'a> {
    pub fn new(stream: &'a TcpStream, first_bytes: Duration, whole: Duration) -> Self {
        DeadlineReader {
            stream,
            started: Instant::now(),
            first_bytes: first_bytes.min(whole),
            whole,
            received: 0,
        }
    }

    fn allowed(&self) -> Duration {
        if self.received == 0 {
            self.first_bytes
        } else {
            self.whole
        }
    }
}

impl Read for DeadlineReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let allowed = self.allowed();
        let left = allowed.saturating_sub(self.started.elapsed());
        if left.is_zero() {
            return Err(timed_out(allowed));
        }
        self.stream.set_read_timeout(Some(left))?;
        let mut stream = self.stream;
        match stream.read(buf) {
            Ok(n) => {
                self.received += n;
                Ok(n)
            }
            // A read time-out is EAGAIN on Linux ("Resource temporarily unavailable").
            Err(err)
                if matches!(
                    err.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                Err(timed_out(allowed))
            }
            Err(err) => Err(err),
        }
    }
}

fn timed_out(allowed: Duration) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::TimedOut,
        format!("timed out after {:?}", allowed),
    )
}

/// Why a request was not read: its status, and what to say.
#[derive(Debug)]
pub struct Refused {
    pub status: u16,
    pub message: String,
    /// Nothing came before the first bytes' deadline (an idle connection: not worth a line).
    pub idle: bool,
}

fn refused(status: u16, message: impl Into<String>) -> Refused {
    Refused {
        status,
        message: message.into(),
        idle: false,
    }
}

/// A request's line and headers.
#[derive(Debug)]
pub struct Head {
    pub method: String,
    pub headers: Vec<(String, String)>,
}

impl Head {
    /// Every value of header `name`.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The value of header `name`, when it is there once; a second one is an error.
    fn one(&self, name: &str) -> Result<Option<&str>, Refused> {
        match self.all(name).as_slice() {
            [] => Ok(None),
            [value] => Ok(Some(value)),
            _ => Err(refused(
                403,
                format!("two {} headers (which one is meant?)", name),
            )),
        }
    }
}

/// Reads the head of a request (nothing of its body but what the buffer holds).
pub fn read_head(reader: &mut BufReader<DeadlineReader>) -> Result<Head, Refused> {
    let mut size = 0;
    let mut line =
        |reader: &mut BufReader<DeadlineReader>, what: &str| -> Result<String, Refused> {
            let mut bytes = Vec::new();
            let limit = (MAX_HEAD - size) as u64;
            let read = reader.by_ref().take(limit).read_until(b'\n', &mut bytes);
            match read {
                Ok(0) if reader.get_ref().received == 0 => Err(Refused {
                    status: 400,
                    message: "the connection closed without a request".to_string(),
                    idle: true,
                }),
                Ok(_) if !bytes.ends_with(b"\n") => {
                    if size + bytes.len() >= MAX_HEAD {
                        Err(refused(
                            431,
                            format!("request headers over {} bytes", MAX_HEAD),
                        ))
                    } else {
                        Err(refused(
                            400,
                            format!("the request ended inside its {}", what),
                        ))
                    }
                }
                Ok(n) => {
                    size += n;
                    String::from_utf8(bytes)
                        .map(|s| s.trim_end().to_string())
                        .map_err(|_| refused(400, format!("the {} are not UTF-8", what)))
                }
                Err(err) if err.kind() == std::io::ErrorKind::TimedOut => {
                    let idle = reader.get_ref().received == 0;
                    Err(Refused {
                        status: 408,
                        message: if idle {
                            format!("no request: nothing was sent ({})", err)
                        } else {
                            format!("the {} did not arrive in time ({})", what, err)
                        },
                        idle,
                    })
                }
                Err(err) => Err(refused(400, format!("reading the {}: {}", what, err))),
            }
        };
    let request_line = line(reader, "request line")?;
    let method = request_line
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string();
    if method.is_empty() {
        return Err(refused(400, "an empty request line"));
    }
    let mut headers = Vec::new();
    loop {
        let header = line(reader, "headers")?;
        if header.is_empty() {
            break;
        }
        match header.split_once(':') {
            Some((key, value)) => headers.push((key.trim().to_string(), value.trim().to_string())),
            None => return Err(refused(400, format!("a header without `:`: {:?}", header))),
        }
    }
    Ok(Head { method, headers })
}

/// Why a request is not one of Competitive Companion's, from its head alone: a status and a
/// reason. `None`: read its body.
pub fn refusal(head: &Head) -> Option<Refused> {
    refusal_of(head).err()
}

fn refusal_of(head: &Head) -> Result<(), Refused> {
    if head.method != "POST" {
        return Err(refused(
            405,
            format!(
                "{} is not POST: Competitive Companion POSTs problems",
                head.method
            ),
        ));
    }
    // Against DNS rebinding: a page of evil.example resolved to 127.0.0.1 sends its own Host.
    match head.one("host")? {
        None | Some("") => return Err(refused(403, "no Host header (the extension sends one)")),
        Some(host) if !is_loopback_host(host) => {
            return Err(refused(
                403,
                format!("Host {:?} is not this machine's loopback", host),
            ))
        }
        Some(_) => {}
    }
    if let Some(origin) = head.one("origin")? {
        if !is_extension_origin(origin) {
            return Err(refused(
                403,
                format!(
                    "Origin {:?} is not a browser extension's (a web page, a file or another \
                     scheme)",
                    origin
                ),
            ));
        }
    }
    if head
        .one("sec-fetch-site")?
        .is_some_and(|site| site.eq_ignore_ascii_case("cross-site"))
    {
        return Err(refused(
            403,
            "Sec-Fetch-Site: cross-site (a web page's request)",
        ));
    }
    let kind = head.one("content-type")?;
    let json = kind.is_some_and(|kind| {
        kind.split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .eq_ignore_ascii_case("application/json")
    });
    if !json {
        return Err(refused(
            403,
            format!(
                "Content-Type {:?} is not application/json (which a page cannot send without a \
                 preflight, never approved here)",
                kind.unwrap_or("(none)")
            ),
        ));
    }
    if !head.all("transfer-encoding").is_empty() {
        return Err(refused(
            411,
            "a body without Content-Length (Transfer-Encoding): the extension sends its length",
        ));
    }
    match head.one("content-length").map_err(|mut r| {
        r.status = 400;
        r
    })? {
        None => Err(refused(
            411,
            "no Content-Length: the extension sends its length",
        )),
        Some(length) => match length.parse::<u64>() {
            Err(_) => Err(refused(
                400,
                format!("Content-Length {:?} is not a number", length),
            )),
            Ok(n) if n > MAX_BODY as u64 => Err(refused(
                413,
                format!(
                    "a body of {} bytes is over the {} MiB a problem with its tests takes",
                    n,
                    MAX_BODY >> 20
                ),
            )),
            Ok(_) => Ok(()),
        },
    }
}

/// The Content-Length of a head [`refusal`] accepted.
pub fn content_length(head: &Head) -> usize {
    head.all("content-length")
        .first()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// `localhost`, `127.0.0.1` or `[::1]`, each with or without `:port`; nothing else.
pub fn is_loopback_host(host: &str) -> bool {
    let (name, port) = if let Some(v6) = host.strip_prefix('[') {
        let Some((address, rest)) = v6.split_once(']') else {
            return false;
        };
        (format!("[{}]", address), rest)
    } else {
        match host.find(':') {
            Some(at) => (host[..at].to_string(), &host[at..]),
            None => (host.to_string(), ""),
        }
    };
    let port_ok = match port.strip_prefix(':') {
        None => port.is_empty(),
        Some(digits) => {
            !digits.is_empty() && digits.len() <= 5 && digits.bytes().all(|b| b.is_ascii_digit())
        }
    };
    port_ok
        && matches!(
            name.to_ascii_lowercase().as_str(),
            "localhost" | "127.0.0.1" | "[::1]"
        )
}

/// A browser extension's origin: `moz-extension://<id>`, `chrome-extension://<id>`,
/// `safari-web-extension://<id>`. Pages (`http:`, `https:`), files (`file:`), `null`,
/// `ws:` and anything else are not.
pub fn is_extension_origin(origin: &str) -> bool {
    let lower = origin.to_ascii_lowercase();
    [
        "moz-extension://",
        "chrome-extension://",
        "safari-web-extension://",
    ]
    .iter()
    .any(|scheme| {
        lower.strip_prefix(scheme).is_some_and(|id| {
            !id.is_empty()
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        })
    })
}

/// Reads the body of `length` bytes; the error says how much of it came and why no more.
pub fn read_body(
    reader: &mut BufReader<DeadlineReader>,
    length: usize,
    deadline: Duration,
) -> Result<Vec<u8>, Refused> {
    let mut body = vec![0; length];
    let mut got = 0;
    while got < length {
        match reader.read(&mut body[got..]) {
            Ok(0) => {
                return Err(refused(
                    400,
                    format!(
                        "the body is shorter than its Content-Length: the connection closed \
                         after {} of its {} bytes",
                        got, length
                    ),
                ))
            }
            Ok(n) => got += n,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(err) if err.kind() == std::io::ErrorKind::TimedOut => {
                return Err(refused(
                    408,
                    format!(
                        "the body is shorter than its Content-Length: {} of its {} bytes came \
                         within {:?}, then nothing (timed out)",
                        got, length, deadline
                    ),
                ))
            }
            Err(err) => return Err(refused(400, format!("reading the body: {}", err))),
        }
    }
    Ok(body)
}

/// Answers `status` with `message` as text, and closes.
pub fn respond(mut stream: &TcpStream, status: u16, message: &str) {
    let reason = match status {
        200 => "OK",
        202 => "Accepted",
        400 => "Bad Request",
        403 => "Forbidden",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Payload Too Large",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
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
    stream.set_write_timeout(Some(Duration::from_secs(2))).ok();
    stream.write_all(response.as_bytes()).ok();
    // What the client still sends (a refused body) is not read: closing with unread data
    // would reset the connection before the answer arrives, so the sending side is closed
    // first and the rest drained briefly.
    stream.shutdown(std::net::Shutdown::Write).ok();
    let started = Instant::now();
    let mut drained = 0;
    let mut sink = [0u8; 16 << 10];
    while drained < DRAIN && started.elapsed() < DRAIN_TIME {
        stream.set_read_timeout(Some(DRAIN_TIME)).ok();
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => drained += n,
        }
    }
}

/// What is read and dropped of a request after its answer, at most, so that the answer is not
/// lost to a reset (see [`respond`]).
const DRAIN: usize = 256 << 10;
const DRAIN_TIME: Duration = Duration::from_millis(100);

#[cfg(test)]
mod tests {
    use super::*;

    /// A head of the extension's headers, with `lines` in place of those of their names.
    fn head(lines: &[&str]) -> Head {
        let key = |line: &str| line.split(':').next().unwrap().to_string();
        let mut headers: Vec<(String, String)> = [
            "Host: localhost:10043",
            "Content-Type: application/json",
            "Content-Length: 10",
        ]
        .iter()
        .filter(|d| !lines.iter().any(|l| key(l).eq_ignore_ascii_case(&key(d))))
        .chain(lines)
        .map(|l| {
            let (k, v) = l.split_once(':').unwrap();
            (k.to_string(), v.trim().to_string())
        })
        .collect();
        headers.sort_by_key(|(k, _)| k == "Content-Length");
        Head {
            method: "POST".to_string(),
            headers,
        }
    }

    #[test]
    fn hosts_are_the_loopback_exactly() {
        for good in [
            "localhost",
            "LocalHost:10043",
            "127.0.0.1",
            "127.0.0.1:10043",
            "[::1]",
            "[::1]:10043",
        ] {
            assert!(is_loopback_host(good), "{}", good);
        }
        for bad in [
            "[::1]evil.example",
            "127.0.0.1:80@evil.example",
            "127.0.0.1.evil.example",
            "localhost.evil.example:10043",
            "evil.example",
            "",
            "127.0.0.1:",
            "127.0.0.1:123456",
            "[::1]:80:80",
            "[::1",
            "localhost:80 evil",
        ] {
            assert!(!is_loopback_host(bad), "{}", bad);
        }
    }

    #[test]
    fn origins_are_an_extensions_only() {
        for good in [
            "moz-extension://4b5e0c8e-36a6",
            "chrome-extension://eldhmfgfdmmfmogdkfcfhmibmpfegolc",
            "safari-web-extension://ABC-123",
        ] {
            assert!(is_extension_origin(good), "{}", good);
        }
        for bad in [
            "file://",
            "ws://localhost",
            "null",
            "http://localhost:8000",
            "https://evil.example",
            "moz-extension://",
            "chrome-extension://x/../evil",
        ] {
            assert!(!is_extension_origin(bad), "{}", bad);
        }
    }

    #[test]
    fn the_head_alone_refuses_pages_and_malformed_requests() {
        assert!(refusal(&head(&[])).is_none());
        assert!(refusal(&head(&["Origin: moz-extension://abc"])).is_none());
        let cases: [(&[&str], u16, &str); 12] = [
            (&["Host: [::1]evil.example"], 403, "loopback"),
            (&["Host: 127.0.0.1:80@evil.example"], 403, "loopback"),
            (&["Host: "], 403, "no Host"),
            (&["Origin: file://"], 403, "extension"),
            (&["Origin: ws://localhost"], 403, "extension"),
            (
                &[
                    "Origin: moz-extension://abc",
                    "Origin: https://evil.example",
                ],
                403,
                "two origin",
            ),
            (&["Content-Type: text/plain"], 403, "application/json"),
            (&["Sec-Fetch-Site: cross-site"], 403, "cross-site"),
            (&["Content-Length: 62914560"], 413, "MiB"),
            (&["Content-Length: x"], 400, "not a number"),
            (&["Transfer-Encoding: chunked"], 411, "Content-Length"),
            (&["Host: localhost", "Host: evil.example"], 403, "two host"),
        ];
        for (lines, status, says) in cases {
            let h = head(lines);
            let refused = refusal(&h).unwrap_or_else(|| panic!("{:?} accepted", lines));
            assert_eq!(refused.status, status, "{:?}: {}", lines, refused.message);
            assert!(
                refused
                    .message
                    .to_lowercase()
                    .contains(&says.to_lowercase()),
                "{:?}: {}",
                lines,
                refused.message
            );
        }
        let mut no_host = head(&[]);
        no_host.headers.retain(|(k, _)| k != "Host");
        assert_eq!(refusal(&no_host).unwrap().status, 403);
        let mut get = head(&[]);
        get.method = "GET".to_string();
        assert_eq!(refusal(&get).unwrap().status, 405);
    }
}
