export { ExpiredSubscriptionPage as Component } from '@/features/subscription/components/expired-subscription-page';
