//! `cargo xtask bench [<crate>...] [--runs N] [--rustc PATH]`: each problem's benchmark inputs (its
//! oracle's `bench_inputs`: the largest inputs and the scaling series, from fixed seeds), written
//! to `target/bench/<crate>/`, run on the bundled solution compiled as judges do (`rustc -O`; with
//! `--rustc`, that compiler, e.g. `/usr/bin/rustc` for the oldest judges' 1.63), `--runs` times
//! each (default 5), as its judge runs it (stdin, or the files its `[package.metadata.judge]`
//! names). Prints a Markdown table of the median wall time and the peak memory of each input,
//! ready for the README's Performance section.

pub mod plot;

use crate::flags::Bench;
use crate::judge;
use crate::judge_files;
use crate::oracle_program;
use crate::process::{self, Limits, OUTPUT_CAP};
use context_error::{bail, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;
use workspace_layout as workspace;

/// Runs per input when `--runs` is not given.
pub const DEFAULT_RUNS: usize = 5;
/// No benchmark run may take longer than this: a slow solution is measured, a hung one is not.
const TIME_CAP: Duration = Duration::from_secs(60);

pub fn run(flags: Bench) -> Result<()> {
    let Bench {
        problems: names,
        runs,
        rustc,
        plot,
    } = flags;
    let runs = runs.unwrap_or(DEFAULT_RUNS);
    let rustc = rustc.unwrap_or_else(|| "rustc".to_string());
    if runs == 0 {
        bail!("--runs must be at least 1");
    }
    let root = workspace::root();
    let all = names.is_empty();
    let names = if all {
        oracle_program::with_oracle(&root)?
    } else {
        names
    };
    eprintln!("{}", process::memory_measure());
    let mut rows = Vec::new();
    for name in &names {
        oracle_program::check(&root, name)?;
        let inputs = write_inputs(&root, name)?;
        if inputs.is_empty() {
            if all {
                continue;
            }
            bail!("{}: its oracle names no bench_inputs", name);
        }
        let (binary, compiler) = bundled_binary(&root, name, Path::new(&rustc))?;
        rows.extend(bench_inputs(
            &root, name, &binary, &compiler, &inputs, runs,
        )?);
    }
    if rows.is_empty() {
        bail!("no problem crate's oracle names benchmark inputs");
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    write!(out, "{}", table(&rows, runs))?;
    writeln!(out, "\n({}.)", process::memory_measure())?;
    if let Some(path) = plot {
        plot::write_svg(Path::new(&path), &plot::series(&rows), runs)?;
        eprintln!("wrote {}", path);
    }
    Ok(())
}

/// `cargo xtask bundle <crate>` in-process (which checks the bundle on the samples), then the
/// bundle compiled with `<rustc> -O` into `target/bench/<crate>/<crate>`; with the compiler's
/// version (`rustc 1.63.0`).
pub fn bundled_binary(root: &Path, name: &str, rustc: &Path) -> Result<(PathBuf, String)> {
    // The bundle is proven on the compiler it is measured with (and the usual ones by default).
    let only = (rustc != Path::new("rustc")).then(|| rustc.display().to_string());
    let options = bundler::Options::from_flags(only, None);
    let summary = bundler::bundle_crate(root, name, &options)
        .with_context(|| format!("bundling {}", name))?;
    eprintln!("{}", summary);
    let dir = bench_dir(root, name);
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let binary = dir.join(name);
    judge::compile_judge_style(rustc, root, &workspace::bundle_path(root, name), &binary)?;
    let compiler = judge::rustc_version(rustc)?;
    Ok((binary, compiler))
}

/// `target/bench/<crate>/`.
pub fn bench_dir(root: &Path, name: &str) -> PathBuf {
    root.join("target").join("bench").join(name)
}

/// One row of the table.
#[derive(Clone, Debug)]
pub struct Row {
    pub problem: String,
    pub input: String,
    /// The compiler of the binary, e.g. `rustc 1.63.0`.
    pub compiler: String,
    pub median: Duration,
    /// The largest peak of the runs, KiB.
    pub peak_kib: u64,
}

/// A benchmark input written by the oracle program: its name and file.
#[derive(Clone, Debug)]
pub struct InputFile {
    pub name: String,
    pub path: PathBuf,
}

/// Has the oracle program of `name` write its benchmark inputs to `target/bench/<crate>/`
/// (removing stale ones), and lists them.
pub fn write_inputs(root: &Path, name: &str) -> Result<Vec<InputFile>> {
    let dir = bench_dir(root, name);
    let listing = oracle_program::output(
        root,
        name,
        &["bench-inputs".to_string(), dir.display().to_string()],
    )?;
    let mut inputs = Vec::new();
    for line in listing.lines() {
        let Some((stem, input_name)) = line.split_once('\t') else {
            bail!(
                "{}: the oracle program listed {:?}, not `stem<TAB>name`",
                name,
                line
            );
        };
        inputs.push(InputFile {
            name: input_name.to_string(),
            path: dir.join(format!("{}.in", stem)),
        });
    }
    Ok(inputs)
}

/// Measures `binary` on each input `runs` times. Fails if a run fails or the runs disagree on
/// the output.
pub fn bench_inputs(
    root: &Path,
    name: &str,
    binary: &Path,
    compiler: &str,
    inputs: &[InputFile],
    runs: usize,
) -> Result<Vec<Row>> {
    let limits = Limits {
        time: TIME_CAP,
        memory: judge::problem_limits(root, name)?.memory,
    };
    // A judge that names files gets them: the input under its name, the answer read back.
    let files = judge_files::problem_files(root, name)?;
    let mut rows = Vec::new();
    for input in inputs {
        let path = &input.path;
        let mut times = Vec::new();
        let mut peak = 0;
        let mut first_output: Option<Vec<u8>> = None;
        for _ in 0..runs {
            let answered = judge_files::run_case(binary, path, limits, &files, OUTPUT_CAP)?;
            let run = answered.run;
            let output = match answered.answer {
                Ok(output) if run.success() => output,
                Ok(_) => bail!(
                    "{} on {}: {:?}: {}",
                    name,
                    path.display(),
                    run.ending,
                    String::from_utf8_lossy(&run.stderr).trim()
                ),
                Err(why) => bail!("{} on {}: {}", name, path.display(), why),
            };
            match &first_output {
                None => first_output = Some(output),
                Some(first) if *first != output => {
                    bail!(
                        "{} on {}: two runs gave different outputs",
                        name,
                        path.display()
                    )
                }
                Some(_) => {}
            }
            times.push(run.wall);
            peak = peak.max(run.peak_kib);
        }
        let row = Row {
            problem: name.to_string(),
            input: input.name.clone(),
            compiler: compiler.to_string(),
            median: median(&mut times),
            peak_kib: peak,
        };
        eprintln!(
            "{} {}: {} median, {}",
            row.problem,
            row.input,
            process::show_time(row.median),
            process::show_kib(row.peak_kib)
        );
        rows.push(row);
    }
    Ok(rows)
}

/// The median (the lower middle one of an even count).
pub fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[(times.len() - 1) / 2]
}

/// The Markdown table of `rows`.
pub fn table(rows: &[Row], runs: usize) -> String {
    let mut text = format!(
        "| problem | input | compiler | median wall time ({} run{}) | peak memory |\n| --- | --- | --- | ---: | ---: |\n",
        runs,
        if runs == 1 { "" } else { "s" }
    );
    for row in rows {
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            row.problem,
            row.input.replace('|', "\\|"),
            row.compiler,
            process::show_time(row.median),
            process::show_kib(row.peak_kib)
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = Duration::from_millis;
        assert_eq!(median(&mut [ms(5), ms(1), ms(3)]), ms(3));
        assert_eq!(median(&mut [ms(4), ms(1), ms(3), ms(2)]), ms(2));
    }

    #[test]
    fn a_judge_that_names_files_gets_them() {
        let root = crate::process::TempDir::new("bench-files");
        let name = "file-judge";
        let dir = root.0.join("crates").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("Cargo.toml"),
            "[package]\nname = \"file-judge\"\n[package.metadata.judge]\ninput-file = \"input.txt\"\noutput-file = \"output.txt\"\n",
        )
        .unwrap();
        // Doubles the number in input.txt into output.txt; fails when input.txt is missing.
        let binary = root.0.join("solution.sh");
        std::fs::write(
            &binary,
            "#!/bin/sh\nn=$(cat input.txt) || exit 3\necho $((n * 2)) > output.txt\n",
        )
        .unwrap();
        std::fs::set_permissions(&binary, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        let path = root.0.join("1-big.in");
        std::fs::write(&path, "21\n").unwrap();
        let inputs = [InputFile {
            name: "big".to_string(),
            path,
        }];
        let rows = bench_inputs(&root.0, name, &binary, "sh", &inputs, 3).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].input, "big");
        assert!(
            std::fs::read_dir(&root.0).unwrap().count() == 3,
            "run folders removed"
        );
    }

    #[test]
    fn one_run_of_p4363_gives_a_row_per_input() {
        let root = workspace::root();
        let name = "p4363-staircase-chess";
        // Two of its samples stand for the oracle program's inputs (the crate's checks hold what
        // that program writes).
        let inputs: Vec<InputFile> = ["statement", "crlf-line-ends"]
            .iter()
            .map(|case| InputFile {
                name: case.to_string(),
                path: workspace::ProblemCrate::new(&root, name)
                    .samples_dir()
                    .join(format!("{}.in", case)),
            })
            .collect();
        let (binary, compiler) = bundled_binary(&root, name, Path::new("rustc")).unwrap();
        assert!(compiler.starts_with("rustc 1."), "{}", compiler);
        let rows = bench_inputs(&root, name, &binary, &compiler, &inputs, 1).unwrap();
        let text = table(&rows, 1);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2 + inputs.len(), "{}", text);
        for (line, input) in lines[2..].iter().zip(&inputs) {
            assert!(
                line.starts_with(&format!("| {} | {} | {} | ", name, input.name, compiler)),
                "{}",
                line
            );
            assert!(line.ends_with(" MiB |"), "{}", line);
        }
    }
}
