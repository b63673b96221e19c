//! directive_literals: the literal values that applied directives and defaults
//! carry. Each is checked (`check_literal`: object keys are GraphQL names, enum
//! literals valid enum values, nesting within MAX_LIST_NESTING, record 0032), and
//! the values of a directive applied but never declared give it a definition
//! (record 0065: `infer_use` for each use, `inferred_definitions` at the end), so
//! the output stays a valid schema. Mirrors js/src/directive-literals.ts.

use foldhash::{HashSet, HashSetExt};
use indexmap::IndexMap;

use crate::errors::{codes, ConversionError, Diagnostic};
use crate::json::{Str, Value};
use crate::loc::Loc;
use crate::lower::{fail, where_};
use crate::lower_directives::{DraftDirectiveDef, DIRECTIVE_LOCATIONS};
use crate::print::ENUM_LITERAL_KEY;
use crate::slots::DraftInputValue;
use crate::text::format_number;
use crate::type_expr::{parse_type_expr, JSON_SCALAR, MAX_LIST_NESTING};

type Res<T> = Result<T, ConversionError>;

/// What the uses of one undeclared directive say about its definition.
#[derive(Debug, Clone)]
pub struct Inference {
    name: String,
    /// The first use, where the warning points.
    loc: Loc,
    /// Argument name -> what its values say about its type, in first-seen order.
    args: IndexMap<String, InferredType>,
    locations: HashSet<String>,
    repeatable: bool,
}

/// Adds one use of the undeclared directive `name` to `inferred`: where it stands,
/// whether it is repeated, and what each argument's value says about its type.
pub fn infer_use(
    inferred: &mut IndexMap<String, Inference>,
    name: &str,
    args: &[(String, Value)],
    location: &str,
    repeated: bool,
    loc: &Loc,
) -> Res<()> {
    let inf = inferred.entry(name.to_string()).or_insert_with(|| Inference {
        name: name.to_string(),
        loc: loc.clone(),
        args: IndexMap::new(),
        locations: HashSet::new(),
        repeatable: false,
    });
    inf.locations.insert(location.to_string());
    if repeated {
        inf.repeatable = true;
    }
    for (arg_name, value) in args {
        let at = loc.child(&["args", arg_name.as_str()]);
        if let Some((kinds, at)) = infer_from(value, inf.args.entry(arg_name.clone()).or_default(), at) {
            return Err(fail(
                codes::ATTRIBUTE_TYPE,
                format!(
                    "the values of argument {arg_name} of @{name} have different types ({kinds}); declare @{name} in x-graphql-directive-definitions"
                ),
                &at,
            ));
        }
    }
    Ok(())
}

/// The inferred definitions (with a warning each), in first-use order, after `out`'s.
pub fn inferred_definitions(inferred: &IndexMap<String, Inference>, warnings: &mut Vec<Diagnostic>, out: &mut Vec<DraftDirectiveDef>) {
    for inf in inferred.values() {
        warnings.push(Diagnostic::warning(
            codes::DIRECTIVE_INFERRED,
            format!("directive @{} is not declared; its definition was inferred from its uses", inf.name),
            where_(&inf.loc),
        ));
        let mut args = Vec::new();
        for (arg_name, inferred) in &inf.args {
            let Some(type_) = parse_type_expr(&inferred.text()) else { continue };
            args.push(DraftInputValue {
                name: Str::new(arg_name),
                description: None,
                type_,
                default_value: None,
                directives: Vec::new(),
                deprecated_at: None,
                default_at: None,
                from_context_at: None,
            });
        }
        out.push(DraftDirectiveDef {
            name: inf.name.clone(),
            description: None,
            args,
            repeatable: inf.repeatable,
            locations: DIRECTIVE_LOCATIONS
                .iter()
                .filter(|l| inf.locations.contains(**l))
                .map(|l| (*l).to_string())
                .collect(),
        });
    }
}

/// What the values of one argument of an inferred directive say about its type
/// (record 0065): the deepest list nesting among them and the named type of
/// their items. `base` is unset while only `null`s and empty lists were seen.
#[derive(Debug, Clone, Default)]
struct InferredType {
    depth: usize,
    base: Option<&'static str>,
}

impl InferredType {
    /// `[[Float]]` for depth 2 and base Float; JSON when no value named a type.
    fn text(&self) -> String {
        let base = self.base.unwrap_or(JSON_SCALAR);
        format!("{}{base}{}", "[".repeat(self.depth), "]".repeat(self.depth))
    }
}

/// Adds one value (at `loc`) to an argument's inferred type, so that the type
/// fits every value of every use under GraphQL input coercion: a number that
/// prints as an integer within 32-bit range is an Int, any other a Float, and
/// Int with Float is Float; a list nests the type of all its items, and since
/// a single value coerces to a list of it, the deepest value decides the
/// nesting; an object (an input object or enum literal) is JSON. Named types
/// that disagree otherwise (String with Int, JSON with String) are a conflict
/// (issue #34: the author declares the directive): the kinds and the place of
/// the first value, in document order, that disagrees with those before it.
/// Iterative: a value nests up to MAX_LIST_NESTING levels (mirrors `inferFrom`).
fn infer_from(value: &Value, into: &mut InferredType, loc: Loc) -> Option<(String, Loc)> {
    let mut stack: Vec<(&Value, usize, Loc)> = vec![(value, 0, loc)];
    while let Some((v, depth, at)) = stack.pop() {
        if let Value::Array(items) = v {
            into.depth = into.depth.max(depth + 1);
            // Pushed last to first, so that the items are met in document order.
            for (i, item) in items.iter().enumerate().rev() {
                stack.push((item, depth + 1, at.child(&[i.to_string()])));
            }
            continue;
        }
        into.depth = into.depth.max(depth);
        if v.is_null() {
            continue;
        }
        let base = literal_base(v);
        into.base = Some(match into.base {
            None => base,
            Some(known) if known == base => base,
            Some("Int" | "Float") if matches!(base, "Int" | "Float") => "Float",
            Some(known) => return Some((format!("{}, then {}", kind_name(known), kind_name(base)), at)),
        });
    }
    None
}

/// How a conflict names the kind of value behind an inferred named type (mirrors `KIND_NAMES`).
fn kind_name(base: &str) -> &'static str {
    match base {
        "String" => "a string",
        "Boolean" => "a boolean",
        "Int" | "Float" => "a number",
        _ => "an object",
    }
}

/// The named type of a literal that is not a list or null, by how it prints:
/// `1` is an Int, `1.5` and `1e+21` are Floats.
fn literal_base(value: &Value) -> &'static str {
    match value {
        Value::String(_) => "String",
        Value::Bool(_) => "Boolean",
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(f64::NAN);
            let text = format_number(x);
            let digits = text.strip_prefix('-').unwrap_or(&text);
            let integer_text = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            if integer_text && (-2147483648.0..=2147483647.0).contains(&x) {
                "Int"
            } else {
                "Float"
            }
        }
        _ => JSON_SCALAR,
    }
}

/// `/^[_A-Za-z][_0-9A-Za-z]*$/` (a name, `__` allowed).
fn matches_name_re(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b == b'_' || b.is_ascii_alphabetic())
        && bytes.all(|b| b == b'_' || b.is_ascii_alphanumeric())
}

/// Object keys inside a literal must be GraphQL names to print as an object
/// value; `{"x-graphql-enum": "V"}` is the enum value V, which must be a name
/// other than true, false and null.
pub fn check_literal(value: &Value, loc: &Loc) -> Res<()> {
    // The depth counts lists and objects (not enum literals) as GraphQL nests them (record 0032).
    let mut stack: Vec<(&Value, Loc, usize)> = vec![(value, loc.clone(), 0)];
    let too_deep = |at: &Loc| {
        fail(codes::TOO_DEEP, format!("a value nests lists or objects more than {MAX_LIST_NESTING} levels deep"), at)
    };
    while let Some((v, at, depth)) = stack.pop() {
        match v {
            Value::Array(items) => {
                if depth >= MAX_LIST_NESTING {
                    return Err(too_deep(&at));
                }
                for (i, item) in items.iter().enumerate() {
                    stack.push((item, at.child(&[i.to_string()]), depth + 1));
                }
            }
            Value::Object(map) => {
                if map.len() == 1 {
                    if let Some(name) = map.get(ENUM_LITERAL_KEY) {
                        let ok = name
                            .as_str()
                            .is_some_and(|n| matches_name_re(n) && !matches!(n, "true" | "false" | "null"));
                        if !ok {
                            let what = match name {
                                Value::String(n) => format!("\"{n}\" is not a valid GraphQL enum value"),
                                _ => "x-graphql-enum must hold a GraphQL name".to_string(),
                            };
                            return Err(fail(codes::INVALID_NAME, what, &at.child(&[ENUM_LITERAL_KEY])));
                        }
                        continue;
                    }
                }
                if depth >= MAX_LIST_NESTING {
                    return Err(too_deep(&at));
                }
                for (k, item) in map {
                    let item_at = at.child(&[k]);
                    if !matches_name_re(k) {
                        return Err(fail(
                            codes::INVALID_NAME,
                            format!("\"{k}\" is not a valid GraphQL name for an object field"),
                            &item_at,
                        ));
                    }
                    stack.push((item, item_at, depth + 1));
                }
            }
            _ => {}
        }
    }
    Ok(())
}
