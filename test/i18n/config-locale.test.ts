/** HELPDESK_LOCALE: the language of channel cards without a `language` of their own. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('HELPDESK_LOCALE', () => {
  it('defaults to English and reads a platform spelling of a known language', () => {
    expect(loadConfig({}).locale).toBe('en');
    expect(loadConfig({ HELPDESK_LOCALE: 'de-DE' }).locale).toBe('de');
  });

  it('stops start-up naming the variable when the language has no catalog', () => {
    let error: unknown;
    try {
      loadConfig({ HELPDESK_LOCALE: 'klingon' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('HELPDESK_LOCALE');
    expect((error as Error).message).toMatch(/^HELPDESK_LOCALE: "klingon" has no message catalog \(one of: en, de\)/);
  });
});
