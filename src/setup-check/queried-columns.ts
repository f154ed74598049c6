/**
 * The columns the bot filters or orders on, per list, with the query that uses each. SharePoint
 * refuses such a query on a list over 5,000 items unless the column is indexed, so the doctor
 * checks each one. Built from the field constants the queries themselves use
 * (src/helpdesk/ticket-queries.ts, changes.ts, comments.ts, agents.ts, assets.ts);
 * test/setup-check/queried-columns.test.ts runs every one of those queries on lists past the
 * threshold with only these columns indexed, so a query on a column missing here fails that test.
 */
import type { ListName } from '../graph/types';
import { AGENT, ASSET, COMMENT, TICKET } from '../helpdesk/fields';

/** One column the bot queries and what for. */
export interface QueriedColumn {
  column: string;
  usedBy: string;
}

/** Per list, the columns in the bot's `$filter` and `$orderby`. */
export const QUERIED_COLUMNS: Record<ListName, readonly QueriedColumn[]> = {
  SD_Tickets: [
    { column: TICKET.modified, usedBy: 'the change poll and every ticket list (filter and order)' },
    { column: TICKET.status, usedBy: 'queue and status lists (open tickets)' },
    { column: TICKET.priority, usedBy: '`queue high`' },
    { column: TICKET.assignedTo, usedBy: '`queue mine`' },
    { column: TICKET.submittedByEmail, usedBy: "`mine` (a requester's own tickets)" },
    { column: TICKET.category, usedBy: 'category lists' },
    { column: TICKET.spaceId, usedBy: 'HELPDESK_SPACE_ID and space lists (product 1.5+)' },
  ],
  SD_Comments: [
    { column: COMMENT.ticketId, usedBy: "a ticket's comments" },
    { column: COMMENT.created, usedBy: 'the change poll and comment order' },
  ],
  SD_Agents: [{ column: AGENT.isActive, usedBy: 'the active agents list' }],
  SD_Assets: [
    { column: ASSET.assignedTo, usedBy: '`assets` (what a person holds)' },
    { column: ASSET.status, usedBy: 'asset status lists' },
    { column: ASSET.assetTag, usedBy: '`asset <tag>`' },
    { column: ASSET.serialNumber, usedBy: '`asset <serial>`' },
  ],
};
