/**
 * What a requester reads in an answers offer, and what an agent reads in the answer form, on
 * both platforms: the whole answer laid out as its lines, its title bold the platform's way (no
 * literal asterisks), buttons short enough to fit the card, the preview's title apart from the
 * text, Save as answer filled when the resolving agent filed the ticket, and an empty form that
 * says in sentences what is missing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { VERBS } from '../../../src/core';
import { eventBody, slackFixture } from '../../support/slack-request';
import { cardOf, cardText } from '../../teams/harness';
import { flat, NOW, slackScene, teamsScene, type AnswerDb } from './scenes';

/** A long answer, as a desk writes one: several lines, one of them longer than any cut made so far. */
const OUTLOOK = {
  name: 'outlook-password', language: 'en' as const, title: 'Outlook keeps asking for your password', shown: true,
  phrases: ['outlook keeps asking for my password', 'outlook password prompt'],
  body: [
    'Outlook asks again when the password it keeps in Windows Credential Manager is out of date, for instance after you changed your password on another device, after a reset by the desk, or when an old sign-in method is still switched on for your mailbox.',
    'Close Outlook completely, including the icon next to the clock.',
    'Open Credential Manager from the Start menu and choose Windows Credentials.',
    'Remove every entry whose name starts with MicrosoftOffice16 or contains outlook.office365.com.',
    'Start Outlook again and sign in once with your current password.',
    'If the prompt comes back within a day, reply here with a screenshot of it and we will look at the sign-in settings of your mailbox.',
  ].join('\n'),
};

const lines = OUTLOOK.body.split('\n');

async function withOutlook(answers: AnswerDb): Promise<void> {
  if (!(await answers.ports.get(OUTLOOK.name))) await answers.ports.add(OUTLOOK, 'agent@contoso.com', NOW);
}

/** Every TextBlock of a card, with its text and weight. */
function textBlocks(card: unknown): { text: string; weight?: string }[] {
  const out: { text: string; weight?: string }[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'TextBlock') out.push({ text: n.text, weight: n.weight });
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return out;
}

/** Every Action.Execute of a card, wherever it sits (the card's actions or an ActionSet in its body). */
function executes(card: unknown): { title: string; verb: string; data: Record<string, string> }[] {
  const out: { title: string; verb: string; data: Record<string, string> }[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'Action.Execute') out.push(n);
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return out;
}

/** A button label that fits beside another on a card in a personal chat (Teams) and well within Slack's 75. */
const SHORT = 30;

describe('an answers offer in Teams', () => {
  const teams = teamsScene();
  beforeAll(() => withOutlook(teams.answers));

  it('shows the whole answer as its lines, the title bold and no button running off the card', async () => {
    const [reply] = await teams.h.say('Outlook keeps asking me for my password');
    const card = cardOf(reply)!;
    const blocks = textBlocks(card);
    for (const line of lines) expect(blocks.map((b) => b.text)).toContain(line);
    expect(cardText(card)).not.toContain('…');
    expect(blocks.find((b) => b.text === OUTLOOK.title)?.weight).toBe('Bolder');
    expect(cardText(card)).not.toMatch(/\*Outlook keeps asking/);
    const buttons = executes(card);
    expect(buttons.map((b) => b.verb)).toEqual(['answers.solved', VERBS.newForm]);
    for (const b of buttons) expect(b.title.length).toBeLessThanOrEqual(SHORT);
    expect(buttons[0].data).toMatchObject({ answer: OUTLOOK.name });
    const thanks = await teams.h.execute(buttons[0].verb, buttons[0].data);
    expect(cardText(thanks.body.value)).toContain('glad that helped');
  });

  it('the answer form\'s preview shows the title apart from the text, each line of the text on its own', async () => {
    const res = await teams.h.execute('answers.form', { original: OUTLOOK.name }, 'dana');
    const blocks = textBlocks(res.body.value).map((b) => b.text);
    expect(blocks).toContain(OUTLOOK.title);
    for (const line of lines) expect(blocks).toContain(line);
  });

  it('an empty answer form comes back saying in sentences what is missing, and Teams\' own check says it in sentences too', async () => {
    const res = await teams.h.execute('answers.save', { name: '', title: '', body: '', phrases: '', language: 'en', shown: 'true' }, 'dana');
    const card = res.body.value;
    const said = cardText(card);
    expect(said).not.toContain('“”');
    expect(said).toMatch(/Give the answer a name/);
    expect(said).toMatch(/Give the answer a title\./);
    expect(said).toMatch(/Write the text requesters will read\./);
    expect(said).toMatch(/Add at least one phrase/);
    const required = (function find(n: any, out: string[] = []): string[] {
      if (Array.isArray(n)) n.forEach((x) => find(x, out));
      else if (n && typeof n === 'object') {
        if (typeof n.type === 'string' && n.type.startsWith('Input.') && n.isRequired) out.push(n.errorMessage);
        Object.values(n).forEach((x) => find(x, out));
      }
      return out;
    })(card);
    expect(required).toHaveLength(4);
    for (const message of required) expect(message).toMatch(/^[A-Z].* .*\.$/);
  });

  it('Save as answer fills the text from the public resolution note when the agent who resolved the ticket also filed it', async () => {
    const dana = { email: teams.h.emails.dana!, name: 'Dana Agent' };
    const t = await teams.h.stack.helpdesk.createTicket(dana, { title: 'Projector in room 4 shows no picture', description: 'Found it this morning' });
    await teams.h.stack.helpdesk.addComment(dana, t.id, 'Cable was loose, internal', { internal: true });
    await teams.h.stack.helpdesk.resolve(dana, t.id, 'Press Source on the remote until HDMI 2 is chosen.');
    const res = await teams.h.execute('answers.fromTicket', { ticketId: t.id }, 'dana');
    expect(res.body.value.body.find((b: any) => b.id === 'body')?.value).toBe('Press Source on the remote until HDMI 2 is chosen.');
  });
});

describe('an answers offer in Slack', () => {
  const slack = slackScene();
  beforeAll(() => withOutlook(slack.answers));

  it('shows the whole answer as its lines, the title bold the Slack way and every button short', async () => {
    const envelope = slackFixture('event-message-im');
    envelope.event_id = 'Ev-offer-layout-1';
    envelope.event = { ...envelope.event, text: 'Outlook keeps asking me for my password', client_msg_id: 'offer-layout-1', ts: '1732290100.000001' };
    await slack.scene.post(eventBody(envelope));
    const reply = await slack.scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === 'D0LAN2Q65' && flat(c.body).includes('answers.solved'));
    const texts: string[] = reply.body.blocks.filter((b: any) => b.type === 'section').map((b: any) => b.text.text);
    const all = texts.join('\n');
    for (const line of lines) expect(all).toContain(line);
    expect(all).not.toContain('…');
    expect(texts.some((t) => t.startsWith(`*${OUTLOOK.title}*`))).toBe(true);
    const buttons = reply.body.blocks.flatMap((b: any) => b.elements ?? []).filter((e: any) => e.type === 'button');
    expect(buttons.map((b: any) => b.action_id)).toEqual(['answers.solved', VERBS.newForm]);
    for (const b of buttons) expect(b.text.text.length).toBeLessThanOrEqual(SHORT);
  });
});
