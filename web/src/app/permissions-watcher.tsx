/**
 * Listens to the signed-in user's permissions document (ADR 0004) and publishes it to
 * lib/permissions, so screens follow a change without a reload. When the document says the account
 * is no longer active (suspended, or it must change its password) the session ends at once, both
 * the provider profile and Firebase, and /login says why. Lazy-loaded by the app layout after its
 * first paint: it brings the Firestore SDK, but not reactfire, which the screens that show live data
 * load for themselves (the document goes through the same zod converter, lib/permissions-doc.ts).
 */
import { onAuthStateChanged } from 'firebase/auth';
import { onSnapshot } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { auth } from '@/lib/firebase';
import { endFirebaseSession } from '@/lib/firebase-session';
import { publishPermissions } from '@/lib/permissions';
import { permissionsRef } from '@/lib/permissions-doc';
import { endSessionWithNotice, INACTIVE_ACCOUNT_MESSAGE } from '@/lib/session';

function Listener({ uid }: { uid: string }) {
  const [failure, setFailure] = useState<Error | null>(null);

  useEffect(
    () =>
      onSnapshot(
        permissionsRef(uid),
        (snapshot) => {
          const permissions = snapshot.data() ?? null;
          publishPermissions(uid, permissions);
          if (permissions?.active === false) {
            void endFirebaseSession().finally(() => endSessionWithNotice(INACTIVE_ACCOUNT_MESSAGE));
          }
        },
        // A listener Firestore ended (a rule refusal): what is known stays (the callables and rules still
        // decide), and the watcher stops, to start again after a wait (app/live-permissions.tsx).
        setFailure,
      ),
    [uid],
  );
  if (failure) throw failure;
  return null;
}

export default function PermissionsWatcher({ uid }: { uid: string }) {
  // Listen only once Firebase has this user's session: a listener opened before would be refused.
  const [firebaseUid, setFirebaseUid] = useState<string | null>(null);
  useEffect(() => onAuthStateChanged(auth, (user) => setFirebaseUid(user?.uid ?? null)), []);
  if (firebaseUid !== uid) return null;
  return <Listener key={uid} uid={uid} />;
}
