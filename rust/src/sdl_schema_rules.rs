//! sdl_schema_rules: the values graphql-js cannot read while it builds a
//! schema from an SDL document. The twin of `unreadableDirectiveArguments` in
//! js/src/sdl-schema-rules.ts.
//!
//! graphql-js's `buildASTSchema` coerces the applied `@deprecated(reason:)` and
//! `@specifiedBy(url:)` with its own definitions of the two directives and
//! throws on the first it cannot; `validateSDL` does not check argument values,
//! and apollo-compiler accepts them. Both implementations report them between
//! the SDL rules and the schema rules (record 0028's stage 4): a reason must be
//! a string or null, a url a string. (TypeScript's `schemaRulesHold`, which
//! spares graphql-js building the schema, has no twin: apollo-compiler
//! validates the schema here.)

use apollo_compiler::ast::{self, Definition as Ast};
use apollo_compiler::Node;

pub const DEPRECATED_REASON: &str = "@deprecated(reason:) must be a string.";
pub const SPECIFIED_BY_URL: &str = "@specifiedBy(url:) must be a string.";

/// The unreadable arguments, in document order: the message and the byte
/// offset of the value (of the directive, for a missing url). graphql-js reads
/// the first `@deprecated` of a field, argument, input field or enum value
/// (extensions included) and the first `@specifiedBy` of a scalar's definition
/// (not of its extensions); so does this.
pub fn unreadable_directive_arguments(doc: &ast::Document) -> Vec<(&'static str, Option<usize>)> {
    let mut out = Vec::new();
    let mut read = |directives: &ast::DirectiveList, deprecated: bool| {
        let name = if deprecated { "deprecated" } else { "specifiedBy" };
        let Some(applied) = directives.iter().find(|d| d.name == name) else { return };
        let (arg_name, message) = if deprecated { ("reason", DEPRECATED_REASON) } else { ("url", SPECIFIED_BY_URL) };
        match applied.arguments.iter().find(|a| a.name == arg_name) {
            None if !deprecated => out.push((message, applied.location().map(|l| l.offset()))),
            None => {}
            Some(arg) => {
                let readable = matches!(*arg.value, ast::Value::String(_)) || (deprecated && matches!(*arg.value, ast::Value::Null));
                if !readable {
                    out.push((message, arg.value.location().map(|l| l.offset())));
                }
            }
        }
    };
    for def in &doc.definitions {
        let fields: &[Node<ast::FieldDefinition>] = match def {
            Ast::ObjectTypeDefinition(d) => &d.fields,
            Ast::ObjectTypeExtension(d) => &d.fields,
            Ast::InterfaceTypeDefinition(d) => &d.fields,
            Ast::InterfaceTypeExtension(d) => &d.fields,
            _ => &[],
        };
        for field in fields {
            read(&field.directives, true);
            input_values(&field.arguments, &mut read);
        }
        match def {
            Ast::InputObjectTypeDefinition(d) => input_values(&d.fields, &mut read),
            Ast::InputObjectTypeExtension(d) => input_values(&d.fields, &mut read),
            Ast::EnumTypeDefinition(d) => d.values.iter().for_each(|v| read(&v.directives, true)),
            Ast::EnumTypeExtension(d) => d.values.iter().for_each(|v| read(&v.directives, true)),
            Ast::DirectiveDefinition(d) => input_values(&d.arguments, &mut read),
            Ast::ScalarTypeDefinition(d) => read(&d.directives, false),
            _ => {}
        }
    }
    out
}

fn input_values(values: &[Node<ast::InputValueDefinition>], read: &mut dyn FnMut(&ast::DirectiveList, bool)) {
    for v in values {
        read(&v.directives, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(sdl: &str) -> Vec<(&'static str, Option<usize>)> {
        let doc = ast::Document::parse(sdl, "test.graphql").expect("parses");
        unreadable_directive_arguments(&doc)
    }

    #[test]
    fn reasons_and_urls_must_be_strings() {
        let sdl = "type Q { a: Int @deprecated(reason: 5) b(x: Int @deprecated(reason: [1])): Int }\n\
                   scalar S @specifiedBy(url: null)\nenum E { A @deprecated(reason: B) }";
        let at = |needle: &str| Some(sdl.find(needle).expect("in the text"));
        assert_eq!(
            problems(sdl),
            [
                (DEPRECATED_REASON, at("5)")),
                (DEPRECATED_REASON, at("[1]")),
                (SPECIFIED_BY_URL, at("null")),
                (DEPRECATED_REASON, at("B)")),
            ]
        );
    }

    #[test]
    fn what_graphql_js_reads_is_readable() {
        let sdl = "type Q { a: Int @deprecated b: Int @deprecated(reason: null) c: Int @deprecated(reason: \"\"\"old\"\"\") }\n\
                   scalar S @specifiedBy(url: \"https://example.com\")\nextend scalar S @specifiedBy(url: 5)";
        assert_eq!(problems(sdl), []);
    }
}
