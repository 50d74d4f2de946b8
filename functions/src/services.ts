/** The functions' dependencies, made once per instance: the provider client and the token minter. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, type Query } from 'firebase-admin/firestore';
import { getMessaging } from 'firebase-admin/messaging';
import { auditActionKeys } from '@punter/core/api/admin';
import { PERMISSIONS_COLLECTION, parsePermissions } from '@punter/core/permissions';
import type { ContentStore } from './content';
import type { PermissionsReader } from './permissions';
import { logger } from 'firebase-functions';
import { readFunctionsEnv } from './config';
import { httpProviderClient, inProcessProviderClient, type ProviderClient } from './provider-client';
import { createProviderCall } from './provider-call';
import type { SessionDeps } from './session';
import { fcmSignalPush, localSignalPush, type SignalPushAdapter } from './signal-push';
import { dropSignalPush, PUSH_TOKENS_COLLECTION, pushRegistrationSchema, tokenKey, type PushRegistry } from './push-registry';

let cached: {
  session: SessionDeps;
  providerCall: ReturnType<typeof createProviderCall>;
  content: ContentStore;
  signalPush: SignalPushAdapter;
  pushRegistry: PushRegistry;
  log: (message: string, fields?: Record<string, unknown>) => void;
} | null = null;

function adminApp() {
  return getApps().find((a) => a.name === '[DEFAULT]') ?? initializeApp();
}

function providerClient(): ProviderClient {
  const env = readFunctionsEnv();
  if (env.PROVIDER_API_URL) return httpProviderClient(env.PROVIDER_API_URL);
  return inProcessProviderClient(async () => {
    const [{ createProvider }, { createFirestoreStore }, { optionsFromEnv, readEnv }] = await Promise.all([
      import('@punter/provider/provider'),
      import('@punter/provider/store-firestore'),
      import('@punter/provider/config'),
    ]);
    const providerEnv = readEnv();
    const store = createFirestoreStore({ projectId: env.GCLOUD_PROJECT });
    return createProvider({ ...optionsFromEnv(providerEnv, store), log: (message, fields) => logger.info(message, fields) });
  });
}

export function services() {
  if (cached) return cached;
  const provider = providerClient();
  const log = (message: string, fields?: Record<string, unknown>) => logger.warn(message, fields);
  const signalPush = readFunctionsEnv().SIGNAL_PUSH === 'fcm' ? fcmSignalPush(getMessaging(adminApp())) : localSignalPush;
  const pushRegistry = firestorePushRegistry(log);
  cached = {
    session: {
      provider,
      mintToken: (uid, claims) => getAuth(adminApp()).createCustomToken(uid, { ...claims }),
      log,
    },
    providerCall: createProviderCall({
      provider,
      log,
      permissions: firestorePermissions(),
      onPaused: (uid) => dropSignalPush(pushRegistry, signalPush, uid),
    }),
    content: firestoreContent(),
    signalPush,
    pushRegistry,
    log,
  };
  return cached;
}

/** user_permissions/{uid} through the admin SDK, parsed with core's schema (malformed = none). */
function firestorePermissions(): PermissionsReader {
  return {
    async permissionsOf(uid) {
      const snap = await getFirestore(adminApp()).collection(PERMISSIONS_COLLECTION).doc(uid).get();
      return snap.exists ? parsePermissions(snap.data()) : null;
    },
  };
}

/** Deletes every document `query` finds, 400 a batch; returns how many. */
async function deleteEvery(query: Query): Promise<number> {
  let deleted = 0;
  for (;;) {
    const snap = await query.limit(400).get();
    if (snap.empty) return deleted;
    const batch = query.firestore.batch();
    for (const doc of snap.docs) batch.delete(doc.ref);
    await batch.commit();
    deleted += snap.size;
  }
}

/** The app's collections through the admin SDK (signal, games), and the callers' permissions. */
function firestoreContent(): ContentStore {
  const db = () => getFirestore(adminApp());
  return {
    ...firestorePermissions(),
    async addSignal(doc) {
      const ref = await db()
        .collection('signal')
        .add({ ...doc, timestamp: FieldValue.serverTimestamp() });
      return ref.id;
    },
    deleteAll: (collection) => deleteEvery(db().collection(collection)),
    // A settled or ended code never becomes Active again, so deleting what the query found is safe.
    deleteGamesWithStatus: (statuses) =>
      deleteEvery(
        db()
          .collection('games')
          .where('status', 'in', [...statuses]),
      ),
    async audit(entry) {
      const ref = db().collection('provider_audit').doc();
      await ref.set({ id: ref.id, ...entry, ...auditActionKeys(entry.action), created_at: Date.now() });
    },
  };
}

/** signal_push_tokens through the admin SDK (ADR 0025); a malformed document is skipped and logged. */
function firestorePushRegistry(log: (message: string, fields?: Record<string, unknown>) => void): PushRegistry {
  const collection = () => getFirestore(adminApp()).collection(PUSH_TOKENS_COLLECTION);
  const parse = (docs: Array<{ id: string; data(): unknown }>) =>
    docs.flatMap((doc) => {
      const parsed = pushRegistrationSchema.safeParse(doc.data());
      if (parsed.success) return [parsed.data];
      log('malformed push registration skipped', { id: doc.id });
      return [];
    });
  return {
    async save(registration) {
      await collection().doc(tokenKey(registration.token)).set(pushRegistrationSchema.parse(registration));
    },
    async ofUser(uid) {
      return parse((await collection().where('uid', '==', uid).get()).docs);
    },
    async due(now, limit) {
      return parse((await collection().where('check_at', '<=', now).orderBy('check_at').limit(limit).get()).docs);
    },
    async remove(token) {
      await collection().doc(tokenKey(token)).delete();
    },
  };
}
