/** `note <id> <text>`: an internal note, which only agents see. Handled by the comment verb. */
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';

/** `note <ticket id> <text>`. */
export const noteCommand: CommandDeclaration = {
  name: 'note',
  usage: 'note <ticket id> <text>',
  description: 'commands:describe.note',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'id text', key: 'comment', what: 'commands:what.note' },
  verb: VERBS.comment,
  fixed: { internal: 'true' },
  handles: {},
  writes: true,
  answers: 'ticket',
  examples: [{ name: 'note', typed: 'note {id} matrix note', values: { comment: 'matrix note', internal: 'true' }, ticket: 'open', effect: 'note' }],
  helpGroup: 'work',
};
