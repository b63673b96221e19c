//! resolve: `$ref` -> the node it points at (mirrors js/src/resolve.ts).
//!
//! Local refs are JSON pointers into the same document (`#/definitions/X`,
//! `#/$defs/X`, any pointer). File refs (`common/address.json#/definitions/A`)
//! are read relative to the referring file, and must stay inside `baseDir`:
//! a ref that leaves it, or names a remote URI, is refused and never fetched.
//! Each file is read, parsed and scanned once. The places refs lead to are
//! `Loc`s of loc.rs; allOf merging (D18) is merge_all_of.rs.
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
use crate::json::Value;

use crate::errors::{codes, ConversionError, Diagnostic, Location};
use crate::load::{load_json, pointer_join};
use crate::inline_names::is_schema_place;
use crate::resources::{enclosing, find_resources, is_absolute_uri, parent_pointer, resolve_uri, Resources};
use crate::merge_chains::ChainMerge;
use crate::normalize::{is_modern_draft, ref_keyword, scan_document, scan_document_collecting, RefUses};

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
