/** `help [command]`: what this person can do (agent commands only for agents). Private. */
import { helpView } from '../views/help-view';
import { privately } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Shows the help screen for this person. */
const help: Handler = async (ctx, input, commands) => {
  const isAgent = await ctx.helpdesk.isAgent(ctx.actor.email);
  return privately({ type: 'help', help: helpView(commands, isAgent, input.values?.topic, ctx.locale) });
};

/** `help`. */
export const helpCommand: CommandDeclaration = {
  name: 'help',
  aliases: ['?'],
  usage: 'help',
  description: 'commands:describe.help',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: EVERYWHERE,
  args: { kind: 'text', key: 'topic', lowercase: true },
  verb: VERBS.help,
  handles: { [VERBS.help]: help },
  answers: 'help',
  examples: [{ typed: 'help' }, { name: 'help topic', typed: '? claim', values: { topic: 'claim' } }],
  helpGroup: 'yours',
};
