export { StakeCalculatorPage as Component } from '@/features/calculators/components/stake-calculator-page';
