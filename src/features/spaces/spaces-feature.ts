/** Spaces (product 1.5+): `space <id>` binds a channel to one space of the desk; the core commands read the binding through src/commands/space-scope.ts (table in src/store: conversation_spaces). */
import { defineFeature } from '../types';
import { spaceCommand } from './space-command';

/** The spaces feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const spacesFeature = defineFeature({
  name: 'spaces',
  needs: ['store'],
  commands: [spaceCommand],
  migrations: {},
  doctor: [],
  settings: ['HELPDESK_SPACE_ID'],
  startup: (s) => ({ on: true, reads: [{ table: 'conversation_spaces' }, ...(s.spaceId ? [{ setting: 'HELPDESK_SPACE_ID', value: s.spaceId }] : [])] }),
});
