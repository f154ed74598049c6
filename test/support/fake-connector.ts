/**
 * A loopback Bot Connector stand-in: a real HTTP server on 127.0.0.1:0 that answers the REST calls
 * botbuilder makes (send, reply, update, get member, create conversation) and records them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An activity the bot sent, with where it went. */
export interface RecordedActivity {
  conversationId: string;
  /** Set when botbuilder replied to an activity (`/activities/:replyToId`). */
  replyToId?: string;
  id: string;
  activity: Record<string, any>;
}

/** An activity the bot replaced in place (updateActivity). */
export interface RecordedUpdate {
  conversationId: string;
  activityId: string;
  activity: Record<string, any>;
}

/** A member as TeamsInfo.getMember returns it; `email`/`userPrincipalName` may be left out on purpose. */
export interface FakeMember {
  id: string;
  name: string;
  aadObjectId?: string;
  email?: string;
  userPrincipalName?: string;
}

/** A team as TeamsInfo.getTeamDetails / getTeamChannels read it; the General channel has no name of its own. */
export interface FakeTeam {
  name: string;
  channels: { id: string; name?: string }[];
}

/**
 * How the stand-in misbehaves on one send or update: http answers that status (429 with
 * Retry-After, 503); reset destroys the connection; hang never answers. afterEffect: the activity
 * is recorded first, as when Teams posted it but the answer was lost.
 */
export type ConnectorFault =
  | { kind: 'http'; status: number; retryAfterSeconds?: number }
  | { kind: 'reset'; afterEffect?: boolean }
  | { kind: 'hang'; afterEffect?: boolean };

/** A send (POST) or update (PUT) reaching the stand-in. */
export interface ConnectorCall {
  method: 'POST' | 'PUT';
  conversationId: string;
  activityId?: string;
}

/** A send or update as it arrived, with the fault it was answered with. */
export type Arrival = ConnectorCall & { fault?: ConnectorFault['kind'] };

export interface FakeConnector {
  /** Chooses a fault for a send or update; undefined answers normally. */
  fault?: (call: ConnectorCall) => ConnectorFault | undefined;
  /** Every send or update that arrived, with the fault it got (if any), in order. */
  arrivals: Arrival[];
  /** Resolves when a matching send or update has arrived (already or later), answered or not. */
  arrived(predicate: (c: Arrival) => boolean): Promise<void>;
  url: string;
  activities: RecordedActivity[];
  updates: RecordedUpdate[];
  /** Conversations the bot created (proactive DMs). */
  created: Record<string, any>[];
  /** How many member look-ups were made (identity caching is visible here). */
  memberLookups: number;
  /** Members by Teams user id; unknown ids answer 404 like the real connector. */
  members: Map<string, FakeMember>;
  /** Teams by team id, for `GET /v3/teams/:id` and `/v3/teams/:id/conversations`; unknown ids answer 404. */
  teams: Map<string, FakeTeam>;
  /** How many team look-ups (details or channels) were made (channel-name caching is visible here). */
  teamLookups: number;
  /** Authorization headers seen, to check that no token is sent in local mode. */
  authorizations: (string | undefined)[];
  /** Pasted images the attachment service serves at `/v3/attachments/<id>/views/original`, by id. */
  attachments: Map<string, Buffer>;
  /** The next `count` sends/replies answer `status` (e.g. 500, 429), as a connector outage would. */
  failNextSends(count: number, status?: number): void;
  /** Resolves with the first recorded activity matching `predicate` (already recorded or future). */
  waitFor(predicate: (a: RecordedActivity) => boolean, timeoutMs?: number): Promise<RecordedActivity>;
  clear(): void;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** Starts the stand-in on an ephemeral loopback port. */
export async function startFakeConnector(): Promise<FakeConnector> {
  let seq = 0;
  let failures = { count: 0, status: 500 };
  const waiters: { predicate: (a: RecordedActivity) => boolean; resolve: (a: RecordedActivity) => void }[] = [];
  const arrivals: FakeConnector['arrivals'] = [];
  const arrivalWaiters: { predicate: (c: Arrival) => boolean; resolve: () => void }[] = [];
  const connector: Omit<FakeConnector, 'url' | 'close'> = {
    arrivals,
    arrived(predicate) {
      if (arrivals.some(predicate)) return Promise.resolve();
      return new Promise((resolve) => arrivalWaiters.push({ predicate, resolve }));
    },
    activities: [],
    updates: [],
    created: [],
    memberLookups: 0,
    members: new Map(),
    teams: new Map(),
    teamLookups: 0,
    authorizations: [],
    attachments: new Map(),
    failNextSends(count, status = 500) {
      failures = { count, status };
    },
    waitFor(predicate, timeoutMs = 5000) {
      const found = connector.activities.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`fake connector: no matching activity within ${timeoutMs} ms (saw ${connector.activities.length})`));
          }
        }, timeoutMs).unref();
      });
    },
    clear() {
      connector.activities.length = 0;
      connector.updates.length = 0;
      connector.created.length = 0;
      connector.memberLookups = 0;
    },
  };

  const record = (entry: RecordedActivity) => {
    connector.activities.push(entry);
    for (const w of [...waiters]) {
      if (w.predicate(entry)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(entry);
      }
    }
  };

  const server = createServer(async (req, res) => {
    connector.authorizations.push(req.headers.authorization);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    try {
      if (parts[0] === 'v3' && parts[1] === 'attachments' && req.method === 'GET') {
        const bytes = connector.attachments.get(parts[2] ?? '');
        if (!bytes) return send(res, 404, { error: { code: 'NotFound', message: url.pathname } });
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(bytes.length) });
        return void res.end(bytes);
      }
      if (parts[0] === 'v3' && parts[1] === 'teams' && req.method === 'GET' && parts[2]) {
        connector.teamLookups += 1;
        const team = connector.teams.get(parts[2]);
        if (!team) return send(res, 404, { error: { code: 'NotFound', message: 'The team could not be found' } });
        if (parts[3] === 'conversations') return send(res, 200, { conversations: team.channels });
        return send(res, 200, { id: parts[2], name: team.name, aadGroupId: '00000000-0000-0000-0000-00000000team' });
      }
      // parts: ['v3', 'conversations', id?, 'activities'|'members', x?]
      if (parts[0] !== 'v3' || parts[1] !== 'conversations') return send(res, 404, { error: { code: 'NotFound', message: url.pathname } });
      const [, , conversationId, kind, target] = parts;
      if (req.method === 'POST' && !conversationId) {
        const body = await readJson(req);
        connector.created.push(body);
        return send(res, 200, { id: `a:created-${++seq}`, activityId: `created-activity-${seq}` });
      }
      if (kind === 'activities' && (req.method === 'POST' || req.method === 'PUT')) {
        const call: ConnectorCall = { method: req.method, conversationId, activityId: target };
        const fault = connector.fault?.(call);
        const arrival = { ...call, fault: fault?.kind };
        arrivals.push(arrival);
        for (const w of [...arrivalWaiters]) if (w.predicate(arrival)) (arrivalWaiters.splice(arrivalWaiters.indexOf(w), 1), w.resolve());
        if (fault) {
          const activity = await readJson(req);
          if (fault.kind === 'http') {
            res.writeHead(fault.status, { 'content-type': 'application/json', ...(fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {}) });
            res.end(JSON.stringify({ error: { code: fault.status === 429 ? 'TooManyRequests' : 'ServiceUnavailable', message: 'Injected connector fault' } }));
            return;
          }
          if (fault.afterEffect) {
            if (req.method === 'POST') record({ conversationId, replyToId: target, id: `bot-activity-${++seq}`, activity });
            else connector.updates.push({ conversationId, activityId: target!, activity });
          }
          if (fault.kind === 'reset') req.socket.destroy();
          return;
        }
      }
      if (kind === 'activities' && req.method === 'POST') {
        const activity = await readJson(req);
        if (failures.count > 0) {
          failures.count -= 1;
          return send(res, failures.status, { error: { code: 'ServiceError', message: 'Injected connector failure' } });
        }
        const id = `bot-activity-${++seq}`;
        record({ conversationId, replyToId: target, id, activity });
        return send(res, 200, { id });
      }
      if (kind === 'activities' && req.method === 'PUT' && target) {
        const activity = await readJson(req);
        connector.updates.push({ conversationId, activityId: target, activity });
        return send(res, 200, { id: target });
      }
      if (kind === 'members' && req.method === 'GET' && target) {
        connector.memberLookups += 1;
        const member = connector.members.get(target);
        if (!member) return send(res, 404, { error: { code: 'MemberNotFoundInConversation', message: 'The member could not be found' } });
        return send(res, 200, { ...member, tenantId: 'tenant-0000', userRole: 'user' });
      }
      send(res, 404, { error: { code: 'NotFound', message: `${req.method} ${url.pathname}` } });
    } catch (err) {
      send(res, 500, { error: { code: 'ServiceError', message: String(err) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(connector, {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
