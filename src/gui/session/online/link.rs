//! The connection to the server ([`OnlineLink`]): a socket on its own thread, and this
//! computer's own server when its player hosts; what the player asked for ([`Intent`]) and
//! the lobby the Play online screen shows ([`Lobby`]).

use std::path::Path;
use std::sync::Mutex;

use super::*;
use crate::gui::frames;
use crate::online::client::{Connection, DEFAULT_PORT, EmbeddedServer, Event, lan_addresses};
use crate::online::discovery::Announcer;
use crate::online::protocol::{ClientMsg, Role, SeatChoice, Settings as WireSettings};

/// What the player asked the server for.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    Host {
        settings: WireSettings,
        seat: SeatChoice,
        name: String,
    },
    Join {
        code: String,
        name: String,
    },
    Watch {
        code: String,
    },
}

/// The lobby, as the Play online screen shows it.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Lobby {
    #[default]
    Idle,
    /// Connecting to the server and asking for the game.
    Connecting,
    /// Hosted: the code to tell the other player, and this computer's addresses when it
    /// serves the game itself.
    Waiting {
        code: String,
        lan: Vec<String>,
    },
    Failed(Msg),
}

/// The connection to the server (and the server itself when this computer hosts).
#[derive(Resource, Default)]
pub struct OnlineLink {
    /// A `Mutex` only because a receiver may not be shared between threads; the game's
    /// systems take it in turn and never wait on it for long.
    pub(super) connection: Option<Mutex<Connection>>,
    server: Option<EmbeddedServer>,
    /// The game waiting on this computer's server, announced on the local network.
    announcer: Option<Announcer>,
    address: String,
    pub(super) intent: Option<Intent>,
    pub lobby: Lobby,
    /// The seat's secret for `reconnect`, and its game's code.
    pub(super) token: Option<(String, String)>,
    pub(super) role: Option<Role>,
    /// A game to show: the screens move to Playing once.
    pub(super) ready: bool,
}

impl OnlineLink {
    /// Connects to `address` and asks for `intent`; with `host_here`, first starts this
    /// computer's own server (on the default port, or any free one) with its games in
    /// `data_dir`, and connects to that.
    pub fn start(&mut self, address: &str, intent: Intent, host_here: bool, data_dir: &Path) {
        self.close();
        if host_here {
            let dir = data_dir.join("online");
            let started = EmbeddedServer::start(&format!("0.0.0.0:{DEFAULT_PORT}"), &dir)
                .or_else(|_| EmbeddedServer::start("0.0.0.0:0", &dir));
            match started {
                Ok(server) => {
                    self.address = server.local_address();
                    self.server = Some(server);
                }
                Err(e) => {
                    self.lobby = Lobby::Failed(
                        Msg::key("online-server-failed").with("error", e.to_string()),
                    );
                    return;
                }
            }
        } else {
            self.address = address.trim().to_string();
        }
        self.intent = Some(intent);
        self.lobby = Lobby::Connecting;
        self.connect();
    }

    pub(super) fn connect(&mut self) {
        let connection = Connection::open(&self.address, frames::wake);
        self.connection = Some(Mutex::new(connection));
    }

    /// Ends the connection and this computer's server (the title screen, Back).
    pub fn close(&mut self) {
        *self = OnlineLink::default();
    }

    /// Queues `msg` for the server; false when there is no connection.
    pub fn send(&self, msg: ClientMsg) -> bool {
        self.connection
            .as_ref()
            .is_some_and(|c| c.lock().is_ok_and(|c| c.send(msg)))
    }

    /// True once, when a game has come to show.
    pub fn take_ready(&mut self) -> bool {
        std::mem::take(&mut self.ready)
    }

    /// Announces the game `code`, waiting on this computer's own server, to the local
    /// network (a network that will not carry it is only logged: the code still works).
    pub(super) fn announce(&mut self, code: &str) {
        let (Some(server), Some(Intent::Host { settings, name, .. })) =
            (&self.server, &self.intent)
        else {
            return;
        };
        if self.announcer.is_some() {
            return;
        }
        match Announcer::start(code, name, settings, server.addr().port()) {
            Ok(announcer) => self.announcer = Some(announcer),
            Err(e) => warn!("online: the game is not announced on the network: {e}"),
        }
    }

    /// The second seat is taken: the game is no longer one to join.
    pub(super) fn unannounce(&mut self) {
        self.announcer = None;
    }

    /// The addresses the other player on this network joins at, when this computer hosts.
    pub(super) fn lan(&self) -> Vec<String> {
        let Some(server) = &self.server else {
            return Vec::new();
        };
        let port = server.addr().port();
        let mut found: Vec<String> = lan_addresses()
            .into_iter()
            .map(|ip| match port {
                DEFAULT_PORT => ip.to_string(),
                _ => format!("{ip}:{port}"),
            })
            .collect();
        if found.is_empty() {
            found.push(server.local_address());
        }
        found
    }

    /// Drops the connection as a network fault would, without a word to the server (the
    /// tests' cut cable).
    #[cfg(test)]
    pub fn drop_connection(&mut self) {
        self.connection = None;
    }

    pub(super) fn next_event(&self) -> Option<Event> {
        self.connection.as_ref()?.lock().ok()?.try_recv()
    }
}
