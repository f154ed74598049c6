/** A reply with a file under a ticket's Slack channel message: the reply becomes a comment and the file goes with it. */
import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slackThreadReplyHook } from '../../../src/channels/slack/notify-delivery';
import { slackFileRefs } from '../../../src/features/files';
import { createLogger } from '../../../src/log';
import { createThreadReplyHandler } from '../../../src/notify';
import { startFakeSlack, type FakeSlack } from '../../support/fake-slack';
import { PERSON, SLACK_TOKEN, png, startFilesScene, type FilesScene } from './scene';

let scene: FilesScene;
let slack: FakeSlack;
beforeEach(async () => {
  scene = await startFilesScene();
  slack = await startFakeSlack({ token: SLACK_TOKEN });
});
afterEach(async () => {
  await slack.close();
  await scene.close();
});

describe('a thread reply with a file', () => {
  it('becomes a comment, and the file is linked by a second comment as the same person', async () => {
    const id = await scene.ticket();
    await scene.store.savePostedMessage({ platform: 'slack', conversationId: 'CDESK', ticketId: id, messageId: '100.1' });
    const logger = createLogger({ level: 'error' });
    const hook = slackThreadReplyHook({
      client: new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl }),
      store: scene.store,
      handle: createThreadReplyHandler({ store: scene.store, helpdesk: scene.stack.helpdesk, logger }),
      logger,
      files: scene.files,
    });
    const files = slackFileRefs([
      { name: 'after-reboot.png', size: 2048, url_private_download: scene.slackHost.serve('/f/after-reboot.png', png(2048)) },
      { name: 'fix.bat', size: 20, url_private_download: scene.slackHost.serve('/f/fix.bat', { bytes: Buffer.from('del /q *') }) },
    ]);
    expect(await hook({ channelId: 'CDESK', threadTs: '100.1', ts: '100.2', userId: 'UJOHANNA', email: PERSON.email, name: PERSON.name, text: 'Same after a reboot', files })).toBe(true);

    const comments = await scene.stack.helpdesk.listComments(PERSON, id);
    expect(comments.map((c) => [c.authorEmail, c.body.replace(/ http\S+$/, '')])).toEqual([[PERSON.email, 'Same after a reboot'], [PERSON.email, 'Attached: after-reboot.png (2 KB)']]);
    const told = slack.callsTo('chat.postEphemeral').map((c) => c.body.text);
    expect(told).toContain(':paperclip: fix.bat was not added: programs and scripts are not taken (.bat).');
  });
});
