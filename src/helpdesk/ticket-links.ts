/**
 * Which ticket a pasted link names: the SharePoint item page of the tickets list
 * (…/Lists/SD_Tickets/DispForm.aspx?ID=12) or the help-desk portal's own ticket URL, configured as
 * a pattern with `{id}` (HELPDESK_TICKET_URL_PATTERN).
 */
import type { ServiceContext } from './context';
import { readTicket } from './ticket-queries';
import { HelpdeskError, type Actor, type Ticket } from './types';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SHAREPOINT_ITEM = /^https:\/\/[^/?#]+\/(?:[^?#]*\/)?Lists\/SD_Tickets\/(?:DispForm|EditForm)\.aspx\?(?:[^#]*&)?ID=(\d{1,9})(?:[&#]|$)/i;

/** The ticket id in a link, or undefined when it is not a ticket link this help desk knows. */
export function ticketIdFromLink(link: string, portalPattern?: string): number | undefined {
  const url = link.trim();
  let m = SHAREPOINT_ITEM.exec(url);
  if (!m && portalPattern) {
    const [before, after] = portalPattern.split('{id}').map(escape);
    m = new RegExp(`^${before}(\\d{1,9})${after}(?:[/?#].*)?$`, 'i').exec(url);
  }
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The ticket a pasted link names, if `actor` may see it; undefined for a link that is not a
 * ticket's, a missing ticket or someone else's (so a link never reveals what its reader may not see).
 */
export async function ticketFromLink(ctx: ServiceContext, actor: Actor, link: string): Promise<Ticket | undefined> {
  const id = ticketIdFromLink(link, ctx.settings.ticketUrlPattern);
  if (id === undefined) return undefined;
  try {
    return (await readTicket(ctx, actor, id)).ticket;
  } catch (err) {
    if (err instanceof HelpdeskError && (err.kind === 'not-found' || err.kind === 'forbidden')) return undefined;
    throw err;
  }
}
