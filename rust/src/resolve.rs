//! resolve: `$ref` -> the node it points at (mirrors js/src/resolve.ts).
//!
//! Local refs are JSON pointers into the same document (`#/definitions/X`,
//! `#/$defs/X`, any pointer). File refs (`common/address.json#/definitions/A`)
//! are read relative to the referring file, and must stay inside `baseDir`:
//! a ref that leaves it, or names a remote URI, is refused and never fetched.
//! Each file is read, parsed and scanned once. The places refs lead to are
//! `Loc`s of loc.rs; allOf merging (D18) is here too.
//!
//! Under `unresolvedRefs: "json"` (record 0078) a ref to nothing, a remote ref
//! and a ref to a file that cannot be read resolve to an empty schema (the JSON
//! scalar), with a warning at each place that writes one; a ref that leaves the
//! base folder is still an error.
//!
//! Paths follow Node's `path` module on POSIX (`resolve`, `relative`,
//! `dirname` are string operations with `/`), so both sides accept and refuse
//! the same refs.
//!
//! A ref resolves against the base URI of the resource it is written in (record
//! 0086, resources.rs): a URI some document read declares as an `$id` is that
//! resource; an absolute URI under the folder of a file's own `$id` is looked for
//! at the same place below the file's folder (`meta/core` beside `schema.json`, as
//! the JSON Schema meta-schemas ship); any other absolute URI is remote.

use foldhash::{HashMap, HashMapExt};
use std::borrow::Cow;
use std::rc::Rc;

use indexmap::IndexMap;
use crate::json::{Key, Value};

use crate::errors::{codes, ConversionError, Diagnostic, Location};
use crate::load::{load_json, pointer_join};
use crate::inline_names::is_schema_place;
use crate::resources::{enclosing, find_resources, is_absolute_uri, parent_pointer, resolve_uri, Resources};
use crate::merge_chains::{chain_merge, ChainMerge, WalkRecord};
use crate::normalize::{attr, flag, is_modern_draft, ref_keyword, ref_of, scan_document, scan_document_collecting, RefUses};

/// The location layer, re-exported where it was first published.
pub use crate::loc::{evaluate_pointer, loc_key, Loc, LocMap, Source, Target, Tree};

pub struct Resolver {
    pub main: Rc<Source>,
    /// The documents converted: the main one, then (a bundle, record 0090) the other inputs in path order.
    pub roots: Vec<Rc<Source>>,
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
    /// The merges of `allOf` chain links, by schema; None: merged by the walk (merge_chains.rs).
    pub(crate) chain_merges: LocMap<Option<Rc<ChainMerge>>>,
    /// What an unresolved ref becomes under `unresolvedRefs: "json"`: an empty schema, in a source of its own.
    unresolved_target: Option<Target>,
    /// Why each unresolved ref failed, by source id and ref text (with its resource).
    failures: HashMap<(String, String), ConversionError>,
    /// The resources of each source, by id (record 0086), found at its first ref.
    resources_of: HashMap<String, Option<Rc<Resources>>>,
    /// The places (source id, pointer) whose unresolved ref was reported (lowering resolves a ref again).
    reported: foldhash::HashSet<(String, String)>,
}

impl Resolver {
    pub fn new(main: Source, base_dir: Option<&str>) -> Resolver {
        Resolver::with_unresolved_refs(main, base_dir, false)
    }

    /// `new`, with `unresolvedRefs: "json"` when `unresolved_json`.
    pub fn with_unresolved_refs(main: Source, base_dir: Option<&str>, unresolved_json: bool) -> Resolver {
        let main = Rc::new(main);
        let mut sources = IndexMap::new();
        sources.insert(main.id.clone(), main.clone());
        let unresolved_target = unresolved_json.then(|| {
            let source = Rc::new(Source {
                id: "\0unresolved".to_string(),
                file: None,
                text: None,
                root: Tree::new(Value::Object(Default::default())),
                dir: None,
                refs: RefUses::default(),
                draft: main.draft,
                ids: Default::default(),
            });
            Target { loc: Loc::new(source, "") }
        });
        Resolver {
            roots: vec![main.clone()],
            main,
            sources,
            warnings: Vec::new(),
            base_dir: base_dir.map(|d| path_resolve(&[d])),
            resolved: HashMap::new(),
            chain_merges: LocMap::default(),
            unresolved_target,
            failures: HashMap::new(),
            resources_of: HashMap::new(),
            reported: Default::default(),
        }
    }

    /// Another input of a bundle (record 0090), read before any ref: a file that is both an
    /// input and a ref target is one source, converted once. Its id is its path under
    /// `base_dir`, as a file ref's is.
    pub fn add_root(&mut self, source: Source) {
        let source = Rc::new(source);
        self.sources.insert(source.id.clone(), source.clone());
        self.roots.push(source);
    }

    /// Whether a target is what an unresolved ref becomes under `unresolvedRefs: "json"`.
    pub fn is_unresolved(&self, target: &Target) -> bool {
        self.unresolved_target.as_ref().is_some_and(|u| Rc::ptr_eq(u.loc.source(), target.loc.source()))
    }

    /// Resolves every ref of every source up front, so an unresolvable ref is
    /// reported before any output is built, and so `isRefTarget` knows every
    /// node that something points at.
    /// A `LocMap`, not a set of `loc_key`s: a target is nearly always an object, keyed
    /// by its address, so no key string is built per ref (14,000 at N = 5,000).
    pub fn collect_targets(&mut self) -> Result<LocMap<()>, ConversionError> {
        let mut targets = LocMap::default();
        // A source, and the refs below a target that no scan walks (None: the source's own).
        let mut queue: Vec<(Rc<Source>, Option<RefUses>)> = self.roots.iter().map(|r| (r.clone(), None)).collect();
        // Targets below what a scan walks (a pointer into a non-schema container), scanned here.
        let mut scanned: foldhash::HashSet<String> = Default::default();
        let mut i = 0;
        while let Some((source, below)) = queue.get(i).cloned() {
            i += 1;
            let refs = below.as_ref().unwrap_or(&source.refs);
            for use_ in refs.iter() {
                let before = self.sources.len();
                let target = self.resolve_from(use_.ref_, &source, use_.pointer)?;
                targets.insert(&target.loc, ());
                if self.sources.len() > before {
                    queue.push((target.loc.source().clone(), None));
                }
                if self.is_unresolved(&target) || !(target.node().is_object() || target.node().is_array()) {
                    continue;
                }
                let pointer = target.loc.pointer().into_owned();
                let key = loc_key(&target.loc);
                if scanned.contains(&key) || is_schema_place(target.loc.source().root.get(), &pointer) {
                    continue;
                }
                scanned.insert(key);
                // Attribute problems there are not reported: the scan of a document never was.
                let scan = scan_document_collecting(target.node(), target.loc.source().file.as_deref(), &mut Vec::new());
                let mut uses = RefUses::default();
                for r in scan.refs.iter() {
                    uses.push(&format!("{pointer}{}", r.pointer), r.ref_);
                }
                if !uses.is_empty() {
                    queue.push((target.loc.source().clone(), Some(uses)));
                }
            }
        }
        Ok(targets)
    }

    /// Frees the tree of every source read (`Tree`): lowering is over and the types
    /// are named, so nothing reads a node again.
    ///
    /// # Safety
    /// No reference into any source's tree may be alive (see `Tree::release`).
    pub(crate) unsafe fn release_trees(&self) {
        for source in self.sources.values() {
            // SAFETY: the caller's promise.
            unsafe { source.root.release() };
        }
    }

    /// The resources of `source`, found at its first ref (None: it declares no `$id` or anchor).
    fn resources(&mut self, source: &Source) -> Option<Rc<Resources>> {
        if let Some(found) = self.resources_of.get(&source.id) {
            return found.clone();
        }
        let found = (!source.ids.is_empty()).then(|| Rc::new(find_resources(&source.ids, source.draft)));
        self.resources_of.insert(source.id.clone(), found.clone());
        found
    }

    /// Whether `source` has resources below its root (its refs do not all resolve alike).
    fn has_embedded(&mut self, source: &Source) -> bool {
        self.resources(source).is_some_and(|r| r.bases.len() > 1)
    }

    /// The resource a ref written at `pointer` resolves against: its root's pointer and its base URI ("" for none).
    fn resource_at(&mut self, source: &Source, pointer: &str) -> (String, String) {
        let Some(found) = self.resources(source) else { return (String::new(), String::new()) };
        if found.bases.len() == 1 {
            return (String::new(), found.bases.get("").cloned().unwrap_or_default());
        }
        // Under drafts 04-07 a `$ref` replaces its schema, the `$id` beside it included.
        let start = if is_modern_draft(source.draft) { pointer } else { parent_pointer(pointer) };
        enclosing(&found.bases, start)
    }

    /// `ref_` written at `from` (the pointer of the node holding `$ref`).
    pub fn resolve(&mut self, ref_: &str, from: &Loc) -> Result<Target, ConversionError> {
        // Most refs were resolved before: the pointer (a property's is joined) is read
        // only for a new one, or in a document with embedded resources.
        if !self.has_embedded(from.source()) {
            if let Some(known) = self.resolved.get(&from.source().id).and_then(|refs| refs.get(ref_)) {
                return Ok(known.clone());
            }
        }
        self.resolve_from(ref_, from.source(), &from.pointer())
    }

    /// `resolve` for a `$ref` known by its source and pointer (the scan's list):
    /// the node holding it is not needed, so no pointer is evaluated for it.
    pub fn resolve_from(&mut self, ref_: &str, from: &Rc<Source>, pointer: &str) -> Result<Target, ConversionError> {
        // A ref means the same target wherever it is written in one resource.
        let (resource, base) = self.resource_at(from, pointer);
        let key: Cow<str> = if resource.is_empty() { Cow::Borrowed(ref_) } else { Cow::Owned(format!("{resource}\0{ref_}")) };
        if let Some(known) = self.resolved.get(&from.id).and_then(|refs| refs.get(key.as_ref())) {
            let known = known.clone();
            if self.is_unresolved(&known) {
                self.report(&key, from, pointer);
            }
            return Ok(known);
        }
        let target = match self.resolve_uncached(ref_, from, pointer, resource, &base) {
            Ok(target) => target,
            Err(mut e) if e.code == codes::REF_UNRESOLVED || e.code == codes::REF_REMOTE => {
                let Some(unresolved) = self.unresolved_target.clone() else {
                    e.message.push_str(" (with --unresolved-refs json, option unresolvedRefs, it becomes the JSON scalar)");
                    return Err(e);
                };
                self.failures.insert((from.id.clone(), key.to_string()), e);
                self.report(&key, from, pointer);
                unresolved
            }
            Err(e) => return Err(e),
        };
        self.resolved.entry(from.id.clone()).or_default().insert(key.into_owned(), target.clone());
        Ok(target)
    }

    /// The warning for an unresolved ref written at `pointer` in `from`, once per place.
    fn report(&mut self, key: &str, from: &Rc<Source>, pointer: &str) {
        let Some(e) = self.failures.get(&(from.id.clone(), key.to_string())) else { return };
        let at = pointer_join(pointer, &["$ref"]);
        if !self.reported.insert((from.id.clone(), at.clone())) {
            return;
        }
        self.warnings.push(Diagnostic::warning(
            e.code,
            format!("{}: it becomes the JSON scalar", e.message),
            Location { file: from.file.clone(), pointer: Some(at), line: None, column: None },
        ));
    }

    /// `ref_` written at `from_pointer`, in the resource at `resource` whose base URI is `base`.
    fn resolve_uncached(
        &mut self,
        ref_: &str,
        from: &Rc<Source>,
        from_pointer: &str,
        mut resource: String,
        base: &str,
    ) -> Result<Target, ConversionError> {
        // Where a failure is reported: built only for one.
        let at = || Location {
            file: from.file.clone(),
            pointer: Some(pointer_join(from_pointer, &[ref_keyword(evaluate_pointer(from.root.get(), from_pointer))])),
            line: None,
            column: None,
        };
        let (file_part, fragment) = match ref_.find('#') {
            Some(hash) => (ref_.get(..hash).unwrap_or(""), ref_.get(hash + 1..).unwrap_or("")),
            None => (ref_, ""),
        };
        let source = if file_part.is_empty() {
            from.clone()
        } else {
            // Without a `$id` around the ref, its document part is a path as written.
            let uri = if base.is_empty() { file_part.to_string() } else { resolve_uri(base, file_part) };
            if let Some((source, pointer)) = self.find_resource(&uri, from) {
                resource = pointer;
                source
            } else if is_absolute_uri(&uri) {
                let Some(beside) = self.load_beside(&uri, from, ref_, &at())? else {
                    let resolved = if uri == file_part { String::new() } else { format!(" ({uri})") };
                    return Err(ConversionError::at(
                        codes::REF_REMOTE,
                        format!("remote reference {ref_}{resolved} is not fetched"),
                        at(),
                    ));
                };
                resource = self.resources(&beside).and_then(|r| r.by_uri.get(&uri).cloned()).unwrap_or_default();
                beside
            } else {
                let relative = decode_uri_component(&uri).unwrap_or_else(|| uri.clone());
                resource = String::new();
                self.load_file(&relative, from, ref_, &at())?
            }
        };
        // Nearly every fragment has no escape: it is the pointer as written, not copied.
        let pointer: Cow<str> = if fragment.contains('%') {
            Cow::Owned(decode_uri_component(fragment).unwrap_or_else(|| fragment.to_string()))
        } else {
            Cow::Borrowed(fragment)
        };
        let pointer: Cow<str> = if !pointer.is_empty() && !pointer.starts_with('/') {
            // A plain-name fragment: an `$anchor` of the resource (record 0080).
            let anchored = self.resources(&source).and_then(|found| {
                let base = found.bases.get(&resource).cloned().unwrap_or_default();
                found.anchors.get(&format!("{base}#{pointer}")).cloned()
            });
            match anchored {
                Some(anchored) => Cow::Owned(anchored),
                None => {
                    return Err(ConversionError::at(codes::REF_UNRESOLVED, format!("reference {ref_} names no $anchor"), at()))
                }
            }
        } else if resource.is_empty() {
            pointer
        } else {
            Cow::Owned(format!("{resource}{pointer}"))
        };
        let Some(node) = evaluate_pointer(source.root.get(), &pointer) else {
            return Err(ConversionError::at(codes::REF_UNRESOLVED, format!("reference {ref_} points at nothing"), at()));
        };
        // The node just found, not evaluated again by `Loc::new`.
        let loc = Loc::found(source.clone(), &pointer, node);
        Ok(Target { loc })
    }

    /// The resource named by `uri`: in the referring document (where a relative URI is
    /// known too), else in any document read so far (an absolute URI): its source and pointer.
    fn find_resource(&mut self, uri: &str, from: &Rc<Source>) -> Option<(Rc<Source>, String)> {
        if let Some(own) = self.resources(from).and_then(|r| r.by_uri.get(uri).cloned()) {
            return Some((from.clone(), own));
        }
        if !is_absolute_uri(uri) {
            return None;
        }
        let sources: Vec<Rc<Source>> = self.sources.values().cloned().collect();
        for source in sources {
            if Rc::ptr_eq(&source, from) {
                continue;
            }
            if let Some(pointer) = self.resources(&source).and_then(|r| r.by_uri.get(uri).cloned()) {
                return Some((source, pointer));
            }
        }
        None
    }

    /// An absolute URI under the folder of the referring file's own `$id`, read from the
    /// same place below the file's folder (as written, else with `.json`), or None.
    fn load_beside(
        &mut self,
        uri: &str,
        from: &Rc<Source>,
        ref_: &str,
        at: &Location,
    ) -> Result<Option<Rc<Source>>, ConversionError> {
        let Some(own) = self.resources(from).and_then(|r| r.bases.get("").cloned()) else { return Ok(None) };
        if !is_absolute_uri(&own) || self.base_dir.is_none() || from.dir.is_none() {
            return Ok(None);
        }
        let folder = own.get(..own.rfind('/').map_or(0, |i| i + 1)).unwrap_or("");
        let Some(rest) = uri.strip_prefix(folder) else { return Ok(None) };
        if folder.ends_with("//") || rest.is_empty() || rest.contains('?') {
            return Ok(None);
        }
        for path in [rest.to_string(), format!("{rest}.json")] {
            let relative = decode_uri_component(&path).unwrap_or(path);
            match self.load_file(&relative, from, ref_, at) {
                Ok(source) => return Ok(Some(source)),
                Err(e) if e.code == codes::REF_UNRESOLVED => {}
                Err(e) => return Err(e),
            }
        }
        Ok(None)
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
        // The type is checked before the file is opened: opening a FIFO for reading
        // blocks until a writer comes, and a device or socket is not a schema.
        if !meta.is_file() {
            return Err(ConversionError::at(
                codes::REF_UNRESOLVED,
                format!("file reference {ref_} is not a regular file"),
                at.clone(),
            ));
        }
        let bytes = std::fs::read(&real).map_err(|_| unreadable())?;
        // Node's 'utf8' decoding: invalid sequences become U+FFFD.
        let text: Rc<str> = Rc::from(crate::text::decode_utf8(bytes));
        let root = load_json(&text, Some(&id))?;
        // A file without a `$schema` of its own is read by its referrer's draft (record 0080).
        let draft = crate::meta_schema::named_draft(&root).unwrap_or(from.draft);
        let scan = scan_document(&root, Some(&id), Some(draft))?;
        self.warnings.extend(scan.warnings);
        let source = Rc::new(Source {
            id: id.clone(),
            file: Some(id.clone()),
            text: Some(text),
            root: Tree::new(root),
            dir: Some(path_dirname(&absolute)),
            refs: scan.refs,
            draft,
            ids: scan.ids,
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
    /// At `<schema>/properties/<key>`: a property's loc holds its key (`key()`).
    pub loc: Loc,
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

    /// The property's name, as written in the tree.
    pub fn key(&self) -> &str {
        self.loc.property_key().map_or("", Key::as_str)
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
    // A link of a chain of one-member allOfs is merged once, from the next link's merge.
    if let Some(merged) = chain_merge(resolver, loc, warnings, &mut walk_merge)? {
        return Ok(merged);
    }
    walk_merge(resolver, loc, warnings, None)
}

/// `merge_object` by a walk over every schema met; `record` keeps what merge_chains.rs needs.
fn walk_merge(
    resolver: &mut Resolver,
    loc: &Loc,
    warnings: &mut Vec<Diagnostic>,
    mut record: Option<&mut WalkRecord>,
) -> Result<MergedObject, ConversionError> {
    let mut merged = MergedObject::default();
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut visiting: LocMap<()> = LocMap::default();
    // The merged schemas that have a `required` list.
    let mut with_required: Vec<Loc> = Vec::new();
    // (the schema's loc, whether it is the top one, the next allOf member to visit,
    // whether its own `$ref` is still to visit: 2019-09 / 2020-12, record 0080)
    let mut stack: Vec<(Loc, bool, usize, bool)> = Vec::new();
    // Most objects have no allOf: their schema is the only one merged, so there is no
    // cycle to cut and no member to visit. The visiting table, the stack and the list
    // of `required` holders are then left empty (three allocations per object, 19,000
    // at N = 5,000).
    let has_all_of = matches!(attr(loc.node(), "allOf"), Some(Value::Array(all_of)) if !all_of.is_empty());
    let own_ref = is_modern_draft(loc.source().draft) && ref_of(loc.node()).is_some();
    let alone = !(has_all_of || own_ref);
    // For merge_chains: the first schema of each key replaced.
    let mut replaced: Option<HashMap<Key, Loc>> = record.as_ref().map(|_| HashMap::new());

    let mut enter = |at: Loc,
                     top: bool,
                     merged: &mut MergedObject,
                     stack: &mut Vec<(Loc, bool, usize, bool)>,
                     warnings: &mut Vec<Diagnostic>| {
        if !alone {
            if visiting.contains(&at) {
                return;
            }
            visiting.insert(&at, ());
        }
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
                // The keys the locs hold: a shared key is not copied.
                index.extend(
                    merged.properties.iter().enumerate().filter_map(|(i, p)| Some((p.loc.property_key()?.clone(), i))),
                );
            }
            let schema_pointer = at.pointer_text();
            for (name, schema) in props {
                let skip = schema.is_object() && flag(schema, "x-graphql-skip");
                let prop = MergedProperty {
                    loc: at.property(&schema_pointer, name, schema),
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
                            if let Some(replaced) = replaced.as_mut() {
                                replaced.entry(name.clone()).or_insert_with(|| existing.loc.clone());
                            }
                            warnings.push(Diagnostic::warning(
                                codes::PROPERTY_CONFLICT,
                                format!("property {name} is defined again with a different schema; the later one wins"),
                                Location {
                                    file: at.source().file.clone(),
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
        if alone {
            return;
        }
        if let Some(Value::Array(_)) = attr(schema, "required") {
            with_required.push(at.clone());
        }
        let own_ref = is_modern_draft(at.source().draft) && ref_of(schema).is_some();
        stack.push((at, top, 0, own_ref));
    };

    enter(loc.clone(), true, &mut merged, &mut stack, warnings);
    while let Some((at, top, next, own_ref)) = stack.last() {
        let (at, top, i) = (at.clone(), *top, *next);
        if *own_ref {
            if let Some(frame) = stack.last_mut() {
                frame.3 = false;
            }
            let Some(r) = ref_of(at.node()).map(|r| r.to_string()) else { continue };
            let target = resolver.resolve(&r, &at)?;
            if top {
                merged.ref_members.push(target.clone());
            }
            if target.node().is_object() {
                enter(target.loc, false, &mut merged, &mut stack, warnings);
            }
            continue;
        }
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
    let holders = if alone { std::slice::from_ref(loc) } else { &with_required[..] };
    mark_required(&mut merged.properties, holders);
    if let Some(record) = record.as_mut() {
        for schema in holders {
            if let Some(Value::Array(req)) = attr(schema.node(), "required") {
                record.required.extend(req.iter().filter_map(Value::as_str).map(str::to_string));
            }
        }
        record.replaced = replaced.unwrap_or_default();
        record.visited = visiting;
    }
    Ok(merged)
}

/// Marks the properties that a `required` list of these schemas names (in any
/// of them, whichever schema defined the property).
fn mark_required(properties: &mut [MergedProperty], schemas: &[Loc]) {
    if schemas.is_empty() || properties.is_empty() {
        return;
    }
    // Most objects have a handful of properties: a scan beats hashing them (as
    // normalize::attr), and marks in place with no list of keys or of positions (two
    // allocations per object, 23,000 at N = 5,000).
    if properties.len() <= 16 {
        for schema in schemas {
            if let Some(Value::Array(req)) = attr(schema.node(), "required") {
                for name in req.iter().filter_map(Value::as_str) {
                    if let Some(p) = properties.iter_mut().find(|p| p.key() == name) {
                        p.required = true;
                    }
                }
            }
        }
        return;
    }
    let mut named: Vec<usize> = Vec::new();
    {
        let position: HashMap<&str, usize> = properties.iter().enumerate().map(|(i, p)| (p.key(), i)).collect();
        for schema in schemas {
            if let Some(Value::Array(req)) = attr(schema.node(), "required") {
                named.extend(req.iter().filter_map(|r| position.get(r.as_str()?).copied()));
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
mod merge_tests {
    use super::*;
    use crate::json::json_value as json;

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
        let main = Source { id: String::new(), file: None, text: None, root: Tree::new(root), dir: None, refs: Default::default(), draft: crate::meta_schema::MetaDraft::Draft07, ids: Default::default() };
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
        let main = Source { id: String::new(), file: None, text: None, root: Tree::new(root), dir: None, refs: Default::default(), draft: crate::meta_schema::MetaDraft::Draft07, ids: Default::default() };
        let mut resolver = Resolver::new(main, None);
        let loc = Loc::new(resolver.main.clone(), "");
        let merged = merge_object(&mut resolver, &loc, &mut Vec::new()).unwrap();
        let required: Vec<String> = merged.properties.iter().filter(|p| p.required).map(|p| p.key().to_string()).collect();
        assert_eq!(required, ["p3", "p39"]);
    }
}
