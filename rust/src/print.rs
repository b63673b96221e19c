//! The canonical SDL printer: IR -> text (mirrors js/src/print.ts).
//!
//! One function per definition kind plus small helpers, as graphql-js's
//! printSchema is built, but with our own fixed format (docs/decisions): 2-space
//! indent, one blank line between definitions, arguments on one line unless one
//! of them has a description, `\n` endings and exactly one trailing newline.

use serde_json::Value;

use crate::ir::{
    AppliedDirective, Definition, DirectiveDef, Document, EnumTypeDef, FieldDef, InputValueDef, ObjectKind,
    ObjectTypeDef, ScalarTypeDef, SchemaDef, UnionTypeDef,
};
use crate::text::{format_number, print_description, print_string};

pub fn print_document(doc: &Document, description_block_threshold: f64) -> String {
    let mut blocks = Blocks::default();
    let p = Printer { threshold: threshold_of(description_block_threshold) };
    if let Some(extension) = &doc.schema_extension {
        blocks.push(p.schema("extend schema", extension));
    } else if let Some(link) = &doc.link {
        let imports: Vec<String> = link.imports.iter().map(|i| print_string(i)).collect();
        blocks.push(format!(
            "extend schema @link(url: {}, import: [{}])\n",
            print_string(&link.url),
            imports.join(", ")
        ));
    }
    if let Some(schema) = &doc.schema {
        blocks.push(p.schema("schema", schema));
    }
    for def in &doc.definitions {
        blocks.push(p.definition(def));
    }
    blocks.out
}

/// The blocks of a document joined by blank lines as they are printed: a list
/// of blocks joined at the end held the output twice (peak memory).
#[derive(Default)]
struct Blocks {
    out: String,
    any: bool,
}

impl Blocks {
    fn push(&mut self, block: String) {
        if self.any {
            self.out.push('\n');
        }
        self.out.push_str(&block);
        self.any = true;
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
}

impl Printer {
    fn definition(&self, def: &Definition) -> String {
        match def {
            Definition::Object(d) => self.object_type(d),
            Definition::Union(d) => self.union_type(&d.def),
            Definition::Enum(d) => self.enum_type(&d.def),
            Definition::Scalar(d) => self.scalar_type(&d.def),
            Definition::Directive(d) => self.directive_def(&d.def),
        }
    }

    /// `schema @d {\n  query: Q\n}` (or `extend schema ...`); no braces when there are no operations.
    fn schema(&self, keyword: &str, def: &SchemaDef) -> String {
        let head = format!("{}{keyword}{}", self.description(def.description.as_ref(), ""), print_directives(&def.directives));
        if def.operations.is_empty() {
            return head + "\n";
        }
        let ops: String = def.operations.iter().map(|(op, type_)| format!("  {op}: {type_}\n")).collect();
        format!("{head} {{\n{ops}}}\n")
    }

    fn description(&self, text: Option<&String>, indent: &str) -> String {
        match text {
            None => String::new(),
            Some(t) => print_description(t, indent, self.threshold),
        }
    }

    fn object_type(&self, def: &ObjectTypeDef) -> String {
        let keyword = match def.kind {
            ObjectKind::Input => "input",
            ObjectKind::Interface => "interface",
            ObjectKind::Object => "type",
        };
        let mut head = format!("{keyword} {}", def.name);
        if !def.interfaces.is_empty() {
            head.push_str(" implements ");
            head.push_str(&def.interfaces.join(" & "));
        }
        head.push_str(&print_directives(&def.directives));
        let fields: String = def.fields.iter().map(|f| self.field(f)).collect();
        format!("{}{head} {{\n{fields}}}\n", self.description(def.description.as_ref(), ""))
    }

    /// Pieces pushed onto one string: `format!` cost 1,700 instructions a field (3%).
    fn field(&self, f: &FieldDef) -> String {
        let mut out = self.description(f.description.as_ref(), "  ");
        out.reserve(f.name.len() + f.type_.len() + 6);
        out.push_str("  ");
        out.push_str(&f.name);
        if !f.args.is_empty() {
            out.push_str(&self.args(&f.args, "  "));
        }
        out.push_str(": ");
        out.push_str(&f.type_);
        if f.default_value.is_some() {
            out.push_str(&print_default(f.default_value.as_ref()));
        }
        if !f.directives.is_empty() {
            out.push_str(&print_directives(&f.directives));
        }
        out.push('\n');
        out
    }

    /// `(a: Int, b: String)` on one line, or one per line when any has a description.
    fn args(&self, args: &[InputValueDef], indent: &str) -> String {
        if args.is_empty() {
            return String::new();
        }
        if args.iter().all(|a| a.description.as_deref().is_none_or(str::is_empty)) {
            let parts: Vec<String> = args.iter().map(print_input_value).collect();
            return format!("({})", parts.join(", "));
        }
        let inner = format!("{indent}  ");
        let lines: String = args
            .iter()
            .map(|a| format!("{}{inner}{}\n", self.description(a.description.as_ref(), &inner), print_input_value(a)))
            .collect();
        format!("(\n{lines}{indent})")
    }

    fn union_type(&self, def: &UnionTypeDef) -> String {
        format!(
            "{}union {}{} = {}\n",
            self.description(def.description.as_ref(), ""),
            def.name,
            print_directives(&def.directives),
            def.members.join(" | ")
        )
    }

    fn enum_type(&self, def: &EnumTypeDef) -> String {
        let values: String = def
            .values
            .iter()
            .map(|v| {
                format!("{}  {}{}\n", self.description(v.description.as_ref(), "  "), v.name, print_directives(&v.directives))
            })
            .collect();
        format!(
            "{}enum {}{} {{\n{values}}}\n",
            self.description(def.description.as_ref(), ""),
            def.name,
            print_directives(&def.directives)
        )
    }

    fn scalar_type(&self, def: &ScalarTypeDef) -> String {
        format!(
            "{}scalar {}{}\n",
            self.description(def.description.as_ref(), ""),
            def.name,
            print_directives(&def.directives)
        )
    }

    fn directive_def(&self, def: &DirectiveDef) -> String {
        let repeatable = if def.repeatable { " repeatable" } else { "" };
        format!(
            "{}directive @{}{}{repeatable} on {}\n",
            self.description(def.description.as_ref(), ""),
            def.name,
            self.args(&def.args, ""),
            def.locations.join(" | ")
        )
    }
}

fn print_input_value(a: &InputValueDef) -> String {
    format!("{}: {}{}{}", a.name, a.type_, print_default(a.default_value.as_ref()), print_directives(&a.directives))
}

fn print_default(value: Option<&Value>) -> String {
    match value {
        None => String::new(),
        Some(v) => format!(" = {}", print_value(v)),
    }
}

pub fn print_directives(directives: &[AppliedDirective]) -> String {
    let mut out = String::new();
    for d in directives {
        out.push_str(" @");
        out.push_str(&d.name);
        if !d.args.is_empty() {
            let args: Vec<String> = d.args.iter().map(|(name, value)| format!("{name}: {}", print_value(value))).collect();
            out.push('(');
            out.push_str(&args.join(", "));
            out.push(')');
        }
    }
    out
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

/// A JSON value as a GraphQL literal; `{"x-graphql-enum": "V"}` is the enum
/// value `V`. Object keys and enum values were checked to be names by
/// `lower`. Iterative, so nesting depth cannot overflow the stack.
pub fn print_value(value: &Value) -> String {
    enum Work<'a> {
        Value(&'a Value),
        Text(&'static str),
        Key(&'a str),
    }
    let mut out = String::new();
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
                Value::String(s) => out.push_str(&print_string(s)),
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
    out
}
