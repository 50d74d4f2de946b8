import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  chunksWithPipelines,
  PIPELINE_CLASSES,
  PIPELINE_FUNCTIONS,
  PIPELINES_CHECKED_VERSION,
  stripPipelines,
} from '../firestore-pipelines';

// The installed Firestore's browser build, as the web build resolves it.
const dist = join(dirname(createRequire(import.meta.url).resolve('@firebase/firestore/package.json')), 'dist');
const commonFile = readdirSync(dist).find((f) => /^common-[\w-]+\.esm\.js$/.test(f));
const installed = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as { version: string };
const original = commonFile ? readFileSync(join(dist, commonFile), 'utf8') : '';

describe("the build's Firestore without Pipelines (ADR 0035)", () => {
  it('is checked against the installed @firebase/firestore', () => {
    expect(commonFile).toBeDefined();
    expect(installed.version).toBe(PIPELINES_CHECKED_VERSION);
  });

  it('replaces the body of each named declaration, and nothing else', () => {
    const { code } = stripPipelines(original, installed.version, 'common.esm.js');
    expect(() => parseAst(code)).not.toThrow();
    for (const name of PIPELINE_FUNCTIONS) {
      expect(code).toContain(`function ${name}(`);
      expect(code).toContain(`Firestore Pipelines are not part of this build (${name})`);
    }
    for (const name of PIPELINE_CLASSES) expect(code).toMatch(new RegExp(`class ${name} \\{\\}`));
    // The run-time checks that keep queries off the Pipelines paths are untouched.
    for (const check of [
      'function __PRIVATE_isPipeline(e) {\n    return e instanceof CorePipeline;\n}',
      'return !!e.isCorePipeline;',
    ]) {
      expect(original).toContain(check);
      expect(code).toContain(check);
    }
    // The query paths the app runs are byte for byte the SDK's.
    const declaration = (text: string, name: string) => {
      const start = text.indexOf(`function ${name}(`);
      return start < 0 ? null : text.slice(start, text.indexOf('\n}\n', start));
    };
    for (const name of [
      '__PRIVATE_queryEquals',
      '__PRIVATE_canonifyTarget',
      '__PRIVATE_newQueryComparator',
      '__PRIVATE_queryMatches',
    ]) {
      expect(declaration(original, name)).not.toBeNull();
      expect(declaration(code, name)).toBe(declaration(original, name));
    }
  });

  it('refuses another Firestore release, and a file where a name is missing or declared twice', () => {
    expect(() => stripPipelines(original, '4.99.0', 'common.esm.js')).toThrow(
      /@firebase\/firestore is 4\.99\.0, but its Pipelines stubs .* were checked against/,
    );
    const renamed = original.replace('function __PRIVATE_runPipeline(', 'function __PRIVATE_runPipelineV2(');
    expect(() => stripPipelines(renamed, installed.version, 'common.esm.js')).toThrow(
      'declares __PRIVATE_runPipeline 0 times, not once',
    );
    const twice = `${original}\nfunction getPipelineDocuments(e) { return e; }\n`;
    expect(() => stripPipelines(twice, installed.version, 'common.esm.js')).toThrow(
      'declares getPipelineDocuments 2 times, not once',
    );
  });

  it('finds a built chunk that still holds Pipelines code', () => {
    expect(
      chunksWithPipelines([
        { fileName: 'assets/a.js', code: 'const x = 1;' },
        { fileName: 'assets/sdk-firestore-x.js', code: 'throw new Error("Unknown stage: " + s)' },
      ]),
    ).toEqual(['assets/sdk-firestore-x.js ("Unknown stage:")']);
  });
});
