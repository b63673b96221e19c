//! json: the crate's JSON tree, `Value` and `Map`, with the part of
//! `serde_json::Value`'s interface the crate uses (same variant and method names,
//! so code reads as it would with serde_json). Rust only: the TypeScript side's
//! tree is JavaScript's own objects.
//!
//! Why not `serde_json::Value` (record 0058): with
//! `preserve_order` every object is an `IndexMap`, a hash table plus 112-byte
//! entries, even for the two or three keys most schema objects have. At
//! N = 20,000 that tree was 125 MB of a 334 MB heap, and allocating and freeing
//! its tables was a tenth of a conversion's instructions. Here an object of up
//! to `SMALL` keys is a plain vector of members searched in order (as `attr`
//! already searched them), and only larger ones (`definitions`, wide
//! `properties`) get an `IndexMap`. Both keep insertion order; a repeated key
//! keeps its first position and takes the last value, as `IndexMap::insert` does.
//!
//! Every number is an `f64`, as in JavaScript (load.rs). `serde_json::Value`
//! remains at the crate's edges only: the `jsonschema` validators take it
//! (`to_serde`), and tests write trees with `serde_json::json!` (`From`).
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use std::fmt;

use indexmap::IndexMap;

use crate::json_slab::{Run, Writer};

pub use crate::json_array::Array;

/// Objects up to this many keys are a vector searched in order; larger ones
/// are hashed. Schema objects rarely have more keys than this, and a search of
/// up to 16 short keys is faster than hashing the key.
pub const SMALL: usize = 16;

type Large = IndexMap<Key, Value, foldhash::fast::RandomState>;

/// The tree's string values: up to 23 bytes are held inline (no allocation),
/// longer ones are shared (`Arc<str>`), so cloning one never copies it.
pub type Str = smol_str::SmolStr;

pub use crate::json_key::Key;

/// A JSON value.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(Str),
    Array(Array),
    Object(Map),
}

/// A JSON number: always an `f64`, as in JavaScript.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Number(f64);

impl Number {
    /// `None` for infinities and NaN, which JSON cannot hold.
    pub fn from_f64(f: f64) -> Option<Number> {
        f.is_finite().then_some(Number(f))
    }
    pub fn as_f64(&self) -> Option<f64> {
        Some(self.0)
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An object: members in insertion order.
#[derive(Clone, Default)]
pub struct Map {
    repr: Repr,
}

enum Repr {
    Small(Vec<(Key, Value)>),
    /// A small object as parsed: its members in a chunk shared with other
    /// objects (json_slab.rs). It becomes `Small` when it gains or loses a key.
    Parsed(Run<(Key, Value)>),
    Large(Box<Large>),
}

impl Clone for Repr {
    fn clone(&self) -> Repr {
        match self {
            Repr::Small(v) => Repr::Small(v.clone()),
            Repr::Parsed(run) => Repr::Small(run.as_slice().to_vec()),
            Repr::Large(m) => Repr::Large(m.clone()),
        }
    }
}

impl Default for Repr {
    fn default() -> Repr {
        Repr::Small(Vec::new())
    }
}

impl Map {
    pub fn new() -> Map {
        Map::default()
    }

    pub fn with_capacity(n: usize) -> Map {
        if n > SMALL {
            Map { repr: Repr::Large(Box::new(Large::with_capacity_and_hasher(n, Default::default()))) }
        } else {
            Map { repr: Repr::Small(Vec::with_capacity(n)) }
        }
    }

    /// The object of `members` as parsed: a repeated key keeps its first
    /// position and takes the last value. Takes the vector as it is when no key
    /// repeats (the common case), so a small object costs one allocation.
    pub fn from_members(members: Vec<(Key, Value)>) -> Map {
        if members.len() > SMALL {
            let mut large = Large::with_capacity_and_hasher(members.len(), Default::default());
            large.extend(members);
            return Map { repr: Repr::Large(Box::new(large)) };
        }
        if !repeats_a_key(&members) {
            return Map { repr: Repr::Small(members) };
        }
        let mut map = Map::with_capacity(members.len());
        for (k, v) in members {
            map.insert(k, v);
        }
        map
    }

    /// The object the parser read: the members of `stack` from `from` on (no key
    /// repeated, at most `SMALL`), moved into a run of `writer`'s chunks.
    pub(crate) fn parsed(writer: &mut Writer<(Key, Value)>, stack: &mut Vec<(Key, Value)>, from: usize) -> Map {
        Map { repr: Repr::Parsed(writer.place(stack, from)) }
    }

    /// The members as a vector of their own, before the object gains or loses a key.
    fn owned(&mut self) -> &mut Repr {
        if let Repr::Parsed(run) = &mut self.repr {
            let members = run.take_vec();
            self.repr = Repr::Small(members);
        }
        &mut self.repr
    }

    #[inline]
    pub fn len(&self) -> usize {
        match (self.members(), &self.repr) {
            (Some(members), _) => members.len(),
            (None, Repr::Large(m)) => m.len(),
            (None, _) => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The members of a small object (owned or as parsed); `None` for a large one.
    #[inline]
    fn members(&self) -> Option<&[(Key, Value)]> {
        match &self.repr {
            Repr::Small(v) => Some(v),
            Repr::Parsed(run) => Some(run.as_slice()),
            Repr::Large(_) => None,
        }
    }

    fn position(&self, key: &str) -> Option<usize> {
        match (self.members(), &self.repr) {
            (Some(members), _) => members.iter().position(|(k, _)| k == key),
            (None, Repr::Large(m)) => m.get_index_of(key),
            (None, _) => None,
        }
    }

    #[inline]
    pub fn get(&self, key: &str) -> Option<&Value> {
        match (self.members(), &self.repr) {
            (Some(members), _) => members.iter().find_map(|(k, value)| same_key(k, key).then_some(value)),
            (None, Repr::Large(m)) => m.get(key),
            (None, _) => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        let members = match &mut self.repr {
            Repr::Small(v) => v.as_mut_slice(),
            Repr::Parsed(run) => run.as_mut_slice(),
            Repr::Large(m) => return m.get_mut(key),
        };
        members.iter_mut().find_map(|(k, value)| (k == key).then_some(value))
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// Sets `key` to `value`; a key already present keeps its position and
    /// gives back its old value.
    pub fn insert(&mut self, key: impl Into<Key>, value: Value) -> Option<Value> {
        let key = key.into();
        match self.owned() {
            Repr::Small(v) => {
                if let Some(slot) = v.iter_mut().find(|(k, _)| *k == key) {
                    return Some(std::mem::replace(&mut slot.1, value));
                }
                if v.len() < SMALL {
                    v.push((key, value));
                    return None;
                }
                let mut large = Large::with_capacity_and_hasher(v.len() + 1, Default::default());
                large.extend(v.drain(..));
                large.insert(key, value);
                self.repr = Repr::Large(Box::new(large));
                None
            }
            Repr::Parsed(_) => unreachable!("owned() leaves no parsed run"),
            Repr::Large(m) => m.insert(key, value),
        }
    }

    /// Removes `key`, keeping the order of the other members.
    pub fn shift_remove(&mut self, key: &str) -> Option<Value> {
        self.position(key)?;
        match self.owned() {
            Repr::Small(v) => {
                let i = v.iter().position(|(k, _)| k == key)?;
                Some(v.remove(i).1)
            }
            Repr::Parsed(_) => unreachable!("owned() leaves no parsed run"),
            Repr::Large(m) => m.shift_remove(key),
        }
    }

    pub fn iter(&self) -> Iter<'_> {
        match (self.members(), &self.repr) {
            (Some(members), _) => Iter::Small(members.iter()),
            (None, Repr::Large(m)) => Iter::Large(m.iter()),
            (None, _) => Iter::Small([].iter()),
        }
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Key> + ExactSizeIterator {
        self.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator {
        self.iter().map(|(_, v)| v)
    }
}

/// Whether a key of `members` (an object's, as parsed) appears twice.
pub(crate) fn repeats_a_key(members: &[(Key, Value)]) -> bool {
    members.iter().enumerate().any(|(i, (k, _))| members[..i].iter().any(|(j, _)| j == k))
}

/// `key == wanted`, with the last bytes compared before the rest. Most lookups
/// are of attributes a node lacks, and keys of one length often differ only at
/// the end (`x-graphql-type-name`, `x-graphql-field-name`; `type`, `enum`,
/// `$ref`): the byte test settles those without a call to `memcmp` (516,000 calls
/// at N = 5,000, by callgrind).
#[inline]
fn same_key(key: &Key, wanted: &str) -> bool {
    let (a, b) = (key.as_bytes(), wanted.as_bytes());
    a.len() == b.len() && a.last() == b.last() && a == b
}

/// Two objects are equal when they have the same keys with equal values, in
/// any order (as serde_json's maps compare).
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Members of an object, in order.
pub enum Iter<'a> {
    Small(std::slice::Iter<'a, (Key, Value)>),
    Large(indexmap::map::Iter<'a, Key, Value>),
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a Key, &'a Value);
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Small(it) => it.next().map(|(k, v)| (k, v)),
            Iter::Large(it) => it.next(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Iter::Small(it) => it.size_hint(),
            Iter::Large(it) => it.size_hint(),
        }
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Small(it) => it.next_back().map(|(k, v)| (k, v)),
            Iter::Large(it) => it.next_back(),
        }
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a Key, &'a Value);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl IntoIterator for Map {
    type Item = (Key, Value);
    type IntoIter = IntoIter;
    fn into_iter(mut self) -> IntoIter {
        self.owned();
        match self.repr {
            Repr::Small(v) => IntoIter::Small(v.into_iter()),
            Repr::Parsed(_) => unreachable!("owned() leaves no parsed run"),
            Repr::Large(m) => IntoIter::Large((*m).into_iter()),
        }
    }
}

/// The members of an object, owned, in order.
pub enum IntoIter {
    Small(std::vec::IntoIter<(Key, Value)>),
    Large(indexmap::map::IntoIter<Key, Value>),
}

impl Iterator for IntoIter {
    type Item = (Key, Value);
    fn next(&mut self) -> Option<(Key, Value)> {
        match self {
            IntoIter::Small(it) => it.next(),
            IntoIter::Large(it) => it.next(),
        }
    }
}

impl<K: Into<Key>> FromIterator<(K, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (K, Value)>>(iter: I) -> Map {
        let mut map = Map::new();
        for (k, v) in iter {
            map.insert(k, v);
        }
        map
    }
}

impl Value {
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(n.0),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<&Array> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }
    /// The member `key` of an object; `None` for anything else.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object()?.get(key)
    }

    /// The value at a JSON pointer (RFC 6901), as serde_json's `pointer`.
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        if pointer.is_empty() {
            return Some(self);
        }
        let rest = pointer.strip_prefix('/')?;
        let mut node = self;
        for raw in rest.split('/') {
            let token = raw.replace("~1", "/").replace("~0", "~");
            node = match node {
                Value::Object(m) => m.get(&token)?,
                Value::Array(a) => a.get(array_index(&token)?)?,
                _ => return None,
            };
        }
        Some(node)
    }

    /// The tree as a `serde_json::Value`, for the `jsonschema` validators.
    pub fn to_serde(&self) -> serde_json::Value {
        match self {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Number(n) => serde_json::Number::from_f64(n.0).map_or(serde_json::Value::Null, serde_json::Value::Number),
            Value::String(s) => serde_json::Value::String(s.to_string()),
            Value::Array(a) => serde_json::Value::Array(a.iter().map(Value::to_serde).collect()),
            Value::Object(m) => serde_json::Value::Object(m.iter().map(|(k, v)| (k.to_string(), v.to_serde())).collect()),
        }
    }
}

/// Compact JSON, as serde_json's `Display` (messages of tests; the converter's
/// own output goes through json_print.rs).
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).map_err(|_| fmt::Error)?)
    }
}

/// `value == "text"`, as serde_json's `Value` compares with strings.
impl PartialEq<str> for Value {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Value {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl PartialEq<String> for Value {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == Some(other.as_str())
    }
}

/// `value["key"]` and `value[0]`: the member, or `Null` when there is none (as
/// serde_json's indexing).
impl std::ops::Index<&str> for Value {
    type Output = Value;
    fn index(&self, key: &str) -> &Value {
        self.get(key).unwrap_or(&NULL)
    }
}

impl std::ops::Index<usize> for Value {
    type Output = Value;
    fn index(&self, i: usize) -> &Value {
        self.as_array().and_then(|a| a.get(i)).unwrap_or(&NULL)
    }
}

static NULL: Value = Value::Null;

/// `serde_json::json!`, made this crate's `Value` (unit tests write trees with it).
#[cfg(test)]
macro_rules! json_value {
    ($($tree:tt)+) => {
        $crate::json::Value::from(::serde_json::json!($($tree)+))
    };
}
#[cfg(test)]
pub(crate) use json_value;

/// An array index token of a pointer: digits without a leading zero.
fn array_index(token: &str) -> Option<usize> {
    if token.is_empty() || (token.len() > 1 && token.starts_with('0')) || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse().ok()
}

/// Every number becomes an `f64`, as load.rs reads them.
impl From<serde_json::Value> for Value {
    fn from(v: serde_json::Value) -> Value {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::Number(n) => n.as_f64().and_then(Number::from_f64).map_or(Value::Null, Value::Number),
            serde_json::Value::String(s) => Value::String(s.into()),
            serde_json::Value::Array(a) => Value::Array(a.into_iter().map(Value::from).collect()),
            serde_json::Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, Value::from(v))).collect()),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.into())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s.into())
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Number::from_f64(f).map_or(Value::Null, Value::Number)
    }
}

impl From<usize> for Value {
    fn from(n: usize) -> Value {
        Value::from(n as f64)
    }
}

impl From<Vec<Value>> for Value {
    fn from(a: Vec<Value>) -> Value {
        Value::Array(a.into())
    }
}

impl From<Map> for Value {
    fn from(m: Map) -> Value {
        Value::Object(m)
    }
}

impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(n) => s.serialize_f64(n.0),
            Value::String(v) => s.serialize_str(v),
            Value::Array(a) => {
                let mut seq = s.serialize_seq(Some(a.len()))?;
                for item in a {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Value::Object(m) => {
                let mut map = s.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

/// Read with serde (tests, embedded schemas): every number becomes an `f64`, a
/// repeated key keeps its first position and takes the last value.
impl<'de> serde::Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> serde::de::Visitor<'de> for ValueVisitor {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n as f64))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n as f64))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.into()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s.into()))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items.into()))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut members = Vec::new();
        while let Some(member) = map.next_entry::<Key, Value>()? {
            members.push(member);
        }
        Ok(Value::Object(Map::from_members(members)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(n: usize) -> Vec<(Key, Value)> {
        (0..n).map(|i| (Key::from(format!("k{i}")), Value::from(i))).collect()
    }

    #[test]
    fn small_and_large_objects_keep_order_and_find_keys() {
        for n in [0, 1, SMALL, SMALL + 1, 100] {
            let map = Map::from_members(members(n));
            assert_eq!(map.len(), n);
            let keys: Vec<&str> = map.keys().map(Key::as_str).collect();
            assert_eq!(keys, (0..n).map(|i| format!("k{i}")).collect::<Vec<_>>());
            for i in 0..n {
                assert_eq!(map.get(&format!("k{i}")), Some(&Value::from(i)));
            }
            assert_eq!(map.get("absent"), None);
        }
    }

    #[test]
    fn a_repeated_key_keeps_its_first_position_and_the_last_value() {
        for n in [3, SMALL + 3] {
            let mut m = members(n);
            m.push(("k1".into(), Value::from("last")));
            let map = Map::from_members(m);
            assert_eq!(map.len(), n);
            assert_eq!(map.iter().nth(1), Some((&Key::from("k1"), &Value::from("last"))));
        }
    }

    #[test]
    fn insert_grows_into_a_hashed_object_and_shift_remove_keeps_order() {
        let mut map = Map::new();
        for (k, v) in members(SMALL + 2) {
            assert_eq!(map.insert(k, v), None);
        }
        assert_eq!(map.insert("k0".to_string(), Value::Null), Some(Value::from(0usize)));
        assert_eq!(map.shift_remove("k1"), Some(Value::from(1usize)));
        let keys: Vec<&str> = map.keys().map(Key::as_str).take(3).collect();
        assert_eq!(keys, ["k0", "k2", "k3"]);
        let mut small = Map::from_members(members(3));
        assert_eq!(small.shift_remove("k0"), Some(Value::from(0usize)));
        assert_eq!(small.keys().map(Key::as_str).collect::<Vec<_>>(), ["k1", "k2"]);
    }

    /// Objects as parsed sit in shared chunks (json_slab.rs): they read, change,
    /// clone and outlive their tree as any other.
    #[test]
    fn parsed_objects_behave_as_owned_ones() {
        let tree = crate::load::load_json(r#"{"a": {"x": 1, "y": 2}, "b": {"z": "long enough to be shared on the heap"}}"#, None)
            .expect("valid JSON");
        let Value::Object(root) = tree else { panic!("an object") };
        assert!(matches!(root.repr, Repr::Parsed(_)));
        let copy = root.get("a").cloned().expect("a");
        let mut values = root.into_iter().map(|(_, v)| v);
        let (mut a, b) = (values.next().expect("a"), values.next().expect("b"));
        drop(values);
        assert_eq!(b.get("z"), Some(&Value::from("long enough to be shared on the heap")));
        assert_eq!(a, copy);
        let Value::Object(map) = &mut a else { panic!("an object") };
        assert!(matches!(map.repr, Repr::Parsed(_)));
        if let Some(y) = map.get_mut("y") {
            *y = Value::from("changed");
        }
        assert_eq!(map.insert("w", Value::Null), None);
        assert_eq!(map.shift_remove("x"), Some(Value::from(1usize)));
        assert_eq!(map.keys().map(Key::as_str).collect::<Vec<_>>(), ["y", "w"]);
        assert_eq!(map.get("y"), Some(&Value::from("changed")));
        // A run is 16 bytes: parsed objects cost no more room in a value than vectors.
        assert_eq!(std::mem::size_of::<Value>(), 32);
    }

    #[test]
    fn objects_compare_without_order_and_round_trip_through_serde() {
        let a = Value::from(serde_json::json!({ "a": 1, "b": [true, null, "x", 2.5] }));
        let b = Value::from(serde_json::json!({ "b": [true, null, "x", 2.5], "a": 1.0 }));
        assert_eq!(a, b);
        assert_ne!(a, Value::from(serde_json::json!({ "a": 2, "b": [] })));
        assert_eq!(a.to_serde(), serde_json::json!({ "a": 1.0, "b": [true, null, "x", 2.5] }));
        assert_eq!(a.pointer("/b/2"), Some(&Value::from("x")));
        assert_eq!(a.pointer("/b/02"), None);
    }
}
