//! The bytes of a path given as an argument (record 0070; the npm twin is
//! js/src/cli-argv.ts). The commands parse their arguments as strings, decoded
//! lossily as Node decodes `process.argv`, so both CLIs print the same names; an
//! argument whose value is a path is opened by its own bytes when they are not
//! UTF-8 (`-i z\xff\xfe.json` must not read `z\u{FFFD}\u{FFFD}.json`).

use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::PathBuf;
use std::sync::OnceLock;

/// The user's arguments as bytes (after the program's name).
static RAW: OnceLock<Vec<OsString>> = OnceLock::new();

/// Keeps the arguments' bytes; called once, by main.
pub fn init(args: Vec<OsString>) {
    let _ = RAW.set(args);
}

/// The path `value` (an option's or a command's argument, as the parser gives it)
/// names: the bytes of the first argument that gives it (the whole argument, or the
/// end of `--input=<value>` / `-i<value>`), when they are not UTF-8; else `value`.
pub fn arg_path(value: &str) -> PathBuf {
    let Some(args) = RAW.get() else { return PathBuf::from(value) };
    for arg in args {
        let bytes = arg.as_bytes();
        let text = x_graphql::__private::text::decode_utf8(bytes.to_vec());
        let found: Option<&[u8]> = if text == value {
            Some(bytes)
        } else if text.len() > value.len() && text.starts_with('-') && text.ends_with(value) {
            let prefix = &text[..text.len() - value.len()];
            // An ASCII prefix is as many bytes as characters in both forms.
            prefix.is_ascii().then(|| &bytes[prefix.len()..])
        } else {
            None
        };
        if let Some(found) = found {
            return if found == value.as_bytes() { PathBuf::from(value) } else { PathBuf::from(OsString::from_vec(found.to_vec())) };
        }
    }
    PathBuf::from(value)
}
