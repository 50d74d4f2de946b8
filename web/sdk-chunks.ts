/**
 * The Firebase SDKs and reactfire in chunks of their own, whose bytes change only when the SDKs do
 * (ADR 0033). Left to the bundler's automatic chunking, the SDK chunks also held app modules
 * (lib/firebase.ts, lib/firestore.ts, app/firestore-providers.tsx) and imported the entry chunk; the
 * entry's name changes with every deploy, so every deploy renamed about 117 KB (gzip) of SDK code that
 * had not changed, and every returning user downloaded it again. Here the SDK chunks hold SDK code only
 * and import only each other (and React's chunk, which holds no app code either); the build fails if
 * that ever stops being true.
 */
import type { Plugin } from 'vite';

const SDK_CHUNKS = ['sdk-firebase', 'sdk-firestore', 'sdk-reactfire'] as const;
export type SdkChunk = (typeof SDK_CHUNKS)[number];

const NODE_MODULES = String.raw`[\\/]node_modules[\\/]`;
/**
 * Firebase's app, Auth and Functions with what the SDKs share (util, component, logger, idb): the app loads them
 * with its first call, and every live screen with its route (Firestore asks Auth for the user's token; ADR 0037).
 */
const FIREBASE = new RegExp(
  `${NODE_MODULES}(?:@firebase[\\\\/](?:app|auth|functions|util|component|logger)|firebase[\\\\/](?:app|auth|functions)|idb)[\\\\/]`,
);
/** Firestore with its WebChannel transport, and re2js, which Firestore 4.16 and later (firebase 12.15+) import. */
const FIRESTORE = new RegExp(
  `${NODE_MODULES}(?:@firebase[\\\\/](?:firestore|webchannel-wrapper)|firebase[\\\\/]firestore|re2js)[\\\\/]`,
);
/** reactfire, what it is built on, and the stand-ins of the SDKs it imports and this app never uses. */
const REACTFIRE = new RegExp(`${NODE_MODULES}(?:reactfire|rxfire|rxjs|tslib|use-sync-external-store)[\\\\/]`);
const STUB = '\0punter-unused-sdk:';

/** The SDK chunk a module belongs to, or null: the bundler places it as it sees fit. */
export function sdkChunkOf(id: string): SdkChunk | null {
  if (FIREBASE.test(id)) return 'sdk-firebase';
  if (FIRESTORE.test(id)) return 'sdk-firestore';
  if (REACTFIRE.test(id) || id.startsWith(`${STUB}firebase/`)) return 'sdk-reactfire';
  return null;
}

/**
 * Modules the SDK chunks may import from outside them: React, and the bundler's runtime for CommonJS modules
 * (React and react-dom are published as CommonJS), neither of which holds app code.
 */
const REACT_ONLY = new RegExp(`${NODE_MODULES}(?:react|react-dom|scheduler)[\\\\/]`);
const REACT = { test: (id: string) => REACT_ONLY.test(id) || /^\0?rolldown\/runtime/.test(id.trim()) };

/**
 * Rolldown's groups (`output.codeSplitting.groups`). A group takes in the modules its own modules import,
 * unless a group of higher priority has them: Firebase's first, so Firestore's group leaves it the app and
 * util modules both use. reactfire's group takes in nothing else: it imports React, which stays in
 * the chunk the entry already loads.
 */
export const SDK_CHUNK_GROUPS = [
  { name: 'sdk-firebase', priority: 3, test: (id: string) => sdkChunkOf(id) === 'sdk-firebase' },
  { name: 'sdk-firestore', priority: 2, test: (id: string) => sdkChunkOf(id) === 'sdk-firestore' },
  {
    name: 'sdk-reactfire',
    priority: 1,
    test: (id: string) => sdkChunkOf(id) === 'sdk-reactfire',
    includeDependenciesRecursively: false,
  },
];

/** A test for the modules at these paths of the repository. */
const appModules = (files: readonly string[]) => (id: string) => {
  const path = id.replaceAll('\\', '/');
  return files.some((file) => path.endsWith(`/${file}`));
};
const APP_FIREBASE = appModules(['web/src/lib/firebase.ts', 'web/src/lib/firebase-session.ts']);
const APP_FIRESTORE = appModules(['web/src/lib/firestore.ts', 'web/src/lib/permissions-doc.ts', 'core/src/permissions.ts']);

/**
 * The app's own Firebase modules, each a few hundred bytes, in two chunks instead of five (each file is a
 * request, ~0.35 KB of headers over HTTP/1.1, and compresses worse alone): the SDK set-up and session that
 * every provider call loads, and Firestore's set-up with the permissions watcher that every signed-in screen
 * loads (ADR 0004; the watcher listens without reactfire, whose providers go with the live screens). They are
 * app code: they stay out of the SDK chunks, and take in nothing else.
 */
export const APP_CHUNK_GROUPS = [
  { name: 'app-firebase', priority: 0, test: APP_FIREBASE, includeDependenciesRecursively: false },
  { name: 'app-firestore', priority: 0, test: APP_FIRESTORE, includeDependenciesRecursively: false },
];

/**
 * React and react-dom in one chunk of their own: left to the automatic chunking, they came in one file or
 * two as the app's dynamic imports changed, and their name changed with them; alone, they hold no app code and
 * keep their name from deploy to deploy, like the SDK chunks that import them.
 */
export const REACT_CHUNK_GROUP = {
  name: 'react',
  priority: 4,
  test: (id: string) => REACT.test(id),
  includeDependenciesRecursively: false,
};

/** What the check reads of a chunk of the bundle. */
export interface BuiltChunk {
  fileName: string;
  name: string;
  moduleIds: readonly string[];
  imports: readonly string[];
}

/**
 * Why the SDK chunks of a build would change without the SDKs changing, one line per problem; none when
 * each holds only its own SDK's modules and imports only SDK chunks or React's chunk alone.
 */
export function sdkChunkProblems(chunks: readonly BuiltChunk[]): string[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const problems: string[] = [];
  const sdk = chunks.filter((c) => isSdkChunk(c.name));
  for (const name of SDK_CHUNKS) {
    if (!sdk.some((c) => c.name === name)) problems.push(`the build has no ${name} chunk`);
  }
  for (const chunk of sdk) {
    for (const id of chunk.moduleIds) {
      if (sdkChunkOf(id) !== chunk.name) problems.push(`${chunk.fileName} holds ${id}, which is not ${chunk.name}'s`);
    }
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (!imported) {
        problems.push(`${chunk.fileName} imports ${file}, which is not in the bundle`);
        continue;
      }
      if (isSdkChunk(imported.name)) continue;
      const other = imported.moduleIds.filter((id) => !REACT.test(id));
      if (other.length > 0) problems.push(`${chunk.fileName} imports ${file}, which holds ${other[0]}`);
    }
  }
  return problems;
}

/** Whether a chunk of the bundle, by its name, is one of the SDK chunks. */
export function isSdkChunk(name: string): name is SdkChunk {
  return (SDK_CHUNKS as readonly string[]).includes(name);
}

/** Fails the build when an SDK chunk would change with the app's own code (sdkChunkProblems). */
export function checkSdkChunks(): Plugin {
  return {
    name: 'punter:check-sdk-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((f) => (f.type === 'chunk' ? [f] : []));
      const problems = sdkChunkProblems(chunks);
      if (problems.length > 0) throw new Error(`SDK chunks that would change with the app's code:\n${problems.join('\n')}`);
    },
  };
}
