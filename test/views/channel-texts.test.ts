/**
 * The channels' own texts (views/channel-texts.ts) come out finished in the reader's language:
 * every one in German differs from its English, no variable or key is left unfilled, and a
 * platform locale ('de-DE') picks the same language as its catalog name.
 */
import { describe, expect, it } from 'vitest';
import { slackTexts, teamsTexts, type SlackTexts, type TeamsTexts } from '../../src/views/channel-texts';

/** Every text of one set, called with sample arguments. */
function all(texts: TeamsTexts | SlackTexts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, fn] of Object.entries(texts) as [string, (...args: unknown[]) => string][]) {
    out[name] = fn.length === 0 ? fn() : fn(...(name === 'modalTitle' ? ['newTicket'] : name === 'pointer' ? [true] : [42, 'Offen', 'Alex Wilber'].slice(0, fn.length)));
  }
  return out;
}

/** Texts German writes as English does: "Ticket #12: Offen" is German too. */
const SAME_IN_GERMAN = new Set(['homeTicketStatus', 'ticketModalTitle']);

describe('channel texts', () => {
  for (const [platform, make] of [['teams', teamsTexts], ['slack', slackTexts]] as const) {
    it(`${platform}: every text is German for a German reader and English otherwise`, () => {
      const en = all(make('en'));
      const de = all(make('de'));
      expect(Object.keys(de).length).toBeGreaterThan(5);
      const same = Object.keys(en).filter((k) => en[k] === de[k] && !SAME_IN_GERMAN.has(k));
      expect(same).toEqual([]);
      const unfilled = Object.entries({ ...en, ...de }).filter(([, v]) => /\{\{|^(teams|slack|views):/.test(v));
      expect(unfilled).toEqual([]);
      expect(all(make('de-DE'))).toEqual(de);
      expect(all(make(undefined))).toEqual(en);
    });
  }

  it('fills in what the reader needs to recognise', () => {
    expect(teamsTexts('de').fullTextSent(42)).toContain('42');
    expect(teamsTexts('en').filedNotPosted(7)).toContain('7');
    expect(teamsTexts('en').filedNotPosted()).not.toContain('undefined');
    expect(slackTexts('en').homeTicketStatus(5, 'Open', 'Alex Wilber')).toContain('Alex Wilber');
    expect(slackTexts('en').noAssigneeEmail()).toBe(slackTexts('en').noAssigneeEmail(undefined));
    expect(slackTexts('de').slackMessageFrom()).toContain(slackTexts('de').someone());
  });
});
