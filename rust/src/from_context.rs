//! from_context: federation's rules for `@context(name:)` and `@fromContext(field:)`
//! (record 0084), as `buildSubgraphSchema` of @apollo/subgraph 2.14 applies them, so
//! that what we print builds. Run by field_set.rs once the names are final; every
//! problem is FIELD_SET at the attribute. Mirrors js/src/from-context.ts, whose module
//! comment lists the rules in the order they are checked. The selection is a flat
//! list (`parse_field_set`), so nothing here recurses.

use crate::errors::{codes, ConversionError};
use crate::field_set_parse::{has_selection, parse_field_set, Selection};
use crate::ir::AppliedDirective;
use crate::json::Value;
use crate::loc::Loc;
use crate::lower::{fail, Lowering};
use crate::slots::{DraftField, DraftInputValue, SlotId, SlotKind};
use crate::type_expr::{list_depth, render_type, Base, TypeExpr, Wrapper};

type Res<T> = Result<T, ConversionError>;

/// What from_context needs of field_set.rs's check.
pub trait ContextCheck<'a> {
    /// The lowering outlives the check, so a reference to it does not keep the check borrowed.
    fn lowering(&self) -> &'a Lowering;
    fn order(&self) -> &'a [SlotId];
    fn slot_of(&self, field: &DraftField) -> Option<SlotId>;
    /// Records a field a selection names (and its implementations' through an interface).
    fn use_field(&mut self, type_: SlotId, name: &str);
    fn is_federation(&self, name: &str) -> bool;
    /// Where each of a type's directives was given.
    fn type_locs(&self, id: SlotId) -> Vec<Loc>;
}

fn is_ignored(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\t' | ' ' | ',')
}

/// Skips federation's ignored characters: white space, commas, `#` comments to the line end.
fn skip_ignored(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() {
        if is_ignored(chars[i]) {
            i += 1;
        } else if chars[i] == '#' {
            while i < chars.len() && chars[i] != '\n' && chars[i] != '\r' {
                i += 1;
            }
        } else {
            break;
        }
    }
    i
}

/// Federation's `parseContext`: `$name` after ignored characters, and the rest.
pub fn parse_context(text: &str) -> Option<(String, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = skip_ignored(&chars, 0);
    if chars.get(i) != Some(&'$') {
        return None;
    }
    i = skip_ignored(&chars, i + 1);
    let start = i;
    if !chars.get(i).is_some_and(|c| *c == '_' || c.is_ascii_alphabetic()) {
        return None;
    }
    while i < chars.len() && (chars[i] == '_' || chars[i].is_ascii_alphanumeric()) {
        i += 1;
    }
    Some((chars[start..i].iter().collect(), chars[i..].iter().collect()))
}

/// Inline fragments stand only at the top, each with a type condition, and not beside fields.
const FRAGMENTS_AT_THE_TOP: &str =
    "inline fragments stand only at the top of the selection, each as \"... on Type { field }\", and not beside fields";

/// The selection of a `@fromContext`, with or without its braces, or why it is not one.
fn parse_selection(text: &str) -> Result<Vec<Selection>, String> {
    if text.contains("...") {
        return Err(FRAGMENTS_AT_THE_TOP.to_string());
    }
    // JavaScript's `trim` and Rust's `trim` agree on the characters a field set may hold.
    if !text.trim().starts_with('{') {
        return parse_field_set(text);
    }
    // `{ a { b } }`: the field set of one field around it, one level up.
    let set = parse_field_set(&format!("x{text}"))?;
    if set[1..].iter().any(|s| s.depth == 0) {
        return Err("it has text after its closing \"}\"".to_string());
    }
    Ok(set[1..].iter().map(|s| Selection { name: s.name.clone(), depth: s.depth - 1 }).collect())
}

/// An inline fragment of the fragment form: its type condition and its fields.
struct Fragment {
    on: String,
    set: Vec<Selection>,
}

fn is_name_start(c: Option<&char>) -> bool {
    c.is_some_and(|c| *c == '_' || c.is_ascii_alphabetic())
}

fn is_name_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| *c == '_' || c.is_ascii_alphanumeric())
}

/// GraphQL's ignored tokens inside a field set (field-set.ts `isIgnored`).
fn is_set_ignored(c: Option<&char>) -> bool {
    matches!(c, Some(' ' | '\t' | '\n' | '\r' | ',' | '\u{feff}'))
}

/// Whether the selection starts with `...` (after its optional `{`): federation's inline-fragment form.
fn is_fragment_form(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while is_set_ignored(chars.get(i)) {
        i += 1;
    }
    if chars.get(i) == Some(&'{') {
        i += 1;
        while is_set_ignored(chars.get(i)) {
            i += 1;
        }
    }
    chars.get(i..i + 3) == Some(&['.', '.', '.'])
}

/// The fragment form `... on A { x } ... on B { y }` (from-context.ts `parseFragments`):
/// each fragment's type condition and field set, or why it is not one. A flat scan.
fn parse_fragments(text: &str) -> Result<Vec<Fragment>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let skip = |i: &mut usize| {
        while is_set_ignored(chars.get(*i)) {
            *i += 1;
        }
    };
    let name = |i: &mut usize| -> String {
        let start = *i;
        if !is_name_start(chars.get(*i)) {
            return String::new();
        }
        while is_name_char(chars.get(*i)) {
            *i += 1;
        }
        chars[start..*i].iter().collect()
    };
    let no_condition = || "an inline fragment has no type condition (\"... on Type { field }\")".to_string();
    skip(&mut i);
    let braced = chars.get(i) == Some(&'{');
    if braced {
        i += 1;
    }
    let mut out = Vec::new();
    loop {
        skip(&mut i);
        if braced && chars.get(i) == Some(&'}') {
            i += 1;
            skip(&mut i);
            if i < chars.len() {
                return Err("it has text after its closing \"}\"".to_string());
            }
            break;
        }
        if i >= chars.len() {
            if braced {
                return Err("its \"{\" is not closed".to_string());
            }
            break;
        }
        if chars.get(i..i + 3) != Some(&['.', '.', '.']) {
            return Err(FRAGMENTS_AT_THE_TOP.to_string());
        }
        i += 3;
        skip(&mut i);
        if name(&mut i) != "on" {
            return Err(no_condition());
        }
        skip(&mut i);
        let on = name(&mut i);
        if on.is_empty() {
            return Err(no_condition());
        }
        skip(&mut i);
        if chars.get(i) != Some(&'{') {
            return Err(format!("the inline fragment on {on} has no selection (\"... on {on} {{ field }}\")"));
        }
        i += 1;
        let start = i;
        let mut depth = 1;
        while i < chars.len() && depth > 0 {
            match chars[i] {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            i += 1;
        }
        if depth > 0 {
            return Err(format!("the \"{{\" of the inline fragment on {on} is not closed"));
        }
        let body: String = chars[start..i - 1].iter().collect();
        if body.contains("...") {
            return Err(FRAGMENTS_AT_THE_TOP.to_string());
        }
        let set = parse_field_set(&body)?;
        if set.is_empty() {
            return Err(format!("the inline fragment on {on} selects no field"));
        }
        out.push(Fragment { on, set });
    }
    if out.is_empty() {
        return Err("it selects nothing".to_string());
    }
    Ok(out)
}

fn is_context_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric())
}

pub fn check_contexts<'a, C: ContextCheck<'a>>(c: &mut C) -> Res<()> {
    // Context name -> the types that set it, in document order.
    let mut contexts: Vec<(String, Vec<SlotId>)> = Vec::new();
    let lw = c.lowering();
    if c.is_federation("context") && lw.directives.federation_used.contains("context") {
        for &id in c.order() {
            let slot = &lw.slots[id];
            for (i, d) in slot.directives.iter().enumerate() {
                if d.name != "context" {
                    continue;
                }
                let Some(Value::String(name)) = d.args.iter().find(|(n, _)| n == "name").map(|(_, v)| v) else { continue };
                let head = format!("@context(name: \"{name}\") on type {}", slot.name);
                if name.contains('_') {
                    let message = format!("{head}: a context name may not contain an underscore");
                    return Err(fail(codes::FIELD_SET, message, &c.type_locs(id)[i]));
                }
                if !is_context_name(name) {
                    let message = format!("{head}: a context name has only letters and digits, and starts with a letter");
                    return Err(fail(codes::FIELD_SET, message, &c.type_locs(id)[i]));
                }
                match contexts.iter_mut().find(|(n, _)| n == name.as_str()) {
                    Some((_, list)) => list.push(id),
                    None => contexts.push((name.to_string(), vec![id])),
                }
            }
        }
    }
    if !c.is_federation("fromContext") || !lw.directives.federation_used.contains("fromContext") {
        return Ok(());
    }
    for &id in c.order() {
        let slot = &lw.slots[id];
        if slot.kind != SlotKind::Object && slot.kind != SlotKind::Interface {
            continue;
        }
        for field in &slot.fields {
            for arg in field.args() {
                if arg.directives.iter().any(|x| x.name == "fromContext") {
                    from_context(c, &contexts, id, field, arg)?;
                }
            }
        }
    }
    Ok(())
}

fn from_context<'a, C: ContextCheck<'a>>(
    c: &mut C,
    contexts: &[(String, Vec<SlotId>)],
    id: SlotId,
    field: &'a DraftField,
    arg: &'a DraftInputValue,
) -> Res<()> {
    let lw = c.lowering();
    let slot = &lw.slots[id];
    let d: &AppliedDirective = arg.directives.iter().find(|x| x.name == "fromContext").expect("checked by the caller");
    let loc = arg.from_context_at.clone().unwrap_or_else(|| field.loc.clone());
    let text = match d.args.iter().find(|(n, _)| n == "field") {
        Some((_, Value::String(s))) => s.to_string(),
        _ => String::new(),
    };
    let head = format!("@fromContext(field: \"{text}\") on argument {}.{}({}:)", slot.name, field.name, arg.name);
    let fail_with = |why: String| Err(fail(codes::FIELD_SET, format!("{head}: {why}"), &loc));
    if slot.kind != SlotKind::Object {
        return fail_with(format!(
            "{} is an interface, and federation takes @fromContext only on the fields of object types",
            slot.name
        ));
    }
    for &iface in &slot.interfaces {
        let iface = &lw.slots[iface];
        if iface.fields.iter().any(|f| f.name == field.name) {
            return fail_with(format!(
                "{}.{} implements the interface field {}.{}, where federation refuses @fromContext",
                slot.name, field.name, iface.name, field.name
            ));
        }
    }
    if arg.default_value.is_some() {
        return fail_with("the argument has a default value, which an argument with @fromContext cannot have".to_string());
    }
    let Some((context, selection)) = parse_context(&text).filter(|(_, s)| !s.is_empty()) else {
        return fail_with("it names no context: write \"$context { field }\"".to_string());
    };
    let Some((_, locations)) = contexts.iter().find(|(n, _)| *n == context) else {
        return fail_with(format!("no type sets the context \"{context}\" (@context(name: \"{context}\"))"));
    };
    if is_fragment_form(&selection) {
        fragment_form(c, lw, &context, locations, &selection, arg, &head, &loc)?;
    } else {
        field_form(c, lw, locations, &selection, arg, &head, &loc)?;
    }
    let resolvable = slot.directives.iter().any(|k| {
        k.name == "key" && !k.args.iter().any(|(n, v)| n == "resolvable" && matches!(v, Value::Bool(false)))
    });
    if !resolvable {
        return fail_with(format!(
            "{} has no resolvable @key, which federation asks of a type with a @fromContext argument",
            slot.name
        ));
    }
    Ok(())
}

/// `$ctx { a { b } }`: one field that every type setting the context has.
fn field_form<'a, C: ContextCheck<'a>>(
    c: &mut C,
    lw: &'a Lowering,
    locations: &[SlotId],
    selection: &str,
    arg: &DraftInputValue,
    head: &str,
    loc: &Loc,
) -> Res<()> {
    let set = match parse_selection(selection) {
        Ok(set) => set,
        Err(why) => return Err(fail(codes::FIELD_SET, format!("{head}: not a selection: {why}"), loc)),
    };
    if set.iter().filter(|s| s.depth == 0).count() > 1 {
        let why = "it selects more than one field, and a context gives one value";
        return Err(fail(codes::FIELD_SET, format!("{head}: {why}"), loc));
    }
    for &location in locations {
        let resolved = resolve_in(c, lw, location, &set, head, loc)?;
        match_argument(lw, location, resolved, arg, head, loc)?;
    }
    Ok(())
}

/// The shape a selection gives in `location` is the argument's type (federation's `isValidImplementationFieldType`).
fn match_argument(lw: &Lowering, location: SlotId, resolved: Option<Shape>, arg: &DraftInputValue, head: &str, loc: &Loc) -> Res<()> {
    let location_name = &lw.slots[location].name;
    let Some(resolved) = resolved else {
        let why = format!("the fields it selects in {location_name} have different types");
        return Err(fail(codes::FIELD_SET, format!("{head}: {why}"), loc));
    };
    if type_shape(&arg.type_, lw) != Some(resolved.clone()) {
        let why = format!(
            "it selects a value of type {} in {location_name}, and the argument's type is {} (federation reads the selection without its non-null markers)",
            shape_text(&resolved),
            render_type(&arg.type_, &lw.slots)
        );
        return Err(fail(codes::FIELD_SET, format!("{head}: {why}"), loc));
    }
    Ok(())
}

/// `$ctx ... on A { x } ... on B { y }` (from-context.ts `fragmentForm`, which says the rules).
#[allow(clippy::too_many_arguments)]
fn fragment_form<'a, C: ContextCheck<'a>>(
    c: &mut C,
    lw: &'a Lowering,
    context: &str,
    locations: &[SlotId],
    selection: &str,
    arg: &DraftInputValue,
    head: &str,
    loc: &Loc,
) -> Res<()> {
    let err = |why: String| Err(fail(codes::FIELD_SET, format!("{head}: {why}"), loc));
    let fragments = match parse_fragments(selection) {
        Ok(f) => f,
        Err(why) => return err(format!("not a selection: {why}")),
    };
    let mut types: Vec<SlotId> = Vec::new();
    for (n, f) in fragments.iter().enumerate() {
        if fragments[..n].iter().any(|g| g.on == f.on) {
            return err(format!("it has two inline fragments on {}, and federation takes each type condition once", f.on));
        }
        let Some(&type_) = c.order().iter().find(|&&t| lw.slots[t].name.as_ref() as &str == f.on) else {
            return err(format!("the type condition {} names no type of the schema", f.on));
        };
        let kind = lw.slots[type_].kind;
        if kind != SlotKind::Object {
            let what = match kind {
                SlotKind::Interface => "an interface",
                SlotKind::Union => "a union",
                SlotKind::Enum => "an enum",
                SlotKind::Scalar => "a scalar",
                _ => "an input",
            };
            return err(format!("the type condition {} is {what}, and federation takes only object types there", f.on));
        }
        let resolved = resolve_in(c, lw, type_, &f.set, head, loc)?;
        match_argument(lw, type_, resolved, arg, head, loc)?;
        types.push(type_);
    }
    let mut used: Vec<SlotId> = Vec::new();
    for &location in locations {
        let possible = possible_types(c, lw, location);
        let matched: Vec<SlotId> = types.iter().copied().filter(|t| possible.contains(t)).collect();
        if matched.is_empty() {
            let l = &lw.slots[location];
            let more = if l.kind == SlotKind::Object { "" } else { " or one of its possible types" };
            return err(format!(
                "no inline fragment's type condition is {}{more}, and {} sets the context \"{context}\"",
                l.name, l.name
            ));
        }
        used.extend(matched);
    }
    if let Some(&unused) = types.iter().find(|t| !used.contains(t)) {
        return err(format!(
            "the type condition {} is not a type that sets the context \"{context}\", nor one of their possible types",
            lw.slots[unused].name
        ));
    }
    Ok(())
}

/// The object types a value of `t` may have at run time: itself, an interface's implementations, a union's members.
fn possible_types<'a, C: ContextCheck<'a>>(c: &C, lw: &Lowering, t: SlotId) -> Vec<SlotId> {
    match lw.slots[t].kind {
        SlotKind::Object => vec![t],
        SlotKind::Union => lw.slots[t].members.clone(),
        SlotKind::Interface => {
            c.order().iter().copied().filter(|&o| lw.slots[o].kind == SlotKind::Object && lw.slots[o].interfaces.contains(&t)).collect()
        }
        _ => Vec::new(),
    }
}

/// A type without non-null markers: its lists and named type.
#[derive(Clone, PartialEq, Eq)]
struct Shape {
    lists: usize,
    base: String,
}

fn base_name(t: &TypeExpr, lw: &Lowering) -> String {
    match &t.base {
        Base::Slot(id) => lw.slots[*id].name.to_string(),
        Base::Name(name) => name.to_string(),
    }
}

/// None when the type has a `!`.
fn type_shape(t: &TypeExpr, lw: &Lowering) -> Option<Shape> {
    if t.wrappers.contains(&Wrapper::NonNull) {
        return None;
    }
    Some(Shape { lists: t.wrappers.len(), base: base_name(t, lw) })
}

fn shape_text(s: &Shape) -> String {
    format!("{}{}{}", "[".repeat(s.lists), s.base, "]".repeat(s.lists))
}

fn is_composite(kind: SlotKind) -> bool {
    matches!(kind, SlotKind::Object | SlotKind::Interface | SlotKind::Union)
}

/// The selection's fields in `location` and the type the selection gives (from-context.ts `resolveIn`).
fn resolve_in<'a, C: ContextCheck<'a>>(
    c: &mut C,
    lw: &'a Lowering,
    location: SlotId,
    set: &[Selection],
    head: &str,
    loc: &Loc,
) -> Res<Option<Shape>> {
    let err = |why: String| Err(fail(codes::FIELD_SET, format!("{head}: {why}"), loc));
    let interface_object = |c: &C, t: SlotId| {
        let slot = &lw.slots[t];
        slot.kind == SlotKind::Object && c.is_federation("interfaceObject") && slot.directives.iter().any(|x| x.name == "interfaceObject")
    };
    if interface_object(c, location) {
        return err(format!("{} is an @interfaceObject, which a @fromContext selection cannot read", lw.slots[location].name));
    }
    let mut types: Vec<SlotId> = vec![location];
    let mut fields: Vec<&'a DraftField> = Vec::with_capacity(set.len());
    for (i, s) in set.iter().enumerate() {
        let type_ = types[s.depth];
        let slot = &lw.slots[type_];
        let found = if slot.kind == SlotKind::Union { None } else { slot.fields.iter().find(|f| f.name == s.name) };
        let Some(field) = found else {
            return err(format!("{} has no field \"{}\"", slot.name, s.name));
        };
        let target = c.slot_of(field);
        let composite = target.is_some_and(|t| is_composite(lw.slots[t].kind));
        let selected = has_selection(set, i);
        if composite && !selected {
            let t = &lw.slots[target.unwrap_or(location)];
            let kind = match t.kind {
                SlotKind::Object => "object",
                SlotKind::Interface => "interface",
                _ => "union",
            };
            return err(format!(
                "{}.{} returns the {kind} {}: select one of its fields, as in \"{} {{ ... }}\"",
                slot.name, s.name, t.name, s.name
            ));
        }
        if !composite && selected {
            let type_text = render_type(&field.type_, &lw.slots);
            return err(format!("{}.{} has type {type_text}, which has no fields to select", slot.name, s.name));
        }
        if let (true, Some(target)) = (selected, target) {
            if interface_object(c, target) {
                return err(format!("{} is an @interfaceObject, which a @fromContext selection cannot read", lw.slots[target].name));
            }
            types.truncate(s.depth + 1);
            types.push(target);
        }
        c.use_field(type_, &s.name);
        fields.push(field);
    }
    // From the last selection back: each one's shape from its own selections.
    let mut child_shapes: Vec<Vec<Option<Shape>>> = vec![Vec::new(); set.len()];
    let mut parents: Vec<Option<usize>> = Vec::with_capacity(set.len());
    let mut last: Vec<usize> = Vec::new();
    for (i, s) in set.iter().enumerate() {
        parents.push(if s.depth == 0 { None } else { Some(last[s.depth - 1]) });
        last.truncate(s.depth);
        last.push(i);
    }
    let mut tops: Vec<Option<Shape>> = Vec::new();
    for i in (0..set.len()).rev() {
        let lists = list_depth(&fields[i].type_);
        let shape = if has_selection(set, i) {
            let subs = std::mem::take(&mut child_shapes[i]);
            // Children were pushed last first: compare them all with any one.
            match subs.first() {
                Some(Some(first)) if subs.iter().all(|x| x.as_ref() == Some(first)) => {
                    Some(Shape { lists: first.lists + lists, base: first.base.clone() })
                }
                _ => None,
            }
        } else {
            Some(Shape { lists, base: base_name(&fields[i].type_, lw) })
        };
        match parents[i] {
            None => tops.push(shape),
            Some(p) => child_shapes[p].push(shape),
        }
    }
    // Several fields at the top (an inline fragment's) give a value when they give the same one.
    Ok(match tops.first() {
        Some(Some(first)) if tops.iter().all(|x| x.as_ref() == Some(first)) => Some(first.clone()),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::parse_context;

    /// What federation's regex (`parseContext`, and from-context.ts) gives for each text.
    #[test]
    fn reads_the_context_as_federation_does() {
        let cases: [(&str, Option<(&str, &str)>); 9] = [
            ("$ctx { a }", Some(("ctx", " { a }"))),
            (" ,\n$ ctx a", Some(("ctx", " a"))),
            ("# c\n$ctx{a}", Some(("ctx", "{a}"))),
            ("ctx { a }", None),
            ("$1x { a }", None),
            ("$_c", Some(("_c", ""))),
            ("$ctx", Some(("ctx", ""))),
            ("#c $ctx { a }", None),
            ("$ctx\u{e9} { a }", Some(("ctx", "\u{e9} { a }"))),
        ];
        for (text, expected) in cases {
            let got = parse_context(text);
            assert_eq!(got.as_ref().map(|(c, s)| (c.as_str(), s.as_str())), expected, "{text:?}");
        }
    }
}
