//! Type expressions while lowering: GraphQL type references whose named part
//! may be a type slot whose final name is only known after naming (D3), so
//! they are rendered to text only at the end. Mirrors js/src/type-expr.ts.
//!
//! TypeScript nests `{kind: 'list' | 'nonNull', of}` objects; here the same
//! expression is flat: the named part and its wrappers, innermost first, so
//! no operation (building, cloning, dropping) recurses however deep the
//! brackets of an `x-graphql-field-type` go. `outer()` is TypeScript's
//! `t.kind` for wrapped types and `inner()` its `t.of`.

use crate::slots::{SlotId, Slots};

/// The named part: a slot of the Lowering's `slots`, or a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Base {
    Slot(SlotId),
    Name(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrapper {
    List,
    NonNull,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeExpr {
    pub base: Base,
    /// Innermost first; the last one is the outermost.
    pub wrappers: Vec<Wrapper>,
}

pub const BUILTIN_SCALARS: [&str; 5] = ["String", "Int", "Float", "Boolean", "ID"];
pub const JSON_SCALAR: &str = "JSON";

pub fn is_builtin_scalar(name: &str) -> bool {
    BUILTIN_SCALARS.contains(&name)
}

impl TypeExpr {
    /// The outermost wrapper (TypeScript's `kind` of a list or non-null expression).
    pub fn outer(&self) -> Option<Wrapper> {
        self.wrappers.last().copied()
    }

    /// The expression inside the outermost wrapper (TypeScript's `of`).
    pub fn inner(&self) -> TypeExpr {
        let mut t = self.clone();
        t.wrappers.pop();
        t
    }

    pub fn is_list(&self) -> bool {
        self.outer() == Some(Wrapper::List)
    }

    pub fn is_non_null(&self) -> bool {
        self.outer() == Some(Wrapper::NonNull)
    }
}

/// Record 0032: list types and literal values nest at most this deep in both
/// directions (sdl_read's `MAX_SDL_NESTING`), so every SDL printed reads back.
pub const MAX_LIST_NESTING: usize = 128;

/// How many lists a type expression nests.
pub fn list_depth(t: &TypeExpr) -> usize {
    t.wrappers.iter().filter(|w| **w == Wrapper::List).count()
}

pub fn slot(id: SlotId) -> TypeExpr {
    TypeExpr { base: Base::Slot(id), wrappers: Vec::new() }
}

pub fn named(name: &str) -> TypeExpr {
    TypeExpr { base: Base::Name(name.to_string()), wrappers: Vec::new() }
}

pub fn list_of(mut of: TypeExpr) -> TypeExpr {
    of.wrappers.push(Wrapper::List);
    of
}

pub fn non_null(mut of: TypeExpr) -> TypeExpr {
    if !of.is_non_null() {
        of.wrappers.push(Wrapper::NonNull);
    }
    of
}

pub fn nullable(mut t: TypeExpr) -> TypeExpr {
    if t.is_non_null() {
        t.wrappers.pop();
    }
    t
}

/// The text of an expression; slots print their (final) names.
pub fn render_type(t: &TypeExpr, slots: &Slots) -> String {
    let mut out = String::new();
    for w in t.wrappers.iter().rev() {
        if *w == Wrapper::List {
            out.push('[');
        }
    }
    match &t.base {
        Base::Slot(id) => out.push_str(slots.get(*id).map_or("", |s| s.name.as_str())),
        Base::Name(name) => out.push_str(name),
    }
    for w in &t.wrappers {
        out.push(if *w == Wrapper::List { ']' } else { '!' });
    }
    out
}

/// The named type at the bottom of the wrappers.
pub fn base_of(t: &TypeExpr) -> &Base {
    &t.base
}

fn is_name_start(b: u8) -> bool {
    b == b'_' || b.is_ascii_alphabetic()
}

fn is_name_continue(b: u8) -> bool {
    b == b'_' || b.is_ascii_alphanumeric()
}

/// Parses `Name`, `Name!`, `[T]`, `[T]!` nested, with optional spaces (and
/// tabs) around the brackets. None when the text is not a type expression.
pub fn parse_type_expr(text: &str) -> Option<TypeExpr> {
    let bytes = text.as_bytes();
    let mut pos = 0;
    let skip = |pos: &mut usize| {
        while matches!(bytes.get(*pos), Some(b' ' | b'\t')) {
            *pos += 1;
        }
    };
    // Count opening brackets, read the name, then close them.
    skip(&mut pos);
    let mut depth = 0usize;
    while bytes.get(pos) == Some(&b'[') {
        depth += 1;
        pos += 1;
        skip(&mut pos);
    }
    let start = pos;
    if !bytes.get(pos).is_some_and(|&b| is_name_start(b)) {
        return None;
    }
    pos += 1;
    while bytes.get(pos).is_some_and(|&b| is_name_continue(b)) {
        pos += 1;
    }
    let mut t = named(text.get(start..pos)?);
    skip(&mut pos);
    if bytes.get(pos) == Some(&b'!') {
        t = non_null(t);
        pos += 1;
        skip(&mut pos);
    }
    while depth > 0 {
        if bytes.get(pos) != Some(&b']') {
            return None;
        }
        pos += 1;
        t = list_of(t);
        skip(&mut pos);
        if bytes.get(pos) == Some(&b'!') {
            t = non_null(t);
            pos += 1;
            skip(&mut pos);
        }
        depth -= 1;
    }
    if pos == bytes.len() {
        Some(t)
    } else {
        None
    }
}

/// Every `name` leaf of an expression (for declared scalars and kind checks).
pub fn names_in(t: &TypeExpr) -> Vec<String> {
    match &t.base {
        Base::Name(name) => vec![name.clone()],
        Base::Slot(_) => Vec::new(),
    }
}
