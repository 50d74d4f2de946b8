export { SubscriptionPage as Component } from '@/features/subscription/components/subscription-page';
