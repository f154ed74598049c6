/** Help screen builder, driven by the command declarations it is given. */
import { VERBS } from '../core/verbs';
import type { ActionView, HelpView } from './types';

/** Help for this person: agent commands only for agents; `topic` narrows it to one command. */
export function helpView(
  commands: readonly { name: string; usage: string; description: string; who: 'everyone' | 'agents' }[],
  isAgent: boolean,
  topic?: string,
): HelpView {
  const allowed = commands.filter((c) => isAgent || c.who !== 'agents');
  const chosen = topic ? allowed.filter((c) => c.name === topic) : [];
  const lines = (chosen.length ? chosen : allowed).map((c) => ({ usage: c.usage, description: c.description }));
  const actions: ActionView[] = [
    { verb: VERBS.newForm, title: 'New ticket', style: 'positive' },
    { verb: VERBS.mine, title: 'My tickets' },
  ];
  if (isAgent) actions.push({ verb: VERBS.queue, title: 'Queue', data: { queue: 'unassigned' } });
  const intro = isAgent
    ? 'I file and follow help-desk tickets. As an agent you can also work the queue, claim, assign, resolve and set up channel notifications.'
    : 'I file and follow your help-desk tickets. Ticket numbers can be typed as 12 or #12.';
  return { title: 'Help desk', intro, isAgent, commands: lines, actions };
}

/**
 * The one line posted when the bot joins a channel or group chat: what it does and how to ask for
 * help. The full help card goes only to whoever asks, privately.
 */
export function channelWelcome(platform: 'teams' | 'slack'): string {
  const ask = platform === 'teams' ? '`@Helpdesk help`' : '`@Helpdesk help` or `/helpdesk help`';
  return `Hi! I file and follow help-desk tickets here. Type ${ask} to see what I can do (the answer comes to you privately).`;
}
