//! The results of a root test that covers every problem: each problem is checked to the end, so
//! a failure in one never hides the others' results, and the test fails once, listing every
//! failed problem. A problem whose crate says it is not solved yet (`solved = false` in its
//! `[package.metadata.judge]`, as `cargo xtask new` and `listen` scaffold it, with a placeholder
//! solution and the statement's samples) is pending: its failures are printed, and fail nothing.

use std::io::Write;
use std::path::Path;

/// Whether problem crate `name` is unsolved: `solved = false` in the `[package.metadata.judge]`
/// of `crates/<name>/Cargo.toml`. A manifest that cannot be read, or a `solved` that is not a
/// boolean, is the error.
pub fn is_unsolved(name: &str) -> Result<bool, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates")
        .join(name)
        .join("Cargo.toml");
    let text = std::fs::read_to_string(&path)
        .map_err(|err| format!("reading {}: {}", path.display(), err))?;
    unsolved_in(&text).map_err(|err| format!("{}: {}", path.display(), err))
}

/// [`is_unsolved`] of a manifest's text.
fn unsolved_in(manifest: &str) -> Result<bool, String> {
    let table: toml::Table = manifest.parse().map_err(|err| format!("{}", err))?;
    let solved = table
        .get("package")
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.get("judge"))
        .and_then(|j| j.get("solved"));
    match solved {
        None => Ok(false),
        Some(toml::Value::Boolean(solved)) => Ok(!solved),
        Some(other) => Err(format!(
            "[package.metadata.judge] solved must be true or false, not {}",
            other
        )),
    }
}

/// What one root test found, problem by problem.
pub struct Results {
    /// The test's name, for the printed lines.
    test: &'static str,
    failed: Vec<(String, String)>,
    /// Unsolved problems, with what failed (nothing: their checks pass already).
    pending: Vec<(String, Option<String>)>,
}

impl Results {
    pub fn new(test: &'static str) -> Results {
        Results {
            test,
            failed: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Records problem `name`'s result: a failure of a solved problem fails the test at
    /// [`Results::finish`], an unsolved problem's result is only printed.
    pub fn record(&mut self, name: &str, result: Result<(), String>) {
        match is_unsolved(name) {
            Err(err) => self.failed.push((name.to_string(), err)),
            Ok(true) => self.pending.push((name.to_string(), result.err())),
            Ok(false) => {
                if let Err(err) = result {
                    self.failed.push((name.to_string(), err));
                }
            }
        }
    }

    /// Records a failure of `name` that no marker makes pending (it has no crate to say so).
    pub fn fail(&mut self, name: &str, failure: &str) {
        self.failed.push((name.to_string(), failure.to_string()));
    }

    /// Prints the pending problems (on the test's real stderr, so that a passing run shows
    /// them too), then panics with every failure, if any.
    pub fn finish(self) {
        let text = self.pending_text();
        if !text.is_empty() {
            // Not eprint!: the test harness captures that, and hides it when the test passes.
            std::io::stderr().write_all(text.as_bytes()).ok();
        }
        if let Some(message) = self.failure_message() {
            panic!("{}", message);
        }
    }

    /// One line per pending problem: what failed, or that nothing did.
    fn pending_text(&self) -> String {
        let mut text = String::new();
        for (name, failure) in &self.pending {
            let what = match failure {
                Some(failure) => first_line(failure),
                None => "its checks pass: once it is solved, remove `solved = false` from its \
                         Cargo.toml"
                    .to_string(),
            };
            text.push_str(&format!(
                "{}: pending {} (unsolved: `solved = false` in crates/{}/Cargo.toml): {}\n",
                self.test, name, name, what
            ));
        }
        text
    }

    /// Every failure, problem by problem; `None` when there is none.
    fn failure_message(&self) -> Option<String> {
        if self.failed.is_empty() {
            return None;
        }
        let mut message = format!(
            "{}: {} problem{} failed:",
            self.test,
            self.failed.len(),
            if self.failed.len() == 1 { "" } else { "s" }
        );
        for (name, failure) in &self.failed {
            message.push_str(&format!("\n- {}: {}", name, failure));
        }
        Some(message)
    }
}

/// The first line of a failure, shortened for a one-line summary.
fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    if line.chars().count() > 300 {
        line.chars().take(300).collect::<String>() + "..."
    } else {
        line.to_string()
    }
}

#[test]
fn the_marker_is_read_from_the_judge_table() {
    let judge = |body: &str| format!("[package]\nname = \"x\"\n[package.metadata.judge]\n{body}");
    assert_eq!(unsolved_in(&judge("solved = false\n")), Ok(true));
    assert_eq!(unsolved_in(&judge("solved = true\n")), Ok(false));
    assert_eq!(unsolved_in(&judge("time-limit-ms = 1000\n")), Ok(false));
    assert_eq!(unsolved_in("[package]\nname = \"x\"\n"), Ok(false));
    // Elsewhere, it means nothing.
    assert_eq!(
        unsolved_in("[package]\nname = \"x\"\n[package.metadata.other]\nsolved = false\n"),
        Ok(false)
    );
    let err = unsolved_in(&judge("solved = \"no\"\n")).unwrap_err();
    assert!(err.contains("true or false"), "{}", err);
    // Every registered problem of this workspace has a readable manifest.
    for name in crate::problems::NAMES {
        is_unsolved(name).unwrap();
    }
}

#[test]
fn every_failure_is_listed_and_pending_problems_fail_nothing() {
    let mut results = Results::new("demo");
    results
        .failed
        .push(("a".to_string(), "first\nmore".to_string()));
    results.failed.push(("b".to_string(), "second".to_string()));
    results
        .pending
        .push(("c".to_string(), Some("its sample\ndetail".to_string())));
    results.pending.push(("d".to_string(), None));
    let message = results.failure_message().unwrap();
    assert_eq!(
        message,
        "demo: 2 problems failed:\n- a: first\nmore\n- b: second"
    );
    let pending = results.pending_text();
    assert!(
        pending.starts_with(
            "demo: pending c (unsolved: `solved = false` in crates/c/Cargo.toml): its sample\n"
        ),
        "{}",
        pending
    );
    assert!(pending.contains("demo: pending d ("), "{}", pending);
    assert!(pending.contains("its checks pass"), "{}", pending);
    assert_eq!(pending.lines().count(), 2);
    // Only pending problems: the test passes.
    results.failed.clear();
    assert_eq!(results.failure_message(), None);
    // A solved problem's failure (every registered crate here is solved) is a failure.
    let mut results = Results::new("demo");
    results.record("p2599-stone-ends", Err("broken".to_string()));
    results.record("p4576-chase", Ok(()));
    assert_eq!(
        results.failure_message().as_deref(),
        Some("demo: 1 problem failed:\n- p2599-stone-ends: broken")
    );
}
