//! Type expressions while lowering: GraphQL type references whose named part
//! may be a type slot whose final name is only known after naming (D3), so
//! they are rendered to text only at the end. Mirrors js/src/type-expr.ts.
//!
//! TypeScript nests `{kind: 'list' | 'nonNull', of}` objects; here the same
//! expression is flat: the named part and its wrappers, innermost first, so
//! no operation (building, cloning, dropping) recurses however deep the
//! brackets of an `x-graphql-field-type` go. `outer()` is TypeScript's
//! `t.kind` for wrapped types and `inner()` its `t.of`.

use std::borrow::Cow;

use crate::json::Str;
use crate::slots::{SlotId, Slots};

/// The named part: a slot of the Lowering's `slots`, or a name. A built-in
/// name (`String`, `JSON`, ...) is borrowed, not copied: most fields have one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Base {
    Slot(SlotId),
    Name(Cow<'static, str>),
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
    pub wrappers: Wrappers,
}

/// A type's wrappers, innermost first, read as a slice. Up to `SHARED_DEPTH`
/// of them are a slice of one static table, so `[T!]!` and the other shapes
/// of nearly every field cost no allocation; deeper ones are a vector. A
/// vector each made two allocations and frees per field (about 100,000 of a
/// conversion's 1.3 million at bench-corpus N = 5,000).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Wrappers(Cow<'static, [Wrapper]>);

/// Wrappers up to this many come from `SHARED`.
const SHARED_DEPTH: usize = 4;

/// Row `bits` holds wrapper `i` as bit `i` of `bits` (1: non-null); every
/// sequence of up to `SHARED_DEPTH` wrappers is a prefix of one row.
static SHARED: [[Wrapper; SHARED_DEPTH]; 1 << SHARED_DEPTH] = shared_rows();

const fn shared_rows() -> [[Wrapper; SHARED_DEPTH]; 1 << SHARED_DEPTH] {
    let mut rows = [[Wrapper::List; SHARED_DEPTH]; 1 << SHARED_DEPTH];
    let mut bits = 0;
    while bits < 1 << SHARED_DEPTH {
        let mut i = 0;
        while i < SHARED_DEPTH {
            if bits & (1 << i) != 0 {
                rows[bits][i] = Wrapper::NonNull;
            }
            i += 1;
        }
        bits += 1;
    }
    rows
}

impl Wrappers {
    pub fn push(&mut self, wrapper: Wrapper) {
        let len = self.0.len();
        if len < SHARED_DEPTH {
            let bits = self.0.iter().chain([&wrapper]).enumerate().fold(0, |bits, (i, w)| {
                if *w == Wrapper::NonNull {
                    bits | 1 << i
                } else {
                    bits
                }
            });
            if let Some(row) = SHARED.get(bits) {
                self.0 = Cow::Borrowed(row.get(..=len).unwrap_or(row));
                return;
            }
        }
        self.0.to_mut().push(wrapper);
    }

    pub fn pop(&mut self) -> Option<Wrapper> {
        match &mut self.0 {
            Cow::Borrowed(slice) => {
                let (last, rest) = slice.split_last()?;
                *slice = rest;
                Some(*last)
            }
            Cow::Owned(vec) => vec.pop(),
        }
    }
}

impl std::ops::Deref for Wrappers {
    type Target = [Wrapper];
    fn deref(&self) -> &[Wrapper] {
        &self.0
    }
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
    TypeExpr { base: Base::Slot(id), wrappers: Wrappers::default() }
}

/// A named type: a `&'static str` (a built-in) is borrowed, a `String` kept.
pub fn named(name: impl Into<Cow<'static, str>>) -> TypeExpr {
    TypeExpr { base: Base::Name(name.into()), wrappers: Wrappers::default() }
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
pub fn render_type(t: &TypeExpr, slots: &Slots) -> Str {
    // Built inline: nearly every type expression is under 24 bytes (json.rs `Str`).
    let mut out = smol_str::SmolStrBuilder::new();
    for w in t.wrappers.iter().rev() {
        if *w == Wrapper::List {
            out.push('[');
        }
    }
    match &t.base {
        Base::Slot(id) => out.push_str(slots.get(*id).map_or("", |s| s.name.as_str())),
        Base::Name(name) => out.push_str(name),
    }
    for w in t.wrappers.iter() {
        out.push(if *w == Wrapper::List { ']' } else { '!' });
    }
    out.finish()
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
    let mut t = named(text.get(start..pos)?.to_string());
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

#[cfg(test)]
mod wrappers_tests {
    use super::{Wrapper, Wrappers, SHARED_DEPTH};
    use std::borrow::Cow;

    /// Every sequence pushed and popped reads back as the vector it stands for, whether it
    /// sits in the shared table (up to SHARED_DEPTH) or in its own vector past it.
    #[test]
    fn pushes_and_pops_read_back_as_a_vector_at_every_depth() {
        for pattern in 0u32..1 << 7 {
            let mut wrappers = Wrappers::default();
            let mut model: Vec<Wrapper> = Vec::new();
            for i in 0..7 {
                let w = if pattern & (1 << i) != 0 { Wrapper::NonNull } else { Wrapper::List };
                wrappers.push(w);
                model.push(w);
                assert_eq!(&*wrappers, model.as_slice());
                assert_eq!(matches!(wrappers.0, Cow::Borrowed(_)), model.len() <= SHARED_DEPTH);
            }
            while let Some(w) = wrappers.pop() {
                assert_eq!(Some(w), model.pop());
                assert_eq!(&*wrappers, model.as_slice());
            }
            assert!(model.is_empty());
        }
    }
}
