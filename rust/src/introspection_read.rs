//! Introspection JSON -> the IR (record 0091): the twin of
//! js/src/introspection-read.ts (its module comment says what is read and how).
//!
//!   load_json -> the shape checked here (INTROSPECTION_INVALID at a JSON pointer)
//!   -> IR -> print -> read_sdl (build.rs `canonical_of`)

use std::collections::HashMap;

use crate::build::{canonical_of, Pointers, THRESHOLD};
use crate::describe::DEFAULT_DEPRECATION_REASON;
use crate::errors::{codes, ConversionError, ErrorCode, Location};
use crate::introspection::{introspection_builtins, is_built_in_type_name, SPECIFIED_DIRECTIVES};
use crate::ir::{
    AppliedDirective, Definition, DirectiveDef, Document, EnumTypeDef, EnumValueDef, FieldDef, InputValueDef,
    ObjectKind, ObjectTypeDef, ScalarTypeDef, SchemaDef, UnionTypeDef, OPERATION_KINDS,
};
use crate::json::{Map, Str, Value};
use crate::json_print::json_string;
use crate::load::{load_json, pointer_join};
use crate::locate::locate;
use crate::print::print_document;
use crate::sdl_read::{enum_value, MAX_SDL_NESTING};

type Res<T> = Result<T, ConversionError>;

const NAMED_KINDS: [&str; 6] = ["SCALAR", "OBJECT", "INTERFACE", "UNION", "ENUM", "INPUT_OBJECT"];
const COMMON_ROOTS: [&str; 3] = ["Query", "Mutation", "Subscription"];

fn is_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty() && !b[0].is_ascii_digit() && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
}

fn schema_of(root: &Value) -> Option<(&Map, &'static str)> {
    let Value::Object(top) = root else { return None };
    if let Some(Value::Object(s)) = top.get("__schema") {
        return Some((s, "/__schema"));
    }
    match top.get("data") {
        Some(Value::Object(data)) => match data.get("__schema") {
            Some(Value::Object(s)) => Some((s, "/data/__schema")),
            _ => None,
        },
        _ => None,
    }
}

/// Is this JSON value an introspection result (`__schema` at the root or under `data`)?
pub fn is_introspection(root: &Value) -> bool {
    schema_of(root).is_some()
}

/// Does this text hold an introspection result? Only a text that names `"__schema"`
/// is parsed; an unparsable text is not one.
pub fn looks_like_introspection(text: &str) -> bool {
    text.contains("\"__schema\"") && load_json(text, None).is_ok_and(|root| is_introspection(&root))
}

/// True when the text's first non-blank character is `{` (SDL never starts so).
pub fn starts_as_json(text: &str) -> bool {
    text.chars().find(|c| !matches!(c, ' ' | '\t' | '\n' | '\r' | '\u{FEFF}')) == Some('{')
}

/// Introspection JSON text -> the canonical IR (empty when it defines nothing beyond the built-ins).
pub fn document_from_introspection(text: &str, file: Option<&str>) -> Res<Document> {
    let root = load_json(text, file)?;
    let fail = |code: ErrorCode, message: String, pointer: &str| -> ConversionError {
        let (line, column) = locate(text, pointer).map_or((None, None), |(l, c)| (Some(l), Some(c)));
        ConversionError::at(
            code,
            message,
            Location { file: file.map(str::to_string), pointer: Some(pointer.to_string()), line, column },
        )
    };
    let (doc, pointers) = Reader::new(&fail).document(&root)?;
    Ok(canonical_of(&doc, &pointers, &fail)?.unwrap_or_default())
}

/// Introspection JSON text -> canonical SDL text (`build --format introspection`).
pub fn sdl_from_introspection(text: &str, file: Option<&str>) -> Res<String> {
    let doc = document_from_introspection(text, file)?;
    if doc.definitions.is_empty() && doc.schema.is_none() && doc.schema_extension.is_none() {
        return Ok(String::new());
    }
    Ok(print_document(&doc, THRESHOLD))
}

fn at(base: &str, segments: &[&str]) -> String {
    pointer_join(base, segments)
}

fn kind_article(kind: &str) -> &'static str {
    // The messages say "an OBJECT type", "an INTERFACE type".
    if kind.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}

struct Reader<'f> {
    fail: &'f dyn Fn(ErrorCode, String, &str) -> ConversionError,
    types: HashMap<String, String>,
    locations: Vec<String>,
}

impl<'f> Reader<'f> {
    fn new(fail: &'f dyn Fn(ErrorCode, String, &str) -> ConversionError) -> Self {
        let (types, _) = introspection_builtins();
        let locations = types
            .iter()
            .find(|t| t.get("name").and_then(Value::as_str) == Some("__DirectiveLocation"))
            .and_then(|t| t.get("enumValues"))
            .and_then(Value::as_array)
            .map(|vs| vs.iter().filter_map(|v| v.get("name").and_then(Value::as_str).map(str::to_string)).collect())
            .unwrap_or_default();
        Reader { fail, types: HashMap::new(), locations }
    }

    fn invalid(&self, message: String, pointer: &str) -> ConversionError {
        (self.fail)(codes::INTROSPECTION_INVALID, format!("not a valid introspection result: {message}"), pointer)
    }

    fn object<'v>(&self, v: Option<&'v Value>, pointer: &str, what: &str) -> Res<&'v Map> {
        match v {
            Some(Value::Object(o)) => Ok(o),
            _ => Err(self.invalid(format!("{what} must be an object"), pointer)),
        }
    }

    fn array<'v>(&self, o: &'v Map, key: &str, pointer: &str, required: bool) -> Res<Vec<&'v Value>> {
        match o.get(key) {
            None | Some(Value::Null) => {
                if required {
                    Err(self.invalid(format!("\"{key}\" is missing (a list is required)"), pointer))
                } else {
                    Ok(Vec::new())
                }
            }
            Some(Value::Array(a)) => Ok(a.iter().collect()),
            Some(_) => Err(self.invalid(format!("\"{key}\" must be a list"), &at(pointer, &[key]))),
        }
    }

    fn name(&self, o: &Map, pointer: &str) -> Res<String> {
        match o.get("name") {
            Some(Value::String(v)) => {
                if !is_name(v) {
                    return Err(self.invalid(format!("\"{v}\" is not a GraphQL name"), &at(pointer, &["name"])));
                }
                Ok(v.to_string())
            }
            v => {
                let p = if v.is_none() { pointer.to_string() } else { at(pointer, &["name"]) };
                Err(self.invalid("\"name\" must be a string".to_string(), &p))
            }
        }
    }

    fn description(&self, o: &Map, pointer: &str) -> Res<Option<String>> {
        match o.get("description") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(d)) => Ok(if d.is_empty() { None } else { Some(d.to_string()) }),
            Some(_) => Err(self.invalid("\"description\" must be a string or null".to_string(), &at(pointer, &["description"]))),
        }
    }

    fn document(&mut self, root: &Value) -> Res<(Document, Pointers)> {
        let Some((schema, base)) = schema_of(root) else {
            return Err(self.invalid(
                "the root must be an object with \"__schema\", or with \"data\" holding \"__schema\"".to_string(),
                "",
            ));
        };
        let types = self.array(schema, "types", base, true)?;
        // Names first: references may point forward.
        for (i, t) in types.iter().enumerate() {
            let p = at(base, &["types", &i.to_string()]);
            let o = self.object(Some(t), &p, "a type")?;
            let kind = match o.get("kind") {
                Some(Value::String(k)) if NAMED_KINDS.contains(&k.as_ref()) => k.to_string(),
                k => {
                    let kp = if k.is_none() { p.clone() } else { at(&p, &["kind"]) };
                    return Err(self.invalid(format!("\"kind\" of a type must be one of {}", NAMED_KINDS.join(", ")), &kp));
                }
            };
            let name = self.name(o, &p)?;
            if self.types.contains_key(&name) {
                return Err(self.invalid(format!("type {name} is listed twice"), &at(&p, &["name"])));
            }
            self.types.insert(name, kind);
        }
        let mut doc = Document::default();
        let mut pointers = Pointers::default();
        for (i, d) in self.array(schema, "directives", base, false)?.into_iter().enumerate() {
            let p = at(base, &["directives", &i.to_string()]);
            let def = self.directive(self.object(Some(d), &p, "a directive")?, &p)?;
            if SPECIFIED_DIRECTIVES.contains(&def.name.as_str()) {
                continue;
            }
            doc.definitions.push(Definition::directive(def));
            pointers.definitions.push(p);
        }
        for (i, t) in types.iter().enumerate() {
            let p = at(base, &["types", &i.to_string()]);
            let Value::Object(o) = t else { continue };
            if is_built_in_type_name(o.get("name").and_then(Value::as_str).unwrap_or_default()) {
                continue;
            }
            doc.definitions.push(self.type_(o, &p)?);
            pointers.definitions.push(p);
        }
        if let Some(def) = self.schema_def(schema, base)? {
            doc.schema = Some(def);
            pointers.schema = Some(base.to_string());
        }
        Ok((doc, pointers))
    }

    fn schema_def(&self, schema: &Map, pointer: &str) -> Res<Option<SchemaDef>> {
        let description = self.description(schema, pointer)?;
        let mut differs = description.is_some();
        let mut def = SchemaDef { description, directives: Vec::new(), operations: Vec::new() };
        for (i, op) in OPERATION_KINDS.iter().enumerate() {
            let key = format!("{op}Type");
            let mut name: Option<String> = None;
            match schema.get(&key) {
                None | Some(Value::Null) => {}
                v => {
                    let p = at(pointer, &[&key]);
                    let o = self.object(v, &p, &format!("\"{key}\""))?;
                    let n = self.name(o, &p)?;
                    if self.types.get(&n).map(String::as_str) != Some("OBJECT") {
                        return Err(self.invalid(
                            format!("\"{key}\" names {n}, which is not an OBJECT type of \"types\""),
                            &at(&p, &["name"]),
                        ));
                    }
                    def.operations.push((op.to_string(), n.clone()));
                    name = Some(n);
                }
            }
            let implied = (self.types.get(COMMON_ROOTS[i]).map(String::as_str) == Some("OBJECT")).then_some(COMMON_ROOTS[i]);
            if name.as_deref() != implied {
                differs = true;
            }
        }
        if !differs {
            return Ok(None);
        }
        if def.operations.is_empty() {
            return Err(self.invalid(
                "a schema description needs a root type (\"queryType\")".to_string(),
                &at(pointer, &["description"]),
            ));
        }
        Ok(Some(def))
    }

    fn deprecatable(&self, o: &Map, pointer: &str) -> Res<Vec<AppliedDirective>> {
        let flag = o.get("isDeprecated");
        let reason = o.get("deprecationReason");
        if !matches!(flag, None | Some(Value::Null) | Some(Value::Bool(_))) {
            return Err(self.invalid("\"isDeprecated\" must be true or false".to_string(), &at(pointer, &["isDeprecated"])));
        }
        if !matches!(reason, None | Some(Value::Null) | Some(Value::String(_))) {
            return Err(self.invalid(
                "\"deprecationReason\" must be a string or null".to_string(),
                &at(pointer, &["deprecationReason"]),
            ));
        }
        let reason = reason.and_then(Value::as_str);
        if flag != Some(&Value::Bool(true)) && reason.is_none() {
            return Ok(Vec::new());
        }
        let text = reason.unwrap_or(DEFAULT_DEPRECATION_REASON);
        let args = if text == DEFAULT_DEPRECATION_REASON {
            Vec::new()
        } else {
            vec![("reason".to_string(), Value::String(text.into()))]
        };
        Ok(vec![AppliedDirective { name: "deprecated".to_string(), args }])
    }

    fn directive(&self, o: &Map, pointer: &str) -> Res<DirectiveDef> {
        let name = self.name(o, pointer)?;
        let mut locations = Vec::new();
        for (i, l) in self.array(o, "locations", pointer, true)?.into_iter().enumerate() {
            match l.as_str() {
                Some(l) if self.locations.iter().any(|x| x == l) => locations.push(l.to_string()),
                _ => {
                    return Err(self.invalid(
                        "a directive location must be one of __DirectiveLocation's values".to_string(),
                        &at(pointer, &["locations", &i.to_string()]),
                    ))
                }
            }
        }
        let repeatable = o.get("isRepeatable");
        if !matches!(repeatable, None | Some(Value::Null) | Some(Value::Bool(_))) {
            return Err(self.invalid("\"isRepeatable\" must be true or false".to_string(), &at(pointer, &["isRepeatable"])));
        }
        let description = self.description(o, pointer)?;
        let mut args = Vec::new();
        for (i, a) in self.array(o, "args", pointer, true)?.into_iter().enumerate() {
            args.push(self.input_value(a, &at(pointer, &["args", &i.to_string()]))?);
        }
        Ok(DirectiveDef { name, description, args, repeatable: repeatable == Some(&Value::Bool(true)), locations })
    }

    fn input_value(&self, v: &Value, pointer: &str) -> Res<InputValueDef> {
        let o = self.object(Some(v), pointer, "an input value")?;
        let name = self.name(o, pointer)?;
        let description = self.description(o, pointer)?.map(Str::from);
        let type_ = self.type_ref(o.get("type"), &at(pointer, &["type"]))?;
        let default_value = match o.get("defaultValue") {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) => match parse_literal(text) {
                Ok(v) => Some(v),
                Err(reason) => {
                    return Err(self.invalid(
                        format!("\"defaultValue\" is not a GraphQL value: {reason}"),
                        &at(pointer, &["defaultValue"]),
                    ))
                }
            },
            Some(_) => {
                return Err(self.invalid(
                    "\"defaultValue\" must be a string (a GraphQL literal) or null".to_string(),
                    &at(pointer, &["defaultValue"]),
                ))
            }
        };
        let directives = self.deprecatable(o, pointer)?;
        Ok(InputValueDef { name: Str::from(name.as_str()), description, type_: Str::from(type_.as_str()), default_value, directives })
    }

    fn field(&self, v: &Value, pointer: &str) -> Res<FieldDef> {
        let o = self.object(Some(v), pointer, "a field")?;
        let name = self.name(o, pointer)?;
        let description = self.description(o, pointer)?.map(Str::from);
        let mut args = Vec::new();
        for (i, a) in self.array(o, "args", pointer, true)?.into_iter().enumerate() {
            args.push(self.input_value(a, &at(pointer, &["args", &i.to_string()]))?);
        }
        let type_ = self.type_ref(o.get("type"), &at(pointer, &["type"]))?;
        let directives = self.deprecatable(o, pointer)?;
        Ok(FieldDef { name: Str::from(name.as_str()), description, args, type_: Str::from(type_.as_str()), default_value: None, directives })
    }

    fn enum_value(&self, v: &Value, pointer: &str) -> Res<EnumValueDef> {
        let o = self.object(Some(v), pointer, "an enum value")?;
        let name = self.name(o, pointer)?;
        let description = self.description(o, pointer)?.map(Str::from);
        Ok(EnumValueDef { name: Str::from(name.as_str()), description, directives: self.deprecatable(o, pointer)? })
    }

    /// The names a list of type references gives, each of the expected kind.
    fn names(&self, o: &Map, key: &str, pointer: &str, kind: &str, required: bool) -> Res<Vec<Str>> {
        let mut out = Vec::new();
        for (i, r) in self.array(o, key, pointer, required)?.into_iter().enumerate() {
            let p = at(pointer, &[key, &i.to_string()]);
            let name = self.name(self.object(Some(r), &p, "a type reference")?, &p)?;
            if self.types.get(&name).map(String::as_str) != Some(kind) {
                return Err(self.invalid(format!("{name} is not an {kind} type of \"types\""), &at(&p, &["name"])));
            }
            out.push(Str::from(name.as_str()));
        }
        Ok(out)
    }

    fn fields(&self, o: &Map, pointer: &str) -> Res<Vec<FieldDef>> {
        let mut out = Vec::new();
        for (i, f) in self.array(o, "fields", pointer, true)?.into_iter().enumerate() {
            out.push(self.field(f, &at(pointer, &["fields", &i.to_string()]))?);
        }
        Ok(out)
    }

    fn type_(&self, o: &Map, pointer: &str) -> Res<Definition> {
        let name = Str::from(o.get("name").and_then(Value::as_str).unwrap_or_default());
        let description = self.description(o, pointer)?.map(Str::from);
        Ok(match o.get("kind").and_then(Value::as_str).unwrap_or_default() {
            "SCALAR" => {
                let directives = match o.get("specifiedByURL") {
                    None | Some(Value::Null) => Vec::new(),
                    Some(Value::String(url)) => vec![AppliedDirective {
                        name: "specifiedBy".to_string(),
                        args: vec![("url".to_string(), Value::String(url.clone()))],
                    }],
                    Some(_) => {
                        return Err(self.invalid(
                            "\"specifiedByURL\" must be a string or null".to_string(),
                            &at(pointer, &["specifiedByURL"]),
                        ))
                    }
                };
                Definition::scalar(ScalarTypeDef { name, description, directives })
            }
            kind @ ("OBJECT" | "INTERFACE") => {
                let interfaces = self.names(o, "interfaces", pointer, "INTERFACE", false)?;
                let fields = self.fields(o, pointer)?;
                let kind = if kind == "OBJECT" { ObjectKind::Object } else { ObjectKind::Interface };
                Definition::Object(ObjectTypeDef { kind, name, description, interfaces, directives: Vec::new(), fields, extension: false })
            }
            "UNION" => {
                let members = self.names(o, "possibleTypes", pointer, "OBJECT", true)?;
                Definition::union(UnionTypeDef { name, description, directives: Vec::new(), members, extension: false })
            }
            "ENUM" => {
                let mut values = Vec::new();
                for (i, v) in self.array(o, "enumValues", pointer, true)?.into_iter().enumerate() {
                    values.push(self.enum_value(v, &at(pointer, &["enumValues", &i.to_string()]))?);
                }
                Definition::enumeration(EnumTypeDef { name, description, directives: Vec::new(), values, extension: false })
            }
            _ => {
                let one_of = o.get("isOneOf");
                if !matches!(one_of, None | Some(Value::Null) | Some(Value::Bool(_))) {
                    return Err(self.invalid("\"isOneOf\" must be true or false".to_string(), &at(pointer, &["isOneOf"])));
                }
                let mut fields = Vec::new();
                for (i, f) in self.array(o, "inputFields", pointer, true)?.into_iter().enumerate() {
                    let v = self.input_value(f, &at(pointer, &["inputFields", &i.to_string()]))?;
                    fields.push(FieldDef {
                        name: v.name,
                        description: v.description,
                        args: Vec::new(),
                        type_: v.type_,
                        default_value: v.default_value,
                        directives: v.directives,
                    });
                }
                let directives = if one_of == Some(&Value::Bool(true)) {
                    vec![AppliedDirective { name: "oneOf".to_string(), args: Vec::new() }]
                } else {
                    Vec::new()
                };
                Definition::Object(ObjectTypeDef {
                    kind: ObjectKind::Input,
                    name,
                    description,
                    interfaces: Vec::new(),
                    directives,
                    fields,
                    extension: false,
                })
            }
        })
    }

    /// A type reference (`kind`, `name`, `ofType`) -> a type expression, iteratively.
    fn type_ref(&self, v: Option<&Value>, pointer: &str) -> Res<String> {
        let mut prefix = String::new();
        let mut suffix = String::new();
        let mut cur = v;
        let mut p = pointer.to_string();
        let mut lists = 0;
        let mut last_non_null = false;
        loop {
            let o = self.object(cur, &p, "a type reference")?;
            let kind = o.get("kind");
            match kind.and_then(Value::as_str) {
                Some(k @ ("LIST" | "NON_NULL")) => {
                    if k == "NON_NULL" && last_non_null {
                        return Err(self.invalid("NON_NULL cannot wrap NON_NULL".to_string(), &at(&p, &["kind"])));
                    }
                    if k == "LIST" {
                        lists += 1;
                        if lists > MAX_SDL_NESTING {
                            return Err(self.invalid(format!("a type nests lists more than {MAX_SDL_NESTING} levels deep"), &p));
                        }
                        prefix.push('[');
                        suffix.insert(0, ']');
                    } else {
                        suffix.insert(0, '!');
                    }
                    last_non_null = k == "NON_NULL";
                    match o.get("ofType") {
                        None | Some(Value::Null) => return Err(self.invalid(format!("a {k} reference needs \"ofType\""), &p)),
                        next => cur = next,
                    }
                    p = at(&p, &["ofType"]);
                }
                Some(k) if NAMED_KINDS.contains(&k) => {
                    let name = self.name(o, &p)?;
                    let builtin = is_built_in_type_name(&name) && !name.starts_with("__");
                    let known = self.types.get(&name).map(String::as_str).or(if builtin { Some("SCALAR") } else { None });
                    let Some(known) = known else {
                        return Err(self.invalid(format!("type {name} is not in \"types\""), &at(&p, &["name"])));
                    };
                    if known != k {
                        return Err(self.invalid(format!("{name} is {} {known} type, not {k}", kind_article(known)), &at(&p, &["kind"])));
                    }
                    return Ok(format!("{prefix}{name}{suffix}"));
                }
                _ => {
                    let kp = if kind.is_none() { p.clone() } else { at(&p, &["kind"]) };
                    return Err(self.invalid(
                        format!("\"kind\" of a type reference must be LIST, NON_NULL or one of {}", NAMED_KINDS.join(", ")),
                        &kp,
                    ));
                }
            }
        }
    }
}

/// A GraphQL constant literal (an introspection `defaultValue`) -> JSON, as
/// read_sdl gives it (an enum value is `{"x-graphql-enum": "V"}`), or the reason
/// it is not one. Recursion is bounded by MAX_SDL_NESTING.
pub fn parse_literal(text: &str) -> Result<Value, String> {
    let mut p = LiteralParser { text: text.as_bytes(), src: text, pos: 0 };
    let value = p.value(0)?;
    p.skip();
    if p.pos < p.text.len() {
        return Err(p.unexpected());
    }
    Ok(value)
}

struct LiteralParser<'a> {
    text: &'a [u8],
    src: &'a str,
    pos: usize,
}

fn is_name_byte(b: Option<u8>) -> bool {
    b.is_some_and(|b| b == b'_' || b.is_ascii_alphanumeric())
}

impl LiteralParser<'_> {
    fn at(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    /// Blanks, line ends and commas are ignored tokens.
    fn skip(&mut self) {
        loop {
            match self.at() {
                Some(b' ' | b'\t' | b'\n' | b'\r' | b',') => self.pos += 1,
                Some(0xEF) if self.src[self.pos..].starts_with('\u{FEFF}') => self.pos += 3,
                _ => return,
            }
        }
    }

    fn unexpected(&self) -> String {
        match self.src[self.pos..].chars().next() {
            None => "unexpected end of the value".to_string(),
            Some(c) => format!("unexpected character {}", json_string(&c.to_string())),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        self.skip();
        match self.at() {
            Some(c @ (b'[' | b'{')) => {
                if depth >= MAX_SDL_NESTING {
                    return Err(format!("a value nests lists or objects more than {MAX_SDL_NESTING} levels deep"));
                }
                self.pos += 1;
                if c == b'[' {
                    let mut items = Vec::new();
                    loop {
                        self.skip();
                        if self.at() == Some(b']') {
                            self.pos += 1;
                            return Ok(Value::Array(items.into_iter().collect()));
                        }
                        items.push(self.value(depth + 1)?);
                    }
                }
                let mut out = Map::new();
                loop {
                    self.skip();
                    if self.at() == Some(b'}') {
                        self.pos += 1;
                        return Ok(Value::Object(out));
                    }
                    let name = self.name()?;
                    self.skip();
                    if self.at() != Some(b':') {
                        return Err(self.unexpected());
                    }
                    self.pos += 1;
                    if out.contains_key(&name) {
                        return Err(format!("field {} is given twice", json_string(&name)));
                    }
                    let v = self.value(depth + 1)?;
                    out.insert(name, v);
                }
            }
            Some(b'"') => self.string().map(|s| Value::String(s.into())),
            Some(b'$') => Err("a variable is not a constant value".to_string()),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => {
                let name = self.name()?;
                Ok(match name.as_str() {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    "null" => Value::Null,
                    _ => enum_value(&name),
                })
            }
        }
    }

    fn digits(&mut self) -> usize {
        let from = self.pos;
        while self.at().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        self.pos - from
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, not followed by a name character or `.`.
    fn number(&mut self) -> Result<Value, String> {
        let start = self.pos;
        if self.at() == Some(b'-') {
            self.pos += 1;
        }
        if self.at() == Some(b'0') {
            self.pos += 1;
        } else if self.digits() == 0 {
            return Err(self.unexpected());
        }
        if self.at() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err(self.unexpected());
            }
        }
        if matches!(self.at(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.at(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.unexpected());
            }
        }
        if self.at() == Some(b'.') || is_name_byte(self.at()) {
            return Err(self.unexpected());
        }
        let text = &self.src[start..self.pos];
        match text.parse::<f64>().ok().filter(|n| n.is_finite()).and_then(crate::json::Number::from_f64) {
            Some(n) => Ok(Value::Number(n)),
            None => Err(format!("the number {text} is beyond the range of a JSON number (IEEE double)")),
        }
    }

    fn name(&mut self) -> Result<String, String> {
        let start = self.pos;
        if !is_name_byte(self.at()) || self.at().is_some_and(|b| b.is_ascii_digit()) {
            return Err(self.unexpected());
        }
        while is_name_byte(self.at()) {
            self.pos += 1;
        }
        Ok(self.src[start..self.pos].to_string())
    }

    fn string(&mut self) -> Result<String, String> {
        if self.src[self.pos..].starts_with("\"\"\"") {
            return Err("block strings are not read in a default value".to_string());
        }
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.src[self.pos..].chars().next() else {
                return Err("unterminated string".to_string());
            };
            match c {
                '"' => {
                    self.pos += 1;
                    return Ok(out);
                }
                '\\' => {}
                c if (c as u32) < 0x20 && c != '\t' => return Err("unterminated string".to_string()),
                c => {
                    out.push(c);
                    self.pos += c.len_utf8();
                    continue;
                }
            }
            let simple = match self.text.get(self.pos + 1) {
                Some(b'"') => Some('"'),
                Some(b'\\') => Some('\\'),
                Some(b'/') => Some('/'),
                Some(b'b') => Some('\u{8}'),
                Some(b'f') => Some('\u{c}'),
                Some(b'n') => Some('\n'),
                Some(b'r') => Some('\r'),
                Some(b't') => Some('\t'),
                Some(b'u') => None,
                _ => return Err("invalid escape sequence".to_string()),
            };
            if let Some(ch) = simple {
                out.push(ch);
                self.pos += 2;
                continue;
            }
            let mut cp = self.hex4(self.pos + 2)?;
            self.pos += 6;
            if (0xD800..=0xDBFF).contains(&cp) && self.src[self.pos..].starts_with("\\u") {
                if let Ok(lo) = self.hex4(self.pos + 2) {
                    if (0xDC00..=0xDFFF).contains(&lo) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                        self.pos += 6;
                    }
                }
            }
            match char::from_u32(cp) {
                Some(ch) => out.push(ch),
                None => return Err("invalid escape sequence".to_string()),
            }
        }
    }

    fn hex4(&self, at: usize) -> Result<u32, String> {
        let h = self.text.get(at..at + 4).ok_or_else(|| "invalid escape sequence".to_string())?;
        if !h.iter().all(u8::is_ascii_hexdigit) {
            return Err("invalid escape sequence".to_string());
        }
        Ok(u32::from_str_radix(std::str::from_utf8(h).unwrap_or("0"), 16).unwrap_or(0))
    }
}
