/**
 * validate-graphql: an SDL document through the reader of the graphql-to-json
 * direction (sdl-read.ts): graphql-js's parser, our duplicate-name checks,
 * graphql-js's SDL and schema validation, with the Apollo Federation
 * definitions (federation.ts, of the linked version) supplied when the document
 * uses federation, so errors still point at the user's own lines.
 *
 * It reports the first problem only (record 0034): graphql-js and
 * apollo-compiler (rust/src/validate_graphql.rs) find different sets of
 * follow-on errors, and the first problem is the one both implementations
 * agree on, code, line and column (the parity the reverse fixtures check).
 * A valid GraphQL document that breaks the subgraph rules (sdl-read's stage 6)
 * reports every such problem (record 0077).
 */
import { ConversionError } from './errors';
import { readSdl } from './sdl-read';
import { SubgraphError } from './sdl-subgraph';
import { fileReport, toProblem, type FileReport, type ValidateOptions } from './validate';

export function validateGraphql(text: string, options: ValidateOptions = {}): FileReport {
  const file = options.fileName;
  const problems = [];
  try {
    readSdl(text, file !== undefined ? { fileName: file } : {});
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    for (const x of e instanceof SubgraphError ? e.all() : [e]) problems.push(toProblem(x.toJSON(), options.strict === true));
  }
  return fileReport(file ?? '<stdin>', problems, file);
}
