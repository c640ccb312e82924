import { ProfilePage } from '../../features/profile';
import { AddressBook } from '../../features/addresses';
import { ChangePasswordForm, SignOutEverywhere } from '../../features/auth';

/** /profile: the account, its saved addresses, its password and its devices. */
export function ProfileRoute() {
  return (
    <ProfilePage>
      <AddressBook />
      <ChangePasswordForm />
      <SignOutEverywhere />
    </ProfilePage>
  );
}
