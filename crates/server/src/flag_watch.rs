//! The watcher that ends games on time: one thread for the whole server holds the
//! moment each running clock runs out and, when it comes, asks the app to check that
//! game (which ends it on time and tells the page). A game that moved meanwhile gets a
//! new deadline in place of the old one, so one entry per game is kept at most.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
use std::time::Duration;

/// Longest sleep between looks at the list (the thread also notices that the server is
/// gone by then).
const MAX_NAP: Duration = Duration::from_secs(1);

#[derive(Debug, Default)]
struct Due {
    by_time: BTreeSet<(i64, String)>,
    by_game: HashMap<String, i64>,
    started: bool,
}

/// Deadlines of the running clocks (see the module doc).
#[derive(Debug, Default)]
pub struct FlagWatch {
    due: Mutex<Due>,
    wake: Condvar,
}

/// What the watcher calls when a deadline comes.
pub trait FlagCheck: Send + Sync + 'static {
    /// Checks the clocks of game `id` now.
    fn check_flag(&self, id: &str);
}

impl FlagWatch {
    fn lock(&self) -> MutexGuard<'_, Due> {
        self.due
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Game `id`'s running clock runs out at `deadline` (Unix ms), replacing any earlier
    /// deadline of that game; starts the watcher thread the first time.
    pub fn schedule<A: FlagCheck>(self: &Arc<Self>, owner: &Arc<A>, id: &str, deadline: i64) {
        let mut due = self.lock();
        if let Some(old) = due.by_game.insert(id.to_string(), deadline) {
            due.by_time.remove(&(old, id.to_string()));
        }
        due.by_time.insert((deadline, id.to_string()));
        if !due.started {
            due.started = true;
            let watch = self.clone();
            let owner = Arc::downgrade(owner);
            let spawned = std::thread::Builder::new()
                .name("flag-watch".into())
                .spawn(move || watch.run(&owner));
            if spawned.is_err() {
                due.started = false;
            }
        }
        drop(due);
        self.wake.notify_one();
    }

    /// Forgets game `id`'s deadline (its clocks stopped).
    pub fn cancel(&self, id: &str) {
        let mut due = self.lock();
        if let Some(old) = due.by_game.remove(id) {
            due.by_time.remove(&(old, id.to_string()));
        }
    }

    fn run<A: FlagCheck>(&self, owner: &Weak<A>) {
        loop {
            let mut due = self.lock();
            let now = crate::clock::now_ms();
            let first = due.by_time.iter().next().cloned();
            match first {
                Some((t, id)) if t <= now => {
                    due.by_time.remove(&(t, id.clone()));
                    due.by_game.remove(&id);
                    drop(due);
                    let Some(app) = owner.upgrade() else { return };
                    app.check_flag(&id);
                }
                other => {
                    let nap = other.map_or(MAX_NAP, |(t, _)| {
                        Duration::from_millis(u64::try_from(t - now).unwrap_or(0)).min(MAX_NAP)
                    });
                    let (guard, _) = self
                        .wake
                        .wait_timeout(due, nap)
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    drop(guard);
                    if owner.strong_count() == 0 {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    struct Seen(Mutex<Vec<String>>);
    impl FlagCheck for Seen {
        fn check_flag(&self, id: &str) {
            self.0.lock().unwrap().push(id.to_string());
        }
    }

    #[test]
    fn calls_back_once_per_game_at_its_latest_deadline() {
        let watch = Arc::new(FlagWatch::default());
        let seen = Arc::new(Seen(Mutex::new(Vec::new())));
        let now = crate::clock::now_ms();
        watch.schedule(&seen, "a", now + 20);
        watch.schedule(&seen, "a", now + 60); // moved: replaces the first
        watch.schedule(&seen, "b", now + 10);
        watch.schedule(&seen, "c", now + 10);
        watch.cancel("c");
        for _ in 0..500 {
            if seen.0.lock().unwrap().len() >= 2 {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(*seen.0.lock().unwrap(), vec!["b".to_string(), "a".into()]);
        assert!(watch.lock().by_time.is_empty());
    }
}
