//! x-graphql: JSON Schema with `x-graphql-*` attributes -> GraphQL SDL.
//! The module layout mirrors js/src (see docs/ARCHITECTURE.md).

pub mod catalog;
pub mod naming;
pub mod text;
