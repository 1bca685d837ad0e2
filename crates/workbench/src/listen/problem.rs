//! The problem Competitive Companion sends: its JSON (`name`, `group`, `url`, `interactive`,
//! `timeLimit` in ms, `memoryLimit` in MB, `tests` [{`input`, `output`}], `input` and `output`
//! {`type`: `stdin` | `stdout` | `file` | `regex`, `fileName`, `pattern`}, `batch` {`id`,
//! `size`}, ...), read into what a scaffold needs.

use crate::new::Spec;
use context_error::{bail, err, Context, Result};
use serde_json::Value;

/// The fields of a Competitive Companion problem that the scaffold uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub name: String,
    pub group: String,
    pub url: String,
    pub interactive: bool,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    /// (input, output) of each test; none for a problem whose page shows none.
    pub tests: Vec<(String, String)>,
    /// The file the judge gives the input in (`input.type` `file`), or `None` for stdin.
    pub input_file: Option<String>,
    /// The file the judge reads the answer from (`output.type` `file`), or `None` for stdout.
    pub output_file: Option<String>,
    /// The pattern of an input file named by a regular expression (`input.type` `regex`, as
    /// Code Jam's `A-small-*.in`): the scaffold reads stdin and says so.
    pub input_pattern: Option<String>,
}

impl Problem {
    /// Reads a request's body; the error says which field is missing or wrong.
    pub fn from_json(body: &[u8]) -> Result<Problem> {
        let json: Value = serde_json::from_slice(body).context("not JSON")?;
        let text = |key: &str| -> Result<String> {
            json.get(key)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| err!("field {:?} is missing or not a string", key))
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
            .ok_or_else(|| err!("field \"tests\" is missing or not an array"))?;
        let tests = tests
            .iter()
            .enumerate()
            .map(|(i, test)| {
                let field = |key: &str| {
                    test.get(key)
                        .and_then(Value::as_str)
                        .map(str::to_string)
                        .ok_or_else(|| err!("tests[{}].{} is missing or not a string", i, key))
                };
                Ok((field("input")?, field("output")?))
            })
            .collect::<Result<Vec<_>>>()?;
        let (input_file, input_pattern) = stream(&json, "input", "stdin")?;
        let (output_file, _) = stream(&json, "output", "stdout")?;
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
            input_file,
            output_file,
            input_pattern,
        })
    }

    /// The scaffold of this problem as crate `crate_name`.
    pub fn spec(&self, crate_name: &str) -> Spec {
        let with_newline = |s: &str| {
            if s.is_empty() || s.ends_with('\n') {
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
            description: self.description(),
            time_limit_ms: self.time_limit_ms,
            memory_limit_mib: self.memory_limit_mb,
            samples,
            build: true,
            input_file: self.input_file.clone(),
            output_file: self.output_file.clone(),
            statement: Some((self.name.clone(), self.url.clone())),
        }
    }

    /// The crate's description: the statement's name, its judge (or contest) and URL.
    pub fn description(&self) -> String {
        let name = self.name.trim();
        match self.group.trim() {
            "" => format!("{} ({})", name, self.url),
            group => format!("{}: {} ({})", group, name, self.url),
        }
    }
}

/// The file of `input` or `output`: `Some(name)` for `type` `file`, none for `default` (or no
/// field: older versions send none); with the pattern of `type` `regex`.
fn stream(json: &Value, key: &str, default: &str) -> Result<(Option<String>, Option<String>)> {
    let Some(stream) = json.get(key).filter(|v| !v.is_null()) else {
        return Ok((None, None));
    };
    let kind = stream
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or(default);
    match kind {
        _ if kind == default => Ok((None, None)),
        "file" => {
            let file = stream
                .get("fileName")
                .and_then(Value::as_str)
                .ok_or_else(|| err!("{}.fileName is missing for {}.type \"file\"", key, key))?;
            check_file_name(file).with_context(|| format!("{}.fileName", key))?;
            Ok((Some(file.to_string()), None))
        }
        "regex" if key == "input" => Ok((
            None,
            Some(
                stream
                    .get("pattern")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
            ),
        )),
        other => bail!("{}.type {:?} is not {:?} or \"file\"", key, other, default),
    }
}

/// A file name a solution may open in its working folder: one plain name, no path.
pub use workspace_layout::check_file_name;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listen::tests::payload;

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
        assert_eq!((&problem.input_file, &problem.output_file), (&None, &None));
        let spec = problem.spec("cf786a-berzerk");
        assert_eq!(spec.samples[0].0, "01");
        assert_eq!(
            spec.description,
            "Codeforces - Round 406: A. Berzerk (https://codeforces.com/contest/786/problem/A)"
        );
        let err = Problem::from_json(br#"{"name": "x", "url": "y", "tests": []}"#).unwrap_err();
        assert!(err.to_string().contains("\"timeLimit\""), "{}", err);
        assert!(Problem::from_json(b"{not json").is_err());
    }

    #[test]
    fn file_input_and_output_are_read_and_checked() {
        let with = |input: &str, output: &str| {
            payload("A. X", "", "https://example.com/1", &[])
                .replace(r#""input":{"type":"stdin"}"#, input)
                .replace(r#""output":{"type":"stdout"}"#, output)
        };
        let files = with(
            r#""input":{"type":"file","fileName":"input.txt"}"#,
            r#""output":{"type":"file","fileName":"output.txt"}"#,
        );
        assert!(files.contains("input.txt"), "{}", files);
        let problem = Problem::from_json(files.as_bytes()).unwrap();
        assert_eq!(problem.input_file.as_deref(), Some("input.txt"));
        assert_eq!(problem.output_file.as_deref(), Some("output.txt"));
        let spec = problem.spec("p1-x");
        assert_eq!(spec.input_file.as_deref(), Some("input.txt"));
        assert!(spec.samples.is_empty());
        let only_input = with(
            r#""input":{"type":"file","fileName":"game.in"}"#,
            r#""output":{"type":"stdout"}"#,
        );
        let problem = Problem::from_json(only_input.as_bytes()).unwrap();
        assert_eq!(
            (problem.input_file.as_deref(), problem.output_file),
            (Some("game.in"), None)
        );
        let regex = with(
            r#""input":{"type":"regex","pattern":"A-small-.*\\.in"}"#,
            r#""output":{"type":"stdout"}"#,
        );
        let problem = Problem::from_json(regex.as_bytes()).unwrap();
        assert_eq!(problem.input_pattern.as_deref(), Some("A-small-.*\\.in"));
        for bad in [
            r#""input":{"type":"file","fileName":"../etc/passwd"}"#,
            r#""input":{"type":"file","fileName":"/tmp/x"}"#,
            r#""input":{"type":"file","fileName":""}"#,
            r#""input":{"type":"file"}"#,
            r#""input":{"type":"socket"}"#,
        ] {
            let body = with(bad, r#""output":{"type":"stdout"}"#);
            assert!(Problem::from_json(body.as_bytes()).is_err(), "{}", bad);
        }
    }
}
