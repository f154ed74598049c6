/** `help [command]`: what this person can do (agent commands only for agents). Private. */
import { helpView } from '../views/help-view';
import { privately } from './respond';
import type { Handler } from './types';

/** Shows the help screen for this person. */
export const help: Handler = async (ctx, input) => {
  const isAgent = await ctx.helpdesk.isAgent(ctx.actor.email);
  return privately({ type: 'help', help: helpView(isAgent, input.values?.topic) });
};
