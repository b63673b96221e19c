//! resolve: `$ref` -> the node it points at (mirrors js/src/resolve.ts).
//!
//! Local refs are JSON pointers into the same document (`#/definitions/X`,
//! `#/$defs/X`, any pointer). File refs (`common/address.json#/definitions/A`)
//! are read relative to the referring file, and must stay inside `baseDir`:
//! a ref that leaves it, or names a remote URI, is refused and never fetched.
//! Each file is read, parsed and scanned once.
//!
//! TypeScript keeps `{loc, node}` pairs; here a `Loc` holds its source (shared
//! with `Rc`) and pointer, and the node is read back through the pointer when
//! needed (`Loc::node`), which gives the same node: every loc is built from
//! the pointer of the node it describes.
//!
//! Paths follow Node's `path` module on POSIX (`resolve`, `relative`,
//! `dirname` are string operations with `/`), so both sides accept and refuse
//! the same refs.

use std::borrow::Cow;
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::fmt;
use std::rc::Rc;

use indexmap::IndexMap;
use crate::json::{Key, Value};

use crate::errors::{codes, ConversionError, Diagnostic, Location};
use crate::load::{load_json, pointer_join, push_pointer_segments};
use crate::normalize::{attr, flag, scan_document, RefUse};

pub struct Source {
    /// '' for the main input, else the path relative to baseDir with `/` separators.
    pub id: String,
    /// The name used in diagnostics (None for stdin).
    pub file: Option<String>,
    /// A file read for a `$ref`, shared with the texts kept for positions (convert.rs);
    /// None for the main input, whose text its caller holds.
    pub text: Option<Rc<str>>,
    pub root: Value,
    /// The folder that the source's relative refs resolve against.
    pub dir: Option<String>,
    pub refs: Vec<RefUse>,
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source").field("id", &self.id).field("file", &self.file).finish()
    }
}

static NULL: Value = Value::Null;

thread_local! {
    /// Where `Loc::child` joins a pointer before it becomes an `Rc<str>`.
    static JOIN_BUFFER: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// A place in a source: where a schema node sits.
///
/// The loc also holds the node itself, found once when the loc is made (a child
/// loc steps down from its parent's node). Reading it back through the pointer
/// from the root on every `node()` was 8% of a conversion's instructions.
#[derive(Debug, Clone)]
pub struct Loc {
    /// Private, read through `source()`: `node` borrows from this source's tree,
    /// so safe code must not be able to swap the source or take `Rc::get_mut` of it.
    source: Rc<Source>,
    /// Read through `pointer()` (see `Pointer`).
    pointer: Pointer,
    /// The node at `pointer` in `source.root`, or the static `NULL` when the
    /// pointer does not resolve. SAFETY: it points into the tree owned by the
    /// `Rc<Source>` this loc holds, which is never mutated once shared (Source
    /// has no interior mutability, and `source` is private so nothing can take
    /// `Rc::get_mut` through a loc), so it is valid for as long as the loc is.
    node: *const Value,
}

/// A loc's JSON pointer. Shared, not owned: a loc is cloned into slots, targets
/// and table entries several times per property, and each clone of a `String` was
/// an allocation and a copy (about 200,000 at N = 5,000). Most locs are properties
/// (`<schema>/properties/<key>`, made by `merge_object`), and most of those are
/// never named (no diagnostic, no table keyed by their text): a property keeps
/// its schema's pointer and its key, and the two are joined only when the pointer
/// is read. Joining every one up front was an allocation per property, 68,500 at
/// N = 5,000 and 14 MB at N = 20,000 (docs/benchmarks.md, session 12).
#[derive(Debug, Clone)]
enum Pointer {
    Text(Rc<str>),
    /// The schema's pointer and the key, unescaped.
    Property(Rc<str>, Key),
}

impl Pointer {
    /// Appends the pointer's text to `out`.
    fn push_to(&self, out: &mut String) {
        match self {
            Pointer::Text(text) => out.push_str(text),
            Pointer::Property(schema, key) => {
                out.push_str(schema);
                push_pointer_segments(out, &["properties", key.as_str()]);
            }
        }
    }

    fn len(&self) -> usize {
        match self {
            Pointer::Text(text) => text.len(),
            // An upper bound: a key's escapes make it longer.
            Pointer::Property(schema, key) => schema.len() + "/properties/".len() + key.len(),
        }
    }
}

/// Equal pointers. A property's pointer ends in `/properties/<escaped key>`, and an
/// escaped key has no `/`, so two properties' pointers are equal exactly when their
/// schemas' pointers and keys are; most compared pointers are clones of one `Rc`.
fn same_pointer(a: &Pointer, b: &Pointer) -> bool {
    match (a, b) {
        (Pointer::Text(x), Pointer::Text(y)) => Rc::ptr_eq(x, y) || x == y,
        (Pointer::Property(x, k), Pointer::Property(y, l)) => (Rc::ptr_eq(x, y) || x == y) && k == l,
        _ => {
            let (mut x, mut y) = (String::new(), String::new());
            a.push_to(&mut x);
            b.push_to(&mut y);
            x == y
        }
    }
}

impl Loc {
    /// The loc of `pointer` in `source`, evaluated from the root.
    pub fn new(source: Rc<Source>, pointer: &str) -> Loc {
        let node: *const Value = evaluate_pointer(&source.root, pointer).unwrap_or(&NULL);
        Loc { source, pointer: Pointer::Text(Rc::from(pointer)), node }
    }

    /// The JSON pointer of this place (joined here for a property's loc).
    pub fn pointer(&self) -> Cow<'_, str> {
        match &self.pointer {
            Pointer::Text(text) => Cow::Borrowed(text),
            Pointer::Property(..) => {
                let mut out = String::with_capacity(self.pointer.len());
                self.pointer.push_to(&mut out);
                Cow::Owned(out)
            }
        }
    }

    /// Whether this place is `<schema>/properties/<key>`: its second segment from
    /// the end is `properties`.
    pub fn is_property(&self) -> bool {
        match &self.pointer {
            Pointer::Property(..) => true,
            Pointer::Text(text) => {
                let mut from_end = text.rsplit('/');
                from_end.next();
                from_end.next() == Some("properties")
            }
        }
    }

    /// This loc's pointer as one shared text (joined once for a property's loc), for
    /// the locs of its properties (`property`).
    fn pointer_text(&self) -> Rc<str> {
        match &self.pointer {
            Pointer::Text(text) => text.clone(),
            Pointer::Property(..) => Rc::from(self.pointer().as_ref()),
        }
    }

    /// The loc of property `key` of this schema, whose node the caller holds;
    /// `schema` is this loc's `pointer_text`.
    fn property(&self, schema: &Rc<str>, key: &Key, node: &Value) -> Loc {
        Loc { source: self.source.clone(), pointer: Pointer::Property(schema.clone(), key.clone()), node }
    }

    /// The source this place is in.
    pub fn source(&self) -> &Rc<Source> {
        &self.source
    }

    /// The node at this place (null when the pointer does not resolve, which
    /// cannot happen for the locs the pipeline builds).
    pub fn node(&self) -> &Value {
        // SAFETY: see the field; the borrow of `self` keeps `self.source` alive.
        unsafe { &*self.node }
    }

    /// This loc followed by more pointer segments (unescaped keys or indexes).
    pub fn child<S: AsRef<str>>(&self, segments: &[S]) -> Loc {
        let mut node = self.node();
        for segment in segments {
            node = child_node(node, segment.as_ref()).unwrap_or(&NULL);
        }
        self.child_found(segments, node)
    }

    /// `child` when the caller already holds the node at `segments` below this
    /// loc, having walked this loc's own node to it (merging iterates a schema's
    /// properties): no lookups to find it again.
    fn child_found<S: AsRef<str>>(&self, segments: &[S], node: &Value) -> Loc {
        // Joined in a buffer kept per thread, then copied once into the `Rc`.
        let pointer = JOIN_BUFFER.with_borrow_mut(|buffer| {
            buffer.clear();
            self.pointer.push_to(buffer);
            push_pointer_segments(buffer, segments);
            Rc::from(buffer.as_str())
        });
        Loc { source: self.source.clone(), pointer: Pointer::Text(pointer), node }
    }
}

/// One step of `evaluate_pointer`, with the segment already decoded.
fn child_node<'a>(node: &'a Value, segment: &str) -> Option<&'a Value> {
    match node {
        Value::Array(items) if is_array_index(segment) => items.get(segment.parse::<usize>().ok()?),
        Value::Object(_) => attr(node, segment),
        _ => None,
    }
}

/// A node that something points at.
#[derive(Debug, Clone)]
pub struct Target {
    pub loc: Loc,
}

impl Target {
    pub fn node(&self) -> &Value {
        self.loc.node()
    }
}

/// A map keyed by location (source + pointer) that does not build the `loc_key`
/// string on every lookup (js/src/resolve.ts `LocMap`). A JSON tree shares no
/// nodes, so an object node sits at one location: its address is the key, and
/// the pointer stored with it is compared, so the result is exactly that of a map
/// keyed by `loc_key`, even for a node reached by two spellings of one pointer.
/// Anything else (a scalar node, a second spelling) takes the string map. The
/// address stays valid: every source outlives the lowering that holds the map.
/// Lowering looks up classes, merges and slots several times per property:
/// keys built for them were 1.2% of a conversion (N = 5,000, callgrind).
pub struct LocMap<V> {
    by_node: HashMap<*const Value, (Rc<Source>, Pointer, V)>,
    by_key: HashMap<String, V>,
}

impl<V> Default for LocMap<V> {
    fn default() -> Self {
        LocMap { by_node: HashMap::new(), by_key: HashMap::new() }
    }
}

impl<V> LocMap<V> {
    pub fn get(&self, loc: &Loc) -> Option<&V> {
        if loc.node().is_object() {
            let (source, pointer, value) = self.by_node.get(&loc.node)?;
            if Rc::ptr_eq(source, &loc.source) && same_pointer(pointer, &loc.pointer) {
                return Some(value);
            }
        }
        self.by_key.get(&loc_key(loc))
    }

    pub fn contains(&self, loc: &Loc) -> bool {
        self.get(loc).is_some()
    }

    pub fn insert(&mut self, loc: &Loc, value: V) {
        if loc.node().is_object() {
            match self.by_node.get_mut(&loc.node) {
                None => {
                    self.by_node.insert(loc.node, (loc.source.clone(), loc.pointer.clone(), value));
                    return;
                }
                Some((source, pointer, old)) if Rc::ptr_eq(source, &loc.source) && same_pointer(pointer, &loc.pointer) => {
                    *old = value;
                    return;
                }
                Some(_) => {}
            }
        }
        self.by_key.insert(loc_key(loc), value);
    }

    /// Removes the entry of `loc` and returns its value.
    pub fn take(&mut self, loc: &Loc) -> Option<V> {
        if loc.node().is_object() {
            if let Some((source, pointer, _)) = self.by_node.get(&loc.node) {
                if Rc::ptr_eq(source, &loc.source) && same_pointer(pointer, &loc.pointer) {
                    return self.by_node.remove(&loc.node).map(|(_, _, value)| value);
                }
            }
        }
        self.by_key.remove(&loc_key(loc))
    }
}

/// `<source id>#<pointer>`, pushed rather than `format!`ted (70,000 calls at N = 5,000).
pub fn loc_key(loc: &Loc) -> String {
    let mut key = String::with_capacity(loc.source.id.len() + 1 + loc.pointer.len());
    key.push_str(&loc.source.id);
    key.push('#');
    loc.pointer.push_to(&mut key);
    key
}

pub fn decode_pointer_segment(segment: &str) -> Cow<'_, str> {
    if segment.contains('~') {
        Cow::Owned(segment.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(segment)
    }
}

/// `/^[A-Za-z][A-Za-z0-9+.-]*:/`.
fn has_uri_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    for &c in b.iter().skip(1) {
        if c == b':' {
            return true;
        }
        if !(c.is_ascii_alphanumeric() || c == b'+' || c == b'.' || c == b'-') {
            return false;
        }
    }
    false
}

/// `/^(0|[1-9][0-9]*)$/`.
fn is_array_index(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty() && b.iter().all(u8::is_ascii_digit) && (b.first() != Some(&b'0') || b.len() == 1)
}

/// Evaluates an RFC 6901 pointer with own-property lookups only.
pub fn evaluate_pointer<'a>(root: &'a Value, pointer: &str) -> Option<&'a Value> {
    if pointer.is_empty() {
        return Some(root);
    }
    let rest = pointer.strip_prefix('/')?;
    let mut node = root;
    for raw in rest.split('/') {
        node = child_node(node, &decode_pointer_segment(raw))?;
    }
    Some(node)
}

pub struct Resolver {
    pub main: Rc<Source>,
    /// Every source read so far, by id, in the order they were read.
    pub sources: IndexMap<String, Rc<Source>>,
    pub warnings: Vec<Diagnostic>,
    base_dir: Option<String>,
    /// Successful resolutions by source id and ref text: a ref means the same
    /// target wherever it is written in one source, and lowering resolves each
    /// ref again (types, unions, allOf, ref chains). Failures are never cached.
    /// Two levels, so a lookup borrows its strings (a `(String, String)` key
    /// cost two copies per lookup, 30,000 at N = 5,000).
    resolved: HashMap<String, HashMap<String, Target>>,
}

impl Resolver {
    pub fn new(main: Source, base_dir: Option<&str>) -> Resolver {
        let main = Rc::new(main);
        let mut sources = IndexMap::new();
        sources.insert(main.id.clone(), main.clone());
        Resolver {
            main,
            sources,
            warnings: Vec::new(),
            base_dir: base_dir.map(|d| path_resolve(&[d])),
            resolved: HashMap::new(),
        }
    }

    /// Resolves every ref of every source up front, so an unresolvable ref is
    /// reported before any output is built, and so `isRefTarget` knows every
    /// node that something points at.
    pub fn collect_targets(&mut self) -> Result<HashSet<String>, ConversionError> {
        let mut targets = HashSet::new();
        let mut queue: Vec<Rc<Source>> = vec![self.main.clone()];
        let mut i = 0;
        while let Some(source) = queue.get(i).cloned() {
            i += 1;
            for use_ in &source.refs {
                let before = self.sources.len();
                let target = self.resolve_from(&use_.ref_, &source, &use_.pointer)?;
                targets.insert(loc_key(&target.loc));
                if self.sources.len() > before {
                    queue.push(target.loc.source.clone());
                }
            }
        }
        Ok(targets)
    }

    /// `ref_` written at `from` (the pointer of the node holding `$ref`).
    pub fn resolve(&mut self, ref_: &str, from: &Loc) -> Result<Target, ConversionError> {
        // Most refs were resolved before: the pointer (a property's is joined) is read
        // only for a new one.
        if let Some(known) = self.resolved.get(&from.source.id).and_then(|refs| refs.get(ref_)) {
            return Ok(known.clone());
        }
        self.resolve_from(ref_, &from.source, &from.pointer())
    }

    /// `resolve` for a `$ref` known by its source and pointer (the scan's list):
    /// the node holding it is not needed, so no pointer is evaluated for it.
    pub fn resolve_from(&mut self, ref_: &str, from: &Rc<Source>, pointer: &str) -> Result<Target, ConversionError> {
        if let Some(known) = self.resolved.get(&from.id).and_then(|refs| refs.get(ref_)) {
            return Ok(known.clone());
        }
        let target = self.resolve_uncached(ref_, from, pointer)?;
        self.resolved.entry(from.id.clone()).or_default().insert(ref_.to_string(), target.clone());
        Ok(target)
    }

    fn resolve_uncached(&mut self, ref_: &str, from: &Rc<Source>, from_pointer: &str) -> Result<Target, ConversionError> {
        // Where a failure is reported: built only for one.
        let at = || Location {
            file: from.file.clone(),
            pointer: Some(pointer_join(from_pointer, &["$ref"])),
            line: None,
            column: None,
        };
        let (file_part, fragment) = match ref_.find('#') {
            Some(hash) => (ref_.get(..hash).unwrap_or(""), ref_.get(hash + 1..).unwrap_or("")),
            None => (ref_, ""),
        };
        if has_uri_scheme(file_part) || file_part.starts_with("//") {
            return Err(ConversionError::at(codes::REF_REMOTE, format!("remote reference {ref_} is not fetched"), at()));
        }
        let source = if file_part.is_empty() {
            from.clone()
        } else {
            let relative = decode_uri_component(file_part).unwrap_or_else(|| file_part.to_string());
            self.load_file(&relative, from, ref_, &at())?
        };
        let pointer = decode_uri_component(fragment).unwrap_or_else(|| fragment.to_string());
        let Some(node) = evaluate_pointer(&source.root, &pointer) else {
            return Err(ConversionError::at(codes::REF_UNRESOLVED, format!("reference {ref_} points at nothing"), at()));
        };
        // The node just found, not evaluated again by `Loc::new`.
        let node: *const Value = node;
        Ok(Target { loc: Loc { source, pointer: Pointer::Text(Rc::from(pointer)), node } })
    }

    fn load_file(&mut self, relative: &str, from: &Source, ref_: &str, at: &Location) -> Result<Rc<Source>, ConversionError> {
        let (Some(base_dir), Some(from_dir)) = (self.base_dir.clone(), from.dir.as_deref()) else {
            return Err(ConversionError::at(
                codes::REF_UNRESOLVED,
                format!("file reference {ref_} needs a base folder (the baseDir option)"),
                at.clone(),
            ));
        };
        let outside =
            || ConversionError::at(codes::REF_OUTSIDE, format!("file reference {ref_} leaves the input's folder"), at.clone());
        let absolute = path_resolve(&[from_dir, relative]);
        let rel = path_relative(&base_dir, &absolute);
        if rel.is_empty() || rel.starts_with("..") || rel.starts_with('/') {
            return Err(outside());
        }
        let id = rel;
        if let Some(known) = self.sources.get(&id) {
            return Ok(known.clone());
        }
        let unreadable =
            || ConversionError::at(codes::REF_UNRESOLVED, format!("file reference {ref_} cannot be read"), at.clone());
        // A symbolic link may point outside baseDir: check the real path too.
        let real = std::fs::canonicalize(&absolute).map_err(|_| unreadable())?;
        let real_base = std::fs::canonicalize(&base_dir).map_err(|_| unreadable())?;
        let real_rel = path_relative(&real_base.to_string_lossy(), &real.to_string_lossy());
        if real_rel.starts_with("..") || real_rel.starts_with('/') {
            return Err(outside());
        }
        let meta = std::fs::metadata(&real).map_err(|_| unreadable())?;
        if meta.is_dir() {
            return Err(ConversionError::at(
                codes::REF_UNRESOLVED,
                format!("file reference {ref_} names a folder"),
                at.clone(),
            ));
        }
        let bytes = std::fs::read(&real).map_err(|_| unreadable())?;
        // Node's 'utf8' decoding: invalid sequences become U+FFFD.
        let text: Rc<str> = Rc::from(crate::text::decode_utf8(bytes));
        let root = load_json(&text, Some(&id))?;
        let scan = scan_document(&root, Some(&id))?;
        self.warnings.extend(scan.warnings);
        let source = Rc::new(Source {
            id: id.clone(),
            file: Some(id.clone()),
            text: Some(text),
            root,
            dir: Some(path_dirname(&absolute)),
            refs: scan.refs,
        });
        self.sources.insert(id, source.clone());
        Ok(source)
    }
}

// ---------------------------------------------------------------------------
// Node's `path` (POSIX) and `decodeURIComponent`

fn current_dir() -> String {
    std::env::current_dir().map(|d| d.to_string_lossy().into_owned()).unwrap_or_else(|_| "/".to_string())
}

/// `path.resolve(...parts)`: from the right until an absolute part (else the
/// working directory), then `.` and `..` and repeated slashes normalized.
pub fn path_resolve(parts: &[&str]) -> String {
    let mut pieces: Vec<String> = Vec::new();
    let mut absolute = false;
    for part in parts.iter().rev() {
        if part.is_empty() {
            continue;
        }
        pieces.push((*part).to_string());
        if part.starts_with('/') {
            absolute = true;
            break;
        }
    }
    if !absolute {
        pieces.push(current_dir());
    }
    let mut segments: Vec<&str> = Vec::new();
    for piece in pieces.iter().rev() {
        for seg in piece.split('/') {
            match seg {
                "" | "." => {}
                ".." => {
                    segments.pop();
                }
                s => segments.push(s),
            }
        }
    }
    format!("/{}", segments.join("/"))
}

/// `path.relative(from, to)` for two absolute, normalized paths.
pub fn path_relative(from: &str, to: &str) -> String {
    let from = path_resolve(&[from]);
    let to = path_resolve(&[to]);
    if from == to {
        return String::new();
    }
    let f: Vec<&str> = from.split('/').filter(|s| !s.is_empty()).collect();
    let t: Vec<&str> = to.split('/').filter(|s| !s.is_empty()).collect();
    let common = f.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut out: Vec<&str> = vec![".."; f.len().saturating_sub(common)];
    out.extend(t.iter().skip(common));
    out.join("/")
}

/// `path.dirname` of an absolute, normalized path.
pub fn path_dirname(p: &str) -> String {
    match p.rfind('/') {
        Some(0) | None => "/".to_string(),
        Some(i) => p.get(..i).unwrap_or("/").to_string(),
    }
}

fn hex2(bytes: &[u8], i: usize) -> Option<u8> {
    let hi = (*bytes.get(i)? as char).to_digit(16)?;
    let lo = (*bytes.get(i + 1)? as char).to_digit(16)?;
    u8::try_from(hi * 16 + lo).ok()
}

/// `decodeURIComponent`: None where JavaScript throws a URIError (a `%` not
/// followed by two hex digits, or escapes that are not one valid UTF-8 sequence).
pub fn decode_uri_component(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b != b'%' {
            out.push(b);
            i += 1;
            continue;
        }
        let lead = hex2(bytes, i + 1)?;
        i += 3;
        if lead < 0x80 {
            out.push(lead);
            continue;
        }
        let n = if lead & 0xE0 == 0xC0 {
            2
        } else if lead & 0xF0 == 0xE0 {
            3
        } else if lead & 0xF8 == 0xF0 {
            4
        } else {
            return None;
        };
        let mut group = vec![lead];
        for _ in 1..n {
            if bytes.get(i) != Some(&b'%') {
                return None;
            }
            let c = hex2(bytes, i + 1)?;
            if c & 0xC0 != 0x80 {
                return None;
            }
            group.push(c);
            i += 3;
        }
        std::str::from_utf8(&group).ok()?;
        out.extend(group);
    }
    String::from_utf8(out).ok()
}

// ---------------------------------------------------------------------------
// allOf merging (D18)

#[derive(Debug, Clone)]
pub struct MergedProperty {
    /// At `<schema>/properties/<key>`.
    pub loc: Loc,
    /// The key as written in the tree (`key()`). SAFETY: it points into the tree
    /// of `loc`'s source, as `Loc::node` does, and is valid for as long as `loc`
    /// is. Reading it back from the pointer's last segment, unescaped, was 2.5%
    /// of a conversion (bench-corpus N = 5,000, callgrind).
    name: *const str,
    /// Named in the `required` list of one of the merged schemas.
    pub required: bool,
    /// `x-graphql-skip: true` on an object schema: no field. Found while merging, where
    /// the schema is at hand: `schema()` evaluates the pointer from the root, and the
    /// field counts of classify/object_type asked it for every property (~5% of a conversion).
    pub skip: bool,
}

impl MergedProperty {
    pub fn schema(&self) -> &Value {
        self.loc.node()
    }

    /// The property's name.
    pub fn key(&self) -> &str {
        // SAFETY: see the field; the borrow of `self` keeps `self.loc`'s source alive.
        unsafe { &*self.name }
    }
}

#[derive(Debug, Clone, Default)]
pub struct MergedObject {
    pub properties: Vec<MergedProperty>,
    /// allOf members that are `$ref`s, resolved, in order (for `implements`).
    pub ref_members: Vec<Target>,
}

/// Own `properties` first, then each `allOf` member in order (refs resolved,
/// nested allOf recursed, cycles cut). A key seen again with a different
/// schema: the later schema wins at the first position, with a warning.
/// Iterative: an explicit stack replaces TypeScript's recursive `visit`, with
/// the same order of visits and of `resolve` calls.
pub fn merge_object(
    resolver: &mut Resolver,
    loc: &Loc,
    warnings: &mut Vec<Diagnostic>,
) -> Result<MergedObject, ConversionError> {
    let mut merged = MergedObject::default();
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut visiting: LocMap<()> = LocMap::default();
    // The merged schemas that have a `required` list.
    let mut with_required: Vec<Loc> = Vec::new();
    // (the schema's loc, whether it is the top one, the next allOf member to visit)
    let mut stack: Vec<(Loc, bool, usize)> = Vec::new();

    let mut enter = |at: Loc,
                     top: bool,
                     merged: &mut MergedObject,
                     stack: &mut Vec<(Loc, bool, usize)>,
                     warnings: &mut Vec<Diagnostic>| {
        if visiting.contains(&at) {
            return;
        }
        visiting.insert(&at, ());
        let schema = at.node();
        if let Some(Value::Object(props)) = attr(schema, "properties") {
            // The first schema's keys are unique (one JSON object), so the index of keys
            // is built only when a second schema brings properties: most objects have no
            // allOf, and indexing every key was a third of this function.
            let first = merged.properties.is_empty();
            if first {
                // Sized once: most objects have one schema, so this is their final size.
                merged.properties.reserve(props.len());
            }
            if !first && index.is_empty() {
                index.extend(merged.properties.iter().enumerate().map(|(i, p)| (Key::from(p.key()), i)));
            }
            let schema_pointer = at.pointer_text();
            for (name, schema) in props {
                let skip = schema.is_object() && flag(schema, "x-graphql-skip");
                let prop = MergedProperty {
                    loc: at.property(&schema_pointer, name, schema),
                    name: name.as_str(),
                    required: false,
                    skip,
                };
                if first {
                    merged.properties.push(prop);
                    continue;
                }
                match index.get(name) {
                    None => {
                        index.insert(name.clone(), merged.properties.len());
                        merged.properties.push(prop);
                    }
                    Some(&seen) => {
                        let Some(existing) = merged.properties.get_mut(seen) else { continue };
                        if !json_equal(existing.schema(), prop.schema()) {
                            warnings.push(Diagnostic::warning(
                                codes::PROPERTY_CONFLICT,
                                format!("property {name} is defined again with a different schema; the later one wins"),
                                Location {
                                    file: at.source.file.clone(),
                                    pointer: Some(prop.loc.pointer().into_owned()),
                                    line: None,
                                    column: None,
                                },
                            ));
                            *existing = prop;
                        }
                    }
                }
            }
        }
        if let Some(Value::Array(_)) = attr(schema, "required") {
            with_required.push(at.clone());
        }
        stack.push((at, top, 0));
    };

    enter(loc.clone(), true, &mut merged, &mut stack, warnings);
    while let Some((at, top, next)) = stack.last() {
        let (at, top, i) = (at.clone(), *top, *next);
        let member = match attr(at.node(), "allOf") {
            Some(Value::Array(all_of)) => all_of.get(i),
            _ => None,
        };
        let Some(member) = member else {
            stack.pop();
            continue;
        };
        if let Some(frame) = stack.last_mut() {
            frame.2 += 1;
        }
        if !member.is_object() {
            continue;
        }
        let member_loc = at.child(&["allOf".to_string(), i.to_string()]);
        if let Some(Value::String(r)) = attr(member, "$ref") {
            let target = resolver.resolve(r, &member_loc)?;
            if top {
                merged.ref_members.push(target.clone());
            }
            if target.node().is_object() {
                enter(target.loc, false, &mut merged, &mut stack, warnings);
            }
        } else {
            enter(member_loc, false, &mut merged, &mut stack, warnings);
        }
    }
    mark_required(&mut merged.properties, &with_required);
    Ok(merged)
}

/// Marks the properties that a `required` list of these schemas names (in any
/// of them, whichever schema defined the property).
fn mark_required(properties: &mut [MergedProperty], schemas: &[Loc]) {
    if schemas.is_empty() || properties.is_empty() {
        return;
    }
    let mut named: Vec<usize> = Vec::new();
    {
        let keys: Vec<&str> = properties.iter().map(MergedProperty::key).collect();
        // Most objects have a handful of properties: a scan beats hashing them (as normalize::attr).
        let position: Option<HashMap<&str, usize>> =
            (keys.len() > 16).then(|| keys.iter().enumerate().map(|(i, k)| (*k, i)).collect());
        let find = |name: &str| match &position {
            Some(position) => position.get(name).copied(),
            None => keys.iter().position(|k| *k == name),
        };
        for schema in schemas {
            if let Some(Value::Array(req)) = attr(schema.node(), "required") {
                named.extend(req.iter().filter_map(|r| find(r.as_str()?)));
            }
        }
    }
    for i in named {
        if let Some(p) = properties.get_mut(i) {
            p.required = true;
        }
    }
}

/// Deep equality of JSON values (object key order does not matter), iteratively.
pub fn json_equal(a: &Value, b: &Value) -> bool {
    let mut stack: Vec<(&Value, &Value)> = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        match (a, b) {
            (Value::Null, Value::Null) => {}
            (Value::Bool(x), Value::Bool(y)) if x == y => {}
            (Value::Number(x), Value::Number(y)) if x.as_f64() == y.as_f64() => {}
            (Value::String(x), Value::String(y)) if x == y => {}
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => stack.extend(x.iter().zip(y)),
            (Value::Object(x), Value::Object(y)) if x.len() == y.len() => {
                for (k, v) in x {
                    match y.get(k) {
                        Some(w) => stack.push((v, w)),
                        None => return false,
                    }
                }
            }
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod loc_map_tests {
    //! `LocMap` must give exactly what a map keyed by `loc_key` gave (js/test/loc-map.test.ts).
    use super::*;
    use crate::json_value as json;

    fn source(id: &str, root: Value) -> Rc<Source> {
        Rc::new(Source { id: id.to_string(), file: None, text: None, root, dir: None, refs: Vec::new() })
    }

    /// A loc at `pointer` whose node is `node` (another spelling of a pointer reaches a node
    /// that its string does not name).
    fn at(source: &Rc<Source>, pointer: &str, node: &Value) -> Loc {
        Loc { source: source.clone(), pointer: Pointer::Text(Rc::from(pointer)), node }
    }

    #[test]
    fn finds_an_object_node_by_its_location_with_any_loc_of_that_location() {
        let main = source("", json!({ "definitions": { "A": { "type": "object" } } }));
        let node = &main.root["definitions"]["A"];
        let mut map = LocMap::default();
        map.insert(&at(&main, "/definitions/A", node), "a");
        assert_eq!(map.get(&Loc::new(main.clone(), "/definitions/A")), Some(&"a"));
        assert!(map.contains(&at(&main, "/definitions/A", node)));
        map.insert(&at(&main, "/definitions/A", node), "b");
        assert_eq!(map.get(&at(&main, "/definitions/A", node)), Some(&"b"));
    }

    #[test]
    fn keeps_apart_one_node_reached_at_two_locations_as_loc_key_did() {
        let main = source("", json!({ "definitions": { "A": { "type": "object" } } }));
        let other = source("other.json", json!({}));
        let node = &main.root["definitions"]["A"];
        let mut map = LocMap::default();
        map.insert(&at(&main, "/definitions/A", node), "first");
        map.insert(&at(&main, "/definitions/~2A", node), "second");
        map.insert(&at(&other, "/definitions/A", node), "third");
        assert_eq!(map.get(&at(&main, "/definitions/A", node)), Some(&"first"));
        assert_eq!(map.get(&at(&main, "/definitions/~2A", node)), Some(&"second"));
        assert_eq!(map.get(&at(&other, "/definitions/A", node)), Some(&"third"));
        assert_eq!(map.get(&Loc::new(main.clone(), "/definitions/B")), None);
    }

    #[test]
    fn keys_scalar_nodes_by_location() {
        let main = source("", json!({ "properties": { "a": true, "b": true } }));
        let mut map = LocMap::default();
        map.insert(&Loc::new(main.clone(), "/properties/a"), 1);
        map.insert(&Loc::new(main.clone(), "/properties/b"), 2);
        assert_eq!(map.get(&Loc::new(main.clone(), "/properties/a")), Some(&1));
        assert_eq!(map.get(&Loc::new(main.clone(), "/properties/b")), Some(&2));
        assert_eq!(map.get(&Loc::new(main.clone(), "/properties/c")), None);
    }
}

#[cfg(test)]
mod merge_tests {
    use super::*;
    use crate::json_value as json;

    /// A property's key is read back from its pointer, so escaped keys must come back whole;
    /// `required` counts from every merged schema, whichever defined the property.
    #[test]
    fn keys_come_back_unescaped_and_required_lists_of_every_member_count() {
        let root = json!({
            "properties": { "a/b": { "type": "string" }, "c~d": { "type": "string" }, "plain": { "type": "string" } },
            "required": ["a/b"],
            "allOf": [
                { "properties": { "late": { "type": "integer" }, "": { "type": "string" } }, "required": ["c~d", "late", "", "missing"] }
            ]
        });
        let main = Source { id: String::new(), file: None, text: None, root, dir: None, refs: Vec::new() };
        let mut resolver = Resolver::new(main, None);
        let loc = Loc::new(resolver.main.clone(), "");
        let mut warnings = Vec::new();
        let merged = merge_object(&mut resolver, &loc, &mut warnings).unwrap();
        let got: Vec<(String, bool)> = merged.properties.iter().map(|p| (p.key().to_string(), p.required)).collect();
        let want = [("a/b", true), ("c~d", true), ("plain", false), ("late", true), ("", true)];
        assert_eq!(got, want.map(|(k, r)| (k.to_string(), r)));
        assert!(warnings.is_empty());
    }

    /// Past 16 properties the keys are hashed instead of scanned: the same marks.
    #[test]
    fn many_properties_are_marked_alike() {
        let properties: serde_json::Map<String, serde_json::Value> = (0..40).map(|i| (format!("p{i}"), serde_json::json!({ "type": "string" }))).collect();
        let root = json!({ "properties": properties, "required": ["p3", "p39", "p40"] });
        let main = Source { id: String::new(), file: None, text: None, root, dir: None, refs: Vec::new() };
        let mut resolver = Resolver::new(main, None);
        let loc = Loc::new(resolver.main.clone(), "");
        let merged = merge_object(&mut resolver, &loc, &mut Vec::new()).unwrap();
        let required: Vec<String> = merged.properties.iter().filter(|p| p.required).map(|p| p.key().to_string()).collect();
        assert_eq!(required, ["p3", "p39"]);
    }
}
