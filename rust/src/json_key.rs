//! json_key: the keys of the crate's JSON tree (json.rs). Rust only: the
//! TypeScript side's keys are JavaScript's own strings.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use std::borrow::Borrow;
use std::fmt;
use std::sync::Arc;

use crate::json::Str;

/// An object's key. Keys repeat all over a schema (`type`, `properties`, a
/// property name used by many definitions), so the parser gives every
/// occurrence of a key one shared allocation (load.rs). Not a `Str`: keys are
/// compared on every attribute lookup, and a shared `str` compares without
/// first decoding where its bytes are (record 0058).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key(Arc<str>);

impl Key {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for Key {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Key {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Key {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Key {
    fn from(s: &str) -> Key {
        Key(Arc::from(s))
    }
}

impl From<String> for Key {
    fn from(s: String) -> Key {
        Key(Arc::from(s))
    }
}

impl From<&String> for Key {
    fn from(s: &String) -> Key {
        Key(Arc::from(s.as_str()))
    }
}

impl From<Str> for Key {
    fn from(s: Str) -> Key {
        Key(Arc::from(s.as_str()))
    }
}

impl PartialEq<str> for Key {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Key {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<String> for Key {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl serde::Serialize for Key {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Key {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        String::deserialize(d).map(Key::from)
    }
}
