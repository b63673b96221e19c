/**
 * sdl-parse: graphql-js's `parse`, without the `DIRECTIVE_DEFINITION`
 * directive location. graphql-js 16.15 accepts it (a proposal, not in the
 * GraphQL specification); apollo-compiler and the catalog's
 * `directiveLocation` do not, so it is a syntax error in both implementations
 * (record 0028: GRAPHQL_SYNTAX at the location's name, with graphql-js's
 * `Unexpected Name` message; rust/src/sdl_syntax.rs leaves it out of its list).
 */
import type * as G from 'graphql';
import type { Parser as ParserClass } from 'graphql/language/parser';

let SpecParser: (new (source: string, options?: G.ParseOptions) => ParserClass) | undefined;

/** graphql-js's parse; `locations: false` gives nodes without `loc` (graphql-js's `noLocation`). */
export function parseSdl(text: string, locations = true): G.DocumentNode {
  if (SpecParser === undefined) {
    // Loaded lazily, like graphql itself in sdl-read.ts.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Parser } = require('graphql/language/parser') as typeof import('graphql/language/parser');
    SpecParser = class extends Parser {
      override parseDirectiveLocation(): G.NameNode {
        const token = this._lexer.token;
        if (token.kind === 'Name' && token.value === 'DIRECTIVE_DEFINITION') throw this.unexpected(token);
        return super.parseDirectiveLocation();
      }
    };
  }
  return new SpecParser(text, { noLocation: !locations }).parseDocument();
}
