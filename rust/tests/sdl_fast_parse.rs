//! sdl_fast_parse's contract: for any text it answers either apollo-compiler's AST,
//! node for node (apollo-compiler's `PartialEq`, which leaves locations out), or
//! nothing; and it never answers for a text graphql-js's grammar rejects (sdl_syntax)
//! or that holds an executable definition, since sdl_read then skips both checks.
//! (Where apollo-compiler's parser rejects a document graphql-js reads, there is no AST
//! to compare; the fast parse reads it as graphql-js, and TypeScript, do.)
//! Inputs: every `.graphql` file of fixtures/ and examples/, documents written for
//! each construct, and (property) those files and documents with random edits.

#[allow(dead_code)] // the part this file uses
#[path = "../src/test_corpus.rs"]
mod test_corpus;

use apollo_compiler::parser::Parser;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use test_corpus::{apply_edits, graphql_files};
use x_graphql::__private::sdl_fast_parse::fast_parse_sdl;
use x_graphql::__private::sdl_syntax::check_syntax;

const LIMIT: usize = 2_000;

fn corpus() -> Vec<(String, String)> {
    let mut out = graphql_files();
    out.extend(WRITTEN.iter().enumerate().map(|(i, t)| (format!("written #{i}"), (*t).to_string())));
    out
}

/// One document per construct the parser builds, and the ways graphql-js spells them.
const WRITTEN: &[&str] = &[
    "type Query { a: String }",
    "\"d\" type Query implements & A & B @x @y(a: 1) { \"f\" a(\"x\" b: [Int!]! = [1, 2] @z, c: E = V): [[String]!] @d(r: \"s\") }",
    "\"\"\"\n    block\n      indented\n\n    end\n  \"\"\"\nscalar S @specifiedBy(url: \"u\")",
    "\"\"\"  \n\t tabs\n\t\tand spaces \n\"\"\"\ntype Q { a: Int }",
    "\"\"\"\r\n  crlf\r\n   lines\r\n\"\"\"\ntype Q { a: Int }",
    "\"\"\"escaped \\\"\"\" quote\"\"\" type Q { a: Int }",
    "\"esc \\\" \\\\ \\/ \\b \\f \\n \\r \\t\" type Q { a: Int }",
    "\"\" type Q { \"\"\"\"\"\" a: Int }",
    "type Q { a(x: In = {a: 1, b: [true, false, null], c: {d: 1.5e3, e: -0, f: -1.25E-2}, g: ENUM_V}): Int }",
    "input In { a: Int = 1, b: String = \"x\" @deprecated, c: [In!] = [] d: In = {} }",
    "enum E @e { A \"d\" B @deprecated(reason: \"r\") C }",
    "union U @u = | A | B\nunion V = A",
    "interface I implements J & K @i { a: Int }",
    "schema @s { query: Q mutation: M subscription: S }",
    "\"schema description\" schema { query: Q }",
    "extend schema @a\nextend schema { mutation: M }\nextend schema @b { subscription: S }",
    "extend scalar S @a\nextend type T implements I\nextend type T @d\nextend type T { a: Int }\nextend interface I @d { a: Int }",
    "extend union U = A | B\nextend union U @d\nextend enum E { X }\nextend enum E @d\nextend input In { a: Int }\nextend input In @d",
    "directive @a on FIELD_DEFINITION\n\"d\" directive @b(\"x\" r: String = \"y\" @c) repeatable on | OBJECT | INTERFACE | SCALAR",
    "directive @all on QUERY | MUTATION | SUBSCRIPTION | FIELD | FRAGMENT_DEFINITION | FRAGMENT_SPREAD | INLINE_FRAGMENT | VARIABLE_DEFINITION | SCHEMA | SCALAR | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | UNION | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION",
    "# comment\ntype Q, { a: Int, b: Int, } # trailing",
    "type Q { a: Int } type Q { a: Int }",
    "type type { type: type input: input }",
    "type Q { a: String } \"unicode é ✓ 🎉\" type R { b: Int }",
    // Not read by the fast parser (the full parse reads them), or not valid at all.
    "\"\\u00e9\" type Q { a: Int }",
    "\"\\u{1F600}\" type Q { a: Int }",
    "\u{feff}type Q { a: Int }",
    "type Q { a: Int }\u{feff}",
    "query { a }",
    "type Q { a: Int } { a }",
    "fragment F on Q { a }",
    "extend directive @a on FIELD",
    "\"d\" extend type Q { a: Int }",
    "type Q {}",
    "type Q { a(): Int }",
    "enum E { true }",
    "enum E { null }",
    "extend type Q",
    "extend schema",
    "schema @a",
    "type Q { a: Int = 1 }",
    "input I { a: Int = $v }",
    "directive @a on NOWHERE",
    "directive @a on DIRECTIVE_DEFINITION",
    "directive @a repeatable",
    "type Q { a: [Int }",
    "type Q { a: Int",
    "",
    "   ",
    "type Q { a: 01 }",
    "type Q { a(b: Int = 01): Int }",
    "type Q { a(b: Int = 1.): Int }",
    "type Q { a(b: Int = 1e): Int }",
    "type Q { a(b: Int = 1a): Int }",
    "type Q { a(b: String = \"unterminated): Int }",
    "type Q { a(b: String = \"\"\"unterminated): Int }",
    "type Q { a(b: String = 'single'): Int }",
    "type Q { a: Int } ?",
    "type Q implements { a: Int }",
    "union U = ",
    "union U = A |",
];

/// The grammar's verdict: true when graphql-js parses `text` as a type-system document.
fn graphql_js_reads(text: &str) -> bool {
    matches!(check_syntax(text, LIMIT), Ok(None))
}

fn check(label: &str, text: &str) -> Result<bool, String> {
    let Some(fast) = fast_parse_sdl(text) else { return Ok(false) };
    if !graphql_js_reads(text) {
        return Err(format!("{label}: read a document graphql-js rejects or an executable one:\n{text}"));
    }
    // apollo-parser rejects a few documents graphql-js reads (a comma between a
    // description and its definition): nothing to compare there, and reading them as
    // graphql-js does is what TypeScript does.
    let Ok(full) = Parser::new().recursion_limit(LIMIT).parse_ast(text, "input.graphql") else { return Ok(true) };
    if fast.definitions != full.definitions {
        return Err(format!(
            "{label}: not apollo-compiler's AST\nfast:\n{}\nfull:\n{}",
            fast,
            full
        ));
    }
    Ok(true)
}

#[test]
fn answers_apollo_compilers_ast_or_nothing() {
    let corpus = corpus();
    let mut read = 0;
    for (label, text) in &corpus {
        if check(label, text).unwrap_or_else(|e| panic!("{e}")) {
            read += 1;
        }
    }
    // It reads the documents it is for: each that graphql-js reads, but for a `\u`
    // escape or a byte-order mark (left to the full parse on purpose).
    for (label, text) in &corpus {
        let plain = !text.contains("\\u") && !text.contains('\u{feff}');
        if plain && graphql_js_reads(text) {
            assert!(fast_parse_sdl(text).is_some(), "{label}: not read, though graphql-js reads it:\n{text}");
        }
    }
    assert!(read >= 150, "only {read} of {} documents read", corpus.len());
}

/// Random edits: (position, characters removed, text inserted).
fn edits() -> impl Strategy<Value = Vec<(usize, usize, String)>> {
    let insert = prop_oneof![
        ".{0,3}",
        proptest::sample::select(
            &[
                "{", "}", "(", ")", "[", "]", "\"", "\"\"\"", "\\", ",", ":", "=", "!", "|", "&", "@", "$", "\n", " ",
                "\r\n", "extend ", "type ", "1", "-1.5e3", "true", "null", "A", "\"s\"", "#",
            ][..]
        )
        .prop_map(str::to_string),
    ];
    proptest::collection::vec((any::<usize>(), 0usize..4, insert), 1..4)
}

#[test]
fn edited_documents_keep_the_contract() {
    // Small documents only: an edit to a large one changes little of it.
    let texts: Vec<String> = corpus().into_iter().map(|(_, t)| t).filter(|t| t.len() < 4_000).collect();
    let count: u32 = std::env::var("FAST_PARSE_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let config = Config { cases: count, failure_persistence: None, ..Config::default() };
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&20261125u64.to_le_bytes());
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed));
    let strategy = (proptest::sample::select(texts), edits());
    let result = runner.run(&strategy, |(text, e)| {
        let edited = apply_edits(&text, &e);
        check("edited", &edited).map(|_| ()).map_err(TestCaseError::fail)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}
