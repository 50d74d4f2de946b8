/** /pot/{id}: one pot and its participants, live from Firestore. */
import { FirestoreProviders } from '@/app/firestore-providers';
import { PotPage } from '@/features/pots/components/pot-page';

export function Component() {
  return (
    <FirestoreProviders>
      <PotPage />
    </FirestoreProviders>
  );
}
