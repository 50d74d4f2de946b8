/**
 * Listens to the signed-in user's permissions document (ADR 0004) and publishes it to
 * lib/permissions, so screens follow a change without a reload. When the document says the account
 * is no longer active (suspended, or it must change its password) the session ends at once, both
 * the provider profile and Firebase, and /login says why. Lazy-loaded by the app layout after its
 * first paint: it brings the Firestore SDK.
 */
import { useEffect, useMemo, useState } from 'react';
import { useFirestoreDocData } from 'reactfire';
import { FirestoreProviders } from '@/app/firestore-providers';
import { auth } from '@/lib/firebase';
import { endFirebaseSession } from '@/lib/firebase-session';
import { publishPermissions } from '@/lib/permissions';
import { permissionsRef } from '@/lib/permissions-doc';
import { endSessionWithNotice, INACTIVE_ACCOUNT_MESSAGE } from '@/lib/session';

function Listener({ uid }: { uid: string }) {
  const ref = useMemo(() => permissionsRef(uid), [uid]);
  const { status, data } = useFirestoreDocData(ref);
  const permissions = status === 'success' ? (data ?? null) : undefined;

  useEffect(() => {
    // A listener error (offline, a rule refusal) keeps what is known: the callables and rules still decide.
    if (permissions === undefined) return;
    publishPermissions(uid, permissions);
    if (permissions?.active === false) {
      void endFirebaseSession().finally(() => endSessionWithNotice(INACTIVE_ACCOUNT_MESSAGE));
    }
  }, [uid, permissions]);
  return null;
}

export default function PermissionsWatcher({ uid }: { uid: string }) {
  // Listen only once Firebase has restored this user's session: a listener opened before would be refused.
  const [firebaseUid, setFirebaseUid] = useState<string | null>(null);
  useEffect(() => auth.onUidChange(setFirebaseUid), []);
  if (firebaseUid !== uid) return null;
  return (
    <FirestoreProviders>
      <Listener key={uid} uid={uid} />
    </FirestoreProviders>
  );
}
