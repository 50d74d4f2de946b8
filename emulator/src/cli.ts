/**
 * firestore-emulator [--host 127.0.0.1] [--port 8080] [--project demo-project] [--rules firestore.rules] [--data dir]
 * Prints `ready on HOST:PORT` once it accepts connections; reloads --rules when the file changes
 * (keeping the previous rules and printing the issues when the new file does not compile); stops
 * cleanly on SIGINT / SIGTERM.
 */
import { watch, readFileSync } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { formatIssues, start } from './index';

const USAGE =
  'Usage: firestore-emulator [--host 127.0.0.1] [--port 8080] [--project demo-project] [--rules <file>] [--data <dir>]';

const argsSchema = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  project: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'project ids are lower-case letters, digits and dashes')
    .default('demo-project'),
  rules: z.string().min(1).optional(),
  data: z.string().min(1).optional(),
});

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
  });
  process.stdout.write(`ready on ${emulator.host}:${emulator.port}\n`);

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
