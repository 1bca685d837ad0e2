//! Received problems, accepted at once and scaffolded afterwards in the order accepted. A
//! request is checked (its JSON, limits, files and crate name) and answered within
//! milliseconds, so the extension (which waits 500 ms) hears every answer, a refusal
//! included; the scaffolds, a second or so each, follow on one thread of their own. With
//! `--count` problems accepted the session takes no more, and finishes the accepted ones.

use super::names;
use super::problem::Problem;
use super::Config;
use crate::new::{self, Spec};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;
use workspace_layout as workspace;

/// A problem accepted, to be scaffolded.
pub struct Job {
    pub spec: Spec,
    pub problem: Problem,
    /// What the acceptance said (a name changed, no tests, files, interactive).
    pub notes: Vec<String>,
}

/// Where requests are checked and accepted.
pub struct Intake<'a> {
    root: &'a Path,
    config: &'a Config,
    state: Mutex<State>,
    /// Accepted problems scaffolded (or failed) so far.
    finished: AtomicUsize,
}

struct State {
    /// (crate name, problem key) of each problem accepted this session.
    accepted: Vec<(String, String)>,
    /// To the scaffolding thread; `None` once closed.
    jobs: Option<mpsc::Sender<Job>>,
}

impl<'a> Intake<'a> {
    /// An intake and the receiving end of its jobs, for [`scaffold_all`].
    pub fn new(root: &'a Path, config: &'a Config) -> (Intake<'a>, mpsc::Receiver<Job>) {
        let (sender, receiver) = mpsc::channel();
        let intake = Intake {
            root,
            config,
            state: Mutex::new(State {
                accepted: Vec::new(),
                jobs: Some(sender),
            }),
            finished: AtomicUsize::new(0),
        };
        (intake, receiver)
    }

    /// Whether the session has accepted all the problems it was started for.
    pub fn is_full(&self) -> bool {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        self.full(&state)
    }

    /// Whether the session is over: all its problems accepted and scaffolded. Until then
    /// every request is answered (a 503 once it is full).
    pub fn is_done(&self) -> bool {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        self.full(&state) && self.finished.load(Ordering::SeqCst) >= state.accepted.len()
    }

    fn full(&self, state: &State) -> bool {
        self.config.count.is_some_and(|k| state.accepted.len() >= k)
    }

    /// No more jobs: the scaffolding thread ends after the ones accepted.
    pub fn close(&self) {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).jobs = None;
    }

    /// Checks and accepts the problem of a request's body: the status and what to answer.
    pub fn receive(&self, body: &[u8]) -> (u16, String) {
        let problem = match Problem::from_json(body) {
            Ok(problem) => problem,
            Err(err) => return (400, format!("malformed problem: {:#}", err)),
        };
        if let Err(err) = new::check_limits(problem.time_limit_ms, problem.memory_limit_mb) {
            return (400, format!("malformed problem: {:#}", err));
        }
        let key = names::problem_key(&problem.url);
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if self.full(&state) {
            return (
                503,
                format!(
                    "this session has accepted the {} problems it was started for (--count); \
                     nothing was written",
                    state.accepted.len()
                ),
            );
        }
        if let Some((name, _)) = state.accepted.iter().find(|(_, k)| *k == key) {
            return (
                409,
                format!(
                    "{} ({}) was received before in this session, as {}; nothing more is written",
                    problem.name, problem.url, name
                ),
            );
        }
        let mut notes = Vec::new();
        let given = self
            .config
            .name
            .as_deref()
            .filter(|_| state.accepted.is_empty());
        let name = match given {
            Some(name) => match self.check_given(name) {
                Ok(()) => name.to_string(),
                Err(answer) => return answer,
            },
            None => {
                let base = names::crate_name(&problem.url, &problem.name);
                match self.free_name(&base, &key, &state) {
                    Ok(name) => {
                        if name != base {
                            notes.push(format!(
                                "{} is another problem's, so this one is {}",
                                base, name
                            ));
                        }
                        name
                    }
                    Err(answer) => return answer,
                }
            }
        };
        if problem.tests.is_empty() {
            notes.push(format!(
                "its page has no tests: scaffolded with none (add some with `cargo xtask sample \
                 {} NAME FILE`)",
                name
            ));
        }
        if problem.input_file.is_some() || problem.output_file.is_some() {
            notes.push(format!(
                "it reads {} and writes {}: recorded in [package.metadata.judge], which judge, \
                 the sample tests and the bundle's proof follow; src/main.rs opens them",
                problem.input_file.as_deref().unwrap_or("stdin"),
                problem.output_file.as_deref().unwrap_or("stdout")
            ));
        }
        if let Some(pattern) = &problem.input_pattern {
            notes.push(format!(
                "its input is a file matching /{}/, which judge cannot name: the scaffold reads \
                 stdin",
                pattern
            ));
        }
        if problem.interactive {
            notes.push(
                "it is interactive: judge and the sample tests run it on files only".to_string(),
            );
        }
        let mut spec = problem.spec(&name);
        spec.build = self.config.build_scaffolds;
        let ahead = state.accepted.len();
        let Some(jobs) = &state.jobs else {
            return (
                503,
                "the session is ending; nothing was written".to_string(),
            );
        };
        let message = format!(
            "accepted as {} (scaffolded {}){}",
            name,
            if ahead == 0 {
                "now".to_string()
            } else {
                format!("after the {} accepted before it", ahead)
            },
            notes.iter().map(|n| format!("; {}", n)).collect::<String>()
        );
        let job = Job {
            spec,
            problem,
            notes,
        };
        if jobs.send(job).is_err() {
            return (
                500,
                "the scaffolding thread ended; nothing was written".to_string(),
            );
        }
        state.accepted.push((name, key));
        (200, message)
    }

    /// `--name`: refused when taken, never renamed (the user chose it).
    fn check_given(&self, name: &str) -> Result<(), (u16, String)> {
        for path in [
            self.root.join("crates").join(name),
            workspace::ProblemCrate::new(self.root, name).samples_dir(),
        ] {
            if path.symlink_metadata().is_ok() {
                return Err((
                    409,
                    format!(
                        "{} exists already; nothing was written",
                        path.strip_prefix(self.root).unwrap_or(&path).display()
                    ),
                ));
            }
        }
        new::check_name(self.root, name).map_err(|err| (409, format!("{:#}", err)))
    }

    /// The first of `base`'s [`names::candidates`] that is free: not this session's, no crate
    /// or samples of that name, a name the workspace can take. A crate of the same problem
    /// (its recorded URL gives `key`) is a conflict: the problem was received before.
    fn free_name(&self, base: &str, key: &str, state: &State) -> Result<String, (u16, String)> {
        for candidate in names::candidates(base) {
            if state.accepted.iter().any(|(name, _)| *name == candidate) {
                continue;
            }
            let crate_dir = self.root.join("crates").join(&candidate);
            if crate_dir.symlink_metadata().is_ok() {
                if recorded_key(&crate_dir).as_deref() == Some(key) {
                    return Err((
                        409,
                        format!(
                            "this problem was received before: crates/{} is its crate; nothing \
                             was written",
                            candidate
                        ),
                    ));
                }
                continue;
            }
            if workspace::ProblemCrate::new(self.root, &candidate)
                .samples_dir()
                .symlink_metadata()
                .is_ok()
            {
                continue;
            }
            if new::check_name(self.root, &candidate).is_err() {
                continue;
            }
            return Ok(candidate);
        }
        Err((
            409,
            format!(
                "{} and the next 998 names are taken; nothing was written",
                base
            ),
        ))
    }
}

/// The problem key of a crate's statement: the URL of its `[package.metadata.problem]`, else
/// the first URL of its description.
fn recorded_key(crate_dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(crate_dir.join("Cargo.toml")).ok()?;
    let manifest: toml::Table = toml::from_str(&text).ok()?;
    let package = manifest.get("package")?;
    let url = package
        .get("metadata")
        .and_then(|m| m.get("problem"))
        .and_then(|p| p.get("url"))
        .and_then(|u| u.as_str())
        .map(str::to_string)
        .or_else(|| {
            let description = package.get("description")?.as_str()?;
            let at = description.find("http")?;
            let url = description[at..]
                .split(|c: char| c.is_whitespace() || c == ')')
                .next()?;
            Some(url.to_string())
        })?;
    Some(names::problem_key(&url))
}

/// Counts a job finished when dropped, however its scaffold ended.
struct Finished<'a, 'b>(&'a Intake<'b>);

impl Drop for Finished<'_, '_> {
    fn drop(&mut self) {
        self.0.finished.fetch_add(1, Ordering::SeqCst);
    }
}

/// Scaffolds each accepted problem in order until the intake closes; the crates made. A
/// failed scaffold (taken back whole) is reported on stderr: its request was answered already.
pub fn scaffold_all(root: &Path, jobs: mpsc::Receiver<Job>, intake: &Intake) -> Vec<String> {
    let mut made = Vec::new();
    for job in jobs {
        let _finished = Finished(intake);
        let name = job.spec.name.clone();
        match new::scaffold(root, &job.spec) {
            Ok(report) => {
                println!("{}: \"{}\" ({})", name, job.problem.name, job.problem.url);
                new::print_report(root, &report);
                for note in &job.notes {
                    eprintln!("note: {}: {}", name, note);
                }
                println!(
                    "next: write crates/{name}/src/lib.rs and src/oracle.rs (the placeholder sums \
                     the input's integers), then cargo xtask judge {name} --bundled\n",
                    name = name
                );
                made.push(name);
            }
            Err(err) => eprintln!(
                "error: {} (\"{}\", {}) was accepted, but its scaffold failed: {:#}",
                name, job.problem.name, job.problem.url, err
            ),
        }
    }
    made
}
