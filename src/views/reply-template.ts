/**
 * What a saved reply may be called and say, and how its `{{…}}` variables become text. Pure:
 * the saved replies' handlers (src/features/saved-replies) and the desk's answers
 * (src/features/answers, whose text takes the same variables) and their tests call these.
 */

/** A saved reply's body is at most this long (the limit; a rendered body stays far below a comment's 10,000). */
export const MAX_REPLY_BODY = 3000;

/** One word of letters, digits, `-`, `_` or `.`, starting with a letter or digit: never a path like `/var/log`. */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N}_.-]{0,39}$/u;

/** The variables a body may use. */
export const REPLY_VARIABLES = ['requester.firstName', 'ticket.id', 'ticket.title', 'agent.name'] as const;

/** Every `{{ … }}` in a text. */
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** True when `name` can name a saved reply. */
export function isReplyName(name: string): boolean {
  return NAME.test(name);
}

/** The variables of `body` that no saved reply can fill, as typed, each once. */
export function unknownVariables(body: string): string[] {
  const known = new Set<string>(REPLY_VARIABLES);
  return [...new Set([...body.matchAll(VARIABLE)].map((m) => m[1]).filter((v) => !known.has(v)))];
}

/**
 * `reply 12 /greeting`: the saved reply's name when the whole text is `/` and one name, else
 * undefined (`/var/log is full`, `/var/log` and a bare `/` are text to post as typed).
 */
export function shortcutName(text: string): string | undefined {
  const m = /^\/(\S+)$/.exec(text.trim());
  return m && isReplyName(m[1]) ? m[1] : undefined;
}

/** What the variables are filled from. */
export interface ReplyValues {
  requester: { name?: string; email?: string };
  ticket: { id: number; title?: string };
  agent: { name?: string; email?: string };
}

/** "Patti" from "Patti Fernandez", else from "patti.fernandez@…", else ''. */
function firstName(person: { name?: string; email?: string }): string {
  const fromName = (person.name ?? '').trim().split(/\s+/)[0] ?? '';
  if (fromName && !fromName.includes('@')) return fromName;
  const local = (person.email ?? '').split('@')[0]?.split(/[._+-]/)[0] ?? '';
  return /^\p{L}+$/u.test(local) ? local[0].toUpperCase() + local.slice(1).toLowerCase() : '';
}

/**
 * The body with its variables filled. A value nobody knows leaves no `{{…}}` and no gap: a missing
 * first name reads "Hi," rather than "Hi {{requester.firstName}}," or "Hi ,"; a ticket without
 * a title is named by its number; an agent without a name by their address.
 */
export function renderReply(body: string, values: ReplyValues): string {
  const fill: Record<string, string> = {
    'requester.firstName': firstName(values.requester),
    'ticket.id': String(values.ticket.id),
    'ticket.title': (values.ticket.title ?? '').trim() || `#${values.ticket.id}`,
    'agent.name': (values.agent.name ?? '').trim() || (values.agent.email ?? '').trim(),
  };
  // One space before an empty value goes with it, so "Hi {{x}}, …" becomes "Hi, …".
  return body.replace(/( ?)\{\{\s*([^{}]*?)\s*\}\}/g, (_all, space: string, name: string) => {
    const value = Object.hasOwn(fill, name) ? fill[name] : '';
    return value ? `${space}${value}` : '';
  });
}
