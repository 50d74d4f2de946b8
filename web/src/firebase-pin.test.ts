/**
 * firebase is pinned below 12.15 (ADR 0037): from 12.15 (@firebase/firestore 4.16) the Firestore SDK carries its
 * Pipelines code and the re2js engine in the bundle every live screen loads, about 57 KB gzip more, which takes
 * those screens past their 250 KB first-load budget. These tests read what is installed, so an `npm update` that
 * stays within the pin passes and one that leaves it (or installs a second copy for reactfire) fails here first.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, URL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

/** The first firebase release whose Firestore bundles Pipelines and re2js, and that Firestore's own version. */
const FIRST_WITH_PIPELINES = { firebase: '12.15.0', firestore: '4.16.0' } as const;

const packageSchema = z.object({
  version: z.string().check(z.regex(/^\d+\.\d+\.\d+/)),
  dependencies: z.optional(z.record(z.string(), z.string())),
});
const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const readPackage = (file: string) => packageSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

const fromWeb = createRequire(repo('web/package.json'));
/** The firebase the app imports, and the one reactfire imports (its package exports no package.json: its entry). */
const firebaseOfApp = fromWeb.resolve('firebase/package.json');
const firebaseOfReactfire = createRequire(fromWeb.resolve('reactfire')).resolve('firebase/package.json');
const firestoreFile = createRequire(firebaseOfApp).resolve('@firebase/firestore/package.json');

/** -1, 0 or 1 as version `a` is below, equal to or above `b` (major.minor.patch; a pre-release tag is ignored). */
function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.-]/).slice(0, 3).map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

describe('firebase, pinned below the release that bundles Firestore Pipelines (ADR 0037)', () => {
  it('the installed firebase and its Firestore are older than 12.15 / 4.16', () => {
    expect(compareVersions(readPackage(firebaseOfApp).version, FIRST_WITH_PIPELINES.firebase)).toBe(-1);
    expect(compareVersions(readPackage(firestoreFile).version, FIRST_WITH_PIPELINES.firestore)).toBe(-1);
  });

  it('its Firestore does not depend on re2js (the regex engine of Pipelines)', () => {
    expect(Object.keys(readPackage(firestoreFile).dependencies ?? {})).not.toContain('re2js');
  });

  it('reactfire uses the same firebase as the app: one copy of each SDK in the bundle', () => {
    expect(firebaseOfReactfire).toBe(firebaseOfApp);
  });

  it('every workspace that uses firebase asks for the same range', () => {
    const ranges = ['web', 'emulator', 'functions'].map((ws) => {
      const pkg = z
        .object({
          dependencies: z.optional(z.record(z.string(), z.string())),
          devDependencies: z.optional(z.record(z.string(), z.string())),
        })
        .parse(JSON.parse(readFileSync(repo(`${ws}/package.json`), 'utf8')));
      return pkg.dependencies?.firebase ?? pkg.devDependencies?.firebase;
    });
    expect(new Set(ranges).size).toBe(1);
    expect(compareVersions(readPackage(firebaseOfApp).version, String(ranges[0]).replace(/^[~^]/, ''))).toBeGreaterThanOrEqual(0);
  });
});
