/**
 * The tenant's people, as far as routing reads them: `GET /v1.0/users/{id | userPrincipalName}`
 * (and `GET /v1.0/users?$filter=mail eq '…'`), `POST /v1.0/communications/getPresencesByUserId`
 * (at most 650 ids, Graph's 400 beyond) and `GET /v1.0/users/{id}/mailboxSettings/automaticRepliesSetting`,
 * in Graph's shapes. Everyone the site names as an agent is a user (Available, no automatic reply)
 * until a test says otherwise; a person's id is a stable GUID made from their address.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { admit, readBody, send, sendGraphError } from './answer';
import { GraphFail } from './items';
import type { ServerState } from './server';

/** One person's state, as a test sets it. */
export interface PersonState {
  availability: string;
  activity: string;
  outOfOffice: boolean;
  /** automaticRepliesSetting.status: disabled, alwaysEnabled or scheduled (with `start`, `end` ISO). */
  autoReplies: { status: 'disabled' | 'alwaysEnabled' | 'scheduled'; start?: string; end?: string };
}

/** The directory. */
export interface PeopleStore {
  /** Sets (part of) a person's state, making them a user if they were not. */
  set(address: string, state: Partial<PersonState>): void;
  /** The user id Graph gives the address. */
  idOf(address: string): string;
  get(idOrAddress: string): (PersonState & { id: string; mail: string }) | undefined;
  /** Refuses a kind of request with Graph's 403, as a tenant does for a permission nobody granted (Presence.Read.All, MailboxSettings.Read, User.Read.All); `allow` undoes it. */
  deny(what: PeopleGrant): void;
  allow(what: PeopleGrant): void;
  denied: ReadonlySet<PeopleGrant>;
}

/** What a grant lets the app read. */
export type PeopleGrant = 'presence' | 'mailbox' | 'users';

/** A GUID-shaped id made from the address, so it is the same in every run. */
function guidOf(address: string): string {
  const h = createHash('sha256').update(address.toLowerCase()).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The directory over the site's agents (`agents()` lists their addresses when asked). */
export function createPeople(agents: () => string[]): PeopleStore {
  const people = new Map<string, PersonState & { id: string; mail: string }>();
  const denied = new Set<PeopleGrant>();
  const fresh = (mail: string) => ({ id: guidOf(mail), mail, availability: 'Available', activity: 'Available', outOfOffice: false, autoReplies: { status: 'disabled' as const } });
  const find = (key: string) => {
    const k = key.toLowerCase();
    for (const p of people.values()) if (p.id === k || p.mail.toLowerCase() === k) return p;
    const agent = agents().find((a) => a.toLowerCase() === k || guidOf(a) === k);
    if (!agent) return undefined;
    const made = fresh(agent);
    people.set(agent.toLowerCase(), made);
    return made;
  };
  return {
    set(address, state) {
      const p = find(address) ?? fresh(address);
      people.set(address.toLowerCase(), { ...p, ...state });
    },
    idOf: guidOf,
    get: find,
    deny: (what) => void denied.add(what),
    allow: (what) => void denied.delete(what),
    denied,
  };
}

/** Graph routes of people: `/v1.0/users…` and `/v1.0/communications/getPresencesByUserId`. */
export const PEOPLE = /^\/v1\.0\/(users(?:\/([^/]+)(\/mailboxSettings\/automaticRepliesSetting)?)?|communications\/getPresencesByUserId)\/?$/;

const dateTimeTimeZone = (iso: string) => ({ dateTime: iso.replace(/Z$/, '').replace(/(\.\d{3})?$/, '.0000000'), timeZone: 'UTC' });

/** Answers one people request (`m` is PEOPLE's match). */
export async function handlePeople(state: ServerState, req: IncomingMessage, res: ServerResponse, requestId: string, m: RegExpExecArray, query: URLSearchParams): Promise<void> {
  const method = req.method ?? 'GET';
  const presence = m[1].startsWith('communications');
  const route = presence ? 'POST communications/getPresencesByUserId' : m[3] ? 'GET users/{id}/mailboxSettings/automaticRepliesSetting' : m[2] ? 'GET users/{id}' : 'GET users';
  if (!(await admit(state, req, res, requestId, route, 1))) return;
  const { people } = state;
  const grant = presence ? 'presence' : m[3] ? 'mailbox' : 'users';
  if (people.denied.has(grant)) {
    req.resume();
    return sendGraphError(res, requestId, 403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.');
  }
  if (presence) {
    if (method !== 'POST') return sendGraphError(res, requestId, 405, 'invalidRequest', `${method} is not supported on /communications/getPresencesByUserId.`);
    let body: { ids?: unknown };
    try {
      body = JSON.parse((await readBody(req)) || '{}') as { ids?: unknown };
    } catch {
      // Not JSON: Graph's own 400.
      throw new GraphFail(400, 'BadRequest', 'The request body is not JSON.');
    }
    if (!Array.isArray(body.ids) || body.ids.some((id) => typeof id !== 'string')) throw new GraphFail(400, 'BadRequest', 'ids must be a list of user object ids.');
    if (body.ids.length > 650) throw new GraphFail(400, 'BadRequest', 'A maximum of 650 user ids is supported per request.');
    const value = (body.ids as string[]).flatMap((id) => {
      const p = people.get(id);
      return p ? [{ id: p.id, availability: p.availability, activity: p.activity, outOfOfficeSettings: { message: p.outOfOffice ? 'I am out of office.' : null, isOutOfOffice: p.outOfOffice } }] : [];
    });
    return send(res, requestId, 200, { value });
  }
  if (method !== 'GET') return sendGraphError(res, requestId, 405, 'invalidRequest', `${method} is not supported on /users.`);
  if (!m[2]) {
    const filter = /^mail eq '(.*)'$/.exec(query.get('$filter') ?? '');
    // Listing the whole directory is beyond what this app is granted; one address is what routing asks.
    if (!filter) return sendGraphError(res, requestId, 403, 'accessDenied', "Either scp or roles claim need to be present in the token, or the app has no access to this resource: only $filter=mail eq '<address>' is answered here.");
    const p = people.get(filter[1].replace(/''/g, "'"));
    return send(res, requestId, 200, { value: p ? [{ id: p.id, mail: p.mail, userPrincipalName: p.mail }] : [] });
  }
  const p = people.get(m[2]);
  if (!p) return sendGraphError(res, requestId, 404, 'Request_ResourceNotFound', `Resource '${m[2]}' does not exist or one of its queried reference-property objects are not present.`);
  if (!m[3]) return send(res, requestId, 200, { id: p.id, mail: p.mail, userPrincipalName: p.mail });
  const r = p.autoReplies;
  return send(res, requestId, 200, {
    status: r.status, externalAudience: 'all', externalReplyMessage: '', internalReplyMessage: r.status === 'disabled' ? '' : 'I am away.',
    ...(r.start ? { scheduledStartDateTime: dateTimeTimeZone(r.start) } : {}), ...(r.end ? { scheduledEndDateTime: dateTimeTimeZone(r.end) } : {}),
  });
}
