//! One background-job primitive for every long computation the app starts: the AI's move,
//! the hint, the review and the analysis board.
//!
//! A [`Job`] runs its work on a thread of its own at a lowered priority (frames are drawn on
//! time beside it, and no thread of Bevy's pools is held for the minutes an analysis may
//! take) and hands its result to an async compute task that awaits it without blocking a
//! pool thread; systems poll that task each frame. Each job has a stop flag the work checks,
//! a progress value it updates, and a stamp saying what it answers (a game and a ply, a
//! replay load), so a late answer is recognised and dropped. Dropping the job, cancelling it,
//! leaving its screen or quitting the app sets the flag: nobody waits for the thread, which
//! ends within milliseconds.

use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::frames;

/// Nice value of searches the person waits for (the AI's move, a hint).
pub const NICE_WAITED: i32 = 10;
/// Nice value of the AI's own move on a game clock: the game's priority, since its thinking
/// is on the clock and a lowered one loses that time to whatever else the machine runs.
pub const NICE_ON_CLOCK: i32 = 0;
/// Nice value of work nobody waits for move by move (a review, the analysis board).
pub const NICE_BACKGROUND: i32 = 19;

/// What the work sees: the stop flag and its progress value.
pub struct Ctx<'a, P> {
    pub stop: &'a AtomicBool,
    pub progress: &'a P,
}

impl<P> Ctx<'_, P> {
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// A running computation answering `stamp`, reporting through a `P` (atomics or a mutex),
/// ending with a `T`.
pub struct Job<S, T, P = ()> {
    stamp: S,
    stop: Arc<AtomicBool>,
    progress: Arc<P>,
    task: Option<Task<Result<T, String>>>,
    /// Set by the thread when the work has ended.
    ended: Arc<AtomicBool>,
    started: Instant,
}

impl<S, T: Send + 'static, P: Send + Sync + 'static> Job<S, T, P> {
    /// Starts `work` on a thread named `name` at priority `nice`. A panic in the work, or no
    /// thread to be had, ends the job with an error instead of taking the app down.
    pub fn spawn(
        name: &str,
        nice: i32,
        stamp: S,
        progress: P,
        work: impl FnOnce(Ctx<P>) -> T + Send + 'static,
    ) -> Job<S, T, P> {
        let stop = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(progress);
        let slot = Arc::new(Mutex::new(Slot::default()));
        let ended = Arc::new(AtomicBool::new(false));
        let (thread_stop, thread_progress, thread_slot, thread_ended) =
            (stop.clone(), progress.clone(), slot.clone(), ended.clone());
        let spawned = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                frames::yield_to_frames(nice);
                let ctx = Ctx {
                    stop: &thread_stop,
                    progress: &*thread_progress,
                };
                let result = catch_unwind(AssertUnwindSafe(|| work(ctx)))
                    .map_err(|_| "the computation failed (a bug: it panicked)".to_string());
                Slot::fill(&thread_slot, result);
                thread_ended.store(true, Ordering::Release);
                // The sleeping window wakes and the poll picks the answer up at once.
                frames::wake();
            });
        if let Err(e) = spawned {
            Slot::fill(&slot, Err(format!("no thread to compute on: {e}")));
            ended.store(true, Ordering::Release);
        }
        let task = AsyncComputeTaskPool::get().spawn(Receive(slot));
        Job {
            stamp,
            stop,
            progress,
            task: Some(task),
            ended,
            started: Instant::now(),
        }
    }

    /// The result once the work has ended (once; `None` before and after).
    pub fn poll(&mut self) -> Option<Result<T, String>> {
        let result = check_ready(self.task.as_mut()?)?;
        self.task = None;
        Some(result)
    }
}

impl<S, T, P> Job<S, T, P> {
    /// What this job answers.
    pub fn stamp(&self) -> &S {
        &self.stamp
    }

    pub fn progress(&self) -> &P {
        &self.progress
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether the result has not been taken yet.
    pub fn is_pending(&self) -> bool {
        self.task.is_some()
    }

    /// Whether the work is still going (not ended, not cancelled).
    pub fn is_running(&self) -> bool {
        self.task.is_some() && !self.ended.load(Ordering::Acquire)
    }

    /// Tells the work to stop; its result, if any, is never delivered.
    pub fn cancel(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(task) = self.task.take() {
            task.detach();
        }
    }
}

impl<S, T, P> Drop for Job<S, T, P> {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// Where the thread leaves its result for the task that awaits it.
struct Slot<T> {
    value: Option<Result<T, String>>,
    waker: Option<Waker>,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Slot {
            value: None,
            waker: None,
        }
    }
}

impl<T> Slot<T> {
    fn fill(slot: &Mutex<Slot<T>>, value: Result<T, String>) {
        let mut slot = slot.lock().unwrap_or_else(|e| e.into_inner());
        slot.value = Some(value);
        if let Some(waker) = slot.waker.take() {
            waker.wake();
        }
    }
}

/// Resolves when the thread has filled the slot; holds no thread while waiting.
struct Receive<T>(Arc<Mutex<Slot<T>>>);

impl<T> Future for Receive<T> {
    type Output = Result<T, String>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut slot = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match slot.value.take() {
            Some(value) => Poll::Ready(value),
            None => {
                slot.waker = Some(cx.waker().clone());
                Poll::Pending
            }
        }
    }
}

/// A resource that owns jobs: [`cancel_on_exit`] stops them when the app quits.
pub trait Jobs: Resource + Component<Mutability = Mutable> {
    fn cancel_all(&mut self);
}

/// Quitting stops every job of `R`, so the process does not wait for them.
pub fn cancel_on_exit<R: Jobs>(mut exits: MessageReader<AppExit>, mut jobs: ResMut<R>) {
    if exits.read().next().is_some() {
        jobs.cancel_all();
    }
}

/// Leaving a screen stops every job of `R` (schedule it `OnExit` of the screen).
pub fn cancel_jobs<R: Jobs>(mut jobs: ResMut<R>) {
    jobs.cancel_all();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    fn pool() {
        AsyncComputeTaskPool::get_or_init(Default::default);
    }

    fn wait<S, T: Send + 'static, P: Send + Sync + 'static>(
        job: &mut Job<S, T, P>,
    ) -> Result<T, String> {
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(300) {
            if let Some(r) = job.poll() {
                return r;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("the job never ended")
    }

    #[test]
    fn a_job_reports_progress_and_delivers_its_stamped_result_once() {
        pool();
        let mut job = Job::spawn("t", 0, (7u64, 3usize), AtomicUsize::new(0), |ctx| {
            for _ in 0..5 {
                ctx.progress.fetch_add(1, Ordering::Relaxed);
            }
            "done"
        });
        assert_eq!(wait(&mut job), Ok("done"));
        assert!(!job.is_running());
        assert_eq!(job.progress().load(Ordering::Relaxed), 5);
        assert_eq!(*job.stamp(), (7, 3));
        assert!(!job.is_pending() && job.poll().is_none(), "delivered once");
    }

    #[test]
    fn cancelling_stops_the_work_and_drops_its_answer() {
        pool();
        let saw_stop = Arc::new(AtomicBool::new(false));
        let seen = saw_stop.clone();
        let mut job = Job::spawn("t", 0, (), (), move |ctx| {
            while !ctx.stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            seen.store(true, Ordering::SeqCst);
        });
        assert!(job.is_running() && job.poll().is_none(), "still working");
        job.cancel();
        assert!(job.poll().is_none() && !job.is_pending());
        let t = Instant::now();
        while !saw_stop.load(Ordering::SeqCst) && t.elapsed() < Duration::from_secs(300) {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(saw_stop.load(Ordering::SeqCst), "the work saw the flag");
        // Dropping a running job stops it too.
        let flag = Arc::new(AtomicBool::new(false));
        let inner = flag.clone();
        let job = Job::spawn("t", 0, (), (), move |ctx| {
            while !ctx.stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            inner.store(true, Ordering::SeqCst);
        });
        drop(job);
        let t = Instant::now();
        while !flag.load(Ordering::SeqCst) && t.elapsed() < Duration::from_secs(300) {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(flag.load(Ordering::SeqCst));
    }

    #[test]
    fn a_panicking_job_ends_with_an_error() {
        pool();
        let mut job: Job<(), u32> = Job::spawn("t", 0, (), (), |_| panic!("engine bug"));
        let err = wait(&mut job).unwrap_err();
        assert!(err.contains("panicked"), "{err}");
    }
}
