/** Teams conversation ids: a channel message's id carries its thread, which the rest of the product never sees. */

/** A Teams channel id without the thread suffix that channel messages carry (`;messageid=…`). */
export function teamsChannelId(conversationId: string): string {
  const i = conversationId.indexOf(';messageid=');
  return i >= 0 ? conversationId.slice(0, i) : conversationId;
}
