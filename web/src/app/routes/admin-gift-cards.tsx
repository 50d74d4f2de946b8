export { GiftCardsPage as Component } from '@/features/admin/content/gift-cards-page';
