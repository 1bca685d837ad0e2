//! Problems whose judge names files: the input given in `input-file` and the answer read from
//! `output-file` of `[package.metadata.judge]` (as `cargo xtask listen` records them from the
//! statement, e.g. `input.txt` and `output.txt`). `judge` runs such a solution in a fresh
//! folder holding the case's input under its file name, with nothing on stdin, and reads the
//! answer from its output file; the bundle's proof does the same (`bundler::verify`).

use crate::process::{self, Finished, Limits};
use context_error::{Context, Result};
use std::path::{Path, PathBuf};
use workspace_layout::{JudgeTable, ProblemCrate};

/// The files of a problem's judge (`None`: stdin, stdout).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Files {
    pub input: Option<String>,
    pub output: Option<String>,
}

impl Files {
    /// Stdin and stdout: no folder of its own needed.
    pub fn is_standard(&self) -> bool {
        self.input.is_none() && self.output.is_none()
    }
}

/// The files of problem crate `name`'s judge, from its `Cargo.toml`.
pub fn problem_files(root: &Path, name: &str) -> Result<Files> {
    ProblemCrate::new(root, name).judge().map(Files::from)
}

/// The files a manifest's `[package.metadata.judge]` names: plain file names only.
pub fn files_from_manifest(text: &str) -> Result<Files> {
    JudgeTable::from_manifest(text).map(Files::from)
}

impl From<JudgeTable> for Files {
    fn from(judge: JudgeTable) -> Files {
        Files {
            input: judge.input_file,
            output: judge.output_file,
        }
    }
}

/// How a run with files went: the run, and its answer (its output file's text or stdout), or
/// why there is none.
pub struct Answered {
    pub run: Finished,
    pub answer: std::result::Result<Vec<u8>, String>,
    /// Where the answer was read: `stdout` or the output file's name.
    pub from: String,
}

/// Runs `binary` on the case `input` under `limits` as its judge does: in a fresh folder with
/// the input as `files.input` (stdin empty), its answer read from `files.output`; standard
/// streams where `files` names none. At most `cap` bytes of stdout are kept (see
/// [`process::run_capped`]).
pub fn run_case(
    binary: &Path,
    input: &Path,
    limits: Limits,
    files: &Files,
    cap: u64,
) -> Result<Answered> {
    if files.is_standard() {
        let run = process::run_capped(binary, input, limits, cap)?;
        let answer = Ok(run.stdout.clone());
        return Ok(Answered {
            run,
            answer,
            from: "stdout".to_string(),
        });
    }
    let binary =
        std::fs::canonicalize(binary).with_context(|| format!("finding {}", binary.display()))?;
    let folder = RunFolder::new(&binary)?;
    let stdin = match &files.input {
        Some(file) => {
            std::fs::copy(input, folder.0.join(file)).with_context(|| {
                format!("copying {} to {}", input.display(), folder.0.display())
            })?;
            PathBuf::from("/dev/null")
        }
        None => input.to_path_buf(),
    };
    let run = process::run_capped_in(&binary, &stdin, limits, cap, Some(&folder.0))?;
    let (answer, from) = match &files.output {
        Some(file) => (
            std::fs::read(folder.0.join(file))
                .map_err(|err| format!("no answer in {} ({})", file, err)),
            file.clone(),
        ),
        None => (Ok(run.stdout.clone()), "stdout".to_string()),
    };
    Ok(Answered { run, answer, from })
}

/// A folder of its own for one run, beside the binary; removed on drop.
struct RunFolder(PathBuf);

impl RunFolder {
    fn new(binary: &Path) -> Result<RunFolder> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = binary.parent().unwrap_or(Path::new(".")).join(format!(
            ".run-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        Ok(RunFolder(dir))
    }
}

impl Drop for RunFolder {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::TempDir;
    use std::time::Duration;

    #[test]
    fn the_manifest_names_plain_files_only() {
        let files = files_from_manifest(
            "[package]\nname = \"x\"\n[package.metadata.judge]\ninput-file = \"input.txt\"\noutput-file = \"output.txt\"\n",
        )
        .unwrap();
        assert_eq!(files.input.as_deref(), Some("input.txt"));
        assert_eq!(files.output.as_deref(), Some("output.txt"));
        assert!(files_from_manifest("[package]\nname = \"x\"\n")
            .unwrap()
            .is_standard());
        for bad in [
            "input-file = \"../secret\"",
            "input-file = \"/etc/passwd\"",
            "output-file = 3",
        ] {
            let text = format!("[package.metadata.judge]\n{}\n", bad);
            let err = files_from_manifest(&text).unwrap_err();
            assert!(format!("{:#}", err).contains("metadata.judge"), "{:#}", err);
        }
    }

    #[test]
    fn a_run_reads_and_writes_the_judges_files() {
        let dir = TempDir::new("judge-files");
        let script = dir.0.join("solution.sh");
        // Doubles the number in input.txt into output.txt; says what stdin held on stderr.
        std::fs::write(
            &script,
            "#!/bin/sh\nn=$(cat input.txt)\necho $((n * 2)) > output.txt\necho \"stdin: $(cat)\" >&2\n",
        )
        .unwrap();
        std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        let input = dir.0.join("01.in");
        std::fs::write(&input, "21\n").unwrap();
        let limits = Limits {
            time: Duration::from_secs(10),
            memory: None,
        };
        let files = Files {
            input: Some("input.txt".to_string()),
            output: Some("output.txt".to_string()),
        };
        let answered = run_case(&script, &input, limits, &files, process::OUTPUT_CAP).unwrap();
        assert_eq!(answered.answer.unwrap(), b"42\n");
        assert_eq!(answered.from, "output.txt");
        assert_eq!(String::from_utf8_lossy(&answered.run.stderr), "stdin: \n");
        // Its folder is gone, and no file was left beside the input.
        let left: Vec<_> = std::fs::read_dir(&dir.0)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left.len(), 2, "{:?}", left);
        // A solution that writes no output file: no answer, said so.
        let quiet = Files {
            input: Some("input.txt".to_string()),
            output: Some("answer.txt".to_string()),
        };
        let answered = run_case(&script, &input, limits, &quiet, process::OUTPUT_CAP).unwrap();
        assert!(answered
            .answer
            .unwrap_err()
            .contains("no answer in answer.txt"));
        // judge's verdicts on it.
        std::fs::write(dir.0.join("01.out"), "42\n").unwrap();
        let case = crate::judge::Case {
            name: "01".to_string(),
            input: input.clone(),
            expected: dir.0.join("01.out"),
        };
        let verdict = |files: &Files| {
            crate::judge::judge_case_with(&script, &case, limits, files)
                .unwrap()
                .verdict
        };
        assert_eq!(verdict(&files), crate::judge::Verdict::Accepted);
        assert_eq!(
            verdict(&quiet),
            crate::judge::Verdict::WrongAnswer(
                "no answer in answer.txt (No such file or directory (os error 2))".to_string()
            )
        );
    }
}
