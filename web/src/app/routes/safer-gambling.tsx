export { SaferGamblingPage as Component } from '@/features/legal/components/safer-gambling-page';
