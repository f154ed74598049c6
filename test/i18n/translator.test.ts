/** A reader's platform locale picks their catalog; anything unknown reads English, never a key name. */
import { describe, expect, it } from 'vitest';
import { isKnownLocale, normalizeLocale, translator } from '../../src/i18n';

describe('normalizeLocale', () => {
  it('reads Teams and Slack spellings of a language', () => {
    expect(normalizeLocale('de-DE')).toBe('de');
    expect(normalizeLocale('de_AT')).toBe('de');
    expect(normalizeLocale('DE')).toBe('de');
    expect(normalizeLocale('en-GB')).toBe('en');
  });

  it('falls back to the given default, then English, for a language without a catalog', () => {
    expect(normalizeLocale('fr-FR')).toBe('en');
    expect(normalizeLocale(undefined)).toBe('en');
    expect(normalizeLocale('', 'de')).toBe('de');
    expect(normalizeLocale('xx', 'yy')).toBe('en');
    expect(isKnownLocale('de-CH')).toBe(true);
    expect(isKnownLocale('fr')).toBe(false);
  });
});

describe('translator', () => {
  it('answers in the reader language, English for an unknown one', () => {
    expect(translator('de-DE')('common:language.name')).toBe('Deutsch');
    expect(translator('pt-BR')('common:language.name')).toBe('English');
  });

  it('gives each language its own text, and variables still apply after the same key was read without them', () => {
    const en = translator('en');
    const de = translator('de');
    expect(en('common:language.name')).toBe('English');
    expect(de('common:language.name')).toBe('Deutsch');
    expect(en('common:language.name')).toBe('English');
    en('notify:line.comment');
    expect(en('notify:line.comment', { author: 'Ria', text: 'hi' })).toBe('💬 Ria: hi');
  });
});

describe('what people typed', () => {
  it('is shown as typed: no variables, nesting or escaping applied to it', () => {
    const typed = '<b>$t(views:button.claim)</b> {{count}} & more';
    expect(translator('de')('notify:line.comment', { author: 'Ria', text: typed })).toBe(`💬 Ria: ${typed}`);
  });

  it('picks the plural form by count', () => {
    expect(translator('de')('views:ticket.earlierComments', { count: 1 })).toBe('1 älterer Kommentar nicht angezeigt');
    expect(translator('en')('views:ticket.earlierComments', { count: 3 })).toBe('3 earlier comments not shown');
  });
});
