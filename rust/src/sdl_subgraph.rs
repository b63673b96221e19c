//! sdl_subgraph: stage 6 of sdl_read (record 0077). A document that applies
//! federation's `@key`, `@requires`, `@provides`, `@external`, `@shareable`, `@context`
//! or `@fromContext` meets
//! the subgraph rules the forward direction checks (field sets and `@external` use,
//! record 0073; the values and places of these directives, records 0031 and 0065),
//! so that every subgraph the reverse direction accepts converts back. The rules are
//! not written twice: the document's JSON Schema (reverse) goes through the forward
//! direction, and its first problem, with its code and message, is placed back on
//! the SDL: the directive that the problem's JSON pointer names
//! (`x-graphql-federation-keys/0`, `x-graphql-field-directives/1`, ...: canonical.rs
//! `type_directive_places`), or else the field, the argument or the type. The twin
//! of js/src/sdl-subgraph.ts.

use apollo_compiler::ast::{self, Definition as Ast};
use apollo_compiler::Node;

use crate::canonical::{field_directive_places, type_directive_places};
use crate::convert::json_schema_to_sdl;
use crate::errors::{ConversionError, Location, Severity};
use crate::validate::ValidateOptions;
use crate::validate_json::validate_json_schema;
use crate::ir::{AppliedDirective, Definition, Document};
use crate::json_print::JsonWriter;
use crate::options::ResolvedOptions;
use crate::reverse::reverse_document;
use crate::sdl_names::{directives_of_node, fields_of_node, input_fields_of_node, is_type_definition, is_type_extension};
use crate::sdl_read::{start, Reader};

/// The federation directives whose rules the forward direction checks (field_set.rs).
const SUBGRAPH_DIRECTIVES: [&str; 7] = ["key", "requires", "provides", "external", "shareable", "context", "fromContext"];

/// Whether a type or field of the document applies one of SUBGRAPH_DIRECTIVES.
pub(crate) fn applies_subgraph_directives(doc: &Document) -> bool {
    let any = |list: &[AppliedDirective]| list.iter().any(|d| SUBGRAPH_DIRECTIVES.contains(&d.name.as_str()));
    doc.definitions.iter().any(|def| match def {
        Definition::Object(d) => {
            any(&d.directives) || d.fields.iter().any(|f| any(&f.directives) || f.args.iter().any(|a| any(&a.directives)))
        }
        Definition::Union(d) => any(&d.def.directives),
        Definition::Enum(d) => any(&d.def.directives),
        Definition::Scalar(d) => any(&d.def.directives),
        Definition::Directive(_) => false,
    })
}

/// The first problem the forward direction finds in the document's JSON Schema, if any.
pub(crate) fn subgraph_problem(doc: &Document) -> Option<ConversionError> {
    let mut w = JsonWriter::with_capacity(4096);
    reverse_document(doc, &mut w);
    json_schema_to_sdl(&w.finish(), &ResolvedOptions::default(), false).err()
}

/// Every error validate's JSON Schema checks (validate_json.rs: the semantic checks of
/// field sets, the catalog, the converter as the net) find in the document's JSON
/// Schema, each placed on the SDL as `place_on_sdl` does: what `validate graphql`
/// reports for a subgraph (record 0077).
pub(crate) fn subgraph_problems(reader: &Reader, doc: &Document, ast: &ast::Document) -> Vec<ConversionError> {
    let mut w = JsonWriter::with_capacity(4096);
    reverse_document(doc, &mut w);
    let report = validate_json_schema(&w.finish(), &ValidateOptions::default());
    report
        .problems
        .into_iter()
        .filter(|p| p.severity == Severity::Error)
        .map(|p| {
            let location = Location { file: None, pointer: p.pointer, line: None, column: None };
            place_on_sdl(reader, ast, ConversionError::at(p.code, p.message, location))
        })
        .collect()
}

/// The problem as an error of the SDL document `ast` (read with locations, orphan
/// extensions adopted): same code and message, at the SDL node its pointer names.
pub(crate) fn place_on_sdl(reader: &Reader, ast: &ast::Document, problem: ConversionError) -> ConversionError {
    let offset = offset_of(reader, ast, problem.pointer.as_deref().unwrap_or(""));
    reader.error(problem.code, problem.message, offset)
}

fn offset_of(reader: &Reader, ast: &ast::Document, pointer: &str) -> Option<usize> {
    let parts: Vec<String> = pointer.split('/').skip(1).map(|p| p.replace("~1", "/").replace("~0", "~")).collect();
    if parts.len() < 2 || parts.first().map(String::as_str) != Some("definitions") {
        return None;
    }
    // Which directives reverse wrote as attributes depends on the link (record 0075).
    let linked = crate::sdl_orphans::links_federation(ast);
    let name = parts.get(1)?;
    // The definition first, then the extensions in document order: the order sdl_read
    // gives the type's directives.
    let mut nodes: Vec<&Ast> = Vec::new();
    for def in &ast.definitions {
        if def.name().is_none_or(|n| n.as_str() != name) {
            continue;
        }
        if is_type_definition(def) {
            nodes.insert(0, def);
        } else if is_type_extension(def) {
            nodes.push(def);
        }
    }
    let first = nodes.first()?;
    let type_start = start(first.location());
    if parts.get(2).map(String::as_str) == Some("properties") && parts.len() >= 4 {
        let field_name = parts.get(3)?;
        let rest = parts.get(4..).unwrap_or(&[]);
        for node in &nodes {
            if let Some(f) = fields_of_node(node).iter().find(|f| f.name.as_str() == field_name) {
                if rest.first().map(String::as_str) == Some("x-graphql-field-arguments") {
                    if let Some(a) = rest.get(1).and_then(|r| f.arguments.iter().find(|a| a.name.as_str() == r)) {
                        // Record 0084: `fromContext` and a `directives` entry of that name are its `@fromContext`.
                        let names: Vec<String> = match reader.directives(&a.directives) {
                            Ok(list) => list.into_iter().map(|d| d.name).collect(),
                            Err(_) => Vec::new(),
                        };
                        let entry = rest.get(3).and_then(|i| i.parse::<usize>().ok()).and_then(|i| names.get(i));
                        let named = rest.get(2).map(String::as_str) == Some("fromContext")
                            || (rest.get(2).map(String::as_str) == Some("directives") && entry.map(String::as_str) == Some("fromContext"));
                        if let Some(i) = names.iter().position(|n| n == "fromContext").filter(|_| named) {
                            return a.directives.0.get(i).and_then(located);
                        }
                        return start(a.location());
                    }
                }
                let at = directive_at(reader, &f.directives, |list| field_directive_places(list, linked), rest);
                return at.or(start(f.location()));
            }
            if let Some(f) = input_fields_of_node(node).iter().find(|f| f.name.as_str() == field_name) {
                let at = directive_at(reader, &f.directives, |list| field_directive_places(list, linked), rest);
                return at.or(start(f.location()));
            }
        }
        return type_start;
    }
    let is_scalar = matches!(first, Ast::ScalarTypeDefinition(_) | Ast::ScalarTypeExtension(_));
    let all: ast::DirectiveList =
        ast::DirectiveList(nodes.iter().filter_map(|n| directives_of_node(n)).flat_map(|l| l.iter().cloned()).collect());
    directive_at(reader, &all, |list| type_directive_places(is_scalar, list, linked), parts.get(2..).unwrap_or(&[])).or(type_start)
}

/// The offset of the directive of `list` that the pointer's rest (`x-graphql-federation-keys`,
/// `x-graphql-federation-keys/1`, `x-graphql-type-directives/0/args/fields`, ...) names.
fn directive_at(
    reader: &Reader,
    list: &ast::DirectiveList,
    places_of: impl Fn(&[AppliedDirective]) -> Vec<String>,
    rest: &[String],
) -> Option<usize> {
    let head = rest.first()?;
    if list.is_empty() {
        return None;
    }
    let places = places_of(&reader.directives(list).ok()?);
    // `x-graphql-federation-keys` written as one string names its first entry.
    let wanted = [rest.iter().take(2).cloned().collect::<Vec<_>>().join("/"), head.clone(), format!("{head}/0")];
    wanted.iter().find_map(|w| places.iter().position(|p| p == w)).and_then(|i| list.0.get(i)).and_then(located)
}

fn located(d: &Node<ast::Directive>) -> Option<usize> {
    start(d.location())
}
