//! The JSON Schema -> SDL pipeline, stage by stage (docs/ARCHITECTURE.md):
//! load -> normalize (scan) -> options -> resolve -> lower -> assemble -> print.
//! Mirrors js/src/convert.ts.

use foldhash::{HashMap, HashMapExt};
use std::rc::Rc;

use serde::Serialize;
use crate::json::Value;

use crate::assemble::assemble;
use crate::errors::{codes, ConversionError, Diagnostic, Location};
use crate::load::load_json;
use crate::locate::{locate, locate_all};
use crate::lower::Lowering;
use crate::meta_schema::{check_meta_schema, draft_of, MetaDraft};
use crate::migrate::{legacy_rewrite, may_hold_legacy, original_pointer, MigrationChange};
use crate::normalize::{scan_document, ScanResult};
use crate::options::{apply_root_overrides, ResolvedOptions};
use crate::print::print_document;
use crate::loc::{Source, Tree};
use crate::resolve::Resolver;
use crate::stack::with_converter_stack;

/// The result of a conversion: the output text and the warnings met on the way.
///
/// One string holds the output (record 0064: a second copy of it cost 29 MB and 7,700
/// page faults a conversion at N = 20,000, SDL -> JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Conversion {
    /// The converted text: GraphQL SDL, or JSON Schema (JSON text).
    pub output: String,
    /// The warnings, in the order met (empty under `strict`, where the first is the error).
    pub warnings: Vec<Diagnostic>,
}

/// GraphQL SDL -> annotated JSON Schema text (record 0028): sdl_read -> reverse
/// -> json_print. No warnings arise in this direction; of the options only
/// `file_name` is read (diagnostics).
pub fn graphql_to_json_schema(text: &str, options: &ResolvedOptions) -> Result<Conversion, ConversionError> {
    let output = crate::reverse::graphql_to_json(text, options.file_name.as_deref())?;
    Ok(Conversion { output, warnings: Vec::new() })
}

/// The texts of the sources read so far, by file name, for positions. None is a
/// copy: copies of the input used to raise the peak memory of a large conversion
/// by two to three times the input's size.
type Texts<'a> = HashMap<Option<String>, Text<'a>>;

/// A text kept for positions: the caller's input, borrowed, or a file read for a
/// `$ref`, shared with its source.
#[derive(Clone)]
enum Text<'a> {
    Input(&'a str),
    File(Rc<str>),
}

impl std::ops::Deref for Text<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
            Text::Input(text) => text,
            Text::File(text) => text,
        }
    }
}

/// JSON Schema -> SDL. With `positions` false the warnings keep their pointers
/// but get no line and column: finding those takes a pass over the input text,
/// which `Converter::convert` (it drops the warnings) need not pay. Errors, and
/// the first warning under `strict`, always get their position. Runs with the
/// converter's large stack (stack.rs): lowering recurses along chains of type
/// aliases, as the TypeScript does.
pub fn json_schema_to_sdl(text: &str, options: &ResolvedOptions, positions: bool) -> Result<Conversion, ConversionError> {
    with_converter_stack(|| convert_here(Input::Lent(text), options, positions))
}

/// `json_schema_to_sdl` for an input handed over rather than lent: the text is
/// freed as soon as it is parsed and checked, so a large conversion does not hold
/// it beside its tree and types (the CLI's large files: 32 MB less at the peak at
/// N = 20,000; record 0059). The price: diagnostics placed in
/// this input after that point (the warnings, most errors) come back with their
/// pointer but no line and column, and `locate_diagnostics` gives them theirs from
/// the text read again. Those in files read for `$ref`s are located as usual.
pub fn json_schema_to_sdl_given(text: String, options: &ResolvedOptions) -> Result<Conversion, ConversionError> {
    with_converter_stack(move || convert_here(Input::Given(text), options, true))
}

/// Line and column for the diagnostics placed in `text` (those of `file` with a
/// pointer and no position yet), after `json_schema_to_sdl_given`.
pub fn locate_diagnostics(text: &str, file: Option<&str>, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut texts: Texts = HashMap::new();
    texts.insert(file.map(String::from), Text::Input(text));
    with_positions(diagnostics, &texts)
}

/// The input of a conversion: lent by the caller, who keeps it (and it is read
/// again for positions at the end), or given, and freed once parsed.
enum Input<'a> {
    Lent(&'a str),
    Given(String),
}

/// The pipeline on the calling thread.
fn convert_here<'a>(input: Input<'a>, options: &ResolvedOptions, positions: bool) -> Result<Conversion, ConversionError> {
    let mut texts: Texts<'a> = HashMap::new();
    run(input, options, positions, &mut texts).map_err(|e| located(e, &texts))
}

/// The error with its line and column, when it has a pointer into a text at hand.
fn located(mut e: ConversionError, texts: &Texts) -> ConversionError {
    if e.line.is_none() {
        if let Some(pointer) = &e.pointer {
            if let Some((line, column)) = position_of(texts, &e.file, pointer) {
                e.line = Some(line);
                e.column = Some(column);
            }
        }
    }
    e
}

fn run<'a>(input: Input<'a>, options: &ResolvedOptions, positions: bool, texts: &mut Texts<'a>) -> Result<Conversion, ConversionError> {
    let front = match input {
        Input::Lent(text) => {
            texts.insert(options.file_name.clone(), Text::Input(text));
            read_input(text, options)?
        }
        Input::Given(text) => {
            // What fails while the text is here is located now; the text is freed below.
            let mut here: Texts = HashMap::new();
            here.insert(options.file_name.clone(), Text::Input(&text));
            read_input(&text, options).map_err(|e| located(e, &here))?
        }
    };
    let dir = options.input_dir.clone().or_else(|| options.base_dir.clone());
    let doc = Document { front, id: String::new(), file: options.file_name.clone(), dir };
    run_documents(vec![doc], options, positions, texts)
}

/// One converted document: the front of its text, its source id (`""` for a lone
/// input, the path under `base_dir` for a bundle's), its file name and folder.
struct Document {
    front: Front,
    id: String,
    file: Option<String>,
    dir: Option<String>,
}

/// `run` for several documents, each a root (a bundle, record 0090); the first gives
/// the root options and the schema attributes. The texts of `docs` must be in `texts`.
fn run_documents(
    docs: Vec<Document>,
    options: &ResolvedOptions,
    positions: bool,
    texts: &mut Texts,
) -> Result<Conversion, ConversionError> {
    // What the legacy path rewrote, by file.
    let changes: Vec<(Option<String>, Vec<MigrationChange>)> =
        docs.iter().filter(|d| !d.front.changes.is_empty()).map(|d| (d.file.clone(), d.front.changes.clone())).collect();
    // Places in what the legacy path rewrote are named as written.
    run_rewritten(docs, options, positions, texts, &changes).map_err(|e| with_original_pointers(e, &changes))
}

/// An error with the pointer it had as written, in whichever document the legacy path rewrote.
fn with_original_pointers(e: ConversionError, changes: &[(Option<String>, Vec<MigrationChange>)]) -> ConversionError {
    match changes.iter().find(|(file, _)| *file == e.file) {
        Some((_, c)) if e.line.is_none() => {
            let mut e = e;
            e.pointer = e.pointer.map(|p| original_pointer(&p, c));
            e
        }
        _ => e,
    }
}

/// One input of a bundle (record 0090): its path under `base_dir` (`/`-separated; it names
/// the file in diagnostics and orders the inputs) and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleInput {
    /// The input's path, `/`-separated, relative to the options' `base_dir` (file `$ref`s
    /// resolve against its folder); it names the input in diagnostics and orders the bundle.
    pub path: String,
    /// The input's text: a JSON Schema, or an SDL document.
    pub text: String,
}

/// The inputs of a bundle in path order (byte order, which is code-point order), each
/// path once (the first text given for it).
pub fn bundle_order(inputs: &[BundleInput]) -> Result<Vec<&BundleInput>, ConversionError> {
    let mut seen = foldhash::HashSet::default();
    let mut out: Vec<&BundleInput> = Vec::new();
    for input in inputs {
        if input.path.is_empty() {
            return Err(ConversionError::new(codes::INVALID_OPTION, "each input of a bundle needs a path"));
        }
        if seen.insert(input.path.as_str()) {
            out.push(input);
        }
    }
    if out.is_empty() {
        return Err(ConversionError::new(codes::INVALID_OPTION, "a bundle needs at least one input"));
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// Several JSON Schemas -> one SDL document (record 0090): each input a root of one
/// conversion, as if the first had `$ref`ed the others, so a file that several reach
/// is converted once, names are claimed across all of them, and one `@link` heads a
/// federated result. Root options and schema attributes are the first input's (in
/// path order). Runs with the converter's large stack, as `json_schema_to_sdl`.
pub fn json_schema_bundle_to_sdl(inputs: &[BundleInput], options: &ResolvedOptions) -> Result<Conversion, ConversionError> {
    let ordered = bundle_order(inputs)?;
    with_converter_stack(|| {
        let mut texts: Texts = HashMap::new();
        for input in &ordered {
            texts.insert(Some(input.path.clone()), Text::Input(&input.text));
        }
        let result = (|| {
            let mut docs = Vec::new();
            for input in &ordered {
                let mut own = options.clone();
                own.file_name = Some(input.path.clone());
                let front = read_input(&input.text, &own)?;
                let dir = options.base_dir.as_ref().map(|base| match input.path.rfind('/') {
                    Some(slash) => join_dir(base, &input.path[..slash]),
                    None => base.clone(),
                });
                docs.push(Document { front, id: input.path.clone(), file: Some(input.path.clone()), dir });
            }
            run_documents(docs, options, true, &mut texts)
        })();
        result.map_err(|e| located(e, &texts))
    })
}

fn join_dir(base: &str, rel: &str) -> String {
    if base.ends_with('/') || base.ends_with('\\') {
        format!("{base}{rel}")
    } else {
        format!("{base}/{rel}")
    }
}

/// What the input's text gives before it can be freed: its tree, rewritten by the
/// legacy path (record 0035; `changes` says what was rewritten), scanned and, with
/// `validate`, checked.
struct Front {
    root: Value,
    legacy: Vec<Diagnostic>,
    changes: Vec<MigrationChange>,
    scan: ScanResult,
    /// The draft `$schema` names (record 0080).
    draft: MetaDraft,
    resolved: ResolvedOptions,
    input_len: usize,
}

fn read_input(text: &str, options: &ResolvedOptions) -> Result<Front, ConversionError> {
    let file = options.file_name.as_deref();
    let mut root = load_json(text, file)?;
    if !root.is_object() {
        return Err(ConversionError::at(
            codes::JSON_ROOT,
            "the root of a JSON Schema must be an object",
            Location { file: options.file_name.clone(), pointer: Some(String::new()), line: None, column: None },
        ));
    }
    // The legacy path (record 0035): 1.x attribute names read as their 2.x names.
    let (legacy, changes) = if may_hold_legacy(text) { legacy_rewrite(&mut root, file) } else { (Vec::new(), Vec::new()) };
    let draft = draft_of(&root);
    let checked = scan_document(&root, file, Some(draft)).and_then(|scan| {
        if options.validate {
            check_meta_schema(&root, text, file)?;
        }
        Ok(scan)
    });
    let scan = checked.map_err(|e| with_original_pointer(e, options, &changes))?;
    let resolved = apply_root_overrides(options, &root);
    Ok(Front { root, legacy, changes, scan, draft, resolved, input_len: text.len() })
}

/// An error in the input with the pointer it had as written, before the legacy path.
fn with_original_pointer(mut e: ConversionError, options: &ResolvedOptions, changes: &[MigrationChange]) -> ConversionError {
    if !changes.is_empty() && e.file == options.file_name && e.line.is_none() {
        e.pointer = e.pointer.map(|p| original_pointer(&p, changes));
    }
    e
}

fn run_rewritten(
    docs: Vec<Document>,
    options: &ResolvedOptions,
    positions: bool,
    texts: &mut Texts,
    changes: &[(Option<String>, Vec<MigrationChange>)],
) -> Result<Conversion, ConversionError> {
    let main_file = docs.first().and_then(|d| d.file.clone());
    let input_len: usize = docs.iter().map(|d| d.front.input_len).sum();
    let mut early: Vec<Diagnostic> = Vec::new();
    let mut resolved = None;
    let mut sources = Vec::new();
    for doc in docs {
        let Document { front, id, file, dir } = doc;
        let Front { root, legacy, scan, draft, resolved: own, .. } = front;
        resolved.get_or_insert(own);
        early.extend(legacy);
        early.extend(scan.warnings);
        sources.push(Source { id, file, text: None, root: Tree::new(root), dir, refs: scan.refs, draft, ids: scan.ids });
    }
    let Some(resolved) = resolved else {
        return Err(ConversionError::new(codes::INVALID_OPTION, "a bundle needs at least one input"));
    };
    let mut sources = sources.into_iter();
    let Some(main) = sources.next() else { unreachable!("one document at least") };
    let mut resolver = Resolver::with_unresolved_refs(main, options.base_dir.as_deref(), resolved.unresolved_refs_json);
    for s in sources {
        resolver.add_root(s);
    }
    let targets = resolver.collect_targets()?;
    for s in resolver.sources.values() {
        if let Some(text) = &s.text {
            texts.insert(s.file.clone(), Text::File(text.clone()));
        }
    }
    // Warnings of files read later, while lowering, are not reported (as in TypeScript).
    let mut warnings = early;
    warnings.extend(resolver.warnings.iter().cloned());
    let mut lw = Lowering::new(resolved, resolver, targets, warnings);
    lw.run()?;
    lw.release_caches();
    let mut warnings = std::mem::take(&mut lw.warnings);
    lw.directives.settle_federation(crate::assemble::links_federation(lw.schema_extension.as_ref()))?;
    let directive_defs = lw.directives.definitions(&mut warnings);
    lw.warnings = warnings;
    let doc = assemble(&mut lw, directive_defs)?;
    let mut warnings = std::mem::take(&mut lw.warnings);
    if doc.definitions.is_empty() {
        warnings.push(Diagnostic::warning(
            codes::NO_TYPES,
            "the schema produces no GraphQL types; the output is empty",
            Location { file: main_file.clone(), pointer: Some(String::new()), line: None, column: None },
        ));
    }
    for s in lw.resolver.sources.values() {
        if let Some(text) = &s.text {
            texts.insert(s.file.clone(), Text::File(text.clone()));
        }
    }
    for (file, changes) in changes {
        for w in warnings.iter_mut().filter(|w| w.file == *file) {
            w.pointer = w.pointer.take().map(|p| original_pointer(&p, changes));
        }
    }
    let (strict, threshold) = (lw.options.strict, lw.options.description_block_threshold);
    // Printing needs only the document: for a large input the lowering (its slots and
    // sources) is freed first (peak memory: 20 MB less at N = 20,000; the texts for
    // positions are kept in `texts`). For a small one, freeing them just before the printer allocates
    // made malloc consolidate its free lists (2% more instructions for a 16 kB file), and
    // saves nothing that matters.
    let lowering = if input_len > FREE_BEFORE_PRINT_BYTES {
        drop(lw);
        None
    } else {
        Some(lw)
    };
    // under `strict` the caller locates the warning it returns as the error
    let located: Vec<Diagnostic> = if positions { with_positions(warnings, texts) } else { warnings };
    // JSON_FIELDS only reports (record 0079): strict raises the first other warning.
    if strict {
        if let Some(w) = located.iter().find(|w| w.code != codes::JSON_FIELDS) {
            return Err(w.clone().into_error());
        }
    }
    let sdl = if doc.definitions.is_empty() { String::new() } else { print_document(&doc, threshold) };
    let result = Conversion { output: sdl, warnings: located };
    // Freed last: see above.
    drop(lowering);
    Ok(result)
}

/// Inputs above this size free the lowering before printing (see `run_rewritten`).
const FREE_BEFORE_PRINT_BYTES: usize = 1 << 20;

fn position_of(texts: &Texts, file: &Option<String>, pointer: &str) -> Option<(usize, usize)> {
    texts.get(file).and_then(|text| locate(text, pointer))
}

/// Positions for the warnings that have a pointer and none yet: one pass over
/// each file's text (`withPositions` in js/src/convert.ts).
fn with_positions(mut warnings: Vec<Diagnostic>, texts: &Texts) -> Vec<Diagnostic> {
    let mut by_file: HashMap<Option<String>, Vec<usize>> = HashMap::new();
    let mut files: Vec<Option<String>> = Vec::new();
    for (i, w) in warnings.iter().enumerate() {
        if w.pointer.is_none() || w.line.is_some() || !texts.contains_key(&w.file) {
            continue;
        }
        by_file.entry(w.file.clone()).or_insert_with(|| {
            files.push(w.file.clone());
            Vec::new()
        });
        if let Some(list) = by_file.get_mut(&w.file) {
            list.push(i);
        }
    }
    for file in files {
        let (Some(indexes), Some(text)) = (by_file.get(&file), texts.get(&file)) else { continue };
        let pointers: Vec<&str> = indexes.iter().map(|&i| warnings[i].pointer.as_deref().unwrap_or("")).collect();
        let positions = locate_all(text, &pointers);
        let updates: Vec<(usize, (usize, usize))> =
            indexes.iter().zip(positions).filter_map(|(&i, pos)| pos.map(|p| (i, p))).collect();
        for (i, (line, column)) in updates {
            warnings[i].line = Some(line);
            warnings[i].column = Some(column);
        }
    }
    warnings
}

