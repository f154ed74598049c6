/**
 * User text never changes a message's meaning in Teams (issue 10.3, 17.8): what a person types
 * reaches the ticket exactly, only Teams' own markup is translated, and cards show user text
 * literally: markdown is escaped and Adaptive Card template syntax is never evaluated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literal } from '../../src/channels/teams/cards';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from './harness';

let h: TeamsHarness;
beforeAll(async () => {
  h = await startTeamsHarness();
}, 30_000);
afterAll(() => h?.close());

const CORPUS = [
  '[here](https://example.invalid/login)',
  '**urgent** _now_',
  '${$root.secret}',
  "${if(true, 'evaluated', 'literal')}",
  '<null>',
  'x<5 and y>3',
  '- not a list',
  '1. not a list either',
  'back\\slash `code` ~strike~ # not a heading | pipe',
  '&amp; stays &amp;',
];

/** Every TextBlock text and Fact value in a card. */
function shownTexts(card: unknown): string[] {
  const out: string[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'TextBlock' && typeof n.text === 'string') out.push(n.text);
      if (typeof n.title === 'string' && typeof n.value === 'string' && !n.type) out.push(n.value);
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return out;
}

const lynne = () => ({ email: h.emails.lynne!, name: 'Lynne Robbins' });

describe('user text through Teams', () => {
  it('a typed comment reaches the ticket exactly as typed, plain or as the HTML Teams sends', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne(), { title: 'Literal text check' });
    // Teams HTML-encodes what people type; unencoded text (as some clients send) must survive too,
    // except entities, which in unencoded text are the person's own and so cannot be told apart.
    const plain = CORPUS.filter((text) => !text.includes('&'));
    for (const text of plain) await h.say(`comment ${t.id} ${text}`, 'lynne');
    for (const text of CORPUS) {
      const html = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      const activity = h.fixture('message-personal', 'lynne');
      activity.text = `<p>comment ${t.id} ${html}</p>`;
      activity.textFormat = 'xml';
      expect((await h.post(activity)).status).toBe(200);
    }
    const bodies = (await h.stack.helpdesk.listComments(lynne(), t.id)).map((c) => c.body);
    expect(bodies).toEqual([...plain, ...CORPUS]);
  });

  it('a card form submit files the title and description exactly', async () => {
    for (const text of CORPUS) {
      const res = await h.execute('ticket.create', { title: `T ${text}`, description: text, priority: 'Normal', category: 'Hardware' }, 'lynne');
      expect(res.status, text).toBe(200);
    }
    const mine = await h.stack.helpdesk.listTickets(lynne(), { submittedBy: lynne().email });
    for (const text of CORPUS) {
      const t = mine.find((x) => x.title === `T ${text}`);
      expect(t?.description, text).toBe(text);
    }
  });

  it('cards show user text literally: escaped markdown, template syntax not evaluated', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne(), { title: CORPUS[0], description: CORPUS.join('\n') });
    for (const text of CORPUS) await h.stack.helpdesk.addComment(lynne(), t.id, text);
    const [reply] = await h.say(`show ${t.id}`, 'lynne');
    const card = cardOf(reply)!;
    const shown = shownTexts(card);
    expect(shown).toContain(literal(CORPUS[0]));
    // Each line a paragraph of its own (a single line break would read as a space), each literally.
    expect(shown).toContain(CORPUS.map(literal).join('\n\n'));
    for (const text of CORPUS.slice(-3)) expect(shown).toContain(literal(text));
    const all = cardText(card);
    expect(shown).not.toContain('evaluated');
    expect(shown.some((x) => x.includes("'evaluated', 'literal'"))).toBe(true);
    expect(all).not.toMatch(/(^|[^\\])\[here\]\(/);
    expect(all).toContain('${$root.secret}');
    const list = cardOf((await h.say('mine', 'lynne'))[0])!;
    expect(cardText(list)).not.toMatch(/(^|[^\\])\[here\]\(/);
  });

  it('escaping shows the same characters: removing the escapes gives back the text', () => {
    for (const text of CORPUS) expect(literal(text).replace(/\\(.)/g, '$1')).toBe(text);
  });
});
