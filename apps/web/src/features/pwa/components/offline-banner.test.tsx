import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { OfflineBanner } from './offline-banner';

describe('the offline banner', () => {
  afterEach(() => i18n.activate('en'));

  it('says it in English, then in Pidgin', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { unmount } = render(<OfflineBanner />);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(
      "You're offline — showing what you saw last. Changes to your cart are kept and sent when you're back.",
    );
    unmount();
    await loadAreas(i18n, ['pwa', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    render(<OfflineBanner />);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(/^You no get network/);
  });
});
