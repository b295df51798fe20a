//! The engine searches of every game share a bounded number of workers, taken in turn.
//!
//! Why: with a thread per thinking game, 200 engine games on 2 cores ran 200 searches
//! at once. Each got a sliver of a core, a person's move waited behind all of them for
//! the CPU (its POST took p50 1.27 s, p99 1.83 s), and every search held its own hash
//! table (582 MB, not returned). Here at most [`SearchPool::workers`] searches run; the
//! others wait in a queue, so the server's own threads always find a free core and the
//! memory of the searches is bounded by the number of workers, not of games.
//!
//! How:
//! - The queue is tokio's [`Semaphore`], which is documented fair: permits are handed
//!   out in the order they were asked for. A game has at most one search at a time and
//!   asks again, at the back of the queue, for its next move, so thinking games take
//!   turns. A waiting search is a small async task, not a thread.
//! - A search that got its permit runs on a thread of its own that keeps the permit
//!   until the search returns. Searches end cooperatively (their [`StopHandle`]), so
//!   they are kept off the runtime: on tokio's blocking pool (`spawn_blocking`) a search
//!   would hold up the runtime's shutdown until it noticed its stop. rayon's pool was
//!   not taken either: a job spawned from one of its workers runs before the jobs
//!   queued from outside, so a game that asks for its next move from a worker (every
//!   engine-against-engine game) would jump the queue.
//! - A search thread runs at a lower priority than the server's other threads
//!   ([`SEARCH_NICENESS`], on Linux where a thread has its own), so the thread that
//!   answers a person's move takes the core at once instead of waiting for a slice.
//! - A search's clock starts when it starts to run (the engine makes it then), so
//!   waiting in the queue does not eat a game's time per move; a search stopped while
//!   it waits (its game changed, the server is closing) never starts.

use menagerie_engine::StopHandle;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// How much nicer (lower in priority) than the server a search thread runs.
pub const SEARCH_NICENESS: i32 = 10;

/// Highest niceness there is.
#[cfg(target_os = "linux")]
const MAX_NICENESS: i32 = 19;

/// Lowers the calling thread's priority by [`SEARCH_NICENESS`] (Linux; elsewhere the
/// call would change the whole process, so it does nothing). A failure leaves the
/// priority as it was: the search still runs.
fn lower_this_threads_priority() {
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{getpriority_process, setpriority_process};
        let me = Some(rustix::thread::gettid());
        if let Ok(now) = getpriority_process(me) {
            let _ = setpriority_process(me, (now + SEARCH_NICENESS).min(MAX_NICENESS));
        }
    }
}

/// Why a search could not be queued.
#[derive(Debug, thiserror::Error)]
#[error("engine searches need the server's async runtime (none is running on this thread)")]
pub struct NoRuntime;

/// The shared search workers (see the module doc).
#[derive(Debug)]
pub struct SearchPool {
    slots: Arc<Semaphore>,
    workers: usize,
}

impl SearchPool {
    /// A pool running at most `workers` searches at once (at least one).
    #[must_use]
    pub fn new(workers: usize) -> SearchPool {
        let workers = workers.max(1);
        SearchPool {
            slots: Arc::new(Semaphore::new(workers)),
            workers,
        }
    }

    /// The default number of workers: one core less than the machine has (at least
    /// one), so the core left answers the people playing whatever the engines do.
    #[must_use]
    pub fn default_workers() -> usize {
        std::thread::available_parallelism()
            .map_or(1, std::num::NonZeroUsize::get)
            .saturating_sub(1)
            .max(1)
    }

    /// Searches that may run at once.
    #[must_use]
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Searches running now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.workers - self.slots.available_permits()
    }

    /// Queues `job` (a search and what follows it) behind the searches already waiting;
    /// it runs on a thread named `name` once a worker is free, unless `stop` was
    /// stopped by then. A job that never runs (stopped, no thread to be had, the
    /// runtime closing) is dropped: its owner cleans up in `Drop`.
    ///
    /// The job may queue further searches: it runs inside the runtime's context.
    ///
    /// # Errors
    /// [`NoRuntime`] when called outside a tokio runtime (nothing is queued).
    pub fn submit<F>(&self, name: String, stop: StopHandle, job: F) -> Result<(), NoRuntime>
    where
        F: FnOnce() + Send + 'static,
    {
        let runtime = tokio::runtime::Handle::try_current().map_err(|_| NoRuntime)?;
        let slots = self.slots.clone();
        let context = runtime.clone();
        runtime.spawn(async move {
            let Ok(permit) = slots.acquire_owned().await else {
                return;
            };
            if stop.is_stopped() {
                return;
            }
            let spawned = std::thread::Builder::new().name(name).spawn(move || {
                let _permit = permit;
                let _context = context.enter();
                lower_this_threads_priority();
                job();
            });
            if let Err(e) = spawned {
                eprintln!("warning: cannot start an engine search thread: {e}");
            }
        });
        Ok(())
    }

    /// Runs `job` on a worker once one is free, queued behind the searches already
    /// waiting like a game's search (an analysis or a review of a game is an engine
    /// search too), and hands back its result. `None` when it never ran (no thread to
    /// be had, the runtime closing, or called outside a runtime).
    pub async fn run<T, F>(&self, name: String, job: F) -> Option<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.submit(name, StopHandle::new(), move || {
            let _ = tx.send(job());
        })
        .ok()?;
        rx.await.ok()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Mutex;
    use std::time::Duration;

    /// Waits (yielding to the runtime) until `done` holds; bounded by a generous count.
    async fn until(done: impl Fn() -> bool) {
        for _ in 0..2000 {
            if done() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        panic!("not done in time");
    }

    /// A gate jobs wait at until it opens.
    #[derive(Clone, Default)]
    struct Gate(Arc<AtomicBool>);
    impl Gate {
        fn open(&self) {
            self.0.store(true, Ordering::SeqCst);
        }
        fn pass(&self) {
            while !self.0.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }

    /// Submits `n` jobs that each record their number and wait at `gate`.
    fn gated_jobs(
        pool: &SearchPool,
        n: usize,
        gate: &Gate,
    ) -> (Arc<Mutex<Vec<usize>>>, Arc<AtomicUsize>) {
        let order = Arc::new(Mutex::new(Vec::new()));
        let most = Arc::new(AtomicUsize::new(0));
        let running = Arc::new(AtomicUsize::new(0));
        for i in 0..n {
            let (gate, running, most, order) =
                (gate.clone(), running.clone(), most.clone(), order.clone());
            pool.submit(format!("job-{i}"), StopHandle::new(), move || {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                order.lock().unwrap().push(i);
                gate.pass();
                running.fetch_sub(1, Ordering::SeqCst);
            })
            .unwrap();
        }
        (order, most)
    }

    #[tokio::test]
    async fn runs_at_most_the_workers_at_once() {
        let pool = SearchPool::new(2);
        let gate = Gate::default();
        let (order, most) = gated_jobs(&pool, 6, &gate);
        until(|| order.lock().unwrap().len() == 2).await;
        assert_eq!(pool.running(), 2);
        // The others wait: none has started while the first two are held.
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(order.lock().unwrap().len(), 2);
        gate.open();
        until(|| order.lock().unwrap().len() == 6).await;
        until(|| pool.running() == 0).await;
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn queued_jobs_run_in_the_order_they_were_asked() {
        let pool = SearchPool::new(1);
        let gate = Gate::default();
        let (order, most) = gated_jobs(&pool, 5, &gate);
        until(|| order.lock().unwrap().len() == 1).await;
        gate.open();
        until(|| order.lock().unwrap().len() == 5).await;
        assert_eq!(*order.lock().unwrap(), [0, 1, 2, 3, 4]);
        assert_eq!(most.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_job_stopped_while_it_waits_never_runs() {
        let pool = SearchPool::new(1);
        let gate = Gate::default();
        let ran = Arc::new(AtomicUsize::new(0));
        let g = gate.clone();
        pool.submit("first".into(), StopHandle::new(), move || g.pass())
            .unwrap();
        let stop = StopHandle::new();
        let r = ran.clone();
        pool.submit("second".into(), stop.clone(), move || {
            r.fetch_add(1, Ordering::SeqCst);
        })
        .unwrap();
        let r = ran.clone();
        pool.submit("third".into(), StopHandle::new(), move || {
            r.fetch_add(10, Ordering::SeqCst);
        })
        .unwrap();
        until(|| pool.running() == 1).await;
        stop.stop();
        gate.open();
        until(|| ran.load(Ordering::SeqCst) == 10).await;
        until(|| pool.running() == 0).await;
        assert_eq!(ran.load(Ordering::SeqCst), 10);
    }

    #[tokio::test]
    async fn a_job_run_for_its_result_waits_its_turn() {
        let pool = SearchPool::new(1);
        let gate = Gate::default();
        let (order, _) = gated_jobs(&pool, 1, &gate);
        until(|| order.lock().unwrap().len() == 1).await;
        let o = order.clone();
        let result = pool.run("result".into(), move || {
            // Runs only after the job ahead of it, on a worker thread of its own.
            let name = std::thread::current().name().map(str::to_string);
            (o.lock().unwrap().clone(), name)
        });
        let opener = async {
            tokio::time::sleep(Duration::from_millis(30)).await;
            assert_eq!(pool.running(), 1, "the queued job waits");
            gate.open();
        };
        let ((seen, name), ()) = tokio::join!(async { result.await.unwrap() }, opener);
        assert_eq!(seen, [0]);
        assert_eq!(name.as_deref(), Some("result"));
    }

    #[test]
    fn outside_a_runtime_nothing_is_queued() {
        let pool = SearchPool::new(1);
        assert!(pool.submit("x".into(), StopHandle::new(), || {}).is_err());
        assert!(SearchPool::default_workers() >= 1);
    }
}
