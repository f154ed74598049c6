/** Saved replies: `replies`, the forms' picker and `reply <id> /<name>` (table in src/store: saved_replies). */
import { defineFeature } from '../types';
import { repliesCommand } from './saved-replies-command';

/** The saved-replies feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const savedRepliesFeature = defineFeature({
  name: 'saved-replies',
  needs: [],
  commands: [repliesCommand],
  migrations: {},
  doctor: [],
  settings: [],
  startup: () => ({ on: true, reads: [{ table: 'saved_replies' }] }),
});
