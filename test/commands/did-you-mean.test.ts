import { describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import { oneEditApart } from '../../src/core/spelling';
import type { Reply } from '../../src/commands/types';
import { VERBS } from '../../src/core/verbs';
import type { View } from '../../src/views/types';
import { DANA, RIA, context, helpdesk } from './context';

function as<T extends View['type']>(reply: Reply, type: T): Extract<View, { type: T }> {
  expect(reply.view.type, JSON.stringify(reply.view)).toBe(type);
  return reply.view as Extract<View, { type: T }>;
}

describe('a mistyped command', () => {
  it('is one edit away when a letter is added, dropped, changed or two neighbours are swapped', () => {
    expect(['stauts', 'statsu', 'statu', 'statuss', 'stetus'].map((w) => oneEditApart(w, 'status'))).toEqual([true, true, true, true, true]);
    expect(['status', 'sdatys', 'stat', 'priority'].map((w) => oneEditApart(w, 'status'))).toEqual([false, false, false, false]);
  });

  it('is offered back corrected with a button that runs it, and the new-ticket offer second, instead of a ticket titled with the typo', async () => {
    const desk = await helpdesk();
    const t = desk.seedTicket({ title: 'VPN drops', submittedByEmail: RIA.email });
    const ctx = context(desk, DANA, { kind: 'personal' });
    const { confirmation } = as(await handleText(ctx, `stauts ${t.id} waiting`), 'confirmation');
    expect(confirmation.message).toContain(`status ${t.id} waiting`);
    const [run, asTicket] = confirmation.actions;
    expect(run).toMatchObject({ verb: VERBS.status, ticketId: t.id, data: { status: 'waiting' } });
    expect(asTicket).toMatchObject({ verb: VERBS.newForm, data: { title: `stauts ${t.id} waiting` } });
    expect(desk.ticket(t.id)!.status).toBe('New');
    // The button runs the corrected command.
    await dispatch(ctx, { verb: run.verb, ticketId: run.ticketId, values: run.data });
    expect(desk.ticket(t.id)!.status).toBe('Waiting');
  });

  it('leaves sentences, short words, other people\'s commands and arguments that do not fit as they were', async () => {
    const desk = await helpdesk();
    const t = desk.seedTicket({ title: 'VPN drops', submittedByEmail: RIA.email });
    const personal = (who = DANA) => context(desk, who, { kind: 'personal' });
    // A sentence whose first word is near a command but whose rest is no argument of it: free text.
    expect(as(await handleText(personal(), 'shows me how to reset my password'), 'form').form.form).toBe('new-ticket');
    // Fewer than four letters: "mien" would be "mine", "min" is just a word.
    expect(as(await handleText(personal(), 'min'), 'form').form.form).toBe('new-ticket');
    // A requester is not offered an agents' command.
    expect(as(await handleText(personal(RIA), `stauts ${t.id} waiting`), 'form').form.form).toBe('new-ticket');
    // The same typo in a channel is corrected too, without the new-ticket offer.
    const { confirmation } = as(await handleText(context(desk, DANA), `claimm ${t.id}`), 'confirmation');
    expect(confirmation.actions.map((a) => a.verb)).toEqual([VERBS.claim]);
  });

  it('that changes a ticket names the ticket, how it stands and what the run does, before anything is written', async () => {
    const desk = await helpdesk();
    const done = desk.seedTicket({ title: 'Printer jams on duplex', submittedByEmail: RIA.email, status: 'Resolved' });
    const open = desk.seedTicket({ title: 'VPN drops', submittedByEmail: RIA.email, status: 'In Progress' });
    const ctx = context(desk, DANA);
    const reopening = as(await handleText(ctx, `stauts ${done.id} waiting`), 'confirmation').confirmation.message;
    expect(reopening).toContain('Printer jams on duplex');
    expect(reopening).toContain(`#${done.id}`);
    expect(reopening).toMatch(/Resolved.*reopens it as Waiting/);
    expect(as(await handleText(ctx, `stauts ${done.id} waiting`), 'confirmation').confirmation.tone).toBe('warning');
    // The same typo on an open ticket says it sets the status, not that it reopens anything.
    const setting = as(await handleText(ctx, `stauts ${open.id} waiting`), 'confirmation').confirmation.message;
    expect(setting).toMatch(/In Progress.*sets it to Waiting/);
    expect(setting).not.toContain('reopen');
    expect(as(await handleText(ctx, `resolv ${open.id} fixed it`), 'confirmation').confirmation.message).toMatch(/VPN drops.*resolves it/);
    // Nothing was written by asking.
    expect([desk.ticket(done.id)!.status, desk.ticket(open.id)!.status]).toEqual(['Resolved', 'In Progress']);
    // In German the state and the effect are German too.
    const german = as(await handleText({ ...ctx, locale: 'de' }, `stauts ${done.id} waiting`), 'confirmation').confirmation.message;
    expect(german).toContain('wieder geöffnet');
    // A command that changes no ticket stays a plain question.
    expect(as(await handleText(ctx, `shwo ${open.id}`), 'confirmation').confirmation.message).not.toContain('VPN drops');
  });
});
