/** Malformed and hostile input gets a plain answer naming what was wrong, never a 5xx with internals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from './harness';

let h: TeamsHarness;
beforeAll(async () => {
  h = await startTeamsHarness();
}, 30_000);
afterAll(() => h?.close());

describe('bad input reaching /api/messages', () => {
  it('answers an activity without a type with 400 and a plain body', async () => {
    const activity = h.fixture('message-personal', 'lynne');
    delete activity.type;
    const res = await h.post(activity);
    expect(res.status).toBe(400);
    expect(res.body).toBe('The activity has no type.');
  });

  it('answers an invoke it does not know with the documented 501 Not Implemented', async () => {
    const activity = h.fixture('invoke-card-action', 'lynne', { name: 'something/unknown' });
    const res = await h.post(activity);
    expect(res.status).toBe(501);
  });

  it('in local mode, never calls a host outside this machine: a foreign or missing serviceUrl is refused', async () => {
    const calls = h.connector.arrivals.length;
    const foreign = h.fixture('message-personal', 'lynne', { serviceUrl: 'https://api.botframework.com/' });
    const res = await h.post(foreign);
    expect(res.status).toBe(400);
    expect(String(res.body)).toMatch(/serviceUrl must be on this machine/);
    const missing = h.fixture('message-personal', 'lynne');
    delete missing.serviceUrl;
    expect((await h.post(missing)).status).toBe(400);
    expect(h.connector.arrivals.length).toBe(calls);
  });

  it('answers a message whose text is not a string with a plain error naming that', async () => {
    const activity = h.fixture('message-personal', 'lynne', { text: { evil: true } });
    const before = h.connector.activities.length;
    const res = await h.post(activity);
    expect(res.status).toBe(200);
    const sent = h.connector.activities.slice(before);
    expect(sent).toHaveLength(1);
    expect(cardText(cardOf(sent[0])) + (sent[0].activity.text ?? '')).toMatch(/was not text/);
  });

  it('opens the form with the text as is when a message holds an entity that names no character', async () => {
    const activity = h.fixture('fetch-task', 'lynne');
    activity.value.messagePayload.body = { contentType: 'html', content: '<p>Error &#99999999; on boot &amp; x&lt;5 <null></p>' };
    const res = await h.post(activity);
    expect(res.status).toBe(200);
    expect(res.body.task.type).toBe('continue');
    expect(JSON.stringify(res.body.task.value.card)).toContain('Error &#99999999; on boot & x<5 <null>');
  });

  it.each([
    ['queue', { queue: 'constructor' }, /“constructor” is not a queue/],
    ['queue', { queue: '__proto__' }, /“__proto__” is not a queue/],
    ['ticket.show', { ticketId: 1e12 }, /not a ticket number/],
    ['ticket.show', { ticketId: -4 }, /not a ticket number/],
    ['ticket.show', { ticketId: 'abc' }, /not a ticket number/],
  ])('a card action %s with %j gets a plain error', async (verb, data, message) => {
    const res = await h.execute(verb === 'queue' ? 'ticket.queue' : verb, data, 'dana');
    // Universal Actions' error answer: the card shows the message in place.
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('application/vnd.microsoft.error');
    expect(res.body.value.message).toMatch(message);
    expect(res.body.value.message).not.toMatch(/Something went wrong/);
  });

  it('ignores a `__proto__` key in card data rather than letting it reach any object', async () => {
    const res = await h.execute('ticket.queue', JSON.parse('{"__proto__": {"queue": "all"}, "queue": "all"}'), 'dana');
    expect(res.body.type).toBe('application/vnd.microsoft.card.adaptive');
    expect(cardText(res.body.value)).toMatch(/All open tickets/);
  });
});
