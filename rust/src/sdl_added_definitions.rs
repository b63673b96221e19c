//! sdl_added_definitions: the definitions added to an SDL document for validation
//! (stage 4 of sdl_read): the federation definitions it applies without defining
//! them, of the version its `@link` names and under the names the link gives them
//! (records 0074, 0075), parsed once each; and `@oneOf`, which apollo-compiler 1.x
//! does not know. Split out of sdl_validate.rs; js/src/sdl-validate.ts adds the
//! same definitions for graphql-js.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::sync::{Mutex, OnceLock, PoisonError};

use apollo_compiler::ast::{self, Definition as Ast};

use crate::federation::{
    federation_definitions_sdl, federation_directive, federation_print_names, minor_of_url, DEFAULT_FEDERATION_MINOR,
    FEDERATION_URL_PREFIX, MAX_FEDERATION_MINOR,
};
use crate::ir::AppliedDirective;
use crate::json::Value;
use crate::sdl_read::ONE_OF_DEFINITION;
use crate::sdl_names::{each_directive_list, is_type_definition};

pub(crate) const FEDERATION_NAMES_EXTRA: &str = "link";

/// The federation definitions at a minor version under the link's names (federation.rs),
/// parsed once each. A document that renames imports keeps its parse for the process
/// (one small document per distinct link; TypeScript keeps them in a map too).
pub(crate) fn federation_document(minor: u32, names: &[(String, String)]) -> Option<&'static ast::Document> {
    static DOCS: [OnceLock<Option<ast::Document>>; MAX_FEDERATION_MINOR as usize + 1] =
        [const { OnceLock::new() }; MAX_FEDERATION_MINOR as usize + 1];
    static RENAMED: OnceLock<Mutex<HashMap<String, Option<&'static ast::Document>>>> = OnceLock::new();
    if names.is_empty() {
        let slot = DOCS.get(minor as usize)?;
        return slot.get_or_init(|| ast::Document::parse(federation_definitions_sdl(minor, &[]), "federation.graphql").ok()).as_ref();
    }
    let key = format!("{minor} {names:?}");
    let mut cache = RENAMED.get_or_init(|| Mutex::new(HashMap::new())).lock().unwrap_or_else(PoisonError::into_inner);
    *cache.entry(key).or_insert_with(|| {
        ast::Document::parse(federation_definitions_sdl(minor, names), "federation.graphql").ok().map(|d| &*Box::leak(Box::new(d)))
    })
}

/// Records 0074, 0075: the first `@link` to Apollo Federation the document's schema
/// definition or extensions apply: its minor version and the names it gives federation
/// directives (the latest version's under their own names without one).
fn linked_federation(doc: &ast::Document) -> (u32, Vec<(String, String)>) {
    for def in &doc.definitions {
        let directives = match def {
            Ast::SchemaDefinition(d) => &d.directives,
            Ast::SchemaExtension(d) => &d.directives,
            _ => continue,
        };
        for d in directives.iter().filter(|d| d.name == "link") {
            let url = d.arguments.iter().find(|a| a.name == "url").and_then(|a| match a.value.as_ref() {
                ast::Value::String(s) => Some(s.as_str()),
                _ => None,
            });
            let Some(url) = url.filter(|u| u.starts_with(FEDERATION_URL_PREFIX)) else { continue };
            let link = AppliedDirective {
                name: "link".to_string(),
                args: d.arguments.iter().map(|a| (a.name.to_string(), untyped_value(&a.value))).collect(),
            };
            let names = federation_print_names(std::slice::from_ref(&link)).unwrap_or_default();
            return (minor_of_url(url).unwrap_or(DEFAULT_FEDERATION_MINOR), names);
        }
    }
    // Without a link: every version's directives (a document that applies them without a link, as
    // `federationLink: false` prints, is read as the forward direction wrote it; record 0075).
    (MAX_FEDERATION_MINOR, Vec::new())
}

/// A literal as JSON for `federation_print_names` (graphql-js `valueFromASTUntyped`, for the
/// strings, lists and objects of a link's `import`). Iterative.
fn untyped_value(value: &ast::Value) -> Value {
    enum Work<'a> {
        Value(&'a ast::Value),
        List(usize),
        Object(Vec<String>),
    }
    let mut stack = vec![Work::Value(value)];
    let mut done: Vec<Value> = Vec::new();
    while let Some(work) = stack.pop() {
        match work {
            Work::Value(v) => match v {
                ast::Value::String(s) => done.push(Value::String(s.as_str().into())),
                ast::Value::Boolean(b) => done.push(Value::Bool(*b)),
                ast::Value::Enum(e) => done.push(Value::String(e.as_str().into())),
                ast::Value::List(items) => {
                    stack.push(Work::List(items.len()));
                    stack.extend(items.iter().rev().map(|i| Work::Value(i.as_ref())));
                }
                ast::Value::Object(fields) => {
                    stack.push(Work::Object(fields.iter().map(|(n, _)| n.to_string()).collect()));
                    stack.extend(fields.iter().rev().map(|(_, v)| Work::Value(v.as_ref())));
                }
                _ => done.push(Value::Null),
            },
            Work::List(n) => {
                let items = done.split_off(done.len() - n);
                done.push(Value::Array(items.into()));
            }
            Work::Object(keys) => {
                let values = done.split_off(done.len() - keys.len());
                let mut map = crate::json::Map::new();
                for (k, v) in keys.into_iter().zip(values) {
                    map.insert(k.as_str(), v);
                }
                done.push(Value::Object(map));
            }
        }
    }
    done.pop().unwrap_or(Value::Null)
}

pub(crate) fn one_of_document() -> Option<&'static ast::Document> {
    static DOC: OnceLock<Option<ast::Document>> = OnceLock::new();
    DOC.get_or_init(|| ast::Document::parse(ONE_OF_DEFINITION, "one-of.graphql").ok()).as_ref()
}

/// The definitions added to the document for validation: the federation definitions
/// it applies without defining them, and `@oneOf` (apollo-compiler 1.x does not know it).
pub(crate) fn added_definitions(doc: &ast::Document) -> Vec<&Ast> {
    let mut defined_directives: HashSet<&str> = HashSet::new();
    let mut defined_types: HashSet<&str> = HashSet::new();
    for def in &doc.definitions {
        match def {
            Ast::DirectiveDefinition(d) => {
                defined_directives.insert(d.name.as_str());
            }
            d if is_type_definition(d) => {
                if let Some(n) = d.name() {
                    defined_types.insert(n.as_str());
                }
            }
            _ => {}
        }
    }
    let mut applied: HashSet<&str> = HashSet::new();
    each_directive_list(doc, &mut |_, list| {
        for d in list.iter() {
            applied.insert(d.name.as_str());
        }
    });
    let needs_federation = applied.iter().any(|n| {
        (federation_directive(n).is_some() || *n == FEDERATION_NAMES_EXTRA) && !defined_directives.contains(n)
    });
    let mut extra: Vec<&Ast> = Vec::new();
    let not_defined = |d: &&Ast| match d {
        Ast::DirectiveDefinition(dd) => !defined_directives.contains(dd.name.as_str()),
        other => other.name().is_some_and(|n| !defined_types.contains(n.as_str())),
    };
    if needs_federation {
        let (minor, names) = linked_federation(doc);
        if let Some(fed) = federation_document(minor, &names) {
            extra.extend(fed.definitions.iter().filter(not_defined));
        }
    }
    if applied.contains("oneOf") && !defined_directives.contains("oneOf") {
        if let Some(one_of) = one_of_document() {
            extra.extend(one_of.definitions.iter());
        }
    }
    extra
}
