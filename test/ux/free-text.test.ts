/** Say it in your own words (17.1, command part), through the real Teams and Slack channel code. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBody, interactiveBody, slackFixture } from '../support/slack-request';
import { PEOPLE } from '../slack/harness';
import { useSlackDesk } from '../slack/helpdesk';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

describe('Teams personal chat: words that are not a command', () => {
  let h: TeamsHarness;
  beforeAll(async () => {
    h = await startTeamsHarness();
  }, 30_000);
  afterAll(() => h?.close());

  it('a greeting gets a short friendly answer, not an error', async () => {
    const replies = await h.say('hello!', 'lynne');
    const text = replies.map((r) => `${r.activity.text ?? ''}${cardText(cardOf(r))}`).join('\n');
    expect(text).toContain('Hi Lynne!');
    expect(text).not.toMatch(/I don't know/);
  });

  it('a problem in plain words opens the new-ticket form filled with it; one click files it as typed', async () => {
    const typed = 'my laptop is broken: since this morning the screen stays black after the Windows update, even with an external monitor';
    const replies = await h.say(typed, 'lynne');
    const form = cardOf(replies.find((r) => cardOf(r)));
    const title = JSON.stringify(form);
    expect(title).toContain('"id":"title"');
    const inputs: Record<string, string> = {};
    const walk = (n: any) => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (n && typeof n === 'object') {
        if (typeof n.type === 'string' && n.type.startsWith('Input.')) inputs[n.id] = n.value ?? '';
        Object.values(n).forEach(walk);
      }
    };
    walk(form);
    expect(inputs.title.length).toBeLessThanOrEqual(80);
    expect(inputs.description).toBe(typed);
    expect(inputs.priority).toBe('Normal');
    const filed = await h.execute('ticket.create', inputs, 'lynne');
    expect(cardText(filed.body.value)).toContain('filed');
    const mine = await h.stack.helpdesk.listTickets({ email: h.emails.lynne!, name: 'Lynne' }, { submittedBy: h.emails.lynne!, limit: 1000 });
    expect(mine.find((t) => t.description === typed)).toBeDefined();
  });

  it('commands keep working as typed, and in a channel unknown words still get the hint', async () => {
    const mine = await h.say('mine', 'lynne');
    expect(cardText(cardOf(mine[0]))).toContain('My tickets');
    // In a channel the hint is private: it goes to her 1:1 chat, the channel gets a pointer.
    const before = h.connector.activities.length;
    await h.say('my laptop is broken', 'lynne', 'message-channel-mention');
    const answered = h.connector.activities.slice(before).map((r) => `${r.activity.text ?? ''}${cardText(cardOf(r))}`).join('\n');
    expect(answered).toMatch(/I don.t know/);
  });
});

describe('Slack DM: words that are not a command', () => {
  const slack = useSlackDesk();

  function dm(text: string, id: string) {
    const envelope = slackFixture('event-message-im');
    envelope.event_id = id;
    envelope.event.text = text;
    envelope.event.client_msg_id = id;
    envelope.event.ts = envelope.event.event_ts = `1732280400.${id.length}${Date.now() % 100000}`;
    return slack.scene.post(eventBody(envelope));
  }

  it('a problem typed in the DM is offered as a ticket; the button opens the form with the words in it', async () => {
    await dm('the printer on floor 3 eats every page', 'EvFree1');
    const offer = await slack.scene.fake.waitFor('chat.postMessage');
    expect(JSON.stringify(offer.body.blocks)).toContain('the printer on floor 3 eats every page');
    const button = offer.body.blocks.flatMap((b: any) => b.elements ?? []).find((e: any) => e.type === 'button');
    const payload = slackFixture('block-actions');
    payload.user.id = PEOPLE.sam.id;
    payload.actions = [{ ...payload.actions[0], action_id: button.action_id, value: button.value, text: button.text }];
    await slack.scene.post(interactiveBody(payload));
    const opened = await slack.scene.fake.waitFor('views.update', (c) => JSON.stringify(c.body.view ?? {}).includes('eats every page'));
    expect(JSON.stringify(opened.body.view)).toContain('the printer on floor 3 eats every page');
  });
});
