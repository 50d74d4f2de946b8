export { AnalystPage as Component } from '@/features/analyst/components/analyst-page';
