//! build: a type-system document (record 0037) -> canonical SDL; the twin of
//! js/src/build.ts (read its module comment for the stages and errors).
//!
//!   load_json -> the type-system schema (type_system_schema.rs) -> Builder (JSON -> IR)
//!   -> print_document -> read_sdl (validates, gives the canonical form) -> print_document

use std::collections::{HashMap, HashSet};

use crate::json::{Map, Str, Value};

use crate::canonical::is_specified_by_attribute;
use crate::describe::{deprecation, is_one_of_directive, possible_types, DEFAULT_DEPRECATION_REASON};
use crate::errors::{codes, ErrorCode, ConversionError, Location};
use crate::ir::{
    AppliedDirective, Definition, DirectiveDef, Document, EnumTypeDef, EnumValueDef, FieldDef, InputValueDef,
    ObjectKind, ObjectTypeDef, ScalarTypeDef, SchemaDef, UnionTypeDef, OPERATION_KINDS,
};
use crate::json_print::json_string;
use crate::load::{load_json, pointer_join};
use crate::locate::locate;
use crate::print::print_document;
use crate::sdl_read::read_sdl;
use crate::type_expr::parse_type_expr;
use crate::type_system_schema::check_type_system;

/// The description threshold of the canonical form (record 0028).
pub(crate) const THRESHOLD: f64 = 80.0;

type Res<T> = Result<T, ConversionError>;
type Obj = Map;

/// Type-system JSON text -> canonical SDL text.
pub fn build(json: &str, file: Option<&str>) -> Res<String> {
    let root = load_json(json, file)?;
    check_type_system(&root, json, file)?;
    let fail = |code: ErrorCode, message: String, pointer: &str| -> ConversionError {
        let (line, column) = locate(json, pointer).map_or((None, None), |(l, c)| (Some(l), Some(c)));
        ConversionError::at(
            code,
            message,
            Location { file: file.map(str::to_string), pointer: Some(pointer.to_string()), line, column },
        )
    };
    let empty = Map::new();
    let root_obj = root.as_object().unwrap_or(&empty);
    let (doc, pointers) = Builder { fail: &fail }.document(root_obj)?;
    Ok(canonical_of(&doc, &pointers, &fail)?.map_or(String::new(), |canonical| print_document(&canonical, THRESHOLD)))
}

/// A document built from JSON -> printed -> `read_sdl` (validated, canonical); a
/// validator's error is placed on the pointer of the printed block it is in. Only
/// built-ins: `None` (an empty SDL document does not parse). Also used by
/// introspection_read.rs.
pub(crate) fn canonical_of(doc: &Document, pointers: &Pointers, fail: Fail) -> Res<Option<Document>> {
    if doc.definitions.is_empty() && doc.schema.is_none() && doc.schema_extension.is_none() {
        return Ok(None);
    }
    let sdl = print_document(doc, THRESHOLD);
    match read_sdl(&sdl, None) {
        Ok(canonical) => Ok(Some(canonical)),
        Err(e) => {
            let pointer = e.line.map_or(String::new(), |line| block_pointer(doc, pointers, line));
            let where_ = match e.line {
                Some(line) => format!(" (line {line}, column {} of the SDL built)", e.column.unwrap_or(1)),
                None => String::new(),
            };
            Err(fail(e.code, format!("{}{where_}", e.message), &pointer))
        }
    }
}


/// The pointer of each printed block: the schema extension, the schema, then each definition.
#[derive(Default)]
pub(crate) struct Pointers {
    pub schema_extension: Option<String>,
    pub schema: Option<String>,
    pub definitions: Vec<String>,
}

/// The JSON pointer of the block of the printed `doc` that holds 1-based `line`.
fn block_pointer(doc: &Document, pointers: &Pointers, line: usize) -> String {
    let mut blocks: Vec<(Document, String)> = Vec::new();
    if let Some(ext) = &doc.schema_extension {
        blocks.push((
            Document { schema_extension: Some(ext.clone()), ..Document::default() },
            pointers.schema_extension.clone().unwrap_or_default(),
        ));
    }
    if let Some(schema) = &doc.schema {
        blocks.push((
            Document { schema: Some(schema.clone()), ..Document::default() },
            pointers.schema.clone().unwrap_or_default(),
        ));
    }
    for (i, d) in doc.definitions.iter().enumerate() {
        blocks
            .push((Document { definitions: vec![d.clone()], ..Document::default() }, pointers.definitions[i].clone()));
    }
    let mut start = 1;
    for (block, pointer) in blocks {
        let lines = print_document(&block, THRESHOLD).matches('\n').count();
        if line < start + lines {
            return pointer;
        }
        start += lines + 1;
    }
    String::new()
}

fn text<'a>(o: &'a Obj, key: &str) -> &'a str {
    o.get(key).and_then(Value::as_str).unwrap_or_default()
}

fn opt_text(o: &Obj, key: &str) -> Option<String> {
    o.get(key).and_then(Value::as_str).map(str::to_string)
}

fn list<'a>(o: &'a Obj, key: &str) -> &'a [Value] {
    o.get(key).and_then(Value::as_array).map_or(&[], |a| &a[..])
}

fn obj(v: &Value) -> &Obj {
    static EMPTY: std::sync::OnceLock<Obj> = std::sync::OnceLock::new();
    v.as_object().unwrap_or_else(|| EMPTY.get_or_init(Map::new))
}

fn at(base: &str, segments: &[&str]) -> String {
    pointer_join(base, segments)
}

fn names(o: &Obj, key: &str) -> Vec<Str> {
    list(o, key).iter().filter_map(|n| n.as_str().map(Str::new)).collect()
}

/// A description; `""` is none (record 0028).
fn description(o: &Obj) -> Option<String> {
    opt_text(o, "description").filter(|d| !d.is_empty())
}

/// `description` as the IR's fields and arguments hold it: the tree's string, shared.
fn shared_description(o: &Obj) -> Option<Str> {
    match o.get("description") {
        Some(Value::String(d)) if !d.is_empty() => Some(d.clone()),
        _ => None,
    }
}

/// Makes the error of a code and message at a JSON pointer of the input.
pub(crate) type Fail<'f> = &'f dyn Fn(ErrorCode, String, &str) -> ConversionError;

struct Builder<'f> {
    fail: Fail<'f>,
}

impl Builder<'_> {
    fn invalid(&self, message: String, pointer: &str) -> ConversionError {
        (self.fail)(codes::TYPE_SYSTEM_INVALID, message, pointer)
    }

    fn document(&self, root: &Obj) -> Res<(Document, Pointers)> {
        let mut doc = Document::default();
        let mut pointers = Pointers::default();
        let schema = self.schema_def(root, "")?;
        if schema.operations.is_empty() && (!schema.directives.is_empty() || schema.description.is_some()) {
            // SDL has no `schema` definition without root operation types.
            let at = if schema.description.is_some() { "/description" } else { "/appliedDirectives" };
            return Err(self.invalid(
                "a schema definition (description, appliedDirectives) needs queryType, mutationType or subscriptionType"
                    .to_string(),
                at,
            ));
        }
        if !schema.operations.is_empty() {
            doc.schema = Some(schema);
            pointers.schema = Some(String::new());
        }
        if let Some(Value::Object(ext)) = root.get("schemaExtension") {
            doc.schema_extension = Some(self.schema_def(ext, "/schemaExtension")?);
            pointers.schema_extension = Some("/schemaExtension".to_string());
        }
        for (i, d) in list(root, "directives").iter().enumerate() {
            let d = obj(d);
            if d.get("isBuiltIn") == Some(&Value::Bool(true)) {
                continue;
            }
            let p = at("/directives", &[&i.to_string()]);
            doc.definitions.push(Definition::directive(self.directive(d, &p)?));
            pointers.definitions.push(p);
        }
        // Custom scalars by name; each is printed where its SCALAR entry of `types` stands.
        let mut scalars: Vec<(String, &Obj, String)> = Vec::new();
        let mut by_name: HashMap<String, usize> = HashMap::new();
        for (i, s) in list(root, "scalars").iter().enumerate() {
            let s = obj(s);
            if s.get("isBuiltIn") == Some(&Value::Bool(true)) {
                continue;
            }
            let name = text(s, "name").to_string();
            if !by_name.contains_key(&name) {
                by_name.insert(name.clone(), scalars.len());
                scalars.push((name, s, at("/scalars", &[&i.to_string()])));
            }
        }
        let mut placed: HashSet<String> = HashSet::new();
        let types: Vec<&Obj> = list(root, "types").iter().map(obj).collect();
        for (i, t) in types.iter().enumerate() {
            let p = at("/types", &[&i.to_string()]);
            let name = text(t, "name");
            if text(t, "kind") == "SCALAR" {
                let Some(&k) = by_name.get(name) else {
                    return Err(self.invalid(format!("scalar {name} is placed here but is not in \"scalars\""), &p));
                };
                if !placed.insert(name.to_string()) {
                    return Err(self.invalid(format!("scalar {name} is placed twice in \"types\""), &p));
                }
                let (_, s, sp) = &scalars[k];
                doc.definitions.push(self.scalar(s, sp)?);
                pointers.definitions.push(sp.clone());
                continue;
            }
            doc.definitions.push(self.type_(t, &p, &types)?);
            pointers.definitions.push(p);
        }
        for (name, s, sp) in &scalars {
            if placed.contains(name) {
                continue;
            }
            doc.definitions.push(self.scalar(s, sp)?);
            pointers.definitions.push(sp.clone());
        }
        Ok((doc, pointers))
    }

    fn schema_def(&self, o: &Obj, p: &str) -> Res<SchemaDef> {
        let mut def = SchemaDef { description: None, directives: self.applied(o, p)?, operations: Vec::new() };
        if p.is_empty() {
            def.description = opt_text(o, "description");
        }
        for op in OPERATION_KINDS {
            if let Some(name) = opt_text(o, &format!("{op}Type")) {
                def.operations.push((op.to_string(), name));
            }
        }
        Ok(def)
    }

    fn applied(&self, o: &Obj, p: &str) -> Res<Vec<AppliedDirective>> {
        let mut out = Vec::new();
        for (i, d) in list(o, "appliedDirectives").iter().enumerate() {
            let d = obj(d);
            let dp = at(p, &["appliedDirectives", &i.to_string()]);
            let mut args = Vec::new();
            for (j, a) in list(d, "args").iter().enumerate() {
                let a = obj(a);
                let vp = at(&dp, &["args", &j.to_string(), "value"]);
                args.push((text(a, "name").to_string(), self.value(text(a, "value"), &vp)?));
            }
            out.push(AppliedDirective { name: text(d, "name").to_string(), args });
        }
        Ok(out)
    }

    /// A JSON-encoded value.
    fn value(&self, encoded: &str, p: &str) -> Res<Value> {
        load_json(encoded, None).map_err(|e| self.invalid(format!("not a JSON-encoded value: {}", e.message), p))
    }

    fn type_expr(&self, o: &Obj, p: &str) -> Res<String> {
        let t = text(o, "type");
        if parse_type_expr(t).is_none() {
            return Err(
                self.invalid(format!("\"{t}\" is not a type expression (its brackets do not pair)"), &at(p, &["type"]))
            );
        }
        Ok(t.to_string())
    }

    /// The applied directives with `isDeprecated` and `deprecationReason` checked
    /// against them; `isDeprecated: true` without `@deprecated` adds one at the end.
    fn deprecatable(&self, o: &Obj, p: &str) -> Res<Vec<AppliedDirective>> {
        let mut directives = self.applied(o, p)?;
        let flag = o.get("isDeprecated");
        let reason = o.get("deprecationReason");
        let mut dep = deprecation(&directives);
        if flag == Some(&Value::Bool(true)) && dep.is_none() {
            let text = reason.and_then(Value::as_str).unwrap_or(DEFAULT_DEPRECATION_REASON).to_string();
            let args = if text == DEFAULT_DEPRECATION_REASON {
                Vec::new()
            } else {
                vec![("reason".to_string(), Value::String(text.into()))]
            };
            directives.push(AppliedDirective { name: "deprecated".to_string(), args });
            dep = deprecation(&directives);
        }
        if flag == Some(&Value::Bool(false)) && dep.is_some() {
            return Err(self.invalid(
                "\"isDeprecated\" is false, but @deprecated is applied".to_string(),
                &at(p, &["isDeprecated"]),
            ));
        }
        if let Some(reason) = reason {
            let contradicts = match &dep {
                Some(d) => reason != d,
                None => !reason.is_null(),
            };
            if contradicts {
                let says = match &dep {
                    Some(Value::String(r)) => format!("@deprecated gives {}", json_string(r)),
                    Some(_) => "@deprecated gives null".to_string(),
                    None => "it is not deprecated".to_string(),
                };
                return Err(self.invalid(
                    format!("\"deprecationReason\" contradicts the applied directives ({says})"),
                    &at(p, &["deprecationReason"]),
                ));
            }
        }
        Ok(directives)
    }

    fn directive(&self, o: &Obj, p: &str) -> Res<DirectiveDef> {
        let mut args = Vec::new();
        for (i, a) in list(o, "args").iter().enumerate() {
            args.push(self.input_value(obj(a), &at(p, &["args", &i.to_string()]))?);
        }
        Ok(DirectiveDef {
            name: text(o, "name").to_string(),
            description: description(o),
            args,
            repeatable: o.get("isRepeatable") == Some(&Value::Bool(true)),
            locations: list(o, "locations").iter().filter_map(|n| n.as_str().map(str::to_string)).collect(),
        })
    }

    fn input_value(&self, o: &Obj, p: &str) -> Res<InputValueDef> {
        let type_ = self.type_expr(o, p)?;
        let default_value = match opt_text(o, "defaultValue") {
            Some(d) => Some(self.value(&d, &at(p, &["defaultValue"]))?),
            None => None,
        };
        Ok(InputValueDef {
            name: Str::new(text(o, "name")),
            description: shared_description(o),
            type_: type_.into(),
            default_value,
            directives: self.deprecatable(o, p)?,
        })
    }

    fn field(&self, o: &Obj, p: &str) -> Res<FieldDef> {
        let mut args = Vec::new();
        for (i, a) in list(o, "args").iter().enumerate() {
            args.push(self.input_value(obj(a), &at(p, &["args", &i.to_string()]))?);
        }
        let type_ = self.type_expr(o, p)?;
        Ok(FieldDef {
            name: Str::new(text(o, "name")),
            description: shared_description(o),
            args,
            type_: type_.into(),
            default_value: None,
            directives: self.deprecatable(o, p)?,
        })
    }

    fn input_field(&self, o: &Obj, p: &str) -> Res<FieldDef> {
        let v = self.input_value(o, p)?;
        Ok(FieldDef {
            name: v.name,
            description: v.description,
            args: Vec::new(),
            type_: v.type_,
            default_value: v.default_value,
            directives: v.directives,
        })
    }

    fn scalar(&self, o: &Obj, p: &str) -> Res<Definition> {
        let mut directives = self.applied(o, p)?;
        let url = o.get("specifiedByURL");
        let given = directives.iter().find(|d| is_specified_by_attribute(d)).map(|d| d.args[0].1.clone());
        match (url, &given) {
            (Some(Value::String(u)), None) => {
                directives.insert(
                    0,
                    AppliedDirective {
                        name: "specifiedBy".to_string(),
                        args: vec![("url".to_string(), Value::String(u.clone()))],
                    },
                );
            }
            (Some(u), _) if *u != given.clone().unwrap_or(Value::Null) => {
                return Err(self.invalid(
                    "\"specifiedByURL\" contradicts the applied @specifiedBy".to_string(),
                    &at(p, &["specifiedByURL"]),
                ));
            }
            _ => {}
        }
        Ok(Definition::scalar(ScalarTypeDef {
            name: Str::new(text(o, "name")),
            description: shared_description(o),
            directives,
        }))
    }

    fn fields(&self, o: &Obj, p: &str) -> Res<Vec<FieldDef>> {
        let mut out = Vec::new();
        for (i, f) in list(o, "fields").iter().enumerate() {
            out.push(self.field(obj(f), &at(p, &["fields", &i.to_string()]))?);
        }
        Ok(out)
    }

    fn type_(&self, o: &Obj, p: &str, all: &[&Obj]) -> Res<Definition> {
        let name = Str::new(text(o, "name"));
        let mut directives = self.applied(o, p)?;
        let object = |kind: ObjectKind, directives: Vec<AppliedDirective>, fields: Vec<FieldDef>| {
            Definition::Object(ObjectTypeDef {
                kind,
                name: name.clone(),
                description: shared_description(o),
                interfaces: if kind == ObjectKind::Input { Vec::new() } else { names(o, "interfaces") },
                directives,
                fields,
                extension: false,
            })
        };
        match text(o, "kind") {
            "OBJECT" => Ok(object(ObjectKind::Object, directives, self.fields(o, p)?)),
            "INTERFACE" => {
                let def = object(ObjectKind::Interface, directives, self.fields(o, p)?);
                if o.contains_key("possibleTypes") {
                    let objects: Vec<Definition> = all
                        .iter()
                        .filter(|t| text(t, "kind") == "OBJECT")
                        .map(|t| {
                            Definition::Object(ObjectTypeDef {
                                kind: ObjectKind::Object,
                                name: Str::new(text(t, "name")),
                                description: None,
                                interfaces: names(t, "interfaces"),
                                directives: Vec::new(),
                                fields: Vec::new(),
                                extension: false,
                            })
                        })
                        .collect();
                    let expected = possible_types(&name, &objects);
                    if expected != names(o, "possibleTypes") {
                        return Err(self.invalid(
                            format!(
                                "\"possibleTypes\" of interface {name} must list the object types that implement it, in order: [{}]",
                                expected.join(", ")
                            ),
                            &at(p, &["possibleTypes"]),
                        ));
                    }
                }
                Ok(def)
            }
            "UNION" => Ok(Definition::union(UnionTypeDef {
                name: name.clone(),
                description: shared_description(o),
                directives,
                members: names(o, "possibleTypes"),
                extension: false,
            })),
            "ENUM" => {
                let mut values = Vec::new();
                for (i, v) in list(o, "enumValues").iter().enumerate() {
                    let v = obj(v);
                    let vp = at(p, &["enumValues", &i.to_string()]);
                    values.push(EnumValueDef {
                        name: Str::new(text(v, "name")),
                        description: shared_description(v),
                        directives: self.deprecatable(v, &vp)?,
                    });
                }
                Ok(Definition::enumeration(EnumTypeDef {
                    name: name.clone(),
                    description: shared_description(o),
                    directives,
                    values,
                    extension: false,
                }))
            }
            _ => {
                // INPUT_OBJECT (the schema admits no other kind here)
                let flag = o.get("isOneOf");
                let has = directives.iter().any(is_one_of_directive);
                if flag == Some(&Value::Bool(true)) && !has {
                    directives.push(AppliedDirective { name: "oneOf".to_string(), args: Vec::new() });
                }
                if flag == Some(&Value::Bool(false)) && has {
                    return Err(
                        self.invalid("\"isOneOf\" is false, but @oneOf is applied".to_string(), &at(p, &["isOneOf"]))
                    );
                }
                let mut fields = Vec::new();
                for (i, f) in list(o, "inputFields").iter().enumerate() {
                    fields.push(self.input_field(obj(f), &at(p, &["inputFields", &i.to_string()]))?);
                }
                Ok(object(ObjectKind::Input, directives, fields))
            }
        }
    }
}
