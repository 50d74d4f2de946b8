/**
 * Programmatic entry point: start({ host, port, project, rules, data, productionLimits }) runs the emulator on
 * one port for gRPC and HTTP/1.1 and resolves once it accepts connections.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { RulesIssue } from './contract';
import { createBackend } from './engine/backend';
import type { LimitsReport, ProductionLimitsConfig, ProductionLimitsOptions } from './engine/limits';
import { formatLimitsReport, parseProductionLimits } from './engine/limits';
import type { RulesFile } from './server/server';
import { compileFiles, denyAll, listen } from './server/server';

export interface StartOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** Default project id (informational: the emulator serves every project, each with its own rules). */
  project?: string;
  /**
   * A firestore.rules file path, or the rules source itself: the rules of every project that has none of its own
   * (rules-unit-testing loads a project's own through the rules endpoint). Without it, such projects allow every access.
   */
  rules?: string;
  /** Directory where the data is persisted (write-ahead log + snapshots). Without it, memory only. */
  data?: string;
  /**
   * Production-limits mode (off by default): `true` for production's figures, or options to tune them (e.g. a
   * faster clock for tests: `{ documentWritesPerSecond: 10 }`). See the README's "Production-limits mode".
   */
  productionLimits?: boolean | ProductionLimitsOptions;
}

export type { LimitsReport, ProductionLimitsOptions } from './engine/limits';

export interface RulesLoadResult {
  ok: boolean;
  issues: RulesIssue[];
}

export interface RunningEmulator {
  host: string;
  port: number;
  project: string;
  /** Compiles and installs the default rules (source text); on errors the previous rules stay in force. */
  setRules(source: string, fileName?: string): RulesLoadResult;
  /** Production-limits mode: the hottest documents and collections (at most `top` each); null when the mode is off. */
  productionLimitsReport(top?: number): LimitsReport | null;
  /** Stops; in production-limits mode first prints the report to stderr (unless `reportOnStop: false`). */
  stop(): Promise<void>;
}

export function readRulesOption(rules: string): RulesFile {
  if (!rules.includes('\n') && existsSync(rules) && statSync(rules).isFile()) {
    return { name: rules, content: readFileSync(rules, 'utf8') };
  }
  return { content: rules };
}

export function formatIssues(issues: RulesIssue[]): string {
  return issues
    .map(
      (i) =>
        `${i.sourcePosition.fileName ?? 'rules'}:${i.sourcePosition.line}:${i.sourcePosition.column}: ${i.severity}: ${i.description}`,
    )
    .join('\n');
}

export async function start(options: StartOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 8080;
  const project = options.project ?? 'demo-project';
  const limits: ProductionLimitsConfig | null =
    options.productionLimits === undefined || options.productionLimits === false
      ? null
      : parseProductionLimits(options.productionLimits);
  const backend = createBackend({
    ...(options.data === undefined ? {} : { dataDir: options.data }),
    productionLimits: limits,
  });
  let server;
  try {
    server = await listen(backend, host, port);
  } catch (err) {
    await backend.close();
    throw err;
  }
  if (options.rules !== undefined) {
    const file = readRulesOption(options.rules);
    const result = compileFiles([file]);
    if (result.ok) server.setAuthorizer(result.authorize);
    else {
      // Never silently allow: a rules file that does not compile denies every client access.
      server.setAuthorizer(denyAll(`Rules failed to compile:\n${formatIssues(result.issues)}`));
      process.stderr.write(
        `firestore-emulator: rules did not compile, denying all client access:\n${formatIssues(result.issues)}\n`,
      );
    }
  }
  const running = server;
  let stopping: Promise<void> | undefined;
  return {
    host,
    port: running.port,
    project,
    setRules(source, fileName) {
      return running.loadRules([fileName === undefined ? { content: source } : { name: fileName, content: source }]);
    },
    productionLimitsReport(top) {
      return backend.productionLimitsReport(top);
    },
    stop() {
      stopping ??= (async () => {
        const report = limits?.reportOnStop === true ? backend.productionLimitsReport() : null;
        if (report) process.stderr.write(`${formatLimitsReport(report)}\n`);
        await running.close();
        await backend.close();
      })();
      return stopping;
    },
  };
}
