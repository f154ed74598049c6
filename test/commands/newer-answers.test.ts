/**
 * What the newer commands answer, as the person reads it: a public reply says its requester sees
 * it, and help's notifications line says what the command offers (its form and quiet hours).
 */
import { describe, expect, it } from 'vitest';
import { handleText } from '../../src/commands';
import type { Reply } from '../../src/commands/types';
import { DANA, RIA, context, helpdesk } from './context';

/** What a reply shows a person: its notice or message, whatever the view. */
const shown = (reply: Reply) => JSON.stringify(reply.view);
/** The line a ticket answer starts with. */
const notice = (reply: Reply) => (reply.view.type === 'ticket' ? (reply.view.ticket.notice?.text ?? '') : shown(reply));

describe('a public reply', () => {
  it('tells the agent the reply was posted and that the requester sees it; the requester’s own comment is simply added', async () => {
    const desk = await helpdesk();
    const t = desk.seedTicket({ title: 'Printer jams', submittedByEmail: RIA.email, submittedByName: RIA.name });
    const agent = notice(await handleText(context(desk, DANA, { kind: 'personal' }), `reply ${t.id} Cleared the tray, try again`));
    const own = notice(await handleText(context(desk, RIA, { kind: 'personal' }), `comment ${t.id} Still jams`));
    expect(agent).toContain(RIA.name);
    expect(agent).toContain(`#${t.id}`);
    expect(own).not.toContain(RIA.name);
    // The note stays with agents: it never claims the requester sees it.
    const note = notice(await handleText(context(desk, DANA, { kind: 'personal' }), `note ${t.id} Tray spring worn`));
    expect(note).not.toContain(RIA.name);
  });
});

describe('help', () => {
  it('its notifications line names the form and quiet hours, in both languages', async () => {
    const desk = await helpdesk();
    const help = async (locale: string) => shown(await handleText({ ...context(desk, RIA, { kind: 'personal' }), locale }, 'help'));
    const en = await help('en');
    const de = await help('de');
    expect(en).toMatch(/quiet hours \(a form\)/);
    expect(de).toMatch(/Ruhezeiten \(Formular\)/);
  });
});
