export { BatchesPage as Component } from '@/features/admin/content/batches-page';
