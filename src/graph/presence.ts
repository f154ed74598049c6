/**
 * People's presence and automatic replies, for routing: user ids by address (`GET /users/{upn}`,
 * falling back to `$filter=mail eq`), presences in batches (`POST /communications/getPresencesByUserId`,
 * at most 650 ids a request, Presence.Read.All) and a mailbox's automatic-replies setting
 * (`GET /users/{id}/mailboxSettings/automaticRepliesSetting`, MailboxSettings.Read). Only this
 * folder speaks HTTP to Graph; failures come back as GraphError, a 403 naming the missing grant.
 */
import { isGraphError } from './errors';
import type { GraphClient } from './types';

/** Graph's limit on ids in one getPresencesByUserId request. */
export const PRESENCE_BATCH = 650;

/** One person's presence as Graph answers it. */
export interface Presence {
  id: string;
  /** Available, AvailableIdle, Away, BeRightBack, Busy, BusyIdle, DoNotDisturb, Offline, PresenceUnknown. */
  availability: string;
  activity?: string;
  outOfOffice: boolean;
}

/** A mailbox's automatic-replies setting, as Graph answers it. */
export interface AutomaticReplies {
  /** disabled, alwaysEnabled or scheduled. */
  status: string;
  /** For `scheduled`: the window, as epoch ms. */
  start?: number;
  end?: number;
}

/** `{graphUrl}/v1.0` of a client (its site URL without the site). */
const baseOf = (graph: GraphClient) => graph.siteUrl.replace(/\/sites\/.*$/, '');

/** The directory object id of the user with this address, or undefined when Graph knows none. */
export async function userIdOf(graph: GraphClient, address: string): Promise<string | undefined> {
  const base = baseOf(graph);
  try {
    const res = await graph.send({ method: 'GET', url: `${base}/users/${encodeURIComponent(address)}?$select=id`, operation: 'GET users/{upn}' });
    const id = (res.body as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') return id;
  } catch (e) {
    // A 404 means the address is not a UPN; it may still be a user's mail, asked next. Anything else is the caller's to handle.
    if (!(isGraphError(e) && e.status === 404)) throw e;
  }
  const filter = encodeURIComponent(`mail eq '${address.replace(/'/g, "''")}'`);
  const res = await graph.send({ method: 'GET', url: `${base}/users?$filter=${filter}&$select=id`, operation: 'GET users?$filter=mail' });
  const first = ((res.body as { value?: { id?: unknown }[] } | undefined)?.value ?? [])[0];
  return typeof first?.id === 'string' ? first.id : undefined;
}

/** Presences of up to PRESENCE_BATCH users in one request. */
export async function presencesOf(graph: GraphClient, ids: readonly string[]): Promise<Presence[]> {
  if (ids.length === 0) return [];
  if (ids.length > PRESENCE_BATCH) throw new RangeError(`getPresencesByUserId takes at most ${PRESENCE_BATCH} ids (got ${ids.length})`);
  const res = await graph.send({ method: 'POST', url: `${baseOf(graph)}/communications/getPresencesByUserId`, operation: 'POST communications/getPresencesByUserId', body: { ids } });
  const value = (res.body as { value?: unknown[] } | undefined)?.value ?? [];
  return value.flatMap((raw) => {
    const p = raw as { id?: unknown; availability?: unknown; activity?: unknown; outOfOfficeSettings?: { isOutOfOffice?: unknown } };
    if (typeof p.id !== 'string') return [];
    return [{ id: p.id, availability: typeof p.availability === 'string' ? p.availability : 'PresenceUnknown', ...(typeof p.activity === 'string' ? { activity: p.activity } : {}), outOfOffice: p.outOfOfficeSettings?.isOutOfOffice === true }];
  });
}

/** A dateTimeTimeZone as epoch ms (Graph sends UTC unless told otherwise; another zone is read as UTC, off by at most its offset). */
function instant(raw: unknown): number | undefined {
  const d = raw as { dateTime?: unknown } | undefined;
  if (typeof d?.dateTime !== 'string') return undefined;
  const ms = Date.parse(/Z|[+-]\d\d:\d\d$/.test(d.dateTime) ? d.dateTime : `${d.dateTime}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The user's automatic-replies setting. */
export async function automaticRepliesOf(graph: GraphClient, userId: string): Promise<AutomaticReplies> {
  const res = await graph.send({ method: 'GET', url: `${baseOf(graph)}/users/${encodeURIComponent(userId)}/mailboxSettings/automaticRepliesSetting`, operation: 'GET users/{id}/mailboxSettings/automaticRepliesSetting' });
  const body = (res.body ?? {}) as { status?: unknown; scheduledStartDateTime?: unknown; scheduledEndDateTime?: unknown };
  const start = instant(body.scheduledStartDateTime);
  const end = instant(body.scheduledEndDateTime);
  return { status: typeof body.status === 'string' ? body.status : 'disabled', ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) };
}

/** Whether automatic replies are in force at `now`. */
export function repliesInForce(replies: AutomaticReplies, now: number): boolean {
  if (replies.status === 'alwaysEnabled') return true;
  if (replies.status !== 'scheduled') return false;
  return (replies.start === undefined || replies.start <= now) && (replies.end === undefined || now < replies.end);
}
