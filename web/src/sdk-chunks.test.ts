import { describe, expect, it } from 'vitest';
import { APP_CHUNK_GROUPS, REACT_CHUNK_GROUP, sdkChunkOf, sdkChunkProblems, type BuiltChunk } from '../sdk-chunks';

const NM = '/repo/node_modules';

describe('which SDK chunk a module goes to', () => {
  it.each([
    [`${NM}/@firebase/app/dist/esm/index.esm.js`, 'sdk-firebase'],
    [`${NM}/@firebase/auth/dist/esm/index-abc.js`, 'sdk-firebase'],
    [`${NM}/@firebase/functions/dist/esm/index.esm.js`, 'sdk-firebase'],
    [`${NM}/@firebase/util/dist/postinstall.mjs`, 'sdk-firebase'],
    [`${NM}/firebase/auth/dist/esm/index.esm.js`, 'sdk-firebase'],
    [`${NM}/idb/build/index.js`, 'sdk-firebase'],
    [`${NM}/@firebase/firestore/dist/common-X.esm.js`, 'sdk-firestore'],
    [`${NM}/@firebase/webchannel-wrapper/dist/bloom-blob/esm/bloom_blob_es2018.js`, 'sdk-firestore'],
    [`${NM}/firebase/firestore/dist/esm/index.esm.js`, 'sdk-firestore'],
    // Firestore 4.16+ (firebase 12.15+) imports it; firebase is pinned below that (ADR 0037), but it would go here.
    [`${NM}/re2js/build/index.js`, 'sdk-firestore'],
    [`${NM}/reactfire/dist/index.js`, 'sdk-reactfire'],
    [`${NM}/rxjs/dist/esm5/internal/Subject.js`, 'sdk-reactfire'],
    [`${NM}/rxfire/firestore/index.esm.js`, 'sdk-reactfire'],
    [`${NM}/tslib/tslib.es6.mjs`, 'sdk-reactfire'],
    ['\0punter-unused-sdk:firebase/storage', 'sdk-reactfire'],
  ])('%s: %s', (id, chunk) => {
    expect(sdkChunkOf(id)).toBe(chunk);
  });

  it.each([
    '/repo/web/src/lib/firebase.ts',
    '/repo/web/src/lib/firestore.ts',
    '/repo/web/src/app/firestore-providers.tsx',
    '/repo/core/src/permissions.ts',
    // Loaded by /signal-4 alone, for alerts: not in the chunks every live screen loads.
    `${NM}/@firebase/messaging/dist/esm/index.esm.js`,
    `${NM}/@firebase/installations/dist/esm/index.esm.js`,
    `${NM}/react/index.js`,
    `${NM}/@tanstack/query-core/build/modern/index.js`,
    // A folder whose name only starts like an SDK's.
    `${NM}/rxjs-extra/index.js`,
    `${NM}/@firebase/firestore-compat/dist/index.esm.js`,
  ])('%s: none (the bundler places it)', (id) => {
    expect(sdkChunkOf(id)).toBeNull();
  });
});

const chunk = (fileName: string, name: string, moduleIds: string[], imports: string[] = []): BuiltChunk => ({
  fileName,
  name,
  moduleIds,
  imports,
});
const firebase = chunk('assets/sdk-firebase-A.js', 'sdk-firebase', [`${NM}/@firebase/app/dist/esm/index.esm.js`]);
const firestore = chunk(
  'assets/sdk-firestore-B.js',
  'sdk-firestore',
  [`${NM}/@firebase/firestore/dist/common-X.esm.js`],
  ['assets/sdk-firebase-A.js'],
);
const react = chunk('assets/react-C.js', 'react', [`${NM}/react/index.js`, `${NM}/react-dom/client.js`]);
const reactfire = chunk(
  'assets/sdk-reactfire-D.js',
  'sdk-reactfire',
  [`${NM}/reactfire/dist/index.js`, `${NM}/rxjs/dist/esm5/index.js`],
  ['assets/react-C.js', 'assets/sdk-firebase-A.js', 'assets/sdk-firestore-B.js'],
);
const entry = chunk(
  'assets/index-E.js',
  'index',
  ['/repo/web/src/main.tsx', '/repo/web/src/config/env.ts'],
  ['assets/react-C.js'],
);

describe("React's chunk and the app's own Firebase modules", () => {
  const groupOf = (id: string) => [REACT_CHUNK_GROUP, ...APP_CHUNK_GROUPS].filter((g) => g.test(id)).map((g) => g.name);
  it.each([
    ['/repo/web/src/lib/firebase.ts', ['app-firebase']],
    ['C:\\repo\\web\\src\\lib\\firebase-session.ts', ['app-firebase']],
    ['/repo/web/src/lib/firestore.ts', ['app-firestore']],
    // reactfire's providers go with the live screens: the watcher listens without reactfire.
    ['/repo/web/src/app/firestore-providers.tsx', []],
    // The watcher is a chunk of its own, under its own name, so a failed load can be asked for again (app/live-permissions.tsx).
    ['/repo/web/src/app/permissions-watcher.tsx', []],
    ['/repo/web/src/lib/permissions-doc.ts', ['app-firestore']],
    ['/repo/core/src/permissions.ts', ['app-firestore']],
    [`${NM}/react/index.js`, ['react']],
    [`${NM}/react-dom/cjs/react-dom-client.production.js`, ['react']],
    [`${NM}/scheduler/index.js`, ['react']],
    [`${NM}/react-router/dist/index.mjs`, []],
    // Anything else is left to the automatic chunking, the SDKs first of all.
    ['/repo/web/src/lib/permissions.ts', []],
    ['/repo/web/src/lib/firebase.test.ts', []],
    [`${NM}/@firebase/firestore/dist/index.esm.js`, []],
    [`${NM}/firebase/auth/dist/esm/index.esm.js`, []],
  ])('%s goes to %j', (id, groups) => {
    expect(groupOf(id)).toEqual(groups);
  });
});

describe('the check that fails a build whose SDK chunks would change with the app', () => {
  it('passes SDK chunks that hold their SDK alone and import only each other and React', () => {
    expect(sdkChunkProblems([firebase, firestore, react, reactfire, entry])).toEqual([]);
  });

  it('names an app module inside an SDK chunk', () => {
    const mixed = { ...firestore, moduleIds: [...firestore.moduleIds, '/repo/web/src/lib/firestore.ts'] };
    expect(sdkChunkProblems([firebase, mixed, react, reactfire, entry])).toEqual([
      "assets/sdk-firestore-B.js holds /repo/web/src/lib/firestore.ts, which is not sdk-firestore's",
    ]);
  });

  it("names an SDK module in another SDK's chunk", () => {
    const mixed = { ...firebase, moduleIds: [...firebase.moduleIds, `${NM}/rxjs/dist/esm5/index.js`] };
    expect(sdkChunkProblems([mixed, firestore, react, reactfire, entry])).toEqual([
      `assets/sdk-firebase-A.js holds ${NM}/rxjs/dist/esm5/index.js, which is not sdk-firebase's`,
    ]);
  });

  it('names an import of a chunk with app code (whose name changes with every deploy)', () => {
    const importsEntry = { ...firestore, imports: [...firestore.imports, 'assets/index-E.js'] };
    expect(sdkChunkProblems([firebase, importsEntry, react, reactfire, entry])).toEqual([
      'assets/sdk-firestore-B.js imports assets/index-E.js, which holds /repo/web/src/main.tsx',
    ]);
  });

  it('names a missing SDK chunk (the groups no longer match the SDK)', () => {
    expect(sdkChunkProblems([firebase, react, reactfire, entry])).toEqual([
      'the build has no sdk-firestore chunk',
      'assets/sdk-reactfire-D.js imports assets/sdk-firestore-B.js, which is not in the bundle',
    ]);
  });
});
