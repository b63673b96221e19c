//! sdl_orphans: the orphan extensions of a subgraph (record 0076). A federation
//! subgraph may extend a type another subgraph defines (`extend type User
//! @key(fields: "id") { ... }`, `extend type Query { ... }` alone);
//! `@apollo/subgraph`'s `buildSubgraphSchema` and apollo-compiler's
//! `adopt_orphan_extensions` read the first such extension as the type's
//! definition. sdl_read does the same, before its checks, for a document that
//! links Apollo Federation (an `@link` to a `https://specs.apollo.dev/federation/`
//! URL on its schema definition or extension), for `extend type`, `interface`,
//! `input`, `union` and `enum`: "Cannot extend type ... because it is not defined"
//! stays the error of any other document, and of an orphan `extend scalar`, which
//! `buildSubgraphSchema` (@apollo/subgraph 2.14) refuses ("There can be only one
//! type named ..."). The
//! adopted types are marked in the IR (`extension`), so reverse writes
//! `x-graphql-extends` and the round trip prints `extend type` (`extend union`, ...)
//! again. Also the `@oneOf` definition such a
//! document's canonical form adds (record 0077). The twin of js/src/sdl-orphans.ts.

use foldhash::{HashSet, HashSetExt};

use apollo_compiler::ast::{self, Definition as Ast};
use apollo_compiler::Node;

use crate::ir::{Definition, DirectiveDef, ObjectKind, SchemaDef};
use crate::sdl_names::is_type_definition;

pub(crate) const FEDERATION_URL_PREFIX: &str = "https://specs.apollo.dev/federation/";

/// Whether the document's schema definition or extension applies `@link` to an Apollo Federation URL.
pub(crate) fn links_federation(doc: &ast::Document) -> bool {
    doc.definitions.iter().any(|def| {
        let directives = match def {
            Ast::SchemaDefinition(d) => &d.directives,
            Ast::SchemaExtension(d) => &d.directives,
            _ => return false,
        };
        directives.iter().any(|d| {
            d.name == "link"
                && d.arguments.iter().any(|a| {
                    a.name == "url"
                        && matches!(a.value.as_ref(), ast::Value::String(url) if url.starts_with(FEDERATION_URL_PREFIX))
                })
        })
    })
}

/// The first type extension (`extend type`, `extend union`, ...) of each name the document does not
/// define becomes its definition, in place (same position, no description), with the
/// names of the adopted types; None when the document does not link federation or has
/// no orphan.
pub(crate) fn adopt_orphan_extensions(doc: &ast::Document) -> Option<(ast::Document, HashSet<String>)> {
    let orphan = |d: &Ast| {
        matches!(
            d,
            Ast::ObjectTypeExtension(_)
                | Ast::InterfaceTypeExtension(_)
                | Ast::InputObjectTypeExtension(_)
                | Ast::UnionTypeExtension(_)
                | Ast::EnumTypeExtension(_)
        )
    };
    if !doc.definitions.iter().any(orphan) || !links_federation(doc) {
        return None;
    }
    let mut defined: HashSet<&str> = HashSet::new();
    for def in &doc.definitions {
        if is_type_definition(def) {
            if let Some(n) = def.name() {
                defined.insert(n.as_str());
            }
        }
    }
    let mut names: HashSet<String> = HashSet::new();
    let mut definitions = Vec::with_capacity(doc.definitions.len());
    for def in &doc.definitions {
        let adopted = match def {
            Ast::ObjectTypeExtension(e) if adoptable(&defined, &names, e.name.as_str()) => {
                let node = ast::ObjectTypeDefinition {
                    description: None,
                    name: e.name.clone(),
                    implements_interfaces: e.implements_interfaces.clone(),
                    directives: e.directives.clone(),
                    fields: e.fields.clone(),
                };
                Some((e.name.as_str(), Ast::ObjectTypeDefinition(located(node, e))))
            }
            Ast::InterfaceTypeExtension(e) if adoptable(&defined, &names, e.name.as_str()) => {
                let node = ast::InterfaceTypeDefinition {
                    description: None,
                    name: e.name.clone(),
                    implements_interfaces: e.implements_interfaces.clone(),
                    directives: e.directives.clone(),
                    fields: e.fields.clone(),
                };
                Some((e.name.as_str(), Ast::InterfaceTypeDefinition(located(node, e))))
            }
            Ast::InputObjectTypeExtension(e) if adoptable(&defined, &names, e.name.as_str()) => {
                let node = ast::InputObjectTypeDefinition {
                    description: None,
                    name: e.name.clone(),
                    directives: e.directives.clone(),
                    fields: e.fields.clone(),
                };
                Some((e.name.as_str(), Ast::InputObjectTypeDefinition(located(node, e))))
            }
            Ast::UnionTypeExtension(e) if adoptable(&defined, &names, e.name.as_str()) => {
                let node = ast::UnionTypeDefinition {
                    description: None,
                    name: e.name.clone(),
                    directives: e.directives.clone(),
                    members: e.members.clone(),
                };
                Some((e.name.as_str(), Ast::UnionTypeDefinition(located(node, e))))
            }
            Ast::EnumTypeExtension(e) if adoptable(&defined, &names, e.name.as_str()) => {
                let node = ast::EnumTypeDefinition {
                    description: None,
                    name: e.name.clone(),
                    directives: e.directives.clone(),
                    values: e.values.clone(),
                };
                Some((e.name.as_str(), Ast::EnumTypeDefinition(located(node, e))))
            }
            _ => None,
        };
        match adopted {
            Some((name, node)) => {
                names.insert(name.to_string());
                definitions.push(node);
            }
            None => definitions.push(def.clone()),
        }
    }
    if names.is_empty() {
        return None;
    }
    let mut out = doc.clone();
    out.definitions = definitions;
    Some((out, names))
}

fn adoptable(defined: &HashSet<&str>, adopted: &HashSet<String>, name: &str) -> bool {
    !defined.contains(name) && !adopted.contains(name) && !crate::sdl_validate::STANDARD_TYPE_NAMES.contains(&name)
}

/// `node` at the location of `like` (none for a document read without locations).
fn located<T, U>(node: T, like: &Node<U>) -> Node<T> {
    match like.location() {
        Some(span) => Node::new_parsed(node, span),
        None => Node::new(node),
    }
}

/// Record 0077: the canonical form of a document whose `extend schema` links federation
/// and whose input types apply `@oneOf` without defining it defines it, as the forward
/// direction prints such a document (record 0068: last of the directive definitions).
pub(crate) fn needs_one_of_definition(ext: Option<&SchemaDef>, directive_defs: &[Definition], types: &[Option<Definition>]) -> bool {
    let Some(ext) = ext else { return false };
    if directive_defs.iter().any(|d| matches!(d, Definition::Directive(d) if d.def.name == "oneOf")) {
        return false;
    }
    let links = ext.directives.iter().any(|d| {
        d.name == "link"
            && d.args.iter().any(|(name, url)| name == "url" && url.as_str().is_some_and(|u| u.starts_with(FEDERATION_URL_PREFIX)))
    });
    links
        && types.iter().flatten().any(|t| {
            matches!(t, Definition::Object(o) if o.kind == ObjectKind::Input && o.directives.iter().any(|d| d.name == "oneOf"))
        })
}

/// `directive @oneOf on INPUT_OBJECT`, the definition of the GraphQL specification.
pub(crate) fn one_of_definition() -> Definition {
    Definition::directive(DirectiveDef {
        name: "oneOf".to_string(),
        description: None,
        args: Vec::new(),
        repeatable: false,
        locations: vec!["INPUT_OBJECT".to_string()],
    })
}
