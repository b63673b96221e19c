//! The canonical SDL printer: IR -> text (mirrors js/src/print.ts).
//!
//! One function per definition kind plus small helpers, as graphql-js's
//! printSchema is built, but with our own fixed format (docs/decisions): 2-space
//! indent, one blank line between definitions, arguments on one line unless one
//! of them has a description, `\n` endings and exactly one trailing newline.

use crate::json::Value;

use crate::ir::{
    AppliedDirective, Definition, DirectiveDef, Document, EnumTypeDef, FieldDef, InputValueDef, ObjectKind,
    ObjectTypeDef, ScalarTypeDef, SchemaDef, UnionTypeDef,
};
use crate::federation::federation_print_names;
use crate::text::{format_number, push_description, push_string};

pub fn print_document(doc: &Document, description_block_threshold: f64) -> String {
    // Record 0075: federation directives print under the names the document's federation @link gives them.
    let names = doc.schema_extension.as_ref().and_then(|ext| federation_print_names(&ext.directives)).unwrap_or_default();
    let p = Printer { threshold: threshold_of(description_block_threshold), names };
    // One buffer for the whole document: each piece is pushed where it is printed
    // (a string per definition, field and description, joined, cost 40% of printing).
    let mut out = String::new();
    if let Some(extension) = &doc.schema_extension {
        p.schema(&mut out, "extend schema", extension);
    } else if let Some(link) = &doc.link {
        out.push_str("extend schema @link(url: ");
        push_string(&mut out, &link.url);
        out.push_str(", import: [");
        for (i, import) in link.imports.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            push_string(&mut out, import);
        }
        out.push_str("])\n");
    }
    if let Some(schema) = &doc.schema {
        separate(&mut out);
        p.schema(&mut out, "schema", schema);
    }
    for def in &doc.definitions {
        separate(&mut out);
        p.definition(&mut out, def);
    }
    out
}

/// One blank line between blocks: every block ends with `\n` and none is empty.
fn separate(out: &mut String) {
    if !out.is_empty() {
        out.push('\n');
    }
}

/// The threshold as text.rs takes it: a non-negative integer (checked by
/// options), so the saturating conversion keeps every comparison the same.
fn threshold_of(x: f64) -> usize {
    if x.is_finite() && x >= 0.0 {
        x as usize
    } else {
        usize::MAX
    }
}

struct Printer {
    threshold: usize,
    /// (federation's name, the link's name) of each federation directive the link renames.
    names: Vec<(String, String)>,
}

impl Printer {
    fn definition(&self, out: &mut String, def: &Definition) {
        match def {
            Definition::Object(d) => self.object_type(out, d),
            Definition::Union(d) => self.union_type(out, &d.def),
            Definition::Enum(d) => self.enum_type(out, &d.def),
            Definition::Scalar(d) => self.scalar_type(out, &d.def),
            Definition::Directive(d) => self.directive_def(out, &d.def),
        }
    }

    /// `schema @d {\n  query: Q\n}` (or `extend schema ...`); no braces when there are no operations.
    fn schema(&self, out: &mut String, keyword: &str, def: &SchemaDef) {
        self.description(out, def.description.as_deref(), "");
        out.push_str(keyword);
        push_directives(out, &self.names, &def.directives);
        if !def.operations.is_empty() {
            out.push_str(" {\n");
            for (op, type_) in &def.operations {
                for piece in ["  ", op, ": ", type_, "\n"] {
                    out.push_str(piece);
                }
            }
            out.push('}');
        }
        out.push('\n');
    }

    fn description(&self, out: &mut String, text: Option<&str>, indent: &str) {
        if let Some(text) = text {
            push_description(out, text, indent, self.threshold);
        }
    }

    /// What every definition, field and enum value starts with: its description,
    /// then `indent`, `keyword` and `name` on the next line.
    fn head(&self, out: &mut String, description: Option<&str>, indent: &str, keyword: &str, name: &str) {
        self.description(out, description, indent);
        for piece in [indent, keyword, name] {
            out.push_str(piece);
        }
    }

    /// A type's head: `extend keyword name` for an extension (record 0076), which has
    /// no description of its own; else the description and `keyword name`.
    fn type_head(&self, out: &mut String, extension: bool, description: Option<&str>, keyword: &str, name: &str) {
        if extension {
            out.push_str("extend ");
            self.head(out, None, "", keyword, name);
        } else {
            self.head(out, description, "", keyword, name);
        }
    }

    fn object_type(&self, out: &mut String, def: &ObjectTypeDef) {
        let keyword = match def.kind {
            ObjectKind::Input => "input ",
            ObjectKind::Interface => "interface ",
            ObjectKind::Object => "type ",
        };
        self.type_head(out, def.extension, def.description.as_deref(), keyword, &def.name);
        for (i, interface) in def.interfaces.iter().enumerate() {
            out.push_str(if i == 0 { " implements " } else { " & " });
            out.push_str(interface);
        }
        push_directives(out, &self.names, &def.directives);
        out.push_str(" {\n");
        for f in &def.fields {
            self.field(out, f);
        }
        out.push_str("}\n");
    }

    fn field(&self, out: &mut String, f: &FieldDef) {
        self.head(out, f.description.as_deref(), "  ", "", &f.name);
        self.args(out, &f.args, "  ");
        out.push_str(": ");
        out.push_str(&f.type_);
        push_default(out, f.default_value.as_ref());
        push_directives(out, &self.names, &f.directives);
        out.push('\n');
    }

    /// `(a: Int, b: String)` on one line, or one per line when any has a description.
    fn args(&self, out: &mut String, args: &[InputValueDef], indent: &str) {
        if args.is_empty() {
            return;
        }
        if args.iter().all(|a| a.description.as_deref().is_none_or(str::is_empty)) {
            out.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                push_input_value(out, &self.names, a);
            }
            out.push(')');
            return;
        }
        let inner = format!("{indent}  ");
        out.push_str("(\n");
        for a in args {
            self.description(out, a.description.as_deref(), &inner);
            out.push_str(&inner);
            push_input_value(out, &self.names, a);
            out.push('\n');
        }
        out.push_str(indent);
        out.push(')');
    }

    fn union_type(&self, out: &mut String, def: &UnionTypeDef) {
        self.type_head(out, def.extension, def.description.as_deref(), "union ", &def.name);
        push_directives(out, &self.names, &def.directives);
        out.push_str(" = ");
        push_joined(out, &def.members, " | ");
        out.push('\n');
    }

    fn enum_type(&self, out: &mut String, def: &EnumTypeDef) {
        self.type_head(out, def.extension, def.description.as_deref(), "enum ", &def.name);
        push_directives(out, &self.names, &def.directives);
        out.push_str(" {\n");
        for v in &def.values {
            self.head(out, v.description.as_deref(), "  ", "", &v.name);
            push_directives(out, &self.names, &v.directives);
            out.push('\n');
        }
        out.push_str("}\n");
    }

    fn scalar_type(&self, out: &mut String, def: &ScalarTypeDef) {
        self.head(out, def.description.as_deref(), "", "scalar ", &def.name);
        push_directives(out, &self.names, &def.directives);
        out.push('\n');
    }

    fn directive_def(&self, out: &mut String, def: &DirectiveDef) {
        self.head(out, def.description.as_deref(), "", "directive @", &def.name);
        self.args(out, &def.args, "");
        if def.repeatable {
            out.push_str(" repeatable");
        }
        out.push_str(" on ");
        push_joined(out, &def.locations, " | ");
        out.push('\n');
    }
}

fn push_joined<S: AsRef<str>>(out: &mut String, items: &[S], separator: &str) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        out.push_str(item.as_ref());
    }
}

fn push_input_value(out: &mut String, names: &[(String, String)], a: &InputValueDef) {
    out.push_str(&a.name);
    out.push_str(": ");
    out.push_str(&a.type_);
    push_default(out, a.default_value.as_ref());
    push_directives(out, names, &a.directives);
}

fn push_default(out: &mut String, value: Option<&Value>) {
    if let Some(v) = value {
        out.push_str(" = ");
        push_value(out, v);
    }
}

fn push_directives(out: &mut String, names: &[(String, String)], directives: &[AppliedDirective]) {
    for d in directives {
        out.push_str(" @");
        out.push_str(names.iter().find(|(n, _)| *n == d.name).map_or(d.name.as_str(), |(_, printed)| printed.as_str()));
        if !d.args.is_empty() {
            out.push('(');
            for (i, (name, value)) in d.args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(name);
                out.push_str(": ");
                push_value(out, value);
            }
            out.push(')');
        }
    }
}

/// The key of the one-key object that stands for an enum value in a JSON literal (record 0028).
pub const ENUM_LITERAL_KEY: &str = "x-graphql-enum";

/// `{"x-graphql-enum": "V"}` -> "V"; anything else -> None.
pub fn enum_literal(value: &Value) -> Option<&str> {
    match value {
        Value::Object(map) if map.len() == 1 => map.get(ENUM_LITERAL_KEY).and_then(Value::as_str),
        _ => None,
    }
}

fn push_value(out: &mut String, value: &Value) {
    enum Work<'a> {
        Value(&'a Value),
        Text(&'static str),
        Key(&'a str),
    }
    let mut stack = vec![Work::Value(value)];
    while let Some(work) = stack.pop() {
        match work {
            Work::Text(t) => out.push_str(t),
            Work::Key(k) => {
                out.push_str(k);
                out.push_str(": ");
            }
            Work::Value(v) => match v {
                Value::Null => out.push_str("null"),
                Value::String(s) => push_string(out, s),
                Value::Number(n) => match n.as_f64() {
                    Some(x) => out.push_str(&format_number(x)),
                    None => out.push_str("null"),
                },
                Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                Value::Array(items) => {
                    out.push('[');
                    stack.push(Work::Text("]"));
                    for (i, item) in items.iter().enumerate().rev() {
                        stack.push(Work::Value(item));
                        if i > 0 {
                            stack.push(Work::Text(", "));
                        }
                    }
                }
                Value::Object(_) if enum_literal(v).is_some() => out.push_str(enum_literal(v).unwrap_or("")),
                Value::Object(map) => {
                    out.push('{');
                    stack.push(Work::Text("}"));
                    for (i, (k, item)) in map.iter().enumerate().rev() {
                        stack.push(Work::Value(item));
                        stack.push(Work::Key(k));
                        if i > 0 {
                            stack.push(Work::Text(", "));
                        }
                    }
                }
            },
        }
    }
}
