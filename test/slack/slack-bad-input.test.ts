/**
 * Issue 10.6, Slack rows: malformed payloads, non-string fields and prototype names as values get
 * a plain answer (or are ignored), never a 5xx, never internals, and the bot keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

const INTERNALS = /TypeError|ReferenceError|Cannot read|undefined is not|\.ts:\d|at [A-Za-z]+ \(/;
const text = (v: unknown) => JSON.stringify(v);
let n = 0;

describe('Slack: bad input gets a plain answer', () => {
  let scene: SlackScene;
  let helpdesk: SeededHelpdesk;
  let ticketId: number;
  beforeAll(async () => {
    helpdesk = await startSeededHelpdesk(AGENTS);
    scene = await startSlackScene(helpdesk);
    ticketId = helpdesk.seedTicket({ title: 'Bad input target', submittedByEmail: PEOPLE.sam.email }).id;
  });
  afterAll(async () => {
    await scene?.close();
    await helpdesk?.close();
  });

  async function stillServing() {
    const id = `alive-${++n}`;
    expect((await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'help', id)))).status).toBe(200);
    await scene.fake.waitFor('response_url', (c) => c.responseId === id);
  }

  it.each(['show __proto__', 'show constructor', 'queue constructor', 'queue __proto__', 'status 1 constructor', 'priority 1 __proto__', 'show 99999999999999999999', 'show -1', 'assign 1 __proto__'])(
    'typed `%s` gets a plain private answer',
    async (command) => {
      const id = `bad-${++n}`;
      const res = await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, command, id)));
      expect(res.status).toBe(200);
      const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === id);
      expect(answer.body.response_type).toBe('ephemeral');
      expect(text(answer.body)).not.toMatch(INTERNALS);
    },
  );

  it('button values that are not JSON, hold prototype names, or name an unknown verb are answered plainly', async () => {
    const values = ['not json', '[]', '{"ticketId":"__proto__"}', `{"__proto__":{"polluted":"yes"},"status":"constructor","ticketId":${ticketId}}`, 'null'];
    for (const [i, value] of values.entries()) {
      const click = slackFixture('block-actions');
      click.user.id = PEOPLE.dana.id;
      click.actions = [{ ...click.actions[0], action_ts: `1732280010.${i}${Date.now()}`, action_id: i === 4 ? 'ticket.constructor' : 'ticket.status', value }];
      click.response_url = scene.fake.responseUrl(`btn-bad-${i}`);
      click.container = { ...click.container, is_ephemeral: true };
      const res = await scene.post(interactiveBody(click));
      expect(res.status, value).toBe(200);
      const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === `btn-bad-${i}`);
      expect(text(answer.body), value).not.toMatch(INTERNALS);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await stillServing();
  });

  it('a modal submit with foreign metadata, non-string values or prototype block ids is refused plainly', async () => {
    const cases: [string, (p: any) => void][] = [
      ['metadata naming __proto__ as the form', (p) => (p.view.private_metadata = JSON.stringify({ verb: 'constructor', form: '__proto__' }))],
      ['metadata with an object ticket id', (p) => (p.view.private_metadata = JSON.stringify({ verb: 'ticket.comment', form: 'comment', ticketId: { toString: 1 } }))],
      ['metadata that is not a string', (p) => (p.view.private_metadata = 42)],
      ['a number where the title should be', (p) => (p.view.state.values.title.value.value = 12345)],
      ['state values that are not an object', (p) => (p.view.state.values = 'nope')],
      ['a __proto__ block id', (p) => (p.view.state.values = JSON.parse('{"__proto__":{"value":{"type":"plain_text_input","value":"x"}}}'))],
    ];
    for (const [name, change] of cases) {
      const payload = slackFixture('view-submission');
      payload.view.hash = `h-${++n}`;
      change(payload);
      const res = await scene.post(interactiveBody(payload));
      expect(res.status, name).toBe(200);
      expect(res.text, name).not.toMatch(INTERNALS);
      if (res.text) {
        const body = res.json();
        expect(['errors', 'update'], name).toContain(body.response_action);
      }
    }
    expect(({} as Record<string, unknown>).value).toBeUndefined();
    await stillServing();
  });

  it('events with non-string fields are ignored or refused plainly, never a 5xx', async () => {
    for (const [i, change] of [(e: any) => (e.text = 42), (e: any) => (e.user = { id: 'U1' }), (e: any) => (e.channel = null), (e: any) => (e.text = ['help'])].entries()) {
      const envelope = slackFixture('event-message-im');
      envelope.event_id = `Ev-bad-${i}`;
      change(envelope.event);
      expect((await scene.post(eventBody(envelope))).status, String(i)).toBeLessThan(500);
    }
    const mention = slackFixture('event-app-mention');
    mention.event_id = 'Ev-bad-mention';
    mention.event.text = { evil: true };
    expect((await scene.post(eventBody(mention))).status).toBeLessThan(500);
    await stillServing();
  });
});
