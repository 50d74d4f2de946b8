export { PotsPage as Component } from '@/features/admin/components/pots-page';
