//! What the npm CLI gets from Node for free, redone so the text matches:
//! `path.posix` (`join`, `normalize`, `dirname`, `basename`) and the way an
//! `fs` error reads (`errnoText` in js/src/cli.ts).

use std::io;

// ---------------------------------------------------------------------------
// path (POSIX), byte for byte as Node's lib/path.js

/// `normalizeString`: resolves `.` and `..` segments, drops empty ones.
fn normalize_string(path: &str, allow_above_root: bool) -> String {
    let bytes = path.as_bytes();
    let mut res = String::new();
    let mut last_segment_length = 0usize;
    let mut last_slash: isize = -1;
    let mut dots: i32 = 0;
    let mut code = 0u8;
    let n = bytes.len();
    for i in 0..=n {
        if i < n {
            code = bytes[i];
        } else if code == b'/' {
            break;
        } else {
            code = b'/';
        }
        let ii = i as isize;
        if code == b'/' {
            if last_slash == ii - 1 || dots == 1 {
                // nothing
            } else if dots == 2 {
                let rb = res.as_bytes();
                if res.len() < 2
                    || last_segment_length != 2
                    || rb[rb.len() - 1] != b'.'
                    || rb[rb.len() - 2] != b'.'
                {
                    if res.len() > 2 {
                        match res.rfind('/') {
                            None => {
                                res.clear();
                                last_segment_length = 0;
                            }
                            Some(idx) => {
                                res.truncate(idx);
                                last_segment_length = match res.rfind('/') {
                                    Some(j) => res.len() - 1 - j,
                                    None => res.len(),
                                };
                            }
                        }
                        last_slash = ii;
                        dots = 0;
                        continue;
                    } else if !res.is_empty() {
                        res.clear();
                        last_segment_length = 0;
                        last_slash = ii;
                        dots = 0;
                        continue;
                    }
                }
                if allow_above_root {
                    if res.is_empty() {
                        res.push_str("..");
                    } else {
                        res.push_str("/..");
                    }
                    last_segment_length = 2;
                }
            } else {
                let start = (last_slash + 1) as usize;
                let segment = &path[start..i];
                if !res.is_empty() {
                    res.push('/');
                }
                res.push_str(segment);
                last_segment_length = i - start;
            }
            last_slash = ii;
            dots = 0;
        } else if code == b'.' && dots != -1 {
            dots += 1;
        } else {
            dots = -1;
        }
    }
    res
}

/// `path.normalize`.
pub fn normalize(path: &str) -> String {
    if path.is_empty() {
        return ".".to_string();
    }
    let is_absolute = path.starts_with('/');
    let trailing_separator = path.ends_with('/');
    let mut out = normalize_string(path, !is_absolute);
    if out.is_empty() {
        if is_absolute {
            return "/".to_string();
        }
        return if trailing_separator { "./".to_string() } else { ".".to_string() };
    }
    if trailing_separator {
        out.push('/');
    }
    if is_absolute {
        format!("/{out}")
    } else {
        out
    }
}

/// `path.join`.
pub fn join(parts: &[&str]) -> String {
    let mut joined: Option<String> = None;
    for part in parts {
        if part.is_empty() {
            continue;
        }
        match joined.as_mut() {
            None => joined = Some((*part).to_string()),
            Some(j) => {
                j.push('/');
                j.push_str(part);
            }
        }
    }
    match joined {
        None => ".".to_string(),
        Some(j) => normalize(&j),
    }
}

/// `path.dirname`.
pub fn dirname(path: &str) -> String {
    let b = path.as_bytes();
    if b.is_empty() {
        return ".".to_string();
    }
    let has_root = b[0] == b'/';
    let mut end: Option<usize> = None;
    let mut matched_slash = true;
    let mut i = b.len() - 1;
    while i >= 1 {
        if b[i] == b'/' {
            if !matched_slash {
                end = Some(i);
                break;
            }
        } else {
            matched_slash = false;
        }
        i -= 1;
    }
    match end {
        None => {
            if has_root {
                "/".to_string()
            } else {
                ".".to_string()
            }
        }
        Some(1) if has_root => "//".to_string(),
        Some(e) => path[..e].to_string(),
    }
}

/// `path.basename` (without an extension argument).
pub fn basename(path: &str) -> String {
    let b = path.as_bytes();
    let mut start = 0usize;
    let mut end: Option<usize> = None;
    let mut matched_slash = true;
    for i in (0..b.len()).rev() {
        if b[i] == b'/' {
            if !matched_slash {
                start = i + 1;
                break;
            }
        } else if end.is_none() {
            matched_slash = false;
            end = Some(i + 1);
        }
    }
    match end {
        None => String::new(),
        Some(e) => path[start..e].to_string(),
    }
}

// ---------------------------------------------------------------------------
// fs errors

/// The system call an `fs` function failed in, and the paths Node names in
/// its message (`ELOOP: too many symbolic links encountered, open 'x'`).
#[derive(Clone, Copy)]
pub struct Syscall<'a> {
    pub name: &'static str,
    pub path: Option<&'a str>,
    pub dest: Option<&'a str>,
}

impl<'a> Syscall<'a> {
    pub fn new(name: &'static str, path: &'a str) -> Self {
        Syscall { name, path: Some(path), dest: None }
    }

    pub fn bare(name: &'static str) -> Self {
        Syscall { name, path: None, dest: None }
    }

    pub fn rename(from: &'a str, to: &'a str) -> Self {
        Syscall { name: "rename", path: Some(from), dest: Some(to) }
    }
}

/// errno (Linux numbering) -> (code, libuv's description).
fn errno_name(errno: i32) -> Option<(&'static str, &'static str)> {
    Some(match errno {
        1 => ("EPERM", "operation not permitted"),
        2 => ("ENOENT", "no such file or directory"),
        4 => ("EINTR", "interrupted system call"),
        5 => ("EIO", "i/o error"),
        6 => ("ENXIO", "no such device or address"),
        9 => ("EBADF", "bad file descriptor"),
        11 => ("EAGAIN", "resource temporarily unavailable"),
        12 => ("ENOMEM", "not enough memory"),
        13 => ("EACCES", "permission denied"),
        16 => ("EBUSY", "resource busy or locked"),
        17 => ("EEXIST", "file already exists"),
        18 => ("EXDEV", "cross-device link not permitted"),
        19 => ("ENODEV", "no such device"),
        20 => ("ENOTDIR", "not a directory"),
        21 => ("EISDIR", "illegal operation on a directory"),
        22 => ("EINVAL", "invalid argument"),
        23 => ("ENFILE", "file table overflow"),
        24 => ("EMFILE", "too many open files"),
        26 => ("ETXTBSY", "text file is busy"),
        27 => ("EFBIG", "file too large"),
        28 => ("ENOSPC", "no space left on device"),
        30 => ("EROFS", "read-only file system"),
        31 => ("EMLINK", "too many links"),
        32 => ("EPIPE", "broken pipe"),
        36 => ("ENAMETOOLONG", "name too long"),
        39 => ("ENOTEMPTY", "directory not empty"),
        40 => ("ELOOP", "too many symbolic links encountered"),
        _ => return None,
    })
}

/// The short reasons `errnoText` gives for the common codes.
fn short_reason(code: &str) -> Option<&'static str> {
    Some(match code {
        "ENOENT" => "no such file or directory",
        "EACCES" => "permission denied",
        "EPERM" => "operation not permitted",
        "EISDIR" => "is a directory",
        "ENOTDIR" => "not a directory",
        "EEXIST" => "file exists",
        "ENOSPC" => "no space left on device",
        "EROFS" => "read-only file system",
        _ => return None,
    })
}

/// `errnoText(e)`: `<reason> (<CODE>)`, where the reason is short for common
/// codes and Node's own message otherwise.
pub fn errno_text(err: &io::Error, call: Syscall<'_>) -> String {
    let Some((code, description)) = err.raw_os_error().and_then(errno_name) else {
        return err.to_string();
    };
    if let Some(reason) = short_reason(code) {
        return format!("{reason} ({code})");
    }
    let mut message = format!("{code}: {description}, {}", call.name);
    if let Some(p) = call.path {
        message.push_str(&format!(" '{p}'"));
    }
    if let Some(d) = call.dest {
        message.push_str(&format!(" -> '{d}'"));
    }
    format!("{message} ({code})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_and_normalize_like_node() {
        assert_eq!(join(&["in", "a.json"]), "in/a.json");
        assert_eq!(join(&["./in/", "a.json"]), "in/a.json");
        assert_eq!(join(&[".", "x"]), "x");
        assert_eq!(join(&["a", "../../b"]), "../b");
        assert_eq!(join(&["/a", "../../b"]), "/b");
        assert_eq!(join(&["", ""]), ".");
        assert_eq!(join(&["a/b/", "c/"]), "a/b/c/");
        assert_eq!(join(&["a//b", "./c/../d"]), "a/b/d");
        assert_eq!(normalize("./"), "./");
        assert_eq!(normalize("../.."), "../..");
        assert_eq!(normalize("a/.."), ".");
        assert_eq!(normalize("..a/..b/../c"), "..a/c");
    }

    #[test]
    fn dirname_and_basename_like_node() {
        assert_eq!(dirname("a.json"), ".");
        assert_eq!(dirname("/x"), "/");
        assert_eq!(dirname("in/"), ".");
        assert_eq!(dirname("a/b/c.json"), "a/b");
        assert_eq!(dirname("//a"), "//");
        assert_eq!(dirname(""), ".");
        assert_eq!(basename("a/b/c.json"), "c.json");
        assert_eq!(basename("out/"), "out");
        assert_eq!(basename("/"), "");
    }
}
