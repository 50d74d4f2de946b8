export { TermsAndConditionsPage as Component } from '@/features/legal/components/terms-and-conditions-page';
