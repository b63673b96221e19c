//! The Apollo Federation 2 directives x-graphql knows, which version of the
//! federation spec brought each one (and `@override`'s `label`), and the `@link`
//! they are imported by (records 0011, 0074, 0075). Read from
//! @apollo/federation-internals 2.14. The twin of js/src/federation.ts.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use crate::ir::AppliedDirective;
use crate::json::Value;

/// A federation directive: where it may stand, whether it repeats, its
/// arguments (name, type as the definition writes it, minor version that brought
/// it), the minor version (2.x) that brought it, and whether it is one of record
/// 0011's names (a generic entry of such a name always means federation's; the
/// others only in a document that is federated anyway, record 0075).
pub struct FederationDirective {
    pub name: &'static str,
    pub locations: &'static [&'static str],
    pub repeatable: bool,
    pub args: &'static [(&'static str, &'static str, u32)],
    pub since: u32,
    pub classic: bool,
}

const FIELD_AND_TYPE_LOCATIONS: &[&str] = &[
    "FIELD_DEFINITION",
    "OBJECT",
    "INTERFACE",
    "UNION",
    "ARGUMENT_DEFINITION",
    "SCALAR",
    "ENUM",
    "ENUM_VALUE",
    "INPUT_OBJECT",
    "INPUT_FIELD_DEFINITION",
];
const AUTHORIZATION_LOCATIONS: &[&str] = &["FIELD_DEFINITION", "OBJECT", "INTERFACE", "SCALAR", "ENUM"];

const fn d(
    name: &'static str,
    locations: &'static [&'static str],
    repeatable: bool,
    args: &'static [(&'static str, &'static str, u32)],
    since: u32,
    classic: bool,
) -> FederationDirective {
    FederationDirective { name, locations, repeatable, args, since, classic }
}

/// In the order the `@link` import lists them.
pub const FEDERATION_SPEC: &[FederationDirective] = &[
    d("key", &["OBJECT", "INTERFACE"], true, &[("fields", "federation__FieldSet!", 0), ("resolvable", "Boolean = true", 0)], 0, true),
    d("requires", &["FIELD_DEFINITION"], false, &[("fields", "federation__FieldSet!", 0)], 0, true),
    d("provides", &["FIELD_DEFINITION"], false, &[("fields", "federation__FieldSet!", 0)], 0, true),
    d("external", &["OBJECT", "FIELD_DEFINITION"], false, &[("reason", "String", 0)], 0, true),
    d("tag", FIELD_AND_TYPE_LOCATIONS, true, &[("name", "String!", 0)], 0, true),
    d("extends", &["OBJECT", "INTERFACE"], false, &[], 0, true),
    d("shareable", &["OBJECT", "FIELD_DEFINITION"], true, &[], 0, true),
    d("inaccessible", FIELD_AND_TYPE_LOCATIONS, false, &[], 0, true),
    d("override", &["FIELD_DEFINITION"], false, &[("from", "String!", 0), ("label", "String", 7)], 0, true),
    d("composeDirective", &["SCHEMA"], true, &[("name", "String!", 1)], 1, true),
    d("interfaceObject", &["OBJECT"], false, &[], 3, true),
    d("authenticated", AUTHORIZATION_LOCATIONS, false, &[], 5, false),
    d("requiresScopes", AUTHORIZATION_LOCATIONS, false, &[("scopes", "[[federation__Scope!]!]!", 5)], 5, false),
    d("policy", AUTHORIZATION_LOCATIONS, false, &[("policies", "[[federation__Policy!]!]!", 6)], 6, false),
    d("context", &["OBJECT", "INTERFACE", "UNION"], true, &[("name", "String!", 8)], 8, false),
    d("fromContext", &["ARGUMENT_DEFINITION"], false, &[("field", "federation__ContextFieldValue", 8)], 8, false),
    d(
        "cost",
        &["ARGUMENT_DEFINITION", "ENUM", "FIELD_DEFINITION", "INPUT_FIELD_DEFINITION", "OBJECT", "SCALAR"],
        false,
        &[("weight", "Int!", 9)],
        9,
        false,
    ),
    d(
        "listSize",
        &["FIELD_DEFINITION"],
        false,
        &[
            ("assumedSize", "Int", 9),
            ("slicingArguments", "[String!]", 9),
            ("sizedFields", "[String!]", 9),
            ("requireOneSlicingArgument", "Boolean = true", 9),
        ],
        9,
        false,
    ),
    d("cacheTag", &["OBJECT", "FIELD_DEFINITION"], true, &[("format", "String!", 12)], 12, false),
];

pub fn federation_directive(name: &str) -> Option<&'static FederationDirective> {
    FEDERATION_SPEC.iter().find(|d| d.name == name)
}

/// One of record 0011's names.
pub fn is_classic_federation_directive(name: &str) -> bool {
    federation_directive(name).is_some_and(|d| d.classic)
}

/// A name that means federation's directive only in a federated document (record 0075).
pub fn is_later_federation_directive(name: &str) -> bool {
    federation_directive(name).is_some_and(|d| !d.classic)
}

/// Scalars of the federation spec that hold strings: checked as `String` (buildSubgraphSchema reads them so).
pub const FEDERATION_STRING_SCALARS: [&str; 4] =
    ["federation__FieldSet", "federation__Scope", "federation__Policy", "federation__ContextFieldValue"];

/// The minor versions of Federation 2 that @apollo/subgraph 2.14 knows: 2.0 to 2.14.
pub const MAX_FEDERATION_MINOR: u32 = 14;
/// The version linked when nothing asks for a later one (record 0011).
pub const DEFAULT_FEDERATION_MINOR: u32 = 3;

pub const FEDERATION_URL_PREFIX: &str = "https://specs.apollo.dev/federation/";

pub fn federation_url(minor: u32) -> String {
    format!("{FEDERATION_URL_PREFIX}v2.{minor}")
}

/// `"2.0"` to `"2.14"`, for the option's message.
pub fn federation_versions() -> Vec<String> {
    (0..=MAX_FEDERATION_MINOR).map(|m| format!("2.{m}")).collect()
}

/// The minor of `"2.5"`; `None` for anything else.
pub fn minor_of_version(version: &str) -> Option<u32> {
    let minor = version.strip_prefix("2.")?;
    if minor.is_empty() || (minor.len() > 1 && minor.starts_with('0')) || !minor.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    minor.parse::<u32>().ok().filter(|m| *m <= MAX_FEDERATION_MINOR)
}

/// The minor of a federation `@link` url (`https://specs.apollo.dev/federation/v2.5`), if it names a known 2.x.
pub fn minor_of_url(url: &str) -> Option<u32> {
    minor_of_version(url.strip_prefix(FEDERATION_URL_PREFIX)?.strip_prefix('v')?)
}

/// Whether schema directives (a schema extension's) apply `@link` to an Apollo Federation url.
pub fn links_federation_in(directives: &[AppliedDirective]) -> bool {
    first_federation_url(directives).is_some()
}

/// The url of the first `@link` to Apollo Federation among schema directives.
pub fn first_federation_url(directives: &[AppliedDirective]) -> Option<&str> {
    directives.iter().filter(|d| d.name == "link").find_map(|d| {
        d.args.iter().find_map(|(n, v)| v.as_str().filter(|u| n == "url" && u.starts_with(FEDERATION_URL_PREFIX)))
    })
}

/// The minor version an applied federation directive needs: its own, or a later
/// one for an argument that came later (`@override(label:)`: 2.7), with what needs
/// it, for the message.
pub fn version_need<'a>(name: &str, arg_names: impl Iterator<Item = &'a str> + Clone) -> (u32, String) {
    let Some(d) = federation_directive(name) else { return (0, format!("directive @{name}")) };
    let mut need = (d.since, format!("directive @{name}"));
    for (arg, _, since) in d.args {
        if *since > need.0 && arg_names.clone().any(|a| a == *arg) {
            need = (*since, format!("argument {arg} of @{name}"));
        }
    }
    need
}

/// The definitions of the federation directives and types at a minor version, as
/// SDL, for validation only (record 0028's stage 4; the test runners use them too).
pub fn federation_definitions_sdl(minor: u32, names: &[(String, String)]) -> String {
    let mut lines = vec![
        "directive @link(url: String!, as: String, import: [link__Import], for: link__Purpose) repeatable on SCHEMA".to_string(),
        "scalar link__Import".to_string(),
        "enum link__Purpose { SECURITY EXECUTION }".to_string(),
        "scalar federation__FieldSet".to_string(),
    ];
    if minor >= 5 {
        lines.push("scalar federation__Scope".to_string());
    }
    if minor >= 6 {
        lines.push("scalar federation__Policy".to_string());
    }
    if minor >= 8 {
        lines.push("scalar federation__ContextFieldValue".to_string());
    }
    for d in FEDERATION_SPEC.iter().filter(|d| d.since <= minor) {
        let args: Vec<String> =
            d.args.iter().filter(|(_, _, since)| *since <= minor).map(|(name, type_, _)| format!("{name}: {type_}")).collect();
        let arg_text = if args.is_empty() { String::new() } else { format!("({})", args.join(", ")) };
        let repeatable = if d.repeatable { " repeatable" } else { "" };
        let name = names.iter().find(|(n, _)| n == d.name).map_or(d.name, |(_, printed)| printed.as_str());
        lines.push(format!("directive @{name}{arg_text}{repeatable} on {}", d.locations.join(" | ")));
    }
    lines.join("\n") + "\n"
}

/// The minor version of the first federation `@link` url in an SDL text (`federation/v2.5`), if any.
pub fn linked_minor_in_text(sdl: &str) -> Option<u32> {
    let needle = "\"https://specs.apollo.dev/federation/v2.";
    let start = sdl.find(needle)? + needle.len();
    let digits: String = sdl[start..].chars().take_while(char::is_ascii_digit).collect();
    if !sdl[start + digits.len()..].starts_with('"') {
        return None;
    }
    minor_of_version(&format!("2.{digits}"))
}

/// Record 0075: the names a federation `@link` gives the federation directives, for
/// those it does not leave as they are: an import renamed with `as`
/// (`{name: "@key", as: "@pk"}`: key -> pk), and every directive it does not import,
/// namespaced (`federation__shareable`, or `<as>__shareable` when the link has
/// `as:`). Read from the first `@link` to federation among `directives`; `None` when
/// there is none or it renames nothing. As (federation's name, the link's name).
pub fn federation_print_names(directives: &[AppliedDirective]) -> Option<Vec<(String, String)>> {
    let link = directives.iter().find(|d| {
        d.name == "link" && d.args.iter().any(|(n, v)| n == "url" && v.as_str().is_some_and(|u| u.starts_with(FEDERATION_URL_PREFIX)))
    })?;
    let arg = |name: &str| link.args.iter().find(|(n, _)| n == name).map(|(_, v)| v);
    let namespace = arg("as").and_then(Value::as_str).unwrap_or("federation");
    let mut imported: Vec<(String, String)> = Vec::new();
    if let Some(Value::Array(entries)) = arg("import") {
        for entry in entries {
            match entry {
                Value::String(s) => {
                    if let Some(name) = s.strip_prefix('@') {
                        imported.push((name.to_string(), name.to_string()));
                    }
                }
                Value::Object(_) => {
                    let Some(name) = entry.get("name").and_then(Value::as_str).and_then(|n| n.strip_prefix('@')) else { continue };
                    let alias = entry.get("as").and_then(Value::as_str).and_then(|a| a.strip_prefix('@')).unwrap_or(name);
                    imported.push((name.to_string(), alias.to_string()));
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for d in FEDERATION_SPEC {
        // The last import of a name wins, as a JavaScript Map's `set` does.
        let printed = imported.iter().rev().find(|(n, _)| n == d.name).map_or_else(|| format!("{namespace}__{}", d.name), |(_, p)| p.clone());
        if printed != d.name {
            out.push((d.name.to_string(), printed));
        }
    }
    (!out.is_empty()).then_some(out)
}
