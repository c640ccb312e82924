import { afterEach, describe, expect, it } from 'vitest';
import { passwordProblems } from '@jara/shared';
import { i18n, type Translate } from '../../i18n';
import { loadAreas } from '../../i18n/i18n';
import { ROOT_AREAS } from '../../i18n/catalogues';
import { validateNewPassword } from './validation';

const t: Translate<'auth'> = (id, values) => i18n._(id, values);

afterEach(() => i18n.activate('en'));

describe('password problems in the catalogue', () => {
  // The shared rules (the server's too) name the problems; each has a message of its own.
  it.each(['', 'short', 'alllowercase', 'ALLUPPER1!', 'NoSpecial123', `Aa1!${'x'.repeat(130)}`])(
    'English says exactly what the shared rules say for %j',
    (password) => {
      expect(validateNewPassword({ password, confirmPassword: password }, t).password).toEqual(
        passwordProblems(password),
      );
    },
  );

  it('Pidgin words every rule', async () => {
    await loadAreas(i18n, ['auth', ...ROOT_AREAS], 'pcm');
    i18n.activate('pcm');
    const long = validateNewPassword({ password: `Aa1!${'x'.repeat(130)}`, confirmPassword: '' }, t);
    expect(long.password).toEqual(['E no suppose pass 128 characters']);
    expect(long.confirmPassword).toHaveLength(1);
    expect(long.confirmPassword[0]).not.toBe('Passwords do not match');
    expect(validateNewPassword({ password: '', confirmPassword: '' }, t).password).toEqual([
      'E must reach 8 characters',
      'One small letter',
      'One capital letter',
      'One figure',
      'One special sign like # or !',
    ]);
  });
});
