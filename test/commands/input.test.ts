/** Card and modal inputs are untrusted on both platforms: bad ones get a plain error naming the problem. */
import { describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import { VERBS } from '../../src/core/verbs';
import { DANA, context, helpdesk } from './context';

describe('untrusted command input', () => {
  it.each([
    [{ verb: VERBS.queue, values: { queue: 'constructor' } }, '“constructor” is not a queue.'],
    [{ verb: VERBS.queue, values: { queue: 'toString' } }, '“tostring” is not a queue.'],
    [{ verb: VERBS.show, ticketId: 2 ** 53 }, 'not a ticket number'],
    [{ verb: VERBS.show, ticketId: 1.5 }, 'not a ticket number'],
    [{ verb: VERBS.show, ticketId: '7' as unknown as number }, '“7” is not a ticket number'],
    [{ verb: VERBS.status, ticketId: 1, values: { status: 42 as unknown as string } }, 'The field “status” must be text'],
    [{ verb: VERBS.comment, ticketId: 1, text: ['x'] as unknown as string }, 'was not text'],
    [{ verb: { toString: () => 'x' } as unknown as string }, 'is not an action name'],
  ])('%j → a private error', async (input, message) => {
    const reply = await dispatch(context(await helpdesk(), DANA), input);
    expect(reply.visibility).toBe('private');
    expect(reply.view.type).toBe('error');
    expect(reply.view.type === 'error' && reply.view.error.message).toContain(message);
  });

  it('drops prototype keys from values instead of letting them reach an object', async () => {
    const values = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": "x", "queue": "all"}');
    const reply = await dispatch(context(await helpdesk(), DANA), { verb: VERBS.queue, values });
    expect(reply.view.type).toBe('ticket-list');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a typed command that is not text is answered, not thrown', async () => {
    const reply = await handleText(context(await helpdesk(), DANA), 42 as unknown as string);
    expect(reply.view.type === 'error' && reply.view.error.message).toMatch(/not text/);
  });
});
