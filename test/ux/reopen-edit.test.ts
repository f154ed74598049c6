/** Reopen (17.2) and edit from chat (17.3), through the real Teams and Slack channel code. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { startTestHelpdesk, type TestHelpdesk } from '../slack/helpdesk';
import { PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

/** Every Action.Execute in a card. */
function executes(card: unknown): { title: string; verb: string; data: Record<string, any> }[] {
  const found: { title: string; verb: string; data: Record<string, any> }[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'Action.Execute') found.push({ title: n.title, verb: n.verb, data: n.data ?? {} });
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return found;
}

/** The ids of a card's inputs. */
function inputIds(card: unknown): string[] {
  const ids: string[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (typeof n.type === 'string' && n.type.startsWith('Input.')) ids.push(n.id);
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return ids;
}

describe('Teams: reopen and edit', () => {
  let h: TeamsHarness;
  let lynne: { email: string; name: string };
  let dana: { email: string; name: string };
  beforeAll(async () => {
    h = await startTeamsHarness();
    lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    dana = { email: h.emails.dana!, name: 'Dana Agent' };
  }, 30_000);
  afterAll(() => h?.close());

  it('the requester reopens her resolved ticket from its card; the reason is a public comment', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Wi-Fi drops in room 4' });
    const { ticket: resolved } = await h.stack.helpdesk.resolve(dana, t.id, 'Moved the access point.');
    const card = (await h.execute('ticket.refresh', { ticketId: t.id, etag: resolved.etag }, 'lynne')).body.value;
    const reopen = executes(card).find((a) => a.title === 'Reopen')!;
    expect(reopen.verb).toBe('ticket.reopenForm');
    const form = (await h.execute(reopen.verb, reopen.data, 'lynne')).body.value;
    expect(inputIds(form)).toEqual(['reason']);
    const submit = executes(form).find((a) => a.verb === 'ticket.reopen')!;
    const done = await h.execute(submit.verb, { ...submit.data, reason: 'It dropped again this morning.' }, 'lynne');
    expect(cardText(done.body.value)).toContain('Reopened by');
    expect((await h.stack.helpdesk.getTicket(lynne, t.id)).status).toBe('New');
    const comments = await h.stack.helpdesk.listComments(lynne, t.id);
    expect(comments.at(-1)).toMatchObject({ body: 'It dropped again this morning.', isInternal: false, authorEmail: lynne.email });
  });

  it('typed `reopen <id> <reason>` reopens; on an open ticket it writes nothing and says so', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Badge not working' });
    const open = await h.say(`reopen ${t.id} still broken`, 'lynne');
    expect(open.map((r) => cardText(r.activity.attachments)).join('\n')).toContain('nothing changed');
    expect(await h.stack.helpdesk.listComments(lynne, t.id)).toEqual([]);
    await h.stack.helpdesk.resolve(dana, t.id);
    await h.say(`reopen ${t.id} The badge stopped working again at the main door.`, 'lynne');
    expect((await h.stack.helpdesk.getTicket(lynne, t.id)).status).toBe('New');
    expect((await h.stack.helpdesk.listComments(lynne, t.id)).map((c) => c.body)).toEqual(['The badge stopped working again at the main door.']);
  });

  it('edit: the requester gets title and description only; a stale save writes nothing and shows the ticket as it is', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Pritner offline', description: 'Floor 2' });
    const form = (await h.execute('ticket.editForm', { ticketId: t.id, etag: t.etag }, 'lynne')).body.value;
    expect(inputIds(form)).toEqual(['title', 'description']);
    const submit = executes(form).find((a) => a.verb === 'ticket.edit')!;
    await h.stack.helpdesk.setPriority(dana, t.id, 'High');
    const stale = await h.execute(submit.verb, { ...submit.data, title: 'Printer offline', description: 'Floor 2' }, 'lynne');
    const text = cardText(stale.body.value);
    expect(text).toContain('nothing was saved');
    expect(text).toContain('You wrote: title “Printer offline”');
    expect((await h.stack.helpdesk.getTicket(lynne, t.id)).title).toBe('Pritner offline');
    const again = executes(stale.body.value).find((a) => a.title === 'Edit')!;
    const fresh = executes((await h.execute(again.verb, again.data, 'lynne')).body.value).find((a) => a.verb === 'ticket.edit')!;
    const saved = await h.execute(fresh.verb, { ...fresh.data, title: 'Printer offline', description: 'Floor 2' }, 'lynne');
    expect(cardText(saved.body.value)).toContain('Saved.');
    expect((await h.stack.helpdesk.getTicket(lynne, t.id)).title).toBe('Printer offline');
  });

  it('edit: an agent also changes the category, from the configured list', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Cannot log in' });
    const form = (await h.execute('ticket.editForm', { ticketId: t.id, etag: t.etag }, 'dana')).body.value;
    expect(inputIds(form)).toEqual(['title', 'description', 'category']);
    const submit = executes(form).find((a) => a.verb === 'ticket.edit')!;
    await h.execute(submit.verb, { ...submit.data, title: 'Cannot log in', description: '', category: 'Access' }, 'dana');
    expect((await h.stack.helpdesk.getTicket(dana, t.id)).category).toBe('Access');
  });
});

describe('Slack: reopen and edit', () => {
  let scene: SlackScene;
  let hd: TestHelpdesk;
  const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
  const dana = { email: PEOPLE.dana.email, name: PEOPLE.dana.name };
  beforeAll(async () => {
    hd = await startTestHelpdesk();
    scene = await startSlackScene(hd.helpdesk);
  });
  afterAll(async () => {
    await scene?.close();
    await hd?.close();
  });

  it('typed `/helpdesk reopen <id> <reason>` reopens the requester’s resolved ticket with the reason as a comment', async () => {
    const t = await hd.helpdesk.createTicket(sam, { title: 'Scanner jams' });
    await hd.helpdesk.resolve(dana, t.id, 'Cleaned the rollers.');
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, `reopen ${t.id} Jammed again on page 3.`, 'reopen')));
    await expect.poll(async () => (await hd.helpdesk.getTicket(sam, t.id)).status).toBe('New');
    const comments = await hd.helpdesk.listComments(sam, t.id);
    expect(comments.map((c) => c.body)).toEqual(['Cleaned the rollers.', 'Jammed again on page 3.']);
  });

  it('a stale edit modal writes nothing and comes back with what was typed and the new etag', async () => {
    const t = await hd.helpdesk.createTicket(sam, { title: 'Mosue broken' });
    await hd.helpdesk.setPriority(dana, t.id, 'High');
    const payload = slackFixture('view-submission');
    payload.user.id = PEOPLE.sam.id;
    payload.view.private_metadata = JSON.stringify({ verb: 'ticket.edit', form: 'edit', ticketId: t.id, etag: t.etag });
    payload.view.state.values = {
      title: { value: { type: 'plain_text_input', value: 'Mouse broken' } },
      description: { value: { type: 'plain_text_input', value: '' } },
    };
    const res = await scene.post(interactiveBody(payload));
    const body = res.json();
    expect(body.response_action).toBe('update');
    expect(JSON.stringify(body.view.blocks)).toContain('Mouse broken');
    const meta = JSON.parse(body.view.private_metadata);
    const now = await hd.helpdesk.getTicket(sam, t.id);
    expect(now.title).toBe('Mosue broken');
    expect(meta.etag).toBe(now.etag);
  });
});
