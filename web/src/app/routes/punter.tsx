/** /punter/{username}: one punter's record and codes on sale (provider REST, no Firestore). */
export { PunterProfilePage as Component } from '@/features/punters-hub/components/punter-profile-page';
