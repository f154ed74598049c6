/** The help-desk service over Graph: rules, roles and the list field mapping live in this folder. */
import { addSatisfactionNote } from './survey-answer';
import type { GraphClient } from '../graph/types';
import { log as defaultLog, type Logger } from '../log';
import { createAgentDirectory } from './agents';
import { createAsset, findAsset, listAssets } from './asset-queries';
import { addComment, commentOn, getTicketWithComments, listComments } from './comments';
import type { ServiceContext, ServiceSettings } from './context';
import type { TicketIndex } from '../core/search';
import { searchTickets } from './ticket-search';
import { createSeenTickets } from './seen';
import { bringsUnknown, createSiteColumns, type SiteColumns } from './site-columns';
import { findSpace, siteHasSpaces } from './spaces';
import { matchValue, type SiteFields } from '../core/vocabulary';
import { ticketFromLink } from './ticket-links';
import { assign, claim, createTicket, deleteTicket, reopen, resolve, setPriority, setStatus, updateTicket } from './ticket-actions';
import { listTickets, readTicket } from './ticket-queries';
import type { HelpdeskService, TicketSchema, Vocabulary } from './types';

export type { ServiceSettings } from './context';

/** Options for createHelpdeskService. */
export interface HelpdeskServiceConfig {
  graph: GraphClient;
  settings: ServiceSettings;
  /** How long the active agents list is reused before it is read again (default 60 s). */
  agentCacheTtlMs?: number;
  logger?: Logger;
  now?: () => Date;
  /** The ticket search index (the Store); without it search answers 'unavailable'. */
  searchIndex?: TicketIndex;
}

/** Creates the ticket service; no Graph traffic until the first call. */
export function createHelpdeskService(config: HelpdeskServiceConfig): HelpdeskService {
  const { graph, settings } = config;
  const logger = (config.logger ?? defaultLog).child({ component: 'helpdesk' });
  const now = config.now ?? (() => new Date());
  const columns = createSiteColumns({
    graph,
    settings: { priorities: [...settings.priorities], categories: [...settings.categories], statuses: [...settings.statuses], formExclude: settings.formExclude, listsSet: settings.listsSet },
    logger,
    now,
  });
  const vocabulary = liveVocabulary(columns, settings);
  const agents = createAgentDirectory({
    graph,
    emailField: settings.agentEmailField || 'SD_Email',
    ttlMs: config.agentCacheTtlMs ?? 60_000,
    logger,
    now,
  });
  const ctx: ServiceContext = { graph, settings, vocabulary, agents, logger, now, columns, seen: createSeenTickets() };

  return {
    vocabulary,
    ticketSchema: () => columns.get(),
    async valuesFor(field, typed) {
      const known = columns.current().fields[field].values ?? [];
      if (!typed?.trim() || matchValue(known, typed) !== undefined) return known;
      return (await columns.refreshForUnknown()).fields[field].values ?? [];
    },
    sawTicket(ticket) {
      const brought = { priority: ticket.priority, category: ticket.category, status: ticket.status };
      // refreshForUnknown keeps the last schema when a read fails (and logs it); it never rejects.
      if (bringsUnknown(columns.current(), brought, ticket.extra)) void columns.refreshForUnknown();
    },
    servedSpace: settings.spaceId,
    findSpace: (spaceId) => findSpace(ctx, spaceId),
    hasSpaces: () => siteHasSpaces(ctx),
    isAgent: (email) => agents.isAgent(email),
    activeAgents: () => agents.active(),
    listTickets: (actor, query) => listTickets(ctx, actor, query ?? {}),
    searchTickets: (actor, request) => searchTickets(ctx, config.searchIndex, actor, request),
    ticketFromLink: (actor, link) => ticketFromLink(ctx, actor, link),
    getTicket: async (actor, id) => (await readTicket(ctx, actor, id)).ticket,
    createTicket: (actor, input) => createTicket(ctx, actor, input),
    updateTicket: (actor, id, changes, etag) => updateTicket(ctx, actor, id, changes, etag),
    claim: (actor, id, etag, options) => claim(ctx, actor, id, etag, options),
    assign: (actor, id, email, version) => assign(ctx, actor, id, email, version),
    setStatus: (actor, id, status, etag) => setStatus(ctx, actor, id, status, etag),
    setPriority: (actor, id, priority, etag) => setPriority(ctx, actor, id, priority, etag),
    resolve: (actor, id, note, etag) => resolve(ctx, actor, id, note, etag),
    reopen: (actor, id, reason, etag) => reopen(ctx, actor, id, reason, etag),
    deleteTicket: (actor, id) => deleteTicket(ctx, actor, id),
    listComments: (actor, ticket) => listComments(ctx, actor, ticket),
    getTicketWithComments: (actor, id) => getTicketWithComments(ctx, actor, id),
    addComment: (actor, ticketId, body, options) => addComment(ctx, actor, ticketId, body, options),
    commentOn: (actor, ticketId, body, options) => commentOn(ctx, actor, ticketId, body, options),
    addSatisfactionNote: (actor, ticketId, body, since) => addSatisfactionNote(ctx, actor, ticketId, body, since),
    listAssets: (actor, query) => listAssets(ctx, actor, query ?? {}),
    findAsset: (actor, tagOrSerial) => findAsset(ctx, actor, tagOrSerial),
    createAsset: (actor, asset) => createAsset(ctx, actor, asset),
  };
}

/** The value sets, read at each use: priorities, categories and statuses follow the site's choice columns once read. */
function liveVocabulary(columns: SiteColumns, settings: ServiceSettings): Vocabulary {
  const openStatuses = [...settings.openStatuses];
  const highPriorities = [...settings.highPriorities];
  return Object.freeze({
    get priorities() {
      return columns.current().fields.priority.values ?? settings.priorities;
    },
    get categories() {
      return columns.current().fields.category.values ?? settings.categories;
    },
    get statuses() {
      return columns.current().fields.status.values ?? settings.statuses;
    },
    get site() {
      return siteFields(columns.current());
    },
    openStatuses,
    highPriorities,
    statusRoles: settings.statusRoles,
  });
}

const REQUIRABLE = ['description', 'priority', 'category'] as const;

/** What forms and cards take from the schema besides the value sets; undefined until the columns were read. */
function siteFields(schema: TicketSchema): SiteFields | undefined {
  if (!schema.readAt) return undefined;
  return { required: REQUIRABLE.filter((f) => schema.fields[f].required), extra: schema.extra };
}
