//! cargo-compete's test suites (`testcases/<bin>.yml`), read without a YAML library: the shape
//! cargo-compete writes and users edit, a `cases` list of `name`/`in`/`out` mappings whose
//! values are block literals (`|`, `|-`, `|+`), quoted or plain one-line scalars, and the
//! `match` mode. Anything else in a case is refused with its line, never misread.

/// One case of a suite: its name, input and expected output (`None`: `out: ~`, not known).
#[derive(Debug, PartialEq, Eq)]
pub struct SuiteCase {
    pub name: String,
    pub input: String,
    pub output: Option<String>,
}

/// The cases of a suite's text, or the 1-based line and reason of what cannot be read.
pub fn parse(text: &str) -> Result<Vec<SuiteCase>, (usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut cases = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if is_blank(line) || line.trim_end() == "---" {
            i += 1;
            continue;
        }
        if indent(line) > 0 {
            // The body of a top-level key this reader skips (`extend`, `timelimit`'s ...).
            i += 1;
            continue;
        }
        let (key, value) = split_key(line).ok_or((i + 1, "expected `key: value`".to_string()))?;
        match key {
            "match" => check_match(value, lines.get(i + 1).copied(), i + 1)?,
            "cases" => {
                let (read, next) = parse_cases(&lines, i, value)?;
                cases.extend(read);
                i = next;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(cases)
}

/// Our samples are compared token by token: `Exact`, `Lines` and `SplitWhitespace` suites
/// pass as cargo-compete would pass them on a correct program; a tolerance or a checker
/// program cannot be applied.
fn check_match(value: &str, next: Option<&str>, line: usize) -> Result<(), (usize, String)> {
    let mode = if value.is_empty() {
        // `match:` with a nested mapping (`Float:`, `Checker:`).
        next.and_then(split_key).map_or("", |(k, _)| k)
    } else {
        value
            .trim_start_matches('{')
            .split(':')
            .next()
            .unwrap_or("")
            .trim()
    };
    match mode {
        "Exact" | "Lines" | "SplitWhitespace" => Ok(()),
        other => Err((
            line,
            format!(
                "`match: {}` is not supported: samples are compared token by token (Exact, Lines and SplitWhitespace suites are read); put cases that need it in samples/<name>/ as exact answers, or leave them out",
                other
            ),
        )),
    }
}

/// The items of `cases:` starting at line `at` (its value `value`): the cases and the line
/// after the list.
fn parse_cases(
    lines: &[&str],
    at: usize,
    value: &str,
) -> Result<(Vec<SuiteCase>, usize), (usize, String)> {
    if value == "[]" {
        return Ok((Vec::new(), at + 1));
    }
    if !value.is_empty() {
        return Err((
            at + 1,
            "`cases:` must be followed by a list of `- name: ...` items".to_string(),
        ));
    }
    let mut cases = Vec::new();
    let mut i = at + 1;
    let mut current: Option<(usize, Fields)> = None;
    while i < lines.len() {
        let line = lines[i];
        if is_blank(line) {
            i += 1;
            continue;
        }
        let depth = indent(line);
        let rest = &line[depth..];
        if depth == 0 && !rest.starts_with("- ") && rest != "-" {
            break; // the next top-level key
        }
        let (column, entry) = if let Some(item) = rest.strip_prefix('-') {
            if let Some((start, fields)) = current.take() {
                cases.push(fields.finish(start)?);
            }
            let after = item.len() - item.trim_start().len();
            current = Some((i + 1, Fields::default()));
            (depth + 1 + after, item.trim_start())
        } else {
            (depth, rest)
        };
        let Some((_, fields)) = current.as_mut() else {
            return Err((
                i + 1,
                "expected a `- name: ...` item of `cases`".to_string(),
            ));
        };
        if entry.is_empty() {
            i += 1;
            continue;
        }
        if entry.starts_with('{') {
            return Err((
                i + 1,
                "a flow mapping (`{...}`) is not read here: write the case's keys one a line"
                    .to_string(),
            ));
        }
        let (key, value) = split_key(entry).ok_or((i + 1, "expected `key: value`".to_string()))?;
        let (scalar, next) = scalar(lines, i, column, value)?;
        match key {
            "name" => fields.name = Some(scalar),
            "in" => fields.input = Some(scalar),
            "out" => fields.output = Some(scalar),
            _ => {}
        }
        i = next;
    }
    if let Some((start, fields)) = current {
        cases.push(fields.finish(start)?);
    }
    Ok((cases, i))
}

/// The keys of one case as read so far (`None` in a value: `~`).
#[derive(Default)]
struct Fields {
    name: Option<Option<String>>,
    input: Option<Option<String>>,
    output: Option<Option<String>>,
}

impl Fields {
    fn finish(self, line: usize) -> Result<SuiteCase, (usize, String)> {
        let input = self
            .input
            .flatten()
            .ok_or((line, "this case has no `in`".to_string()))?;
        Ok(SuiteCase {
            name: self
                .name
                .flatten()
                .unwrap_or_else(|| format!("line {}", line)),
            input,
            output: self.output.flatten(),
        })
    }
}

/// The scalar of a key at `column` on line `at` whose text after the colon is `value`; the
/// line after it.
fn scalar(
    lines: &[&str],
    at: usize,
    column: usize,
    value: &str,
) -> Result<(Option<String>, usize), (usize, String)> {
    let value = strip_comment(value);
    if let Some(header) = value.strip_prefix('|') {
        return block(lines, at, column, header);
    }
    if value.starts_with('>') {
        return Err((
            at + 1,
            "a folded scalar (`>`) joins lines with spaces; write the case with `|`".to_string(),
        ));
    }
    let text = match value {
        "" | "~" | "null" => None,
        v if v.starts_with('"') => Some(double_quoted(v).ok_or((
            at + 1,
            "a double-quoted value must end on its line (use \\n for line breaks)".to_string(),
        ))?),
        v if v.starts_with('\'') => Some(single_quoted(v).ok_or((
            at + 1,
            "a single-quoted value must end on its line".to_string(),
        ))?),
        v => Some(v.to_string()),
    };
    // A plain value continued on the next, deeper lines would be folded by YAML.
    if let Some(next) = lines.get(at + 1) {
        if !is_blank(next) && indent(next) > column && text.is_some() {
            return Err((
                at + 2,
                "a value continued on the next line is not read here; write it with `|`"
                    .to_string(),
            ));
        }
    }
    Ok((text, at + 1))
}

/// A block literal after `|` (`header`: its chomping `-`/`+` and indentation digit).
fn block(
    lines: &[&str],
    at: usize,
    column: usize,
    header: &str,
) -> Result<(Option<String>, usize), (usize, String)> {
    let (mut keep, mut strip, mut given) = (false, false, None);
    for c in header.trim().chars() {
        match c {
            '+' => keep = true,
            '-' => strip = true,
            '1'..='9' => given = Some(column + c.to_digit(10).unwrap_or(0) as usize),
            _ => return Err((at + 1, format!("unknown block header `|{}`", header.trim()))),
        }
    }
    let mut i = at + 1;
    let content_indent = match given {
        Some(n) => n,
        None => lines[i.min(lines.len())..]
            .iter()
            .find(|l| !l.trim().is_empty())
            .map(|l| indent(l))
            .filter(|&n| n > column)
            .unwrap_or(column + 1),
    };
    let mut body: Vec<&str> = Vec::new();
    while i < lines.len() {
        let line = lines[i];
        if line.trim().is_empty() {
            body.push("");
        } else if indent(line) >= content_indent {
            body.push(&line[content_indent..]);
        } else {
            break;
        }
        i += 1;
    }
    let mut text = body.join("\n");
    if !body.is_empty() {
        text.push('\n');
    }
    if !keep {
        let trimmed = text.trim_end_matches('\n').len();
        text.truncate(trimmed);
        if !strip && trimmed > 0 {
            text.push('\n');
        }
    }
    Ok((Some(text), i))
}

fn double_quoted(v: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = v[1..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => out.push(match chars.next()? {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                '0' => '\0',
                '\\' => '\\',
                '"' => '"',
                '/' => '/',
                ' ' => ' ',
                'x' => hex(&mut chars, 2)?,
                'u' => hex(&mut chars, 4)?,
                'U' => hex(&mut chars, 8)?,
                _ => return None,
            }),
            c => out.push(c),
        }
    }
    None
}

fn hex(chars: &mut std::str::Chars, digits: usize) -> Option<char> {
    let text: String = chars.take(digits).collect();
    char::from_u32(u32::from_str_radix(&text, 16).ok()?)
}

fn single_quoted(v: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = v[1..].chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            if chars.peek() == Some(&'\'') {
                chars.next();
                out.push('\'');
            } else {
                return Some(out);
            }
        } else {
            out.push(c);
        }
    }
    None
}

/// `key: value` (or `key:`): the key and the trimmed value.
fn split_key(line: &str) -> Option<(&str, &str)> {
    let line = line.trim();
    let (key, value) = match line.split_once(": ") {
        Some(kv) => kv,
        None => (line.strip_suffix(':')?, ""),
    };
    let key = key.trim().trim_matches('"').trim_matches('\'');
    (!key.is_empty() && !key.contains(' ')).then_some((key, value.trim()))
}

/// A plain or quoted value without a trailing `# comment`.
fn strip_comment(value: &str) -> &str {
    if value.starts_with('"') || value.starts_with('\'') {
        return value;
    }
    match value.find(" #") {
        Some(at) => value[..at].trim_end(),
        None => value,
    }
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

fn is_blank(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

#[cfg(test)]
mod tests {
    use super::{parse, SuiteCase};

    fn case(name: &str, input: &str, output: Option<&str>) -> SuiteCase {
        SuiteCase {
            name: name.to_string(),
            input: input.to_string(),
            output: output.map(str::to_string),
        }
    }

    #[test]
    fn reads_the_suite_cargo_compete_writes() {
        let text = "---\ntype: Batch\ntimelimit: 2s\nmatch: Lines\n\ncases:\n  - name: sample1\n    in: |\n      3\n      1 2 3\n    out: |\n      6\n  - name: sample2\n    in: \"1\\n5\\n\"\n    out: '5'\n  - name: unknown\n    in: |-\n      7\n    out: ~\n\nextend:\n  - type: Text\n    path: \"./a\"\n    in: /in/*.txt\n    out: /out/*.txt\n";
        assert_eq!(
            parse(text).unwrap(),
            [
                case("sample1", "3\n1 2 3\n", Some("6\n")),
                case("sample2", "1\n5\n", Some("5")),
                case("unknown", "7", None),
            ]
        );
    }

    #[test]
    fn keeps_blank_lines_inside_a_block_and_reads_unindented_items() {
        let text = "cases:\n- name: a\n  in: |+\n    1\n\n    2\n\n  out: |\n    x\n";
        assert_eq!(parse(text).unwrap(), [case("a", "1\n\n2\n\n", Some("x\n"))]);
        assert_eq!(parse("cases: []\n").unwrap(), []);
    }

    #[test]
    fn refuses_what_it_cannot_read_with_the_line() {
        let float = "match:\n  Float:\n    relative_error: 1e-6\ncases: []\n";
        let (line, why) = parse(float).unwrap_err();
        assert_eq!(line, 1);
        assert!(why.contains("`match: Float` is not supported"), "{}", why);
        let flow = "cases:\n  - {name: a, in: \"1\", out: \"2\"}\n";
        assert_eq!(parse(flow).unwrap_err().0, 2);
        let no_input = "cases:\n  - name: a\n    out: |\n      1\n";
        assert_eq!(parse(no_input).unwrap_err().0, 2);
        let folded = "cases:\n  - name: a\n    in: >\n      1\n";
        assert_eq!(parse(folded).unwrap_err().0, 3);
    }
}
