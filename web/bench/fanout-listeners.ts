/**
 * One listener process of the signal fan-out bench (signal-fanout.ts forks several, so that thousands of
 * listeners fit: one Node process holds about 1,000 web SDK clients at ~1.2 MB each, and a process is one
 * core at most). Each client is its own Firebase app with its own Firestore instance and Listen stream,
 * signed in as the reader and listening with the feed screen's query, as a reader's browser does.
 *
 * The parent talks to it over IPC (messages checked with zod both ways, `fanout-ipc.ts`):
 *   open   -> opens the clients, answers `opened` once each has its first snapshot from the server
 *             (or an error), with the memory and CPU the clients took;
 *   status -> answers how many clients hold every given signal id, and how many see an empty feed;
 *   collect-> answers every 'added' arrival time per client and signal id (Date.now(), the machine's clock);
 *   close  -> stops the listeners and exits.
 * Each client is a reader of its own (uid `<readerPrefix><index>`, whose `user_permissions` document the
 * bench wrote as a copy of the subscribed demo reader's), so the emulator judges the feed's rules for each
 * listener as production does for distinct readers. Its ID token is the SDK's emulator mock token
 * (`connectFirestoreEmulator`'s `mockUserToken`: an unsigned JWT with the claims of a custom-token sign-in,
 * which is how the app signs its users in); the Auth emulator is not what is measured, and ten thousand
 * sign-ins would only queue there.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  setLogLevel,
  terminate,
  Timestamp,
  where,
} from 'firebase/firestore';
import { parentMessage, type ChildMessage, type OpenRequest } from './fanout-ipc';

interface Client {
  app: FirebaseApp;
  unsubscribe: () => void;
  /** Signal id -> when each 'added' change for it arrived (Date.now()). */
  added: Map<string, number[]>;
  /** Size of the last snapshot from the server, -1 before the first. */
  size: number;
  error: string | null;
}

const clients: Client[] = [];

function send(message: ChildMessage): void {
  process.send?.(message);
}

function openClient(index: number, request: OpenRequest): Client {
  const app = initializeApp({ projectId: request.projectId, apiKey: 'demo-key' }, `fanout-${index}`);
  const client: Client = { app, unsubscribe: () => undefined, added: new Map(), size: -1, error: null };
  clients.push(client);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', request.firestorePort, {
    mockUserToken: { sub: `${request.readerPrefix}${index}` },
  });
  // The screen's query (signalFeedQuery with generation 0).
  const feed = query(
    collection(db, 'signal'),
    where('timestamp', '>=', Timestamp.fromMillis(0)),
    orderBy('timestamp', 'desc'),
    limit(request.feedLimit),
  );
  client.unsubscribe = onSnapshot(
    feed,
    { includeMetadataChanges: true },
    (snapshot) => {
      const at = Date.now();
      for (const change of snapshot.docChanges()) {
        if (change.type !== 'added') continue;
        const times = client.added.get(change.doc.id) ?? [];
        times.push(at);
        client.added.set(change.doc.id, times);
      }
      if (!snapshot.metadata.fromCache) client.size = snapshot.size;
    },
    (error) => {
      client.error = error.code;
    },
  );
  return client;
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

async function open(request: OpenRequest): Promise<void> {
  setLogLevel('silent');
  const cpuBefore = process.cpuUsage();
  const memoryBefore = process.memoryUsage();
  const started = Date.now();
  // Opens batches until all are open or the deadline passes (the machine holds no more in the time given).
  const deadline = started + request.deadlineMs;
  for (let i = 0; i < request.count && Date.now() < deadline; i += request.batch) {
    const batch: Client[] = [];
    for (let j = i; j < Math.min(request.count, i + request.batch); j += 1)
      batch.push(openClient(request.firstIndex + j, request));
    // A batch at a time: thousands of Listen streams opened at once only queue in the emulator.
    await waitFor(() => batch.every((c) => c.size >= 0 || c.error !== null), Math.max(0, deadline - Date.now()));
  }
  const allListening = await waitFor(
    () => clients.every((c) => c.size >= 0 || c.error !== null),
    Math.max(0, deadline - Date.now()),
  );
  // A client not listening by the deadline stops and is left out of the figures (reported as not listening).
  const late = clients.filter((c) => c.size < 0 && c.error === null);
  for (const c of late) c.unsubscribe();
  const notListening = late.length;
  clients.splice(0, clients.length, ...clients.filter((c) => !late.includes(c)));
  void Promise.allSettled(late.map((c) => deleteApp(c.app)));
  const cpu = process.cpuUsage(cpuBefore);
  const memory = process.memoryUsage();
  const errors = clients.filter((c) => c.error !== null).map((c) => c.error ?? '');
  send({
    type: 'opened',
    requested: request.count,
    clients: clients.length,
    listening: clients.filter((c) => c.size >= 0 && c.error === null).length,
    notListening,
    allListening,
    errors: errors.slice(0, 5),
    errorCount: errors.length,
    setupMs: Date.now() - started,
    setupCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rssBytes: memory.rss,
    rssBeforeBytes: memoryBefore.rss,
    heapUsedBytes: memory.heapUsed,
  });
}

async function close(): Promise<void> {
  for (const c of clients) c.unsubscribe();
  await Promise.race([
    Promise.allSettled(
      clients.map(async (c) => {
        await terminate(getFirestore(c.app));
        await deleteApp(c.app);
      }),
    ),
    new Promise((r) => setTimeout(r, 10_000)),
  ]);
  // Lingering gRPC and Auth timers of deleted apps must not keep the process alive.
  process.exit(0);
}

process.on('message', (raw) => {
  const parsed = parentMessage.safeParse(raw);
  if (!parsed.success) {
    send({ type: 'failed', message: `bad message from the bench: ${parsed.error.message}` });
    return;
  }
  const message = parsed.data;
  switch (message.type) {
    case 'open':
      void open(message).catch((error: unknown) =>
        send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
      break;
    case 'status': {
      const cpu = process.cpuUsage();
      send({
        type: 'status',
        seq: message.seq,
        withAll: clients.filter((c) => message.ids.every((id) => c.added.has(id))).length,
        empty: clients.filter((c) => c.size === 0).length,
        errorCount: clients.filter((c) => c.error !== null).length,
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      });
      break;
    }
    case 'collect':
      send({ type: 'collected', added: clients.map((c) => [...c.added.entries()]) });
      break;
    case 'close':
      void close();
      break;
  }
});
// The parent gone (killed, crashed): nothing else would end this process.
process.on('disconnect', () => void close());
send({ type: 'hello' });
