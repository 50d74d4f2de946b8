export { AuditPage as Component } from '@/features/admin/components/audit-page';
