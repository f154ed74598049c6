/**
 * Saved replies in Teams, end to end through the real server, the fake Bot Connector and the
 * embedded site: managed by typed commands and the form, used through `reply <id> /<name>` and
 * the reply form's typeahead picker (application/search invoke, then the Use round trip).
 */
import { featureCommands, savedRepliesIn } from '../support/feature-commands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from './harness';

let h: TeamsHarness;
let store: Store;
let ticketId = 0;

beforeAll(async () => {
  store = createSqliteStore({ file: ':memory:' });
  h = await startTeamsHarness({ notifications: createConversationPorts(store), commands: await featureCommands(store) });
  const t = await h.stack.helpdesk.createTicket({ email: h.emails.lynne!, name: 'Lynne Robbins' }, { title: 'VPN drops every hour' });
  ticketId = t.id;
}, 30_000);
afterAll(async () => {
  await h?.close();
  await store?.close();
});

const agent = () => ({ email: h.emails.dana!, name: 'Dana Agent' });
const comments = async () => (await h.stack.helpdesk.listComments(agent(), await h.stack.helpdesk.getTicket(agent(), ticketId))).map((c) => c.body);

/** Every element of a card of a type, anywhere in it. */
function elements(card: unknown, type: string): Record<string, any>[] {
  const out: Record<string, any>[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === type) out.push(n);
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return out;
}

/** An application/search invoke as Teams sends it for a Data.Query typeahead. */
function search(queryText: string, user: 'dana' | 'lynne' = 'dana', dataset = 'savedReplies') {
  return h.post(h.fixture('invoke-card-action', user, { name: 'application/search', value: { queryText, queryOptions: { skip: 0, top: 15 }, dataset, kind: 'search' } }));
}

describe('Teams: saved replies', () => {
  it('an agent adds one through the form opened by `replies add`, and `replies` lists it', async () => {
    const [form] = await h.say('replies add greeting', 'dana');
    const card = cardOf(form);
    expect(elements(card, 'Input.Text').map((i) => [i.id, i.value])).toEqual([['name', 'greeting'], ['body', '']]);
    const saved = await h.execute('replies.save', { name: 'greeting', body: 'Hi {{requester.firstName}}, about #{{ticket.id}} {{ticket.title}}: please reconnect. {{agent.name}}' }, 'dana');
    expect(cardText(saved.body.value)).toContain('Saved reply “greeting” added.');
    const [list] = await h.say('replies', 'dana');
    expect(cardText(cardOf(list))).toContain('/greeting: Hi {{requester.firstName}}');
  });

  it('refuses a name that exists and a body over 3,000 characters, keeping what was typed', async () => {
    const [again] = await h.say('replies add greeting', 'dana');
    expect(again.activity.text ?? cardText(cardOf(again))).toMatch(/already exists.*replies edit greeting/);
    const long = 'x'.repeat(3001);
    const res = await h.execute('replies.save', { name: 'long', body: long }, 'dana');
    const text = cardText(res.body.value);
    expect(text).toContain('at most 3,000 characters; this one is 3,001');
    expect(elements(res.body.value, 'Input.Text').find((i) => i.id === 'body')?.value).toBe(long);
    expect(await (await savedRepliesIn(store)).get('long')).toBeUndefined();
  });

  it('requesters neither list nor search saved replies', async () => {
    const [answer] = await h.say('replies', 'lynne');
    expect(answer.activity.text ?? cardText(cardOf(answer))).toContain('Only help-desk agents use saved replies.');
    const found = await search('gre', 'lynne');
    expect(found.body.value.results).toEqual([]);
  });

  it('`reply <id> /greeting` posts the saved reply with its variables filled', async () => {
    await h.say(`reply ${ticketId} /greeting`, 'dana');
    expect(await comments()).toContain(`Hi Lynne, about #${ticketId} VPN drops every hour: please reconnect. Dana Agent`);
  });

  it('an unknown name posts nothing and lists the names; a longer text starting with / is posted as typed', async () => {
    const before = await comments();
    const [answer] = await h.say(`reply ${ticketId} /nope`, 'dana');
    expect(answer.activity.text ?? cardText(cardOf(answer))).toMatch(/no saved reply named “nope”.*\/greeting/);
    expect(await comments()).toEqual(before);
    await h.say(`reply ${ticketId} /var/log is full`, 'dana');
    expect(await comments()).toContain('/var/log is full');
  });

  it('the reply form has a typeahead picker answered through application/search, at most 15 choices', async () => {
    for (let i = 0; i < 20; i++) await (await savedRepliesIn(store)).add({ name: `vpn-${String(i).padStart(2, '0')}`, body: `VPN answer ${i}`, updatedBy: 'dana@example.com', updatedAt: new Date().toISOString() });
    const res = await h.execute('ticket.commentForm', { ticketId, internal: 'false' }, 'dana');
    const [picker] = elements(res.body.value, 'Input.ChoiceSet');
    expect(picker).toMatchObject({ id: 'picked', style: 'filtered', 'choices.data': { type: 'Data.Query', dataset: 'savedReplies' } });
    const found = await search('gre');
    expect(found.status).toBe(200);
    expect(found.body.type).toBe('application/vnd.microsoft.search.searchResponse');
    expect(found.body.value.results).toEqual([{ value: 'greeting', title: expect.stringContaining('greeting — Hi') }]);
    const many = await search('vpn');
    expect(many.body.value.results).toHaveLength(15);
  });

  it('picking fills the reply text through a card round trip; the agent edits it and sends', async () => {
    const form = await h.execute('ticket.commentForm', { ticketId, internal: 'false' }, 'dana');
    const use = elements(form.body.value, 'Action.Execute').find((a) => a.verb === 'ticket.commentForm');
    expect(use?.associatedInputs).toBe('auto');
    // What Teams sends for the Use button: its data, and the card's inputs.
    const filled = await h.execute('ticket.commentForm', { ...use!.data, comment: '', internal: 'false', picked: 'greeting' }, 'dana');
    const text = elements(filled.body.value, 'Input.Text').find((i) => i.id === 'comment');
    expect(text?.value).toBe(`Hi Lynne, about #${ticketId} VPN drops every hour: please reconnect. Dana Agent`);
    // A card posted before the picker's input was named `picked` sends the pick as `savedReply`: it fills the same.
    const old = await h.execute('ticket.commentForm', { ...use!.data, comment: '', internal: 'false', savedReply: 'greeting' }, 'dana');
    expect(elements(old.body.value, 'Input.Text').find((i) => i.id === 'comment')?.value).toBe(text?.value);
    await h.execute('ticket.comment', { ...use!.data, comment: `${text!.value} (edited)`, internal: 'false' }, 'dana');
    expect(await comments()).toContain(`Hi Lynne, about #${ticketId} VPN drops every hour: please reconnect. Dana Agent (edited)`);
  });

  it('the resolve form has the picker too; a pick fills the resolution note', async () => {
    const filled = await h.execute('ticket.resolveForm', { ticketId, picked: 'greeting' }, 'dana');
    expect(elements(filled.body.value, 'Input.ChoiceSet')[0]?.id).toBe('picked');
    expect(elements(filled.body.value, 'Input.Text').find((i) => i.id === 'note')?.value).toContain('please reconnect');
    // An older card's `savedReply` too.
    const old = await h.execute('ticket.resolveForm', { ticketId, savedReply: 'greeting' }, 'dana');
    expect(elements(old.body.value, 'Input.Text').find((i) => i.id === 'note')?.value).toContain('please reconnect');
  });

  it('`resolve <id> /greeting` resolves with the saved reply as the note', async () => {
    await h.say(`resolve ${ticketId} /greeting`, 'dana');
    expect((await h.stack.helpdesk.getTicket(agent(), ticketId)).status).toBe('Resolved');
    expect((await comments()).filter((c) => c === `Hi Lynne, about #${ticketId} VPN drops every hour: please reconnect. Dana Agent`)).toHaveLength(2);
  });

  it('edits and removes one', async () => {
    const form = await h.execute('replies.form', { original: 'greeting' }, 'dana');
    const save = elements(form.body.value, 'Action.Execute').find((a) => a.verb === 'replies.save');
    expect(save?.data).toMatchObject({ original: 'greeting' });
    await h.execute('replies.save', { ...save!.data, name: 'hello', body: 'Hello {{requester.firstName}}' }, 'dana');
    expect(await (await savedRepliesIn(store)).get('greeting')).toBeUndefined();
    expect((await (await savedRepliesIn(store)).get('hello'))?.body).toBe('Hello {{requester.firstName}}');
    const [removed] = await h.say('replies remove hello', 'dana');
    expect(removed.activity.text ?? cardText(cardOf(removed))).toContain('Saved reply “hello” removed.');
    expect(await (await savedRepliesIn(store)).get('hello')).toBeUndefined();
  });
});
