//! lower: schema nodes -> type slots with draft definitions (mirrors js/src/lower.ts).
//!
//! Order (D15): the root type (D16), then `definitions` / `$defs` entries in
//! file order; a type met while lowering another (an inline object, an inline
//! enum or union, a ref target that is not a top-level definition) becomes a
//! child of that type. `classify` (in lower_classify.rs) decides what a node
//! becomes; `type_of` (in lower_types.rs) maps a property schema to a type
//! expression.

use foldhash::{HashSet, HashSetExt};
use indexmap::IndexMap;
use std::rc::Rc;

use crate::json::{Str, Value};

use crate::errors::{codes, ErrorCode, ConversionError, Diagnostic, Location};
use crate::ir::{AppliedDirective, ScalarTypeDef};
use crate::inline_names::{inline_base_name, is_property_place};
use crate::lower_directives::{DraftSchemaDef, FieldDirectives};
use crate::naming::{is_valid_name, to_type_name, NameRegistry};
use crate::normalize::{attr, explicit_type_name, flag};
use crate::options::{RefNaming, ResolvedOptions};
use crate::loc::{LocMap, Source, Target};
use crate::merge_all_of::MergedObject;
use crate::resolve::Resolver;
use crate::schema_links::lower_schema_links;
use crate::schema_shapes::{description_of, is_scalar_alias};
use crate::slots::{new_slot, BaseName, NameRef, Slot, SlotId, SlotKind, Slots};
use crate::json_reasons::{json_field_warnings, JsonField, JsonReason};
use crate::type_expr::{
    Base, is_builtin_scalar, TypeExpr,
};

pub use crate::loc::Loc;
pub use crate::lower_classify::{Classification, is_slot_kind};

pub struct Lowering {
    pub options: ResolvedOptions,
    pub resolver: Resolver,
    /// Every node a `$ref` points at (`Resolver::collect_targets`).
    pub ref_targets: LocMap<()>,
    pub warnings: Vec<Diagnostic>,
    /// Every slot; `SlotId`s index this list.
    pub slots: Slots,
    /// Slots by location key (TypeScript's `slots` map).
    pub slot_keys: LocMap<SlotId>,
    /// Top-level slots in document order; children hang below them.
    pub units: Vec<SlotId>,
    pub directives: FieldDirectives,
    /// The root `x-graphql-schema-extension` and `x-graphql-schema` (record 0028).
    pub schema_extension: Option<DraftSchemaDef>,
    /// `x-graphql-links` and `x-graphql-compose-directives` (record 0084), printed after the federation `@link`.
    pub schema_links: Vec<AppliedDirective>,
    pub schema: Option<DraftSchemaDef>,
    /// Aliases being expanded, to stop one that contains itself.
    pub alias_stack: HashSet<String>,
    /// How many `type_of` calls are under way (see `MAX_TYPE_DEPTH`).
    pub type_depth: usize,
    /// How many `classify` calls wait on a union member's classification (`ref_union_members`).
    pub classify_depth: usize,
    /// Scalars declared by `x-graphql-scalar` on a property: name -> its first declaration
    /// (description and URL) and where it is, in the order they are met.
    pub scalar_info: IndexMap<String, (Value, Loc)>,
    pub(crate) classes: LocMap<Classification>,
    /// Why the last JSON type was made (record 0079): set by lower_types.rs, read by `lower_field`.
    pub json_reason: Option<JsonReason>,
    /// The fields that became the JSON scalar, with why, in the order they were lowered.
    pub json_fields: Vec<JsonField>,
    /// `mixedUnions: "types"` (record 0085): the branches' types of the last JSON type, set by lower_types.rs.
    pub json_branches: Option<Vec<TypeExpr>>,
    /// `mixedUnions: "wrap"` (record 0085): the wrapper types by what they wrap, named after every other type.
    pub wrappers: IndexMap<String, SlotId>,
    pub(crate) mixed_unions: LocMap<bool>,
    pub(crate) merges: LocMap<Rc<MergedObject>>,
    /// The field names of the object being lowered (`lower_object`), emptied and
    /// used again for the next one: a table allocated per object was 2% of a
    /// conversion's allocations (N = 5,000).
    pub(crate) field_names: NameRegistry,
}

/// The location of a loc, for diagnostics (`where`).
pub fn where_(loc: &Loc) -> Location {
    Location { file: loc.source().file.clone(), pointer: Some(loc.pointer().into_owned()), line: None, column: None }
}

/// Record 0090: the schema attributes of a bundle are its first input's; another input
/// giving one is an error, not a second schema definition quietly dropped.
fn check_bundle_root(source: &Source, first: &Source) -> Result<(), ConversionError> {
    for key in ["x-graphql-schema", "x-graphql-schema-extension"] {
        if attr(source.root.get(), key).is_none() {
            continue;
        }
        let name = first.file.as_deref().unwrap_or(&first.id);
        return Err(ConversionError::at(
            codes::ATTRIBUTE_SCOPE,
            format!("in a bundle, {key} is read from the first input ({name}) only"),
            Location { file: source.file.clone(), pointer: Some(format!("/{key}")), line: None, column: None },
        ));
    }
    Ok(())
}

/// `lw.fail`: the error to return.
pub fn fail(code: ErrorCode, message: impl Into<String>, loc: &Loc) -> ConversionError {
    ConversionError::at(code, message, where_(loc))
}

impl Lowering {
    pub fn new(
        options: ResolvedOptions,
        resolver: Resolver,
        ref_targets: LocMap<()>,
        warnings: Vec<Diagnostic>,
    ) -> Lowering {
        Lowering {
            options,
            resolver,
            ref_targets,
            warnings,
            slots: Slots::default(),
            slot_keys: LocMap::default(),
            units: Vec::new(),
            directives: FieldDirectives::default(),
            schema_extension: None,
            schema_links: Vec::new(),
            schema: None,
            alias_stack: HashSet::new(),
            type_depth: 0,
            classify_depth: 0,
            scalar_info: IndexMap::new(),
            classes: LocMap::default(),
            merges: LocMap::default(),
            field_names: NameRegistry::default(),
            json_reason: None,
            json_fields: Vec::new(),
            json_branches: None,
            wrappers: IndexMap::new(),
            mixed_unions: LocMap::default(),
        }
    }

    pub fn warn(&mut self, code: ErrorCode, message: impl Into<String>, loc: &Loc) {
        self.warnings.push(Diagnostic::warning(code, message, where_(loc)));
    }

    pub fn slot(&self, id: SlotId) -> Option<&Slot> {
        self.slots.get(id)
    }

    /// The final name of a slot ('' before naming).
    pub fn slot_name(&self, id: SlotId) -> &str {
        self.slots.get(id).map_or("", |s| s.name.as_str())
    }

    pub fn slot_kind(&self, id: SlotId) -> Option<SlotKind> {
        self.slots.get(id).map(|s| s.kind)
    }

    /// D6: `x-graphql-scalar` on a property declares that scalar (the first declaration
    /// wins); its name is explicit, checked against the types' in assemble (record 0067).
    pub fn declare_scalar(&mut self, scalar: &Value, loc: &Loc) -> Result<(), ConversionError> {
        let name = attr(scalar, "name").and_then(Value::as_str).unwrap_or("");
        if !is_valid_name(name) || is_builtin_scalar(name) {
            return Err(fail(
                codes::INVALID_NAME,
                format!("\"{name}\" is not a valid scalar name"),
                &loc.child(&["x-graphql-scalar", "name"]),
            ));
        }
        if !self.scalar_info.contains_key(name) {
            self.scalar_info.insert(name.to_string(), (scalar.clone(), loc.clone()));
        }
        Ok(())
    }

    pub fn scalar_definition(&self, name: &str) -> ScalarTypeDef {
        let mut def = ScalarTypeDef { name: Str::new(name), description: None, directives: Vec::new() };
        let Some((info, _)) = self.scalar_info.get(name) else { return def };
        if let Some(Value::String(description)) = attr(info, "description") {
            if !description.is_empty() {
                def.description = Some(Str::new(description));
            }
        }
        if let Some(Value::String(url)) = attr(info, "specifiedByURL") {
            def.directives.push(AppliedDirective {
                name: "specifiedBy".to_string(),
                args: vec![("url".to_string(), Value::String(url.clone()))],
            });
        }
        def
    }

    /// Frees what only lowering reads (the memoized classifications and merged
    /// objects) once it is done: assemble and print never ask, and the merged
    /// objects hold a loc for every property (peak memory).
    pub fn release_caches(&mut self) {
        self.classes = LocMap::default();
        self.merges = LocMap::default();
    }

    /// Registers the top-level slots, then lowers every slot in preorder.
    pub fn run(&mut self) -> Result<(), ConversionError> {
        let main = self.resolver.main.clone();
        let root_loc = Loc::new(main.clone(), "");
        let root = main.root.get();
        // A bundle (record 0090) is one document: its roots' types in path order, each root's
        // definitions after it; the schema attributes are the first input's.
        let roots = self.resolver.roots.clone();
        for source in &roots {
            if !Rc::ptr_eq(source, &main) {
                check_bundle_root(source, &main)?;
            }
            self.directives.declare(source.root.get(), &Loc::new(source.clone(), ""))?;
        }
        self.schema_extension = self.directives.schema_def(root, "x-graphql-schema-extension", &root_loc, &[])?;
        if let Some(ext) = &self.schema_extension {
            self.directives.use_link_names(&ext.directives);
        }
        self.directives.root_link_off = attr(root, "x-graphql-federation-link") == Some(&Value::Bool(false));
        let extension: Vec<AppliedDirective> = self.schema_extension.as_ref().map_or_else(Vec::new, |e| e.directives.clone());
        self.schema_links = lower_schema_links(self, root, &root_loc, &extension)?;
        let extension_directives: Vec<String> =
            self.schema_extension.iter().flat_map(|e| e.directives.iter().map(|d| d.name.clone())).collect();
        self.schema = self.directives.schema_def(root, "x-graphql-schema", &root_loc, &extension_directives)?;
        for source in &roots {
            self.register_root(source)?;
        }
        // Preorder with an explicit stack: children are lowered right after their parent.
        let mut stack: Vec<SlotId> = self.units.iter().rev().copied().collect();
        while let Some(id) = stack.pop() {
            let before = self.slots.get(id).map_or(0, |s| s.children.len());
            self.lower_slot(id)?;
            if let Some(slot) = self.slots.get(id) {
                stack.extend(slot.children.iter().skip(before).rev());
            }
        }
        // The summary is placed at the file of a lone input; in a bundle (record 0090), at the file of the first such field.
        let file = if self.resolver.roots.len() > 1 {
            self.json_fields.first().and_then(|f| f.loc.source().file.clone())
        } else {
            self.resolver.main.file.clone()
        };
        let summary = json_field_warnings(&self.json_fields, self.options.explain_json, file.as_deref());
        self.warnings.extend(summary);
        Ok(())
    }

    /// The root type of one converted document (D16, record 0078), then its `definitions` / `$defs`.
    fn register_root(&mut self, source: &Rc<Source>) -> Result<(), ConversionError> {
        let root_loc = Loc::new(source.clone(), "");
        let root = source.root.get();
        let target = Target { loc: root_loc.clone() };
        let kind = if attr(root, "properties").is_some_and(Value::is_object) {
            is_slot_kind(self.classify(&target)?)
        } else {
            self.root_kind(&target)?
        };
        if let Some(kind) = kind {
            let id = self.create_slot(&target, kind, BaseName::Root(source.clone()), None);
            self.units.push(id);
        }
        if let Value::Object(sections) = root {
            for (section, defs) in sections {
                if section != "definitions" && section != "$defs" {
                    continue;
                }
                let Value::Object(defs) = defs else { continue };
                for key in defs.keys() {
                    let target = Target { loc: root_loc.child(&[section, key]) };
                    if let Some(kind) = is_slot_kind(self.classify(&target)?) {
                        let id = self.create_slot(&target, kind, BaseName::Target(target.clone()), None);
                        self.units.push(id);
                    }
                }
            }
        }
        Ok(())
    }

    /// Record 0078: a root without properties that is an enum (the SPDX license list), a
    /// union or a scalar alias (`{"title": "Id", "type": "string"}`) is that type, named
    /// as a root object is (D16); anything else (definitions only, a lone `$ref`) is none.
    fn root_kind(&mut self, target: &Target) -> Result<Option<SlotKind>, ConversionError> {
        Ok(match self.classify(target)? {
            Classification::Slot(kind @ (SlotKind::Enum | SlotKind::Union | SlotKind::Scalar)) => Some(kind),
            Classification::Alias if is_scalar_alias(target.node()) => {
                // A `$ref` to the root (`#`) names that scalar too.
                self.classes.insert(&target.loc, Classification::Slot(SlotKind::Scalar));
                Some(SlotKind::Scalar)
            }
            _ => None,
        })
    }

    fn root_name(&self, source: &Source) -> String {
        let root = source.root.get();
        if let Some(Value::String(title)) = attr(root, "title") {
            if !title.is_empty() {
                return to_type_name(title);
            }
        }
        let file = if source.id.is_empty() { self.options.file_name.as_deref() } else { Some(source.id.as_str()) };
        if let Some(file) = file {
            let base = file.rsplit(['\\', '/']).next().unwrap_or("");
            let stem = match base.rfind('.') {
                Some(dot) if dot > 0 => base.get(..dot).unwrap_or(base),
                _ => base,
            };
            if !stem.is_empty() {
                return to_type_name(stem);
            }
        }
        "Root".to_string()
    }

    // -------------------------------------------------------------------------
    // Slots

    pub fn create_slot(&mut self, target: &Target, kind: SlotKind, base: BaseName, owner: Option<SlotId>) -> SlotId {
        let node = target.node();
        let mut explicit = explicit_type_name(node);
        if kind == SlotKind::Scalar {
            if let Some(scalar @ Value::Object(_)) = attr(node, "x-graphql-scalar") {
                if let Some(Value::String(name)) = attr(scalar, "name") {
                    explicit = Some((name.to_string(), "/x-graphql-scalar/name"));
                }
            }
        }
        let explicit = explicit.map(|(name, pointer)| NameRef {
            name,
            loc: Loc::new(target.loc.source().clone(), &format!("{}{}", target.loc.pointer(), pointer)),
        });
        let id = self.slots.push(new_slot(target.loc.clone(), kind, base, explicit));
        self.slot_keys.insert(&target.loc, id);
        if let Some(owner) = owner.and_then(|o| self.slots.get_mut(o)) {
            owner.children.push(id);
        }
        id
    }

    /// The slot of a target, created as a child of `owner` when it has none yet.
    pub fn slot_for(&mut self, target: &Target, kind: SlotKind, owner: SlotId, base: BaseName) -> SlotId {
        match self.slot_keys.get(&target.loc) {
            Some(&id) => id,
            None => self.create_slot(target, kind, base, Some(owner)),
        }
    }

    // -------------------------------------------------------------------------
    // Lowering one slot

    fn lower_slot(&mut self, id: SlotId) -> Result<(), ConversionError> {
        let Some(slot) = self.slots.get(id) else { return Ok(()) };
        let loc = slot.loc.clone();
        let kind = slot.kind;
        let description = type_description(&loc);
        if let Some(slot) = self.slots.get_mut(id) {
            slot.description = description;
        }
        // A type's own directives come before its properties in the document, so they are
        // recorded first: the first use of an undeclared directive is found in document order.
        let type_directives = self.directives.for_type(&loc, kind)?;
        if flag(loc.node(), "x-graphql-extends") {
            extension(kind, &loc)?;
            if let Some(slot) = self.slots.get_mut(id) {
                slot.extension = true;
                slot.description = None;
            }
        }
        match kind {
            SlotKind::Object | SlotKind::Interface | SlotKind::Input => self.lower_object(id, &loc, kind)?,
            SlotKind::Union => self.lower_union(id, &loc)?,
            SlotKind::Enum => {
                let values = self.enum_values(loc.node(), &loc)?;
                if let Some(slot) = self.slots.get_mut(id) {
                    slot.values = values;
                }
            }
            SlotKind::Scalar => self.lower_scalar(id, &loc),
        }
        if let Some(slot) = self.slots.get_mut(id) {
            slot.directives.extend(type_directives);
            // On a property's schema it is the field's (an inline object's type keeps the canonical order).
            if !is_property_place(&loc) {
                slot.directive_order = directive_order(loc.node(), &loc, &slot.directives, "type")?;
            }
        }
        Ok(())
    }

    fn lower_scalar(&mut self, id: SlotId, loc: &Loc) {
        let Some(scalar) = attr(loc.node(), "x-graphql-scalar") else { return };
        let Some(slot) = self.slots.get_mut(id) else { return };
        if let Some(Value::String(description)) = attr(scalar, "description") {
            slot.description = Some(description.clone());
        }
        if let Some(Value::String(url)) = attr(scalar, "specifiedByURL") {
            slot.directives.push(AppliedDirective {
                name: "specifiedBy".to_string(),
                args: vec![("url".to_string(), Value::String(url.clone()))],
            });
        }
    }

    /// The generated name of a slot, evaluated at naming time (the slot's `base()`).
    pub fn base_name(&self, base: &BaseName) -> String {
        match base {
            BaseName::Root(source) => self.root_name(source),
            BaseName::Fixed(name) => name.clone(),
            BaseName::OwnerKey { owner, key } => format!("{}{}", self.slot_name(*owner), to_type_name(key)),
            BaseName::OwnerSuffix { owner, suffix } => format!("{}{}", self.slot_name(*owner), suffix),
            BaseName::Target(target) => self.base_name_for(target),
            BaseName::Suffixed(base, suffix) => format!("{}{}", self.base_name(base), suffix),
            BaseName::Wrapper(t) => {
                let base = match &t.base {
                    Base::Slot(id) => self.slot_name(*id).to_string(),
                    Base::Name(name) => name.to_string(),
                };
                crate::mixed_unions::wrapper_name(t, &base)
            }
        }
    }

    /// The generated name of a node's type: `title` (except for definitions,
    /// named by their key), else what the location implies;
    /// `refNaming: file_and_path` prefixes another file's path.
    pub fn base_name_for(&self, target: &Target) -> String {
        let node = target.node();
        let pointer = target.loc.pointer();
        // `/definitions/<key>` or `/$defs/<key>`: three segments, the first empty.
        let mut segments = pointer.split('/');
        let at_definition = segments.next() == Some("")
            && segments.next().is_some_and(|s| s == "definitions" || s == "$defs")
            && segments.next().is_some()
            && segments.next().is_none();
        let title = match attr(node, "title") {
            Some(Value::String(t)) if !t.is_empty() => Some(t),
            _ => None,
        };
        let mut base = match title {
            Some(t) if !at_definition => to_type_name(t),
            _ => inline_base_name(&target.loc),
        };
        let id = &target.loc.source().id;
        if self.options.ref_naming == RefNaming::FileAndPath && !id.is_empty() {
            let dot = id.rfind('.').map_or(-1, |i| i as i64);
            let slash = id.rfind('/').map_or(-1, |i| i as i64);
            let stem = if dot > slash { id.get(..dot as usize).unwrap_or(id) } else { id.as_str() };
            let prefix = to_type_name(stem);
            base = if pointer.is_empty() && title.is_none() { prefix } else { prefix + &base };
        }
        base
    }
}

/// A node sitting at `properties/<key>` describes the field, not the type.
/// `x-graphql-directive-order` (record 0076): the element's directives in this order,
/// by name (assemble applies it). A name given more often than the element applies a
/// directive of that name is ATTRIBUTE_SCOPE at its entry.
pub(crate) fn directive_order(
    node: &Value,
    loc: &Loc,
    directives: &[AppliedDirective],
    what: &str,
) -> Result<Option<Vec<String>>, ConversionError> {
    let Some(Value::Array(list)) = attr(node, "x-graphql-directive-order") else { return Ok(None) };
    let mut left: Vec<(&str, usize)> = Vec::new();
    for d in directives {
        match left.iter_mut().find(|(n, _)| *n == d.name) {
            Some((_, count)) => *count += 1,
            None => left.push((d.name.as_str(), 1)),
        }
    }
    let mut names = Vec::with_capacity(list.len());
    for (i, name) in list.iter().enumerate() {
        let Some(name) = name.as_str() else { continue };
        match left.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) if *count > 0 => *count -= 1,
            _ => {
                return Err(fail(
                    codes::ATTRIBUTE_SCOPE,
                    format!("x-graphql-directive-order names @{name} more times than the {what} applies it"),
                    &loc.child(&["x-graphql-directive-order", &i.to_string()]),
                ))
            }
        }
        names.push(name.to_string());
    }
    Ok(Some(names))
}

/// `x-graphql-extends` (record 0076): an object, interface, input, union or enum type
/// printed as an extension, which has no description of its own. Not on a scalar:
/// buildSubgraphSchema refuses a subgraph whose only word on a scalar is
/// `extend scalar S @d`, so ATTRIBUTE_SCOPE.
fn extension(kind: SlotKind, loc: &Loc) -> Result<(), ConversionError> {
    if kind != SlotKind::Scalar {
        return Ok(());
    }
    Err(fail(
        codes::ATTRIBUTE_SCOPE,
        "x-graphql-extends applies to object, interface, input, union and enum types only, not to a scalar".to_string(),
        &loc.child(&["x-graphql-extends"]),
    ))
}

fn type_description(loc: &Loc) -> Option<Str> {
    if is_property_place(loc) {
        return None;
    }
    description_of(loc.node())
}
