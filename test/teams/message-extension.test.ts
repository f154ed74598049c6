import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardOf, cardText, inputValue, startTeamsHarness, type TeamsHarness } from './harness';

let h: TeamsHarness;
beforeAll(async () => {
  h = await startTeamsHarness();
}, 30_000);
afterAll(() => h?.close());

const MESSAGE_TITLE = 'The 3rd floor printer is jammed again & shows error 50.4';

function actionTypes(card: unknown): string[] {
  const types: string[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (typeof n.type === 'string' && n.type.startsWith('Action.')) types.push(n.type);
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return types;
}

describe('Create ticket from a message (message extension action)', () => {
  it('opens the new-ticket form prefilled with the message text (HTML stripped) and a link to it', async () => {
    const res = await h.post(h.fixture('fetch-task', 'lynne'));
    expect(res.status).toBe(200);
    expect(res.body.task.type).toBe('continue');
    const card = res.body.task.value.card.content;
    expect(res.body.task.value.card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(inputValue(card, 'title')).toBe(MESSAGE_TITLE);
    expect(inputValue(card, 'description')).toBe(`${MESSAGE_TITLE}\nCan someone take a look?`);
    expect(cardText(card)).not.toMatch(/<p>|<b>|&amp;/);
    expect(cardText(card)).toContain('https://teams.microsoft.com/l/message/');
    // A dialog cannot run Universal Actions: the submit button must be Action.Submit.
    expect(actionTypes(card)).toContain('Action.Submit');
    expect(actionTypes(card)).not.toContain('Action.Execute');
  });

  it('files the ticket on submit, posts a confirmation into the conversation and closes the dialog', async () => {
    const activity = h.fixture('submit-action', 'lynne');
    const before = h.connector.activities.length;
    const res = await h.post(activity);
    expect(res.status).toBe(200);
    expect(res.body?.task).toBeUndefined();
    const tickets = await h.stack.helpdesk.listTickets({ email: h.emails.lynne!, name: 'Lynne' }, { submittedBy: h.emails.lynne! });
    const created = tickets.find((t) => t.title === MESSAGE_TITLE);
    expect(created?.category).toBe('Hardware');
    const posted = h.connector.activities.slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0].conversationId).toBe(activity.conversation.id);
    expect(cardText(cardOf(posted[0]))).toContain(MESSAGE_TITLE);
  });

  it('shows the form again with the problem, keeping what was typed, when the input is invalid', async () => {
    const activity = h.fixture('submit-action', 'lynne');
    activity.value.data = { ...activity.value.data, title: '   ', description: 'Everything I wrote', priority: 'Sky-high' };
    const before = h.connector.activities.length;
    const res = await h.post(activity);
    expect(res.body.task.type).toBe('continue');
    const card = res.body.task.value.card.content;
    expect(cardText(card)).toMatch(/title is required/i);
    expect(cardText(card)).toMatch(/Sky-high/);
    expect(inputValue(card, 'description')).toBe('Everything I wrote');
    expect(h.connector.activities.length).toBe(before);
  });

  it('tells the person the ticket is filed when the confirmation cannot be posted', async () => {
    const activity = h.fixture('submit-action', 'lynne');
    activity.value.data = { ...activity.value.data, title: 'Projector in room 4 flickers' };
    h.connector.failNextSends(1, 403);
    const res = await h.post(activity);
    expect(res.body.task.type).toBe('message');
    expect(res.body.task.value).toMatch(/Ticket #\d+ is filed, but I couldn't post it/);
    const tickets = await h.stack.helpdesk.listTickets({ email: h.emails.lynne!, name: 'Lynne' }, { submittedBy: h.emails.lynne! });
    expect(tickets.filter((t) => t.title === 'Projector in room 4 flickers')).toHaveLength(1);
  });

  it('closes the dialog without filing anything when another button than submit was pressed', async () => {
    const activity = h.fixture('submit-action', 'lynne');
    activity.value.data = { ...activity.value.data, verb: 'help.show', title: 'Should not be filed' };
    const res = await h.post(activity);
    expect(res.status).toBe(200);
    expect(res.body?.task).toBeUndefined();
    const tickets = await h.stack.helpdesk.listTickets({ email: h.emails.lynne!, name: 'Lynne' }, { submittedBy: h.emails.lynne! });
    expect(tickets.some((t) => t.title === 'Should not be filed')).toBe(false);
  });

  it('does not open the form for someone whose address Teams does not show', async () => {
    const res = await h.post(h.fixture('fetch-task', 'noEmail'));
    expect(res.body.task.type).toBe('message');
    expect(res.body.task.value).toMatch(/can't see your email address/);
  });
});
