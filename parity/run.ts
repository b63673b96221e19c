/**
 * `npm run parity [-- options]`: the TypeScript and Rust converters over every
 * fixture and over generated inputs; exits 1 on any mismatch or broken property.
 *
 *   --runs N         generated cases per property (default 50)
 *   --seed S         fast-check seed (default 20261121; property i uses S + i)
 *   --property NAME  only this property (repeatable): json-to-graphql, graphql-to-json, round-trip
 *   --path P         replay one counterexample (with the --seed and --property it was found with)
 *   --no-fixtures    generated cases only
 *   --keep-going     after a failure, go on (next seed) and report only new kinds of failure
 *   --shrink-seconds T  time fast-check may spend shrinking one failure (default 20)
 *   --progress N     print a line every N generated cases of a property (long runs)
 *   --build          rebuild the Rust CLI first (it is built when missing anyway)
 */
import { DEFAULT_RUNS, DEFAULT_SEED, PROPERTIES, runParity, type RunConfig } from './runner';

function usage(message: string): never {
  console.error(`parity: ${message}`);
  console.error('usage: npm run parity -- [--runs N] [--seed S] [--property NAME] [--path P] [--no-fixtures] [--keep-going] [--shrink-seconds T] [--progress N] [--build]');
  process.exit(2);
}

function parseArgs(argv: string[]): RunConfig {
  const cfg: RunConfig = { runs: DEFAULT_RUNS, seed: DEFAULT_SEED, fixtures: true, properties: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      if (i + 1 >= argv.length) usage(`${flag} needs a value`);
      return argv[++i];
    };
    const int = (name: string) => {
      const v = value();
      if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(Number(v))) usage(`${name} must be an integer, not '${v}'`);
      return Number(v);
    };
    switch (flag) {
      case '--runs':
        cfg.runs = int('--runs');
        if (cfg.runs < 0) usage('--runs must not be negative');
        break;
      case '--seed':
        cfg.seed = int('--seed');
        break;
      case '--property': {
        const name = value();
        if (!PROPERTIES.some((p) => p.name === name)) usage(`unknown property '${name}'; one of ${PROPERTIES.map((p) => p.name).join(', ')}`);
        cfg.properties!.push(name);
        break;
      }
      case '--path':
        cfg.path = value();
        break;
      case '--no-fixtures':
        cfg.fixtures = false;
        break;
      case '--keep-going':
        cfg.keepGoing = true;
        break;
      case '--shrink-seconds':
        cfg.shrinkSeconds = int('--shrink-seconds');
        break;
      case '--progress':
        cfg.progress = int('--progress');
        break;
      case '--build':
        cfg.build = true;
        break;
      case '-h':
      case '--help':
        console.log(
          [
            'npm run parity -- [options]: TypeScript vs Rust over the fixtures and generated inputs',
            '  --runs N         generated cases per property (default 50)',
            `  --seed S         fast-check seed (default ${DEFAULT_SEED}; property i uses S + i)`,
            `  --property NAME  only this property (repeatable): ${PROPERTIES.map((p) => p.name).join(', ')}`,
            '  --path P         replay one counterexample (with its --seed and --property)',
            '  --no-fixtures    generated cases only',
            '  --keep-going     after a failure, go on with the next seed, reporting only new kinds of failure',
            '  --shrink-seconds T  time fast-check may spend shrinking one failure (default 20)',
            '  --progress N     print a line every N generated cases of a property (long runs)',
            '  --build          rebuild the Rust CLI first',
            '',
            ...PROPERTIES.map((p) => `  ${p.name}: ${p.description}`),
          ].join('\n'),
        );
        process.exit(0);
      // eslint-disable-next-line no-fallthrough
      default:
        usage(`unknown argument '${arg}'`);
    }
  }
  return cfg;
}

const cfg = parseArgs(process.argv.slice(2));
console.log(`parity: seed ${cfg.seed}, ${cfg.runs} runs per property${cfg.fixtures ? ', fixtures' : ''}`);
runParity(cfg).then(
  (summary) => process.exit(summary.failed > 0 ? 1 : 0),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
