//! SDL -> standard introspection JSON (record 0091): the twin of
//! js/src/introspection.ts, whose module comment says what graphql-js 16's
//! `introspectionFromSchema` does and this module repeats (the type map's
//! order, 9 levels of `ofType`, default values as `astFromValue` prints them,
//! `isDeprecated` as `deprecationReason != null`, the implied roots).
//! The built-ins' entries are data: schemas/graphql-introspection-builtins.json.

use std::collections::{HashMap, HashSet};

use crate::canonical::is_specified_by_attribute;
use crate::describe::{possible_types, DEFAULT_DEPRECATION_REASON};
use crate::errors::ConversionError;
use crate::ir::{AppliedDirective, Definition, DirectiveDef, Document, FieldDef, InputValueDef, ObjectKind, ObjectTypeDef, OPERATION_KINDS};
use crate::json::{Map, Value};
use crate::json_print::print_json;
use crate::load::load_json;
use crate::print::{enum_literal, print_value};
use crate::sdl_read::read_sdl;
use crate::text::{format_number, print_string};

/// The built-ins' entries, embedded.
pub const BUILTINS: &str = include_str!("../schemas/graphql-introspection-builtins.json");
/// The `ofType` levels of graphql-js's introspection query (`typeDepth`).
pub const TYPE_DEPTH: usize = 9;
pub const SPECIFIED_DIRECTIVES: [&str; 5] = ["include", "skip", "deprecated", "specifiedBy", "oneOf"];

/// The entries of the built-in scalars and introspection types, and of the specified directives.
pub fn introspection_builtins() -> (Vec<Value>, Vec<Value>) {
    let root = load_json(BUILTINS, None).expect("the embedded introspection built-ins are JSON");
    let list = |key: &str| root.get(key).and_then(Value::as_array).map(|a| a.iter().cloned().collect()).unwrap_or_default();
    (list("types"), list("directives"))
}

/// True for a name introspection gives itself: a built-in scalar or an introspection type.
pub fn is_built_in_type_name(name: &str) -> bool {
    name.starts_with("__") || matches!(name, "String" | "Int" | "Float" | "Boolean" | "ID")
}

/// SDL text -> introspection JSON text (2-space indent, one trailing newline).
pub fn introspect(sdl: &str, file: Option<&str>) -> Result<String, ConversionError> {
    let doc = read_sdl(sdl, file)?;
    Ok(print_json(&introspection_of(&doc)))
}

fn s(text: &str) -> Value {
    Value::String(text.into())
}

fn opt(text: Option<&str>) -> Value {
    text.map_or(Value::Null, s)
}

/// A type expression as wrappers (outermost first) and the named type.
fn wrappers(type_: &str) -> (Vec<&'static str>, &str) {
    let mut out = Vec::new();
    let mut t = type_;
    loop {
        if let Some(inner) = t.strip_suffix('!') {
            out.push("NON_NULL");
            t = inner;
        } else if let Some(inner) = t.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            out.push("LIST");
            t = inner;
        } else {
            return (out, t);
        }
    }
}

fn base_name(type_: &str) -> &str {
    wrappers(type_).1
}

fn kind_name(def: &Definition) -> (&'static str, &str) {
    match def {
        Definition::Object(o) => (
            match o.kind {
                ObjectKind::Object => "OBJECT",
                ObjectKind::Interface => "INTERFACE",
                ObjectKind::Input => "INPUT_OBJECT",
            },
            &o.name,
        ),
        Definition::Union(t) => ("UNION", &t.def.name),
        Definition::Enum(t) => ("ENUM", &t.def.name),
        Definition::Scalar(t) => ("SCALAR", &t.def.name),
        Definition::Directive(t) => ("DIRECTIVE", &t.def.name),
    }
}

struct Ctx<'a> {
    defs: HashMap<&'a str, &'a Definition>,
    builtins: HashMap<String, Value>,
}

impl Ctx<'_> {
    fn kind_of(&self, name: &str) -> String {
        if let Some(d) = self.defs.get(name) {
            return kind_name(d).0.to_string();
        }
        self.builtins.get(name).and_then(|b| b.get("kind")).and_then(Value::as_str).unwrap_or("SCALAR").to_string()
    }

    fn known(&self, name: &str) -> bool {
        self.defs.contains_key(name) || self.builtins.contains_key(name)
    }

    fn children(&self, name: &str) -> Vec<String> {
        let Some(d) = self.defs.get(name) else {
            return self.builtins.get(name).map(builtin_children).unwrap_or_default();
        };
        match d {
            Definition::Union(t) => t.def.members.iter().map(|m| m.to_string()).collect(),
            Definition::Object(o) if o.kind == ObjectKind::Input => {
                o.fields.iter().map(|f| base_name(&f.type_).to_string()).collect()
            }
            Definition::Object(o) => {
                let mut out: Vec<String> = o.interfaces.iter().map(|i| i.to_string()).collect();
                for f in &o.fields {
                    out.push(base_name(&f.type_).to_string());
                    out.extend(f.args.iter().map(|a| base_name(&a.type_).to_string()));
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// A type reference: `kind`, `name`, then `ofType` levels of `name`, `kind`, TYPE_DEPTH deep.
    fn type_ref(&self, type_: &str) -> Value {
        let (wraps, name) = wrappers(type_);
        let levels = (wraps.len() + 1).min(TYPE_DEPTH + 1);
        let mut inner: Option<Value> = None;
        for depth in (0..levels).rev() {
            let (kind, level_name) = match wraps.get(depth) {
                Some(w) => (w.to_string(), Value::Null),
                None => (self.kind_of(name), s(name)),
            };
            let mut out = Map::new();
            if depth == 0 {
                out.insert("kind", s(&kind));
                out.insert("name", level_name);
            } else {
                out.insert("name", level_name);
                out.insert("kind", s(&kind));
            }
            if depth < TYPE_DEPTH {
                out.insert("ofType", inner.take().unwrap_or(Value::Null));
            }
            inner = Some(Value::Object(out));
        }
        inner.unwrap_or(Value::Null)
    }
}

fn builtin_children(entry: &Value) -> Vec<String> {
    let refs = |key: &str| entry.get(key).and_then(Value::as_array).map(|a| a.iter().cloned().collect::<Vec<_>>()).unwrap_or_default();
    let mut out = Vec::new();
    for i in refs("interfaces") {
        out.push(named_of_ref(&i));
    }
    for f in refs("fields") {
        out.push(named_of_ref(f.get("type").unwrap_or(&Value::Null)));
        for a in f.get("args").and_then(Value::as_array).map(|a| a.iter().collect::<Vec<_>>()).unwrap_or_default() {
            out.push(named_of_ref(a.get("type").unwrap_or(&Value::Null)));
        }
    }
    for f in refs("inputFields") {
        out.push(named_of_ref(f.get("type").unwrap_or(&Value::Null)));
    }
    for p in refs("possibleTypes") {
        out.push(named_of_ref(&p));
    }
    out
}

fn named_of_ref(r: &Value) -> String {
    let mut r = r;
    while r.get("name").is_some_and(Value::is_null) {
        match r.get("ofType") {
            Some(next) if next.is_object() => r = next,
            _ => break,
        }
    }
    r.get("name").and_then(Value::as_str).unwrap_or_default().to_string()
}

/// The type map's order (graphql-js GraphQLSchema constructor): insertion stamps,
/// a deletion drops the stamp and a later insertion takes a new one.
struct TypeSet {
    stamps: HashMap<String, usize>,
    next: usize,
}

impl TypeSet {
    fn add(&mut self, name: &str) {
        self.stamps.insert(name.to_string(), self.next);
        self.next += 1;
    }

    /// graphql-js `collectReferencedTypes`, depth first, iteratively.
    fn collect(&mut self, ctx: &Ctx, start: &str) {
        if self.stamps.contains_key(start) || !ctx.known(start) {
            return;
        }
        self.add(start);
        let mut stack: Vec<(Vec<String>, usize)> = vec![(ctx.children(start), 0)];
        while let Some(top) = stack.last_mut() {
            if top.1 >= top.0.len() {
                stack.pop();
                continue;
            }
            let next = top.0[top.1].clone();
            top.1 += 1;
            if self.stamps.contains_key(&next) || !ctx.known(&next) {
                continue;
            }
            self.add(&next);
            stack.push((ctx.children(&next), 0));
        }
    }
}

pub fn introspection_of(doc: &Document) -> Value {
    let mut defs: HashMap<&str, &Definition> = HashMap::new();
    let mut order: Vec<&str> = Vec::new();
    let mut directives: Vec<&DirectiveDef> = Vec::new();
    for d in &doc.definitions {
        if let Definition::Directive(t) = d {
            directives.push(&t.def);
            continue;
        }
        let name = kind_name(d).1;
        if !defs.contains_key(name) {
            defs.insert(name, d);
            order.push(name);
        }
    }
    let (builtin_types, builtin_directives) = introspection_builtins();
    let builtins: HashMap<String, Value> = builtin_types
        .into_iter()
        .map(|t| (t.get("name").and_then(Value::as_str).unwrap_or_default().to_string(), t))
        .collect();
    let ctx = Ctx { defs, builtins };

    let mut set = TypeSet { stamps: HashMap::new(), next: 0 };
    for name in &order {
        set.add(name);
    }
    for name in &order {
        set.stamps.remove(*name);
        set.collect(&ctx, name);
    }
    let roots = root_types(doc, &ctx);
    for root in roots.iter().flatten() {
        set.collect(&ctx, root);
    }
    let defined: HashSet<&str> = directives.iter().map(|d| d.name.as_str()).collect();
    let specified: Vec<Value> = builtin_directives
        .into_iter()
        .filter(|d| !defined.contains(d.get("name").and_then(Value::as_str).unwrap_or_default()))
        .collect();
    for d in &directives {
        for a in &d.args {
            set.collect(&ctx, base_name(&a.type_));
        }
    }
    for d in &specified {
        for a in d.get("args").and_then(Value::as_array).map(|a| a.iter().collect::<Vec<_>>()).unwrap_or_default() {
            set.collect(&ctx, &named_of_ref(a.get("type").unwrap_or(&Value::Null)));
        }
    }
    set.collect(&ctx, "__Schema");

    let mut schema = Map::new();
    schema.insert("description", opt(doc.schema.as_ref().and_then(|s| s.description.as_deref())));
    for (i, op) in OPERATION_KINDS.iter().enumerate() {
        let value = match &roots[i] {
            Some(name) => {
                let mut r = Map::new();
                r.insert("name", s(name));
                r.insert("kind", s(&ctx.kind_of(name)));
                Value::Object(r)
            }
            None => Value::Null,
        };
        schema.insert(format!("{op}Type"), value);
    }
    let mut names: Vec<(&String, &usize)> = set.stamps.iter().collect();
    names.sort_by_key(|(_, stamp)| **stamp);
    let types: Vec<Value> = names
        .into_iter()
        .map(|(name, _)| match ctx.defs.get(name.as_str()) {
            Some(d) => type_entry(d, &doc.definitions, &ctx),
            None => ctx.builtins[name.as_str()].clone(),
        })
        .collect();
    schema.insert("types", Value::Array(types.into_iter().collect()));
    let mut all_directives: Vec<Value> = directives
        .iter()
        .map(|d| {
            let mut out = Map::new();
            out.insert("name", s(&d.name));
            out.insert("description", opt(d.description.as_deref()));
            out.insert("isRepeatable", Value::Bool(d.repeatable));
            out.insert("isDeprecated", Value::Bool(false));
            out.insert("deprecationReason", Value::Null);
            out.insert("locations", Value::Array(d.locations.iter().map(|l| s(l)).collect()));
            out.insert("args", Value::Array(d.args.iter().map(|a| input_value(a, &ctx)).collect()));
            Value::Object(out)
        })
        .collect();
    all_directives.extend(specified);
    schema.insert("directives", Value::Array(all_directives.into_iter().collect()));
    let mut out = Map::new();
    out.insert("__schema", Value::Object(schema));
    Value::Object(out)
}

/// The root operation types (graphql-js buildASTSchema), in the order query, mutation, subscription.
fn root_types(doc: &Document, ctx: &Ctx) -> [Option<String>; 3] {
    let mut roots: [Option<String>; 3] = Default::default();
    let slot = |op: &str| OPERATION_KINDS.iter().position(|k| *k == op);
    for (op, name) in doc.schema_extension.iter().flat_map(|e| e.operations.iter()) {
        if let Some(i) = slot(op) {
            roots[i] = Some(name.clone());
        }
    }
    match &doc.schema {
        Some(schema) => {
            for (op, name) in &schema.operations {
                if let Some(i) = slot(op) {
                    roots[i] = Some(name.clone());
                }
            }
        }
        None => {
            for (i, common) in ["Query", "Mutation", "Subscription"].iter().enumerate() {
                if ctx.defs.contains_key(common) {
                    roots[i] = Some(common.to_string());
                }
            }
        }
    }
    roots
}

/// `isDeprecated` and `deprecationReason` as graphql-js derives them.
fn put_deprecation(out: &mut Map, directives: &[AppliedDirective]) {
    let reason = directives.iter().find(|d| d.name == "deprecated").and_then(|d| {
        match d.args.iter().find(|(name, _)| name == "reason") {
            None => Some(DEFAULT_DEPRECATION_REASON.to_string()),
            Some((_, Value::String(r))) => Some(r.to_string()),
            Some(_) => None,
        }
    });
    out.insert("isDeprecated", Value::Bool(reason.is_some()));
    out.insert("deprecationReason", opt(reason.as_deref()));
}

fn named(kind: &str, name: &str) -> Value {
    let mut out = Map::new();
    out.insert("kind", s(kind));
    out.insert("name", s(name));
    out.insert("ofType", Value::Null);
    Value::Object(out)
}

fn type_entry(d: &Definition, all: &[Definition], ctx: &Ctx) -> Value {
    let (kind, name) = kind_name(d);
    let mut out = Map::new();
    out.insert("kind", s(kind));
    out.insert("name", s(name));
    let (description, directives) = match d {
        Definition::Object(o) => (o.description.as_deref(), &o.directives),
        Definition::Union(t) => (t.def.description.as_deref(), &t.def.directives),
        Definition::Enum(t) => (t.def.description.as_deref(), &t.def.directives),
        Definition::Scalar(t) => (t.def.description.as_deref(), &t.def.directives),
        Definition::Directive(_) => (None, &Vec::new()),
    };
    out.insert("description", opt(description));
    let url = match d {
        Definition::Scalar(_) => directives.iter().find(|x| is_specified_by_attribute(x)).map(|x| x.args[0].1.clone()),
        _ => None,
    };
    out.insert("specifiedByURL", url.unwrap_or(Value::Null));
    let object = match d {
        Definition::Object(o) => Some(o),
        _ => None,
    };
    let is_input = object.is_some_and(|o| o.kind == ObjectKind::Input);
    let with_fields = object.filter(|o| o.kind != ObjectKind::Input);
    out.insert(
        "isOneOf",
        if is_input { Value::Bool(directives.iter().any(|x| x.name == "oneOf" && x.args.is_empty())) } else { Value::Null },
    );
    out.insert(
        "fields",
        with_fields.map_or(Value::Null, |o| Value::Array(o.fields.iter().map(|f| field(f, ctx)).collect())),
    );
    out.insert(
        "inputFields",
        object
            .filter(|_| is_input)
            .map_or(Value::Null, |o| Value::Array(o.fields.iter().map(|f| input_field(&o.name, f, ctx)).collect())),
    );
    out.insert(
        "interfaces",
        with_fields.map_or(Value::Null, |o| Value::Array(o.interfaces.iter().map(|i| named("INTERFACE", i)).collect())),
    );
    out.insert(
        "enumValues",
        match d {
            Definition::Enum(t) => Value::Array(
                t.def
                    .values
                    .iter()
                    .map(|v| {
                        let mut e = Map::new();
                        e.insert("name", s(&v.name));
                        e.insert("description", opt(v.description.as_deref()));
                        put_deprecation(&mut e, &v.directives);
                        Value::Object(e)
                    })
                    .collect(),
            ),
            _ => Value::Null,
        },
    );
    out.insert(
        "possibleTypes",
        match d {
            Definition::Union(t) => Value::Array(t.def.members.iter().map(|m| named("OBJECT", m)).collect()),
            Definition::Object(o) if o.kind == ObjectKind::Interface => {
                Value::Array(possible_types(&o.name, all).iter().map(|m| named("OBJECT", m)).collect())
            }
            _ => Value::Null,
        },
    );
    Value::Object(out)
}

fn field(f: &FieldDef, ctx: &Ctx) -> Value {
    let mut out = Map::new();
    out.insert("name", s(&f.name));
    out.insert("description", opt(f.description.as_deref()));
    out.insert("args", Value::Array(f.args.iter().map(|a| input_value(a, ctx)).collect()));
    out.insert("type", ctx.type_ref(&f.type_));
    put_deprecation(&mut out, &f.directives);
    Value::Object(out)
}

fn input_value(v: &InputValueDef, ctx: &Ctx) -> Value {
    value_entry(&v.name, v.description.as_deref(), &v.type_, v.default_value.as_ref(), &v.directives, ctx, Vec::new())
}

/// An input field: its default is that field's expansion (`Type.field`).
fn input_field(owner: &str, f: &FieldDef, ctx: &Ctx) -> Value {
    let expanding = vec![format!("{owner}.{}", f.name)];
    value_entry(&f.name, f.description.as_deref(), &f.type_, f.default_value.as_ref(), &f.directives, ctx, expanding)
}

fn value_entry(
    name: &str,
    description: Option<&str>,
    type_: &str,
    default: Option<&Value>,
    directives: &[AppliedDirective],
    ctx: &Ctx,
    mut expanding: Vec<String>,
) -> Value {
    let mut out = Map::new();
    out.insert("name", s(name));
    out.insert("description", opt(description));
    out.insert("type", ctx.type_ref(type_));
    out.insert("defaultValue", opt(default.and_then(|v| print_default(v, type_, ctx, &mut expanding)).as_deref()));
    put_deprecation(&mut out, directives);
    Value::Object(out)
}

/// graphql-js `print(astFromValue(coerced, type))`, or None where it gives none.
/// Values nest at most MAX_SDL_NESTING levels (read_sdl checked them), so the
/// recursion is bounded.
///
/// `expanding`: the input fields (`Type.field`) whose defaults are being filled
/// in; a default met again inside its own expansion is left out (graphql-js
/// recurses without end there).
fn print_default(value: &Value, type_: &str, ctx: &Ctx, expanding: &mut Vec<String>) -> Option<String> {
    if let Some(inner) = type_.strip_suffix('!') {
        return print_default(value, inner, ctx, expanding).filter(|p| p != "null");
    }
    if value.is_null() {
        return Some("null".to_string());
    }
    if let Some(item) = type_.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
        // Input coercion (valueFromAST) made a lone value a list of one.
        let Value::Array(items) = value else {
            return Some(format!("[{}]", print_default(value, item, ctx, expanding).unwrap_or_default()));
        };
        let printed: Vec<String> = items.iter().filter_map(|v| print_default(v, item, ctx, expanding)).collect();
        return Some(format!("[{}]", printed.join(", ")));
    }
    match ctx.defs.get(type_) {
        Some(Definition::Object(o)) if o.kind == ObjectKind::Input => input_object(value, o, ctx, expanding),
        Some(Definition::Enum(_)) => enum_literal(value).or_else(|| value.as_str()).map(str::to_string),
        _ => leaf(value, type_),
    }
}

fn input_object(value: &Value, def: &ObjectTypeDef, ctx: &Ctx, expanding: &mut Vec<String>) -> Option<String> {
    let Value::Object(map) = value else { return None };
    let mut parts = Vec::new();
    for f in &def.fields {
        let printed = match (map.get(&f.name), &f.default_value) {
            (Some(v), _) => print_default(v, &f.type_, ctx, expanding),
            (None, Some(default)) => {
                let key = format!("{}.{}", def.name, f.name);
                if expanding.contains(&key) {
                    continue;
                }
                expanding.push(key);
                let p = print_default(default, &f.type_, ctx, expanding);
                expanding.pop();
                p
            }
            (None, None) => continue,
        };
        if let Some(p) = printed {
            parts.push(format!("{}: {p}", f.name));
        }
    }
    Some(format!("{{{}}}", parts.join(", ")))
}

/// An integer-like string (graphql-js `integerStringRegExp`).
fn is_int_string(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'))
}

/// A scalar's literal: built-ins serialized as graphql-js does, custom scalars as given.
fn leaf(value: &Value, scalar: &str) -> Option<String> {
    if scalar == "ID" {
        if let Value::String(s) = value {
            return Some(if is_int_string(s) { s.to_string() } else { print_string(s) });
        }
    }
    if let Some(name) = enum_literal(value) {
        return Some(print_string(name));
    }
    match value {
        Value::Number(n) => Some(format_number(n.as_f64().unwrap_or_default())),
        Value::Bool(b) => Some(if *b { "true" } else { "false" }.to_string()),
        Value::String(s) => Some(print_string(s)),
        // A list or object for a custom scalar: graphql-js cannot print it (astFromValue
        // throws); we print the literal as written.
        Value::Array(_) | Value::Object(_) => Some(print_value(value)),
        Value::Null => None,
    }
}
