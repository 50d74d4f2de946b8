export { CodesPage as Component } from '@/features/admin/components/codes-page';
