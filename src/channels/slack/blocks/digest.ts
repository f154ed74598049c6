/** A channel digest as one Slack message: a header, section fields for the figures, context lines, and the oldest unassigned tickets with Claim. */
import { placeDates } from '../../../features/sla/clock-view';
import type { DigestView } from '../../../views/types';
import { slackDate } from './dates';
import { button, type Block } from './elements';
import { BLOCK_LIMITS, escapeMrkdwn, mrkdwn, plain, truncate, userText } from './limits';

/** The digest's blocks and fallback text, within Block Kit limits (ten fields per section). */
export function digestMessage(d: DigestView): { text: string; blocks: Block[] } {
  const blocks: Block[] = [{ type: 'header', text: plain(d.title, BLOCK_LIMITS.headerText) }];
  // Each time as Slack's date token: every reader sees it in their own time zone.
  if (d.late) blocks.push({ type: 'section', text: mrkdwn(`*${placeDates(userText(d.late, 1000), d.dates, slackDate)}*`) });
  blocks.push({ type: 'context', elements: [mrkdwn(placeDates(userText(d.period, 1000), d.dates, slackDate))] });
  for (let i = 0; i < d.facts.length; i += BLOCK_LIMITS.fields) {
    const fields = d.facts.slice(i, i + BLOCK_LIMITS.fields).map((f) => mrkdwn(`*${userText(f.title, 200)}*\n${userText(f.value, 1000)}`));
    blocks.push({ type: 'section', fields });
  }
  blocks.push({ type: 'divider' });
  blocks.push({ type: 'section', text: mrkdwn(`*${userText(d.rowsTitle, 500)}*`) });
  if (d.rows.length === 0) blocks.push({ type: 'context', elements: [mrkdwn(userText(d.emptyText, 1000))] });
  for (const r of d.rows) {
    const section: Block = { type: 'section', text: mrkdwn(`*#${r.id} ${userText(r.title, 500)}*`) };
    if (r.actions[0]) section.accessory = button(r.actions[0]);
    blocks.push(section, { type: 'context', elements: [mrkdwn(placeDates(userText(r.line, 1000), d.dates, slackDate))] });
  }
  if (d.moreText) blocks.push({ type: 'context', elements: [mrkdwn(userText(d.moreText, 1000))] });
  return { text: truncate(escapeMrkdwn(d.text), BLOCK_LIMITS.fallbackText), blocks: blocks.slice(0, BLOCK_LIMITS.messageBlocks) };
}
