//! The glob dialect of `-r --include <glob>` / `--exclude <glob>` (record 0088), the
//! same as the npm CLI's (twin: js/src/glob.ts; shared cases in
//! fixtures/glob/cases.json). A glob is matched against a path relative to the `-r`
//! folder, `/`-separated on every OS, character (code point) by character:
//!
//! - `*` any run of characters but `/`; `?` one character but `/`;
//! - `**` as a whole segment: any number of segments (`a/**/b` matches `a/b`,
//!   `a/x/y/b`; a pattern `**` or ending in `/**`: anything below); elsewhere `*`;
//! - `[abc]`, `[a-z]`, `[!a]` / `[^a]`: one character (never `/`) of the class;
//! - `{a,b}`: either alternative (nested, with wildcards inside);
//! - `\x`: the character x itself.
//!
//! Written by hand, not as a regex: the two languages' regex dialects differ.

/// One element of a compiled pattern.
#[derive(Debug, Clone)]
enum Token {
    Char(char),
    /// `?`
    Any,
    /// `*`
    Star,
    /// `**` at the end: anything, `/` included.
    All,
    /// `**/`: nothing, or anything ending in `/`.
    Segments,
    Class { negated: bool, items: Vec<(char, char)> },
}

/// The most alternatives a glob's braces may expand to.
const MAX_ALTERNATIVES: usize = 256;

/// A compiled glob: its text and its brace alternatives, each a token list.
#[derive(Debug, Clone)]
pub struct Glob {
    text: String,
    alternatives: Vec<Vec<Token>>,
}

fn too_many() -> String {
    format!("its braces give more than {MAX_ALTERNATIVES} alternatives")
}

/// The index just after the `]` closing the class that starts at `from` (a `[`).
fn class_end(chars: &[char], from: usize) -> Option<usize> {
    let mut i = from + 1;
    if matches!(chars.get(i), Some('!' | '^')) {
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        i += 1; // a leading ] is a member
    }
    while i < chars.len() && chars[i] != ']' {
        if chars[i] == '\\' {
            i += 1;
        }
        i += 1;
    }
    (i < chars.len()).then_some(i + 1)
}

/// `{a,b}` expanded, innermost choices multiplied out; classes and escapes are kept whole.
fn expand_braces(chars: Vec<char>) -> Result<Vec<Vec<char>>, String> {
    // Iterative: a work list of partly expanded patterns.
    let mut done: Vec<Vec<char>> = Vec::new();
    let mut work = vec![chars];
    while let Some(p) = work.pop() {
        let (mut open, mut close, mut depth, mut i) = (None, None, 0usize, 0usize);
        let mut commas = Vec::new();
        while i < p.len() {
            let c = p[i];
            if c == '\\' {
                i += 2;
                continue;
            }
            if c == '[' {
                i = class_end(&p, i).ok_or("a [ is not closed")?;
                continue;
            }
            if c == '{' {
                if depth == 0 {
                    open = Some(i);
                }
                depth += 1;
            } else if c == '}' && depth > 0 {
                depth -= 1;
                if depth == 0 {
                    close = Some(i);
                    break;
                }
            } else if c == ',' && depth == 1 {
                commas.push(i);
            }
            i += 1;
        }
        let Some(open) = open else {
            done.push(p);
            if done.len() > MAX_ALTERNATIVES {
                return Err(too_many());
            }
            continue;
        };
        let close = close.ok_or("a { is not closed")?;
        let mut cuts = vec![open];
        cuts.extend(commas);
        cuts.push(close);
        for k in (0..cuts.len() - 1).rev() {
            let mut alt = p[..open].to_vec();
            alt.extend_from_slice(&p[cuts[k] + 1..cuts[k + 1]]);
            alt.extend_from_slice(&p[close + 1..]);
            work.push(alt);
            if work.len() + done.len() > MAX_ALTERNATIVES {
                return Err(too_many());
            }
        }
    }
    Ok(done)
}

fn tokenize(p: &[char]) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < p.len() {
        match p[i] {
            '\\' => {
                out.push(Token::Char(p.get(i + 1).copied().unwrap_or('\\')));
                i += 2;
            }
            '*' => {
                let mut j = i;
                while p.get(j) == Some(&'*') {
                    j += 1;
                }
                let whole = j - i >= 2 && (i == 0 || p[i - 1] == '/') && (j == p.len() || p[j] == '/');
                if !whole {
                    out.push(Token::Star);
                } else if j == p.len() {
                    out.push(Token::All);
                } else {
                    out.push(Token::Segments);
                    j += 1; // the / belongs to the segments
                }
                i = j;
            }
            '?' => {
                out.push(Token::Any);
                i += 1;
            }
            '[' => {
                // expand_braces has checked that every class is closed.
                let end = class_end(p, i).unwrap_or(p.len());
                let mut k = i + 1;
                let negated = matches!(p.get(k), Some('!' | '^'));
                if negated {
                    k += 1;
                }
                let mut items = Vec::new();
                let mut first = true;
                while first || p.get(k) != Some(&']') {
                    first = false;
                    let Some(mut a) = p.get(k).copied() else { break };
                    if a == '\\' {
                        k += 1;
                        a = p.get(k).copied().unwrap_or('\\');
                    }
                    k += 1;
                    if p.get(k) == Some(&'-') && p.get(k + 1) != Some(&']') {
                        let mut b = p.get(k + 1).copied().unwrap_or('-');
                        k += 2;
                        if b == '\\' {
                            b = p.get(k).copied().unwrap_or('\\');
                            k += 1;
                        }
                        items.push((a, b));
                    } else {
                        items.push((a, a));
                    }
                }
                out.push(Token::Class { negated, items });
                i = end;
            }
            c => {
                out.push(Token::Char(c));
                i += 1;
            }
        }
    }
    out
}

impl Glob {
    /// Compiles a glob; a malformed one is the reason, as the npm CLI words it.
    pub fn compile(text: &str) -> Result<Glob, String> {
        if text.is_empty() {
            return Err("a glob cannot be empty".to_string());
        }
        let mut chars: Vec<char> = text.chars().collect();
        if chars[0] == '/' {
            return Err("a glob is relative to the -r folder; it cannot start with /".to_string());
        }
        while chars.len() >= 2 && chars[0] == '.' && chars[1] == '/' {
            chars.drain(..2);
        }
        let alternatives = expand_braces(chars)?.iter().map(|p| tokenize(p)).collect();
        Ok(Glob { text: text.to_string(), alternatives })
    }

    /// Whether the glob matches the relative, `/`-separated `path` itself.
    pub fn matches(&self, path: &str) -> bool {
        let chars: Vec<char> = path.chars().collect();
        self.alternatives.iter().any(|tokens| match_tokens(tokens, &chars))
    }
}

fn match_tokens(tokens: &[Token], text: &[char]) -> bool {
    // cur[j]: tokens i.. match text j..; filled from the last token back.
    let n = text.len();
    let mut next = vec![false; n + 1];
    next[n] = true;
    for t in tokens.iter().rev() {
        let mut cur = vec![false; n + 1];
        for j in (0..=n).rev() {
            let c = text.get(j).copied();
            cur[j] = match t {
                Token::Char(ch) => c == Some(*ch) && next[j + 1],
                Token::Any => c.is_some_and(|c| c != '/') && next[j + 1],
                Token::Star => next[j] || (c.is_some_and(|c| c != '/') && cur[j + 1]),
                Token::All => next[j] || (c.is_some() && cur[j + 1]),
                Token::Segments => next[j] || (j..n).any(|k| text[k] == '/' && next[k + 1]),
                Token::Class { negated, items } => match c {
                    Some(c) if c != '/' => {
                        let inside = items.iter().any(|&(lo, hi)| lo <= c && c <= hi);
                        inside != *negated && next[j + 1]
                    }
                    _ => false,
                },
            };
        }
        next = cur;
    }
    next[0]
}

/// Which files of a `-r` walk are taken: `--include` (any, when given) and not
/// `--exclude` (exclude wins). A glob that matches a folder covers what is inside.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    pub include: Vec<Glob>,
    pub exclude: Vec<Glob>,
}

/// `path` and each of its parent folders, `a/b/c.json` -> `a`, `a/b`, `a/b/c.json`.
fn prefixes(path: &str) -> impl Iterator<Item = &str> {
    path.match_indices('/').map(move |(i, _)| &path[..i]).chain(std::iter::once(path))
}

fn covered_by(globs: &[Glob], path: &str) -> bool {
    prefixes(path).any(|p| globs.iter().any(|g| g.matches(p)))
}

impl Selection {
    /// Compiles the `--include` and `--exclude` values; an error names the flag's value.
    pub fn new(include: &[String], exclude: &[String]) -> Result<Selection, String> {
        let compile = |list: &[String]| list.iter().map(|g| Glob::compile(g)).collect::<Result<Vec<_>, _>>();
        Ok(Selection { include: compile(include)?, exclude: compile(exclude)? })
    }

    /// The selection of a `-r` walk (cli-select.ts selectionOf); `--include`/`--exclude`
    /// without `-r` is a usage error (the message returned).
    pub fn of_flags(recursive: bool, include: &[String], exclude: &[String]) -> Result<Selection, String> {
        if !recursive {
            if !include.is_empty() {
                return Err("--include needs -r".to_string());
            }
            if !exclude.is_empty() {
                return Err("--exclude needs -r".to_string());
            }
        }
        Selection::new(include, exclude)
    }

    /// Whether the file `path` (relative to the -r folder) is taken.
    pub fn selected(&self, path: &str) -> bool {
        if covered_by(&self.exclude, path) {
            return false;
        }
        self.include.is_empty() || covered_by(&self.include, path)
    }

    /// Whether the walk enters the folder `path`: not excluded; a skipped folder
    /// (`node_modules`, a dot-folder) only when an --include names it as a segment.
    pub fn entered(&self, path: &str, skipped_by_default: bool) -> bool {
        if self.exclude.iter().any(|g| g.matches(path)) {
            return false;
        }
        if !skipped_by_default {
            return true;
        }
        let name = path.rsplit('/').next().unwrap_or(path);
        self.include.iter().any(|g| g.text.split('/').any(|s| s == name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn cases() -> Value {
        let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/glob/cases.json");
        let text = std::fs::read_to_string(file).expect("fixtures/glob/cases.json");
        crate::json_parse::parse(&text).expect("cases.json is JSON")
    }

    fn strings(v: &Value) -> Vec<String> {
        match v {
            Value::Array(items) => items.iter().filter_map(|s| s.as_str().map(str::to_string)).collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn shared_cases() {
        let cases = cases();
        let Some(Value::Array(matches)) = cases.get("matches") else { panic!("matches") };
        for case in matches {
            let Value::Array(c) = case else { panic!("case") };
            let (g, p) = (c[0].as_str().unwrap(), c[1].as_str().unwrap());
            let want = matches!(c[2], Value::Bool(true));
            assert_eq!(Glob::compile(g).unwrap().matches(p), want, "{g} {p}");
        }
        let Some(Value::Array(errors)) = cases.get("errors") else { panic!("errors") };
        for case in errors {
            let Value::Array(c) = case else { panic!("case") };
            assert_eq!(Glob::compile(c[0].as_str().unwrap()).unwrap_err(), c[1].as_str().unwrap());
        }
        let Some(Value::Array(selections)) = cases.get("selections") else { panic!("selections") };
        for s in selections {
            let sel = Selection::new(&strings(s.get("include").unwrap()), &strings(s.get("exclude").unwrap())).unwrap();
            let taken: Vec<String> = strings(s.get("paths").unwrap()).into_iter().filter(|p| sel.selected(p)).collect();
            assert_eq!(taken, strings(s.get("taken").unwrap()));
        }
        let Some(Value::Array(folders)) = cases.get("folders") else { panic!("folders") };
        for f in folders {
            let sel = Selection::new(&strings(f.get("include").unwrap()), &strings(f.get("exclude").unwrap())).unwrap();
            let skipped = matches!(f.get("skipped"), Some(Value::Bool(true)));
            let want = matches!(f.get("entered"), Some(Value::Bool(true)));
            assert_eq!(sel.entered(f["path"].as_str().unwrap(), skipped), want, "{f}");
        }
    }
}
