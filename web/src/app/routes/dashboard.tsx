export { DashboardPage as Component } from '@/features/wallet/components/dashboard-page';
