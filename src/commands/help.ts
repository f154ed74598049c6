/** `help [command]`: what this person can do (agent commands only for agents). Private. */
import { helpView } from '../views/help-view';
import type { HelpView } from '../views/types';
import { privately } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/**
 * Help reads the same for everyone of one role and language, so each is built once per set of
 * commands (a registry's declarations), role, topic and language: a `help` then costs no catalog
 * look-up (bench/teams-commands.ts: i18n was half of its added CPU). Only topics that name a
 * command are kept, so what people type cannot grow the memo.
 */
const built = new WeakMap<readonly CommandDeclaration[], Map<string, HelpView>>();

function helpFor(commands: readonly CommandDeclaration[], isAgent: boolean, topic: string | undefined, locale: string | undefined): HelpView {
  if (topic && !commands.some((c) => c.name === topic)) return helpView(commands, isAgent, topic, locale);
  let views = built.get(commands);
  if (!views) built.set(commands, (views = new Map()));
  const key = `${isAgent ? 'agent' : 'requester'}|${topic ?? ''}|${locale ?? ''}`;
  let view = views.get(key);
  if (!view) views.set(key, (view = helpView(commands, isAgent, topic, locale)));
  return view;
}

/** Shows the help screen for this person. */
const help: Handler = async (ctx, input, commands) => {
  const isAgent = await ctx.helpdesk.isAgent(ctx.actor.email);
  return privately({ type: 'help', help: helpFor(commands, isAgent, input.values?.topic, ctx.locale) });
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
