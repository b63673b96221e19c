//! input_cycles: GraphQL forbids an input object that contains itself through
//! non-null fields (no finite value could be given for it; graphql-js's
//! validateInputObjectCircularRefs). The JSON Schema can say it (a `required`
//! property whose type is the object itself, also through `allOf` merges), so
//! it is INPUT_FIELD at the first field of the cycle, not invalid SDL. The same
//! walk as graphql-js and js/src/input-cycles.ts: input types in document
//! order, fields in order, depth first.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use crate::json::Str;
use crate::errors::{codes, ConversionError};
use crate::lower::{fail, Lowering};
use crate::slots::{SlotId, SlotKind, Slots};
use crate::type_expr::{Base, Wrapper};

struct Walk<'a> {
    slots: &'a Slots,
    by_name: &'a HashMap<Str, SlotId>,
    visited: HashSet<SlotId>,
    path: Vec<(SlotId, usize)>,
    on_path: HashMap<SlotId, usize>,
}

pub fn check_input_cycles(lw: &Lowering, order: &[SlotId], by_name: &HashMap<Str, SlotId>) -> Result<(), ConversionError> {
    let mut walk =
        Walk { slots: &lw.slots, by_name, visited: HashSet::new(), path: Vec::new(), on_path: HashMap::new() };
    for &id in order {
        if lw.slot_kind(id) == Some(SlotKind::Input) {
            walk.detect(id)?;
        }
    }
    Ok(())
}

impl Walk<'_> {
    /// The input type a field requires (non-null, not a list), if any.
    fn target(&self, owner: SlotId, field: usize) -> Option<SlotId> {
        let t = &self.slots.get(owner)?.fields.get(field)?.type_;
        if t.wrappers.len() != 1 || t.wrappers[0] != Wrapper::NonNull {
            return None;
        }
        let id = match &t.base {
            Base::Slot(id) => *id,
            Base::Name(name) => *self.by_name.get(name.as_ref())?,
        };
        (self.slots.get(id)?.kind == SlotKind::Input).then_some(id)
    }

    /// An explicit stack, not recursion: a chain of 1,000,000 input types each requiring
    /// the next must not overflow the stack (record 0042). A frame is a slot and the index
    /// of its next field; `path` holds the fields followed from the walk's start.
    fn detect(&mut self, root: SlotId) -> Result<(), ConversionError> {
        if self.visited.contains(&root) {
            return Ok(());
        }
        let mut frames: Vec<(SlotId, usize)> = Vec::new();
        self.enter(root, &mut frames);
        while let Some(&mut (id, ref mut i)) = frames.last_mut() {
            let count = self.slots.get(id).map_or(0, |s| s.fields.len());
            if *i == count {
                self.on_path.remove(&id);
                frames.pop();
                if !frames.is_empty() {
                    self.path.pop();
                }
                continue;
            }
            let field = *i;
            *i += 1;
            let Some(next) = self.target(id, field) else { continue };
            self.path.push((id, field));
            if let Some(&start) = self.on_path.get(&next) {
                return Err(self.cycle_error(next, start));
            }
            if self.visited.contains(&next) {
                self.path.pop();
            } else {
                self.enter(next, &mut frames);
            }
        }
        Ok(())
    }

    fn enter(&mut self, id: SlotId, frames: &mut Vec<(SlotId, usize)>) {
        self.visited.insert(id);
        self.on_path.insert(id, self.path.len());
        frames.push((id, 0));
    }

    fn cycle_error(&self, next: SlotId, start: usize) -> ConversionError {
        let cycle = &self.path[start..];
        let field = |&(s, f): &(SlotId, usize)| &self.slots[s].fields[f];
        let via: Vec<String> = cycle.iter().map(|c| format!("{}.{}", self.slots[c.0].name, field(c).name)).collect();
        fail(
            codes::INPUT_FIELD,
            format!(
                "input {} contains itself through non-null fields ({}), so no value could be given for it",
                self.slots[next].name,
                via.join(", ")
            ),
            &field(&cycle[0]).loc,
        )
    }
}
