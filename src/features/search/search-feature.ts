/** Ticket search: `search <words>` over the index the poll cycle keeps (src/features/search/search-index.ts; engines' full text in src/store: search_docs, search_terms). */
import { defineFeature } from '../types';
import { searchCommand } from './search-command';

/** The search feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const searchFeature = defineFeature({
  name: 'search',
  needs: [],
  commands: [searchCommand],
  migrations: {},
  doctor: [],
  settings: ['HELPDESK_TICKET_URL_PATTERN'],
  startup: (s) => ({ on: true, reads: [{ table: 'search_docs' }, ...(s.ticketUrlPattern ? [{ setting: 'HELPDESK_TICKET_URL_PATTERN', value: s.ticketUrlPattern }] : [])] }),
});
