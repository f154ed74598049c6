/**
 * Every write acts once, Teams (issue 40, section 2): a button, form or confirm clicked twice,
 * as two distinct invokes carrying the card's own data, at the same moment or one after the
 * other, writes once; the second click gets the result or "already done", never an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeData } from '../../src/channels/teams/card-data';
import { DEMO_AGENTS } from '../../src/emulator/seed';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { FEATURES, featureMigrations } from '../../src/features';
import { surveyNotice } from '../../src/features/surveys/survey-view';
import { featureCommands, surveysOf } from '../support/feature-commands';
import { oneGroup, routingHost, routingOpened } from '../support/routing-host';
import { FALSE_ANSWERS, SECOND_CLICKS, tag, twice } from '../support/once-clicks';
import { teamsScene } from '../features/answers/scenes';
import { cardText, startTeamsHarness, type TeamsHarness, type UserKey } from './harness';

const scene = teamsScene();
const h = () => scene.h;
const person = (who: UserKey) => ({ email: h().emails[who]!, name: who });

/** The Action.Execute buttons of a card: verb, title and data. */
function buttons(card: unknown): { verb: string; title: string; data: Record<string, any> }[] {
  const found: { verb: string; title: string; data: Record<string, any> }[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'Action.Execute') found.push({ verb: n.verb, title: n.title, data: n.data ?? {} });
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return found;
}

/** The values a card's inputs hold (a form as it is shown, prefilled). */
function inputs(card: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (typeof n.type === 'string' && n.type.startsWith('Input.') && typeof n.id === 'string' && n.value !== undefined) out[n.id] = String(n.value);
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return out;
}

/** The card an invoke answered with (the clicked card's replacement). */
async function open(verb: string, data: Record<string, unknown>, who: UserKey): Promise<unknown> {
  const res = await h().execute(verb, data, who);
  expect(res.body?.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.value;
}

/** The data of the button `verb` on `card`. */
function button(card: unknown, verb: string): Record<string, any> {
  const found = buttons(card).find((b) => b.verb === verb);
  expect(found, `${verb} on ${cardText(card).slice(0, 200)}`).toBeDefined();
  return found!.data;
}

/** Clicks `verb` with `data` (and what was typed) twice; both answers are the result, never an error or a false text. */
async function clickTwice(together: boolean, verb: string, data: Record<string, unknown>, who: UserKey): Promise<string[]> {
  const answers = await twice(together, () => h().execute(verb, data, who));
  const texts = answers.map((a) => (typeof a.body?.value === 'string' ? a.body.value : cardText(a.body?.value)));
  for (const [i, a] of answers.entries()) {
    expect(a.status, `click ${i + 1}: ${JSON.stringify(a.body)}`).toBe(200);
    expect(a.body.statusCode, `click ${i + 1}: ${JSON.stringify(a.body)}`).toBe(200);
    expect(texts[i]).not.toMatch(FALSE_ANSWERS);
  }
  return texts;
}

async function ticketOf(who: UserKey, title: string, resolved = false) {
  const t = await h().stack.helpdesk.createTicket(person('lynne'), { title, description: 'It broke.' });
  if (!resolved) return t;
  return (await h().stack.helpdesk.resolve(person('dana'), t.id)).ticket;
}

const commentsOn = async (id: number) => (await h().stack.helpdesk.listComments(person('dana'), id)).map((c) => c.body);

describe.each(SECOND_CLICKS)('Teams, $name: every write acts once', ({ together }) => {
  it('the new-ticket form files one ticket', async () => {
    const title = `Printer smudges ${tag()}`;
    const form = await open('ticket.new', { title }, 'lynne');
    await clickTwice(together, 'ticket.create', { ...button(form, 'ticket.create'), ...inputs(form), description: 'Grey lines' }, 'lynne');
    const mine = await h().stack.helpdesk.listTickets(person('lynne'), { submittedBy: person('lynne').email });
    expect(mine.filter((t) => t.title === title)).toHaveLength(1);
  });

  it('a comment, a public reply and an internal note are each posted once', async () => {
    const t = await ticketOf('lynne', `Keyboard ${tag()}`);
    const asked = await open('ticket.commentForm', { ticketId: t.id, etag: t.etag }, 'lynne');
    await clickTwice(together, 'ticket.comment', { ...button(asked, 'ticket.comment'), comment: 'Still sticky' }, 'lynne');
    const reply = await open('ticket.commentForm', { ticketId: t.id, etag: t.etag }, 'dana');
    await clickTwice(together, 'ticket.comment', { ...button(reply, 'ticket.comment'), comment: 'Try the spare', internal: 'false' }, 'dana');
    const note = await open('ticket.commentForm', { ticketId: t.id, etag: t.etag }, 'dana');
    await clickTwice(together, 'ticket.comment', { ...button(note, 'ticket.comment'), comment: 'Order a new one', internal: 'true' }, 'dana');
    expect(await commentsOn(t.id)).toEqual(['Still sticky', 'Try the spare', 'Order a new one']);
  });

  it('resolve with a note resolves once and posts the note once', async () => {
    const t = await ticketOf('lynne', `Mouse ${tag()}`);
    const form = await open('ticket.resolveForm', { ticketId: t.id, etag: t.etag }, 'dana');
    await clickTwice(together, 'ticket.resolve', { ...button(form, 'ticket.resolve'), note: 'Replaced the battery' }, 'dana');
    expect(await commentsOn(t.id)).toEqual(['Replaced the battery']);
  });

  it('reopen with a reason and edit each change the ticket once', async () => {
    const t = await ticketOf('lynne', `Screen ${tag()}`, true);
    const reopen = await open('ticket.reopenForm', { ticketId: t.id, etag: t.etag }, 'lynne');
    await clickTwice(together, 'ticket.reopen', { ...button(reopen, 'ticket.reopen'), reason: 'Flickers again' }, 'lynne');
    expect(await commentsOn(t.id)).toEqual(['Flickers again']);
    const now = await h().stack.helpdesk.getTicket(person('lynne'), t.id);
    const edit = await open('ticket.editForm', { ticketId: t.id, etag: now.etag }, 'lynne');
    const title = `Screen flickers ${tag()}`;
    await clickTwice(together, 'ticket.edit', { ...inputs(edit), ...button(edit, 'ticket.edit'), title }, 'lynne');
    expect((await h().stack.helpdesk.getTicket(person('lynne'), t.id)).title).toBe(title);
  });

  it('assign, take over and the merge confirm each act once', async () => {
    const t = await ticketOf('lynne', `Dock ${tag()}`);
    const form = await open('ticket.assignForm', { ticketId: t.id, etag: t.etag }, 'dana');
    await clickTwice(together, 'ticket.assign', { ...button(form, 'ticket.assign'), assignee: h().emails.dana! }, 'dana');
    const claimed = await h().stack.helpdesk.getTicket(person('dana'), t.id);
    expect(claimed.assignedTo.toLowerCase()).toBe(h().emails.dana!.toLowerCase());
    const [asked] = await h().say(`claim ${t.id}`, 'lee');
    const question = asked.activity.attachments?.[0]?.content;
    const takeOver = buttons(question).find((b) => b.verb === 'ticket.claim' && b.data.takeOver === 'true');
    expect(takeOver).toBeDefined();
    await clickTwice(together, 'ticket.claim', takeOver!.data, 'lee');
    expect((await h().stack.helpdesk.getTicket(person('lee'), t.id)).assignedTo.toLowerCase()).toBe(h().emails.lee!.toLowerCase());

    const duplicate = await ticketOf('lynne', `Dock again ${tag()}`);
    const [confirmation] = await h().say(`merge ${duplicate.id} into ${t.id}`, 'dana');
    const go = button(confirmation.activity.attachments?.[0]?.content, 'ticket.merge');
    await clickTwice(together, 'ticket.merge', go, 'dana');
    expect((await commentsOn(t.id)).filter((c) => c.includes(`#${duplicate.id}`))).toHaveLength(1);
    expect(await commentsOn(duplicate.id)).toHaveLength(1);
  });

  it('Save as answer and a new saved reply are saved once, the second click not told the name is taken', async () => {
    const t = await ticketOf('lynne', `Wifi drops ${tag()}`, true);
    const form = await open('answers.fromTicket', { ticketId: t.id }, 'dana');
    const name = `wifi-${tag()}`;
    await clickTwice(together, 'answers.save', { ...inputs(form), ...button(form, 'answers.save'), name, body: 'Forget the network and join again.', title: 'Wifi drops', phrases: 'wifi drops' }, 'dana');
    expect((await scene.answers.ports.list()).filter((a) => a.name === name)).toHaveLength(1);
    const replyForm = await open('replies.form', {}, 'dana');
    await clickTwice(together, 'replies.save', { ...button(replyForm, 'replies.save'), name: `thanks-${tag()}`, body: 'Thanks for waiting.' }, 'dana');
  });

  it('"This solved it" and "File the ticket" on an answers offer act once', async () => {
    const [offer] = await h().say(`vpn not connecting ${tag()}`, 'lynne');
    const card = offer.activity.attachments?.[0]?.content;
    const before = await scene.answers.ports.answeredSince('2000-01-01T00:00:00Z');
    const texts = await clickTwice(together, 'answers.solved', button(card, 'answers.solved'), 'lynne');
    for (const text of texts) expect(text).toMatch(/glad that helped/);
    expect(await scene.answers.ports.answeredSince('2000-01-01T00:00:00Z')).toBe(before + 1);

    // Both clicks of File the ticket show the same form: submitting each files one ticket.
    const file = button(card, 'ticket.new');
    const forms = await twice(together, () => open('ticket.new', file, 'lynne'));
    const title = `VPN from home ${tag()}`;
    for (const form of forms) await h().execute('ticket.create', { ...inputs(form), ...button(form, 'ticket.create'), title }, 'lynne');
    const mine = await h().stack.helpdesk.listTickets(person('lynne'), { submittedBy: person('lynne').email });
    expect(mine.filter((x) => x.title === title)).toHaveLength(1);
  });

  it('a rating in the survey is recorded once, with one note on the ticket', async () => {
    const t = await ticketOf('lynne', `Laptop slow ${tag()}`, true);
    const survey = { id: `${t.id}:${Date.now()}`, ticketId: t.id, requester: person('lynne').email, agent: person('dana').email, scale: 'five' as const, sentAt: new Date().toISOString() };
    await surveysOf(scene.answers.store).open(survey);
    const card = noticeData(surveyNotice(t, survey));
    const five = card.actions.find((a) => a.verb === 'csat.rate' && a.data.rating === '5');
    expect(five).toBeDefined();
    await clickTwice(together, 'csat.rate', five!.data, 'lynne');
    expect((await h().stack.helpdesk.listComments(person('dana'), t.id)).filter((c) => c.isInternal)).toHaveLength(1);
  });
});

describe.each(SECOND_CLICKS)('Teams, $name: the routing hand-off acts once', ({ together }) => {
  // Routing on: one group of the demo desk's active agents; Dana (the first of them) goes away.
  let routed: TeamsHarness;
  let store: Store;
  beforeAll(async () => {
    store = createSqliteStore({ file: ':memory:', features: featureMigrations(FEATURES) });
    const routing = await routingHost(oneGroup(DEMO_AGENTS.filter((a) => a.active).map((a) => a.email)));
    const commands = await featureCommands(store, { opened: routingOpened(routing) });
    routed = await startTeamsHarness({ notifications: createConversationPorts(store), commands });
  }, 30_000);
  afterAll(async () => {
    await routed?.close();
    await store?.close();
  });

  it('"Hand over" moves the agent\'s tickets once, and the second click is told they were handed over', async () => {
    const dana = { email: routed.emails.dana!, name: 'dana' };
    const desk = routed.stack.helpdesk;
    const mine = await desk.listTickets(dana, { assignedTo: dana.email, open: true });
    expect(mine.length).toBeGreaterThan(0);
    const [asked] = await routed.say('away', 'dana');
    const away = asked.activity.attachments?.[0]?.content;
    const handOff = buttons(away).find((b) => b.verb === 'routing.handOff');
    expect(handOff, cardText(away)).toBeDefined();
    const answers = await twice(together, () => routed.execute('routing.handOff', handOff!.data, 'dana'));
    const texts = answers.map((a) => (typeof a.body?.value === 'string' ? a.body.value : cardText(a.body?.value)));
    for (const [i, a] of answers.entries()) expect(a.body?.statusCode, `click ${i + 1}: ${JSON.stringify(a.body)}`).toBe(200);
    const done = new RegExp(`Handed over ${mine.length} of your ${mine.length} open tickets`);
    expect(texts[0]).toMatch(done);
    expect(texts[1]).toMatch(done);
    expect(texts[1]).toMatch(/Already done/);
    for (const text of texts) expect(text).not.toMatch(/nothing to hand over|stay with you/);
    expect(await desk.listTickets(dana, { assignedTo: dana.email, open: true })).toEqual([]);
    await routed.say('back', 'dana');
  });
});
