/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux): all its threads, or one thread
 * (`task`, a thread id; the process's own id is the thread that runs its JavaScript). NaN when it is gone.
 */
import { existsSync, readFileSync } from 'node:fs';

export function cpuMs(pid: number | undefined, task?: number | string): number {
  if (pid === undefined) return Number.NaN;
  const file = task === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${task}/stat`;
  if (!existsSync(file)) return Number.NaN;
  const f = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}
