export { OddAndEvenPage as Component } from '@/features/odd-and-even/components/odd-and-even-page';
