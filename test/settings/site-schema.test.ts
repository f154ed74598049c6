/** HELPDESK_FORM_EXCLUDE and which value lists an admin set, as loadConfig reads them. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('site schema settings', () => {
  it('reads HELPDESK_FORM_EXCLUDE as internal names and notes which value lists are set', () => {
    const h = loadConfig({ HELPDESK_FORM_EXCLUDE: ' SD_Location, SD_Cost ,', HELPDESK_PRIORITIES: 'Low,High', HELPDESK_HIGH_PRIORITIES: 'High' }).helpdesk;
    expect(h.formExclude).toEqual(['SD_Location', 'SD_Cost']);
    expect(h.listsSet).toEqual(['HELPDESK_PRIORITIES']);
    expect(loadConfig({}).helpdesk).toMatchObject({ formExclude: [], listsSet: [] });
  });

  it('refuses a display name where an internal name belongs, naming the variable', () => {
    expect(() => loadConfig({ HELPDESK_FORM_EXCLUDE: 'Cost centre' })).toThrow(ConfigError);
    expect(() => loadConfig({ HELPDESK_FORM_EXCLUDE: 'Cost centre' })).toThrow(/HELPDESK_FORM_EXCLUDE: "Cost centre" is not a column's internal name/);
  });
});
