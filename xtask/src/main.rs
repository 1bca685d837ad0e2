//! `cargo xtask`: the command line of the gamedp workbench (crates/workbench) and bundler
//! (crates/bundler), which do the work; see `cargo xtask help`. The command line is declared
//! once, in `workbench::flags`, whose types each command's `run` takes. It links no problem
//! crate.

use context_error::{bail, Result};
use workbench::flags::{self, Invocation, XtaskCmd};
use workbench::{accept, bench, brute, judge, listen, new, sample, stress, test};

fn main() {
    // Writing to a closed pipe (`cargo xtask bench | head -1`) ends xtask quietly, as it does
    // any Unix tool, instead of a panic of `println!` with exit code 101. Children get the
    // default disposition anyway.
    // SAFETY: setting a signal's disposition to the default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    if let Err(err) = run() {
        eprintln!("error: {:#}", err);
        std::process::exit(1);
    }
}

fn run() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        print!("{}", flags::help());
        bail!("no command given");
    }
    let command = match flags::read(args)? {
        Invocation::Help(text) => {
            print!("{}", text);
            return Ok(());
        }
        Invocation::Run(command) => command,
    };
    match command {
        XtaskCmd::Bundle(flags) => workbench::bundle::run(flags.args),
        XtaskCmd::Judge(flags) => judge::run(flags),
        XtaskCmd::Test(flags) => test::run(flags),
        XtaskCmd::Stress(flags) => stress::run(flags),
        XtaskCmd::Brute(flags) => brute::run(flags),
        XtaskCmd::Sample(flags) => sample::run(flags),
        XtaskCmd::New(flags) => new::run(flags),
        XtaskCmd::Listen(flags) => listen::run(flags),
        XtaskCmd::Bench(flags) => bench::run(flags),
        XtaskCmd::Accept(flags) => accept::run(flags),
    }
}
