export { SaferPlayPage as Component } from '@/features/safer-play/components/safer-play-page';
