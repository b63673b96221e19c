/**
 * The esbuild set-up the two bundles of `npm run build` share: the npm CLI's
 * (bundle-cli.ts, record 0045) and the library's for browsers (browser-bundle.ts).
 * Each bundles one module of js/src with what it imports and swaps a few imports
 * for modules of its own.
 */
import * as path from 'node:path';
import { build, type BuildOptions, type BuildResult, type Plugin } from 'esbuild';

export const ROOT = path.resolve(__dirname, '..');
export const SRC = path.join(ROOT, 'js', 'src');

/** esbuild on `entry` (a file of js/src) and everything it imports, with `options`. */
export function bundleSource<T extends BuildOptions>(entry: string, options: T): Promise<BuildResult<T>> {
  // esbuild types its result by the options' shape (`write: false` gives `outputFiles`).
  return build<T>({ entryPoints: [path.join(SRC, entry)], bundle: true, ...options } as Parameters<typeof build<T>>[0]);
}

/** A module made by a build script, standing in for the imports it replaces. */
export interface StandIn {
  /** The import specifiers it replaces. */
  filter: RegExp;
  /** Whether the import in `importer` (a file's path) is replaced. */
  from: (importer: string) => boolean;
  /** esbuild's name for the module (`namespace:path`, in the bundle's comments). */
  namespace: string;
  path: string;
  /** The module's JavaScript. */
  contents: () => string;
}

/** A plugin that gives the imports `standIn` replaces its module instead. */
export function standInPlugin(name: string, standIn: StandIn): Plugin {
  return {
    name,
    setup(b) {
      b.onResolve({ filter: standIn.filter }, (args) =>
        standIn.from(args.importer) ? { path: standIn.path, namespace: standIn.namespace } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: standIn.namespace }, () => ({ contents: standIn.contents(), loader: 'js' }));
    },
  };
}
