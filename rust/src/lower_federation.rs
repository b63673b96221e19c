//! lower_federation: the federation directives that lowering's attributes apply
//! (D11): each is placed and counted, with the federation version it needs
//! (record 0074); the names the schema extension's `@link` gives them are refused
//! in directive lists, and the generic entries of later federation names are
//! settled once the whole document is read (record 0075). A child module of
//! lower_directives.rs, split out for size; TypeScript keeps these methods in the
//! `FieldDirectives` class of js/src/lower-directives.ts.

use super::*;

impl FieldDirectives {
    /// Record 0075: a directive list names federation's directives by federation's
    /// names; the names the schema extension's `@link` gives them (`pk` for an import
    /// `{name: "@key", as: "@pk"}`, `federation__shareable`) are refused in the lists,
    /// since the printer gives every federation directive the link's name.
    pub fn use_link_names(&mut self, directives: &[AppliedDirective]) {
        for (name, printed) in federation_print_names(directives).unwrap_or_default() {
            self.link_names.push((printed, name));
        }
    }

    /// Record 0075: once every directive is read, a generic entry of a later
    /// federation name (`{"name": "authenticated"}`) in a federated document (one
    /// that applies any federation directive, whose schema extension links
    /// federation, or whose root says `x-graphql-federation-link: false`, as the
    /// reverse direction writes for a document that applies federation directives
    /// without a link) is federation's directive: checked against its definition and
    /// imported, not inferred. In any other document it stays the document's own.
    pub fn settle_federation(&mut self, extension_links_federation: bool) -> Res<()> {
        if self.federation_used.is_empty() && !extension_links_federation && !self.root_link_off {
            return Ok(());
        }
        for p in std::mem::take(&mut self.pending) {
            self.check_placement(&p.name, &p.location, p.repeated, &p.loc)?;
            if let Some(problem) = known_argument_problem(&p.name, &p.args.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>()) {
                return Err(fail(codes::ATTRIBUTE_SCOPE, problem, &p.loc));
            }
            self.inferred.shift_remove(&p.name);
            self.federation_used.insert(p.name);
        }
        for need in &mut self.version_needs {
            need.pending = false;
        }
        Ok(())
    }

    pub(super) fn need_version(&mut self, name: &str, args: &[(String, Value)], loc: &Loc, pending: bool) {
        let (minor, what) = version_need(name, args.iter().map(|(n, _)| n.as_str()));
        if minor > 0 {
            self.version_needs.push(VersionNeed { minor, what, loc: loc.clone(), pending });
        }
    }

    /// A directive of one of record 0075's attributes: federation's, so a document that
    /// declares a directive of that name itself cannot use the attribute (its definition
    /// would stand beside federation's import).
    /// A federation directive a root attribute applies (schema_links.rs: `@composeDirective`).
    pub fn federation_directive(&mut self, name: &str, args: Vec<(String, Value)>, location: &str, loc: &Loc) -> Res<AppliedDirective> {
        self.later(name, args, location, loc)
    }

    pub(crate) fn later(&mut self, name: &str, args: Vec<(String, Value)>, location: &str, loc: &Loc) -> Res<AppliedDirective> {
        if self.declared_names.contains(name) {
            return Err(fail(
                codes::ATTRIBUTE_SCOPE,
                format!("the attribute applies federation's @{name}, and x-graphql-directive-definitions declares a @{name} of its own"),
                loc,
            ));
        }
        self.federation(name, args, location, loc)
    }

    pub(super) fn federation(
        &mut self,
        name: &str,
        args: Vec<(String, Value)>,
        location: &str,
        loc: &Loc,
    ) -> Res<AppliedDirective> {
        self.check_placement(name, location, false, loc)?;
        self.federation_used.insert(name.to_string());
        self.need_version(name, &args, loc, false);
        Ok(AppliedDirective { name: name.to_string(), args })
    }
}
