export { WithdrawalsPage as Component } from '@/features/admin/components/withdrawals-page';
