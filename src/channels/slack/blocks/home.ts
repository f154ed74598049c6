/** The App Home tab: my open tickets and, for agents, the unassigned queue, with their buttons. */
import { VERBS } from '../../../core/verbs';
import type { View } from '../../../views/types';
import type { HomeView } from '@slack/types';
import { translator } from '../../../i18n';
import { actionsBlocks, type Block } from './elements';
import { BLOCK_LIMITS, mrkdwn, userText } from './limits';
import { renderMessage, ticketListBlocks } from './message';

/** What the home tab shows; each part is whatever view the command handler returned. */
export interface HomeContent {
  mine: View;
  /** Present for agents only. */
  queue?: View;
  /** A line about the last button pressed here, e.g. "Ticket #12 claimed". */
  notice?: string;
  /** The reader's Slack locale ('de-DE'); the tab's own words are in its language. */
  locale?: string;
}

function part(view: View, max: number, locale: string | undefined): Block[] {
  return view.type === 'ticket-list' ? ticketListBlocks(view.list, max, locale) : renderMessage(view, locale).blocks.slice(0, max);
}

/** The `views.publish` home view, never more than Slack's 100 blocks. */
export function homeView(content: HomeContent): HomeView {
  const blocks: Block[] = [];
  if (content.notice) blocks.push({ type: 'section', text: mrkdwn(userText(content.notice, BLOCK_LIMITS.sectionText)) });
  const tr = translator(content.locale);
  blocks.push(...actionsBlocks([{ verb: VERBS.newForm, title: tr('slack:home.newTicket'), style: 'positive' }, { verb: VERBS.refresh, title: tr('slack:home.refresh') }]));
  const queueBudget = content.queue ? 45 : 0;
  blocks.push(...part(content.mine, BLOCK_LIMITS.surfaceBlocks - blocks.length - queueBudget - 1, content.locale));
  if (content.queue) {
    blocks.push({ type: 'divider' });
    blocks.push(...part(content.queue, BLOCK_LIMITS.surfaceBlocks - blocks.length, content.locale));
  }
  return { type: 'home', blocks: blocks.slice(0, BLOCK_LIMITS.surfaceBlocks) };
}
