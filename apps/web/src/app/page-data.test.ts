import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@jara/shared';
import { catalogueModule, ROOT_AREAS } from '../i18n/catalogues';
import { appScreen, isServerRendered, matchPage } from './page-data';
import { TRACKING_AREAS } from './router';

/** The web app's folder: the build's manifest names modules from it. */
const WEB = path.resolve(__dirname, '../..');

describe('the screens the shell asks for with the app', () => {
  it('names source modules that exist, for the tracking pages only', () => {
    for (const pathname of ['/my-orders', '/dispatch']) {
      const m = matchPage(pathname)!;
      expect(isServerRendered(m), pathname).toBe(false);
      const screen = appScreen(m)!;
      expect(screen.modules.length, pathname).toBeGreaterThan(0);
      for (const module of screen.modules) expect(existsSync(path.join(WEB, module)), module).toBe(true);
      // The same catalogues the route loads with its chunk (router.tsx).
      expect(screen.areas).toBe(TRACKING_AREAS[m.pattern as keyof typeof TRACKING_AREAS]);
      // Public reads only: the shell is the same for every signed-in visitor.
      expect(screen.reads).toEqual(['/api/map']);
    }
    for (const pathname of ['/', '/cart', '/profile', '/seller/orders', '/threads']) {
      expect(appScreen(matchPage(pathname)!), pathname).toBeUndefined();
    }
  });

  it("names each catalogue as the build's manifest does, in both languages", () => {
    for (const language of LANGUAGES) {
      for (const area of ROOT_AREAS) expect(catalogueModule(area, language)).toBe(`messages-${language}`);
      for (const area of [...TRACKING_AREAS.dispatch, ...TRACKING_AREAS['my-orders'], 'pwa', 'chat'] as const) {
        const module = catalogueModule(area, language);
        expect(module, area).toMatch(new RegExp(`^src/.+/locales/${language}\\.json\\?lingui$`));
        expect(existsSync(path.join(WEB, module.replace('?lingui', ''))), module).toBe(true);
      }
    }
  });
});
