/** Help screen builder, driven by the command catalogue. */
import { COMMANDS } from '../commands/catalog';
import { VERBS } from '../core/verbs';
import type { ActionView, HelpView } from './types';

/** Help for this person: agent commands only for agents; `topic` narrows it to one command. */
export function helpView(isAgent: boolean, topic?: string): HelpView {
  const allowed = COMMANDS.filter((c) => isAgent || !c.agentOnly);
  const chosen = topic ? allowed.filter((c) => c.name === topic) : [];
  const commands = (chosen.length ? chosen : allowed).map((c) => ({ usage: c.usage, description: c.description }));
  const actions: ActionView[] = [
    { verb: VERBS.newForm, title: 'New ticket', style: 'positive' },
    { verb: VERBS.mine, title: 'My tickets' },
  ];
  if (isAgent) actions.push({ verb: VERBS.queue, title: 'Queue', data: { queue: 'unassigned' } });
  const intro = isAgent
    ? 'I file and follow help-desk tickets. As an agent you can also work the queue, claim, assign, resolve and set up channel notifications.'
    : 'I file and follow your help-desk tickets. Ticket numbers can be typed as 12 or #12.';
  return { title: 'Help desk', intro, isAgent, commands, actions };
}
