/** /my-games: pages of the user's own purchases from Firestore (a cursor, not a listener). */
import { MyGamesPage } from '@/features/punters-hub/components/my-games-page';
import { loadMyGamesPage } from '@/features/punters-hub/api/my-games';

export function Component() {
  return <MyGamesPage loader={loadMyGamesPage} />;
}
