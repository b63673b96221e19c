//! The converter options of a config file (record 0088): `--config <file>`, or else
//! `x-graphql.config.json` found in the current folder or a parent. The file is a
//! JSON object of camelCase converter options (schemas/x-graphql.config.schema.json,
//! whose `"$schema"` key is accepted and ignored). A problem names the key's
//! line:column, and a mistyped key gets the closest option name. Twin of
//! js/src/cli-config.ts.

use std::path::Path;

use serde_json::Value;
use x_graphql::__private::{Converter, ConverterOptions};

use crate::files;
use crate::node::errno_text;
use crate::{json_parse, CliError, IoError, UsageError};

/// The name looked for without --config.
pub const CONFIG_NAME: &str = "x-graphql.config.json";

/// Options the CLI derives from `-i` itself; a config file may not set them.
const DERIVED_OPTIONS: [&str; 3] = ["fileName", "baseDir", "inputDir"];
/// The key that names the JSON Schema of the file, for editors; not an option.
const SCHEMA_KEY: &str = "$schema";

/// `x-graphql.config.json` in the current folder or the nearest parent that has one,
/// named relative to it (`x-graphql.config.json`, `../x-graphql.config.json`, ...). The
/// search stops at the file-system root and at a folder holding `.git` (a folder, or
/// the file of a worktree or submodule): a repository's settings never come from above it.
pub fn find_config() -> Option<String> {
    let mut dir = std::env::current_dir().ok()?;
    let mut up = String::new();
    loop {
        if std::fs::metadata(dir.join(CONFIG_NAME)).is_ok_and(|m| m.is_file()) {
            return Some(format!("{up}{CONFIG_NAME}"));
        }
        if std::fs::symlink_metadata(dir.join(".git")).is_ok() {
            return None;
        }
        let parent: &Path = dir.parent()?;
        dir = parent.to_path_buf();
        up.push_str("../");
    }
}

fn usage(message: String, where_: String, code: &str) -> CliError {
    UsageError::new(message, Some(where_), code).into()
}

/// Reads and checks a config file; errors are usage errors naming `file:line:column`.
pub fn read_config(file: &str) -> Result<ConverterOptions, CliError> {
    let text = files::read_text(file).map_err(|(e, call)| IoError {
        message: format!("cannot read config: {}", errno_text(&e, call)),
        where_: file.to_string(),
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let value = json_parse::parse(text)
        .map_err(|m| usage(format!("config file is not valid JSON: {m}"), file.to_string(), "USAGE"))?;
    let Value::Object(object) = &value else {
        return Err(usage("config file must hold a JSON object of converter options".to_string(), file.to_string(), "USAGE"));
    };
    // `file:line:column` of a top-level key (its opening quote).
    let at = |key: &str| {
        let pointer = format!("/{}", key.replace('~', "~0").replace('/', "~1"));
        match x_graphql::__private::locate::locate(text, &pointer) {
            Some((line, column)) => format!("{file}:{line}:{column}"),
            None => file.to_string(),
        }
    };
    for key in DERIVED_OPTIONS {
        if object.contains_key(key) {
            let message = format!("option '{key}' cannot be set in a config file (the CLI derives it from -i)");
            return Err(usage(message, at(key), "USAGE"));
        }
    }
    let names: Vec<&str> =
        x_graphql::__private::option_names().iter().copied().filter(|n| !DERIVED_OPTIONS.contains(n)).collect();
    let tree = x_graphql::__private::json::Value::from(value.clone());
    let x_graphql::__private::json::Value::Object(ordered) = &tree else { unreachable!("an object stays an object") };
    let mut options = serde_json::Map::new();
    // The library's order (JavaScript property order): the first problem is the one it would report.
    for key in x_graphql::__private::js_key_order(ordered) {
        if key == SCHEMA_KEY {
            continue;
        }
        let Some(v) = object.get(key) else { continue };
        if !names.contains(&key) {
            let guess = x_graphql::__private::catalog::closest_of(key, &names)
                .map(|g| format!(" (did you mean \"{g}\"?)"))
                .unwrap_or_default();
            return Err(usage(format!("unknown option '{key}'{guess}"), at(key), "INVALID_OPTION"));
        }
        let mut one = serde_json::Map::new();
        one.insert(key.to_string(), v.clone());
        ConverterOptions::from_json(&Value::Object(one))
            .and_then(|o| Converter::with_options(o).map(|_| ()))
            .map_err(|e| usage(e.message().to_string(), at(key), e.code().as_str()))?;
        options.insert(key.to_string(), v.clone());
    }
    ConverterOptions::from_json(&Value::Object(options)).map_err(|e| usage(e.message().to_string(), file.to_string(), e.code().as_str()))
}
