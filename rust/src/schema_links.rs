//! schema_links: the root attributes `x-graphql-links` (other specs' `@link`s) and
//! `x-graphql-compose-directives` (`@composeDirective`), record 0084: printed after the
//! federation `@link` of the generated `extend schema` (or after the directives of
//! `x-graphql-schema-extension`), and read back from a federation-linked schema
//! extension's trailing directives. Mirrors js/src/schema-links.ts, whose module
//! comment gives the rules.

use crate::canonical::is_uri;
use crate::errors::{codes, ConversionError};
use crate::federation::{federation_directive, FEDERATION_URL_PREFIX};
use crate::ir::AppliedDirective;
use crate::json::{Map, Value};
use crate::loc::Loc;
use crate::lower::{fail, Lowering};
use crate::naming::is_valid_name;
use crate::normalize::attr;

type Res<T> = Result<T, ConversionError>;

/// The local names (without `@`) the imports of a `@link`'s `import` list give directives.
pub fn imported_names(imports: Option<&Value>) -> Vec<String> {
    let mut out = Vec::new();
    let Some(Value::Array(items)) = imports else { return out };
    for entry in items.iter() {
        match entry {
            Value::String(s) => {
                if let Some(name) = s.strip_prefix('@') {
                    out.push(name.to_string());
                }
            }
            Value::Object(_) => {
                let name = entry.get("name").and_then(Value::as_str);
                let local = match entry.get("as") {
                    Some(Value::String(s)) => Some(s.as_str()),
                    _ => name,
                };
                if let (Some(name), Some(local)) = (name, local) {
                    if name.starts_with('@') {
                        if let Some(local) = local.strip_prefix('@') {
                            out.push(local.to_string());
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn arg<'a>(d: &'a AppliedDirective, name: &str) -> Option<&'a Value> {
    d.args.iter().find(|(n, _)| n == name).map(|(_, v)| v)
}

/// The names the `@link`s of other specs among `directives` import.
fn imported_by_links(directives: &[AppliedDirective], out: &mut Vec<String>) {
    for d in directives {
        if d.name == "link" && arg(d, "url").and_then(Value::as_str).is_some_and(|u| !u.starts_with(FEDERATION_URL_PREFIX)) {
            out.extend(imported_names(arg(d, "import")));
        }
    }
}

/// The directives of the two attributes, in print order; `extension`: the directives of
/// `x-graphql-schema-extension`, whose `@link`s may import a composed directive too.
pub fn lower_schema_links(lw: &mut Lowering, root: &Value, root_loc: &Loc, extension: &[AppliedDirective]) -> Res<Vec<AppliedDirective>> {
    let mut out = Vec::new();
    let mut imported: Vec<String> = Vec::new();
    imported_by_links(extension, &mut imported);
    if let Some(Value::Array(links)) = attr(root, "x-graphql-links") {
        for (i, entry) in links.iter().enumerate() {
            if !entry.is_object() {
                continue;
            }
            let Some(url) = entry.get("url").filter(|v| v.is_string()) else { continue };
            if url.as_str().is_some_and(|u| u.starts_with(FEDERATION_URL_PREFIX)) {
                return Err(fail(
                    codes::ATTRIBUTE_SCOPE,
                    "x-graphql-links holds the links of other specs: federation's @link is generated (or given in x-graphql-schema-extension)",
                    &root_loc.child(&["x-graphql-links", &i.to_string(), "url"]),
                ));
            }
            imported.extend(imported_names(entry.get("import")));
            let mut args = vec![("url".to_string(), url.clone())];
            if let Some(as_ @ Value::String(_)) = entry.get("as") {
                args.push(("as".to_string(), as_.clone()));
            }
            if let Some(imports @ Value::Array(_)) = entry.get("import") {
                args.push(("import".to_string(), imports.clone()));
            }
            // `for` is the enum `link__Purpose`: its value prints bare (SECURITY, EXECUTION).
            if let Some(Value::String(purpose)) = entry.get("for") {
                let mut value = Map::new();
                value.insert("x-graphql-enum", Value::String(purpose.clone()));
                args.push(("for".to_string(), Value::Object(value)));
            }
            out.push(AppliedDirective { name: "link".to_string(), args });
        }
    }
    if let Some(Value::Array(compose)) = attr(root, "x-graphql-compose-directives") {
        let declared = attr(root, "x-graphql-directive-definitions");
        for (i, name) in compose.iter().enumerate() {
            let Some(name) = name.as_str() else { continue };
            let at = root_loc.child(&["x-graphql-compose-directives", &i.to_string()]);
            if federation_directive(name).is_some() || name == "link" {
                let message = format!("@{name} is federation's own directive: composition composes the directives of other specs");
                return Err(fail(codes::ATTRIBUTE_SCOPE, message, &at));
            }
            if !declared.and_then(Value::as_object).is_some_and(|d| d.contains_key(name)) {
                let message = format!("@{name} is not declared in x-graphql-directive-definitions: composition needs its definition");
                return Err(fail(codes::ATTRIBUTE_SCOPE, message, &at));
            }
            if !imported.iter().any(|n| n == name) {
                let message =
                    format!("no @link of x-graphql-links imports @{name}: composition composes only a directive of a linked spec");
                return Err(fail(codes::ATTRIBUTE_SCOPE, message, &at));
            }
            let args = vec![("name".to_string(), Value::from(format!("@{name}")))];
            out.push(lw.directives.federation_directive("composeDirective", args, "SCHEMA", &at)?);
        }
    }
    Ok(out)
}

/// An `import` list the attribute can say: strings, and `{name, as?}` objects of strings.
fn sayable_imports(v: &Value) -> bool {
    let Value::Array(items) = v else { return false };
    items.iter().all(|e| match e {
        Value::String(_) => true,
        Value::Object(map) => {
            let keys: Vec<&str> = map.keys().map(|k| k.as_ref()).collect();
            let strings = map.values().all(Value::is_string);
            strings && (keys == ["name"] || keys == ["name", "as"])
        }
        _ => false,
    })
}

/// A `@link` of another spec that `x-graphql-links` can say: `url`, then `as` and `import` when given.
/// A `@link(for:)` value the attribute can say (`{"x-graphql-enum": "SECURITY"}`): its name.
fn sayable_purpose(v: &Value) -> Option<&str> {
    let o = v.as_object().filter(|o| o.len() == 1)?;
    o.get("x-graphql-enum")?.as_str().filter(|n| ["SECURITY", "EXECUTION"].contains(n))
}

fn link_entry(d: &AppliedDirective) -> Option<Map> {
    if d.name != "link" || d.args.is_empty() {
        return None;
    }
    let (first, value) = &d.args[0];
    let url = value.as_str()?;
    if first != "url" || url.starts_with(FEDERATION_URL_PREFIX) || !is_uri(url) {
        return None;
    }
    let mut out = Map::new();
    out.insert("url", value.clone());
    let order = ["as", "import", "for"];
    let mut next = 0;
    for (name, value) in &d.args[1..] {
        let at = order.iter().position(|o| o == name)?;
        if at < next {
            return None;
        }
        if (name == "as" && !value.is_string()) || (name == "import" && !sayable_imports(value)) {
            return None;
        }
        if name == "for" {
            out.insert("for", Value::String(sayable_purpose(value)?.into()));
        } else {
            out.insert(name.as_str(), value.clone());
        }
        next = at + 1;
    }
    Some(out)
}

/// The directive `@composeDirective(name: "@x")` composes (`x`), if the attribute can say it.
fn composed_name(d: &AppliedDirective) -> Option<String> {
    if d.name != "composeDirective" || d.args.len() != 1 || d.args[0].0 != "name" {
        return None;
    }
    let name = d.args[0].1.as_str()?.strip_prefix('@')?;
    is_valid_name(name).then(|| name.to_string())
}

/// What `split_schema_links` gives: the directives kept in `x-graphql-schema-extension`,
/// the `x-graphql-links` entries, the composed names.
pub struct SchemaLinks {
    pub kept: Vec<AppliedDirective>,
    pub links: Vec<Map>,
    pub compose: Vec<String>,
}

/// Record 0084, SDL -> JSON: js/src/schema-links.ts `splitSchemaLinks`.
pub fn split_schema_links(directives: &[AppliedDirective], defined: &[&str]) -> Option<SchemaLinks> {
    let mut end = directives.len();
    let mut compose = Vec::new();
    while let Some(name) = end.checked_sub(1).and_then(|i| composed_name(&directives[i])) {
        compose.insert(0, name);
        end -= 1;
    }
    let mut links = Vec::new();
    while let Some(link) = end.checked_sub(1).and_then(|i| link_entry(&directives[i])) {
        links.insert(0, link);
        end -= 1;
    }
    if links.is_empty() && compose.is_empty() {
        return None;
    }
    let mut imported = Vec::new();
    imported_by_links(directives, &mut imported);
    let sayable = |name: &String| {
        federation_directive(name).is_none()
            && name != "link"
            && defined.contains(&name.as_str())
            && imported.iter().any(|n| n == name)
    };
    if !compose.iter().all(sayable) {
        return None;
    }
    Some(SchemaLinks { kept: directives[..end].to_vec(), links, compose })
}
