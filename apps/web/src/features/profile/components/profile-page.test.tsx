import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { ROOT_AREAS } from '../../../i18n/catalogues';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { ProfilePage } from './profile-page';

const user = {
  _id: 'u1',
  name: 'Ada Obi',
  email: 'ada@jara.test',
  isSeller: false,
  isRider: false,
  role: 'customer',
  roles: ['customer'],
  chatId: null,
  cartItems: {},
  wishList: [],
};

afterEach(() => i18n.activate('en'));

describe('ProfilePage', () => {
  it('asks a guest to log in', async () => {
    stubFetch(GUEST);
    renderApp(<ProfilePage>{null}</ProfilePage>);
    expect(await screen.findByText('Log in to see and manage your account.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  it('shows the account in Pidgin', async () => {
    await loadAreas(i18n, ['profile', ...ROOT_AREAS], 'pcm');
    i18n.activate('pcm');
    stubFetch({ 'GET /api/user/is-auth': { success: true, user } });
    renderApp(<ProfilePage>{null}</ProfilePage>);
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeVisible();
    expect(screen.getByText('Ada Obi')).toBeVisible();
    expect(document.title).toBe('Your profile · Jara');
  });
});
