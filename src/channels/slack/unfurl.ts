/**
 * Link unfurling: a ticket link pasted in Slack (link_shared) gets a compact ticket card through
 * chat.unfurl, only when the person who pasted it may see the ticket; otherwise Slack is not
 * called at all and the link stays a plain link. Text in the card is escaped by the Block Kit builders.
 */
import type { App } from '@slack/bolt';
import { unfurlView } from '../../commands/share';
import { renderMessage } from './blocks/message';
import { commandContext, conversationOf, type SlackDeps } from './command-context';

/** At most this many links of one message are looked up (Slack sends up to 5 per event). */
const MAX_LINKS = 5;

/** Registers the link_shared listener. */
export function registerUnfurl(app: App, deps: SlackDeps): void {
  app.event('link_shared', async ({ event }) => {
    const e = event as typeof event & { unfurl_id?: string; source?: string };
    try {
      const ctx = await commandContext(deps, e.user, conversationOf(e.channel));
      if (!ctx) return;
      const unfurls: Record<string, { blocks: unknown[] }> = {};
      for (const { url } of (e.links ?? []).slice(0, MAX_LINKS)) {
        const list = await unfurlView(ctx, url);
        if (list) unfurls[url] = { blocks: renderMessage({ type: 'ticket-list', list }, ctx.locale).blocks };
      }
      if (!Object.keys(unfurls).length) {
        deps.logger.debug('no ticket link this person may see; nothing unfurled', { channelId: e.channel, links: e.links?.length ?? 0 });
        return;
      }
      // A link in the composer (not sent yet) has no real message ts: it is addressed by unfurl_id and source.
      const where = e.source === 'composer' && e.unfurl_id ? { unfurl_id: e.unfurl_id, source: 'composer' as const } : { channel: e.channel, ts: e.message_ts };
      await deps.client.chat.unfurl({ ...where, unfurls } as Parameters<typeof deps.client.chat.unfurl>[0]);
    } catch (error) {
      // A link that cannot be unfurled now stays a link; nothing else depends on it.
      deps.logger.warn('slack link unfurl failed', { channelId: e.channel, userId: e.user, error });
    }
  });
}
