export { SignalsPage as Component } from '@/features/admin/components/signals-page';
