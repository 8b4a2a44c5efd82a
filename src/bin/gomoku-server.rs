//! `gomoku-server`: the standalone online server (docs/NETWORK.md). It keeps its games in
//! SQLite in the data folder, so a restart resumes every game in progress.

use std::path::PathBuf;
use std::process::ExitCode;

use gomoku::online::server::{Config, Server};
use gomoku::online::store::SqliteStore;

const USAGE: &str = "usage: gomoku-server --data DIR [--listen ADDR]

  --data DIR     folder for games.sqlite3 (created if missing)
  --listen ADDR  address and port to listen on (default 127.0.0.1:7627)";

struct Args {
    listen: String,
    data: PathBuf,
}

fn parse_args() -> Result<Option<Args>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut listen = "127.0.0.1:7627".to_string();
    let mut data = None;
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("listen") => listen = parser.value()?.string()?,
            Long("data") => data = Some(PathBuf::from(parser.value()?)),
            Short('h') | Long("help") => return Ok(None),
            _ => return Err(arg.unexpected()),
        }
    }
    let data = data.ok_or("--data DIR is required")?;
    Ok(Some(Args { listen, data }))
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("gomoku-server: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let store = match SqliteStore::open_dir(&args.data) {
        Ok(store) => store,
        Err(e) => {
            eprintln!("gomoku-server: {}: {e}", args.data.display());
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("gomoku-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        match Server::start(&args.listen, Config::default(), Box::new(store)).await {
            Ok(server) => {
                eprintln!("gomoku-server: listening on ws://{}", server.addr());
                server.wait().await;
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("gomoku-server: {}: {e}", args.listen);
                ExitCode::FAILURE
            }
        }
    })
}
