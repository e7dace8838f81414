//! The progress line of `verify DIR` and `report` over several files: never a byte of it
//! on a redirected stderr or with JSON, and on a terminal (a pseudo-terminal that Python's
//! `pty` opens) files done of total, cleared before the answer ends, the answer itself
//! unchanged and unmangled.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Nine small objects, some with errors: `verify: FAILED`.
const DIR: &str = "corpora/hand-verify";
const DIR_FILES: usize = 9;

fn hetdwarf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .current_dir(root())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run hetdwarf")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hetdwarf-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Runs the command named after the first two arguments with its stderr on a new
/// pseudo-terminal of 100 columns (its stdout too when the second argument is `1`, else
/// into the file the first names), writes all the terminal received to stdout, and exits
/// with the command's status.
const ON_A_TERMINAL: &str = r#"
import fcntl, os, pty, struct, subprocess, sys, termios
out_path, both, *cmd = sys.argv[1:]
master, slave = pty.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
with open(out_path, "wb") as out:
    child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                             stdout=slave if both == "1" else out, stderr=slave)
os.close(slave)
seen = bytearray()
while True:
    try:
        chunk = os.read(master, 1 << 16)
    except OSError:  # EIO: the command's ends of the terminal are all closed
        break
    if not chunk:
        break
    seen += chunk
sys.stdout.buffer.write(seen)
sys.exit(child.wait())
"#;

/// What a run of `hetdwarf ARGS` with stderr on a terminal wrote there, and to stdout
/// (into a file, or onto the terminal too with `both`, then empty), and its status.
struct OnTerminal {
    terminal: String,
    stdout: String,
    status: Option<i32>,
}

fn on_terminal(args: &[&str], both: bool, name: &str) -> OnTerminal {
    let out = scratch(name);
    let o = Command::new("python3")
        .current_dir(root())
        // What an interactive shell has; a dumb terminal gets no line.
        .env("TERM", "xterm")
        .args(["-c", ON_A_TERMINAL, out.to_str().unwrap()])
        .arg(if both { "1" } else { "0" })
        .arg(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("python3 (its `pty` module runs the command on a terminal)");
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    OnTerminal {
        terminal: String::from_utf8_lossy(&o.stdout).into_owned(),
        stdout: std::fs::read_to_string(&out).unwrap_or_default(),
        status: o.status.code(),
    }
}

/// The columns of the terminal `ON_A_TERMINAL` opens.
const COLUMNS: usize = 100;

/// What a terminal of [`COLUMNS`] columns shows once it has received `text`, the lines
/// that scrolled away included, trailing blanks and blank lines at the end left out: the
/// little of a VT100 that indicatif and the answer use (lines that wrap, carriage return,
/// newline, cursor up and down, erase in line; other sequences ignored).
fn screen(text: &str) -> Vec<String> {
    let mut lines: Vec<Vec<char>> = vec![Vec::new()];
    // After a character in the last column the cursor stays there until the next one.
    let (mut row, mut col, mut wrap) = (0usize, 0usize, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' if chars.peek() == Some(&'[') => {
                chars.next();
                let mut parameter = String::new();
                let mut end = ' ';
                for c in chars.by_ref() {
                    if ('\x40'..='\x7e').contains(&c) {
                        end = c;
                        break;
                    }
                    parameter.push(c);
                }
                let n = parameter.parse::<usize>().unwrap_or(1).max(1);
                wrap = false;
                match end {
                    'A' => row = row.saturating_sub(n),
                    'B' => row += n,
                    'K' if parameter == "2" => lines[row].clear(),
                    'K' if parameter.is_empty() || parameter == "0" => lines[row].truncate(col),
                    _ => {}
                }
            }
            '\r' => (col, wrap) = (0, false),
            '\n' => (row, wrap) = (row + 1, false),
            c => {
                if wrap {
                    (row, col, wrap) = (row + 1, 0, false);
                }
                if lines.len() <= row {
                    lines.resize(row + 1, Vec::new());
                }
                let line = &mut lines[row];
                if line.len() <= col {
                    line.resize(col + 1, ' ');
                }
                line[col] = c;
                if col + 1 == COLUMNS {
                    wrap = true;
                } else {
                    col += 1;
                }
            }
        }
        if lines.len() <= row {
            lines.resize(row + 1, Vec::new());
        }
    }
    let mut shown: Vec<String> = lines
        .iter()
        .map(|l| l.iter().collect::<String>().trim_end().to_string())
        .collect();
    while shown.last().is_some_and(String::is_empty) {
        shown.pop();
    }
    shown
}

#[test]
fn a_redirected_stderr_gets_no_progress() {
    let verify = hetdwarf(&["verify", DIR]);
    assert_eq!(verify.status.code(), Some(1));
    assert!(
        verify.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&verify.stderr)
    );
    assert!(String::from_utf8_lossy(&verify.stdout).ends_with("verify: FAILED\n"));

    let page = scratch("redirected.html");
    let report = hetdwarf(&[
        "report",
        "corpora/hand-verify/cfi.o",
        "corpora/hand-verify/loclist.o",
        "corpora/hand-verify/producer.o",
        "--baseline",
        "corpora/hand-verify/cfi.o",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert!(report.status.success(), "{report:?}");
    assert!(
        report.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&report.stderr)
    );
}

#[test]
fn verify_on_a_terminal_counts_files_and_clears_before_its_answer() {
    let plain = hetdwarf(&["verify", DIR]);
    let run = on_terminal(&["verify", DIR], false, "verify.txt");
    assert_eq!(run.status, Some(1), "{}", run.terminal);
    for drawn in [
        "verify [",
        &format!("/{DIR_FILES} files in "),
        " errors, ",
        "corpora/hand-verify/",
    ] {
        assert!(
            run.terminal.contains(drawn),
            "{drawn:?}: {:?}",
            run.terminal
        );
    }
    // Cleared: the terminal shows nothing of it at the end.
    assert_eq!(
        screen(&run.terminal),
        Vec::<String>::new(),
        "{:?}",
        run.terminal
    );
    // The answer is byte for byte the one without a terminal.
    assert_eq!(run.stdout, String::from_utf8_lossy(&plain.stdout));
    assert!(run.stdout.ends_with("verify: FAILED\n"));
}

#[test]
fn verify_text_on_the_same_terminal_is_not_mangled() {
    let plain = hetdwarf(&["verify", DIR]);
    let run = on_terminal(&["verify", DIR], true, "both.txt");
    assert_eq!(run.status, Some(1), "{}", run.terminal);
    assert!(run.stdout.is_empty());
    assert!(
        run.terminal.contains(&format!("/{DIR_FILES} files in ")),
        "{:?}",
        run.terminal
    );
    // The terminal shows the answer, all of it and nothing else: each line written with
    // the progress line cleared, which is gone at the end.
    let shown = screen(&run.terminal);
    let answer = String::from_utf8_lossy(&plain.stdout).replace('\n', "\r\n");
    assert_eq!(shown, screen(&answer));
    assert_eq!(shown.last().map(String::as_str), Some("verify: FAILED"));
}

#[test]
fn json_and_no_progress_draw_nothing_on_a_terminal() {
    for args in [
        vec!["verify", DIR, "--format", "json"],
        vec!["verify", DIR, "--format", "jsonl"],
        vec!["verify", DIR, "--no-progress"],
    ] {
        let run = on_terminal(&args, false, "quiet.txt");
        assert_eq!(run.status, Some(1), "{args:?}");
        assert_eq!(run.terminal, "", "{args:?}");
        assert!(!run.stdout.is_empty(), "{args:?}");
    }
    // One input: nothing to count.
    let run = on_terminal(&["verify", "corpora/hand-verify/cfi.o"], false, "one.txt");
    assert_eq!(run.terminal, "");
}

#[test]
fn report_on_a_terminal_counts_files_and_clears_before_its_answer() {
    let page = scratch("terminal.html");
    let args = [
        "report",
        "corpora/hand-verify/cfi.o",
        "corpora/hand-verify/loclist.o",
        "--baseline",
        "corpora/hand-verify/producer.o",
        "-o",
        page.to_str().unwrap(),
    ];
    let run = on_terminal(&args, true, "report.txt");
    assert_eq!(run.status, Some(0), "{}", run.terminal);
    assert!(run.terminal.contains("report ["), "{:?}", run.terminal);
    assert!(run.terminal.contains("/3 files in "), "{:?}", run.terminal);
    let shown = screen(&run.terminal);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(
        shown[0].starts_with(page.to_str().unwrap()) && shown[0].contains(" code objects, "),
        "{shown:?}"
    );

    let quiet = on_terminal(
        &[&args[..], &["--no-progress"]].concat(),
        false,
        "quiet-report.txt",
    );
    assert_eq!(quiet.terminal, "");
}
