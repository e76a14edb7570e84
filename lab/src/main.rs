//! `gomoku`: the lab's command-line tool (see the `gomoku_lab` crate).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    match gomoku_lab::run(gomoku_lab::cli::Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}
