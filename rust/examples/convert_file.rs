//! One conversion of one file, for profilers (docs/benchmarks.md, "Profiling"):
//! `valgrind --tool=callgrind target/prof/release/examples/convert_file FILE [to-json] [--warnings] [--given] [--print] [--serde] [--apollo] [--repeat N]`
//! (`--warnings --print` prints the warnings with their positions instead of the output)
//! counts the instructions of exactly one library call, without criterion's loop
//! or the CLI's file handling around it. Prints the output length (the output
//! itself with `--print`) so the work cannot be optimised away; `--given` hands
//! the text over (`Converter::convert_output_given`, as the CLI does with a large file); `--serde` only
//! parses the file with `serde_json::from_str` (the floor, for instruction ratios),
//! `--apollo` only parses it with apollo-compiler's `ast::Document::parse` (the floor
//! of SDL -> JSON). A `.graphql` or `.gql` FILE implies `to-json`. `--repeat N` makes the
//! plain conversion (or `--serde`) N times in one process, as criterion's loop does, for
//! `perf stat` of the steady state (page faults of a heap given back and taken again).

use x_graphql::__private::Converter;
use x_graphql::ConversionDirection;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: convert_file FILE [to-json] [--warnings]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).expect("readable input");
    let sdl_file = path.ends_with(".graphql") || path.ends_with(".gql");
    let direction = if sdl_file || args.iter().any(|a| a == "to-json") {
        ConversionDirection::GraphQLToJsonSchema
    } else {
        ConversionDirection::JsonSchemaToGraphQL
    };
    let repeat: usize = args
        .iter()
        .position(|a| a == "--repeat")
        .and_then(|i| args.get(i + 1))
        .map_or(1, |n| n.parse().expect("--repeat N: a count"));
    if args.iter().any(|a| a == "--serde") {
        for _ in 1..repeat {
            let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            std::hint::black_box(value);
        }
        let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        println!("{}", value.is_object());
        return;
    }
    if args.iter().any(|a| a == "--apollo") {
        let doc = apollo_compiler::ast::Document::parse(text.as_str(), path.as_str()).expect("SDL");
        println!("{}", doc.definitions.len());
        return;
    }
    let converter = Converter::new();
    if args.iter().any(|a| a == "--print") && args.iter().any(|a| a == "--warnings") {
        let r = converter.convert_output(&text, direction).expect("conversion");
        for w in &r.warnings {
            println!("{:?}:{:?}:{:?} {} {}", w.file(), w.line(), w.column(), w.code(), w.message());
        }
        return;
    }
    if args.iter().any(|a| a == "--print") {
        print!("{}", converter.convert(&text, direction).expect("conversion"));
        return;
    }
    let len = if args.iter().any(|a| a == "--given") {
        // As the CLI converts a large file: the text handed over and freed once parsed.
        let r = converter.convert_output_given(text, direction).expect("conversion");
        r.output.len() + r.warnings.len()
    } else if args.iter().any(|a| a == "--warnings") {
        let r = converter.convert_output(&text, direction).expect("conversion");
        r.output.len() + r.warnings.len()
    } else {
        for _ in 1..repeat {
            std::hint::black_box(converter.convert(&text, direction).expect("conversion"));
        }
        converter.convert(&text, direction).expect("conversion").len()
    };
    println!("{len}");
}
