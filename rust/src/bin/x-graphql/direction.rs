//! `convert` without `--direction` (record 0083; the twin of js/src/cli-direction.ts):
//! the direction from the input's name, else from its first non-blank character (an
//! introspection result by its shape),
//! and the warning for an `-o` whose extension names the other kind of output.

/// `.graphql`/`.gql` is SDL, `.json` is JSON Schema; any other name says nothing.
pub fn direction_of_name(name: &str) -> Option<&'static str> {
    if name.ends_with(".graphql") || name.ends_with(".gql") {
        Some("graphql-to-json")
    } else if name.ends_with(".json") {
        Some("json-to-graphql")
    } else {
        None
    }
}

/// A JSON Schema document is an object, so `{` first (after blanks: space, tab, CR,
/// LF, BOM, as in the npm CLI) means JSON; anything else is read as SDL. A blank input
/// keeps the old default (JSON), whose error message is the one users know.
pub fn direction_of_text(text: &str) -> &'static str {
    match text.chars().find(|c| !matches!(c, ' ' | '\t' | '\n' | '\r' | '\u{FEFF}')) {
        None | Some('{') => "json-to-graphql",
        Some(_) => "graphql-to-json",
    }
}

/// The direction of one input: its name, else its first character; a JSON input
/// (by either) holding an introspection result is read as SDL (record 0091).
pub fn direction_of_input(name: Option<&str>, text: &str) -> &'static str {
    let direction = name.and_then(direction_of_name).unwrap_or_else(|| direction_of_text(text));
    if direction == "json-to-graphql" && x_graphql::__private::looks_like_introspection(text) {
        return "graphql-to-json";
    }
    direction
}

/// The warning (without `--quiet`) for `-o` naming a file of the other kind; a note, not an error.
pub fn output_extension_warning(target: &str, direction: &str) -> Option<String> {
    // The direction that would READ such a file: equal to ours, the output is of the other kind.
    if direction_of_name(target)? != direction {
        return None;
    }
    let ext = &target[target.rfind('.').unwrap_or(0)..];
    let output = if direction == "json-to-graphql" { "GraphQL SDL" } else { "JSON Schema" };
    Some(format!("{target}: warning[OUTPUT_EXTENSION] the output is {output}, but the file name ends in {ext}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_then_first_character() {
        assert_eq!(direction_of_name("a.gql"), Some("graphql-to-json"));
        assert_eq!(direction_of_name("a.schema.json"), Some("json-to-graphql"));
        assert_eq!(direction_of_name("a.txt"), None);
        assert_eq!(direction_of_text("\u{FEFF}\n  {}"), "json-to-graphql");
        assert_eq!(direction_of_text("  "), "json-to-graphql");
        assert_eq!(direction_of_text("type A { a: Int }"), "graphql-to-json");
        assert_eq!(direction_of_text("\"\"\"doc\"\"\" type A { a: Int }"), "graphql-to-json");
    }

    #[test]
    fn warns_when_the_extension_names_the_other_kind() {
        assert!(output_extension_warning("a.graphql", "json-to-graphql").is_none());
        assert!(output_extension_warning("a.out", "json-to-graphql").is_none());
        assert_eq!(
            output_extension_warning("a.json", "json-to-graphql").unwrap(),
            "a.json: warning[OUTPUT_EXTENSION] the output is GraphQL SDL, but the file name ends in .json"
        );
        assert_eq!(
            output_extension_warning("a.gql", "graphql-to-json").unwrap(),
            "a.gql: warning[OUTPUT_EXTENSION] the output is JSON Schema, but the file name ends in .gql"
        );
    }
}
