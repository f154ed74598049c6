import { describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import { VERBS } from '../../src/core/verbs';
import { english } from '../../src/i18n';
import { createLogger } from '../../src/log';

const DOWN = english('helpdesk:unavailable');
import { DANA, OTTO, RIA, context, helpdesk, notificationStore } from './context';

/** The real help desk while its site answers every Graph request with 503 (an outage); the next helpdesk() clears it. */
async function downDesk() {
  const desk = await helpdesk();
  desk.stack.emulator.faults.inject(503, 100_000, { retryAfterSeconds: 0 });
  return desk;
}

describe('every command that reads the help desk says so when it is down', () => {
  const typed = [
    'help', 'mine', 'show 1', 'comment 1 hello', 'assets', 'queue', 'queue all', 'claim 1', 'assign 1 sam.agent@contoso.test',
    'status 1 New', 'priority 1 High', 'resolve 1 done', 'note 1 x', 'reply 1 x', 'asset LT-1', 'subscribe', 'unsubscribe',
    'subscriptions',
  ];
  for (const text of typed) {
    it(text, async () => {
      const reply = await handleText(context(await downDesk(), DANA, { notifications: notificationStore().ports }), text);
      // A change that could not be made gives back what was typed, to send again.
      const writes = /^(comment|claim|assign|status|priority|resolve|note|reply) /.test(text);
      expect(reply).toMatchObject({ visibility: 'private', outcome: 'failed', view: { type: 'error' } });
      const { message } = (reply.view as { error: { message: string } }).error;
      expect(message.startsWith(DOWN)).toBe(true);
      if (writes) expect(message).toContain(text);
      else expect(message).toBe(DOWN);
    });
  }

  it('buttons too: the forms that load the ticket first', async () => {
    for (const verb of [VERBS.commentForm, VERBS.assignForm, VERBS.resolveForm, VERBS.refresh]) {
      const reply = await dispatch(context(await downDesk(), DANA), { verb, ticketId: 1, etag: '"1,a"' });
      expect(reply, verb).toMatchObject({ outcome: 'failed', view: { type: 'error', error: { message: DOWN } } });
    }
  });
});

describe('refusals reach the person and change nothing', () => {
  it('a requester cannot resolve, even their own ticket', async () => {
    const desk = await helpdesk();
    const t = desk.seedTicket({ title: 'Mine', submittedByEmail: RIA.email });
    const reply = await handleText(context(desk, RIA), `resolve ${t.id} fixed it myself`);
    expect(reply).toMatchObject({ visibility: 'private', view: { type: 'error' } });
    expect(desk.ticket(t.id)?.status).toBe('New');
    expect(desk.comments(t.id)).toEqual([]);
  });

  it("a requester cannot open the comment form on someone else's ticket", async () => {
    const desk = await helpdesk();
    const t = desk.seedTicket({ title: 'Not yours', submittedByEmail: OTTO.email });
    const reply = await dispatch(context(desk, RIA), { verb: VERBS.commentForm, ticketId: t.id });
    expect(reply.view.type).toBe('error');
    expect(JSON.stringify(reply)).not.toContain('Not yours');
  });

  it('form buttons without a ticket id ask which ticket', async () => {
    for (const [verb, usage] of [
      [VERBS.assignForm, 'assign <ticket id> <email or @mention>'],
      [VERBS.resolveForm, 'resolve <ticket id> [note]'],
      [VERBS.commentForm, 'comment <ticket id> <text>'],
    ] as const) {
      const reply = await dispatch(context(await helpdesk(), DANA), { verb });
      expect(reply.view, verb).toEqual({ type: 'error', error: { message: 'Which ticket? Give its number.', usage, usageLabel: 'Usage:' } });
    }
  });

  it('an empty assign form submit comes back as the form with an error', async () => {
    const desk = await helpdesk();
    const t = desk.seedTicket({ title: 'T', submittedByEmail: RIA.email });
    const reply = await dispatch(context(desk, DANA), { verb: VERBS.assign, ticketId: t.id, etag: t.etag, values: { assignee: ' ' } });
    expect(reply.view.type === 'form' && reply.view.form.errors).toEqual([{ field: 'assignee', message: 'Choose an agent or type their email address.' }]);
    expect(desk.ticket(t.id)?.assignedTo).toBe('');
  });

  it('an over-long resolution note comes back in the form, ticket untouched', async () => {
    const desk = await helpdesk();
    const t = desk.seedTicket({ title: 'T', submittedByEmail: RIA.email });
    const note = 'z'.repeat(10_001);
    const reply = await dispatch(context(desk, DANA), { verb: VERBS.resolve, ticketId: t.id, etag: t.etag, values: { note } });
    expect(reply.view.type === 'form' && reply.view.form.values.note).toBe(note);
    expect(desk.ticket(t.id)?.status).toBe('New');
  });
});

describe('failures are logged where the app says', () => {
  /** A logger that keeps its lines, as the app's would send them to its sink. */
  function capturing() {
    const lines: Record<string, unknown>[] = [];
    return { lines, logger: createLogger({ level: 'debug', write: (l) => lines.push(JSON.parse(l)) }) };
  }

  it('an outage is logged through the context\'s logger as a warning', async () => {
    const { lines, logger } = capturing();
    const reply = await handleText(context(await downDesk(), DANA, { logger }), 'show 1');
    expect(reply.outcome).toBe('failed');
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, component: 'commands', verb: VERBS.show }));
  });

  it('an unexpected failure is logged there as an error, and the person gets no internals', async () => {
    const { lines, logger } = capturing();
    const desk = await helpdesk();
    const t = desk.seedTicket({ title: 'T', submittedByEmail: RIA.email });
    const ctx = { ...context(desk, DANA, { logger }), channel: { resolveUser: async () => { throw new Error('directory exploded'); } } };
    const reply = await handleText(ctx, `assign ${t.id} <at>Sam</at>`);
    expect(reply.outcome).toBe('failed');
    expect(JSON.stringify(reply)).not.toContain('exploded');
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, component: 'commands', verb: VERBS.assign }));
  });
});
