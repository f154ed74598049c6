/** The App Home tab: my open tickets and, for agents, the unassigned queue, with their buttons. */
import type { ActionView, View } from '../../../views/types';
import type { HomeView } from '@slack/types';
import { actionsBlocks, type Block } from './elements';
import { BLOCK_LIMITS, mrkdwn, userText } from './limits';
import { renderMessage, ticketListBlocks } from './message';

/** What the home tab shows; each part is whatever view the command handler returned. */
export interface HomeContent {
  mine: View;
  /** Present for agents only. */
  queue?: View;
  /** Agents: the tickets due soonest (`queue due` as App Home asks it), when any are. */
  due?: View;
  /** A line about the last button pressed here, e.g. "Ticket #12 claimed". */
  notice?: string;
  /** The buttons at the top (views' homeActions, in the reader's language). */
  actions: ActionView[];
}

function part(view: View, max: number): Block[] {
  return view.type === 'ticket-list' ? ticketListBlocks(view.list, max) : renderMessage(view).blocks.slice(0, max);
}

/** The `views.publish` home view, never more than Slack's 100 blocks. */
export function homeView(content: HomeContent): HomeView {
  const blocks: Block[] = [];
  if (content.notice) blocks.push({ type: 'section', text: mrkdwn(userText(content.notice, BLOCK_LIMITS.sectionText)) });
  blocks.push(...actionsBlocks(content.actions));
  const dueBudget = content.due ? 16 : 0;
  const queueBudget = (content.queue ? 45 : 0) + dueBudget;
  blocks.push(...part(content.mine, BLOCK_LIMITS.surfaceBlocks - blocks.length - queueBudget - 1));
  if (content.due) {
    blocks.push({ type: 'divider' });
    blocks.push(...part(content.due, dueBudget - 1));
  }
  if (content.queue) {
    blocks.push({ type: 'divider' });
    blocks.push(...part(content.queue, BLOCK_LIMITS.surfaceBlocks - blocks.length));
  }
  return { type: 'home', blocks: blocks.slice(0, BLOCK_LIMITS.surfaceBlocks) };
}
