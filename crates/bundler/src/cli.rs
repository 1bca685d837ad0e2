//! A tiny argument parser shared by the subcommands: `--flag`, `--key value`, `--key=value` and
//! positionals, with an error for anything left unread.

use context_error::{bail, Context, Result};

/// The arguments of one subcommand, consumed as they are read.
pub struct Args {
    args: Vec<String>,
    /// A flag given more than once, refused by [`Args::finish`].
    repeated: Option<String>,
}

impl Args {
    pub fn new(args: Vec<String>) -> Self {
        Args {
            args,
            repeated: None,
        }
    }

    /// Whether `--name` was given (removes it); given twice, [`Args::finish`] refuses it.
    pub fn flag(&mut self, name: &str) -> bool {
        let before = self.args.len();
        self.args.retain(|a| a != name);
        let times = before - self.args.len();
        if times > 1 && self.repeated.is_none() {
            self.repeated = Some(name.to_string());
        }
        times > 0
    }

    /// The value of `--name value` or `--name=value` (removes it). Given twice it is refused
    /// (`--cases 5 --cases 6` took 6 without a word).
    pub fn value(&mut self, name: &str) -> Result<Option<String>> {
        let mut found: Option<String> = None;
        let mut i = 0;
        while i < self.args.len() {
            let value = if self.args[i] == name {
                if i + 1 >= self.args.len() {
                    bail!("{} needs a value", name);
                }
                let value = self.args.remove(i + 1);
                self.args.remove(i);
                value
            } else if let Some(v) = self.args[i].strip_prefix(&format!("{}=", name)) {
                let value = v.to_string();
                self.args.remove(i);
                value
            } else {
                i += 1;
                continue;
            };
            if let Some(first) = &found {
                bail!(
                    "{} given twice ({} and {}): give it once",
                    name,
                    first,
                    value
                );
            }
            found = Some(value);
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
        if let Some(flag) = self.repeated {
            bail!("{} given twice: give it once", flag);
        }
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
    fn refuses_an_option_given_twice() {
        for list in [
            &["--cases", "5", "--cases", "6"][..],
            &["--cases=5", "--cases", "6"][..],
            &["--cases=5", "--cases=5"][..],
        ] {
            let err = args(list).value("--cases").unwrap_err().to_string();
            assert!(err.starts_with("--cases given twice (5 and "), "{}", err);
        }
        let mut a = args(&["--all", "x", "--all"]);
        assert!(a.flag("--all"));
        let err = a.finish().unwrap_err().to_string();
        assert_eq!(err, "--all given twice: give it once");
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
