/** /auto-trada: the live pot list reads Firestore, so this route brings reactfire and the SDK. */
import { FirestoreProviders } from '@/app/firestore-providers';
import { AutoTradaPage } from '@/features/pots/components/auto-trada-page';

export function Component() {
  return (
    <FirestoreProviders>
      <AutoTradaPage />
    </FirestoreProviders>
  );
}
