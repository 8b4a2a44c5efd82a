//! `gomoku-server`: the standalone online server (docs/NETWORK.md). It keeps its games in
//! SQLite in the data folder, so a restart resumes every game in progress.

use std::path::PathBuf;
use std::process::ExitCode;

use gomoku::online::server::{Config, Server};
use gomoku::online::store::{Durability, SqliteStore};
use gomoku::online::tls;

const USAGE: &str =
    "usage: gomoku-server --data DIR [--listen ADDR] [--tls-cert FILE --tls-key FILE]
                     [--per-address N] [--fsync]

  --data DIR         folder for games.sqlite3 (created if missing)
  --listen ADDR      address and port to listen on (default 127.0.0.1:7627)
  --tls-cert FILE    serve wss:// (TLS) with this certificate chain (PEM, the server's
                     own certificate first; a Let's Encrypt fullchain.pem)
  --tls-key FILE     ...and its private key (PEM); both or neither. Without them the
                     server speaks plain ws://: the local network, or behind a reverse
                     proxy that ends TLS
  --per-address N    open connections allowed from one IP address (default 32; behind a
                     reverse proxy every connection comes from the proxy)
  --fsync            wait on the disk for every move, so that a power cut loses none
                     (without it a move survives the server killed or crashing, and
                     the server plays many more moves a second)";

struct Args {
    listen: String,
    data: PathBuf,
    /// The certificate and key files, read when the server starts.
    tls: Option<(PathBuf, PathBuf)>,
    config: Config,
    durability: Durability,
}

fn parse_args(
    args: impl IntoIterator<Item = impl Into<std::ffi::OsString>>,
) -> Result<Option<Args>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut listen = "127.0.0.1:7627".to_string();
    let mut data = None;
    let mut config = Config::default();
    let mut durability = Durability::Process;
    let (mut cert, mut key) = (None, None);
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next()? {
        match arg {
            Long("listen") => listen = parser.value()?.string()?,
            Long("data") => data = Some(PathBuf::from(parser.value()?)),
            Long("per-address") => {
                config.max_connections_per_address = parser.value()?.parse()?;
                if config.max_connections_per_address == 0 {
                    return Err("--per-address must be at least 1".into());
                }
            }
            Long("fsync") => durability = Durability::Power,
            Long("tls-cert") => cert = Some(PathBuf::from(parser.value()?)),
            Long("tls-key") => key = Some(PathBuf::from(parser.value()?)),
            Short('h') | Long("help") => return Ok(None),
            _ => return Err(arg.unexpected()),
        }
    }
    let data = data.ok_or("--data DIR is required")?;
    let tls = match (cert, key) {
        (Some(cert), Some(key)) => Some((cert, key)),
        (None, None) => None,
        (Some(_), None) => return Err("--tls-cert needs --tls-key (its private key)".into()),
        (None, Some(_)) => return Err("--tls-key needs --tls-cert (its certificate)".into()),
    };
    Ok(Some(Args {
        listen,
        data,
        tls,
        config,
        durability,
    }))
}

fn main() -> ExitCode {
    let mut args = match parse_args(std::env::args_os().skip(1)) {
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
    // Bad certificate files stop the server before it opens its store or listens.
    if let Some((cert, key)) = &args.tls {
        match tls::server_config(cert, key) {
            Ok(config) => args.config.tls = Some(config),
            Err(e) => {
                eprintln!("gomoku-server: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let scheme = if args.tls.is_some() { "wss" } else { "ws" };
    let store = match SqliteStore::open_dir(&args.data, args.durability) {
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
        match Server::start(&args.listen, args.config, Box::new(store)).await {
            Ok(server) => {
                eprintln!("gomoku-server: listening on {scheme}://{}", server.addr());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The systemd unit in `packaging/` runs this binary with arguments it accepts, and keeps
    /// its games in the folder systemd makes for it.
    #[test]
    fn the_systemd_unit_starts_the_server_as_it_reads_its_arguments() {
        let unit = include_str!("../../packaging/gomoku-server.service");
        let value = |key: &str| {
            unit.lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
                .unwrap_or_else(|| panic!("the unit has no {key}"))
        };
        let mut words = value("ExecStart").split_whitespace();
        let binary = words.next().unwrap();
        assert!(binary.ends_with("/gomoku-server"), "{binary}");
        let args = parse_args(words).unwrap().expect("not --help");
        let state = value("StateDirectory");
        assert_eq!(args.data, PathBuf::from("/var/lib").join(state));
        assert!(
            args.listen.parse::<std::net::SocketAddr>().is_ok(),
            "{}",
            args.listen
        );
        assert!(
            parse_args(["--data"]).is_err(),
            "a missing value is an error"
        );
        assert!(
            parse_args(["--port", "1"]).is_err(),
            "an unknown flag is an error"
        );
        let proxied = parse_args(["--data", "d", "--per-address", "500"])
            .unwrap()
            .unwrap();
        assert_eq!(proxied.config.max_connections_per_address, 500);
        assert!(parse_args(["--data", "d", "--per-address", "0"]).is_err());
        assert_eq!(args.durability, Durability::Process);
        let durable = parse_args(["--data", "d", "--fsync"]).unwrap().unwrap();
        assert_eq!(durable.durability, Durability::Power);
        assert_eq!(args.tls, None);
        // The unit's TLS variant, commented out, is a command line the server accepts too.
        let tls_line = unit
            .lines()
            .filter_map(|l| l.strip_prefix("#ExecStart="))
            .find(|l| l.contains("--tls-cert"))
            .expect("the unit shows how to serve TLS");
        let secured = parse_args(tls_line.split_whitespace().skip(1))
            .unwrap()
            .unwrap();
        assert_eq!(
            secured.tls,
            Some((PathBuf::from("%d/cert.pem"), PathBuf::from("%d/key.pem")))
        );
        assert!(
            unit.contains("#LoadCredential=cert.pem:") && unit.contains("#LoadCredential=key.pem:")
        );
        let secure = parse_args(["--data", "d", "--tls-cert", "c.pem", "--tls-key", "k.pem"])
            .unwrap()
            .unwrap();
        assert_eq!(
            secure.tls,
            Some((PathBuf::from("c.pem"), PathBuf::from("k.pem")))
        );
        for half in [["--tls-cert", "c.pem"], ["--tls-key", "k.pem"]] {
            let why = parse_args(["--data", "d", half[0], half[1]]).err().unwrap();
            assert!(why.to_string().contains("needs"), "{why}");
        }
    }
}
