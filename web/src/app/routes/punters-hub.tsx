/** /punters-hub: the live codes read Firestore, so this route brings reactfire and the SDK. */
import { FirestoreProviders } from '@/app/firestore-providers';
import { HubPage } from '@/features/punters-hub/components/hub-page';

export function Component() {
  return (
    <FirestoreProviders>
      <HubPage />
    </FirestoreProviders>
  );
}
