//! The few facts the bundler needs from a `Cargo.toml`: the package name and version, the normal
//! dependencies (with the features they enable) and the `[features]` table.
//!
//! Manifests of this workspace use a small part of TOML, so a small reader suffices: tables,
//! dotted keys, strings, booleans, numbers, arrays and inline tables. Anything else is an error
//! naming the line, never a silent misreading.

use anyhow::{anyhow, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A TOML value of the subset the reader understands.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(String),
    Bool(bool),
    /// A number or date, kept as written; the bundler never needs its value.
    Other(String),
    Array(Vec<Value>),
    Table(Vec<(Vec<String>, Value)>),
}

/// One `key = value` line, with the table it sits in and its 1-based line number.
#[derive(Clone, Debug)]
struct Entry {
    table: Vec<String>,
    key: Vec<String>,
    value: Value,
    line: usize,
}

/// A dependency under `[dependencies]` or `[target.*.dependencies]`.
#[derive(Clone, Debug)]
pub struct Dependency {
    /// The name the code uses (the key, before `-` becomes `_`).
    pub name: String,
    pub path: Option<String>,
    /// `dep.workspace = true`: the details live in `[workspace.dependencies]`.
    pub workspace: bool,
    pub features: Vec<String>,
    pub default_features: bool,
    pub line: usize,
}

/// The parts of a package manifest the bundler uses.
#[derive(Clone, Debug)]
pub struct Manifest {
    pub file: PathBuf,
    pub name: String,
    /// `None` when inherited from the workspace (`version.workspace = true`) or absent.
    pub version: Option<String>,
    pub dependencies: Vec<Dependency>,
    pub features: BTreeMap<String, Vec<String>>,
    entries: Vec<Entry>,
}

impl Manifest {
    pub fn read(file: &Path) -> Result<Manifest> {
        let text = std::fs::read_to_string(file)
            .map_err(|err| anyhow!("{}: cannot read: {}", file.display(), err))?;
        let entries = parse(&text)
            .map_err(|(line, reason)| anyhow!("{}:{}: {}", file.display(), line, reason))?;
        let str_at = |table: &[&str], key: &[&str]| -> Option<String> {
            find(&entries, table, key).and_then(|e| match &e.value {
                Value::Str(s) => Some(s.clone()),
                _ => None,
            })
        };
        let name = str_at(&["package"], &["name"]).unwrap_or_default();
        let version = str_at(&["package"], &["version"]);
        let mut dependencies = Vec::new();
        let mut features = BTreeMap::new();
        for entry in &entries {
            let table: Vec<&str> = entry.table.iter().map(String::as_str).collect();
            match table.as_slice() {
                ["dependencies"] | ["target", _, "dependencies"] => {
                    add_dependency(&mut dependencies, &entry.key, &entry.value, entry.line)
                }
                ["dependencies", dep] | ["target", _, "dependencies", dep] => {
                    let mut key = vec![dep.to_string()];
                    key.extend(entry.key.iter().cloned());
                    add_dependency(&mut dependencies, &key, &entry.value, entry.line)
                }
                ["features"] if entry.key.len() == 1 => {
                    let list = strings(&entry.value).ok_or_else(|| {
                        anyhow!(
                            "{}:{}: a feature is a list of strings",
                            file.display(),
                            entry.line
                        )
                    })?;
                    features.insert(entry.key[0].clone(), list);
                }
                _ => {}
            }
        }
        Ok(Manifest {
            file: file.to_path_buf(),
            name,
            version,
            dependencies,
            features,
            entries,
        })
    }

    /// A string value, e.g. `string(&["workspace", "package"], &["version"])`.
    pub fn string(&self, table: &[&str], key: &[&str]) -> Option<String> {
        find(&self.entries, table, key).and_then(|e| match &e.value {
            Value::Str(s) => Some(s.clone()),
            _ => None,
        })
    }

    /// The `[workspace.dependencies]` entry of `name`, as a dependency.
    pub fn workspace_dependency(&self, name: &str) -> Option<Dependency> {
        let mut found = Vec::new();
        for entry in &self.entries {
            let table: Vec<&str> = entry.table.iter().map(String::as_str).collect();
            match table.as_slice() {
                ["workspace", "dependencies"] if entry.key[0] == name => {
                    add_dependency(&mut found, &entry.key, &entry.value, entry.line)
                }
                ["workspace", "dependencies", dep] if *dep == name => {
                    let mut key = vec![dep.to_string()];
                    key.extend(entry.key.iter().cloned());
                    add_dependency(&mut found, &key, &entry.value, entry.line)
                }
                _ => {}
            }
        }
        found.pop()
    }

    /// The features enabled by asking for `requested` (plus `default` when `default` is set),
    /// expanded through the `[features]` table. Entries naming a dependency (`dep/feature`,
    /// `dep:name`) are left to the caller: they come back unexpanded.
    pub fn enabled_features(&self, requested: &[String], default: bool) -> BTreeSet<String> {
        let mut todo: Vec<String> = requested.to_vec();
        if default && self.features.contains_key("default") {
            todo.push("default".to_string());
        }
        let mut enabled = BTreeSet::new();
        while let Some(feature) = todo.pop() {
            if enabled.insert(feature.clone()) {
                if let Some(implied) = self.features.get(&feature) {
                    todo.extend(implied.iter().cloned());
                }
            }
        }
        enabled
    }
}

fn find<'a>(entries: &'a [Entry], table: &[&str], key: &[&str]) -> Option<&'a Entry> {
    entries
        .iter()
        .rev()
        .find(|e| e.table == table && e.key == key)
}

fn strings(value: &Value) -> Option<Vec<String>> {
    match value {
        Value::Array(items) => items
            .iter()
            .map(|v| match v {
                Value::Str(s) => Some(s.clone()),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// Folds one `key = value` (key starting with the dependency name) into `deps`.
fn add_dependency(deps: &mut Vec<Dependency>, key: &[String], value: &Value, line: usize) {
    let name = &key[0];
    let index = match deps.iter().position(|d| &d.name == name) {
        Some(i) => i,
        None => {
            deps.push(Dependency {
                name: name.clone(),
                path: None,
                workspace: false,
                features: Vec::new(),
                default_features: true,
                line,
            });
            deps.len() - 1
        }
    };
    let dep = &mut deps[index];
    let mut set = |field: &str, value: &Value| match (field, value) {
        ("path", Value::Str(s)) => dep.path = Some(s.clone()),
        ("workspace", Value::Bool(b)) => dep.workspace = *b,
        ("default-features" | "default_features", Value::Bool(b)) => dep.default_features = *b,
        ("features", v) => dep.features.extend(strings(v).unwrap_or_default()),
        _ => {}
    };
    match (&key[1..], value) {
        ([], Value::Table(fields)) => {
            for (k, v) in fields {
                if k.len() == 1 {
                    set(&k[0], v);
                }
            }
        }
        ([field], v) => set(field, v),
        _ => {}
    }
}

/// Parses the TOML subset into entries; an error is `(line, reason)`.
fn parse(text: &str) -> std::result::Result<Vec<Entry>, (usize, String)> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        pos: 0,
        line: 1,
    };
    let mut table = Vec::new();
    let mut entries = Vec::new();
    loop {
        parser.skip_blank_lines();
        let line = parser.line;
        match parser.peek() {
            None => return Ok(entries),
            Some('[') => {
                parser.pos += 1;
                let array = parser.eat('[');
                table = parser.key().map_err(|r| (line, r))?;
                if !parser.eat(']') || (array && !parser.eat(']')) {
                    return Err((line, "expected `]` after a table name".into()));
                }
            }
            Some(_) => {
                let key = parser.key().map_err(|r| (line, r))?;
                if !parser.eat('=') {
                    return Err((line, "expected `=` after a key".into()));
                }
                let value = parser.value().map_err(|r| (line, r))?;
                entries.push(Entry {
                    table: table.clone(),
                    key,
                    value,
                    line,
                });
            }
        }
        parser.skip_spaces();
        match parser.peek() {
            None | Some('\n') => {}
            Some(c) => {
                return Err((
                    parser.line,
                    format!("unexpected {:?} at the end of a line", c),
                ))
            }
        }
    }
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    line: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Skips spaces, tabs and a comment, not the line end.
    fn skip_spaces(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' | '\r' => self.pos += 1,
                '#' => {
                    while !matches!(self.peek(), None | Some('\n')) {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn skip_blank_lines(&mut self) {
        loop {
            self.skip_spaces();
            if self.peek() == Some('\n') {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_spaces();
        if self.peek() == Some(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// A dotted key of bare or quoted parts.
    fn key(&mut self) -> std::result::Result<Vec<String>, String> {
        let mut parts = Vec::new();
        loop {
            self.skip_spaces();
            let part = match self.peek() {
                Some('"') | Some('\'') => self.string()?,
                _ => {
                    let start = self.pos;
                    while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == '-' || c == '_')
                    {
                        self.pos += 1;
                    }
                    if start == self.pos {
                        return Err("expected a key".into());
                    }
                    self.chars[start..self.pos].iter().collect()
                }
            };
            parts.push(part);
            if !self.eat('.') {
                return Ok(parts);
            }
        }
    }

    fn string(&mut self) -> std::result::Result<String, String> {
        let quote = self.bump().unwrap_or('"');
        if self.peek() == Some(quote) && self.chars.get(self.pos + 1) == Some(&quote) {
            return Err("multi-line strings are not supported".into());
        }
        let mut out = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => return Err("unterminated string".into()),
                Some(c) if c == quote => return Ok(out),
                Some('\\') if quote == '"' => match self.bump() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(c @ ('"' | '\\')) => out.push(c),
                    _ => return Err("unsupported escape in a string".into()),
                },
                Some(c) => out.push(c),
            }
        }
    }

    fn value(&mut self) -> std::result::Result<Value, String> {
        self.skip_spaces();
        match self.peek() {
            Some('"') | Some('\'') => self.string().map(Value::Str),
            Some('[') => {
                self.bump();
                let mut items = Vec::new();
                loop {
                    self.skip_blank_lines();
                    if self.peek() == Some(']') {
                        self.bump();
                        return Ok(Value::Array(items));
                    }
                    items.push(self.value()?);
                    self.skip_blank_lines();
                    if self.peek() == Some(',') {
                        self.bump();
                    } else if self.peek() != Some(']') {
                        return Err("expected `,` or `]` in an array".into());
                    }
                }
            }
            Some('{') => {
                self.bump();
                let mut fields = Vec::new();
                if self.eat('}') {
                    return Ok(Value::Table(fields));
                }
                loop {
                    let key = self.key()?;
                    if !self.eat('=') {
                        return Err("expected `=` in an inline table".into());
                    }
                    fields.push((key, self.value()?));
                    if self.eat('}') {
                        return Ok(Value::Table(fields));
                    }
                    if !self.eat(',') {
                        return Err("expected `,` or `}` in an inline table".into());
                    }
                }
            }
            _ => {
                let start = self.pos;
                while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || "+-_.:".contains(c))
                {
                    self.pos += 1;
                }
                let word: String = self.chars[start..self.pos].iter().collect();
                match word.as_str() {
                    "" => Err("expected a value".into()),
                    "true" => Ok(Value::Bool(true)),
                    "false" => Ok(Value::Bool(false)),
                    _ => Ok(Value::Other(word)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_ok(text: &str) -> Vec<Entry> {
        parse(text).unwrap_or_else(|(line, reason)| panic!("line {}: {}", line, reason))
    }

    #[test]
    fn reads_tables_dotted_keys_arrays_and_inline_tables() {
        let entries = parse_ok(
            "[package]\nname = \"p1-x\" # comment\nversion.workspace = true\n\n\
             [features]\noracle = [\n  \"dp-core/oracle\", # why\n]\n\
             [dependencies]\ndp-core = { path = \"../dp-core\", features = [\"a\"] }\n\
             [dependencies.other]\nversion = '1'\n",
        );
        assert_eq!(entries.len(), 5);
        assert_eq!(entries[1].key, ["version", "workspace"]);
        assert_eq!(
            entries[2].value,
            Value::Array(vec![Value::Str("dp-core/oracle".into())])
        );
        assert_eq!(entries[4].table, ["dependencies", "other"]);
        assert_eq!(entries[4].line, 12);
    }

    #[test]
    fn rejects_what_it_does_not_understand() {
        assert_eq!(parse("a = \"x\ny = 1").unwrap_err().0, 1);
        assert_eq!(parse("[t]\nk = [1 2]").unwrap_err().0, 2);
        assert!(parse("k = \"\"\"multi\"\"\"").is_err());
    }

    #[test]
    fn collects_dependencies_from_every_form() {
        let dir = std::env::temp_dir().join(format!("xtask-manifest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("Cargo.toml");
        std::fs::write(
            &file,
            "[package]\nname = \"p\"\n[dependencies]\na = { path = \"../a\", default-features = false }\n\
             b = \"1.0\"\nc.workspace = true\n[dependencies.d]\npath = \"../d\"\nfeatures = [\"x\"]\n\
             [features]\ndefault = [\"f\"]\nf = [\"g\"]\ng = []\n",
        )
        .unwrap();
        let m = Manifest::read(&file).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let names: Vec<_> = m.dependencies.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "d"]);
        assert!(!m.dependencies[0].default_features);
        assert_eq!(m.dependencies[1].line, 5);
        assert!(m.dependencies[2].workspace);
        assert_eq!(m.dependencies[3].features, ["x"]);
        let enabled: Vec<_> = m.enabled_features(&[], true).into_iter().collect();
        assert_eq!(enabled, ["default", "f", "g"]);
        assert!(m.enabled_features(&[], false).is_empty());
    }
}
