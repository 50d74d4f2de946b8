export { SaveBankPage as Component } from '@/features/bank/components/save-bank-page';
