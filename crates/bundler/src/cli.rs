//! A tiny argument parser shared by the subcommands: `--flag`, `--key value`, `--key=value` and
//! positionals, with an error for anything left unread.

use context_error::{bail, Context, Result};

/// The arguments of one subcommand, consumed as they are read.
pub struct Args {
    args: Vec<String>,
}

impl Args {
    pub fn new(args: Vec<String>) -> Self {
        Args { args }
    }

    /// Whether `--name` was given (removes it).
    pub fn flag(&mut self, name: &str) -> bool {
        let before = self.args.len();
        self.args.retain(|a| a != name);
        self.args.len() != before
    }

    /// The value of `--name value` or `--name=value` (removes it); the last one wins.
    pub fn value(&mut self, name: &str) -> Result<Option<String>> {
        let mut found = None;
        let mut i = 0;
        while i < self.args.len() {
            if self.args[i] == name {
                if i + 1 >= self.args.len() {
                    bail!("{} needs a value", name);
                }
                found = Some(self.args.remove(i + 1));
                self.args.remove(i);
            } else if let Some(v) = self.args[i].strip_prefix(&format!("{}=", name)) {
                found = Some(v.to_string());
                self.args.remove(i);
            } else {
                i += 1;
            }
        }
        Ok(found)
    }

    /// Every value of a repeatable `--name value` or `--name=value` (removes them), in order.
    pub fn values(&mut self, name: &str) -> Result<Vec<String>> {
        let mut found = Vec::new();
        while let Some(v) = self.first_value(name)? {
            found.push(v);
        }
        Ok(found)
    }

    /// The first value of `--name` (removes it).
    fn first_value(&mut self, name: &str) -> Result<Option<String>> {
        let prefix = format!("{}=", name);
        let Some(i) = self
            .args
            .iter()
            .position(|a| a == name || a.starts_with(&prefix))
        else {
            return Ok(None);
        };
        let arg = self.args.remove(i);
        if arg == name {
            if i >= self.args.len() {
                bail!("{} needs a value", name);
            }
            return Ok(Some(self.args.remove(i)));
        }
        Ok(Some(arg[prefix.len()..].to_string()))
    }

    /// The value of `--name` parsed as `T`.
    pub fn parsed<T>(&mut self, name: &str) -> Result<Option<T>>
    where
        T: std::str::FromStr,
        T::Err: std::error::Error + Send + Sync + 'static,
    {
        match self.value(name)? {
            Some(v) => {
                Ok(Some(v.parse().with_context(|| {
                    format!("{} {:?} is not valid", name, v)
                })?))
            }
            None => Ok(None),
        }
    }

    /// The remaining positionals; fails on any unread `--option`.
    pub fn finish(self) -> Result<Vec<String>> {
        if let Some(unknown) = self.args.iter().find(|a| a.starts_with("--")) {
            bail!("unknown option {}", unknown);
        }
        Ok(self.args)
    }
}

#[cfg(test)]
mod tests {
    use super::Args;

    fn args(list: &[&str]) -> Args {
        Args::new(list.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn reads_flags_values_and_positionals() {
        let mut a = args(&["x", "--all", "--seed", "7", "--jobs=2", "y"]);
        assert!(a.flag("--all"));
        assert!(!a.flag("--bundled"));
        assert_eq!(a.parsed::<u64>("--seed").unwrap(), Some(7));
        assert_eq!(a.value("--jobs").unwrap().as_deref(), Some("2"));
        assert_eq!(a.finish().unwrap(), ["x", "y"]);
    }

    #[test]
    fn reads_repeated_values_in_order() {
        let mut a = args(&["--bin", "a", "x", "--bin=b", "--bin", "c"]);
        assert_eq!(a.values("--bin").unwrap(), ["a", "b", "c"]);
        assert_eq!(a.finish().unwrap(), ["x"]);
        assert!(args(&["--bin"]).values("--bin").is_err());
    }

    #[test]
    fn rejects_unknown_options_and_missing_values() {
        assert!(args(&["--nope"]).finish().is_err());
        assert!(args(&["--seed"]).value("--seed").is_err());
        assert!(args(&["--seed", "x"]).parsed::<u64>("--seed").is_err());
    }
}
