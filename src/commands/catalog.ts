/** The typed commands: one list drives `help`, error hints and the Teams/Slack manifests. */

/** One typed command as people see it in help and in app manifests. */
export interface CommandInfo {
  name: string;
  usage: string;
  description: string;
  agentOnly: boolean;
}

/** Every typed command, everyone's first, in the order help shows them. */
export const COMMANDS: CommandInfo[] = [
  { name: 'help', usage: 'help', description: 'What I can do for you', agentOnly: false },
  { name: 'new', usage: 'new [title]', description: 'Open the new-ticket form, title prefilled', agentOnly: false },
  { name: 'mine', usage: 'mine', description: 'My open tickets, then recently resolved ones', agentOnly: false },
  { name: 'show', usage: 'show <ticket id>', description: 'A ticket with its comments', agentOnly: false },
  { name: 'comment', usage: 'comment <ticket id> <text>', description: 'Add a comment to a ticket', agentOnly: false },
  { name: 'assets', usage: 'assets', description: 'The assets I hold', agentOnly: false },
  { name: 'notifications', usage: 'notifications off|on', description: 'Mute or unmute my direct messages about tickets', agentOnly: false },
  { name: 'queue', usage: 'queue [unassigned|mine|high|all]', description: 'Open tickets (default: unassigned)', agentOnly: true },
  { name: 'claim', usage: 'claim <ticket id>', description: 'Assign a ticket to me', agentOnly: true },
  { name: 'assign', usage: 'assign <ticket id> <email or @mention>', description: 'Assign a ticket to another agent', agentOnly: true },
  { name: 'status', usage: 'status <ticket id> <status>', description: 'Change the status, e.g. `status 12 in progress`', agentOnly: true },
  { name: 'priority', usage: 'priority <ticket id> <priority>', description: 'Change the priority', agentOnly: true },
  { name: 'resolve', usage: 'resolve <ticket id> [note]', description: 'Resolve, with an optional public note', agentOnly: true },
  { name: 'note', usage: 'note <ticket id> <text>', description: 'Add an internal note (agents only see it)', agentOnly: true },
  { name: 'reply', usage: 'reply <ticket id> <text>', description: 'Add a public reply the requester sees', agentOnly: true },
  { name: 'asset', usage: 'asset <tag or serial>', description: 'Look up an asset', agentOnly: true },
  {
    name: 'subscribe',
    usage: 'subscribe [all|high|space <id>|category <name>|status <status>]',
    description: 'Post ticket updates in this channel',
    agentOnly: true,
  },
  {
    name: 'unsubscribe',
    usage: 'unsubscribe [all|high|space <id>|category <name>|status <status>]',
    description: 'Stop updates in this channel (no filter: all of them)',
    agentOnly: true,
  },
  { name: 'subscriptions', usage: 'subscriptions', description: 'What this channel is subscribed to', agentOnly: true },
];

/** The usage line of a command by name, e.g. `claim <ticket id>`. */
export function usageOf(name: string): string {
  return COMMANDS.find((c) => c.name === name)?.usage ?? name;
}
