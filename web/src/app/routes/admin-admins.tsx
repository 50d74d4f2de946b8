export { AdminsPage as Component } from '@/features/admin/components/admins-page';
