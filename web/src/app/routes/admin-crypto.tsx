export { CryptoPage as Component } from '@/features/admin/content/crypto-page';
