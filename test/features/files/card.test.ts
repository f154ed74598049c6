/** The files on an agent's card: the feature hands them over as the card's links, and each channel lays them out (Teams: a container, Slack: a section). */
import { describe, expect, it } from 'vitest';
import { filesAsLinks, type TicketFilesView } from '../../../src/features/files/card';
import { renderCard } from '../../../src/channels/teams/cards';
import { renderMessage } from '../../../src/channels/slack/blocks/message';
import { ticketView } from '../../../src/views/ticket-view';
import type { View } from '../../../src/views/types';
import { ticket, vocabulary } from '../../cards/samples';

const files: TicketFilesView = {
  heading: 'Files',
  files: [
    { name: 'screenshot.png', size: '182 KB', url: 'https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/screenshot.png', line: 'screenshot.png (182 KB)' },
    { name: 'a<b>|c.txt', size: '1 KB', url: 'https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/a.txt', line: 'a<b>|c.txt (1 KB)' },
  ],
};

/** An agent's card with `found` as its links. */
function card(found: TicketFilesView): View {
  return { type: 'ticket', ticket: { ...ticketView(ticket(), [], { email: 'meganb@example.com', isAgent: true }, vocabulary), links: filesAsLinks(found) } };
}

type Item = { type: string; separator?: boolean; items?: { text: string }[] };

describe('files on the card', () => {
  it('Teams: a heading and one linked line per file above the buttons; nothing when there are none', () => {
    const body = (renderCard(card(files)) as { body: Item[] }).body;
    const container = body.find((b) => b.type === 'Container' && b.items?.[0]?.text === 'Files');
    expect(container?.separator).toBe(true);
    expect(container?.items?.map((i) => i.text)).toEqual([
      'Files',
      '[screenshot.png](https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/screenshot.png) (182 KB)',
      '[a<b>|c.txt](https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/a.txt) (1 KB)',
    ]);
    expect(body.indexOf(container!)).toBeLessThan(body.findIndex((b) => b.type === 'ActionSet'));
    expect(JSON.stringify(renderCard(card({ ...files, files: [] })))).not.toContain('"Files"');
  });

  it('Slack: linked names with mrkdwn escaped, so a name cannot break the link', () => {
    const texts = (renderMessage(card(files)).blocks as { text?: { text: string } }[]).map((b) => b.text?.text);
    expect(texts).toContain('*Files*\n<https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/screenshot.png|screenshot.png> (182 KB)\n<https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/a.txt|a&lt;b&gt;¦c.txt> (1 KB)');
    expect(JSON.stringify(renderMessage(card({ ...files, files: [] })))).not.toContain('*Files*');
  });
});
