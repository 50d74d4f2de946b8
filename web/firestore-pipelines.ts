/**
 * The web build's Firestore without its Pipelines code (ADR 0035). @firebase/firestore ships Pipelines (a
 * query language this app never uses) in the same bundled file as everything else, reached from the query
 * paths through run-time checks (`x instanceof CorePipeline`), so tree-shaking keeps it: about 10 KB gzip
 * of the 82 KB Firestore chunk that every live screen, and the permissions watcher on every other signed-in
 * screen, download. This plugin replaces the bodies of the few declarations that lead into it, named below:
 * each is reached only once a pipeline object exists, which nothing in this app ever builds, so the rest of
 * the Pipelines code becomes unreachable and the bundler drops it. The run-time checks themselves stay.
 *
 * It guards itself: the build fails when @firebase/firestore is not the version these names were checked
 * against, when a name is missing or declared twice, when anything imports Firestore's Pipelines entry
 * points, or when the built chunks still hold Pipelines code. On a Firebase update: check again that every
 * name below is still reached only from Pipelines code (ADR 0035 says how), run the browser test that compares
 * this build's Firestore with the unmodified one (e2e/tests/firestore-build.test.ts), then move the version.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import MagicString from 'magic-string';
import { parseAst, type Plugin, type Rollup } from 'vite';

/** The @firebase/firestore release the names below were checked against. */
export const PIPELINES_CHECKED_VERSION = '4.17.2';

/** Functions whose bodies become a throw: each runs only for a pipeline (a CorePipeline or RealtimePipeline). */
export const PIPELINE_FUNCTIONS = [
  '__PRIVATE_canonifyPipeline', // a pipeline's canonical id (targets, queries)
  '__PRIVATE_runPipeline', // evaluates a pipeline over documents: the expression evaluator
  '__PRIVATE_newPipelineComparator', // orders a pipeline's results
  '__PRIVATE_getLastEffectiveLimit', // a pipeline's limit
  '__PRIVATE_toCorePipeline', // RealtimePipeline -> CorePipeline
  'getPipelineSourceType',
  'getPipelineCollection',
  'getPipelineCollectionGroup',
  'getPipelineDocuments',
  '__PRIVATE_pipelineMatchesAllDocuments', // the query engine's index-free path for a pipeline
  '__PRIVATE_pipelineHasRanges',
  '__PRIVATE_asCollectionPipelineAtPath', // the local documents view's collection-group path for a pipeline
] as const;

/** Classes whose bodies become empty: code outside Pipelines only ever tests `x instanceof` them. */
export const PIPELINE_CLASSES = ['CorePipeline', '__PRIVATE_RealtimePipeline'] as const;

/** Text that only the Pipelines code holds: a built chunk containing any of it still carries that code. */
export const PIPELINE_MARKERS = [
  'Unknown stage:',
  'timestamp_add',
  'Pipeline must contain at least one Sort stage',
  'euclidean_distance',
];

/** The bundled file of the browser build (dist/common-<hash>.esm.js). */
const FIRESTORE_COMMON = /[\\/]@firebase[\\/]firestore[\\/]dist[\\/]common-[\w-]+\.esm\.js$/;
/** Firestore's own Pipelines entry points (firebase/firestore/pipelines, the lite one too). */
const PIPELINES_ENTRY = /[\\/]@firebase[\\/]firestore[\\/]dist[\\/](?:lite[\\/])?pipelines[^\\/]*$/;

interface Declaration {
  type: string;
  start: number;
  end: number;
  id?: { name: string } | null;
  body: { start: number; end: number };
}

const isNode = (value: unknown): value is { type: string } =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Every function and class declaration (or named function expression) of the program, by name. */
function declarationsByName(program: unknown, names: ReadonlySet<string>): Map<string, Declaration[]> {
  const found = new Map<string, Declaration[]>();
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isNode(node)) continue;
    const declaration = node as unknown as Declaration;
    const named =
      (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ClassDeclaration') &&
      declaration.id &&
      names.has(declaration.id.name);
    if (named && declaration.id) found.set(declaration.id.name, [...(found.get(declaration.id.name) ?? []), declaration]);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) stack.push(...(value as unknown[]));
      else if (isNode(value)) stack.push(value);
    }
  }
  return found;
}

/**
 * The Firestore file with the Pipelines declarations' bodies replaced, or an Error saying why it cannot be
 * done (a version or a file these names were not checked against).
 */
export function stripPipelines(code: string, version: string, file: string): { code: string; map: Rollup.SourceMapInput } {
  if (version !== PIPELINES_CHECKED_VERSION) {
    throw new Error(
      `@firebase/firestore is ${version}, but its Pipelines stubs (web/firestore-pipelines.ts) were checked against ${PIPELINES_CHECKED_VERSION}: check the names again and run e2e/tests/firestore-build.test.ts (ADR 0035) before moving PIPELINES_CHECKED_VERSION`,
    );
  }
  const names = new Set<string>([...PIPELINE_FUNCTIONS, ...PIPELINE_CLASSES]);
  const found = declarationsByName(parseAst(code), names);
  const edited = new MagicString(code);
  for (const name of names) {
    const declarations = found.get(name) ?? [];
    const [declaration] = declarations;
    if (declarations.length !== 1 || !declaration) {
      throw new Error(
        `${file} declares ${name} ${declarations.length} times, not once: the Firestore SDK changed; review web/firestore-pipelines.ts (ADR 0035)`,
      );
    }
    const isClass = declaration.type === 'ClassDeclaration';
    edited.overwrite(
      declaration.body.start,
      declaration.body.end,
      isClass ? '{}' : `{ throw new Error(${JSON.stringify(`Firestore Pipelines are not part of this build (${name})`)}); }`,
    );
  }
  return { code: edited.toString(), map: edited.generateMap({ hires: 'boundary', source: file }) };
}

/** The chunks of a build that still hold Pipelines code, with the marker found in each. */
export function chunksWithPipelines(chunks: readonly { fileName: string; code: string }[]): string[] {
  return chunks.flatMap((chunk) => {
    const marker = PIPELINE_MARKERS.find((m) => chunk.code.includes(m));
    return marker ? [`${chunk.fileName} ("${marker}")`] : [];
  });
}

export function firestoreWithoutPipelines(): Plugin {
  let stripped = false;
  return {
    name: 'punter:firestore-without-pipelines',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (PIPELINES_ENTRY.test(id)) this.error(`${id} is imported, but this build leaves Firestore's Pipelines out (ADR 0035)`);
      return null;
    },
    transform: {
      filter: { id: FIRESTORE_COMMON },
      handler(code, id) {
        const { version } = JSON.parse(readFileSync(join(dirname(id), '..', 'package.json'), 'utf8')) as { version: string };
        try {
          const result = stripPipelines(code, version, id);
          stripped = true;
          return result;
        } catch (error) {
          return this.error(error instanceof Error ? error.message : String(error));
        }
      },
    },
    generateBundle(_options, bundle) {
      // The prerender's server build of /login (build-plugins.ts) has no Firestore: nothing to check there.
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      if (!stripped) {
        if (chunks.some((c) => c.moduleIds.some((m) => m.includes('@firebase/firestore')))) {
          this.error('Firestore is in the build, but its file was never stripped of Pipelines (was it renamed?)');
        }
        return;
      }
      const left = chunksWithPipelines(chunks);
      if (left.length > 0) this.error(`the build still holds Firestore Pipelines code: ${left.join(', ')}`);
    },
  };
}
