export { AdsPage as Component } from '@/features/admin/content/ads-page';
