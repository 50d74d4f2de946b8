export { ReportsPage as Component } from '@/features/admin/content/reports-page';
