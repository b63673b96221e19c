//! schema_roots: the root operation types GraphQL will see must be valid
//! (record 0029; mirrors js/src/schema-roots.ts), checked on the assembled
//! document so that no invalid SDL is printed:
//!
//! - one operation type named by both `x-graphql-schema` and
//!   `x-graphql-schema-extension` would be defined twice (`extend schema
//!   { query: Q }` after `schema { query: Q }`);
//! - without `x-graphql-schema`, the types named `Query`, `Mutation` and
//!   `Subscription` are the root operation types by their names (GraphQL's
//!   implicit schema), so each must be an object type.

use foldhash::HashMap;

use crate::json::Str;
use crate::errors::ConversionError;
use crate::ir::{Definition, ObjectKind};
use crate::lower::{fail, Lowering};
use crate::lower_directives::DraftSchemaDef;
use crate::loc::Loc;
use crate::slots::SlotId;

const OPERATION_TYPE: crate::errors::ErrorCode = crate::errors::codes::OPERATION_TYPE;

const IMPLICIT_ROOTS: [(&str, &str); 3] = [("Query", "query"), ("Mutation", "mutation"), ("Subscription", "subscription")];

pub fn check_schema_roots(
    lw: &Lowering,
    definitions: &[Definition],
    by_name: &HashMap<Str, SlotId>,
) -> Result<(), ConversionError> {
    if let (Some(schema), Some(extension)) = (&lw.schema, &lw.schema_extension) {
        check_given_once(schema, extension)?;
    }
    if lw.schema.is_some() {
        return Ok(());
    }
    for (name, op) in IMPLICIT_ROOTS {
        let Some(kind) = definitions.iter().find_map(|d| kind_named(d, name)) else { continue };
        if kind == "object" {
            continue;
        }
        let loc = match by_name.get(name).and_then(|&id| lw.slots.get(id)) {
            Some(slot) => slot.explicit.as_ref().map_or_else(|| slot.loc.clone(), |e| e.loc.clone()),
            None => Loc::new(lw.resolver.main.clone(), ""),
        };
        return Err(fail(
            OPERATION_TYPE,
            format!(
                "the {kind} {name} would be the {op} root type, which must be an object type; rename it, or name the root types with x-graphql-schema"
            ),
            &loc,
        ));
    }
    Ok(())
}

/// The kind word of a type definition named `name` (`object`, `enum`, ...).
fn kind_named(def: &Definition, name: &str) -> Option<&'static str> {
    match def {
        Definition::Object(d) if d.name == name => Some(match d.kind {
            ObjectKind::Object => "object",
            ObjectKind::Interface => "interface",
            ObjectKind::Input => "input",
        }),
        Definition::Union(t) if t.def.name == name => Some(t.kind),
        Definition::Enum(t) if t.def.name == name => Some(t.kind),
        Definition::Scalar(t) if t.def.name == name => Some(t.kind),
        _ => None,
    }
}

fn check_given_once(schema: &DraftSchemaDef, extension: &DraftSchemaDef) -> Result<(), ConversionError> {
    for (op, _, loc) in &extension.operations {
        if schema.operations.iter().any(|(o, _, _)| o == op) {
            return Err(fail(
                OPERATION_TYPE,
                format!("the {op} type is given by both x-graphql-schema and x-graphql-schema-extension"),
                loc,
            ));
        }
    }
    Ok(())
}
