/** Spaces (product 1.5+): `space <id>` binds a channel to one space of the desk; the core commands read the binding through its `boundSpace` extension (src/commands/space-scope.ts; its table: space-table.ts). */
import { defineFeature } from '../types';
import { spaceCommand } from './space-command';
import { createSpaceBindings, SPACE_MIGRATIONS } from './space-table';
import { plainly } from '../../commands/plainly';

/** The spaces feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const spacesFeature = defineFeature({
  name: 'spaces',
  needs: [],
  commands: [spaceCommand],
  // Every command in a bound channel follows its binding; a store that does not answer fails the command plainly.
  extensions: ({ db }) => {
    const bindings = createSpaceBindings(db);
    return { boundSpace: async (ctx) => (await plainly(() => bindings.get(ctx.conversation.platform, ctx.conversation.id)))?.spaceId };
  },
  migrations: SPACE_MIGRATIONS,
  doctor: [],
  settings: ['HELPDESK_SPACE_ID'],
  startup: (s) => ({ on: true, reads: [{ table: 'conversation_spaces' }, ...(s.spaceId ? [{ setting: 'HELPDESK_SPACE_ID', value: s.spaceId }] : [])] }),
});
