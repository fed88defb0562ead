//! The `seega` command: check, convert, show and format Seega game archives.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
