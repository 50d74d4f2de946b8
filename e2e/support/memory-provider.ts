/**
 * The reference provider over HTTP on an in-memory store, seeded with the demo data. Used by the
 * browser tests only when E2E_STACK=memory (a partial stack without the Firestore emulator, for
 * working on the web app while the emulator is unavailable). Prints 'Provider API: <url>' when ready.
 */
import { optionsFromEnv, readEnv } from '@punter/provider/config';
import { createProvider } from '@punter/provider/provider';
import { seedDemo } from '@punter/provider/seed';
import { createHttpServer } from '@punter/provider/server';
import { createMemoryStore } from '@punter/provider/store-memory';

const env = readEnv();
const store = createMemoryStore();
const provider = createProvider({ ...optionsFromEnv(env, store), log: () => undefined });
await seedDemo(provider, store);
const server = createHttpServer(provider);
server.listen(env.PROVIDER_PORT, '127.0.0.1', () => {
  console.log(`Provider API: http://127.0.0.1:${env.PROVIDER_PORT}/api/v1 (memory store)`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
