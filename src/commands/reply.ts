/** `reply <id> <text>`: a public reply the requester sees. Handled by the comment verb. */
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';

/** `reply <ticket id> <text>`. */
export const replyCommand: CommandDeclaration = {
  name: 'reply',
  usage: 'reply <ticket id> <text>',
  description: 'commands:describe.reply',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: ['channel', 'group'],
  args: { kind: 'id text', key: 'comment', what: 'commands:what.reply' },
  verb: VERBS.comment,
  fixed: { internal: 'false' },
  handles: {},
  writes: true,
  answers: 'ticket',
  // A requester may answer on their own ticket too: the comment verb decides, not the command word.
  examples: [{ name: 'reply', typed: 'reply {id} matrix reply', values: { comment: 'matrix reply', internal: 'false' }, ticket: 'open', effect: 'comment', access: 'owner' }],
  helpGroup: 'work',
};
