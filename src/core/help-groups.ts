/** Help's groups, in the order help shows them: asking and following, oneself, working tickets, a channel's notifications. */
export const HELP_GROUPS = ['tickets', 'yours', 'work', 'channel'] as const;

/** One of help's groups (catalog `views:help.group.<group>`). */
export type HelpGroup = (typeof HELP_GROUPS)[number];
