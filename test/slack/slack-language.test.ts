/**
 * The same Slack flows in English and German through the real channel and the fake Web API: the
 * person's Slack locale (users.info include_locale) picks the language of what the bot writes to
 * them, and dates are <!date^…> tokens each Slack client shows in its reader's own time zone.
 */
import { formatDate } from '../../src/views/format';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { leftoverEnglish } from '../i18n/leftovers';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { startTestHelpdesk, type TestHelpdesk } from './helpdesk';
import { PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

const GERDA = { id: 'UGERDA0001', name: 'Gerda Gruber', email: 'gerda@example.com', locale: 'de-DE' };
const GAST = { id: 'UGAST00001', name: 'Gast ohne Adresse', locale: 'de-DE' };
const shown = (body: unknown) => JSON.stringify(body);
/** A Slack date token with a UTC fallback, e.g. `<!date^1795356360^{date_short_pretty} {time}|22 Nov 2026 14:06 UTC>`. */
const DATE_TOKEN = /<!date\^(\d{9,11})\^\{date_short_pretty\} \{time\}\|([^|>]+ UTC)>/;

describe('Slack in the reader language', () => {
  let fake: FakeSlack;
  let scene: SlackScene;
  let hd: TestHelpdesk;
  let helpdesk: HelpdeskService;

  beforeAll(async () => {
    hd = await startTestHelpdesk();
    helpdesk = hd.helpdesk;
    fake = await startFakeSlack({ users: [...Object.values(PEOPLE), GERDA, GAST] });
    scene = await startSlackScene(helpdesk, undefined, { fake });
  });
  afterAll(async () => {
    await scene?.close();
    await fake?.close();
    await hd?.close();
  });
  beforeEach(() => fake.clear());

  it('help: a German reader gets no English where a German text exists', async () => {
    await scene.post(slashBody(slash(fake, GERDA, 'help', 'help-de')));
    const answer = await fake.waitFor('response_url', (c) => c.responseId === 'help-de');
    expect(shown(answer.body.blocks)).toContain('/helpdesk mine'); // command words stay typeable
    expect(leftoverEnglish(shown(answer.body))).toEqual([]);
  });

  it('new-ticket modal: the loading modal and the form speak German to a German reader, English to others', async () => {
    await scene.post(slashBody(slash(fake, GERDA, 'new')));
    const open = await fake.waitFor('views.open');
    expect(open.body.view.title.text).toBe('Helpdesk');
    expect(shown(open.body.view)).toContain('Einen Moment…');
    const form = (await fake.waitFor('views.update')).body.view;
    const labels = form.blocks.filter((b: any) => b.type === 'input').map((b: any) => b.label.text);
    expect(labels).toEqual(['Titel', 'Beschreibung', 'Priorität', 'Kategorie']);
    expect(form.submit.text).toBe('Erstellen');
    expect(form.close.text).toBe('Abbrechen');
    expect(shown(form)).toContain('Kategorie wählen');
    expect(leftoverEnglish(shown(form))).toEqual([]);

    fake.clear();
    await scene.post(slashBody(slash(fake, PEOPLE.sam, 'new')));
    const english = (await fake.waitFor('views.update')).body.view;
    expect(english.blocks.filter((b: any) => b.type === 'input').map((b: any) => b.label.text)).toEqual(['Title', 'Description', 'Priority', 'Category']);
    expect(english.submit.text).toBe('Create');
    expect(leftoverEnglish(shown(english))).toEqual(expect.arrayContaining(['Choose a priority']));
  });

  it('ticket message: German fields, and dates as <!date^…> tokens whose fallback is the UTC text', async () => {
    const ticket = await helpdesk.createTicket({ email: GERDA.email, name: GERDA.name }, { title: 'Bildschirm flackert', description: 'Seit gestern.' });
    await scene.post(slashBody(slash(fake, GERDA, `show ${ticket.id}`, 'show-de')));
    const answer = await fake.waitFor('response_url', (c) => c.responseId === 'show-de');
    const blocks = shown(answer.body.blocks);
    for (const word of ['*Priorität*', '*Kategorie*', '*Zugewiesen an*', '*Angefragt von*', '*Aktualisiert*', 'Eröffnet ']) expect(blocks).toContain(word);
    const token = blocks.match(DATE_TOKEN);
    expect(token, blocks).not.toBeNull();
    // The token's time is the ticket's own moment, and its fallback says that moment in UTC.
    const modified = Date.parse((await helpdesk.getTicket({ email: GERDA.email, name: GERDA.name }, ticket.id)).modified);
    const created = Date.parse(ticket.created);
    expect([Math.floor(modified / 1000), Math.floor(created / 1000)]).toContain(Number(token![1]));
    expect(token![2]).toMatch(/UTC$/);
    // In the reader's language, as plain text says it ("23. Nov. 2026, 15:55 UTC").
    expect(token![2]).toBe(formatDate(new Date(Number(token![1]) * 1000).toISOString(), 'de'));
    // The notification fallback text stays plain: no tokens there.
    expect(answer.body.text).not.toContain('<!date');
    expect(leftoverEnglish(blocks)).toEqual([]);

    await scene.post(slashBody(slash(fake, PEOPLE.dana, `show ${ticket.id}`, 'show-en')));
    const english = shown((await fake.waitFor('response_url', (c) => c.responseId === 'show-en')).body.blocks);
    for (const word of ['*Priority*', '*Requester*', '*Updated*', 'Opened ']) expect(english).toContain(word);
  });

  it('errors: a person Slack hides the address of is told in their language, here and on App Home', async () => {
    await scene.post(slashBody(slash(fake, GAST, 'mine', 'gast')));
    const answer = await fake.waitFor('response_url', (c) => c.responseId === 'gast');
    expect(answer.body.text).toMatch(/^Ich kann Ihre E-Mail-Adresse in Slack nicht sehen/);
    expect(leftoverEnglish(shown(answer.body))).toEqual([]);

    const envelope = slackFixture('event-app-home-opened');
    envelope.event_id = 'Ev-home-gerda';
    envelope.event.user = GERDA.id;
    await scene.post(eventBody(envelope));
    const home = await fake.waitFor('views.publish', (c) => c.body.user_id === GERDA.id);
    const buttons = home.body.view.blocks.filter((b: any) => b.type === 'actions').flatMap((b: any) => b.elements.map((e: any) => e.text.text));
    expect(buttons).toEqual(expect.arrayContaining(['Neues Ticket', 'Aktualisieren']));
  });
});

describe('Slack: a ticket message everyone in a channel reads is in the channel language', () => {
  let scene: SlackScene;
  let hd: TestHelpdesk;
  const chosen = new Map<string, string>();

  beforeAll(async () => {
    hd = await startTestHelpdesk();
    scene = await startSlackScene(hd.helpdesk, undefined, { languages: { locale: 'en', conversationLocale: async (id) => chosen.get(id) } });
  });
  afterAll(async () => {
    await scene?.close();
    await hd?.close();
  });

  /** Dana (an English Slack) clicks Claim on the channel's ticket message; returns the message as updated. */
  async function claimInChannel(title: string): Promise<string> {
    scene.fake.clear();
    const ticket = await hd.helpdesk.createTicket({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { title });
    const payload = slackFixture('block-actions');
    payload.user.id = PEOPLE.dana.id;
    const value = JSON.stringify({ ticketId: ticket.id, etag: ticket.etag });
    payload.actions = [{ ...payload.actions[0], action_id: 'ticket.claim', value, text: { type: 'plain_text', text: 'Claim' } }];
    payload.response_url = scene.fake.responseUrl('claim');
    expect((await scene.post(interactiveBody(payload))).status).toBe(200);
    const update = await scene.fake.waitFor('chat.update');
    expect(update.body.channel).toBe(payload.container.channel_id);
    return shown(update.body.blocks);
  }

  it('uses the language chosen for the channel, whoever clicked', async () => {
    chosen.set(slackFixture<any>('block-actions').container.channel_id, 'de');
    const blocks = await claimInChannel('Drucker im 3. Stock');
    for (const word of ['*Priorität*', '*Zugewiesen an*', '*Aktualisiert*', 'Eröffnet ']) expect(blocks).toContain(word);
    expect(leftoverEnglish(blocks, ['slack'])).toEqual([]);
  });

  it('falls back to HELPDESK_LOCALE for a channel without a language of its own', async () => {
    chosen.clear();
    const blocks = await claimInChannel('Printer on the 3rd floor');
    for (const word of ['*Priority*', '*Assigned to*', '*Updated*', 'Opened ']) expect(blocks).toContain(word);
  });
});
