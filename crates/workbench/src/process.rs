//! Running a solution as a child process under a judge's limits: wall time (the child is killed
//! when it runs out), address space (`RLIMIT_AS`, so a runaway allocation fails instead of
//! swapping the machine), and the peak resident memory the kernel recorded for it (`wait4`).

use context_error::{bail, Context, Result};
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The limits one run is held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall time; the child is killed once it is exceeded.
    pub time: Duration,
    /// Address space in bytes (`RLIMIT_AS`); `None` for no limit.
    pub memory: Option<u64>,
}

/// How the child ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this code.
    Exited(i32),
    /// A signal ended it (a crash, an abort), not our time-out kill.
    Signaled(i32),
    /// We killed it at the time limit.
    TimedOut,
    /// We killed it when its stdout passed the output cap.
    OutputLimit,
}

/// What one run produced.
#[derive(Clone, Debug)]
pub struct Finished {
    pub ending: Ending,
    /// From spawn to the end of the child.
    pub wall: Duration,
    /// Peak resident set size in KiB, as `wait4` reports it (`ru_maxrss`).
    pub peak_kib: u64,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl Finished {
    /// Exited with code 0.
    pub fn success(&self) -> bool {
        self.ending == Ending::Exited(0)
    }
}

/// GNU time, on every Debian machine: when present, the solution runs under it, so that the peak
/// memory is the solution's own. A child forked from xtask itself would carry xtask's resident
/// pages into its peak (the kernel folds the forked copy's RSS into the peak at exec): several
/// MiB, more after bench has generated big inputs. GNU time is a small process, about 1 MiB.
const GNU_TIME: &str = "/usr/bin/time";

/// How peak memory is measured on this machine, for reports: GNU time, or the fallback where it
/// is missing.
pub fn memory_measure() -> String {
    memory_measure_with(Path::new(GNU_TIME))
}

fn memory_measure_with(gnu_time: &Path) -> String {
    if gnu_time.is_file() {
        format!("peak memory by GNU time ({})", gnu_time.display())
    } else {
        format!(
            "peak memory by wait4 on a child of xtask: {} is missing (apt-get install time), so \
             the figures include the few MiB the child inherits from xtask at fork",
            gnu_time.display()
        )
    }
}

/// What [`run_limited`] keeps of each stream: past it, a solution is killed as printing too
/// much (its stdout) or the rest is dropped (its stderr), so a program that writes forever
/// cannot fill xtask's memory.
pub const OUTPUT_CAP: u64 = 64 << 20;

/// Runs `program` with the file `input` as its stdin under `limits`, collecting its output, at
/// most [`OUTPUT_CAP`] bytes of each stream (see [`run_capped`]).
pub fn run_limited(program: &Path, input: &Path, limits: Limits) -> Result<Finished> {
    run_capped(program, input, limits, OUTPUT_CAP)
}

/// Runs `program` with the file `input` as its stdin under `limits`, collecting at most `cap`
/// bytes of each of its streams: once its stdout passes `cap`, it is killed and ends as
/// [`Ending::OutputLimit`] (its first `cap` bytes kept); stderr past `cap` is read and dropped.
///
/// The peak memory is measured by GNU time when it is installed (about 1 MiB of its own folds
/// in, as for any forked child); otherwise by `wait4` on a child of xtask, which includes what
/// the child inherited from xtask at `fork` (a few MiB).
pub fn run_capped(program: &Path, input: &Path, limits: Limits, cap: u64) -> Result<Finished> {
    run_capped_in(program, input, limits, cap, None)
}

/// [`run_limited`] in the folder `dir` (`None`: xtask's own), for a solution that opens its
/// judge's files there.
pub fn run_limited_in(
    program: &Path,
    input: &Path,
    limits: Limits,
    dir: Option<&Path>,
) -> Result<Finished> {
    run_capped_in(program, input, limits, OUTPUT_CAP, dir)
}

/// [`run_capped`] in the folder `dir` (`None`: xtask's own).
pub fn run_capped_in(
    program: &Path,
    input: &Path,
    limits: Limits,
    cap: u64,
    dir: Option<&Path>,
) -> Result<Finished> {
    let stdin =
        std::fs::File::open(input).with_context(|| format!("opening {}", input.display()))?;
    let report = if Path::new(GNU_TIME).is_file() {
        Some(TimeReport::new())
    } else {
        None
    };
    let mut command = match &report {
        Some(report) => {
            let mut command = Command::new(GNU_TIME);
            command
                .arg("-f")
                .arg("%x %M")
                .arg("-o")
                .arg(&report.0)
                .arg(program);
            command
        }
        None => Command::new(program),
    };
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    without_backtraces(&mut command)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let limit = limits.memory.map(|bytes| libc::rlimit {
        rlim_cur: bytes as libc::rlim_t,
        rlim_max: bytes as libc::rlim_t,
    });
    // SAFETY: between fork and exec only async-signal-safe calls are allowed; setpgid and
    // setrlimit are, and the closure allocates nothing.
    unsafe {
        command.pre_exec(move || {
            // A group of its own, so the time-out kill reaches the solution under GNU time too.
            if libc::setpgid(0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if let Some(limit) = &limit {
                if libc::setrlimit(libc::RLIMIT_AS, limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    // Without GNU time the child's peak starts from what it inherits at fork: hand freed heap
    // pages back first, so that is only what xtask still uses.
    // SAFETY: malloc_trim only releases free memory of glibc's allocator.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    unsafe {
        libc::malloc_trim(0);
    }
    let start = Instant::now();
    let mut child = bundler::compile_cache::spawn_program(&mut command)
        .with_context(|| format!("running {}", program.display()))?;
    let pid = child.id() as libc::pid_t;

    // The watchdog kills the child at the time limit unless told it has ended, the stdout
    // reader when it prints past the cap. The child is only reaped after `ended` is set, so
    // its pid cannot be reused by then.
    let state = Arc::new((Mutex::new(Watch::default()), Condvar::new()));

    // Read both pipes while the child runs, so a large output cannot block it.
    let out_pipe = child.stdout.take().expect("stdout is piped");
    let err_pipe = child.stderr.take().expect("stderr is piped");
    let out_reader = {
        let state = Arc::clone(&state);
        std::thread::spawn(move || {
            read_capped(out_pipe, cap, || {
                let mut watch = state.0.lock().unwrap_or_else(|e| e.into_inner());
                if !watch.ended && !watch.killed {
                    // SAFETY: as the watchdog's kill, on a child not reaped yet.
                    unsafe {
                        libc::kill(-pid, libc::SIGKILL);
                    }
                    watch.output_exceeded = true;
                }
                true
            })
        })
    };
    let err_reader = std::thread::spawn(move || read_capped(err_pipe, cap, || false));

    let watchdog = {
        let state = Arc::clone(&state);
        let deadline = start + limits.time;
        std::thread::spawn(move || {
            let (lock, wake) = &*state;
            let mut watch = lock.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if watch.ended || watch.output_exceeded {
                    return;
                }
                let now = Instant::now();
                if now >= deadline {
                    // SAFETY: plain syscall on the group of a child that has not been reaped
                    // yet (its pid is the group's id).
                    unsafe {
                        libc::kill(-pid, libc::SIGKILL);
                    }
                    watch.killed = true;
                    return;
                }
                watch = wake
                    .wait_timeout(watch, deadline - now)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
        })
    };

    // Wait for the end without reaping (WNOWAIT), note the time, stop the watchdog, then reap
    // with wait4 for the status and the resource usage.
    loop {
        // SAFETY: a zeroed siginfo_t is a valid out-parameter for waitid.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let rc = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if rc == 0 {
            break;
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(err).context("waiting for the solution");
        }
    }
    let wall = start.elapsed();
    let (killed, output_exceeded) = {
        let (lock, wake) = &*state;
        let mut watch = lock.lock().unwrap_or_else(|e| e.into_inner());
        watch.ended = true;
        wake.notify_all();
        (watch.killed, watch.output_exceeded)
    };
    watchdog.join().ok();
    let mut status: libc::c_int = 0;
    // SAFETY: a zeroed rusage is a valid out-parameter for wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if rc == pid {
            break;
        }
        let err = std::io::Error::last_os_error();
        if rc == -1 && err.kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        bail!("wait4 on the solution failed: {}", err);
    }
    // Reaped by hand: keep std's handle from trying again.
    drop(child);

    let stdout = join_reader(out_reader).context("reading the solution's stdout")?;
    let stderr = join_reader(err_reader).context("reading the solution's stderr")?;
    let measured = report.as_ref().and_then(TimeReport::read);
    let ending = if killed {
        Ending::TimedOut
    } else if output_exceeded {
        Ending::OutputLimit
    } else if let Some((ending, _)) = measured {
        ending
    } else if libc::WIFEXITED(status) {
        Ending::Exited(libc::WEXITSTATUS(status))
    } else if libc::WIFSIGNALED(status) {
        Ending::Signaled(libc::WTERMSIG(status))
    } else {
        bail!("the solution ended with an unknown status {}", status)
    };
    if report.is_some() && measured.is_none() && !killed && !output_exceeded {
        let said = String::from_utf8_lossy(&stderr);
        let said = said.trim();
        bail!(
            "GNU time ({}) did not report on {}: it ended with {:?}{}{}",
            GNU_TIME,
            program.display(),
            ending,
            if said.is_empty() {
                ", saying nothing on stderr".to_string()
            } else {
                format!(", saying: {}", said)
            },
            match limits.memory {
                Some(bytes) if bytes < 16 << 20 => format!(
                    " (a memory limit of {} KiB is too small for a program to start)",
                    bytes >> 10
                ),
                _ => String::new(),
            }
        );
    }
    let peak_kib = match measured {
        Some((_, kib)) => kib,
        None => usage.ru_maxrss.max(0) as u64,
    };
    Ok(Finished {
        ending,
        wall,
        peak_kib,
        stdout,
        stderr,
    })
}

/// Judges run solutions without backtraces: with `RUST_BACKTRACE` set (as in many shells), a
/// panicking solution would print one, and its peak memory grow from about 2 MiB to tens of MiB.
pub fn without_backtraces(command: &mut Command) -> &mut Command {
    command
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
}

/// The file GNU time writes its `%x %M` report to; removed on drop.
struct TimeReport(std::path::PathBuf);

impl TimeReport {
    fn new() -> TimeReport {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        TimeReport(std::env::temp_dir().join(format!(
            "gamedp-time-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        )))
    }

    /// How the solution ended and its peak in KiB. GNU time writes "Command terminated by
    /// signal N" before the format line when a signal ended it (and then %x is 0).
    fn read(&self) -> Option<(Ending, u64)> {
        let text = std::fs::read_to_string(&self.0).ok()?;
        let mut signal = None;
        let mut last = None;
        for line in text.lines() {
            if let Some(n) = line.strip_prefix("Command terminated by signal ") {
                signal = n.trim().parse().ok();
            }
            if !line.trim().is_empty() {
                last = Some(line);
            }
        }
        let mut fields = last?.split_whitespace();
        let code: i32 = fields.next()?.parse().ok()?;
        let kib: u64 = fields.next()?.parse().ok()?;
        let ending = match signal {
            Some(signal) => Ending::Signaled(signal),
            None => Ending::Exited(code),
        };
        Some((ending, kib))
    }
}

impl Drop for TimeReport {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

#[derive(Default)]
struct Watch {
    ended: bool,
    /// Killed at the time limit.
    killed: bool,
    /// Killed for printing past the cap.
    output_exceeded: bool,
}

/// Reads `pipe` to its end, keeping its first `cap` bytes. Past them `over` is called once: when
/// it returns true (it killed the writer) reading stops, else the rest is read and dropped.
fn read_capped(
    mut pipe: impl Read,
    cap: u64,
    over: impl FnOnce() -> bool,
) -> std::io::Result<Vec<u8>> {
    let mut kept = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    let mut over = Some(over);
    loop {
        let n = match pipe.read(&mut chunk) {
            Ok(0) => return Ok(kept),
            Ok(n) => n,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        let room = (cap as usize).saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..n.min(room)]);
        if n > room {
            if let Some(over) = over.take() {
                if over() {
                    return Ok(kept);
                }
            }
        }
    }
}

fn join_reader(handle: std::thread::JoinHandle<std::io::Result<Vec<u8>>>) -> Result<Vec<u8>> {
    match handle.join() {
        Ok(read) => Ok(read?),
        Err(_) => bail!("the reader thread panicked"),
    }
}

/// Seconds with three decimals, e.g. `0.041 s`.
pub fn show_time(time: Duration) -> String {
    format!("{:.3} s", time.as_secs_f64())
}

/// KiB as MiB with one decimal, e.g. `12.5 MiB`.
pub fn show_kib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// A fresh folder under the system's temporary folder for a test, removed on drop.
#[cfg(test)]
pub struct TempDir(pub std::path::PathBuf);

#[cfg(test)]
impl TempDir {
    pub fn new(what: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "gamedp-test-{}-{}-{}",
            what,
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }
}

#[cfg(test)]
impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// A small tmpfs mounted for a test (a full disk, another file system), unmounted on drop.
/// Mounting needs root, as on CI; elsewhere [`TinyDisk::mount`] says why it skips.
#[cfg(test)]
pub struct TinyDisk {
    pub point: std::path::PathBuf,
    /// The folder made for the mount point, removed after the unmount.
    _folder: Option<TempDir>,
}

#[cfg(test)]
impl TinyDisk {
    /// A tmpfs of `size` (as `mount -o size=`: `64k`, `1m`) in a fresh folder.
    pub fn mount(size: &str) -> Option<TinyDisk> {
        let folder = TempDir::new("tiny-disk");
        let mut disk = TinyDisk::mount_at(&folder.0.join("disk"), size)?;
        disk._folder = Some(folder);
        Some(disk)
    }

    /// A tmpfs of `size` mounted on `point` (created if missing).
    pub fn mount_at(point: &Path, size: &str) -> Option<TinyDisk> {
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            eprintln!("skipped: not root, and the test needs to mount a tmpfs (CI runs as root)");
            return None;
        }
        std::fs::create_dir_all(point).unwrap();
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={}", size), "tmpfs"])
            .arg(point)
            .status();
        if !status.is_ok_and(|s| s.success()) {
            eprintln!("skipped: mounting a tmpfs was refused (a container without CAP_SYS_ADMIN?)");
            return None;
        }
        Some(TinyDisk {
            point: point.to_path_buf(),
            _folder: None,
        })
    }
}

#[cfg(test)]
impl Drop for TinyDisk {
    fn drop(&mut self) {
        Command::new("umount").arg(&self.point).status().ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> (TempDir, std::path::PathBuf) {
        let dir = TempDir::new("process");
        let path = dir.0.join("script.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{}\n", script)).unwrap();
        let mut perms = std::fs::metadata(&path).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&path, perms).unwrap();
        (dir, path)
    }

    const GENEROUS: Limits = Limits {
        time: Duration::from_secs(20),
        memory: None,
    };

    #[test]
    fn collects_output_and_exit_code() {
        let (dir, script) = sh("cat; echo oops >&2; exit 3");
        let input = dir.0.join("in");
        std::fs::write(&input, "hello\n").unwrap();
        let run = run_limited(&script, &input, GENEROUS).unwrap();
        assert_eq!(run.ending, Ending::Exited(3));
        assert_eq!(run.stdout, b"hello\n");
        assert_eq!(run.stderr, b"oops\n");
        assert!(run.peak_kib > 0);
    }

    #[test]
    fn an_endless_writer_is_stopped_at_the_output_cap() {
        let (dir, script) = sh("exec yes 12345");
        let input = dir.0.join("in");
        std::fs::write(&input, "").unwrap();
        let run = run_capped(&script, &input, GENEROUS, 1 << 20).unwrap();
        assert_eq!(run.ending, Ending::OutputLimit);
        // The first bytes are kept, no more.
        assert_eq!(run.stdout.len(), 1 << 20);
        assert!(run.stdout.starts_with(b"12345\n12345\n"));
        assert!(run.wall < Duration::from_secs(10), "{:?}", run.wall);
        // Stderr past the cap is dropped, the writer left to end by itself.
        let (dir, script) = sh("head -c 3000000 /dev/zero >&2; echo done");
        let input = dir.0.join("in");
        std::fs::write(&input, "").unwrap();
        let run = run_capped(&script, &input, GENEROUS, 1 << 20).unwrap();
        assert_eq!(run.ending, Ending::Exited(0));
        assert_eq!(run.stderr.len(), 1 << 20);
        assert_eq!(run.stdout, b"done\n");
    }

    #[test]
    fn kills_at_the_time_limit() {
        let (dir, script) = sh("exec sleep 30");
        let input = dir.0.join("in");
        std::fs::write(&input, "").unwrap();
        let limits = Limits {
            time: Duration::from_millis(200),
            memory: None,
        };
        let run = run_limited(&script, &input, limits).unwrap();
        assert_eq!(run.ending, Ending::TimedOut);
        assert!(run.wall >= Duration::from_millis(200), "{:?}", run.wall);
        assert!(run.wall < Duration::from_secs(10), "{:?}", run.wall);
    }

    #[test]
    fn a_signal_is_reported_as_such() {
        let (dir, script) = sh("kill -SEGV $$");
        let input = dir.0.join("in");
        std::fs::write(&input, "").unwrap();
        let run = run_limited(&script, &input, GENEROUS).unwrap();
        assert_eq!(run.ending, Ending::Signaled(libc::SIGSEGV));
    }

    #[test]
    fn peak_memory_is_the_solutions_own() {
        // xtask holding 256 MiB (as bench does with big inputs) must not show in the child's
        // peak: a shell that only exits stays far below it.
        let big: Vec<u8> = vec![1; 256 << 20];
        let (dir, script) = sh("exit 0");
        let input = dir.0.join("in");
        std::fs::write(&input, "").unwrap();
        let run = run_limited(&script, &input, GENEROUS).unwrap();
        assert!(big.iter().step_by(4096).all(|&b| b == 1));
        assert!(
            Path::new(GNU_TIME).is_file(),
            "{} is part of Debian",
            GNU_TIME
        );
        assert!(run.peak_kib < 32 << 10, "peak {} KiB", run.peak_kib);
    }

    #[test]
    fn address_space_limit_applies_to_the_child() {
        // `ulimit -v` prints the soft limit in KiB.
        let (dir, script) = sh("ulimit -v");
        let input = dir.0.join("in");
        std::fs::write(&input, "").unwrap();
        let limits = Limits {
            time: Duration::from_secs(20),
            memory: Some(64 << 20),
        };
        let run = run_limited(&script, &input, limits).unwrap();
        assert_eq!(run.ending, Ending::Exited(0));
        assert_eq!(String::from_utf8_lossy(&run.stdout).trim(), "65536");
    }

    #[test]
    fn backtrace_variables_are_not_passed_on() {
        let mut command = Command::new("true");
        command.env("RUST_BACKTRACE", "full");
        let envs: Vec<_> = without_backtraces(&mut command).get_envs().collect();
        for name in ["RUST_BACKTRACE", "RUST_LIB_BACKTRACE"] {
            assert!(
                envs.contains(&(std::ffi::OsStr::new(name), None)),
                "{} is removed: {:?}",
                name,
                envs
            );
        }
    }

    #[test]
    fn memory_measure_names_its_fallback() {
        assert!(memory_measure_with(Path::new(GNU_TIME)).contains("GNU time"));
        let fallback = memory_measure_with(Path::new("/no/such/time"));
        assert!(
            fallback.starts_with("peak memory by wait4")
                && fallback.contains("/no/such/time is missing"),
            "{}",
            fallback
        );
    }

    #[test]
    fn a_limit_too_small_to_start_says_why_gnu_time_did_not_report() {
        if !Path::new(GNU_TIME).is_file() {
            eprintln!("{} is missing: nothing to check", GNU_TIME);
            return;
        }
        let (dir, _) = sh("true");
        let input = dir.0.join("in");
        std::fs::write(&input, "").unwrap();
        let limits = Limits {
            time: Duration::from_secs(5),
            memory: Some(1 << 20),
        };
        let err = run_limited(Path::new("/bin/true"), &input, limits).unwrap_err();
        let text = format!("{:#}", err);
        assert!(
            text.contains("did not report on /bin/true: it ended with"),
            "{}",
            text
        );
        assert!(
            text.contains("too small for a program to start"),
            "{}",
            text
        );
        assert!(!text.trim_end().ends_with(':'), "{}", text);
    }
}
