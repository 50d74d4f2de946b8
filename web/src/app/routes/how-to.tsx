export { HowToPage as Component } from '@/features/how-to/components/how-to-page';
