/** /signal-4: the live feed reads Firestore, so this route (and only routes like it) brings reactfire and the SDK. */
import { FirestoreProviders } from '@/app/firestore-providers';
import { SignalPage } from '@/features/signals/components/signal-page';

export function Component() {
  return (
    <FirestoreProviders>
      <SignalPage />
    </FirestoreProviders>
  );
}
