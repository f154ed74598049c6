/** Saved replies: `replies`, the forms' picker and `reply <id> /<name>` (table in src/store: saved_replies); the picker and shortcut reach the core's forms as extensions. */
import { defineFeature } from '../types';
import { repliesCommand } from './saved-replies-command';
import { fillPicked, savedReplyChoices, typedShortcut, withPicker } from './saved-reply-use';

/** The saved-replies feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const savedRepliesFeature = defineFeature({
  name: 'saved-replies',
  needs: ['store'],
  commands: [repliesCommand],
  // Agents' comment and resolve forms get a picker of the replies, and `reply 12 /greeting` posts one.
  extensions: ({ store }) => ({
    agentForm: (ctx, form, isAgent, picked) => withPicker(store.savedReplies, ctx, form, isAgent, picked),
    fillPicked: (ctx, ticket, values, field, picked) => fillPicked(store.savedReplies, ctx, ticket, values, field, picked),
    typedShortcut: (ctx, ticketId, text) => typedShortcut(store.savedReplies, ctx, ticketId, text),
    pickerChoices: (ctx, query, limit) => savedReplyChoices(store.savedReplies, ctx, query, limit),
  }),
  migrations: {},
  doctor: [],
  settings: [],
  startup: () => ({ on: true, reads: [{ table: 'saved_replies' }] }),
});
