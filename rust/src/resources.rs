//! resources: the schema resources of one document (record 0086; mirrors
//! js/src/resources.ts). A subschema with its own `$id` (draft-04: `id`) is a
//! resource: its base URI is its `$id` resolved against the base of the resource
//! around it, and the `$ref`s written inside it resolve against that base.
//! `$anchor`, `$dynamicAnchor` and a plain-name fragment of `$id` (`"$id": "#name"`,
//! drafts 04-07) name a schema within the resource around them. Nothing here is
//! fetched: a URI is a name, known only if some document read declares it.

use foldhash::{HashMap, HashMapExt};

use crate::meta_schema::MetaDraft;

/// Which keyword an `IdUse` was written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdKey {
    /// `$id`.
    Id,
    /// `id` (a URI under draft-04 only).
    LegacyId,
    /// `$anchor` or `$dynamicAnchor`.
    Anchor,
}

/// A `$id` / `id` / `$anchor` / `$dynamicAnchor` string met by the scan of a document.
#[derive(Debug, Clone)]
pub struct IdUse {
    /// The pointer of the schema holding it.
    pub pointer: String,
    pub key: IdKey,
    pub value: String,
}

#[derive(Debug, Default)]
pub struct Resources {
    /// The pointer of each resource's root -> its base URI; "" -> the document's own ("" when it has no `$id`).
    pub bases: HashMap<String, String>,
    /// Each base URI -> the pointer of its resource (the first of each).
    pub by_uri: HashMap<String, String>,
    /// `base#name` -> the pointer of the schema the anchor names (the first of each).
    pub anchors: HashMap<String, String>,
}

/// The resources declared by a document's ids (in document order, as the scan meets them).
pub fn find_resources(ids: &[IdUse], draft: MetaDraft) -> Resources {
    let mut bases: HashMap<String, String> = HashMap::new();
    bases.insert(String::new(), String::new());
    let mut by_uri: HashMap<String, String> = HashMap::new();
    let mut anchors: HashMap<String, String> = HashMap::new();
    let mut names: Vec<(&str, &str)> = Vec::new();
    // A parent's id comes before its descendants' (the scan is depth-first, in document
    // order), so each base is resolved against the final base of the resource around it.
    for use_ in ids {
        let mut name: Option<&str> = None;
        if use_.key == IdKey::Id || (use_.key == IdKey::LegacyId && draft == MetaDraft::Draft04) {
            let (uri_part, fragment) = match use_.value.find('#') {
                Some(hash) => (use_.value.get(..hash).unwrap_or(""), use_.value.get(hash + 1..).unwrap_or("")),
                None => (use_.value.as_str(), ""),
            };
            if !uri_part.is_empty() {
                let outer =
                    if use_.pointer.is_empty() { String::new() } else { enclosing(&bases, parent_pointer(&use_.pointer)).1 };
                let uri = resolve_uri(&outer, uri_part);
                bases.insert(use_.pointer.clone(), uri.clone());
                by_uri.entry(uri).or_insert_with(|| use_.pointer.clone());
            }
            if !fragment.is_empty() && !fragment.starts_with('/') {
                name = Some(fragment);
            }
        } else if use_.key == IdKey::Anchor {
            name = Some(use_.value.as_str());
        }
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            names.push((use_.pointer.as_str(), name));
        }
    }
    let own = bases.get("").cloned().unwrap_or_default();
    by_uri.entry(own).or_default();
    // Anchors after every base is known: an `$anchor` written before the `$id` of its own
    // schema belongs to that schema's resource.
    for (pointer, name) in names {
        let key = format!("{}#{name}", enclosing(&bases, pointer).1);
        anchors.entry(key).or_insert_with(|| pointer.to_string());
    }
    Resources { bases, by_uri, anchors }
}

/// The resource around `pointer` (itself included): its root's pointer and its base URI.
pub fn enclosing(bases: &HashMap<String, String>, pointer: &str) -> (String, String) {
    let mut p = pointer;
    loop {
        if let Some(base) = bases.get(p) {
            return (p.to_string(), base.clone());
        }
        if p.is_empty() {
            return (String::new(), String::new());
        }
        p = parent_pointer(p);
    }
}

pub fn parent_pointer(pointer: &str) -> &str {
    match pointer.rfind('/') {
        Some(slash) if slash > 0 => pointer.get(..slash).unwrap_or(""),
        _ => "",
    }
}

/// The length of `/^[A-Za-z][A-Za-z0-9+.-]*:/` at the start of `s`, if it matches.
fn scheme_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    for (i, &c) in b.iter().enumerate().skip(1) {
        if c == b':' {
            return Some(i + 1);
        }
        if !(c.is_ascii_alphanumeric() || c == b'+' || c == b'.' || c == b'-') {
            return None;
        }
    }
    None
}

/// Whether a URI reference is absolute (a scheme) or network-path (`//host`).
pub fn is_absolute_uri(uri: &str) -> bool {
    scheme_len(uri).is_some() || uri.starts_with("//")
}

/// RFC 3986 section 5.2: `reference` (without a fragment) resolved against `base`. A
/// base that is "" or relative (a document without an absolute `$id`, whose location
/// is a file path) gives a relative result, merged by the same rules.
pub fn resolve_uri(base: &str, reference: &str) -> String {
    if let Some(len) = scheme_len(reference) {
        return without_dots(reference, len);
    }
    let scheme = base.get(..scheme_len(base).unwrap_or(0)).unwrap_or("");
    if reference.starts_with("//") {
        return format!("{scheme}{}", without_dots(reference, 0));
    }
    // The authority of the base, kept as written.
    let mut rest = base.get(scheme.len()..).unwrap_or("");
    let mut authority = "";
    if rest.starts_with("//") {
        match rest.get(2..).and_then(|r| r.find('/')) {
            Some(end) => {
                authority = rest.get(..end + 2).unwrap_or("");
                rest = rest.get(end + 2..).unwrap_or("");
            }
            None => {
                authority = rest;
                rest = "";
            }
        }
    }
    let base_path = match rest.find('?') {
        Some(q) => rest.get(..q).unwrap_or(""),
        None => rest,
    };
    if reference.is_empty() {
        return base.to_string();
    }
    let path = if reference.starts_with('/') {
        reference.to_string()
    } else if reference.starts_with('?') {
        format!("{base_path}{reference}")
    } else if !authority.is_empty() && base_path.is_empty() {
        format!("/{reference}")
    } else {
        let cut = base_path.rfind('/').map_or(0, |i| i + 1);
        format!("{}{reference}", base_path.get(..cut).unwrap_or(""))
    };
    format!("{scheme}{authority}{}", remove_dots(&path))
}

/// `uri` with the dot segments of its path removed; the path starts after `from` (and an authority).
fn without_dots(uri: &str, from: usize) -> String {
    let mut start = from;
    if uri.get(start..).is_some_and(|r| r.starts_with("//")) {
        match uri.get(start + 2..).and_then(|r| r.find('/')) {
            Some(end) => start = start + 2 + end,
            None => return uri.to_string(),
        }
    }
    format!("{}{}", uri.get(..start).unwrap_or(""), remove_dots(uri.get(start..).unwrap_or("")))
}

/// RFC 3986 section 5.2.4, on a path (a query after `?` is kept as written).
fn remove_dots(path: &str) -> String {
    let (input, tail) = match path.find('?') {
        Some(q) => (path.get(..q).unwrap_or(""), path.get(q..).unwrap_or("")),
        None => (path, ""),
    };
    if !input.contains('.') {
        return path.to_string();
    }
    let absolute = input.starts_with('/');
    let parts: Vec<&str> = input.split('/').collect();
    let mut out: Vec<&str> = Vec::new();
    let skip = usize::from(absolute);
    for (i, &part) in parts.iter().enumerate().skip(skip) {
        let last = i + 1 == parts.len();
        if part == "." || part == ".." {
            // A relative path keeps the `..` it cannot fold: it is a file path below the document's folder.
            if part == ".." {
                if out.last().is_some_and(|l| *l != "..") {
                    out.pop();
                } else if !absolute {
                    out.push("..");
                }
            }
            if last {
                out.push("");
            }
            continue;
        }
        out.push(part);
    }
    format!("{}{}{tail}", if absolute { "/" } else { "" }, out.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_uris_as_rfc_3986() {
        let base = "https://json-schema.org/draft/2020-12/schema";
        assert_eq!(resolve_uri(base, "meta/core"), "https://json-schema.org/draft/2020-12/meta/core");
        assert_eq!(resolve_uri(base, "../2019-09/x"), "https://json-schema.org/draft/2019-09/x");
        assert_eq!(resolve_uri(base, "/a/./b"), "https://json-schema.org/a/b");
        assert_eq!(resolve_uri(base, "//other/x"), "https://other/x");
        assert_eq!(resolve_uri("https://h", "x"), "https://h/x");
        assert_eq!(resolve_uri("", "a/../../b.json"), "../b.json");
        assert_eq!(resolve_uri("sub/a.json", "b.json"), "sub/b.json");
        assert_eq!(resolve_uri("urn:x", "urn:y"), "urn:y");
    }
}
