/**
 * A channel bound to a space, through the real channels: an agent types `space it` in a Teams or
 * Slack channel, and a ticket filed from that channel (Teams message action, Slack 🎫 reaction and
 * new-ticket modal) carries SD_SpaceId on the embedded site.
 */
import { spaceBindingsIn } from '../../src/features/spaces/space-table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationPorts } from '../../src/store/conversation-ports-store';
import { featureCommands } from '../support/feature-commands';
import { createSqliteStore } from '../../src/store/sqlite-store';
import type { Store } from '../../src/store/types';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

describe('Teams: a channel bound to a space', () => {
  let h: TeamsHarness;
  let store: Store;
  beforeAll(async () => {
    store = createSqliteStore({ file: ':memory:' });
    // The demo site: tickets in spaces it and facilities.
    h = await startTeamsHarness({ notifications: createConversationPorts(store), commands: await featureCommands(store) });
  }, 30_000);
  afterAll(async () => {
    await h?.close();
    await store?.close();
  });

  it('binds with `space it` and files a message-action ticket in that space', async () => {
    const replies = await h.say('space it', 'dana', 'message-channel-mention');
    expect(replies.map((r) => `${r.activity.text ?? ''}${cardText(cardOf(r))}`).join('\n')).toMatch(/now belongs to space it/);
    const channel = h.fixture('message-channel-mention').channelData.channel.id as string;
    expect((await (await spaceBindingsIn(store)).get('teams', channel))?.spaceId).toBe('it');

    const activity = h.fixture('submit-action', 'lynne');
    activity.value.data = { ...activity.value.data, title: 'Badge reader at the door beeps' };
    expect((await h.post(activity)).status).toBe(200);
    const lynne = { email: h.emails.lynne!, name: 'Lynne' };
    const filed = (await h.stack.helpdesk.listTickets(lynne, { submittedBy: lynne.email })).find((t) => t.title === 'Badge reader at the door beeps');
    expect(filed?.spaceId).toBe('it');
  });
});

describe('Slack: a channel bound to a space', () => {
  let desk: SeededHelpdesk;
  let scene: SlackScene;
  let store: Store;
  const CHANNEL = 'C2147483705';
  beforeAll(async () => {
    store = createSqliteStore({ file: ':memory:' });
    desk = await startSeededHelpdesk(AGENTS);
    desk.seedTicket({ title: 'Projector in room 2', submittedByEmail: PEOPLE.sam.email, spaceId: 'facilities' });
    desk.seedTicket({ title: 'VPN drops', submittedByEmail: PEOPLE.sam.email, spaceId: 'it' });
    scene = await startSlackScene(desk, undefined, { notifications: createConversationPorts(store), commands: await featureCommands(store) });
  });
  afterAll(async () => {
    await scene?.close();
    await desk?.close();
    await store?.close();
  });

  it('refuses an unknown space, binds a known one, and a 🎫 reaction files the ticket in it', async () => {
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, 'space hr', 'unknown')));
    expect(JSON.stringify((await scene.fake.waitFor('response_url', (c) => c.responseId === 'unknown')).body)).toMatch(/No ticket in the help desk carries space/);
    expect(await (await spaceBindingsIn(store)).get('slack', CHANNEL)).toBeUndefined();

    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, 'space facilities', 'bind')));
    // A binding is said publicly, in the channel.
    const said = await scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === CHANNEL && /now belongs to space facilities/.test(JSON.stringify(c.body)));
    expect(said).toBeDefined();
    expect((await (await spaceBindingsIn(store)).get('slack', CHANNEL))?.spaceId).toBe('facilities');

    scene.fake.messages.push({ channel: CHANNEL, ts: '1732280050.000200', text: 'Heating in room 4 is off', user: PEOPLE.robin.id });
    expect((await scene.post(eventBody(slackFixture('event-reaction-added')))).status).toBe(200);
    await scene.fake.waitFor('chat.postMessage', (c) => c.body.thread_ts === '1732280050.000200');
    const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
    const filed = (await desk.listTickets(sam, { submittedBy: sam.email })).find((t) => t.title === 'Heating in room 4 is off');
    expect(filed?.spaceId).toBe('facilities');
  });

  it('files a ticket from the new-ticket modal opened in the bound channel in its space', async () => {
    await (await spaceBindingsIn(store)).set('slack', CHANNEL, 'facilities', PEOPLE.dana.email);
    const payload = slackFixture('view-submission');
    payload.user.id = PEOPLE.sam.id;
    payload.view.state.values.title.value.value = 'Window will not close';
    expect((await scene.post(interactiveBody(payload))).status).toBe(200);
    const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
    const deadline = Date.now() + 10_000;
    let filed;
    while (!(filed = (await desk.listTickets(sam, { submittedBy: sam.email })).find((t) => t.title === 'Window will not close')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(filed?.spaceId).toBe('facilities');
  });
});
