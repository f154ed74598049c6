/** What every part of the service shares: the Graph client, settings, agents and logger. */
import type { GraphClient } from '../graph/types';
import type { Logger } from '../log';
import type { AgentDirectory } from './agents';
import type { SeenTickets } from './seen';
import type { SiteColumns } from './site-columns';
import type { Vocabulary } from './types';

/** Settings the service reads; the service owns this shape and src/config.ts fills it. */
export interface ServiceSettings extends Vocabulary {
  /** Agent list field that holds the agent's address (the spec does not show it). */
  agentEmailField: string;
  /** Space (product 1.5+) this deployment is bound to; undefined = no space filter. */
  spaceId?: string;
  /** The portal's ticket URL with `{id}` (HELPDESK_TICKET_URL_PATTERN), for link unfurling. */
  ticketUrlPattern?: string;
  /** HELPDESK_FORM_EXCLUDE: extra columns that never become form fields or card lines. */
  formExclude?: readonly string[];
  /** Which of HELPDESK_PRIORITIES, _CATEGORIES, _STATUSES were set: one a site's choice column overrides is named for deletion. */
  listsSet?: readonly string[];
}

/** Shared state of one service instance. */
export interface ServiceContext {
  graph: GraphClient;
  settings: ServiceSettings;
  vocabulary: Vocabulary;
  agents: AgentDirectory;
  logger: Logger;
  now: () => Date;
  /** The site's ticket schema (choices, required columns, extra columns), cached. */
  columns: SiteColumns;
  /** Ticket versions last read or written, which guarded changes start from. */
  seen: SeenTickets;
}
