//! `cargo bench -p x-graphql --bench convert`: the Rust converter against its
//! parsing floor, on the corpus of `scripts/gen-corpus.ts` (docs/benchmarks.md).
//!
//! For every corpus size N (100, 1,000, 5,000, 20,000 definitions):
//!
//! - `json/parse-serde/N`: `serde_json::from_str::<Value>` of the JSON text (the floor);
//! - `json/load/N`: the crate's own parser (`load::load_json`), which the converter uses;
//! - `json/to-sdl/N`: `Converter::new().convert(json, JsonSchemaToGraphQL)`;
//! - `sdl/parse-apollo/N`: `apollo_compiler::ast::Document::parse` of the matching SDL
//!   (the floor of the reverse direction);
//! - `sdl/to-json/N`: `convert(sdl, GraphQLToJsonSchema)`, measured only once it no
//!   longer fails with UNSUPPORTED_DIRECTION.
//!
//! With `--features bench-mimalloc` the same benchmarks run with mimalloc as the global
//! allocator, the one the CLI ships (record 0054), in groups named `mimalloc-json` and
//! `mimalloc-sdl`: the system allocator's share of the time, side by side.
//!
//! The corpus lives in `bench-corpus/` at the workspace root; when it is missing it
//! is generated with `npm run gen-corpus`. Filter as usual:
//! `cargo bench -p x-graphql --bench convert -- 5000`. `scripts/rust-bench-table.ts`
//! turns criterion's estimates into the ratio table.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{corpus_dir, corpus_pair, ALLOCATOR_PREFIX as GROUP_PREFIX};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput};
use x_graphql::__private::{codes, Converter};
use x_graphql::ConversionDirection;

const SIZES: [usize; 4] = [100, 1000, 5000, 20000];

/// Larger inputs: fewer, flat samples (criterion's minimum is 10).
fn configure(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>, n: usize) {
    if n >= 5000 {
        group.sampling_mode(SamplingMode::Flat).sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(if n >= 20000 { 8 } else { 4 }));
    } else {
        group.sample_size(20);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
    }
}

fn reverse_supported(converter: &Converter) -> bool {
    match converter.convert("type Query { a: Int }", ConversionDirection::GraphQLToJsonSchema) {
        Ok(_) => true,
        Err(e) => e.code() != codes::UNSUPPORTED_DIRECTION,
    }
}

fn bench_convert(c: &mut Criterion) {
    let corpus = corpus_dir();
    let converter = Converter::new();
    let reverse = reverse_supported(&converter);
    if !reverse {
        eprintln!("sdl/to-json: n/a (graphql-to-json is not implemented)");
    }
    for n in SIZES {
        let (json, sdl) = corpus_pair(&corpus, n);
        match converter.convert(&json, ConversionDirection::JsonSchemaToGraphQL) {
            Ok(out) if out != sdl => eprintln!("(!) N={n}: Rust output differs from bench-corpus/sdl/defs-{n}.graphql"),
            Ok(_) => {}
            Err(e) => panic!("N={n}: conversion failed: {e}"),
        }

        let mut group = c.benchmark_group(format!("{GROUP_PREFIX}json"));
        configure(&mut group, n);
        group.throughput(Throughput::Bytes(json.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse-serde", n), &json, |b, text| {
            b.iter(|| serde_json::from_str::<serde_json::Value>(black_box(text)).unwrap())
        });
        group.bench_with_input(BenchmarkId::new("load", n), &json, |b, text| {
            b.iter(|| x_graphql::__private::load::load_json(black_box(text), None).unwrap())
        });
        group.bench_with_input(BenchmarkId::new("to-sdl", n), &json, |b, text| {
            b.iter(|| converter.convert(black_box(text), ConversionDirection::JsonSchemaToGraphQL).unwrap())
        });
        group.finish();

        let mut group = c.benchmark_group(format!("{GROUP_PREFIX}sdl"));
        configure(&mut group, n);
        group.throughput(Throughput::Bytes(sdl.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse-apollo", n), &sdl, |b, text| {
            b.iter(|| apollo_compiler::ast::Document::parse(black_box(text.as_str()), "bench.graphql").unwrap())
        });
        if reverse {
            group.bench_with_input(BenchmarkId::new("to-json", n), &sdl, |b, text| {
                b.iter(|| converter.convert(black_box(text), ConversionDirection::GraphQLToJsonSchema).unwrap())
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_convert);
criterion_main!(benches);
