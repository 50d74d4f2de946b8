// Register with a referral code: the same screen as /register, the code prefilled from the path.
export { RegisterPage as Component } from '@/features/auth/components/register-page';
