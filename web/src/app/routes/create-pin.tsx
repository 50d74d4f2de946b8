export { CreatePinPage as Component } from '@/features/auth/components/create-pin-page';
