//! type_of: one property schema -> a GraphQL type expression (D5, C2-C4, D14);
//! mirrors js/src/lower-types.ts.
//!
//! Order of the checks: `x-graphql-scalar`, `$ref`, a lone `allOf` ref (beside
//! branches that only annotate),
//! `oneOf`/`anyOf`, `enum`, `const`, then `type`. The returned `nullable` says
//! whether the schema itself admits null (D4 ranks it above `required`).
//!

use crate::json::Value;
use crate::json_reasons::{object_reason, objectish_reason, JsonReason};

use crate::errors::{codes, ConversionError};
use crate::lower::{fail, is_slot_kind, Classification, Lowering};
use crate::schema_shapes::{documented_enum, is_string_enum};
use crate::normalize::{attr, explicit_kind, explicit_type_name, is_ref_conjunction, ref_of};
use crate::mixed_unions::{branch_types, mixed_union_slot};
use crate::options::{is_integer, MixedUnions};
use crate::loc::{loc_key, Loc, Target};
use crate::slots::{BaseName, SlotId, SlotKind};
use crate::text::format_number;
use crate::type_expr::{is_builtin_scalar, list_of, named, slot, TypeExpr, JSON_SCALAR};

#[derive(Debug, Clone)]
pub struct TypeContext<'a> {
    /// The type whose field is being lowered: inline types become its children.
    pub owner: SlotId,
    /// The property key, for `<Type><Field>` names (copied only by a type that takes it).
    pub key: &'a str,
    /// Inside an input type: inline objects become input types too (C6).
    pub input: bool,
}

#[derive(Debug, Clone)]
pub struct TypeInfo {
    pub type_: TypeExpr,
    pub nullable: bool,
}

const INT_MIN: f64 = -2147483648.0;
const INT_MAX: f64 = 2147483647.0;

type Res<T> = Result<T, ConversionError>;

/// How deep `type_of` may recurse (through array items, lone branches and
/// chains of aliases): the same limit as JSON nesting, in both implementations,
/// so a deep chain is the same clear error on both sides, never a stack overflow.
pub const MAX_TYPE_DEPTH: usize = 1000;

pub fn type_of(lw: &mut Lowering, schema: &Value, loc: &Loc, ctx: &TypeContext<'_>) -> Res<TypeInfo> {
    if lw.type_depth >= MAX_TYPE_DEPTH {
        return Err(fail(
            codes::TOO_DEEP,
            format!("types nest deeper than {MAX_TYPE_DEPTH} levels here (array items, branches and $refs to aliases)"),
            loc,
        ));
    }
    lw.type_depth += 1;
    let result = type_of_node(lw, schema, loc, ctx);
    lw.type_depth -= 1;
    result
}

/// The keywords `type_of` and `allows_null` read, found in one pass over a node's
/// members. Read one by one, a property's type took about a dozen lookups, each a
/// search of all its keys (`json.rs` `Map::get`): 40% of the crate's lookups at
/// N = 5,000 (callgrind). A map holds each key once, so the
/// member found here is the one `attr` would give.
#[derive(Default)]
struct Keywords<'a> {
    scalar: Option<&'a Value>,
    ref_: Option<&'a Value>,
    dynamic_ref: Option<&'a Value>,
    properties: Option<&'a Value>,
    all_of: Option<&'a Value>,
    one_of: Option<&'a Value>,
    any_of: Option<&'a Value>,
    enum_: Option<&'a Value>,
    const_: Option<&'a Value>,
    type_: Option<&'a Value>,
    items: Option<&'a Value>,
}

impl<'a> Keywords<'a> {
    /// None but for an object.
    fn of(node: &'a Value) -> Keywords<'a> {
        let mut kw = Keywords::default();
        let Value::Object(map) = node else { return kw };
        for (key, value) in map {
            let slot = match key.as_str() {
                "x-graphql-scalar" => &mut kw.scalar,
                "$ref" => &mut kw.ref_,
                "$dynamicRef" => &mut kw.dynamic_ref,
                "properties" => &mut kw.properties,
                "allOf" => &mut kw.all_of,
                "oneOf" => &mut kw.one_of,
                "anyOf" => &mut kw.any_of,
                "enum" => &mut kw.enum_,
                "const" => &mut kw.const_,
                "type" => &mut kw.type_,
                "items" => &mut kw.items,
                _ => continue,
            };
            *slot = Some(value);
        }
        kw
    }
}

/// The keywords that only annotate a value (JSON Schema's meta-data vocabulary, and `$comment`).
const ANNOTATIONS: [&str; 8] = ["title", "description", "default", "examples", "$comment", "readOnly", "writeOnly", "deprecated"];

/// An `allOf` branch that only annotates (`{"default": 0}` beside a `$ref`, the
/// draft-06/07 meta-schemas' own pattern) never changes the type (record 0078).
pub fn is_annotation_only(branch: &Value) -> bool {
    match branch {
        Value::Object(map) => map.keys().all(|k| ANNOTATIONS.contains(&k.as_str())),
        _ => false,
    }
}

/// The index of the one `allOf` branch that does more than annotate; None when there are none or several.
fn sole_typing_branch(all_of: &[Value]) -> Option<usize> {
    let mut found = None;
    for (i, branch) in all_of.iter().enumerate() {
        if is_annotation_only(branch) {
            continue;
        }
        if found.is_some() {
            return None;
        }
        found = Some(i);
    }
    found
}

/// `null` allowed by the node itself: in a `type` list, in `enum`, or a null branch.
pub fn allows_null(node: &Value) -> bool {
    allows_null_in(&Keywords::of(node))
}

fn allows_null_in(kw: &Keywords<'_>) -> bool {
    match kw.type_ {
        Some(Value::String(t)) if t == "null" => return true,
        Some(Value::Array(types)) if types.iter().any(|t| t.as_str() == Some("null")) => return true,
        _ => {}
    }
    if let Some(Value::Array(list)) = kw.enum_ {
        if list.iter().any(Value::is_null) {
            return true;
        }
    }
    for branches in [kw.one_of, kw.any_of] {
        if let Some(Value::Array(branches)) = branches {
            if branches.iter().any(|b| b.is_object() && attr(b, "type").and_then(Value::as_str) == Some("null")) {
                return true;
            }
        }
    }
    false
}

fn type_of_node(lw: &mut Lowering, schema: &Value, loc: &Loc, ctx: &TypeContext<'_>) -> Res<TypeInfo> {
    let node = schema;
    if !node.is_object() {
        return Ok(json(lw, false, JsonReason::Untyped));
    }
    let kw = Keywords::of(node);
    let nullable = allows_null_in(&kw);
    if let Some(scalar @ Value::Object(_)) = kw.scalar {
        if let Some(Value::String(name)) = attr(scalar, "name") {
            lw.declare_scalar(scalar, loc)?;
            return Ok(TypeInfo { type_: named(name.to_string()), nullable });
        }
    }
    // `$ref`, else `$dynamicRef` (normalize.rs `ref_of`).
    let ref_ = match (kw.ref_, kw.dynamic_ref) {
        (Some(Value::String(r)), _) | (_, Some(Value::String(r))) => Some(r),
        _ => None,
    };
    // Under 2019-09 / 2020-12 a `$ref` with properties or allOf beside it is an object (record 0080).
    let conjunction = ref_.is_some() && is_ref_conjunction(node, loc.source().draft);
    if let Some(r) = ref_.filter(|_| !conjunction) {
        let target = lw.resolver.resolve(r, loc)?;
        let info = type_of_target(lw, target, ctx)?;
        return Ok(TypeInfo { type_: info.type_, nullable: info.nullable || nullable });
    }
    let has_properties = kw.properties.is_some_and(Value::is_object);
    let all_of = kw.all_of;
    if let Some(Value::Array(list)) = all_of {
        if !has_properties && !conjunction {
            if let Some(i) = sole_typing_branch(list) {
                let only = &list[i];
                if only.is_object() && ref_of(only).is_some() {
                    let info = type_of(lw, only, &at(loc, &["allOf", &i.to_string()]), ctx)?;
                    return Ok(TypeInfo { type_: info.type_, nullable: info.nullable || nullable });
                }
            }
        }
    }
    if !has_properties {
        for (keyword, branches) in [("oneOf", kw.one_of), ("anyOf", kw.any_of)] {
            if let Some(Value::Array(list)) = branches {
                if !list.is_empty() {
                    return branches_type(lw, node, list, keyword, loc, ctx, nullable);
                }
            }
        }
    }
    if let Some(Value::Array(list)) = kw.enum_ {
        return enum_type(lw, node, list, loc, ctx, nullable);
    }
    if let Some(value) = kw.const_ {
        let type_ = scalar_of_values(lw, std::slice::from_ref(value));
        return Ok(TypeInfo { type_, nullable: nullable || value.is_null() });
    }

    // `type` as a list (a lone value is a list of one), read without collecting it.
    let types: &[Value] = match kw.type_ {
        Some(Value::Array(list)) => list,
        None => &[],
        Some(t) => std::slice::from_ref(t),
    };
    if types.is_empty() {
        if has_properties || explicit_kind(node).is_some() || all_of.is_some_and(Value::is_array) {
            return object_type(lw, node, loc, ctx, nullable);
        }
        return Ok(json(lw, nullable, JsonReason::Untyped));
    }
    // The one type that is not "null"; none or several is JSON.
    let mut non_null_types = types.iter().filter(|t| t.as_str() != Some("null"));
    let (Some(only), None) = (non_null_types.next(), non_null_types.next()) else {
        return Ok(json(lw, nullable, JsonReason::SeveralTypes));
    };
    match only.as_str() {
        Some("string") => {
            let name = format_scalar(lw, node, loc)?.unwrap_or_else(|| "String".to_string());
            Ok(TypeInfo { type_: named(name), nullable })
        }
        Some("integer") => {
            if let Some(mapped) = format_scalar(lw, node, loc)? {
                return Ok(TypeInfo { type_: named(mapped), nullable });
            }
            check_int_range(lw, node, loc);
            Ok(TypeInfo { type_: named("Int"), nullable })
        }
        Some("number") => {
            let name = format_scalar(lw, node, loc)?.unwrap_or_else(|| "Float".to_string());
            Ok(TypeInfo { type_: named(name), nullable })
        }
        Some("boolean") => Ok(TypeInfo { type_: named("Boolean"), nullable }),
        Some("array") => {
            let Some(items @ Value::Object(_)) = kw.items else {
                lw.json_reason = Some(JsonReason::Untyped);
                return Ok(TypeInfo { type_: list_of(json_type(lw)), nullable });
            };
            let items = type_of(lw, items, &at(loc, &["items"]), ctx)?;
            Ok(TypeInfo { type_: list_of(items.type_), nullable })
        }
        Some("object") => object_type(lw, node, loc, ctx, nullable),
        _ => Ok(json(lw, nullable, JsonReason::UnknownType)),
    }
}

/// A `$ref` target: a named type, or (for an alias) the type of what it says.
fn type_of_target(lw: &mut Lowering, first: Target, ctx: &TypeContext<'_>) -> Res<TypeInfo> {
    let target = lw.follow_refs(first)?;
    if lw.resolver.is_unresolved(&target) {
        return Ok(json(lw, false, JsonReason::UnresolvedRef));
    }
    let kind = lw.classify(&target)?;
    // An input holds no union: a mixed union there stays JSON (record 0085).
    if kind == Classification::Slot(SlotKind::Union) && ctx.input && lw.is_mixed_union(&target)? {
        return Ok(json(lw, false, JsonReason::MixedUnion));
    }
    if let Some(kind) = is_slot_kind(kind) {
        let slot_kind = if kind == SlotKind::Object && ctx.input && !lw.slot_keys.contains(&target.loc) {
            SlotKind::Input
        } else {
            kind
        };
        let id = lw.slot_for(&target, slot_kind, ctx.owner, BaseName::Target(target.clone()));
        return Ok(TypeInfo { type_: slot(id), nullable: false });
    }
    if kind != Classification::Alias {
        return Ok(json(lw, false, object_reason(target.node())));
    }
    // An alias that reaches itself again (an array of itself) has no GraphQL type.
    let key = loc_key(&target.loc);
    if lw.alias_stack.contains(&key) {
        // Under mixedUnions "types" a mixed union met again while its branches are typed
        // is what it is: JSON (record 0085).
        if lw.options.mixed_unions == MixedUnions::Types && lw.is_mixed_union(&target)? {
            return Ok(json(lw, false, JsonReason::MixedUnion));
        }
        return Err(fail(
            codes::REF_CYCLE,
            "this definition contains itself with no named type in between",
            &target.loc,
        ));
    }
    lw.alias_stack.insert(key.clone());
    let result = type_of(lw, target.node(), &target.loc, ctx);
    lw.alias_stack.remove(&key);
    result
}

/// C3: null branches make the field nullable; one branch left is that branch; refs to objects are a union.
fn branches_type(
    lw: &mut Lowering,
    node: &Value,
    list: &[Value],
    keyword: &str,
    loc: &Loc,
    ctx: &TypeContext<'_>,
    nullable: bool,
) -> Res<TypeInfo> {
    let branches: Vec<(&Value, usize)> = list
        .iter()
        .enumerate()
        .filter(|(_, b)| !(b.is_object() && attr(b, "type").and_then(Value::as_str) == Some("null")))
        .map(|(i, b)| (b, i))
        .collect();
    let with_null = nullable || branches.len() < list.len();
    if branches.len() > 1 && documented_enum(node).is_some() {
        // Record 0081: branches that each document one string value are an enum.
        return Ok(TypeInfo { type_: slot(enum_slot(lw, node, loc, ctx)), nullable: with_null });
    }
    if let [(only, index)] = branches.as_slice() {
        let info = type_of(lw, only, &at(loc, &[keyword.to_string(), index.to_string()]), ctx)?;
        return Ok(TypeInfo { type_: info.type_, nullable: info.nullable || with_null });
    }
    let target = Target { loc: loc.clone() };
    if branches.len() > 1 && lw.ref_union_members(&target)?.is_some() {
        let base = BaseName::OwnerKey { owner: ctx.owner, key: ctx.key.to_string() };
        let id = lw.slot_for(&target, SlotKind::Union, ctx.owner, base);
        return Ok(TypeInfo { type_: slot(id), nullable: with_null });
    }
    // Record 0085: objects mixed with scalars, under mixedUnions "wrap" or "types"; JSON in an input.
    if !ctx.input && lw.is_mixed_union(&target)? {
        if lw.options.mixed_unions == MixedUnions::Wrap {
            let id = mixed_union_slot(lw, &target, ctx);
            return Ok(TypeInfo { type_: slot(id), nullable: with_null });
        }
        let types = branch_types(lw, &target, ctx)?;
        let info = json(lw, with_null, JsonReason::MixedUnion);
        lw.json_branches = Some(types);
        return Ok(info);
    }
    Ok(json(lw, with_null, JsonReason::MixedUnion))
}

/// D7: a string enum is an enum type (named `<Type><Field>` inline); others are scalars.
fn enum_type(
    lw: &mut Lowering,
    node: &Value,
    list: &[Value],
    loc: &Loc,
    ctx: &TypeContext<'_>,
    nullable: bool,
) -> Res<TypeInfo> {
    if is_string_enum(node) {
        return Ok(TypeInfo { type_: slot(enum_slot(lw, node, loc, ctx)), nullable });
    }
    let values: Vec<Value> = list.iter().filter(|v| !v.is_null()).cloned().collect();
    if values.is_empty() {
        lw.warn(codes::EMPTY_ENUM, "enum lists no values; the field is a String", &at(loc, &["enum"]));
        return Ok(TypeInfo { type_: named("String"), nullable });
    }
    Ok(TypeInfo { type_: scalar_of_values(lw, &values), nullable })
}

/// The enum slot of an inline enum: named `<Type><Field>`, or by x-graphql-type-name.
fn enum_slot(lw: &mut Lowering, node: &Value, loc: &Loc, ctx: &TypeContext<'_>) -> SlotId {
    if let Some(&existing) = lw.slot_keys.get(loc) {
        return existing;
    }
    let target = Target { loc: loc.clone() };
    let base = match explicit_type_name(node) {
        Some((name, _)) => BaseName::Fixed(name),
        None => BaseName::OwnerKey { owner: ctx.owner, key: ctx.key.to_string() },
    };
    lw.slot_for(&target, SlotKind::Enum, ctx.owner, base)
}

/// D14: an anonymous inline object is JSON unless something makes it a named type.
fn object_type(lw: &mut Lowering, node: &Value, loc: &Loc, ctx: &TypeContext<'_>, nullable: bool) -> Res<TypeInfo> {
    let target = Target { loc: loc.clone() };
    let kind = lw.classify(&target)?;
    let Some(kind) = is_slot_kind(kind) else { return Ok(json(lw, nullable, objectish_reason(node))) };
    if let Some(&existing) = lw.slot_keys.get(loc) {
        return Ok(TypeInfo { type_: slot(existing), nullable });
    }
    let merged = lw.merged(&target)?;
    let surfaced_required = merged.properties.iter().any(|p| {
        p.required && !p.skip
    });
    // A `$ref` extended by properties (record 0080) names its type, as a ref does.
    let forced = FORCING_ATTRIBUTES.iter().any(|a| attr(node, a).is_some()) || is_ref_conjunction(node, loc.source().draft);
    let is_named = lw.ref_targets.contains(loc)
        || forced
        || (lw.field_count(&merged) as f64) > lw.options.inline_object_threshold
        || surfaced_required
        || attr(node, "oneOf").is_some_and(Value::is_array)
        || attr(node, "anyOf").is_some_and(Value::is_array);
    if !is_named {
        return Ok(json(lw, nullable, JsonReason::SmallObject));
    }
    let slot_kind = if ctx.input && kind == SlotKind::Object { SlotKind::Input } else { kind };
    let id = lw.slot_for(&target, slot_kind, ctx.owner, BaseName::Target(target.clone()));
    Ok(TypeInfo { type_: slot(id), nullable })
}

/// Type-level attributes that ask for a named type even for a small inline object.
const FORCING_ATTRIBUTES: [&str; 6] = [
    "x-graphql-type-name",
    "x-graphql-type",
    "x-graphql-type-kind",
    "x-graphql-implements",
    "x-graphql-federation-keys",
    "x-graphql-type-directives",
];

/// D5: the scalar that holds all of these JSON values.
fn scalar_of_values(lw: &mut Lowering, values: &[Value]) -> TypeExpr {
    let mut kinds: Vec<&'static str> = Vec::new();
    for v in values {
        let kind = match v {
            Value::Number(n) => {
                if n.as_f64().is_some_and(is_integer) {
                    "Int"
                } else {
                    "Float"
                }
            }
            Value::String(_) => "String",
            Value::Bool(_) => "Boolean",
            _ => JSON_SCALAR,
        };
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    match kinds.as_slice() {
        [only] if *only == JSON_SCALAR => {
            lw.json_reason = Some(JsonReason::MixedValues);
            json_type(lw)
        }
        [only] => named(*only),
        [a, b] if (*a == "Int" && *b == "Float") || (*a == "Float" && *b == "Int") => named("Float"),
        _ => {
            lw.json_reason = Some(JsonReason::MixedValues);
            json_type(lw)
        }
    }
}

fn check_int_range(lw: &mut Lowering, node: &Value, loc: &Loc) {
    for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
        if let Some(bound) = attr(node, key).and_then(Value::as_f64) {
            if !(INT_MIN..=INT_MAX).contains(&bound) {
                lw.warn(
                    codes::INT_RANGE,
                    format!("{key} {} is outside the 32-bit range of GraphQL Int", format_number(bound)),
                    &at(loc, &[key]),
                );
                return;
            }
        }
    }
    if let Some(format) = attr(node, "format").and_then(Value::as_str) {
        if WIDE_INT_FORMATS.contains(&format) {
            lw.warn(
                codes::INT_RANGE,
                format!("format {format} is outside the 32-bit range of GraphQL Int (map it with formatScalars)"),
                &at(loc, &["format"]),
            );
        }
    }
}

/// Integer formats whose values do not fit GraphQL's 32-bit Int (record 0082).
const WIDE_INT_FORMATS: [&str; 3] = ["int64", "uint32", "uint64"];

/// The spec a format's values follow, for `@specifiedBy` (record 0082).
fn format_spec(format: &str) -> Option<&'static str> {
    Some(match format {
        "date-time" | "date" | "time" | "duration" => "https://www.rfc-editor.org/rfc/rfc3339",
        "uuid" => "https://www.rfc-editor.org/rfc/rfc4122",
        "uri" | "uri-reference" => "https://www.rfc-editor.org/rfc/rfc3986",
        "email" => "https://www.rfc-editor.org/rfc/rfc5321",
        "hostname" => "https://www.rfc-editor.org/rfc/rfc1123",
        "ipv4" => "https://www.rfc-editor.org/rfc/rfc2673",
        "ipv6" => "https://www.rfc-editor.org/rfc/rfc4291",
        _ => return None,
    })
}

/// Record 0082: the scalar `formatScalars` maps the node's `format` to, declared (once,
/// with `@specifiedBy` when the format's spec is known) unless it is a built-in scalar.
fn format_scalar(lw: &mut Lowering, node: &Value, loc: &Loc) -> Res<Option<String>> {
    let Some(format) = attr(node, "format").and_then(Value::as_str) else { return Ok(None) };
    let Some(name) = lw.options.format_scalars.iter().find(|(f, _)| f == format).map(|(_, s)| s.clone()) else {
        return Ok(None);
    };
    if is_builtin_scalar(&name) {
        return Ok(Some(name));
    }
    let mut scalar = crate::json::Map::new();
    scalar.insert(crate::json::Key::from("name"), Value::String(name.as_str().into()));
    if let Some(url) = format_spec(format) {
        scalar.insert(crate::json::Key::from("specifiedByURL"), Value::String(url.into()));
    }
    lw.declare_scalar(&Value::Object(scalar), loc)?;
    Ok(Some(name))
}

fn json_type(_lw: &mut Lowering) -> TypeExpr {
    named(JSON_SCALAR)
}

/// The JSON scalar, and why (record 0079: read by `lower_field`).
fn json(lw: &mut Lowering, nullable: bool, reason: JsonReason) -> TypeInfo {
    lw.json_reason = Some(reason);
    lw.json_branches = None;
    TypeInfo { type_: json_type(lw), nullable }
}

fn at<S: AsRef<str>>(loc: &Loc, segments: &[S]) -> Loc {
    loc.child(segments)
}
