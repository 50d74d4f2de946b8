/** /profile composed from two features: the profile page with the wallet's panel beside it. */
import { ProfilePage } from '@/features/profile/components/profile-page';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';

export function Component() {
  return <ProfilePage walletPanel={<WalletPanel />} />;
}
