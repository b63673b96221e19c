//! loc: a place in a source. A `Source` is one parsed file (the main input or
//! a file read for a `$ref`); a `Loc` is a JSON pointer into it together with the
//! node it names; `LocMap` is a map keyed by location. Split out of resolve.rs
//! so that the resolver reads alone (mirrors js/src/loc.ts).
//!
//! TypeScript keeps `{loc, node}` pairs; here a `Loc` holds its source (shared
//! with `Rc`) and pointer, and the node is read back through the pointer when
//! needed (`Loc::node`), which gives the same node: every loc is built from
//! the pointer of the node it describes.

use std::borrow::Cow;
use foldhash::{HashMap, HashMapExt};
use std::cell::{Cell, UnsafeCell};
use std::fmt;
use std::rc::Rc;

use crate::json::{Key, Value};
use crate::load::push_pointer_segments;
use crate::normalize::{attr, RefUses};

pub struct Source {
    /// '' for the main input, else the path relative to baseDir with `/` separators.
    pub id: String,
    /// The name used in diagnostics (None for stdin).
    pub file: Option<String>,
    /// A file read for a `$ref`, shared with the texts kept for positions (convert.rs);
    /// None for the main input, whose text its caller holds.
    pub text: Option<Rc<str>>,
    /// The parsed file (`root.get()`), released once the types are named (`Tree`).
    pub root: Tree,
    /// The folder that the source's relative refs resolve against.
    pub dir: Option<String>,
    pub refs: RefUses,
    /// The draft the source is read by: its own `$schema`, else its referrer's (record 0080).
    pub draft: crate::meta_schema::MetaDraft,
    /// The `$id`s and anchors of the document, in document order (normalize.rs
    /// `scan_document`, resources.rs).
    pub ids: Vec<crate::resources::IdUse>,
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source").field("id", &self.id).field("file", &self.file).finish()
    }
}

static NULL: Value = Value::Null;

/// A source's JSON tree, which the conversion frees as soon as it has named its
/// types (`Resolver::release_trees`, called by assemble): what follows (the
/// definitions, the checks that name locations, printing) reads only slots and
/// pointers. The tree is the largest thing a conversion holds (47 MB at N = 20,000,
/// 1.5 times its text), and the definitions assemble builds used to sit beside it
/// at the peak (record 0059).
///
/// Locs keep pointers into the tree (`Loc::node`), so it cannot be dropped by
/// ownership while they live; instead it is emptied in place and marked, and every
/// read of it checks the mark.
pub struct Tree {
    value: UnsafeCell<Value>,
    released: Cell<bool>,
}

impl Tree {
    pub fn new(value: Value) -> Tree {
        Tree { value: UnsafeCell::new(value), released: Cell::new(false) }
    }

    /// The root node; null once the tree is released.
    pub fn get(&self) -> &Value {
        if self.is_released() {
            return &NULL;
        }
        // SAFETY: the value is only written by `release`, whose caller promises that
        // no reference into it is alive; after it, this branch is not taken.
        unsafe { &*self.value.get() }
    }

    pub fn is_released(&self) -> bool {
        self.released.get()
    }

    /// Frees the tree. Reading it afterwards is a bug of the pipeline: debug builds
    /// (the test suites) panic, release builds read null.
    ///
    /// # Safety
    /// No reference into the tree may be alive: none obtained from `get`, from
    /// `Loc::node` of a loc of this source, or from `MergedProperty::key`.
    pub(crate) unsafe fn release(&self) {
        self.released.set(true);
        // SAFETY: the caller's promise; every later read sees `released` first.
        unsafe { *self.value.get() = Value::Null };
    }
}

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
    /// `Rc<Source>` this loc holds, which is never mutated once shared (`source`
    /// is private so nothing can take `Rc::get_mut` through a loc) except by
    /// `Tree::release`, after which `node()` no longer reads it; so it is valid
    /// for as long as the loc is and the tree is not released.
    node: *const Value,
}

/// A loc's JSON pointer. Shared, not owned: a loc is cloned into slots, targets
/// and table entries several times per property, and each clone of a `String` was
/// an allocation and a copy (about 200,000 at N = 5,000). Most locs are properties
/// (`<schema>/properties/<key>`, made by `merge_object`), and most of those are
/// never named (no diagnostic, no table keyed by their text): a property keeps
/// its schema's pointer and its key, and the two are joined only when the pointer
/// is read. Joining every one up front was an allocation per property, 68,500 at
/// N = 5,000 and 14 MB at N = 20,000.
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
        let node: *const Value = evaluate_pointer(source.root.get(), pointer).unwrap_or(&NULL);
        Loc { source, pointer: Pointer::Text(Rc::from(pointer)), node }
    }

    /// The loc of `pointer` in `source` when the caller has just found its node there
    /// (the resolver), so the pointer is not evaluated again.
    pub(crate) fn found(source: Rc<Source>, pointer: &str, node: &Value) -> Loc {
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
    pub(crate) fn pointer_text(&self) -> Rc<str> {
        match &self.pointer {
            Pointer::Text(text) => text.clone(),
            Pointer::Property(..) => Rc::from(self.pointer().as_ref()),
        }
    }

    /// The loc of property `key` of this schema, whose node the caller holds;
    /// `schema` is this loc's `pointer_text`.
    pub(crate) fn property(&self, schema: &Rc<str>, key: &Key, node: &Value) -> Loc {
        Loc { source: self.source.clone(), pointer: Pointer::Property(schema.clone(), key.clone()), node }
    }

    /// The key of a place made by `property`, as written in the tree (shared, not copied).
    pub(crate) fn property_key(&self) -> Option<&Key> {
        match &self.pointer {
            Pointer::Property(_, key) => Some(key),
            Pointer::Text(_) => None,
        }
    }

    /// The source this place is in.
    pub fn source(&self) -> &Rc<Source> {
        &self.source
    }

    /// The node at this place (null when the pointer does not resolve, which
    /// cannot happen for the locs the pipeline builds).
    pub fn node(&self) -> &Value {
        debug_assert!(!self.source.root.is_released(), "the tree of {:?} is read after it was released", self.source.id);
        self.node_if_kept()
    }

    /// The node, or null once the tree is released.
    fn node_if_kept(&self) -> &Value {
        if self.source.root.is_released() {
            return &NULL;
        }
        // SAFETY: see the field; the borrow of `self` keeps `self.source` alive, and
        // its tree is not released (`Tree::release`).
        unsafe { &*self.node }
    }

    /// This loc followed by more pointer segments (unescaped keys or indexes). Also
    /// after the tree is released: assemble names places in diagnostics this way,
    /// and only their pointers are read.
    pub fn child<S: AsRef<str>>(&self, segments: &[S]) -> Loc {
        let mut node = self.node_if_kept();
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
pub(crate) fn child_node<'a>(node: &'a Value, segment: &str) -> Option<&'a Value> {
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

#[cfg(test)]
mod loc_map_tests {
    //! `LocMap` must give exactly what a map keyed by `loc_key` gave (js/test/loc-map.test.ts).
    use super::*;
    use crate::json::json_value as json;

    fn source(id: &str, root: Value) -> Rc<Source> {
        Rc::new(Source { id: id.to_string(), file: None, text: None, root: Tree::new(root), dir: None, refs: Default::default(), draft: crate::meta_schema::MetaDraft::Draft07, ids: Default::default() })
    }

    /// A loc at `pointer` whose node is `node` (another spelling of a pointer reaches a node
    /// that its string does not name).
    fn at(source: &Rc<Source>, pointer: &str, node: &Value) -> Loc {
        Loc { source: source.clone(), pointer: Pointer::Text(Rc::from(pointer)), node }
    }

    #[test]
    fn finds_an_object_node_by_its_location_with_any_loc_of_that_location() {
        let main = source("", json!({ "definitions": { "A": { "type": "object" } } }));
        let node = &main.root.get()["definitions"]["A"];
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
        let node = &main.root.get()["definitions"]["A"];
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
mod tree_tests {
    //! `Tree::release`: what assemble may still do with locs once the trees are freed.
    use super::*;
    use crate::json::json_value as json;

    fn released_source() -> (Rc<Source>, Loc) {
        let root = json!({ "definitions": { "A": { "type": "object" } } });
        let main = Rc::new(Source { id: String::new(), file: None, text: None, root: Tree::new(root), dir: None, refs: Default::default(), draft: crate::meta_schema::MetaDraft::Draft07, ids: Default::default() });
        let loc = Loc::new(main.clone(), "/definitions/A");
        assert_eq!(loc.node(), &json!({ "type": "object" }));
        // SAFETY: no reference into the tree is alive.
        unsafe { main.root.release() };
        (main, loc)
    }

    #[test]
    fn a_released_tree_reads_null_and_its_locs_still_name_places() {
        let (main, loc) = released_source();
        assert!(main.root.is_released());
        assert!(main.root.get().is_null());
        assert_eq!(loc.child(&["properties", "a/b"]).pointer(), "/definitions/A/properties/a~1b");
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "read after it was released")]
    fn reading_a_node_of_a_released_tree_is_caught_in_debug_builds() {
        let (_main, loc) = released_source();
        let _ = loc.node();
    }
}
