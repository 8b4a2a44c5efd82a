//! Games on the local network, by mDNS / DNS-SD (issue 60): a game hosted on a player's own
//! server is announced as a `_gomoku._tcp.local.` service whose TXT record carries the
//! protocol version, the join code, the host's name and the game's settings; Play online
//! lists the games it hears, and a click joins one. Reading an announcement checks every
//! field as any input from the network: a malformed one is left out, never shown.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;

use mdns_sd::{ServiceDaemon, ServiceEvent, ServiceInfo};

use super::checks::{check_name, check_settings};
use super::hub::{BASE32, CODE_CHARS, normalise_code};
use super::protocol::{PROTOCOL_VERSION, Settings};

/// The DNS-SD service type of a game waiting for its second player.
pub const SERVICE_TYPE: &str = "_gomoku._tcp.local.";

/// Most games listed at once (a busy network's announcements are not all kept).
pub const MAX_GAMES: usize = 32;

/// A game heard on the local network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanGame {
    /// The join code, as the server spells it.
    pub code: String,
    /// The host's name.
    pub name: String,
    pub settings: Settings,
    /// Where its server listens: `address:port`, for the Server field.
    pub address: String,
}

/// The TXT record a hosted game is announced with.
pub fn txt(code: &str, name: &str, settings: &Settings) -> HashMap<String, String> {
    HashMap::from([
        ("v".to_string(), PROTOCOL_VERSION.to_string()),
        ("code".to_string(), code.to_string()),
        ("name".to_string(), name.to_string()),
        (
            "settings".to_string(),
            serde_json::to_string(settings).unwrap_or_default(),
        ),
    ])
}

/// An announcement read back: its TXT fields (by `field`), the addresses it resolved to and
/// its port. `None` for another version's game or any field that does not check.
pub fn lan_game<'a>(
    field: impl Fn(&str) -> Option<&'a str>,
    addresses: &[IpAddr],
    port: u16,
) -> Option<LanGame> {
    if field("v")?.parse::<u32>().ok()? != PROTOCOL_VERSION || port == 0 {
        return None;
    }
    let code = normalise_code(field("code")?);
    if code.len() != CODE_CHARS || !code.bytes().all(|b| BASE32.contains(&b)) {
        return None;
    }
    let name = check_name(field("name")?).ok()?;
    let settings: Settings = serde_json::from_str(field("settings")?).ok()?;
    check_settings(&settings).ok()?;
    // An address the other computer can reach: IPv4 before IPv6, loopback last.
    let ip = addresses
        .iter()
        .min_by_key(|ip| (ip.is_loopback(), ip.is_ipv6()))?;
    let address = match ip {
        IpAddr::V4(v4) => format!("{v4}:{port}"),
        IpAddr::V6(v6) => format!("[{v6}]:{port}"),
    };
    Some(LanGame {
        code,
        name,
        settings,
        address,
    })
}

/// This computer's hosted game, announced for as long as it is kept.
pub struct Announcer {
    daemon: ServiceDaemon,
    fullname: String,
}

impl Announcer {
    /// Announces the game `code` hosted by `name` on this computer's server at `port`.
    pub fn start(
        code: &str,
        name: &str,
        settings: &Settings,
        port: u16,
    ) -> Result<Announcer, String> {
        let daemon = ServiceDaemon::new().map_err(|e| e.to_string())?;
        // The instance name is what other browsers list; the code keeps it unique.
        let instance = format!("{name} {code}");
        let host = format!("gomoku-{}.local.", code.to_ascii_lowercase());
        let info = ServiceInfo::new(
            SERVICE_TYPE,
            &instance,
            &host,
            (),
            port,
            txt(code, name, settings),
        )
        .map_err(|e| e.to_string())?
        .enable_addr_auto();
        let fullname = info.get_fullname().to_string();
        daemon.register(info).map_err(|e| e.to_string())?;
        Ok(Announcer { daemon, fullname })
    }
}

impl Drop for Announcer {
    fn drop(&mut self) {
        // Said goodbye on the network, then the daemon's thread ends; neither is waited on.
        let _ = self.daemon.unregister(&self.fullname);
        let _ = self.daemon.shutdown();
    }
}

/// The games announced on the local network, as heard so far.
#[derive(Default)]
pub struct Browser {
    daemon: Option<(ServiceDaemon, mdns_sd::Receiver<ServiceEvent>)>,
    games: BTreeMap<String, LanGame>,
}

impl Browser {
    /// Starts listening for announcements.
    pub fn start() -> Result<Browser, String> {
        let daemon = ServiceDaemon::new().map_err(|e| e.to_string())?;
        let events = daemon.browse(SERVICE_TYPE).map_err(|e| e.to_string())?;
        Ok(Browser {
            daemon: Some((daemon, events)),
            games: BTreeMap::new(),
        })
    }

    /// A list of games heard, with no listening behind it (the tests' stand-in for a
    /// network).
    pub fn with_games(games: Vec<LanGame>) -> Browser {
        Browser {
            daemon: None,
            games: games
                .into_iter()
                .take(MAX_GAMES)
                .map(|g| (g.code.clone(), g))
                .collect(),
        }
    }

    /// Takes in what was heard since the last call (a bounded number of events, never
    /// waiting); true when the list changed.
    pub fn poll(&mut self) -> bool {
        let Some((_, events)) = &self.daemon else {
            return false;
        };
        let mut changed = false;
        for _ in 0..64 {
            let Ok(event) = events.try_recv() else {
                break;
            };
            match event {
                ServiceEvent::ServiceResolved(service) => {
                    let addresses: Vec<IpAddr> =
                        service.addresses.iter().map(|a| a.to_ip_addr()).collect();
                    let found = lan_game(
                        |key| service.get_property_val_str(key),
                        &addresses,
                        service.port,
                    );
                    if let Some(game) = found
                        && (self.games.len() < MAX_GAMES
                            || self.games.contains_key(&service.fullname))
                        && self.games.get(&service.fullname) != Some(&game)
                    {
                        self.games.insert(service.fullname.clone(), game);
                        changed = true;
                    }
                }
                ServiceEvent::ServiceRemoved(_, fullname) => {
                    changed |= self.games.remove(&fullname).is_some();
                }
                _ => {}
            }
        }
        changed
    }

    /// The games heard, in a stable order.
    pub fn games(&self) -> Vec<LanGame> {
        self.games.values().cloned().collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if let Some((daemon, _)) = &self.daemon {
            let _ = daemon.stop_browse(SERVICE_TYPE);
            let _ = daemon.shutdown();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::protocol::{ClockSetting, GameKind, OpeningName, RuleName};
    use std::net::{Ipv4Addr, Ipv6Addr};

    fn settings() -> Settings {
        Settings {
            kind: GameKind::Gomoku {
                rule: RuleName::Renju,
                size: 15,
            },
            clock: ClockSetting::Fischer {
                minutes: 5,
                increment_seconds: 3,
            },
            opening: OpeningName::Yamaguchi,
        }
    }

    fn read(record: &HashMap<String, String>, addresses: &[IpAddr], port: u16) -> Option<LanGame> {
        lan_game(|k| record.get(k).map(String::as_str), addresses, port)
    }

    #[test]
    fn an_announcement_reads_back_as_the_game_to_join() {
        let record = txt("ABCDEFGH12345", "Ana", &settings());
        // Loopback addresses only, as everywhere in the tests: IPv4 is given before IPv6.
        let addresses = [
            IpAddr::V6(Ipv6Addr::LOCALHOST),
            IpAddr::V4(Ipv4Addr::LOCALHOST),
        ];
        let game = read(&record, &addresses, 7627).expect("a game");
        assert_eq!(game.code, "ABCDEFGH12345");
        assert_eq!(game.name, "Ana");
        assert_eq!(game.settings, settings());
        assert_eq!(game.address, "127.0.0.1:7627");
        let v6 = [IpAddr::V6(Ipv6Addr::LOCALHOST)];
        assert_eq!(read(&record, &v6, 7627).unwrap().address, "[::1]:7627");
    }

    #[test]
    fn malformed_or_foreign_announcements_are_left_out() {
        let addresses = [IpAddr::V4(Ipv4Addr::LOCALHOST)];
        let good = txt("ABCDEFGH12345", "Ana", &settings());
        assert!(read(&good, &addresses, 7627).is_some());
        let with = |key: &str, value: &str| {
            let mut r = good.clone();
            r.insert(key.into(), value.into());
            r
        };
        for bad in [
            with("v", "2"),
            with("v", "one"),
            with("code", "short"),
            with("code", "IIIIIIIIIIIII"),
            with("name", ""),
            with("name", &"n".repeat(500)),
            with("name", "a\u{7}b"),
            with("settings", "{"),
            with(
                "settings",
                r#"{"kind":{"game":"gomoku","rule":"renju","size":16},"clock":{"kind":"none"}}"#,
            ),
        ] {
            assert!(read(&bad, &addresses, 7627).is_none(), "{bad:?}");
        }
        let mut missing = good.clone();
        missing.remove("code");
        assert!(read(&missing, &addresses, 7627).is_none());
        assert!(read(&good, &[], 7627).is_none(), "no address");
        assert!(read(&good, &addresses, 0).is_none(), "no port");
    }

    #[test]
    fn a_list_without_a_network_keeps_its_games_in_order() {
        let game = |code: &str| LanGame {
            code: code.into(),
            name: "Ana".into(),
            settings: settings(),
            address: "127.0.0.1:7627".into(),
        };
        let many: Vec<LanGame> = (0..40).map(|i| game(&format!("{i:013}"))).collect();
        let mut browser = Browser::with_games(many);
        assert_eq!(browser.games().len(), MAX_GAMES);
        assert!(!browser.poll(), "nothing to hear");
        let codes: Vec<String> = browser.games().into_iter().map(|g| g.code).collect();
        let mut sorted = codes.clone();
        sorted.sort();
        assert_eq!(codes, sorted);
    }
}
