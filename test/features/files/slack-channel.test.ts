/**
 * The Slack channel hands a message's files to the files feature: signed Events API requests
 * through the real server and Bolt, the Slack Web API fake, Slack's file host fake and the
 * embedded site. A DM comment with a PDF; a DM whose text is offered as a ticket keeps its
 * screenshots until the click that files it; a link elsewhere is never fetched.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNSET_OPENED } from '../../support/feature-commands';
import { startFakeSlack, type FakeSlack } from '../../support/fake-slack';
import { eventBody, interactiveBody, slackFixture } from '../../support/slack-request';
import { startSlackScene, type SlackScene } from '../../slack/harness';
import { registryOf } from '../../../src/commands/registry';
import { bindFeatures } from '../../../src/features/bind';
import { filesFeature } from '../../../src/features/files';
import { createLogger } from '../../../src/log';
import { PERSON, SLACK_TOKEN, pdf, png, startFilesScene, type FilesScene } from './scene';

const USER = { id: 'U0FILES01', name: PERSON.name, email: PERSON.email };
const AGENT = { id: 'U0FILES02', name: '', email: '' };
let files: FilesScene;
let fake: FakeSlack;
let slack: SlackScene;
beforeEach(async () => {
  files = await startFilesScene();
  const agent = (await files.stack.helpdesk.activeAgents()).find((a) => a.email.toLowerCase() !== PERSON.email.toLowerCase())!;
  Object.assign(AGENT, { name: agent.name, email: agent.email });
  fake = await startFakeSlack({ token: SLACK_TOKEN, users: [USER, AGENT] });
  const commands = registryOf(bindFeatures([filesFeature], { graph: files.stack.graph, helpdesk: files.stack.helpdesk, store: files.store, opened: UNSET_OPENED, logger: createLogger({ level: 'error' }), db: await files.store.featureDatabase() }));
  slack = await startSlackScene(files.stack.helpdesk, undefined, { fake, files: files.files, commands });
});
afterEach(async () => {
  await slack.close();
  await fake.close();
  await files.close();
});

let events = 0;
function dm(text: string, attached: object[], user = USER.id) {
  const envelope = slackFixture('event-message-im');
  events += 1;
  envelope.event_id = `EvFiles${events}`;
  envelope.event = { ...envelope.event, user, text, ...(attached.length > 0 ? { subtype: 'file_share', files: attached } : {}), ts: `1732290000.00${events}00`, event_ts: `1732290000.00${events}00` };
  return slack.post(eventBody(envelope));
}

const slackFile = (name: string, url: string, size: number) => ({ id: `F${name}`, name, size, mimetype: 'application/octet-stream', url_private_download: url, permalink: `https://acme.slack.com/files/${USER.id}/F${name}/${name}` });

describe('files in Slack DMs', () => {
  it('a DM comment with a PDF adds the comment and the file, linked as the sender', async () => {
    const id = await files.ticket();
    const size = 300_000;
    expect((await dm(`comment ${id} Here is the log`, [slackFile('log.pdf', files.slackHost.serve('/files-pri/T1-Flog/download/log.pdf', pdf(size)), size)])).status).toBe(200);

    await expect.poll(() => files.stack.emulator.drive.children(`SD_Attachments/${id}`), { timeout: 15_000 }).toEqual([{ name: 'log.pdf', size }]);
    await expect.poll(async () => (await files.stack.helpdesk.listComments(PERSON, id)).map((c) => c.body.replace(/ http\S+$/, '')), { timeout: 15_000 })
      .toEqual(['Here is the log', 'Attached: log.pdf (293 KB)']);
  });

  it('an agent\'s `show` of the ticket lists its files, linked; the requester\'s own card does not', async () => {
    const id = await files.ticket();
    expect((await dm(`comment ${id} Here is the log`, [slackFile('log.pdf', files.slackHost.serve('/files-pri/T1-Flog2/download/log.pdf', pdf(300_000)), 300_000)])).status).toBe(200);
    await expect.poll(() => files.stack.emulator.drive.children(`SD_Attachments/${id}`), { timeout: 15_000 }).toEqual([{ name: 'log.pdf', size: 300_000 }]);
    const cardFor = async (user: string) => {
      const before = fake.callsTo('chat.postMessage').length;
      expect((await dm(`show ${id}`, [], user)).status).toBe(200);
      await expect.poll(() => fake.callsTo('chat.postMessage').slice(before).some((c) => JSON.stringify(c.body.blocks ?? []).includes(`#${id}`)), { timeout: 15_000 }).toBe(true);
      return JSON.stringify(fake.callsTo('chat.postMessage').slice(before).map((c) => c.body.blocks));
    };

    expect(await cardFor(AGENT.id)).toMatch(/\*Files\*\\n<http:\/\/127\.0\.0\.1:\d+\/drive-files\/[^|]+\|log\.pdf> \(293 KB\)/);
    const requesters = await cardFor(USER.id);
    expect(requesters).not.toContain('*Files*');
    expect(requesters).not.toContain('|log.pdf>');
  });

  it('screenshots with text that is offered as a ticket wait for the click that files it', async () => {
    await dm('The printer on floor 3 shows error E42', [
      slackFile('front.png', files.slackHost.serve('/f/front.png', png(40_000)), 40_000),
      slackFile('back.png', files.slackHost.serve('/f/back.png', png(50_000)), 50_000),
    ]);
    const held = await fake.waitFor('chat.postMessage', (c) => JSON.stringify(c.body).includes('they go with the ticket when you file it'), 15_000);
    expect(held.body.channel).toBe('D0LAN2Q65');
    // The offer's button opens the new-ticket modal; submitting it files the ticket.
    const offer = fake.callsTo('chat.postMessage').find((c) => JSON.stringify(c.body.blocks ?? []).includes('"action_id":"ticket.new"'))!;
    const button = (offer.body.blocks as any[]).flatMap((b) => b.elements ?? []).find((e: any) => e.action_id === 'ticket.new');
    const click = slackFixture('block-actions');
    click.user.id = USER.id;
    click.actions = [{ ...click.actions[0], action_id: button.action_id, value: button.value, text: button.text }];
    click.channel = { id: 'D0LAN2Q65', name: 'directmessage' };
    click.container = { type: 'message', message_ts: '1732290000.000900', channel_id: 'D0LAN2Q65', is_ephemeral: false };
    click.response_url = fake.responseUrl('file-click');
    await slack.post(interactiveBody(click));
    const modal = await fake.waitFor('views.update', () => true, 15_000);
    expect(files.stack.emulator.drive.children('SD_Attachments')).toEqual([]);
    const submit = slackFixture('view-submission');
    submit.user.id = USER.id;
    submit.view.private_metadata = modal.body.view.private_metadata;
    submit.view.state.values.title.value.value = 'The printer on floor 3 shows error E42';
    submit.view.state.values.description.value.value = 'Screenshots attached.';
    expect((await slack.post(interactiveBody(submit))).status).toBe(200);

    const mine = async () => (await files.stack.helpdesk.listTickets(PERSON, { submittedBy: PERSON.email })).find((t) => t.title.includes('E42'));
    await expect.poll(mine, { timeout: 15_000 }).toBeDefined();
    const filed = (await mine())!;
    await expect.poll(() => files.stack.emulator.drive.children(`SD_Attachments/${filed.id}`), { timeout: 15_000 }).toEqual([{ name: 'back.png', size: 50_000 }, { name: 'front.png', size: 40_000 }]);
  });

  it('a file whose link points elsewhere is never fetched, and the sender is told in one line', async () => {
    const id = await files.ticket();
    await dm(`comment ${id} see file`, [slackFile('trap.png', files.elsewhere.serve('/files-pri/T1-F1/download/trap.png', png(10)), 10)]);
    const told = await fake.waitFor('chat.postMessage', (c) => JSON.stringify(c.body).includes('trap.png was not added'), 15_000);
    expect(JSON.stringify(told.body)).toContain('outside the chat');
    expect(files.elsewhere.requests).toEqual([]);
  });

  it('a :ticket: reaction files the message with its files, on the ticket as the person who reacted', async () => {
    fake.messages.push({ channel: 'C2147483705', ts: '1732280050.000200', text: 'Login page shows a blank screen', user: 'U0OTHER01',
      files: [slackFile('blank.png', files.slackHost.serve('/f/blank.png', png(12_000)), 12_000)] } as never);
    const envelope = slackFixture('event-reaction-added');
    envelope.event.user = USER.id;
    await slack.post(eventBody(envelope));
    const mine = async () => (await files.stack.helpdesk.listTickets(PERSON, { submittedBy: PERSON.email })).find((t) => t.title.includes('blank screen'));
    await expect.poll(mine, { timeout: 15_000 }).toBeDefined();
    const filed = (await mine())!;
    await expect.poll(() => files.stack.emulator.drive.children(`SD_Attachments/${filed.id}`), { timeout: 15_000 }).toEqual([{ name: 'blank.png', size: 12_000 }]);
    await expect.poll(async () => (await files.stack.helpdesk.listComments(PERSON, filed.id)).map((c) => [c.authorEmail, c.body.replace(/ http\S+$/, '')]), { timeout: 15_000 })
      .toEqual([[PERSON.email, 'Attached: blank.png (12 KB)']]);
  });
});
