//! `cargo xtask brute <crate> [FILE...]`: the brute force's answer to hand-written inputs. The
//! crate's oracle reads each file (stdin without FILE) with its `parse` and answers it with its
//! `brute_force`, the rules modelled literally, independently of the solver.

use crate::cli::Args;
use crate::problems;
use crate::workspace;
use anyhow::{anyhow, bail, Context, Result};
use dp_core::oracle::Oracle;
use std::io::{Read, Write};

pub const USAGE: &str = "\
cargo xtask brute <crate> [FILE...]

Prints the brute force's answer to each input FILE (stdin without FILE), read by the crate's
oracle (`parse`) and answered by its `brute_force`; with several files, each answer follows a
`--- FILE` line. Exit code 1 if an input is not valid or the brute force gives up on it (too
large for it).
";

/// Stack of the thread the brute force runs on: brute forces may recurse as deep as the game.
const BRUTE_STACK: usize = 1 << 30;

pub fn run(args: Vec<String>) -> Result<()> {
    let args = Args::new(args).finish()?;
    let Some((name, files)) = args.split_first() else {
        bail!("usage: {}", USAGE.lines().next().unwrap_or_default());
    };
    workspace::check_problem(&workspace::root(), name)?;
    let problem = problems::find(name)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if files.is_empty() {
        let mut text = Vec::new();
        std::io::stdin()
            .read_to_end(&mut text)
            .context("reading stdin")?;
        let answer = (problem.brute)(&text).context("stdin")?;
        write!(out, "{}", answer)?;
    }
    for file in files {
        let text = std::fs::read(file).with_context(|| format!("reading {}", file))?;
        let answer = (problem.brute)(&text).with_context(|| file.clone())?;
        if files.len() > 1 {
            writeln!(out, "--- {}", file)?;
        }
        write!(out, "{}", answer)?;
    }
    Ok(())
}

/// The brute force's answer to the input file `text` of oracle `O`, with a newline at the end.
/// Fails when the oracle cannot read it, or when the brute force panics (its size guards) or
/// would overflow the stack it gets.
pub fn answer<O: Oracle>(text: &[u8]) -> Result<String>
where
    O::Input: Send + 'static,
{
    let input = O::parse(text).map_err(|err| anyhow!("not an input of {}: {}", O::name(), err))?;
    quiet_brute_force_panics();
    let thread = std::thread::Builder::new()
        .name(BRUTE_THREAD.to_string())
        .stack_size(BRUTE_STACK)
        .spawn(move || O::brute_force(&input))
        .context("starting the brute force's thread")?;
    match thread.join() {
        Ok(answer) if answer.ends_with('\n') => Ok(answer),
        Ok(answer) => Ok(answer + "\n"),
        Err(panic) => bail!(
            "the brute force of {} gave up on this input: {}",
            O::name(),
            crate::stress::panic_message(&*panic)
        ),
    }
}

const BRUTE_THREAD: &str = "brute force";

/// The brute force's panics are reported as errors: keep the default message for the others.
fn quiet_brute_force_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name() != Some(BRUTE_THREAD) {
                default(info);
            }
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::problems::p4363_staircase_chess::oracle::StaircaseChess;

    #[test]
    fn answers_the_statement_and_refuses_bad_or_large_inputs() {
        let statement = b"2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";
        assert_eq!(answer::<StaircaseChess>(statement).unwrap(), "2\n");
        let bad = answer::<StaircaseChess>(b"2 3\n2 7\n").unwrap_err();
        assert!(
            format!("{:#}", bad).contains("not an input of p4363-staircase-chess: token 5"),
            "{:#}",
            bad
        );
        // 25 cells: beyond the brute force's bitmask of 20.
        let big = format!("5 5\n{}", "1 1 1 1 1\n".repeat(10));
        let err = answer::<StaircaseChess>(big.as_bytes()).unwrap_err();
        assert!(format!("{:#}", err).contains("gave up"), "{:#}", err);
    }
}
