//! json_array: the crate's JSON arrays (json.rs `Value::Array`). Rust only: the
//! TypeScript side's arrays are JavaScript's own.
//!
//! An array reads as a slice of values (`Deref<Target = [Value]>`) and holds a
//! vector of its own. (Record 0061: the items once sat in chunks shared by the
//! parsed arrays; that was measured to save under 5% end to end and removed.)
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use std::fmt;
use std::ops::{Deref, DerefMut};

use crate::json::Value;

/// A JSON array: its items in order.
#[derive(Default)]
pub struct Array {
    items: Vec<Value>,
}

impl Array {
    pub fn new() -> Array {
        Array::default()
    }

    /// The items as a vector of their own, to change their number.
    pub fn as_vec_mut(&mut self) -> &mut Vec<Value> {
        &mut self.items
    }

    pub fn push(&mut self, value: Value) {
        self.as_vec_mut().push(value);
    }

    pub fn into_vec(mut self) -> Vec<Value> {
        std::mem::take(self.as_vec_mut())
    }
}

impl Deref for Array {
    type Target = [Value];
    #[inline]
    fn deref(&self) -> &[Value] {
        &self.items
    }
}

impl DerefMut for Array {
    fn deref_mut(&mut self) -> &mut [Value] {
        &mut self.items
    }
}

impl Clone for Array {
    fn clone(&self) -> Array {
        Array::from(self.to_vec())
    }
}

impl PartialEq for Array {
    fn eq(&self, other: &Array) -> bool {
        **self == **other
    }
}

impl fmt::Debug for Array {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl From<Vec<Value>> for Array {
    fn from(items: Vec<Value>) -> Array {
        Array { items }
    }
}

impl FromIterator<Value> for Array {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Array {
        Array::from(iter.into_iter().collect::<Vec<Value>>())
    }
}

impl<'a> IntoIterator for &'a Array {
    type Item = &'a Value;
    type IntoIter = std::slice::Iter<'a, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for Array {
    type Item = Value;
    type IntoIter = std::vec::IntoIter<Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsed_arrays_read_change_and_outlive_their_tree() {
        let tree = crate::load::load_json(r#"{"a": [1, "two", [3]], "b": []}"#, None).expect("valid JSON");
        let Some(Value::Array(a)) = tree.get("a") else { panic!("an array") };
        let copy = a.clone();
        let Value::Object(root) = tree else { panic!("an object") };
        let Some((_, Value::Array(mut a))) = root.into_iter().next() else { panic!("a, moved out") };
        assert_eq!(a, copy);
        assert_eq!(a.len(), 3);
        assert_eq!(a[1], Value::from("two"));
        a[0] = Value::Null;
        a.push(Value::from(true));
        assert_eq!(a.iter().map(Value::is_null).collect::<Vec<_>>(), [true, false, false, false]);
        assert_eq!(a.into_vec().len(), 4);
    }
}
