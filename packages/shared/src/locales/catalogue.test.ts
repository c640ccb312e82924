import { describe, expect, it } from 'vitest';
import messagesEn from './en.json' with { type: 'json' };
import messagesPcm from './pcm.json' with { type: 'json' };
import errorsEn from './errors/en.json' with { type: 'json' };
import errorsPcm from './errors/pcm.json' with { type: 'json' };

// The spec's messages (the web loads them on every page) and the error codes (the server's alone).
const en = { ...messagesEn, ...errorsEn };
const pcm = { ...messagesPcm, ...errorsPcm };
import { MSG } from '../messages.js';
import { ERROR_CODES } from '../error-codes.js';

const catalogues: Record<string, Record<string, string>> = { en, pcm };

describe('the shared catalogue', () => {
  it('holds in English exactly the specification’s messages, key for key', () => {
    const messages = Object.fromEntries(
      Object.entries(en)
        .filter(([id]) => id.startsWith('msg.'))
        .map(([id, text]) => [id.slice('msg.'.length), text]),
    );
    expect(messages).toEqual(MSG);
  });

  it('has a message for every error code and for nothing else', () => {
    const codes = Object.keys(en)
      .filter((id) => id.startsWith('error.'))
      .map((id) => id.slice('error.'.length));
    expect(codes.sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect(Object.keys(en).filter((id) => !id.startsWith('msg.') && !id.startsWith('error.'))).toEqual([]);
  });

  it('says everything in Pidgin too, in words of its own, as plain text', () => {
    expect(Object.keys(pcm).sort()).toEqual(Object.keys(en).sort());
    for (const [lang, messages] of Object.entries(catalogues)) {
      for (const [id, text] of Object.entries(messages)) {
        expect(text.trim(), `${lang} ${id}`).not.toBe('');
        // No ICU syntax: the web and the server show these as they are (a stray brace would be a placeholder).
        expect(text, `${lang} ${id}`).not.toMatch(/[{}#]/);
      }
    }
    // Brands and names aside, Pidgin differs from English (a copied English string is an untranslated one).
    const same = Object.keys(en).filter((id) => en[id as keyof typeof en] === pcm[id as keyof typeof pcm]);
    expect(same).toEqual([]);
  });
});
