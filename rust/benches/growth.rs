//! `cargo bench -p x-graphql --bench growth [-- --rounds N]`: the growth target (time at
//! N = 20,000 over time at N = 5,000, at most 4.5x), measured with the two sizes
//! interleaved (docs/benchmarks.md, "Growth, interleaved").
//!
//! Criterion measures one size after the other, minutes apart. On a machine whose speed
//! drifts by 15% from minute to minute, that alone moved the growth of one unchanged
//! conversion between 3.8x and 6.1x from run to run, and the parsers' own growth between
//! 3.2x and 5.7x. Here the sizes take turns within each round, so drift hits both alike:
//!
//! - a round is a block of conversions at N = 5,000 (four) and a block at N = 20,000
//!   (two), the order alternating from round to round; the first conversion of a block is
//!   not counted (it pays for freeing the other size's memory);
//! - the table gives the median time of each size and two growths: the ratio of the
//!   medians, and the median of the rounds' own ratios. The target is judged on the first.
//!
//! Each case runs its rounds before the next case starts: the floors (`serde_json`,
//! apollo-compiler's parser), then the conversions, `Converter::convert` as
//! `convert` (criterion's) measures them. `--features bench-mimalloc` measures them
//! with the CLI's allocator.

mod common;

use std::hint::black_box;
use std::time::Instant;

use common::{corpus_dir, corpus_pair, ALLOCATOR_PREFIX};
use x_graphql::{ConversionDirection, Converter};

const SMALL: usize = 5000;
const LARGE: usize = 20000;
const GROWTH_TARGET: f64 = 4.5;
/// Conversions per block, the first of each not counted.
const SMALL_BLOCK: usize = 4;
const LARGE_BLOCK: usize = 2;
const DEFAULT_ROUNDS: usize = 8;

struct Case<'a> {
    name: &'static str,
    /// The work at N = SMALL and at N = LARGE; what it returns is kept from the optimizer.
    run: Box<dyn Fn(bool) -> usize + 'a>,
}

struct Growth {
    small_ms: f64,
    large_ms: f64,
    /// The ratio of the two medians.
    growth: f64,
    /// The median of each round's ratio of its two blocks' medians.
    round_growth: f64,
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let m = values.len() / 2;
    if values.len() % 2 == 1 {
        values[m]
    } else {
        (values[m - 1] + values[m]) / 2.0
    }
}

/// One block: `count` runs back to back, the first not counted; the counted times in ms.
fn block(case: &Case, large: bool, count: usize) -> Vec<f64> {
    let mut times = Vec::with_capacity(count);
    for i in 0..count {
        let start = Instant::now();
        black_box((case.run)(large));
        if i > 0 {
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
    }
    times
}

fn measure(case: &Case, rounds: usize) -> Growth {
    let (mut small, mut large, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (s, l) = if round % 2 == 0 {
            let s = block(case, false, SMALL_BLOCK);
            (s, block(case, true, LARGE_BLOCK))
        } else {
            let l = block(case, true, LARGE_BLOCK);
            (block(case, false, SMALL_BLOCK), l)
        };
        ratios.push(median(&mut l.clone()) / median(&mut s.clone()));
        small.extend(s);
        large.extend(l);
    }
    let (small_ms, large_ms) = (median(&mut small), median(&mut large));
    Growth { small_ms, large_ms, growth: large_ms / small_ms, round_growth: median(&mut ratios) }
}

fn rounds_from_args() -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1))
        .map_or(DEFAULT_ROUNDS, |n| n.parse::<usize>().expect("--rounds N: a count").max(1))
}

fn main() {
    let rounds = rounds_from_args();
    let corpus = corpus_dir();
    let (json_small, sdl_small) = corpus_pair(&corpus, SMALL);
    let (json_large, sdl_large) = corpus_pair(&corpus, LARGE);
    let json = (json_small.as_str(), json_large.as_str());
    let sdl = (sdl_small.as_str(), sdl_large.as_str());
    let converter = Converter::new();
    let to_sdl = ConversionDirection::JsonSchemaToGraphQL;
    let to_json = ConversionDirection::GraphQLToJsonSchema;
    let cases = [
        Case {
            name: "JSON: serde_json::from_str (floor)",
            run: Box::new(|large| {
                let value: serde_json::Value = serde_json::from_str(pick(large, json.0, json.1)).expect("JSON");
                usize::from(value.is_object())
            }),
        },
        Case {
            name: "JSON -> SDL: Converter::convert",
            run: Box::new(|large| converter.convert(pick(large, json.0, json.1), to_sdl).expect("converts").len()),
        },
        Case {
            name: "SDL: apollo-compiler parse (floor)",
            run: Box::new(|large| {
                let doc = apollo_compiler::ast::Document::parse(pick(large, sdl.0, sdl.1), "bench.graphql").expect("SDL");
                doc.definitions.len()
            }),
        },
        Case {
            name: "SDL -> JSON: Converter::convert",
            run: Box::new(|large| converter.convert(pick(large, sdl.0, sdl.1), to_json).expect("converts").len()),
        },
    ];
    println!(
        "{ALLOCATOR_PREFIX}growth, N = {LARGE} over N = {SMALL}, interleaved: {rounds} rounds of {} and {} runs (first of each block not counted)",
        SMALL_BLOCK, LARGE_BLOCK
    );
    println!();
    println!("| case | N = {SMALL} | N = {LARGE} | growth (medians) | growth (median of rounds) | <= {GROWTH_TARGET}x |");
    println!("|---|---:|---:|---:|---:|---|");
    for case in &cases {
        // One run of each size first, not counted: the first use of each text.
        black_box((case.run)(false));
        black_box((case.run)(true));
        let g = measure(case, rounds);
        let met = if case.name.contains("(floor)") { "" } else if g.growth <= GROWTH_TARGET { "yes" } else { "NO" };
        println!(
            "| {} | {:.1} ms | {:.1} ms | {:.2}x | {:.2}x | {met} |",
            case.name, g.small_ms, g.large_ms, g.growth, g.round_growth
        );
    }
}

/// The text of one size.
fn pick<'t>(large: bool, small: &'t str, large_text: &'t str) -> &'t str {
    if large {
        large_text
    } else {
        small
    }
}
