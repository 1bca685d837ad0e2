//! Every solution refuses a token after a complete input (fuzzing found `2 1 1 2 2 junk` answered
//! as if the junk were not there): each accepted sample of every crate, with a token appended,
//! must fail with `Scanner::finish`'s error naming that token. Every crate is checked, whatever
//! another's result; an unsolved one is pending ([`crate::results`]).

use crate::results::Results;
use std::path::Path;

/// Crates whose input has no count and runs to the end of the file: a token appended there is
/// read as the start of one more test, so it must be refused, but as that test's bad or missing
/// value rather than as a token after the end.
const READ_TO_END_OF_FILE: &[&str] = &["poj2311-cutting-game"];

#[test]
fn a_token_after_a_complete_input_is_refused() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut crates: Vec<_> = std::fs::read_dir(&samples)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .collect();
    crates.sort();
    assert!(!crates.is_empty());
    let mut results = Results::new("trailing_tokens");
    for dir in crates {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let Some(solve) = crate::problems::solver_of(&name) else {
            // Not `record`: a folder without a registered crate has no manifest to say pending.
            results.fail(
                &name,
                "samples/ has its folder, but it is not registered in the root Cargo.toml",
            );
            continue;
        };
        results.record(&name, check_crate(&name, &dir, solve));
    }
    results.finish();
}

/// Every accepted sample of `dir` with three kinds of token appended, each refused.
fn check_crate(name: &str, dir: &Path, solve: crate::problems::Solver) -> Result<(), String> {
    let mut inputs: Vec<_> = std::fs::read_dir(dir)
        .map_err(|err| format!("reading {}: {}", dir.display(), err))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    let mut checked = 0;
    for path in inputs {
        let expected = std::fs::read_to_string(path.with_extension("out"))
            .map_err(|err| format!("{}: no readable .out: {}", path.display(), err))?;
        if expected.trim_start().starts_with("error:") {
            continue;
        }
        let input =
            std::fs::read(&path).map_err(|err| format!("reading {}: {}", path.display(), err))?;
        for (separator, junk) in [("\n", "junk"), (" ", "7"), ("\r\n", "-1")] {
            let mut padded = input.clone();
            padded.extend_from_slice(separator.as_bytes());
            padded.extend_from_slice(junk.as_bytes());
            padded.push(b'\n');
            let result = std::panic::catch_unwind(|| solve(&padded, &mut Vec::new()))
                .map_err(|_| format!("{} + {:?}: the solver panicked", path.display(), junk))?;
            let message = match result {
                Ok(()) => return Err(format!("{} + {:?}: accepted", path.display(), junk)),
                Err(err) => err.to_string(),
            };
            if READ_TO_END_OF_FILE.contains(&name) {
                continue;
            }
            let ending = format!("expected the end of input, found \"{}\"", junk);
            if !message.ends_with(&ending) {
                return Err(format!("{} + {:?}: {}", path.display(), junk, message));
            }
        }
        checked += 1;
    }
    if checked == 0 {
        return Err("no accepted sample to extend".to_string());
    }
    Ok(())
}
