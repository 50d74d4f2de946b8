/**
 * Firestore for the screens that read it live. Imported only by those (lazy) routes so the
 * first load of /login and /dashboard does not carry the Firestore SDK. lib/firebase.ts has set up Auth on the
 * app before this module runs: Firestore asks it for the user's ID token, and its first listen waits until Auth
 * has restored (and if need be renewed) the session, so a screen opened directly is not refused (ADR 0037).
 */
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { env } from '@/config/env';
import { firebaseApp } from '@/lib/firebase';

export const db = getFirestore(firebaseApp);

if (env.VITE_USE_EMULATORS) {
  const [host = '127.0.0.1', port = '8080'] = env.VITE_FIRESTORE_EMULATOR_HOST.split(':');
  connectFirestoreEmulator(db, host, Number(port));
}
