export { PrivacyPolicyPage as Component } from '@/features/legal/components/privacy-policy-page';
