/** Saved replies: `replies`, the forms' picker and `reply <id> /<name>` (its table: saved-replies-table.ts); the picker and shortcut reach the core's forms as extensions. */
import { defineFeature } from '../types';
import { repliesCommand } from './saved-replies-command';
import { createSavedReplies, SAVED_REPLY_MIGRATIONS } from './saved-replies-table';
import { fillPicked, savedReplyChoices, typedShortcut, withPicker } from './saved-reply-use';

/** The saved-replies feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const savedRepliesFeature = defineFeature({
  name: 'saved-replies',
  needs: [],
  commands: [repliesCommand],
  // Agents' comment and resolve forms get a picker of the replies, and `reply 12 /greeting` posts one.
  extensions: ({ db }) => {
    const replies = createSavedReplies(db);
    return {
      agentForm: (ctx, form, isAgent, submitted) => withPicker(replies, ctx, form, isAgent, submitted),
      fillPicked: (ctx, ticket, values, field, submitted) => fillPicked(replies, ctx, ticket, values, field, submitted),
      typedShortcut: (ctx, ticketId, text) => typedShortcut(replies, ctx, ticketId, text),
      pickerChoices: (ctx, query, limit) => savedReplyChoices(replies, ctx, query, limit),
    };
  },
  migrations: SAVED_REPLY_MIGRATIONS,
  doctor: [],
  settings: [],
  startup: () => ({ on: true, reads: [{ table: 'saved_replies' }] }),
});
