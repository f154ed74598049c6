import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardOf, cardText, startTeamsHarness, USERS, type TeamsHarness } from './harness';

let h: TeamsHarness;
beforeAll(async () => {
  h = await startTeamsHarness();
}, 30_000);
afterAll(() => h?.close());

describe('Teams messages through the real server', () => {
  it('answers "help" in personal chat with the help card, as a reply to the message', async () => {
    const replies = await h.say('help');
    expect(replies).toHaveLength(1);
    const card = cardOf(replies[0]);
    expect(card?.type).toBe('AdaptiveCard');
    expect(cardText(card)).toMatch(/\bnew\b/);
    expect(cardText(card)).toMatch(/\bmine\b/);
    expect(replies[0].conversationId).toBe('a:1scrubbedPersonalConversationIdAlexAndBot9');
  });

  it('answers "new Printer jam" with the new-ticket form, title filled in', async () => {
    const [reply] = await h.say('new Printer jam');
    const card = cardOf(reply)!;
    const title = JSON.stringify(card).match(/"id":"title"[^}]*/)?.[0] ?? '';
    expect(title).toContain('Printer jam');
    expect(JSON.stringify(card)).toContain('"verb":"ticket.create"');
  });

  it('answers a channel message that @mentions the bot, with the mention stripped', async () => {
    const replies = await h.say('help', 'dana', 'message-channel-mention');
    expect(replies).toHaveLength(1);
    // Help is for the person who asked: the card goes to their 1:1 chat, the channel gets a pointer.
    expect(replies[0].activity.text).toMatch(/sent you the details in our private chat/);
    expect(replies[0].conversationId).toContain('@thread.tacv2');
    const card = h.connector.activities.find((a) => a.conversationId.startsWith('a:created-') && cardOf(a)?.type === 'AdaptiveCard');
    expect(cardText(cardOf(card))).toMatch(/\bmine\b/);
  });

  it('ignores channel messages not addressed to the bot', async () => {
    const activity = h.fixture('message-channel-mention', 'dana', { text: 'help', entities: [] });
    const before = h.connector.activities.length;
    const res = await h.post(activity);
    expect(res.status).toBe(200);
    expect(h.connector.activities.length).toBe(before);
  });

  it('tells a person without a visible email address so, and files nothing for them', async () => {
    const before = await h.stack.helpdesk.listTickets({ email: h.emails.dana!, name: 'Dana' }, {});
    const replies = await h.say('new Keyboard broken', 'noEmail');
    expect(replies).toHaveLength(1);
    expect(cardOf(replies[0])).toBeUndefined();
    expect(replies[0].activity.text).toMatch(/can't see your email address/);
    const submit = await h.execute('ticket.create', { title: 'Keyboard broken' }, 'noEmail');
    expect(submit.body.type).toBe('application/vnd.microsoft.error');
    const after = await h.stack.helpdesk.listTickets({ email: h.emails.dana!, name: 'Dana' }, {});
    expect(after.length).toBe(before.length);
  });

  it('accepts a userPrincipalName when Teams gives no email', async () => {
    const [reply] = await h.say('mine', 'grady');
    expect(cardOf(reply)).toBeDefined();
    expect(reply.activity.text ?? '').not.toMatch(/can't see your email/);
  });

  it('looks each person up once, then uses the cached address', async () => {
    const lookups = h.connector.memberLookups;
    await h.say('help', 'lee');
    await h.say('help', 'lee');
    expect(h.connector.memberLookups - lookups).toBe(1);
  });

  it('greets with the help card when the bot is added to a conversation', async () => {
    const activity = h.fixture('members-added', 'lynne');
    const before = h.connector.activities.length;
    expect((await h.post(activity)).status).toBe(200);
    const sent = h.connector.activities.slice(before);
    expect(sent).toHaveLength(1);
    expect(cardText(cardOf(sent[0]))).toMatch(/\bhelp\b/i);
  });

  it('reports every conversation to the notifications hook with who was acting', async () => {
    const last = h.references.at(-1)!;
    expect(last.ref.conversation.id).toBe('a:1scrubbedPersonalConversationIdAlexAndBot9');
    expect(last.ref.serviceUrl).toBe(h.connector.url);
    expect(last.who?.email).toBe(h.emails.lynne!);
    expect(h.references.some((r) => r.ref.user?.id === USERS.dana.id)).toBe(true);
  });

  it('says "Something went wrong" when its reply cannot be delivered, and logs the turn', async () => {
    // The answer is tried twice; only then is the turn a failure (help changes nothing).
    h.connector.failNextSends(2, 400);
    const replies = await h.say('help');
    expect(replies).toHaveLength(1);
    expect(replies[0].activity.text).toMatch(/Something went wrong/);
    expect(h.logLines.some((l) => l.includes('Teams turn failed') && l.includes('a:1scrubbedPersonalConversationIdAlexAndBot9'))).toBe(true);
  });

  it('sends no token to the connector when no app id is configured', () => {
    expect(h.connector.authorizations.length).toBeGreaterThan(0);
    expect(h.connector.authorizations.every((a) => a === undefined)).toBe(true);
  });
});
