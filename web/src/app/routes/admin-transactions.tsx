export { AdminTransactionsPage as Component } from '@/features/admin/components/transactions-page';
