import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

/**
 * The catalogues Lingui's Vite plugin compiles (`import('…/locales/pcm.json?lingui')`): ids are
 * written by hand (no macros, no extraction), each area's files beside its code (src/i18n/catalogues.ts).
 * A missing or broken message fails the build.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'pcm'],
  format: formatter({ style: 'minimal' }),
  catalogs: [
    { path: '<rootDir>/src/i18n/locales/{locale}', include: ['<rootDir>/src'] },
    { path: '<rootDir>/src/features/{name}/locales/{locale}', include: ['<rootDir>/src/features/{name}'] },
    { path: '<rootDir>/src/conversation/locales/{locale}', include: ['<rootDir>/src/conversation'] },
    { path: '<rootDir>/src/delivery/locales/{locale}', include: ['<rootDir>/src/delivery'] },
    { path: '<rootDir>/src/earnings/locales/{locale}', include: ['<rootDir>/src/earnings'] },
    { path: '<rootDir>/src/insights/locales/{locale}', include: ['<rootDir>/src/insights'] },
    { path: '<rootDir>/src/map/locales/{locale}', include: ['<rootDir>/src/map'] },
    { path: '<rootDir>/src/promotions/locales/{locale}', include: ['<rootDir>/src/promotions'] },
    { path: '<rootDir>/../../packages/shared/src/locales/{locale}', include: ['<rootDir>/../../packages/shared/src'] },
  ],
});
