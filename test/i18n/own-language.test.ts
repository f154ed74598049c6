/**
 * Issue 23 item 9: `language <code>` in a personal chat (Teams 1:1, Slack DM) sets the person's
 * own language for their replies and DMs, on both platforms, through the real channel paths. It
 * wins over the language their client sends and over the one they last wrote in, until
 * `language default`; the store keeps the choice apart from the remembered language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { eventBody, slackFixture, slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { featureCommands } from '../support/feature-commands';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

/** The German and English help cards say these (commands:describe.mine). */
const GERMAN_HELP = 'Meine offenen Tickets';
const ENGLISH_HELP = 'My open tickets';

describe('Teams: `language` in a personal chat is the person\'s own', () => {
  let h: TeamsHarness;
  let store: Store;
  beforeAll(async () => {
    store = createSqliteStore({ file: ':memory:' });
    h = await startTeamsHarness({ notifications: createConversationPorts(store), commands: await featureCommands(store) });
  }, 30_000);
  afterAll(async () => {
    await h?.close();
    await store?.close();
  });

  /** What Lynne (an English Teams client) sees for `text` in her 1:1 chat. */
  async function say(text: string): Promise<string> {
    const replies = await h.say(text, 'lynne');
    return replies.map((r) => (cardOf(r) ? cardText(cardOf(r)) : String(r.activity.text ?? ''))).join('\n');
  }

  it('`language de` makes the next help German for an English client; DMs follow; `language default` undoes it', async () => {
    const lynne = h.emails.lynne!;
    // She last wrote in English: that is what the store remembers for her DMs.
    await store.savePersonLocale(lynne, 'en');
    expect(await say('help')).toContain(ENGLISH_HELP);

    expect(await say('language de')).toContain('Ihre Antworten und Nachrichten sind jetzt auf Deutsch');
    expect(await say('help')).toContain(GERMAN_HELP);
    expect(await say('language')).toMatch(/wie Sie es gewählt haben/);
    // Writing again from her English client does not overwrite the choice; DMs use the choice.
    await store.savePersonLocale(lynne, 'en');
    expect(await store.personLocales([lynne])).toEqual(new Map([[lynne.toLowerCase(), 'de']]));
    expect(await store.conversationLocales()).toEqual(new Map());

    expect(await say('language default')).toContain("Your replies and messages follow your app's language again.");
    expect(await say('help')).toContain(ENGLISH_HELP);
    expect(await store.chosenLocale(lynne)).toBeUndefined();
    expect(await store.personLocales([lynne])).toEqual(new Map([[lynne.toLowerCase(), 'en']]));
  });

  it('in a channel `language de` stays the channel\'s, for agents only', async () => {
    const refused = await h.say('language de', 'lynne', 'message-channel-mention');
    expect(refused.map((r) => JSON.stringify(r.activity)).join(' ')).not.toMatch(/Deutsch/);
    expect(await store.chosenLocale(h.emails.lynne!)).toBeUndefined();
    await h.say('language de', 'dana', 'message-channel-mention');
    expect([...(await store.conversationLocales()).values()]).toEqual(['de']);
    expect(await store.chosenLocale(h.emails.dana!)).toBeUndefined();
  });
});

describe('Slack: `language` in a DM is the person\'s own', () => {
  let scene: SlackScene;
  let desk: SeededHelpdesk;
  let store: Store;
  let seq = 0;
  beforeAll(async () => {
    store = createSqliteStore({ file: ':memory:' });
    desk = await startSeededHelpdesk(AGENTS);
    scene = await startSlackScene(desk, undefined, { notifications: createConversationPorts(store), commands: await featureCommands(store) });
  }, 30_000);
  afterAll(async () => {
    await scene?.close();
    await desk?.close();
    await store?.close();
  });

  /** Sam types `text` in the DM with the bot; returns what the bot posted there. */
  async function dm(text: string): Promise<string> {
    const envelope = slackFixture('event-message-im');
    const id = `Ev-own-${++seq}-${Date.now()}`;
    envelope.event_id = id;
    envelope.event = { ...envelope.event, user: PEOPLE.sam.id, text, client_msg_id: id, ts: `${Math.floor(Date.now() / 1000)}.${String(seq).padStart(6, '0')}` };
    scene.fake.clear();
    await scene.post(eventBody(envelope));
    const posted = await scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === envelope.event.channel);
    return JSON.stringify(posted.body);
  }

  /** Sam's `/helpdesk help` answer. */
  async function help(): Promise<string> {
    const rid = `own-help-${++seq}`;
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'help', rid)));
    return JSON.stringify((await scene.fake.waitFor('response_url', (c) => c.responseId === rid)).body);
  }

  it('`language de` makes the next help German whatever Slack says; DMs follow; `language default` undoes it', async () => {
    expect(await help()).toContain(ENGLISH_HELP);
    expect(await dm('language de')).toContain('Ihre Antworten und Nachrichten sind jetzt auf Deutsch');
    expect(await help()).toContain(GERMAN_HELP);
    await store.savePersonLocale(PEOPLE.sam.email, 'en');
    expect(await store.personLocales([PEOPLE.sam.email])).toEqual(new Map([[PEOPLE.sam.email, 'de']]));
    expect(await dm('language default')).toContain("Your replies and messages follow your app's language again.");
    expect(await help()).toContain(ENGLISH_HELP);
    expect(await store.chosenLocale(PEOPLE.sam.email)).toBeUndefined();
  });
});
