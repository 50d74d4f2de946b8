/** /punters: punters ranked by their verified record (provider REST, no Firestore). */
export { PuntersPage as Component } from '@/features/punters-hub/components/punters-page';
