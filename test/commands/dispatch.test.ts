import { describe, expect, it } from 'vitest';
import { dispatch, handleText, HANDLERS, REGISTRY } from '../../src/commands';
import { VERBS } from '../../src/core/verbs';
import { HelpdeskError } from '../../src/helpdesk/types';
import { DANA, RIA, context, helpdesk } from './context';

describe('dispatch', () => {
  it('has a handler for every verb', () => {
    for (const verb of Object.values(VERBS)) expect(HANDLERS[verb], verb).toBeTypeOf('function');
  });

  it('knows exactly the verbs core names: the declarations are the one list, VERBS only names them', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([...new Set(Object.values(VERBS))].sort());
    for (const verb of Object.values(VERBS)) expect(REGISTRY.isVerb(verb), verb).toBe(true);
    for (const bad of ['ticket.explode', '__proto__', 'constructor', 12, undefined]) expect(REGISTRY.isVerb(bad), String(bad)).toBe(false);
  });

  it('answers an unknown verb from an old card with an error', async () => {
    const reply = await dispatch(context(await helpdesk(), RIA), { verb: 'ticket.explode', ticketId: 1 });
    expect(reply.visibility).toBe('private');
    expect(reply.view).toMatchObject({ type: 'error' });
    expect(JSON.stringify(reply.view)).toContain('ticket.explode');
  });

  it('asks which ticket when a card action lost its id', async () => {
    const reply = await dispatch(context(await helpdesk(), DANA), { verb: VERBS.claim });
    expect(reply.view).toEqual({ type: 'error', error: { message: 'Which ticket? Give its number.', usage: 'claim <ticket id>', usageLabel: 'Usage:' } });
  });

  it('turns an unexpected failure into a short message without internals', async () => {
    const desk = await helpdesk();
    // Not a Graph failure (those become HelpdeskErrors): a bug-like throw from inside the service.
    desk.getTicket = desk.getTicketWithComments = async () => {
      throw new Error('socket hang up at 10.0.0.5 token=abc');
    };
    const reply = await handleText(context(desk, RIA), 'show 1');
    expect(reply.view).toEqual({ type: 'error', error: { message: 'Something went wrong on my side, so nothing was changed. Please try again in a minute.' } });
  });

  it("shows a HelpdeskError's own message", async () => {
    const desk = await helpdesk();
    desk.listTickets = async () => {
      throw new HelpdeskError('unavailable', 'The help desk is busy; try again in 30 seconds.');
    };
    const reply = await handleText(context(desk, DANA), 'queue');
    expect(reply.view).toEqual({ type: 'error', error: { message: 'The help desk is busy; try again in 30 seconds.' } });
  });
});

describe('handleText', () => {
  it('returns a parse error privately with the right form', async () => {
    const reply = await handleText(context(await helpdesk(), DANA), 'claim abc');
    expect(reply).toEqual({ visibility: 'private', view: { type: 'error', error: { message: '“abc” is not a ticket number.', usage: 'claim <ticket id>', usageLabel: 'Usage:' } } });
  });

  it('tells an unknown command to try help, listing only what this person can use', async () => {
    const forRequester = await handleText(context(await helpdesk(), RIA), 'frobnicate');
    const text = forRequester.view.type === 'error' ? forRequester.view.error.message : '';
    expect(text).toMatch(/^I don't know “frobnicate”\. Try `help`\./);
    expect(text).toContain('comment');
    expect(text).not.toContain('claim');
    const forAgent = await handleText(context(await helpdesk(), DANA), 'frobnicate');
    expect(forAgent.view.type === 'error' && forAgent.view.error.message).toContain('claim');
  });
});
