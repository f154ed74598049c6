/** Block Kit for one ticket, from the same TicketView the Teams card template uses. */
import type { SectionBlock } from '@slack/types';
import type { Notice } from '../../../core';
import { earlierCommentsText } from '../../../views/ticket-view';
import type { NoticeView } from '../../../views/notice-view';
import type { CommentView, TicketSummaryView, TicketView } from '../../../views/types';
import { actionsBlocks, button, type Block } from './elements';
import { translator, type Translate } from '../../../i18n';
import { slackDate } from './dates';
import { BLOCK_LIMITS, escapeMrkdwn, mrkdwn, plain, userText } from './limits';

function field(label: string, value: string, escaped?: string): { type: 'mrkdwn'; text: string } {
  const prefix = `*${label}*\n`;
  return mrkdwn(prefix + (escaped ?? userText(value || '—', BLOCK_LIMITS.fieldText - prefix.length)), BLOCK_LIMITS.fieldText);
}

/** A status, priority or category as the reader's language names it, when the view carries that label. */
function label(view: object, kind: 'status' | 'priority' | 'category'): string {
  const v = view as Record<string, unknown>;
  const labelled = v[`${kind}Label`];
  return typeof labelled === 'string' && labelled ? labelled : String(v[kind] ?? '');
}

/** A chat message is read, not archived: each comment and the thread as a whole are kept short. */
const COMMENT_CHARS = 1500;
const THREAD_CHARS = 12_000;

function commentBlock(tr: Translate, c: CommentView): SectionBlock {
  const head = `*${userText(c.author || c.authorEmail, 200)}* · ${slackDate(c.created, c.createdText)}${c.internal ? ` · :lock: _${tr('slack:ticket.internalNote')}_` : ''}\n`;
  return { type: 'section', text: mrkdwn(head + userText(c.body, COMMENT_CHARS)) };
}

/** The newest comments that fit both the block budget and the character budget, oldest first. */
function latestComments(tr: Translate, comments: CommentView[], maxBlocks: number): Block[] {
  const out: Block[] = [];
  let chars = 0;
  for (let i = comments.length - 1; i >= 0 && out.length < maxBlocks; i -= 1) {
    const block = commentBlock(tr, comments[i]);
    chars += block.text?.text.length ?? 0;
    if (chars > THREAD_CHARS && out.length > 0) break;
    out.unshift(block);
  }
  return out;
}

/** The mark in front of a notice: only a warning or an error gets :warning:; good news reads plainly. */
export function noticeMark(notice: Notice): string {
  return notice.tone === 'success' ? '' : ':warning: ';
}

/** Fallback text for notifications and screen readers (Slack parses it as mrkdwn, so it is escaped); cut to 40,000 characters. */
export function ticketText(view: TicketView): string {
  const notice = view.notice ? `${view.notice.text}\n` : '';
  return userText(`${notice}#${view.id} ${view.title} — ${label(view, 'status')}, ${label(view, 'priority')}`, BLOCK_LIMITS.fallbackText);
}

/**
 * The ticket as blocks: header, notice, facts, description, latest comments and the buttons this
 * viewer may use. Oldest comments give way first so the total stays within `maxBlocks`.
 */
export function ticketBlocks(view: TicketView, maxBlocks: number = BLOCK_LIMITS.messageBlocks, locale?: string): Block[] {
  const tr = translator(locale);
  const head: Block[] = [{ type: 'header', text: plain(`#${view.id} ${view.title}`, BLOCK_LIMITS.headerText) }];
  if (view.notice) head.push({ type: 'section', text: mrkdwn(`${noticeMark(view.notice)}${userText(view.notice.text, BLOCK_LIMITS.sectionText - 12)}`) });
  const fields = [
    field(tr('slack:ticket.status'), label(view, 'status')),
    field(tr('slack:ticket.priority'), label(view, 'priority')),
    field(tr('slack:ticket.category'), label(view, 'category')),
    field(tr('slack:ticket.assignedTo'), view.assigneeText || view.assignee || tr('slack:ticket.unassigned')),
    field(tr('slack:ticket.requester'), view.requesterText),
    field(tr('slack:ticket.updated'), view.modifiedText, slackDate(view.modified, view.modifiedText || '—')),
  ].slice(0, BLOCK_LIMITS.fields);
  head.push({ type: 'section', fields });
  if (view.description.trim()) head.push({ type: 'section', text: mrkdwn(userText(view.description, BLOCK_LIMITS.sectionText)) });
  const tail = actionsBlocks(view.actions);
  const opened = tr('slack:ticket.opened', { date: slackDate(view.created, view.createdText) });
  // The link is ours (the item's webUrl), not user text; Slack's <url|label> needs no escaping of a URL without | or >.
  const link = view.link && !/[|>\s]/.test(view.link) ? ` · <${view.link}|${tr('slack:ticket.openInHelpdesk')}>` : '';
  tail.push({ type: 'context', elements: [mrkdwn(`${opened}${link}`)] });

  const room = maxBlocks - head.length - tail.length;
  const comments: Block[] = [];
  if (view.comments.length > 0 && room >= 3) {
    const shown = latestComments(tr, view.comments, room - 2);
    const hidden = view.olderComments + view.comments.length - shown.length;
    comments.push({ type: 'divider' });
    if (hidden > 0) comments.push({ type: 'context', elements: [mrkdwn(earlierCommentsText(hidden))] });
    comments.push(...shown);
  }
  return [...head, ...comments, ...tail].slice(0, maxBlocks);
}

/** A one-line summary with its buttons, as used in lists and App Home (2 blocks). */
export function ticketSummaryBlocks(t: TicketSummaryView, locale?: string): Block[] {
  const tr = translator(locale);
  const who = t.assignee ? tr('slack:ticket.summaryAssigned', { name: userText(t.assigneeName || t.assignee, 200) }) : tr('slack:ticket.summaryUnassigned');
  const when = slackDate((t as TicketSummaryView & { modified?: string }).modified, t.modifiedText);
  const text = `*#${t.id} ${userText(t.title, 500)}*\n${escapeMrkdwn(label(t, 'status'))} · ${escapeMrkdwn(label(t, 'priority'))} · ${who} · ${userText(t.requesterName, 200)} · ${when}${
    t.notice ? `\n↳ ${userText(t.notice, 300)}` : ''
  }`;
  const section: Block = { type: 'section', text: mrkdwn(text) };
  if (t.actions.length === 1) {
    section.accessory = button(t.actions[0]);
    return [section];
  }
  return t.actions.length === 0 ? [section] : [section, ...actionsBlocks(t.actions)];
}

/** A notification DM: the ticket, what changed, and the reader's buttons (Comment, View, Reopen / Claim, View). */
export function noticeBlocks(n: NoticeView): Block[] {
  const link = n.link && !/[|>\s]/.test(n.link) ? `\n<${n.link}|${translator(n.locale)('slack:ticket.openInHelpdesk')}>` : '';
  const text = `*#${n.ticketId} ${userText(n.title, 500)}*\n${userText(n.text, 2000)}\n_${escapeMrkdwn(n.status)} · ${escapeMrkdwn(n.priority)}_${link}`;
  return [{ type: 'section', text: mrkdwn(text) }, ...actionsBlocks(n.actions)];
}
