//! What the CLI writes to stderr for people: colour (or not), `error[...]` and
//! `warning[...]` styling, a code frame under an error, `--quiet`.
//! The twin of js/src/terminal.ts: with colour off both write the same bytes.
//!
//! ```text
//! let term = Terminal::for_flags(flags.color.as_deref(), flags.quiet);
//! term.error("bad.json:3:11: error[JSON_SYNTAX] ...", Some(&SourceSpot { text, line: Some(3), column: Some(11) }));
//! term.warning("a.json:5:3: warning[INT_RANGE] ...");   // dropped with --quiet
//! term.info("converted 3 files, 0 failed");             // dropped with --quiet
//! ```
//!
//! Colour is a few ANSI constants (decision record 0047): no crate earns its
//! keep for six escape sequences, and std has `IsTerminal`.

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};
use std::rc::Rc;

/// `--color` values.
pub const COLOR_MODES: [&str; 3] = ["auto", "always", "never"];

const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";
const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const BLUE: &str = "\x1b[1;34m";
const GREEN: &str = "\x1b[32m";

/// Whether stderr gets colour: `always`/`never` decide (`--no-color` is
/// `never`); `auto` is off when NO_COLOR is set (non-empty); a set FORCE_COLOR
/// then decides as in Node (`1`..`3`, `true` or empty: on; `0`, `false` or
/// anything else: off; record 0088); else on for a terminal that is not TERM=dumb.
pub fn use_color(mode: Option<&str>, env: &dyn Fn(&str) -> Option<String>, is_tty: bool) -> bool {
    match mode {
        Some("always") => return true,
        Some("never") => return false,
        _ => {}
    }
    if env("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        return false;
    }
    if let Some(force) = env("FORCE_COLOR") {
        return matches!(force.as_str(), "" | "1" | "2" | "3" | "true");
    }
    is_tty && env("TERM").as_deref() != Some("dumb")
}

/// The `: error[CODE]` / `: warning[CODE]` label: (start of `: `, end, is error).
fn find_label(line: &str) -> Option<(usize, usize, bool)> {
    let mut from = 0;
    while let Some(i) = line[from..].find(": ") {
        let at = from + i;
        let rest = &line[at + 2..];
        for (word, is_error) in [("error[", true), ("warning[", false)] {
            if let Some(after) = rest.strip_prefix(word) {
                let code_len = after.bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
                if code_len > 0 && after.as_bytes().get(code_len) == Some(&b']') {
                    return Some((at, at + 2 + word.len() + code_len + 1, is_error));
                }
            }
        }
        from = at + 1;
    }
    None
}

/// Colours the location bold and the label red (error) or yellow (warning); other lines unchanged.
pub fn paint_line(line: &str, color: bool) -> String {
    if !color {
        return line.to_string();
    }
    let Some((at, end, is_error)) = find_label(line) else { return line.to_string() };
    let paint = if is_error { RED } else { YELLOW };
    format!("{BOLD}{}{RESET} {paint}{}{RESET}{}", &line[..=at], &line[at + 2..end], &line[end..])
}

/// Where an error is in its source text (1-based; columns count code points).
pub struct SourceSpot<'a> {
    pub text: &'a str,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

const LONG_LINE: usize = 120;
const WINDOW: usize = 80;

fn cut(chars: &[char], from: usize) -> String {
    let end = chars.len().min(from + WINDOW);
    let mut out = String::new();
    if from > 0 {
        out.push_str("...");
    }
    out.extend(&chars[from..end]);
    if end < chars.len() {
        out.push_str("...");
    }
    out
}

/// LF, CR LF and a lone CR end a line (as load.rs counts lines).
fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push(&text[start..i]);
                start = i + 1;
            }
            b'\r' => {
                lines.push(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    lines.push(&text[start..]);
    lines
}

/// A code frame like graphql-js's `printSourceLocation` (see codeFrame in
/// terminal.ts for the rules); empty when the line is not in the text.
pub fn code_frame(spot: &SourceSpot<'_>, color: bool) -> String {
    let Some(line) = spot.line.filter(|l| *l >= 1) else { return String::new() };
    let text = spot.text.strip_prefix('\u{feff}').unwrap_or(spot.text);
    let lines = split_lines(text);
    if line > lines.len() {
        return String::new();
    }
    let at: Vec<char> = lines[line - 1].chars().collect();
    let mut shown: String = lines[line - 1].to_string();
    let mut caret_at = spot.column;
    if at.len() > LONG_LINE {
        let column = spot.column.unwrap_or(1).clamp(1, at.len() + 1);
        let from = (column - 1) / WINDOW * WINDOW;
        shown = cut(&at, from);
        if caret_at.is_some() {
            caret_at = Some(column - from + if from > 0 { 3 } else { 0 });
        }
    }
    let neighbour = |n: usize| -> Option<String> {
        let l = lines.get(n.checked_sub(1)?)?;
        let chars: Vec<char> = l.chars().collect();
        Some(if chars.len() > LONG_LINE { cut(&chars, 0) } else { l.to_string() })
    };
    let mut rows: Vec<(String, Option<String>, bool)> = vec![
        (format!("{} |", line - 1), if line > 1 { neighbour(line - 1) } else { None }, false),
        (format!("{line} |"), Some(shown.clone()), false),
    ];
    if let Some(caret) = caret_at.filter(|c| *c >= 1) {
        let before: Vec<char> = shown.chars().take(caret - 1).collect();
        let mut pad: String = before.iter().map(|c| if *c == '\t' { '\t' } else { ' ' }).collect();
        pad.push_str(&" ".repeat((caret - 1).saturating_sub(before.len())));
        pad.push('^');
        rows.push(("|".to_string(), Some(pad), true));
    }
    rows.push((format!("{} |", line + 1), neighbour(line + 1), false));
    let present: Vec<_> = rows.into_iter().filter(|(_, l, _)| l.is_some()).collect();
    let width = present.iter().map(|(p, _, _)| p.chars().count()).max().unwrap_or(0);
    present
        .into_iter()
        .map(|(prefix, l, caret)| {
            let gutter = format!("{prefix:>width$}");
            let l = l.unwrap_or_default();
            let body = if l.is_empty() {
                String::new()
            } else if caret && color {
                format!(" {RED}{l}{RESET}")
            } else {
                format!(" {l}")
            };
            if color {
                format!("{BLUE}{gutter}{RESET}{body}")
            } else {
                format!("{gutter}{body}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Something that draws on the terminal's last line (the progress line) and
/// must step aside for other output.
pub trait StatusLine {
    fn clear(&mut self, out: &mut dyn Write);
    fn redraw(&mut self, out: &mut dyn Write);
}

/// The CLI's stderr for people.
pub struct Terminal {
    pub color: bool,
    pub quiet: bool,
    pub is_tty: bool,
    /// Set by a running progress line.
    pub status: RefCell<Option<Box<dyn StatusLine>>>,
}

impl Terminal {
    pub fn new(color: bool, quiet: bool, is_tty: bool) -> Self {
        Terminal { color, quiet, is_tty, status: RefCell::new(None) }
    }

    /// The terminal for `--color` and `--quiet` as given (None: auto).
    pub fn for_flags(color: Option<&str>, quiet: bool) -> Self {
        let is_tty = io::stderr().is_terminal();
        let env = |name: &str| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned());
        Terminal::new(use_color(color, &env, is_tty), quiet, is_tty)
    }

    /// Writes `text` with the status line moved out of the way. A failing stderr is not reported.
    fn write_around(&self, text: &str) {
        let mut err = io::stderr().lock();
        let mut status = self.status.borrow_mut();
        if let Some(s) = status.as_mut() {
            s.clear(&mut err);
        }
        let _ = err.write_all(text.as_bytes());
        if let Some(s) = status.as_mut() {
            s.redraw(&mut err);
        }
        let _ = err.flush();
    }

    /// Raw text (progress frames).
    pub fn raw(&self, text: &str) {
        let mut err = io::stderr().lock();
        let _ = err.write_all(text.as_bytes());
        let _ = err.flush();
    }

    /// One line, painted if it is a diagnostic.
    pub fn line(&self, text: &str) {
        self.write_around(&format!("{}\n", paint_line(text, self.color)));
    }

    /// An error line and, when its source is known, the code frame under it. Never silenced.
    pub fn error(&self, text: &str, spot: Option<&SourceSpot<'_>>) {
        let frame = spot.map(|s| code_frame(s, self.color)).unwrap_or_default();
        let mut out = format!("{}\n", paint_line(text, self.color));
        if !frame.is_empty() {
            out.push_str(&frame);
            out.push('\n');
        }
        self.write_around(&out);
    }

    pub fn warning(&self, text: &str) {
        if !self.quiet {
            self.line(text);
        }
    }

    /// Summaries and watch lines.
    pub fn info(&self, text: &str) {
        if !self.quiet {
            self.line(text);
        }
    }

    /// Green for a success word at the start of an info line (watch mode).
    pub fn ok(&self, word: &str) -> String {
        if self.color {
            format!("{GREEN}{word}{RESET}")
        } else {
            word.to_string()
        }
    }
}

thread_local! {
    /// The terminal of the command that runs (set from its flags); `say` writes through it.
    static CURRENT: RefCell<Option<Rc<Terminal>>> = const { RefCell::new(None) };
}

/// Makes `term` the one `current()` returns.
pub fn set_current(term: Terminal) -> Rc<Terminal> {
    let term = Rc::new(term);
    CURRENT.with(|c| *c.borrow_mut() = Some(Rc::clone(&term)));
    term
}

/// The command's terminal, or (before the flags are read, e.g. for a usage error) the automatic one.
pub fn current() -> Rc<Terminal> {
    CURRENT.with(|c| Rc::clone(c.borrow_mut().get_or_insert_with(|| Rc::new(Terminal::for_flags(None, false)))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spot(text: &str, line: usize, column: usize) -> String {
        code_frame(&SourceSpot { text, line: Some(line), column: Some(column) }, false)
    }

    /// fixtures/helpers/code-frame.json, also run by js/test/terminal.test.ts.
    #[test]
    fn shared_frame_vectors() {
        let json: serde_json::Value =
            serde_json::from_str(include_str!("../../../../fixtures/helpers/code-frame.json")).expect("vectors");
        let cases = json["codeFrame"].as_array().expect("codeFrame");
        assert!(cases.len() > 10);
        for case in cases {
            let input = &case["in"];
            let spot = SourceSpot {
                text: input["text"].as_str().expect("text"),
                line: input["line"].as_u64().map(|n| n as usize),
                column: input["column"].as_u64().map(|n| n as usize),
            };
            assert_eq!(code_frame(&spot, false), case["out"].as_str().expect("out"), "{input}");
        }
    }

    #[test]
    fn frames() {
        let text = "{\n  \"title\": \"T\",\n  \"type\": ,\n}\n";
        assert_eq!(spot(text, 3, 11), "2 |   \"title\": \"T\",\n3 |   \"type\": ,\n  |           ^\n4 | }");
        assert_eq!(spot("a\nb\n", 1, 1), "1 | a\n  | ^\n2 | b");
        assert_eq!(spot("a\nb\n", 2, 2), "1 | a\n2 | b\n  |  ^\n3 |");
        let ten: Vec<String> = (1..=10).map(|i| format!("l{i}")).collect();
        assert_eq!(spot(&ten.join("\n"), 9, 2), " 8 | l8\n 9 | l9\n   |  ^\n10 | l10");
        assert_eq!(spot("a\tb", 1, 3), "1 | a\tb\n  |  \t^");
        assert_eq!(spot("\u{feff}\"😀\", x", 1, 6), "1 | \"😀\", x\n  |      ^");
        assert_eq!(spot("a\r\nb\rc", 3, 1), "2 | b\n3 | c\n  | ^");
        assert_eq!(code_frame(&SourceSpot { text: "x\ny", line: Some(1), column: None }, false), "1 | x\n2 | y");
        assert_eq!(spot("x", 2, 1), "");
        let frame = spot(&"x".repeat(290), 1, 200);
        assert_eq!(frame.lines().next(), Some(format!("1 | ...{}...", "x".repeat(80)).as_str()));
        assert_eq!(frame.lines().nth(1), Some(format!("  | {}^", " ".repeat(42)).as_str()));
    }

    #[test]
    fn colour_decision() {
        let none = |_: &str| None;
        let no_color = |n: &str| (n == "NO_COLOR").then(|| "1".to_string());
        let force = |n: &str| (n == "FORCE_COLOR").then(|| "1".to_string());
        assert!(use_color(Some("always"), &no_color, false));
        assert!(!use_color(Some("never"), &force, true));
        assert!(!use_color(Some("auto"), &no_color, true));
        assert!(use_color(None, &force, false));
        assert!(use_color(None, &none, true));
        assert!(!use_color(None, &none, false));
        let force0 = |n: &str| (n == "FORCE_COLOR").then(|| "0".to_string());
        let force3 = |n: &str| (n == "FORCE_COLOR").then(|| "3".to_string());
        assert!(!use_color(None, &force0, true));
        assert!(use_color(None, &force3, false));
    }

    #[test]
    fn painting() {
        assert_eq!(paint_line("a.json:1:2: error[X_Y] m", false), "a.json:1:2: error[X_Y] m");
        assert_eq!(
            paint_line("a.json:1:2: warning[X] m: error[Z] n", true),
            "\x1b[1ma.json:1:2:\x1b[0m \x1b[1;33mwarning[X]\x1b[0m m: error[Z] n"
        );
        assert_eq!(paint_line("converted 1 file", true), "converted 1 file");
    }
}
