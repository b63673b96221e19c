//! Interfaces (D9, record 0071), run by assemble after references are resolved: no type
//! implements itself, chains of `implements` are at most `MAX_TYPE_DEPTH` deep, the
//! interfaces a type implements through others are added, the fields it lacks are
//! copied, and each implementation is checked against GraphQL's rule. Twin of
//! js/src/interfaces.ts.
//!
//! The output of a chain of n interfaces is quadratic (type i implements and has the
//! fields of the n - i below it), so every step here costs about the size of that
//! output: walks with explicit stacks, sets instead of list searches, and an
//! implementation is checked against an interface only when that check is not implied
//! by checks made already (`check_implementations`). The cycle check was quadratic, the
//! implementation check cubic (a chain of 500 links took 65 s in the debug build).

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use crate::errors::{codes, ConversionError};
use crate::json::Str;
use crate::loc::Loc;
use crate::lower::{fail, Lowering};
use crate::lower_types::MAX_TYPE_DEPTH;
use crate::slots::{DraftField, SlotId, SlotKind};
use crate::type_expr::{render_type, TypeExpr};

type Res<T> = Result<T, ConversionError>;

/// GraphQL forbids a type that implements itself, directly or through other interfaces:
/// the first slot (in document order) on a cycle, at its first interface on that cycle.
/// A slot is on a cycle through its interface when both are in one strongly connected
/// component (Tarjan's algorithm, with an explicit stack): one walk in all, where a walk
/// from each interface of each slot was quadratic in the length of a chain.
pub fn check_interface_cycles(lw: &Lowering, order: &[SlotId]) -> Res<()> {
    let interfaces_of = |id: SlotId| lw.slot(id).map_or(&[][..], |s| s.interfaces.as_slice());
    let mut index: HashMap<SlotId, usize> = HashMap::new();
    let mut low: HashMap<SlotId, usize> = HashMap::new();
    let mut component: HashMap<SlotId, usize> = HashMap::new();
    let mut open: Vec<SlotId> = Vec::new();
    let mut on_open: HashSet<SlotId> = HashSet::new();
    let mut components = 0usize;
    let mut stack: Vec<(SlotId, usize)> = Vec::new();
    for &root in order {
        if index.contains_key(&root) {
            continue;
        }
        let n = index.len();
        index.insert(root, n);
        low.insert(root, n);
        open.push(root);
        on_open.insert(root);
        stack.push((root, 0));
        while let Some(&(id, next)) = stack.last() {
            if let Some(&child) = interfaces_of(id).get(next) {
                if let Some(frame) = stack.last_mut() {
                    frame.1 += 1;
                }
                if let Some(&child_index) = index.get(&child) {
                    if on_open.contains(&child) {
                        let l = low[&id].min(child_index);
                        low.insert(id, l);
                    }
                } else {
                    let n = index.len();
                    index.insert(child, n);
                    low.insert(child, n);
                    open.push(child);
                    on_open.insert(child);
                    stack.push((child, 0));
                }
                continue;
            }
            stack.pop();
            let low_here = low[&id];
            if let Some(&(parent, _)) = stack.last() {
                let l = low[&parent].min(low_here);
                low.insert(parent, l);
            }
            if low_here == index[&id] {
                while let Some(s) = open.pop() {
                    on_open.remove(&s);
                    component.insert(s, components);
                    if s == id {
                        break;
                    }
                }
                components += 1;
            }
        }
    }
    for &id in order {
        let Some(slot) = lw.slot(id) else { continue };
        for &iface in &slot.interfaces {
            if iface == id || component.get(&iface) == component.get(&id) {
                let iface_name = lw.slot_name(iface);
                let at = slot.interface_names.iter().find(|n| n.name == iface_name).map_or(&slot.loc, |n| &n.loc);
                return Err(fail(
                    codes::IMPLEMENTS,
                    format!("{} cannot implement {iface_name}: that would make it implement itself", slot.name),
                    at,
                ));
            }
        }
    }
    Ok(())
}

/// D9: add interfaces implemented transitively, copy fields an implementor lacks, then
/// check each implementation. A depth-first walk with an explicit stack: a slot is
/// completed after its interfaces. The walk also measures each slot's height (the
/// longest chain of interfaces below it): a chain deeper than `MAX_TYPE_DEPTH` is
/// TOO_DEEP at the entry of the link at that depth (record 0071), as its output would
/// be quadratic.
pub fn complete_interfaces(lw: &mut Lowering, order: &[SlotId], by_name: &HashMap<Str, SlotId>) -> Res<()> {
    let mut height: HashMap<SlotId, usize> = HashMap::new();
    // The first interface with the greatest height: the way down a slot's longest chain.
    let mut deepest: HashMap<SlotId, SlotId> = HashMap::new();
    let mut direct: HashMap<SlotId, usize> = HashMap::new();
    // Each slot after its interfaces.
    let mut completed: Vec<SlotId> = Vec::new();
    let mut path: HashSet<SlotId> = HashSet::new();
    let mut stack: Vec<(SlotId, usize)> = Vec::new();
    for &start in order {
        if height.contains_key(&start) {
            continue;
        }
        path.insert(start);
        stack.push((start, 0));
        while let Some(&(id, next)) = stack.last() {
            let depth = stack.len() - 1;
            let child = lw.slot(id).and_then(|s| s.interfaces.get(next)).copied();
            if let Some(child) = child {
                if let Some(frame) = stack.last_mut() {
                    frame.1 += 1;
                }
                // A cycle was reported by check_interface_cycles.
                if path.contains(&child) {
                    continue;
                }
                if depth >= MAX_TYPE_DEPTH {
                    return Err(too_deep(lw, id, child));
                }
                match height.get(&child) {
                    None => {
                        path.insert(child);
                        stack.push((child, 0));
                    }
                    Some(&below) if depth + 1 + below > MAX_TYPE_DEPTH => {
                        // The chain goes on below a slot completed already: down its longest chain.
                        let mut s = child;
                        for _ in depth + 1..MAX_TYPE_DEPTH {
                            s = deepest[&s];
                        }
                        return Err(too_deep(lw, s, deepest[&s]));
                    }
                    Some(_) => {}
                }
                continue;
            }
            let mut h = 0usize;
            let mut low: Option<SlotId> = None;
            let own = lw.slot(id).map_or(&[][..], |s| s.interfaces.as_slice());
            for &iface in own {
                if let Some(&b) = height.get(&iface) {
                    if b + 1 > h {
                        h = b + 1;
                        low = Some(iface);
                    }
                }
            }
            direct.insert(id, own.len());
            height.insert(id, h);
            if let Some(low) = low {
                deepest.insert(id, low);
            }
            complete_one(lw, id);
            completed.push(id);
            path.remove(&id);
            stack.pop();
        }
    }
    check_implementations(lw, order, &completed, &direct, by_name)
}

fn too_deep(lw: &Lowering, id: SlotId, iface: SlotId) -> ConversionError {
    let iface_name = lw.slot_name(iface);
    let slot = &lw.slots[id];
    let at = slot.interface_names.iter().find(|n| n.name == iface_name).map_or(&slot.loc, |n| &n.loc);
    fail(
        codes::TOO_DEEP,
        format!("interfaces nest deeper than {MAX_TYPE_DEPTH} levels here (each implementing the next, by x-graphql-implements or allOf)"),
        at,
    )
}

/// One slot's completion, its interfaces being complete (no cycle: `check_interface_cycles`).
/// Each interface's own list and fields are then closed already, so only the slot's
/// direct interfaces are read: what an inherited one brings, a direct one brought before
/// it. The cost is the size of what the slot gets, not its square. One warning of each
/// kind per slot, with a count: a chain of n interfaces would otherwise warn n² times.
/// The twin of `completeOne` in js/src/interfaces.ts.
fn complete_one(lw: &mut Lowering, id: SlotId) {
    let Some(slot) = lw.slot(id) else { return };
    let mut interfaces = slot.interfaces.clone();
    let direct = interfaces.len();
    let slot_name = slot.name.clone();
    let slot_loc = slot.loc.clone();
    let mut has: HashSet<SlotId> = interfaces.iter().copied().collect();
    let mut added = 0usize;
    let mut first_added: Option<String> = None;
    for i in 0..direct {
        let iface = interfaces[i];
        let Some(iface_slot) = lw.slot(iface) else { continue };
        for &inherited in &iface_slot.interfaces {
            if inherited == id || !has.insert(inherited) {
                continue;
            }
            interfaces.push(inherited);
            added += 1;
            if first_added.is_none() {
                first_added = Some(format!("{}, which {} implements", lw.slot_name(inherited), lw.slot_name(iface)));
            }
        }
    }
    if let Some(first) = first_added {
        let message = if added == 1 {
            format!("{slot_name} also implements {first}")
        } else {
            format!("{slot_name} also implements {added} interfaces that its interfaces implement (the first: {first})")
        };
        lw.warn(codes::INTERFACE_TRANSITIVE, message, &slot_loc);
    }
    // The slot's fields are taken out and put back, and only the fields copied from an
    // interface are cloned: cloning every slot's fields and its interfaces' was 4% of a conversion.
    let mut fields = lw.slots.get_mut(id).map(|s| std::mem::take(&mut s.fields)).unwrap_or_default();
    let mut names: HashSet<Str> = fields.iter().map(|f| f.name.clone()).collect();
    let mut copied = 0usize;
    let mut first_copied: Option<String> = None;
    for &iface in &interfaces[..direct] {
        if iface == id {
            // A slot's own fields are all present already.
            continue;
        }
        let Some(iface_slot) = lw.slot(iface) else { continue };
        for field in &iface_slot.fields {
            if !names.insert(field.name.clone()) {
                continue;
            }
            fields.push(field.clone());
            copied += 1;
            if first_copied.is_none() {
                first_copied = Some(format!("{} of interface {}", field.name, iface_slot.name));
            }
        }
    }
    if let Some(first) = first_copied {
        let message = if copied == 1 {
            format!("{slot_name} lacks field {first}; it was copied")
        } else {
            format!("{slot_name} lacks {copied} fields of its interfaces; they were copied (the first: {first})")
        };
        lw.warn(codes::INTERFACE_FIELD_COPIED, message, &slot_loc);
    }
    if let Some(slot) = lw.slots.get_mut(id) {
        slot.interfaces = interfaces;
        slot.fields = fields;
    }
}

/// GraphQL's "valid implementation" rule, so a mismatch is our error and not invalid
/// output: each interface field is met by a field whose type is the same or a subtype
/// (non-null, a member, an implementor; lists covariant), with the same arguments, and
/// any extra argument nullable. The first mismatch fails, slots in document order, each
/// slot's interfaces in order.
///
/// "S fits K" (S has a field of each name of K's, and each meets K's field) follows from
/// "S fits J" and "J fits K": subtyping is transitive (interface lists are closed, union
/// members are objects), and the argument rules chain because argument names are unique
/// (the keys of `x-graphql-field-arguments`). So first, each slot after its interfaces,
/// a slot is checked against its direct interfaces and inherits from each one it fits
/// the interfaces that one fits; only the rest are checked field by field, in document
/// order, where a mismatch fails as before. A chain costs the size of its output, not
/// its cube. The twin of `checkImplementations` in js/src/interfaces.ts.
fn check_implementations(
    lw: &Lowering,
    order: &[SlotId],
    completed: &[SlotId],
    direct: &HashMap<SlotId, usize>,
    by_name: &HashMap<Str, SlotId>,
) -> Res<()> {
    let mut sub = Subtypes::new(lw, by_name);
    let mut fits: HashMap<SlotId, HashSet<SlotId>> = HashMap::new();
    for &id in completed {
        let Some(slot) = lw.slot(id) else { continue };
        if slot.interfaces.is_empty() {
            continue;
        }
        let fields = first_fields(&slot.fields);
        let n = direct.get(&id).copied().unwrap_or(slot.interfaces.len());
        let mut ok: HashSet<SlotId> = HashSet::new();
        for &iface in &slot.interfaces[..n] {
            if matches!(mismatch(&mut sub, id, &fields, iface, true), Mismatch::None) {
                ok.insert(iface);
            }
        }
        for &iface in &slot.interfaces[..n] {
            if !ok.contains(&iface) {
                continue;
            }
            if let Some(below) = fits.get(&iface) {
                ok.extend(below.iter().copied());
            }
        }
        for &iface in &slot.interfaces[n..] {
            if !ok.contains(&iface) && matches!(mismatch(&mut sub, id, &fields, iface, true), Mismatch::None) {
                ok.insert(iface);
            }
        }
        fits.insert(id, ok);
    }
    for &id in order {
        let Some(slot) = lw.slot(id) else { continue };
        let Some(ok) = fits.get(&id) else { continue };
        if ok.len() == slot.interfaces.len() {
            continue;
        }
        let fields = first_fields(&slot.fields);
        for &iface in &slot.interfaces {
            if ok.contains(&iface) {
                continue;
            }
            if let Mismatch::Problem(message, at) = mismatch(&mut sub, id, &fields, iface, false) {
                return Err(fail(codes::IMPLEMENTS, message, &at));
            }
        }
    }
    Ok(())
}

/// The first field of each name.
fn first_fields(fields: &[DraftField]) -> HashMap<&str, &DraftField> {
    let mut out: HashMap<&str, &DraftField> = HashMap::new();
    for f in fields {
        out.entry(f.name.as_str()).or_insert(f);
    }
    out
}

enum Mismatch {
    None,
    /// A field of the interface the slot lacks: no proof can rest on it.
    Missing,
    Problem(String, Loc),
}

/// The first way `id` does not meet `iface_id`'s fields. A field of the interface that
/// the slot lacks is `Missing` when `strict`, else passed over (the slot is incomplete
/// only after an error).
fn mismatch(sub: &mut Subtypes, id: SlotId, fields: &HashMap<&str, &DraftField>, iface_id: SlotId, strict: bool) -> Mismatch {
    let lw = sub.lw;
    let (Some(slot), Some(iface)) = (lw.slot(id), lw.slot(iface_id)) else { return Mismatch::None };
    let render = |t: &TypeExpr| render_type(t, &lw.slots);
    for expected in &iface.fields {
        let Some(&field) = fields.get(expected.name.as_str()) else {
            if strict {
                return Mismatch::Missing;
            }
            continue;
        };
        // Named only in an error.
        let at = || format!("{}.{}", slot.name, field.name);
        if !sub.is_subtype(&field.type_, &expected.type_) {
            return Mismatch::Problem(
                format!(
                    "{} has type {}, which does not fit {}.{}: {}",
                    at(),
                    render(&field.type_),
                    iface.name,
                    expected.name,
                    render(&expected.type_)
                ),
                field.type_loc(),
            );
        }
        for arg in expected.args() {
            let own = field.args().iter().find(|a| a.name == arg.name);
            if own.is_none_or(|own| render(&own.type_) != render(&arg.type_)) {
                return Mismatch::Problem(
                    format!("{} must take the argument {}: {} of {}.{}", at(), arg.name, render(&arg.type_), iface.name, expected.name),
                    field.loc.clone(),
                );
            }
        }
        for arg in field.args() {
            if arg.type_.is_non_null() && !expected.args().iter().any(|a| a.name == arg.name) {
                return Mismatch::Problem(
                    format!(
                        "{} has the extra argument {}, which must be nullable: {}.{} does not take it",
                        at(),
                        arg.name,
                        iface.name,
                        expected.name
                    ),
                    field.loc.clone(),
                );
            }
        }
    }
    Mismatch::None
}

/// Subtyping of output types, with each slot's interfaces and members as sets (made
/// when first asked).
struct Subtypes<'a> {
    lw: &'a Lowering,
    by_name: &'a HashMap<Str, SlotId>,
    members: HashMap<SlotId, HashSet<SlotId>>,
    interfaces: HashMap<SlotId, HashSet<SlotId>>,
}

impl<'a> Subtypes<'a> {
    fn new(lw: &'a Lowering, by_name: &'a HashMap<Str, SlotId>) -> Self {
        Subtypes { lw, by_name, members: HashMap::new(), interfaces: HashMap::new() }
    }

    /// `isSubtype(t, of)`: the wrappers compared from the outside in.
    fn is_subtype(&mut self, t: &TypeExpr, of: &TypeExpr) -> bool {
        let mut t = t.clone();
        let mut of = of.clone();
        loop {
            if of.is_non_null() {
                if !t.is_non_null() {
                    return false;
                }
                t.wrappers.pop();
                of.wrappers.pop();
            } else if t.is_non_null() {
                t.wrappers.pop();
            } else if of.is_list() {
                if !t.is_list() {
                    return false;
                }
                t.wrappers.pop();
                of.wrappers.pop();
            } else if t.is_list() {
                return false;
            } else {
                break;
            }
        }
        let lw = self.lw;
        let name = render_type(&t, &lw.slots);
        let super_name = render_type(&of, &lw.slots);
        if name == super_name {
            return true;
        }
        let (Some(&sub), Some(&sup)) = (self.by_name.get(name.as_str()), self.by_name.get(super_name.as_str())) else { return false };
        match lw.slot(sup) {
            Some(s) if s.kind == SlotKind::Union => {
                self.members.entry(sup).or_insert_with(|| s.members.iter().copied().collect()).contains(&sub)
            }
            Some(s) if s.kind == SlotKind::Interface => {
                let Some(x) = lw.slot(sub) else { return false };
                self.interfaces.entry(sub).or_insert_with(|| x.interfaces.iter().copied().collect()).contains(&sup)
            }
            _ => false,
        }
    }
}
