export { OverTwoFivePage as Component } from '@/features/calculators/components/over-two-five-page';
