/** /my-games: the user's own purchases, live from Firestore (ADR 0045). */
export { MyGamesPage as Component } from '@/features/punters-hub/components/my-games-page';
