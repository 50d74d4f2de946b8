/**
 * firestore-emulator [--host 127.0.0.1] [--port 8080] [--project demo-project] [--rules firestore.rules] [--data dir]
 *                    [--production-limits [--limits-<tuning> <n>...]]
 * Prints `ready on HOST:PORT` once it accepts connections; reloads --rules when the file changes
 * (keeping the previous rules and printing the issues when the new file does not compile); stops
 * cleanly on SIGINT / SIGTERM (in production-limits mode printing the report to stderr first).
 */
import { watch, readFileSync } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { ProductionLimitsOptions } from './engine/limits';
import { productionLimitsSchema } from './engine/limits';
import { formatIssues, start } from './index';

/** The production-limits tuning flags and the option each sets (each needs --production-limits). */
const LIMIT_FLAGS = {
  'limits-doc-rate': 'documentWritesPerSecond',
  'limits-doc-burst': 'documentBurst',
  'limits-max-delay-ms': 'maxWriteDelayMs',
  'limits-tx-wait-ms': 'transactionMaxWaitMs',
  'limits-sequential-rate': 'sequentialWritesPerSecond',
  'limits-ramp-start': 'rampStartWritesPerSecond',
  'limits-ramp-interval-ms': 'rampIntervalMs',
} as const satisfies Record<string, keyof ProductionLimitsOptions>;
type LimitFlag = keyof typeof LIMIT_FLAGS;
const LIMIT_FLAG_NAMES = Object.keys(LIMIT_FLAGS) as LimitFlag[];

const USAGE =
  'Usage: firestore-emulator [--host 127.0.0.1] [--port 8080] [--project demo-project] [--rules <file>] [--data <dir>]\n' +
  '         [--production-limits [--limits-doc-rate 1] [--limits-doc-burst 5] [--limits-max-delay-ms 10000]\n' +
  '          [--limits-tx-wait-ms 5000] [--limits-sequential-rate 500] [--limits-ramp-start 500] [--limits-ramp-interval-ms 300000]]';

const argsSchema = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  project: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'project ids are lower-case letters, digits and dashes')
    .default('demo-project'),
  rules: z.string().min(1).optional(),
  data: z.string().min(1).optional(),
  'production-limits': z.boolean().default(false),
  ...(Object.fromEntries(LIMIT_FLAG_NAMES.map((f) => [f, z.coerce.number().optional()])) as Record<
    LimitFlag,
    z.ZodOptional<z.ZodCoercedNumber>
  >),
});

type Args = z.output<typeof argsSchema>;

/** The production-limits options the flags ask for (null: mode off), or the problems with them. */
function productionLimitsFromArgs(
  args: Args,
): { ok: true; value: ProductionLimitsOptions | null } | { ok: false; issues: string[] } {
  const given = LIMIT_FLAG_NAMES.filter((f) => args[f] !== undefined);
  if (!args['production-limits']) {
    if (given.length === 0) return { ok: true, value: null };
    return { ok: false, issues: given.map((f) => `--${f}: needs --production-limits`) };
  }
  const options: Record<string, number> = {};
  for (const f of given) options[LIMIT_FLAGS[f]] = args[f] as number;
  const parsed = productionLimitsSchema.safeParse(options);
  if (parsed.success) return { ok: true, value: options };
  const flagOf = (key: PropertyKey | undefined): string => LIMIT_FLAG_NAMES.find((f) => LIMIT_FLAGS[f] === key) ?? String(key);
  return { ok: false, issues: parsed.error.issues.map((i) => `--${flagOf(i.path[0])}: ${i.message}`) };
}

async function main(): Promise<void> {
  let raw;
  try {
    raw = parseArgs({
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        project: { type: 'string' },
        rules: { type: 'string' },
        data: { type: 'string' },
        'production-limits': { type: 'boolean' },
        ...Object.fromEntries(LIMIT_FLAG_NAMES.map((f) => [f, { type: 'string' as const }])),
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    process.exit(2);
  }
  if (raw.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const parsed = argsSchema.safeParse(raw);
  if (!parsed.success) {
    process.stderr.write(`${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n')}\n${USAGE}\n`);
    process.exit(2);
  }
  const args = parsed.data;
  const limits = productionLimitsFromArgs(args);
  if (!limits.ok) {
    process.stderr.write(`${limits.issues.join('\n')}\n${USAGE}\n`);
    process.exit(2);
  }
  const rulesPath = args.rules === undefined ? undefined : resolve(args.rules);
  let rulesSource: string | undefined;
  if (rulesPath !== undefined) {
    try {
      rulesSource = readFileSync(rulesPath, 'utf8');
    } catch (err) {
      process.stderr.write(`Cannot read --rules ${rulesPath}: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(2);
    }
  }
  const emulator = await start({
    host: args.host,
    port: args.port,
    project: args.project,
    ...(rulesSource === undefined ? {} : { rules: rulesSource }),
    ...(args.data === undefined ? {} : { data: resolve(args.data) }),
    ...(limits.value === null ? {} : { productionLimits: limits.value }),
  });
  process.stdout.write(`ready on ${emulator.host}:${emulator.port}\n`);
  if (limits.value !== null) {
    const l = emulator.productionLimitsReport()?.['limits'];
    process.stderr.write(
      `production-limits mode: ${JSON.stringify(l)}; report: GET http://${emulator.host}:${emulator.port}/emulator/v1/production-limits\n`,
    );
  }

  let watcher: FSWatcher | undefined;
  if (rulesPath !== undefined) {
    let last = rulesSource;
    let timer: NodeJS.Timeout | undefined;
    const reload = (): void => {
      let source: string;
      try {
        source = readFileSync(rulesPath, 'utf8');
      } catch {
        return; // being replaced; the next event reloads it
      }
      if (source === last) return;
      last = source;
      const result = emulator.setRules(source, rulesPath);
      if (result.ok) process.stdout.write(`rules reloaded from ${rulesPath}\n`);
      else
        process.stderr.write(
          `rules in ${rulesPath} did not compile; keeping the previous rules:\n${formatIssues(result.issues)}\n`,
        );
    };
    try {
      watcher = watch(rulesPath, () => {
        clearTimeout(timer);
        timer = setTimeout(reload, 50);
      });
      watcher.on('error', () => undefined);
    } catch {
      watcher = undefined;
    }
  }

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    watcher?.close();
    emulator.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`error while stopping: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`firestore-emulator: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
