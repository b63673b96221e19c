//! json_array: the crate's JSON arrays (json.rs `Value::Array`). Rust only: the
//! TypeScript side's arrays are JavaScript's own.
//!
//! An array reads as a slice of values (`Deref<Target = [Value]>`), as the
//! `Vec<Value>` it replaces did. The parser puts an array's items into chunks shared
//! with other arrays (json_slab.rs), as it does an object's members: at N = 5,000
//! that is 14,000 allocations and frees fewer (record 0061). An
//! array built in code, or one that grows or shrinks, holds a vector of its own.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use std::fmt;
use std::ops::{Deref, DerefMut};

use crate::json::Value;
use crate::json_slab::{Run, Writer};

/// A JSON array: its items in order.
#[derive(Default)]
pub struct Array {
    repr: Repr,
}

enum Repr {
    Owned(Vec<Value>),
    /// As parsed: the items in a run of a shared chunk.
    Parsed(Run<Value>),
}

impl Default for Repr {
    fn default() -> Repr {
        Repr::Owned(Vec::new())
    }
}

impl Array {
    pub fn new() -> Array {
        Array::default()
    }

    /// The array the parser read: the items of `stack` from `from` on, in a run of
    /// `writer`'s chunks when they fit in one.
    pub(crate) fn parsed(writer: &mut Writer<Value>, stack: &mut Vec<Value>, from: usize) -> Array {
        if Writer::<Value>::fits(stack.len().saturating_sub(from)) {
            Array { repr: Repr::Parsed(writer.place(stack, from)) }
        } else {
            Array { repr: Repr::Owned(stack.drain(from..).collect()) }
        }
    }

    /// The items as a vector of their own, to change their number.
    pub fn as_vec_mut(&mut self) -> &mut Vec<Value> {
        if let Repr::Parsed(run) = &mut self.repr {
            let items = run.take_vec();
            self.repr = Repr::Owned(items);
        }
        match &mut self.repr {
            Repr::Owned(items) => items,
            Repr::Parsed(_) => unreachable!("a parsed run was just moved into a vector"),
        }
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
        match &self.repr {
            Repr::Owned(items) => items,
            Repr::Parsed(run) => run.as_slice(),
        }
    }
}

impl DerefMut for Array {
    fn deref_mut(&mut self) -> &mut [Value] {
        match &mut self.repr {
            Repr::Owned(items) => items,
            Repr::Parsed(run) => run.as_mut_slice(),
        }
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
        Array { repr: Repr::Owned(items) }
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
        assert!(matches!(a.repr, Repr::Parsed(_)));
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
