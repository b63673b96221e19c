//! `cargo bench -p x-graphql --bench targets [-- --rounds N] [--check]`: the library's
//! performance guards (docs/benchmarks.md, "Guards"), each conversion and its parsing floor
//! measured in turns:
//!
//! - ratio: JSON -> SDL at N = 5,000 at most 2.5x `serde_json::from_str` of the JSON, and
//!   SDL -> JSON at most 3x apollo-compiler's parse of the SDL;
//! - growth: each conversion's time at N = 20,000 at most 5.5x its time at N = 5,000.
//!
//! It prints a table, then one `PASS` / `FAIL` line per guard with its figure; with
//! `--check` a FAIL makes the exit status 1 (without it, 0: one run on a loaded machine is
//! noisy).
//!
//! Criterion measures one benchmark after the other, minutes apart. On a machine whose
//! speed drifts by 15% from minute to minute, that alone moved the growth of one unchanged
//! conversion between 3.8x and 6.1x from run to run, and the JSON -> SDL ratio between
//! 1.5x and 2.2x. Here the four runs a direction's guards compare (the floor and the
//! conversion, at both sizes) take turns within each round, so drift hits them alike:
//!
//! - a round runs a block of each, four runs at N = 5,000 and two at N = 20,000, in an
//!   order reversed from round to round; the first run of a block is not counted (it pays
//!   for freeing the memory of the run before);
//! - the table gives the median time of each, the ratio and growth of the medians, and
//!   the growth as the median of the rounds' own ratios. The guards are judged on the
//!   ratios of the medians.
//!
//! The conversions are `Converter::convert`, as `convert` (criterion's) measures them.
//! `--features bench-mimalloc` measures everything with the CLI's allocator.

mod common;

use std::hint::black_box;
use std::time::Instant;

use common::{corpus_dir, corpus_pair, ALLOCATOR_PREFIX};
use x_graphql::__private::Converter;
use x_graphql::ConversionDirection;

const SMALL: usize = 5000;
const LARGE: usize = 20000;
/// Guards: JSON -> SDL against serde_json, SDL -> JSON against apollo-compiler, at N = SMALL.
const JSON_RATIO_GUARD: f64 = 2.5;
const SDL_RATIO_GUARD: f64 = 3.0;
/// Guard: a conversion's time at N = LARGE over its time at N = SMALL.
const GROWTH_GUARD: f64 = 5.5;
/// Runs per block, the first of each not counted.
const SMALL_BLOCK: usize = 4;
const LARGE_BLOCK: usize = 2;
const DEFAULT_ROUNDS: usize = 8;

/// One piece of work at one size; what it returns is kept from the optimizer.
type Work<'a> = Box<dyn Fn() -> usize + 'a>;

/// The four runs of one direction, in the order of `Direction::works`.
struct Direction<'a> {
    name: &'static str,
    floor: &'static str,
    /// The ratio guard: the conversion at N = SMALL over its floor.
    ratio_guard: f64,
    /// Floor and conversion at N = SMALL, then floor and conversion at N = LARGE.
    works: [Work<'a>; 4],
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
fn block(work: &Work, count: usize) -> Vec<f64> {
    let mut times = Vec::with_capacity(count);
    for i in 0..count {
        let start = Instant::now();
        black_box(work());
        if i > 0 {
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
    }
    times
}

/// The counted times of each of the four works, and each round's growth of the conversion.
fn measure(direction: &Direction, rounds: usize) -> ([Vec<f64>; 4], Vec<f64>) {
    let mut times: [Vec<f64>; 4] = Default::default();
    let mut round_growth = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let mut order = [0, 1, 2, 3];
        if round % 2 == 1 {
            order.reverse();
        }
        let mut this_round: [Vec<f64>; 4] = Default::default();
        for i in order {
            this_round[i] = block(&direction.works[i], if i < 2 { SMALL_BLOCK } else { LARGE_BLOCK });
        }
        round_growth.push(median(&mut this_round[3]) / median(&mut this_round[1]));
        for (all, some) in times.iter_mut().zip(this_round) {
            all.extend(some);
        }
    }
    (times, round_growth)
}

/// A direction's four works: `floor` and `convert` on the text of each size.
fn direction<'a>(
    name: &'static str,
    floor_name: &'static str,
    ratio_guard: f64,
    floor: impl Fn(&str) -> usize + Copy + 'a,
    convert: impl Fn(&str) -> usize + Copy + 'a,
    (small, large): (&'a str, &'a str),
) -> Direction<'a> {
    Direction {
        name,
        floor: floor_name,
        ratio_guard,
        works: [
            Box::new(move || floor(small)),
            Box::new(move || convert(small)),
            Box::new(move || floor(large)),
            Box::new(move || convert(large)),
        ],
    }
}

fn rounds_from_args() -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1))
        .map_or(DEFAULT_ROUNDS, |n| n.parse::<usize>().expect("--rounds N: a count").max(1))
}

/// `PASS` or `FAIL`: the figure against its guard's limit.
fn verdict(value: f64, limit: f64) -> &'static str {
    if value <= limit {
        "PASS"
    } else {
        "FAIL"
    }
}

fn main() {
    let rounds = rounds_from_args();
    let corpus = corpus_dir();
    let (json_small, sdl_small) = corpus_pair(&corpus, SMALL);
    let (json_large, sdl_large) = corpus_pair(&corpus, LARGE);
    let converter = Converter::new();
    let serde = |text: &str| usize::from(serde_json::from_str::<serde_json::Value>(text).expect("JSON").is_object());
    let apollo = |text: &str| apollo_compiler::ast::Document::parse(text, "bench.graphql").expect("SDL").definitions.len();
    let to_sdl = |text: &str| converter.convert(text, ConversionDirection::JsonSchemaToGraphQL).expect("converts").len();
    let to_json = |text: &str| converter.convert(text, ConversionDirection::GraphQLToJsonSchema).expect("converts").len();
    let directions = [
        direction("JSON -> SDL", "serde_json::from_str", JSON_RATIO_GUARD, serde, to_sdl, (&json_small, &json_large)),
        direction("SDL -> JSON", "apollo-compiler parse", SDL_RATIO_GUARD, apollo, to_json, (&sdl_small, &sdl_large)),
    ];
    println!(
        "{ALLOCATOR_PREFIX}guards, floor and conversion in turns: {rounds} rounds of {SMALL_BLOCK} runs at N = {SMALL} \
         and {LARGE_BLOCK} at N = {LARGE} (first of each block not counted); medians"
    );
    println!();
    println!(
        "| direction | floor N = {SMALL} | conversion | ratio | floor N = {LARGE} | conversion | \
         floor growth | growth | growth, median of rounds |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut guards = Vec::new();
    for direction in &directions {
        // One run of each first, not counted: the first use of each text.
        for work in &direction.works {
            black_box(work());
        }
        let (mut times, mut round_growth) = measure(direction, rounds);
        let [floor_small, conv_small, floor_large, conv_large] = times.each_mut().map(|t| median(t));
        let ratio = conv_small / floor_small;
        let growth = conv_large / conv_small;
        println!(
            "| {} (floor: {}) | {floor_small:.1} ms | {conv_small:.1} ms | {ratio:.2}x | {floor_large:.1} ms | \
             {conv_large:.1} ms | {:.2}x | {growth:.2}x | {:.2}x |",
            direction.name,
            direction.floor,
            floor_large / floor_small,
            median(&mut round_growth),
        );
        let limit = direction.ratio_guard;
        guards.push((format!("Rust {} at N = {SMALL} <= {limit}x {}", direction.name, direction.floor), ratio, limit));
        guards.push((format!("Rust {} growth N = {LARGE} / N = {SMALL} <= {GROWTH_GUARD}x", direction.name), growth, GROWTH_GUARD));
    }
    println!();
    println!("Guards (docs/benchmarks.md; figures from one run on this machine):");
    println!();
    for (name, value, limit) in &guards {
        println!("{}  {name}: {value:.2}x", verdict(*value, *limit));
    }
    let failed = guards.iter().filter(|(_, value, limit)| value > limit).count();
    if failed > 0 {
        let check = std::env::args().any(|a| a == "--check");
        println!("{failed} guard(s) FAIL{}", if check { "" } else { " (exit status 0: pass --check to fail the run)" });
        if check {
            std::process::exit(1);
        }
    }
}
