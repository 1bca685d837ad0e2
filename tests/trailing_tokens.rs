//! Every solution refuses a token after a complete input (fuzzing found `2 1 1 2 2 junk` answered
//! as if the junk were not there): each accepted sample of every crate, with a token appended,
//! must fail with `Scanner::finish`'s error naming that token.

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
    for dir in crates {
        let name = dir.file_name().unwrap().to_str().unwrap().to_string();
        let solve = crate::problems::solver_of(&name)
            .unwrap_or_else(|| panic!("{}: not registered in the root Cargo.toml", name));
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
            if expected.trim_start().starts_with("error:") {
                continue;
            }
            let input = std::fs::read(&path).unwrap();
            for (separator, junk) in [("\n", "junk"), (" ", "7"), ("\r\n", "-1")] {
                let mut padded = input.clone();
                padded.extend_from_slice(separator.as_bytes());
                padded.extend_from_slice(junk.as_bytes());
                padded.push(b'\n');
                let result = solve(&padded, &mut Vec::new());
                let message = match result {
                    Ok(()) => panic!("{} + {:?}: accepted", path.display(), junk),
                    Err(err) => err.to_string(),
                };
                if READ_TO_END_OF_FILE.contains(&name.as_str()) {
                    continue;
                }
                let ending = format!("expected the end of input, found \"{}\"", junk);
                assert!(
                    message.ends_with(&ending),
                    "{} + {:?}: {}",
                    path.display(),
                    junk,
                    message
                );
            }
            checked += 1;
        }
        assert!(checked > 0, "{}: no accepted sample to extend", name);
    }
}
