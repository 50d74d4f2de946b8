export { UserPage as Component } from '@/features/admin/components/user-page';
