/** Block Kit for one ticket, from the same TicketView the Teams card template uses. */
import type { SectionBlock } from '@slack/types';
import type { Notice } from '../../../core';
import type { NoticeView } from '../../../views/notice-view';
import type { CommentView, LinkListView, StatusLineView, TicketSummaryView, TicketView } from '../../../views/types';
import { actionsBlocks, button, type Block } from './elements';
import { slackDate } from './dates';
import { BLOCK_LIMITS, escapeMrkdwn, mrkdwn, plain, userText } from './limits';

function field(label: string, value: string, escaped?: string): { type: 'mrkdwn'; text: string } {
  const prefix = `*${label}*\n`;
  return mrkdwn(prefix + (escaped ?? userText(value || '—', BLOCK_LIMITS.fieldText - prefix.length)), BLOCK_LIMITS.fieldText);
}

/** A chat message is read, not archived: each comment and the thread as a whole are kept short. */
const COMMENT_CHARS = 1500;
const THREAD_CHARS = 12_000;

function commentBlock(view: TicketView, c: CommentView): SectionBlock {
  const head = `*${userText(c.author || c.authorEmail, 200)}* · ${slackDate(c.created, c.createdText)}${c.internal ? ` · :lock: _${escapeMrkdwn(view.labels.internalNote)}_` : ''}\n`;
  return { type: 'section', text: mrkdwn(head + userText(c.body, COMMENT_CHARS)) };
}

/** The newest comments that fit both the block budget and the character budget, oldest first. */
function latestComments(view: TicketView, maxBlocks: number): Block[] {
  const out: Block[] = [];
  let chars = 0;
  for (let i = view.comments.length - 1; i >= 0 && out.length < maxBlocks; i -= 1) {
    const block = commentBlock(view, view.comments[i]);
    chars += block.text?.text.length ?? 0;
    if (chars > THREAD_CHARS && out.length > 0) break;
    out.unshift(block);
  }
  return out;
}

/** Slack has no text colours: each status line's sign is an emoji in front of it. */
const SIGN_MARKS: Record<StatusLineView['sign'], string> = {
  'on-track': ':large_green_circle:', 'at-risk': ':large_yellow_circle:', overdue: ':red_circle:', paused: ':double_vertical_bar:', done: ':white_check_mark:', missed: ':x:',
};

/** One status line (an SLA clock's) as mrkdwn: its mark, then its line with the date as Slack's date token. */
export function statusLineText(c: StatusLineView): string {
  return `${SIGN_MARKS[c.sign]} ${escapeMrkdwn(c.before)}${c.at ? slackDate(c.at, c.atText ?? '') : ''}${escapeMrkdwn(c.after)}`;
}

/** Escaping for text inside a link label: mrkdwn's own, and `|`, which would end the label. */
const linkLabel = (s: string) => escapeMrkdwn(s).replace(/\|/g, '¦');

/** The links a feature put under a ticket: a heading and one linked line each; none when there are no links. */
export function linkListBlocks(view: LinkListView): SectionBlock[] {
  if (view.links.length === 0) return [];
  const lines = view.links.map((f) => `<${f.url}|${linkLabel(f.text)}> (${linkLabel(f.note)})`);
  return [{ type: 'section', text: { type: 'mrkdwn', text: `*${linkLabel(view.heading)}*\n${lines.join('\n')}`.slice(0, 3000) } }];
}

/** The mark in front of a notice: only a warning or an error gets :warning:; good news and information read plainly. */
export function noticeMark(notice: Notice): string {
  return notice.tone === 'warning' || notice.tone === 'error' ? ':warning: ' : '';
}

/** Fallback text for notifications and screen readers (Slack parses it as mrkdwn, so it is escaped); cut to 40,000 characters. */
export function ticketText(view: TicketView): string {
  const notice = view.notice ? `${view.notice.text}\n` : '';
  return userText(`${notice}#${view.id} ${view.title} — ${view.statusLabel}, ${view.priorityLabel}`, BLOCK_LIMITS.fallbackText);
}

/** The ticket's help-desk page as a Slack link; the link is ours (the item's webUrl), shown only when it needs no escaping. */
function linkTo(url: string | undefined, label: string): string {
  return url && !/[|>\s]/.test(url) ? `<${url}|${escapeMrkdwn(label)}>` : '';
}

/**
 * The ticket as blocks: header, notice, facts, description, latest comments and the buttons this
 * viewer may use. Oldest comments give way first so the total stays within `maxBlocks`.
 */
export function ticketBlocks(view: TicketView, maxBlocks: number = BLOCK_LIMITS.messageBlocks): Block[] {
  const l = view.labels;
  const head: Block[] = [{ type: 'header', text: plain(`#${view.id} ${view.title}`, BLOCK_LIMITS.headerText) }];
  if (view.notice) head.push({ type: 'section', text: mrkdwn(`${noticeMark(view.notice)}${userText(view.notice.text, BLOCK_LIMITS.sectionText - 12)}`) });
  const fields = [
    field(l.status, view.statusLabel),
    field(l.priority, view.priorityLabel),
    field(l.category, view.categoryLabel),
    field(l.assignedTo, view.assigneeText || l.unassigned),
    field(l.requester, view.requesterText),
    field(l.updated, view.modifiedText, slackDate(view.modified, view.modifiedText || '—')),
  ].slice(0, BLOCK_LIMITS.fields);
  head.push({ type: 'section', fields });
  // The site's own columns (agents' cards only): a section of their own, as many as a section holds.
  const extra = (view.extraLines ?? []).slice(0, BLOCK_LIMITS.fields).map((l) => field(escapeMrkdwn(l.label), l.value));
  if (extra.length) head.push({ type: 'section', fields: extra });
  if (view.statusLines?.length) head.push({ type: 'context', elements: view.statusLines.slice(0, 10).map((c) => mrkdwn(statusLineText(c))) });
  if (view.links) head.push(...linkListBlocks(view.links));
  if (view.description.trim()) head.push({ type: 'section', text: mrkdwn(userText(view.description, BLOCK_LIMITS.sectionText)) });
  const tail = actionsBlocks(view.actions);
  const link = linkTo(view.link, l.openInHelpdesk);
  tail.push({ type: 'context', elements: [mrkdwn(`${escapeMrkdwn(l.opened)} ${slackDate(view.created, view.createdText)}${link ? ` · ${link}` : ''}`)] });

  const room = maxBlocks - head.length - tail.length;
  const comments: Block[] = [];
  if (view.comments.length > 0 && room >= 3) {
    const shown = latestComments(view, room - 2);
    const earlier = view.earlierCommentsText[view.comments.length - shown.length] ?? '';
    comments.push({ type: 'divider' });
    if (earlier) comments.push({ type: 'context', elements: [mrkdwn(escapeMrkdwn(earlier))] });
    comments.push(...shown);
  }
  return [...head, ...comments, ...tail].slice(0, maxBlocks);
}

/** A one-line summary with its buttons, as used in lists and App Home (2 blocks). */
export function ticketSummaryBlocks(t: TicketSummaryView): Block[] {
  const line = `${userText(t.line.before, 1000)}${slackDate(t.modified, t.modifiedText)}${userText(t.line.after, 200)}`;
  const status = (t.statusLines ?? []).map((c) => `\n${statusLineText(c)}`).join('');
  const text = `*#${t.id} ${userText(t.title, 500)}*\n${line}${status}${t.notice ? `\n↳ ${userText(t.notice, 300)}` : ''}`;
  const section: Block = { type: 'section', text: mrkdwn(text) };
  if (t.actions.length === 1) {
    section.accessory = button(t.actions[0]);
    return [section];
  }
  return t.actions.length === 0 ? [section] : [section, ...actionsBlocks(t.actions)];
}

/** A notification DM: the ticket, what changed, and the reader's buttons (Comment, View, Reopen / Claim, View). */
export function noticeBlocks(n: NoticeView): Block[] {
  const link = linkTo(n.link, n.labels.openInHelpdesk);
  const text = `*#${n.ticketId} ${userText(n.title, 500)}*\n${userText(n.text, 2000)}\n_${escapeMrkdwn(n.status)} · ${escapeMrkdwn(n.priority)}_${link ? `\n${link}` : ''}`;
  return [{ type: 'section', text: mrkdwn(text) }, ...actionsBlocks(n.actions)];
}
