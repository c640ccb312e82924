import { ProfilePage } from '../../features/profile';
import { AddressBook } from '../../features/addresses';
import { ChangePasswordForm, SignOutEverywhere } from '../../features/auth';
import { LanguageSwitch } from '../../session/language-switch';

/** /profile: the account, its language, its saved addresses, its password and its devices. */
export function ProfileRoute() {
  return (
    <ProfilePage>
      <section className="rounded-3xl bg-white p-6 shadow-[var(--shadow-card)]">
        <LanguageSwitch />
      </section>
      <AddressBook />
      <ChangePasswordForm />
      <SignOutEverywhere />
    </ProfilePage>
  );
}
