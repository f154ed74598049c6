/** Any view model rendered as a Slack message (`text` fallback plus `blocks`) within Block Kit limits. */
import type { NoticeTone } from '../../../core';
import { FORM_OPEN_VERB } from '../../../commands/registry';
import type { ActionView, AssetListView, ConfirmationSection, FormView, HelpView, TicketListView, View } from '../../../views/types';
import { placeDateMarks } from '../../../views/elements';
import { actionsBlocks, button, type Block } from './elements';
import { slackDate } from './dates';
import { BLOCK_LIMITS, escapeMrkdwn, mrkdwn, placeConversations, plain, truncate, userText } from './limits';
import { noticeBlocks, ticketBlocks, ticketSummaryBlocks, ticketText } from './ticket';
import { screenMessage } from './screen';

/** A message body ready for chat.postMessage / chat.update / respond. */
export interface SlackMessage {
  text: string;
  blocks: Block[];
}

/** Joins lines into as few sections as the 3000-character limit allows. */
function linesToSections(lines: string[]): Block[] {
  const out: Block[] = [];
  let current = '';
  for (const line of lines) {
    const l = truncate(line, BLOCK_LIMITS.sectionText);
    if (current && current.length + 1 + l.length > BLOCK_LIMITS.sectionText) {
      out.push({ type: 'section', text: mrkdwn(current) });
      current = '';
    }
    current = current ? `${current}\n${l}` : l;
  }
  if (current) out.push({ type: 'section', text: mrkdwn(current) });
  return out;
}

/** A confirmation's part: its heading bold (mrkdwn's *x*), every line whole, then its own buttons. */
function sectionBlocks(part: ConfirmationSection): Block[] {
  const heading = escapeMrkdwn(part.heading).replace(/\*/g, '∗');
  const lines = part.lines.filter((line) => line.trim() !== '').map(escapeMrkdwn);
  return [...linesToSections([`*${heading}*`, ...lines]), ...actionsBlocks(part.actions)];
}

/** Appends `tail` after as much of `body` as fits in `max` blocks, noting what was left out (`more[n - 1]` for n rows). */
function fit(head: Block[], body: Block[][], tail: Block[], max: number, more: readonly string[]): Block[] {
  const out = [...head];
  let used = head.length + tail.length;
  let i = 0;
  for (; i < body.length; i += 1) {
    const reserve = i < body.length - 1 ? 1 : 0;
    if (used + body[i].length + reserve > max) break;
    out.push(...body[i]);
    used += body[i].length;
  }
  const left = body.length - i;
  if (left > 0) out.push({ type: 'context', elements: [mrkdwn(escapeMrkdwn(more[Math.min(left, more.length) - 1] ?? `+${left}`))] });
  return [...out, ...tail].slice(0, max);
}

/** Blocks for a ticket list; also used by App Home with a bigger block budget. */
export function ticketListBlocks(list: TicketListView, max: number = BLOCK_LIMITS.messageBlocks): Block[] {
  const head: Block[] = [{ type: 'header', text: plain(list.title, BLOCK_LIMITS.headerText) }];
  if (list.tickets.length === 0) return [...head, { type: 'section', text: mrkdwn(userText(list.emptyText, BLOCK_LIMITS.sectionText)) }];
  const tail: Block[] = list.footer ? [{ type: 'context', elements: [mrkdwn(userText(list.footer, BLOCK_LIMITS.sectionText))] }] : [];
  if (list.actions?.length) tail.push(...actionsBlocks(list.actions));
  return fit(head, list.tickets.map((t) => ticketSummaryBlocks(t)), tail, max, list.moreText);
}

function helpBlocks(help: HelpView): Block[] {
  const head: Block[] = [{ type: 'header', text: plain(help.title, BLOCK_LIMITS.headerText) }];
  if (help.intro) head.push({ type: 'section', text: mrkdwn(userText(help.intro, BLOCK_LIMITS.sectionText)) });
  const lines = help.commands.map((c) => `\`/helpdesk ${escapeMrkdwn(c.usage)}\` — ${escapeMrkdwn(c.description)}`);
  const groups = help.groups.flatMap((g): Block[] => [
    { type: 'section', text: mrkdwn(userText(`*${escapeMrkdwn(g.title)}*`, BLOCK_LIMITS.sectionText)) },
    ...linesToSections(g.commands.map((c) => `\`/helpdesk ${escapeMrkdwn(c.name)}\` — ${escapeMrkdwn(c.description)} · _${escapeMrkdwn(c.example)}_`)),
  ]);
  const more: Block[] = help.more ? [{ type: 'context', elements: [mrkdwn(userText(escapeMrkdwn(help.more), BLOCK_LIMITS.sectionText))] }] : [];
  return [...head, ...groups, ...linesToSections(lines), ...more, ...actionsBlocks(help.actions)].slice(0, BLOCK_LIMITS.messageBlocks);
}

function assetBlocks(list: AssetListView): Block[] {
  const head: Block[] = [{ type: 'header', text: plain(list.title, BLOCK_LIMITS.headerText) }];
  if (list.assets.length === 0) return [...head, { type: 'section', text: mrkdwn(userText(list.emptyText, BLOCK_LIMITS.sectionText)) }];
  const l = list.labels;
  const body = list.assets.map((a): Block[] => [
    {
      type: 'section',
      text: mrkdwn(
        `*${userText(a.title, 300)}*\n${escapeMrkdwn(a.assetTag)} · ${escapeMrkdwn(a.type)} · ${escapeMrkdwn(a.status)} · ${userText(a.holderName, 200)}\n` +
          `${escapeMrkdwn(a.manufacturer)} ${escapeMrkdwn(a.model)} · ${escapeMrkdwn(l.serialShort)} ${escapeMrkdwn(a.serialNumber)} · ${escapeMrkdwn(a.warrantyText)}`,
      ),
    },
  ]);
  return fit(head, body, [], BLOCK_LIMITS.messageBlocks, list.moreText);
}

function formOffer(form: FormView): Block[] {
  // A prefilled new-ticket form (e.g. from words typed in a DM) opens with what was typed.
  // A draft kept server-side (too long for a button) travels by its id instead (see slack/long-button-drafts.ts).
  // A form of fields opens with the values it says its button carries (or their kept draft), then its hidden ones.
  const prefill = form.form === 'new-ticket'
    ? Object.fromEntries((form.values.draft ? ['draft'] : ['title', 'description']).filter((k) => form.values[k]).map((k) => [k, form.values[k]]))
    : form.carried ? { ...Object.fromEntries((form.values.draft ? ['draft'] : form.carried).filter((k) => form.values[k]).map((k) => [k, form.values[k]])), ...form.hidden } : undefined;
  const intro = `*${userText(form.title, 300)}*${form.form === 'new-ticket' && form.values.title ? ':' : ' —'} ${userText(form.offerText, 1000)}`;
  const open: ActionView = { verb: FORM_OPEN_VERB[form.form], title: form.openText, style: 'positive', ticketId: form.ticketId, etag: form.etag, data: prefill };
  return [{ type: 'section', text: mrkdwn(intro) }, { type: 'actions', elements: [button(open, new Set(), true)] }];
}

/** The mark in front of an answer by its tone: only good news is ticked; information reads plainly. */
const TONE_MARKS: Record<NoticeTone, string> = { success: ':white_check_mark: ', info: '', warning: ':warning: ', error: ':x: ' };

/**
 * Renders any view as a message. Forms become a button that opens the modal (messages cannot hold
 * inputs). Every word comes from the view; `_locale` is what older callers still pass.
 */
export function renderMessage(view: View, _locale?: string): SlackMessage {
  switch (view.type) {
    case 'ticket':
      return { text: ticketText(view.ticket), blocks: ticketBlocks(view.ticket, BLOCK_LIMITS.messageBlocks) };
    case 'ticket-list':
      return { text: userText(view.list.title, BLOCK_LIMITS.fallbackText), blocks: ticketListBlocks(view.list, BLOCK_LIMITS.messageBlocks) };
    case 'help':
      return { text: userText(view.help.title, BLOCK_LIMITS.fallbackText), blocks: helpBlocks(view.help) };
    case 'confirmation': {
      const c = view.confirmation;
      const blocks: Block[] = [{ type: 'section', text: mrkdwn(`${TONE_MARKS[c.tone ?? 'info']}${placeDateMarks(placeConversations(userText(c.message, BLOCK_LIMITS.sectionText - (c.dates?.length ? 400 : 20)), c.conversations), c.dates, slackDate)}`) }];
      for (const part of c.sections ?? []) blocks.push(...sectionBlocks(part));
      if (c.ticket) blocks.push(...ticketSummaryBlocks({ ...c.ticket, actions: [] }));
      blocks.push(...actionsBlocks(c.actions));
      const message = [c.message, ...(c.sections ?? []).flatMap((part) => [part.heading, ...part.lines])].join('\n');
      return { text: placeDateMarks(placeConversations(userText(message, BLOCK_LIMITS.fallbackText - (c.dates?.length ? 400 : 0)), c.conversations), c.dates, slackDate), blocks };
    }
    case 'error': {
      const e = view.error;
      const blocks: Block[] = [{ type: 'section', text: mrkdwn(`:x: ${userText(e.message, BLOCK_LIMITS.sectionText - 10)}`) }];
      if (e.usage) blocks.push({ type: 'context', elements: [mrkdwn(`${escapeMrkdwn(e.usageLabel ?? '')} \`/helpdesk ${userText(e.usage, 2000)}\``.trim())] });
      return { text: userText(e.message, BLOCK_LIMITS.fallbackText), blocks };
    }
    case 'asset-list':
      return { text: userText(view.list.title, BLOCK_LIMITS.fallbackText), blocks: assetBlocks(view.list) };
    case 'form':
      return { text: userText(view.form.title, BLOCK_LIMITS.fallbackText), blocks: formOffer(view.form) };
    case 'text':
      return { text: userText(view.text, BLOCK_LIMITS.fallbackText), blocks: [{ type: 'section', text: mrkdwn(userText(view.text, BLOCK_LIMITS.sectionText)) }] };
    case 'notice':
      return { text: userText(view.notice.text, BLOCK_LIMITS.fallbackText), blocks: noticeBlocks(view.notice) };
    case 'screen':
      return screenMessage(view.screen);
  }
}
