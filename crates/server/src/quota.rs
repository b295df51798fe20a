//! Per-client limits: how many engine searches a client may have running or queued,
//! how many games it may create a minute, and how many searches the server holds in
//! all. Past a limit the request is answered 429 with a message naming the limit, and
//! changes nothing.
//!
//! Clients are told apart by their IP address; on loopback that is everyone on the
//! machine, which is the point: a page or script cannot exhaust the server for the
//! person playing.

use crate::error::ApiError;
use axum::http::StatusCode;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The limits (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quotas {
    /// Engine searches one client may have running or queued at once.
    pub searches_per_client: usize,
    /// Engine searches the server holds at once, all clients together.
    pub searches_total: usize,
    /// Games (created or imported) one client may start per minute.
    pub games_per_minute: usize,
}

impl Quotas {
    /// Default searches per client (room for a 200-game engine tournament).
    pub const SEARCHES_PER_CLIENT: usize = 256;
    /// Default searches in all.
    pub const SEARCHES_TOTAL: usize = 1024;
    /// Default games a client may start per minute.
    pub const GAMES_PER_MINUTE: usize = 600;
}

impl Default for Quotas {
    fn default() -> Self {
        Quotas {
            searches_per_client: Self::SEARCHES_PER_CLIENT,
            searches_total: Self::SEARCHES_TOTAL,
            games_per_minute: Self::GAMES_PER_MINUTE,
        }
    }
}

const MINUTE: Duration = Duration::from_secs(60);

#[derive(Debug, Default)]
struct ClientUse {
    searches: usize,
    created: VecDeque<Instant>,
}

#[derive(Debug, Default)]
struct Counts {
    clients: HashMap<IpAddr, ClientUse>,
    total: usize,
}

/// What the clients use now.
#[derive(Debug)]
pub struct Usage {
    limits: Quotas,
    counts: Mutex<Counts>,
}

fn too_many(code: &'static str, message: String) -> ApiError {
    ApiError::new(StatusCode::TOO_MANY_REQUESTS, code, message)
}

impl Usage {
    /// Nothing used yet, under these limits.
    #[must_use]
    pub fn new(limits: Quotas) -> Arc<Usage> {
        Arc::new(Usage {
            limits,
            counts: Mutex::new(Counts::default()),
        })
    }

    fn counts(&self) -> MutexGuard<'_, Counts> {
        self.counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Checks that `client` may start one more search.
    ///
    /// # Errors
    /// 429 `too_many_searches`.
    pub fn check_search(&self, client: IpAddr) -> Result<(), ApiError> {
        let c = self.counts();
        if c.total >= self.limits.searches_total {
            return Err(too_many(
                "too_many_searches",
                format!(
                    "the server already runs {} engine searches; try again when some have ended",
                    self.limits.searches_total
                ),
            ));
        }
        let mine = c.clients.get(&client).map_or(0, |u| u.searches);
        if mine >= self.limits.searches_per_client {
            return Err(too_many(
                "too_many_searches",
                format!(
                    "you already have {} engine searches running (the limit per client); wait for their moves",
                    self.limits.searches_per_client
                ),
            ));
        }
        Ok(())
    }

    /// Records a new game of `client`.
    ///
    /// # Errors
    /// 429 `too_many_games` when it started the limit's number of games in the last
    /// minute (nothing is recorded then).
    pub fn admit_game(&self, client: IpAddr) -> Result<(), ApiError> {
        let now = Instant::now();
        let mut c = self.counts();
        let u = c.clients.entry(client).or_default();
        while u.created.front().is_some_and(|&t| now - t >= MINUTE) {
            u.created.pop_front();
        }
        if u.created.len() >= self.limits.games_per_minute {
            return Err(too_many(
                "too_many_games",
                format!(
                    "at most {} new games a minute per client; try again shortly",
                    self.limits.games_per_minute
                ),
            ));
        }
        u.created.push_back(now);
        Ok(())
    }

    /// Counts a search of `client` (`None`: the server's own, e.g. resumed after a
    /// restart) until the permit is dropped.
    #[must_use]
    pub fn permit(self: &Arc<Self>, client: Option<IpAddr>) -> SearchPermit {
        let mut c = self.counts();
        c.total += 1;
        if let Some(ip) = client {
            c.clients.entry(ip).or_default().searches += 1;
        }
        SearchPermit {
            usage: self.clone(),
            client,
        }
    }

    /// Searches held now (running or queued), all clients together.
    #[must_use]
    pub fn searches(&self) -> usize {
        self.counts().total
    }
}

/// One counted search; dropping it uncounts it.
#[derive(Debug)]
pub struct SearchPermit {
    usage: Arc<Usage>,
    client: Option<IpAddr>,
}

impl SearchPermit {
    /// The client the search is counted for.
    #[must_use]
    pub fn client(&self) -> Option<IpAddr> {
        self.client
    }
}

impl Drop for SearchPermit {
    fn drop(&mut self) {
        let mut c = self.usage.counts();
        c.total = c.total.saturating_sub(1);
        if let Some(ip) = self.client {
            let forget = match c.clients.get_mut(&ip) {
                Some(u) => {
                    u.searches = u.searches.saturating_sub(1);
                    u.searches == 0 && u.created.is_empty()
                }
                None => false,
            };
            if forget {
                c.clients.remove(&ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::net::Ipv4Addr;

    const A: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));

    #[test]
    fn searches_per_client_and_in_all() {
        let u = Usage::new(Quotas {
            searches_per_client: 2,
            searches_total: 3,
            games_per_minute: 10,
        });
        let a1 = u.permit(Some(A));
        let _a2 = u.permit(Some(A));
        assert_eq!(u.check_search(A).unwrap_err().code, "too_many_searches");
        assert!(u.check_search(B).is_ok());
        let _b = u.permit(Some(B));
        let e = u.check_search(B).unwrap_err();
        assert_eq!(e.status, StatusCode::TOO_MANY_REQUESTS);
        drop(a1);
        assert!(u.check_search(A).is_ok());
        assert_eq!(u.searches(), 2);
    }

    #[test]
    fn games_per_minute() {
        let u = Usage::new(Quotas {
            searches_per_client: 1,
            searches_total: 1,
            games_per_minute: 2,
        });
        u.admit_game(A).unwrap();
        u.admit_game(A).unwrap();
        assert_eq!(u.admit_game(A).unwrap_err().code, "too_many_games");
        u.admit_game(B).unwrap();
    }
}
