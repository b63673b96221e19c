/**
 * schemas/x-graphql.config.schema.json describes every option a config file may set
 * (record 0088): the library's options but those the CLI derives from -i and the
 * TypeScript-only resolveRef, each with its description, enum and default, so the
 * schema cannot drift from the library. The Rust twin is rust/tests/config_schema.rs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, OPTION_NAMES } from '../src/options';
import { FEDERATION_VERSIONS } from '../src/federation';
import { Converter } from '../src/index';

const SCHEMA = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'schemas', 'x-graphql.config.schema.json'), 'utf8')) as {
  additionalProperties: boolean;
  properties: Record<string, { description?: string; enum?: string[]; default?: unknown; type?: string; minimum?: number }>;
};
const NOT_IN_CONFIG = ['baseDir', 'inputDir', 'fileName', 'resolveRef'];

describe('schemas/x-graphql.config.schema.json', () => {
  const options = OPTION_NAMES.filter((n) => !NOT_IN_CONFIG.includes(n));

  it('has every option of the library, and only those (plus $schema)', () => {
    expect(Object.keys(SCHEMA.properties).sort()).toEqual(['$schema', ...options].sort());
    expect(SCHEMA.additionalProperties).toBe(false);
  });

  it('gives each a description, and the library default', () => {
    for (const name of options) {
      const p = SCHEMA.properties[name]!;
      expect(p.description, name).toMatch(/\S/);
      expect(p.default, name).toEqual((DEFAULT_OPTIONS as unknown as Record<string, unknown>)[name]);
    }
  });

  it('lists the values the library accepts as the enum, and the library refuses others', () => {
    expect(SCHEMA.properties.federationVersion!.enum).toEqual(FEDERATION_VERSIONS);
    for (const name of options) {
      const values = SCHEMA.properties[name]!.enum;
      if (values === undefined) continue;
      for (const v of values) expect(() => new Converter({ [name]: v })).not.toThrow();
      expect(() => new Converter({ [name]: 'not-one-of-them' }), name).toThrow(/must be one of/);
    }
  });

  it('types match what the library checks', () => {
    for (const name of options) {
      const p = SCHEMA.properties[name]!;
      if (p.type === 'boolean') expect(() => new Converter({ [name]: 1 }), name).toThrow(/must be a boolean/);
      if (p.type === 'integer') {
        expect(p.minimum).toBe(0);
        expect(() => new Converter({ [name]: -1 }), name).toThrow(/non-negative integer/);
      }
    }
  });
});
