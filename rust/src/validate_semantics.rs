//! validate_semantics: the checks of `validate json-schema` that need more
//! than one attribute at a time, all of them collected. Mirrors
//! js/src/validate-semantics.ts (see there for the rules): explicit names,
//! type expressions, union members and interfaces that no type of the
//! document has (or of the wrong kind, when the kind is certain), federation
//! field sets (FIELD_SET, KEY_FIELD_SKIPPED).

use indexmap::IndexMap;
use crate::json::Value;

use crate::catalog::scope_of;
use crate::errors::{codes, ErrorCode, Diagnostic, Location, Severity};
use crate::field_set::{has_selection, parse_field_set};
use crate::load::pointer_join;
use crate::naming::{is_valid_name, to_field_name, to_type_name};
use crate::normalize::{attr, explicit_kind, explicit_type_name, subschemas};
use crate::loc::evaluate_pointer;
use crate::resolve::decode_uri_component;
use crate::type_expr::{is_builtin_scalar, parse_type_expr};

type Types = IndexMap<String, Option<String>>;

struct Out<'a> {
    file: Option<&'a str>,
    list: Vec<Diagnostic>,
}

impl Out<'_> {
    fn fail(&mut self, code: ErrorCode, message: String, pointer: &str) {
        let location =
            Location { file: self.file.map(str::to_string), pointer: Some(pointer.to_string()), line: None, column: None };
        let mut d = Diagnostic::warning(code, message, location);
        d.severity = Severity::Error;
        self.list.push(d);
    }

    fn warn(&mut self, code: ErrorCode, message: String, pointer: &str) {
        let location =
            Location { file: self.file.map(str::to_string), pointer: Some(pointer.to_string()), line: None, column: None };
        self.list.push(Diagnostic::warning(code, message, location));
    }
}

fn scope_word(s: &str) -> &str {
    match s {
        "root" => "the root schema",
        "object" => "object types",
        "enum" => "enums",
        "property" => "properties",
        other => other,
    }
}

/// The catalog's scopes where the place is certain (see checkScopes in TypeScript).
fn check_scopes(node: &Value, pointer: &str, out: &mut Out<'_>) {
    let Some(map) = node.as_object() else { return };
    let segments: Vec<&str> = pointer.split('/').collect();
    let container = if segments.len() >= 3 { Some(segments[segments.len() - 2]) } else { None };
    let is_root = pointer.is_empty();
    let is_definition = matches!(container, Some("definitions") | Some("$defs"));
    let primitive = matches!(map.get("type"), Some(Value::String(t)) if ["string", "number", "integer", "boolean", "null"].contains(&t.as_str()))
        && !map.contains_key("enum");
    for key in map.keys() {
        let Some(scope) = scope_of(key) else { continue };
        if scope.contains(&"any-schema") {
            continue;
        }
        let has = |s: &str| scope.contains(&s);
        let type_only = !has("property") && !has("root");
        let misplaced = (has("root") && scope.len() == 1 && !is_root)
            || (!has("root") && has("property") && !has("object") && !has("enum") && (is_root || is_definition))
            || (type_only && primitive);
        if misplaced {
            let words: Vec<&str> = scope.iter().map(|s| scope_word(s)).collect();
            let message = format!("{key} has no effect here: it applies to {}", words.join(", "));
            out.warn(codes::ATTRIBUTE_SCOPE, message, &pointer_join(pointer, &[key]));
        }
    }
}

pub fn semantic_problems(root: &Value, file: Option<&str>) -> Vec<Diagnostic> {
    let mut out = Out { file, list: Vec::new() };
    let types = type_table(root, file);
    let mut stack: Vec<(&Value, String)> = vec![(root, String::new())];
    while let Some((node, pointer)) = stack.pop() {
        if !node.is_object() {
            continue;
        }
        check_node(root, node, &pointer, &types, &mut out);
        let children = subschemas(node, &pointer);
        for c in children.into_iter().rev() {
            stack.push((c.node, c.pointer));
        }
    }
    out.list
}

fn check_node(root: &Value, node: &Value, pointer: &str, types: &Types, out: &mut Out<'_>) {
    check_scopes(node, pointer, out);
    if let Some((name, rel)) = explicit_type_name(node) {
        if !is_valid_name(&name) || is_builtin_scalar(&name) {
            out.fail(codes::INVALID_NAME, format!("\"{name}\" is not a valid GraphQL type name here"), &format!("{pointer}{rel}"));
        }
    }
    if let Some(Value::String(name)) = attr(node, "x-graphql-field-name") {
        if !is_valid_name(name) {
            let at = pointer_join(pointer, &["x-graphql-field-name"]);
            out.fail(codes::INVALID_NAME, format!("\"{name}\" is not a valid GraphQL name"), &at);
        }
    }
    if let Some(Value::String(t)) = attr(node, "x-graphql-field-type") {
        if parse_type_expr(t).is_none() {
            let at = pointer_join(pointer, &["x-graphql-field-type"]);
            out.fail(codes::FIELD_TYPE_SYNTAX, format!("\"{t}\" is not a GraphQL type expression"), &at);
        }
    }
    if let Some(Value::Object(args)) = attr(node, "x-graphql-field-arguments") {
        for (name, spec) in args {
            // (argument names are the catalog's: propertyNames)
            let at = pointer_join(pointer, &["x-graphql-field-arguments", name]);
            if let Some(Value::String(t)) = spec.as_object().and_then(|s| s.get("type")) {
                if parse_type_expr(t).is_none() {
                    let type_at = pointer_join(&at, &["type"]);
                    out.fail(codes::FIELD_TYPE_SYNTAX, format!("\"{t}\" is not a GraphQL type expression"), &type_at);
                }
            }
        }
    }
    named_types(node, pointer, "x-graphql-union-types", types, out);
    named_types(node, pointer, "x-graphql-implements", types, out);
    let Some(fields) = fields_of(Some(node)) else { return };
    for (at, set) in field_sets(node, pointer, "x-graphql-federation-keys") {
        check_field_set(root, "key", &set, &fields, &at, out, true);
    }
    let Some(Value::Object(props)) = node.get("properties") else { return };
    for (key, prop) in props {
        if !prop.is_object() {
            continue;
        }
        let prop_pointer = pointer_join(pointer, &["properties", key]);
        for (at, set) in field_sets(prop, &prop_pointer, "x-graphql-federation-requires") {
            check_field_set(root, "requires", &set, &fields, &at, out, false);
        }
        let Some(returned) = fields_of(returned_object(root, prop)) else { continue };
        for (at, set) in field_sets(prop, &prop_pointer, "x-graphql-federation-provides") {
            check_field_set(root, "provides", &set, &returned, &at, out, false);
        }
    }
}

/// `x-graphql-union-types` members must be object types, `x-graphql-implements` entries interfaces.
fn named_types(node: &Value, pointer: &str, attribute: &str, types: &Types, out: &mut Out<'_>) {
    let Some(Value::Array(list)) = attr(node, attribute) else { return };
    let union = attribute == "x-graphql-union-types";
    let expected = if union { "OBJECT" } else { "INTERFACE" };
    for (i, name) in list.iter().enumerate() {
        let Value::String(name) = name else { continue };
        if let Some(kind) = types.get(name.as_str()) {
            if kind.as_deref().is_none_or(|k| k == expected) {
                continue;
            }
        } else if types.contains_key(FILE_REFS) {
            // Types of referenced files are not in the table: a missing name is reported only when the document has none.
            continue;
        }
        let at = pointer_join(pointer, &[attribute.to_string(), i.to_string()]);
        if union {
            out.fail(codes::UNION_MEMBER, format!("union member {name} is not an object type of this schema"), &at);
        } else {
            out.fail(codes::IMPLEMENTS, format!("{name} is not an interface type of this schema"), &at);
        }
    }
}

/// A key of the type table that no GraphQL name can be: the document refers to other files.
const FILE_REFS: &str = "#file-refs";

/// The root type's name as the converter gives it (lower.rs) when there is no `title`.
fn root_names(file: Option<&str>) -> Vec<String> {
    let mut names = vec!["Root".to_string()];
    if let Some(file) = file {
        let base = file.rsplit(['/', '\\']).next().unwrap_or_default();
        let stem = match base.rfind('.') {
            Some(dot) if dot > 0 => &base[..dot],
            _ => base,
        };
        if !stem.is_empty() {
            names.push(to_type_name(stem));
        }
    }
    names
}

/// Type names of the document with their kind when it is certain.
fn type_table(root: &Value, file: Option<&str>) -> Types {
    let mut table: Types = IndexMap::new();
    let mut add = |name: String, node: &Value| {
        let kind = kind_of(node);
        match table.get(&name) {
            None | Some(None) => {
                table.insert(name, kind);
            }
            Some(known) if *known != kind => {
                table.insert(name, None);
            }
            Some(_) => {}
        }
    };
    match root.get("title") {
        Some(Value::String(title)) if !title.is_empty() => add(to_type_name(title), root),
        _ => {
            for name in root_names(file) {
                add(name, root);
            }
        }
    }
    for keyword in ["definitions", "$defs"] {
        if let Some(Value::Object(defs)) = root.get(keyword) {
            for (key, def) in defs {
                add(to_type_name(key), def);
            }
        }
    }
    let mut table_has_file_refs = false;
    let mut stack: Vec<&Value> = vec![root];
    while let Some(node) = stack.pop() {
        if !node.is_object() {
            continue;
        }
        if let Some((name, _)) = explicit_type_name(node) {
            add(name, node);
        }
        if let Some(Value::String(r)) = node.get("$ref") {
            if !r.starts_with('#') {
                table_has_file_refs = true;
            }
        }
        for c in subschemas(node, "") {
            stack.push(c.node);
        }
    }
    if table_has_file_refs {
        table.insert(FILE_REFS.to_string(), None);
    }
    table
}

fn kind_of(node: &Value) -> Option<String> {
    let map = node.as_object()?;
    if let Some(kind) = explicit_kind(node) {
        return Some(kind.to_string());
    }
    if map.contains_key("x-graphql-scalar") {
        return Some("SCALAR".to_string());
    }
    if map.get("enum").is_some_and(Value::is_array) {
        return Some("ENUM".to_string());
    }
    if map.get("properties").is_some_and(Value::is_object) && !map.contains_key("oneOf") && !map.contains_key("anyOf") {
        return Some("OBJECT".to_string());
    }
    None
}

struct FieldInfo<'a> {
    node: &'a Value,
    skipped: bool,
}

/// The GraphQL fields of an object schema by name; `None` when it has no
/// `properties`, or when it may get more fields than it lists (`allOf`, `$ref`,
/// interfaces whose fields are copied): then its field sets are not checked.
fn fields_of(node: Option<&Value>) -> Option<IndexMap<String, FieldInfo<'_>>> {
    let map = node?.as_object()?;
    if ["allOf", "$ref", "x-graphql-implements"].iter().any(|k| map.contains_key(k)) {
        return None;
    }
    let Some(Value::Object(props)) = map.get("properties") else { return None };
    let mut out = IndexMap::new();
    for (key, prop) in props {
        let name = match attr(prop, "x-graphql-field-name") {
            Some(Value::String(explicit)) => explicit.to_string(),
            _ => to_field_name(key).into(),
        };
        let skipped = attr(prop, "x-graphql-skip") == Some(&Value::Bool(true));
        out.insert(name, FieldInfo { node: prop, skipped });
    }
    Some(out)
}

/// The object a field returns, when the document shows it: inline, array items, or a local `$ref`.
fn returned_object<'a>(root: &'a Value, schema: &'a Value) -> Option<&'a Value> {
    let mut node = schema;
    for _ in 0..32 {
        let map = node.as_object()?;
        if let Some(Value::String(r)) = map.get("$ref") {
            let fragment = r.strip_prefix('#')?;
            let pointer = decode_uri_component(fragment).unwrap_or_else(|| fragment.to_string());
            node = evaluate_pointer(root, &pointer)?;
        } else if let Some(items @ Value::Object(_)) = map.get("items") {
            node = items;
        } else {
            return Some(node);
        }
    }
    None
}

/// The field-set strings of an attribute with their pointers (a string, a list, or `{fields}` entries).
fn field_sets(node: &Value, pointer: &str, attribute: &str) -> Vec<(String, String)> {
    let at = pointer_join(pointer, &[attribute]);
    match attr(node, attribute) {
        Some(Value::String(s)) => vec![(at, s.to_string())],
        Some(Value::Array(list)) => list
            .iter()
            .enumerate()
            .filter_map(|(i, entry)| match entry {
                Value::String(s) => Some((pointer_join(&at, &[i.to_string()]), s.to_string())),
                Value::Object(o) => match o.get("fields") {
                    Some(Value::String(s)) => Some((pointer_join(&at, &[i.to_string(), "fields".to_string()]), s.to_string())),
                    _ => None,
                },
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn check_field_set(
    root: &Value,
    directive: &str,
    set: &str,
    fields: &IndexMap<String, FieldInfo<'_>>,
    at: &str,
    out: &mut Out<'_>,
    key: bool,
) {
    let parsed = match parse_field_set(set) {
        Ok(parsed) => parsed,
        Err(message) => {
            out.fail(codes::FIELD_SET, format!("@{directive} field set \"{set}\" is not a field set: {message}"), at);
            return;
        }
    };
    // The fields each depth below the top selects from; `None` where the document does not show them.
    let mut within: Vec<Option<IndexMap<String, FieldInfo<'_>>>> = Vec::new();
    for (i, s) in parsed.iter().enumerate() {
        let scope = if s.depth == 0 { Some(fields) } else { within.get(s.depth - 1).and_then(Option::as_ref) };
        let field = scope.and_then(|scope| scope.get(&s.name));
        if scope.is_some() && field.is_none() {
            let message = format!("@{directive} field set \"{set}\" names {}, which is not a field of the type", s.name);
            out.fail(codes::FIELD_SET, message, at);
            return;
        }
        if key && s.depth == 0 && field.is_some_and(|f| f.skipped) {
            let message = format!("@key field set \"{set}\" names {}, which x-graphql-skip leaves out of the SDL", s.name);
            out.fail(codes::KEY_FIELD_SKIPPED, message, at);
            return;
        }
        if has_selection(&parsed, i) {
            let inner = field.and_then(|f| fields_of(returned_object(root, f.node)));
            within.truncate(s.depth);
            within.push(inner);
        }
    }
}

