export { TransactionsPage as Component } from '@/features/wallet/components/transactions-page';
