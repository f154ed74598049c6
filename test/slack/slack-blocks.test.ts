import type { ActionsBlock, Button, HeaderBlock, InputBlock, StaticSelect } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { homeView } from '../../src/channels/slack/blocks/home';
import { escapeMrkdwn, truncate, userText } from '../../src/channels/slack/blocks/limits';
import { renderMessage } from '../../src/channels/slack/blocks/message';
import { formModal } from '../../src/channels/slack/blocks/modal';
import { ticketBlocks } from '../../src/channels/slack/blocks/ticket';
import { plainFromSlack, titleFromMessage } from '../../src/channels/slack/shortcuts';
import { VERBS } from '../../src/core/verbs';
import type { TicketSummaryView, TicketView } from '../../src/views/types';
import { pickLabels, TICKET_LABELS } from '../../src/views/labels';
import { moreTexts } from '../../src/views/list-view';
import { newTicketForm } from '../../src/views/forms';
import { homeActions } from '../../src/views/help-view';
import { vocabulary } from '../cards/samples';
import { blockProblems } from '../support/fake-slack';

const long = (n: number, seed = 'x') => (seed.repeat(Math.ceil(n / seed.length)) as string).slice(0, n);

function hugeTicket(): TicketView {
  return {
    id: 4711,
    etag: '"4711,9"',
    title: long(400, 'Title <b>& '),
    description: long(20_000, 'Description with <tags> & ampersands. '),
    status: 'In Progress',
    priority: 'Urgent',
    category: long(3000, 'Cat '),
    statusLabel: 'In Progress',
    priorityLabel: 'Urgent',
    categoryLabel: long(3000, 'Cat '),
    labels: pickLabels('en', TICKET_LABELS),
    earlierCommentsText: Array.from({ length: 41 }, (_, n) => `${n} earlier comments not shown`),
    requesterName: long(2500, 'Name '),
    requesterText: long(2500, 'Name '),
    requesterEmail: 'sam@example.com',
    assignee: 'Dana Agent',
    assigneeName: long(2500, 'Dana '),
    assigneeText: long(2500, 'Dana '),
    created: '2026-11-22T14:05:00Z',
    modified: '2026-11-22T15:05:00Z',
    createdText: '22 Nov 2026 14:05 UTC',
    modifiedText: '22 Nov 2026 15:05 UTC',
    comments: Array.from({ length: 40 }, (_, i) => ({
      author: `Author ${i}`,
      authorEmail: `a${i}@example.com`,
      body: long(5000, `Comment ${i} <&> `),
      created: '2026-11-22T14:05:00Z',
      createdText: '22 Nov 2026 14:05 UTC',
      internal: i % 3 === 0,
    })),
    olderComments: 12,
    actions: [
      { verb: VERBS.claim, title: long(200, 'Claim '), ticketId: 4711, etag: '"4711,9"', style: 'positive' },
      { verb: VERBS.status, title: 'Start', ticketId: 4711, etag: '"4711,9"', data: { status: long(5000, 'In Progress ') } },
      { verb: VERBS.status, title: 'Wait', ticketId: 4711, etag: '"4711,9"', data: { status: 'Waiting' } },
    ],
    notice: { text: long(4000, 'Notice '), tone: 'warning' },
    agentView: true,
  };
}

describe('Slack Block Kit stays within every limit', () => {
  it('a ticket with a 20k description and 40 long comments renders as a valid message', () => {
    const blocks = ticketBlocks(hugeTicket());
    expect(blockProblems(blocks, 50)).toEqual([]);
    expect(blocks.length).toBeLessThanOrEqual(50);
    const all = JSON.stringify(blocks);
    // The newest comment is kept, the oldest give way with a count of what is hidden.
    expect(all).toContain('Comment 39');
    expect(all).not.toContain('*Author 0*');
    expect(all).toContain('*Author 39*');
    expect(all).toMatch(/\d+ earlier comments not shown/);
    expect(all.length).toBeLessThan(40_000);
    const header = blocks[0] as HeaderBlock;
    expect(header.text.text.length).toBeLessThanOrEqual(150);
    expect(header.text.text.endsWith('…')).toBe(true);
    const msg = renderMessage({ type: 'ticket', ticket: hugeTicket() });
    expect(msg.text.length).toBeLessThanOrEqual(40_000);
  });

  it('buttons keep valid JSON values and unique action ids even with long data', () => {
    const blocks = ticketBlocks(hugeTicket());
    const row = blocks.find((b): b is ActionsBlock => b.type === 'actions')!;
    const buttons = row.elements as Button[];
    const ids = buttons.map((e) => e.action_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of buttons) {
      expect(e.value!.length).toBeLessThanOrEqual(2000);
      expect(JSON.parse(e.value!).ticketId).toBe(4711);
    }
  });

  it('a list of 200 tickets fits a message and App Home, saying how many are not shown', () => {
    const summary = (i: number): TicketSummaryView => ({
      id: i, etag: `"${i},1"`, title: long(500, 'T '), status: 'New', priority: 'High', assignee: '', assigneeName: '', requesterName: 'Sam',
      statusLabel: 'New', priorityLabel: 'High', modified: '2026-11-22T14:05:00Z', line: { before: 'New · High · unassigned · from Sam · updated ', after: '' },
      modifiedText: 'now', actions: [{ verb: VERBS.show, title: 'Show', ticketId: i }, { verb: VERBS.claim, title: 'Claim', ticketId: i }],
    });
    const list = { title: 'Queue', tickets: Array.from({ length: 200 }, (_, i) => summary(i + 1)), emptyText: 'Nothing', footer: 'Showing 200', moreText: moreTexts(200) };
    const msg = renderMessage({ type: 'ticket-list', list });
    expect(blockProblems(msg.blocks, 50)).toEqual([]);
    expect(JSON.stringify(msg.blocks)).toMatch(/\d+ more not shown/);
    const home = homeView({ mine: { type: 'ticket-list', list }, queue: { type: 'ticket-list', list }, actions: homeActions() });
    expect(blockProblems(home.blocks, 100)).toEqual([]);
  });

  it('a form modal keeps Slack title and input limits and every typed value', () => {
    const modal = formModal({
      ...newTicketForm(vocabulary),
      title: 'New ticket from a very long message title',
      values: { title: long(300), description: long(9000), priority: 'High', category: 'Nope' },
      priorities: [{ value: 'Low', title: 'Low' }, { value: 'High', title: 'High' }],
      categories: [{ value: 'Hardware', title: 'Hardware' }],
    });
    expect(modal.title.text.length).toBeLessThanOrEqual(24);
    expect(blockProblems(modal.blocks, 100)).toEqual([]);
    const input = (id: string) => (modal.blocks.find((b) => b.block_id === id) as InputBlock).element as StaticSelect;
    expect(input('priority').initial_option?.value).toBe('High');
    expect(input('category').initial_option).toBeUndefined();
  });

  it('escapes &, < and > in user text without splitting an entity when cutting', () => {
    expect(escapeMrkdwn('a <@U1> & <!channel>')).toBe('a &lt;@U1&gt; &amp; &lt;!channel&gt;');
    const cut = userText('abcd<efgh', 6);
    expect(cut).toBe('abcd…');
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hello!', 5)).toBe('hell…');
  });
});

describe('Slack ticket notices', () => {
  const section = (view: TicketView) => JSON.stringify(ticketBlocks(view)[1]);

  it('marks only a warning or an error with :warning:, whatever the words say', () => {
    const base = hugeTicket();
    const good = section({ ...base, notice: { text: 'Already claimed by you. Nothing was changed.', tone: 'success' } });
    expect(good).toContain('Already claimed by you');
    expect(good).not.toContain(':warning:');
    expect(section({ ...base, notice: { text: 'Claimed by Dana Agent.', tone: 'warning' } })).toContain(':warning: Claimed by Dana Agent.');
  });
});

describe('tickets made from Slack messages', () => {
  it('store plain text: links, mentions and Slack escapes are turned back into what people typed', () => {
    expect(plainFromSlack('VPN &lt;down&gt; &amp; slow, see <https://status.example.com|status> cc <@U123> <!here>')).toBe(
      'VPN <down> & slow, see status (https://status.example.com) cc @U123 @here',
    );
    expect(titleFromMessage('\n\n  <https://x.example.com>  \nsecond line', 'fallback')).toBe('https://x.example.com');
    expect(titleFromMessage('', 'Message from Robin')).toBe('Message from Robin');
    expect(titleFromMessage('y'.repeat(500), 'f').length).toBeLessThanOrEqual(120);
  });
});

describe('Slack answers by their tone', () => {
  it('ticks only good news; information reads plainly, a warning or an error is marked so', () => {
    const first = (tone?: 'success' | 'info' | 'warning' | 'error') => {
      const { blocks } = renderMessage({ type: 'confirmation', confirmation: { message: 'No saved replies yet.', actions: [], ...(tone ? { tone } : {}) } });
      return JSON.stringify(blocks[0]);
    };
    expect(first('success')).toContain(':white_check_mark:');
    expect([first(), first('info')].join()).not.toMatch(/:white_check_mark:|:warning:|:x:/);
    expect(first('warning')).toContain(':warning:');
    expect(first('error')).toContain(':x:');
  });
});
