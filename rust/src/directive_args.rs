//! directive_args: the arguments of applied directives, checked against the
//! definitions they are applied under (records 0031, 0065; mirrors
//! js/src/directive-args.ts), so that an applied directive with an argument its
//! definition lacks, without a required one, or with a value that does not
//! coerce to the argument's type is an error and not invalid SDL.
//!
//! The built-in and federation definitions are those of the GraphQL spec and of
//! federation.rs (every version's arguments; a later one than the linked version
//! is FEDERATION_VERSION, record 0074); their argument names are checked
//! while lowering (`known_argument_problem`). Every applied directive,
//! built-in, declared (`x-graphql-directive-definitions`) or inferred, is then
//! checked once the types have their names (`check_applied_arguments`, from
//! assemble), with graphql-js's input coercion (`fits`, default_values.rs).

use std::sync::OnceLock;

use foldhash::{HashMap, HashMapExt};

use crate::default_values::fits;
use crate::federation::{FEDERATION_SPEC, FEDERATION_STRING_SCALARS};
use crate::errors::{codes, ConversionError};
use crate::json::{Str, Value};
use crate::loc::Loc;
use crate::lower::{fail, Lowering};
use crate::lower_directives::DraftDirectiveDef;
use crate::slots::SlotId;
use crate::type_expr::{parse_type_expr, render_type, TypeExpr};

/// name -> its arguments as (name, type). `link__Import` and `link__Purpose` are
/// not defined in the document: like any custom scalar, they take every literal.
/// `federation__FieldSet` is one too, but federation reads it as a string
/// (buildSubgraphSchema: "must be a string"), so it is checked as `String`.
const KNOWN_ARGS: &[(&str, &[(&str, &str)])] = &[
    ("deprecated", &[("reason", "String")]),
    ("specifiedBy", &[("url", "String!")]),
    ("oneOf", &[]),
    ("include", &[("if", "Boolean!")]),
    ("skip", &[("if", "Boolean!")]),
    ("link", &[("url", "String!"), ("as", "String"), ("import", "[link__Import]"), ("for", "link__Purpose")]),
];

/// One argument of a directive definition, as the checks read it.
struct Param {
    name: String,
    type_: TypeExpr,
    /// Non-null without a default (graphql-js `isRequiredArgument`).
    required: bool,
    /// The type as the definition writes it, when `type_` is checked as another (`federation__FieldSet`).
    shown: Option<&'static str>,
}


/// A directive applied by a list attribute, recorded while lowering for
/// `check_applied_arguments` (its arguments are copied: assemble frees the trees).
#[derive(Debug, Clone)]
pub struct DirectiveUse {
    pub name: String,
    pub args: Vec<(String, Value)>,
    /// The list entry.
    pub loc: Loc,
}

/// KNOWN_ARGS as the checks read them, parsed once.
fn known_params(name: &str) -> Option<&'static [Param]> {
    static PARAMS: OnceLock<Vec<(&'static str, Vec<Param>)>> = OnceLock::new();
    let all = PARAMS.get_or_init(|| {
        // Every argument of every federation version: one that came later than the linked
        // version is FEDERATION_VERSION, checked in assemble (record 0074). A default
        // (`= true`) is dropped.
        let federation = FEDERATION_SPEC
            .iter()
            .map(|d| (d.name, d.args.iter().map(|(n, t, _)| (*n, t.split(" = ").next().unwrap_or(t))).collect::<Vec<_>>()));
        let builtin = KNOWN_ARGS.iter().map(|(name, args)| (*name, args.to_vec()));
        builtin
            .take(5)
            .chain(federation)
            .chain(KNOWN_ARGS.iter().skip(5).map(|(name, args)| (*name, args.to_vec())))
            .map(|(name, args)| {
                let params = args
                    .iter()
                    .filter_map(|(arg, text)| {
                        let scalar = FEDERATION_STRING_SCALARS.iter().find(|s| text.contains(**s));
                        let type_ = parse_type_expr(&scalar.map_or_else(|| text.to_string(), |s| text.replace(s, "String")))?;
                        let required = type_.is_non_null();
                        let shown = scalar.map(|_| *text);
                        Some(Param { name: (*arg).to_string(), type_, required, shown })
                    })
                    .collect();
                (name, params)
            })
            .collect()
    });
    all.iter().find(|(n, _)| *n == name).map(|(_, params)| params.as_slice())
}

/// The problem with the argument names of an applied directive against its definition's, if any.
fn argument_problem<'a>(name: &str, params: &[Param], arg_names: impl Iterator<Item = &'a str> + Clone) -> Option<String> {
    for arg in arg_names.clone() {
        if !params.iter().any(|p| p.name == arg) {
            return Some(format!("directive @{name} has no argument {arg}"));
        }
    }
    for p in params {
        if p.required && !arg_names.clone().any(|a| a == p.name) {
            return Some(format!("directive @{name} needs the argument {}", p.name));
        }
    }
    None
}

/// The problem with the argument names of an applied built-in or federation directive, if any.
pub fn known_argument_problem(name: &str, arg_names: &[&str]) -> Option<String> {
    let params = known_params(name)?;
    argument_problem(name, params, arg_names.iter().copied())
}

/// Record 0065: every applied directive against its definition: the one the
/// document declares or x-graphql inferred (`defs`, with the document's input
/// types and enums in `by_name`), else the built-in or federation one. An
/// unknown or missing argument is ATTRIBUTE_SCOPE at the list entry (as in
/// record 0031), a value that does not coerce ATTRIBUTE_TYPE at the argument.
pub fn check_applied_arguments(
    lw: &Lowering,
    defs: &[DraftDirectiveDef],
    by_name: &HashMap<Str, SlotId>,
) -> Result<(), ConversionError> {
    let mut by_directive: HashMap<&str, Vec<Param>> = HashMap::new();
    for d in defs {
        let params = d
            .args
            .iter()
            .map(|a| Param {
                name: a.name.to_string(),
                type_: a.type_.clone(),
                required: a.type_.is_non_null() && a.default_value.is_none(),
                shown: None,
            })
            .collect();
        by_directive.insert(d.name.as_str(), params);
    }
    let built_in: HashMap<Str, SlotId> = HashMap::new();
    for use_ in &lw.directives.uses {
        let declared = by_directive.get(use_.name.as_str());
        let Some(params) = declared.map(Vec::as_slice).or_else(|| known_params(&use_.name)) else { continue };
        if let Some(problem) = argument_problem(&use_.name, params, use_.args.iter().map(|(n, _)| n.as_str())) {
            return Err(fail(codes::ATTRIBUTE_SCOPE, problem, &use_.loc));
        }
        for (arg, value) in &use_.args {
            let Some(param) = params.iter().find(|p| p.name == *arg) else { continue };
            let types = if declared.is_some() { by_name } else { &built_in };
            if !fits(value, &param.type_, &lw.slots, types, 0, true) {
                let rendered = match param.shown {
                    Some(shown) => Str::new(shown),
                    None => render_type(&param.type_, &lw.slots),
                };
                return Err(fail(
                    codes::ATTRIBUTE_TYPE,
                    format!("the value of argument {arg} of @{} does not fit its type {rendered}", use_.name),
                    &use_.loc.child(&["args", arg.as_str()]),
                ));
            }
        }
    }
    Ok(())
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
