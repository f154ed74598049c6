/** Ticket search: `search <words>` over the index it has the poll cycle keep (its `index` port: search-index.ts; engines' full text in src/store: search_docs, search_terms). */
import { defineFeature } from '../types';
import { searchCommand } from './search-command';
import { createSearchIndexer } from './search-index';

/** The search feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const searchFeature = defineFeature({
  name: 'search',
  needs: ['store', 'logger', 'helpdesk'],
  commands: [searchCommand],
  // The poller feeds the index what it reads, before each commit; assignees are indexed by the active agents' names.
  index: ({ store, logger, helpdesk }) => createSearchIndexer(store, logger, () => helpdesk.activeAgents()),
  migrations: {},
  doctor: [],
  settings: ['HELPDESK_TICKET_URL_PATTERN'],
  startup: (s) => ({ on: true, reads: [{ table: 'search_docs' }, ...(s.ticketUrlPattern ? [{ setting: 'HELPDESK_TICKET_URL_PATTERN', value: s.ticketUrlPattern }] : [])] }),
});
