/**
 * reactfire for the screens that read Firestore live (signal feed, pots, my games): wrap their
 * routes in <FirestoreProviders>. Lazy-load it with those routes so the auth screens and the
 * dashboard never download the Firestore SDK.
 */
import type { ReactNode } from 'react';
import { FirebaseAppProvider, FirestoreProvider } from 'reactfire';
import { firebaseApp } from '@/lib/firebase';
import { db } from '@/lib/firestore';

export function FirestoreProviders({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <FirestoreProvider sdk={db}>{children}</FirestoreProvider>
    </FirebaseAppProvider>
  );
}
