/**
 * The emulator for provider/bench/load.ts in a process of its own (so the provider's event loop and the
 * emulator's do not share one core): starts it on a free port, in production-limits mode unless
 * `--limits=off`, prints `ready HOST:PORT` and runs until it is killed.
 */
import { start } from '@punter/emulator';

const limits = !process.argv.includes('--limits=off');
const emulator = await start({ port: 0, project: 'demo-load', ...(limits ? { productionLimits: { reportOnStop: false } } : {}) });
console.log(`ready ${emulator.host}:${emulator.port}`);
const stop = () => {
  void emulator.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
