//! Online play (issue 60): the server that is the one authority over an online game, and
//! the game's client of it. No Bevy here: `gomoku-server` and the game's embedded server run
//! the same code.
//!
//! - [`protocol`]: the versioned JSON messages (docs/NETWORK.md)
//! - [`game`]: one game's rules, turns and clocks
//! - [`store`]: where games are kept (SQLite, or memory for tests)
//! - [`hub`]: the games in play, their seats, tokens and watchers
//! - [`offers`]: what a player asked and the other has not answered yet
//! - [`requests`]: a claimed win over a gone opponent, draw offers, undo requests
//! - [`rematch`]: a new game after the end, the seats swapped
//! - [`sweep`]: the end of games nobody plays any more
//! - [`server`]: the WebSocket server over them
//! - [`tls`]: certificates for `wss://`, the server's and the client's trust
//! - [`client`]: the game's connection to a server, and the server it embeds
//! - [`discovery`]: games announced on the local network (mDNS / DNS-SD), and the list heard

pub mod checks;
pub mod client;
pub mod discovery;
pub mod game;
mod hub;
mod offers;
pub mod protocol;
mod rematch;
mod requests;
pub mod server;
pub mod store;
mod sweep;
pub mod tls;
