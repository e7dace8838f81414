//! How far a long run is, on stderr: `verify` over a directory of thousands of files and
//! `report` over many files draw one line of files done of total, findings so far and the
//! file under way.
//!
//! The line is drawn only when stderr is a terminal, and never a byte of it otherwise: a
//! CI log, or a test that captures stderr, sees exactly what it saw without it. Each
//! command decides whether its format allows it (JSON does not, see [`Progress::new`]).
//! The line is redrawn at most a few times a second (whatever the rate of files) and
//! cleared before the answer's last line is written, and whatever else goes to stderr
//! while it is up goes through [`suspended`], so that it is neither drawn over nor drawn
//! into.

use std::cell::Cell;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, WeakProgressBar};

use crate::output::{one_line, terminal_safe};

/// The line on the terminal now, if any: for [`suspended`], which is called from where no
/// [`Progress`] is at hand (the writer of stdout failing, a failure's message). Weak, so
/// that dropping the [`Progress`] still clears its line.
static SHOWN: Mutex<Option<WeakProgressBar>> = Mutex::new(None);

thread_local! {
    /// Whether this thread runs inside a suspension, the line already cleared: a write
    /// that fails in there ([`clear`]) or writes to stderr ([`suspended`]) must not take the
    /// line's lock again, which this thread holds.
    static CLEARED: Cell<bool> = const { Cell::new(false) };
}

/// The longest file name drawn, in characters (its end kept): the line should fit a
/// terminal (a narrower one cuts the name's end), and a path's end tells files apart.
const NAME_CHARS: usize = 72;

/// A progress line on stderr, or nothing (see the [module](self)). Cleared when finished
/// or dropped, on every path out of a run.
pub struct Progress {
    bar: Option<ProgressBar>,
    /// Whether the line is drawn yet: from the first [`Progress::set`] on.
    started: Cell<bool>,
}

impl Progress {
    /// A line for `command` over `total` files, drawn when `allowed` (the command's format
    /// and options permit it), stderr is a terminal, that terminal is not a dumb one
    /// (which cannot clear a line), and there is more than one file to count.
    pub fn new(command: &'static str, total: usize, allowed: bool) -> Progress {
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        if !allowed || total < 2 || dumb || !std::io::stderr().is_terminal() {
            return Progress {
                bar: None,
                started: Cell::new(false),
            };
        }
        // Two lines: the counts and findings, then the file, which would leave the
        // findings no room on one line of 80 columns. The findings are in `prefix`, which
        // is free since the command's name is part of the template.
        let style = ProgressStyle::with_template(&format!(
            "{command} [{{wide_bar}}] {{pos}}/{{len}} files in {{elapsed}}: {{prefix}}\n  {{wide_msg}}"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        // Hidden until the first figures are set, so that no line is drawn without them.
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden())
            .with_style(style);
        if let Ok(mut shown) = SHOWN.lock() {
            *shown = Some(bar.downgrade());
        }
        Progress {
            bar: Some(bar),
            started: Cell::new(false),
        }
    }

    /// Whether the line is drawn.
    pub fn is_shown(&self) -> bool {
        self.bar.is_some()
    }

    /// Sets the files done, the findings so far (`3 errors, 1 warning`), and the file
    /// under way (escaped as names in every answer are, and cut to its end), or the step
    /// (`rendering the report`), or nothing.
    pub fn set(&self, done: usize, findings: &str, file: Option<&str>) {
        let Some(bar) = &self.bar else { return };
        bar.set_position(done as u64);
        bar.set_prefix(findings.to_string());
        let mut name = String::new();
        if let Some(file) = file {
            let safe = terminal_safe(one_line(file).as_bytes()).into_owned();
            let safe = String::from_utf8_lossy(&safe);
            let n = safe.chars().count();
            if n > NAME_CHARS {
                name.push('…');
                name.extend(safe.chars().skip(n - NAME_CHARS + 1));
            } else {
                name.push_str(&safe);
            }
        }
        bar.set_message(name);
        if !self.started.replace(true) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            // Ticks keep the elapsed time moving while one large file holds the count
            // still.
            bar.enable_steady_tick(Duration::from_millis(250));
        }
    }

    /// Runs `f` with the line cleared, and draws it again after: for writing to the
    /// terminal the line is on.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => cleared(bar, f),
            None => f(),
        }
    }

    /// Clears the line for good, before the answer's end is written.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
            if let Ok(mut shown) = SHOWN.lock() {
                *shown = None;
            }
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Runs `f` with `bar` cleared, unless this thread already runs with it cleared.
fn cleared<R>(bar: &ProgressBar, f: impl FnOnce() -> R) -> R {
    /// Resets [`CLEARED`] however `f` ends, a panic included.
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            CLEARED.set(false);
        }
    }
    if CLEARED.get() {
        return f();
    }
    bar.suspend(|| {
        CLEARED.set(true);
        let _reset = Reset;
        f()
    })
}

/// The line drawn now, if any.
fn shown() -> Option<ProgressBar> {
    SHOWN
        .lock()
        .ok()
        .and_then(|shown| shown.as_ref().and_then(WeakProgressBar::upgrade))
}

/// Runs `f`, which writes to stderr, with the progress line (if one is drawn) cleared
/// before and drawn again after.
pub fn suspended<R>(f: impl FnOnce() -> R) -> R {
    match shown() {
        Some(bar) => cleared(&bar, f),
        None => f(),
    }
}

/// Clears the progress line (if one is drawn) for good: for a run about to end by
/// `std::process::exit`, which runs no destructor.
pub fn clear() {
    if !CLEARED.get()
        && let Some(bar) = shown()
    {
        bar.finish_and_clear();
    }
}

/// `n` and a noun, plural unless `n` is 1: `1 error`, `3 warnings`.
pub fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}
