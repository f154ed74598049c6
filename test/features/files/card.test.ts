/** The files on an agent's card, laid out for Teams (Adaptive Card elements) and Slack (blocks) from one finished view. */
import { describe, expect, it } from 'vitest';
import { filesCardElements, filesSlackBlocks, type TicketFilesView } from '../../../src/features/files/card';

const view: TicketFilesView = {
  heading: 'Files',
  files: [
    { name: 'screenshot.png', size: '182 KB', url: 'https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/screenshot.png', line: 'screenshot.png (182 KB)' },
    { name: 'a<b>|c.txt', size: '1 KB', url: 'https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/a.txt', line: 'a<b>|c.txt (1 KB)' },
  ],
};

describe('files on the card', () => {
  it('Teams: a heading and one linked line per file; nothing when there are none', () => {
    const [container] = filesCardElements(view) as [{ type: string; items: { text: string }[] }];
    expect(container.type).toBe('Container');
    expect(container.items.map((i) => i.text)).toEqual([
      'Files',
      '[screenshot.png](https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/screenshot.png) (182 KB)',
      '[a<b>|c.txt](https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/a.txt) (1 KB)',
    ]);
    expect(filesCardElements({ ...view, files: [] })).toEqual([]);
  });

  it('Slack: linked names with mrkdwn escaped, so a name cannot break the link', () => {
    const [block] = filesSlackBlocks(view);
    expect(block?.text.text).toBe('*Files*\n<https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/screenshot.png|screenshot.png> (182 KB)\n<https://contoso.sharepoint.com/sites/hd/SD_Attachments/12/a.txt|a&lt;b&gt;¦c.txt> (1 KB)');
    expect(filesSlackBlocks({ ...view, files: [] })).toEqual([]);
  });
});
