//! directive_args: the arguments of the built-in and federation v2.3 directives
//! (record 0031; mirrors js/src/directive-args.ts), so that an applied
//! directive with an argument its definition lacks (`@override(label:)`, which
//! needs federation v2.7 while x-graphql links v2.3) or without a required one
//! is an error and not invalid SDL. The definitions are those of the GraphQL
//! spec and of `schemas/federation-v2.3.graphql`. A directive the document
//! declares itself (`x-graphql-directive-definitions`) is not checked here.

/// name -> its arguments as (name, required).
const KNOWN_ARGS: &[(&str, &[(&str, bool)])] = &[
    ("deprecated", &[("reason", false)]),
    ("specifiedBy", &[("url", true)]),
    ("oneOf", &[]),
    ("include", &[("if", true)]),
    ("skip", &[("if", true)]),
    ("key", &[("fields", true), ("resolvable", false)]),
    ("requires", &[("fields", true)]),
    ("provides", &[("fields", true)]),
    ("external", &[("reason", false)]),
    ("tag", &[("name", true)]),
    ("extends", &[]),
    ("shareable", &[]),
    ("inaccessible", &[]),
    ("override", &[("from", true)]),
    ("composeDirective", &[("name", true)]),
    ("interfaceObject", &[]),
    ("link", &[("url", true), ("as", false), ("import", false), ("for", false)]),
];

/// The problem with the argument names of an applied built-in or federation directive, if any.
pub fn known_argument_problem(name: &str, arg_names: &[&str]) -> Option<String> {
    let (_, known) = KNOWN_ARGS.iter().find(|(n, _)| *n == name)?;
    for arg in arg_names {
        if !known.iter().any(|(n, _)| n == arg) {
            let hint =
                if name == "override" && *arg == "label" { " (label needs federation v2.7; x-graphql links v2.3)" } else { "" };
            return Some(format!("directive @{name} has no argument {arg}{hint}"));
        }
    }
    for (arg, required) in known.iter() {
        if *required && !arg_names.contains(arg) {
            return Some(format!("directive @{name} needs the argument {arg}"));
        }
    }
    None
}

/// graphql-js reads the reason of `@deprecated` and the url of `@specifiedBy`
/// while it builds a schema, with its own definitions of the two directives,
/// and throws on a value it cannot coerce (record 0028): the SDL would not be
/// valid. So whatever the document declares, a reason is a string or null and
/// a url a string. The problem with one argument's value, if any (mirrors
/// `readableArgumentProblem`).
pub fn readable_argument_problem(name: &str, arg: &str, value: &crate::json::Value) -> Option<&'static str> {
    if name == "deprecated" && arg == "reason" && !value.is_null() && !value.is_string() {
        return Some("the reason of @deprecated must be a string or null");
    }
    if name == "specifiedBy" && arg == "url" && !value.is_string() {
        return Some("the url of @specifiedBy must be a string");
    }
    None
}
