/**
 * A loopback Slack Web API: a real HTTP server on 127.0.0.1:0 answering `/api/<method>` (form or
 * JSON bodies, Bearer token checked) and `/respond/<id>` (response_url). It records every call and
 * refuses blocks over Slack's limits with `invalid_blocks`, as Slack does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded call; `method` is the Web API method or "response_url". */
export interface SlackCall {
  method: string;
  body: Record<string, any>;
  /** For response_url calls, the id in `/respond/<id>`. */
  responseId?: string;
  /** The fault this call was answered with, when `fault` chose one. */
  fault?: SlackFault['kind'];
  /** What the fake answered (a view's id, a message's ts). */
  answer?: Record<string, any>;
}

/**
 * How the fake misbehaves on one call. error: HTTP 200 with `ok: false` (e.g. ratelimited,
 * internal_error); http: that status (429 with Retry-After, 503); reset: the connection is
 * destroyed; hang: no answer ever. afterEffect: the call took effect first (the message exists),
 * as when a platform succeeds but its answer is lost.
 */
export type SlackFault =
  | { kind: 'error'; error: string }
  | { kind: 'http'; status: number; retryAfterSeconds?: number }
  | { kind: 'reset'; afterEffect?: boolean }
  | { kind: 'hang'; afterEffect?: boolean };

/** A user in the fake workspace; leave `email` out to play a user whose address Slack hides. */
export interface FakeSlackUser {
  id: string;
  name: string;
  email?: string;
  isBot?: boolean;
  /** Slack's `locale` (e.g. 'de-DE'), returned like Slack does: only when asked with include_locale. */
  locale?: string;
  /** Slack's `tz` (an IANA zone), returned on every users.info like Slack does. */
  tz?: string;
  /** users.getPresence's answer (default active). */
  presence?: 'active' | 'away';
  /** The profile's status on users.info; `expiration` in epoch seconds, 0 for none (Slack's shape). */
  status?: { text: string; emoji: string; expiration?: number };
  /** dnd.teamInfo's answer for this user; times in epoch seconds. */
  dnd?: { enabled: boolean; start?: number; end?: number };
}

/** A message the fake knows (posted by the bot, or seeded by a test for history/replies). */
export interface FakeSlackMessage {
  channel: string;
  ts: string;
  text: string;
  user?: string;
  thread_ts?: string;
  blocks?: unknown[];
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
}

/** The running fake and what it recorded. */
export interface FakeSlack {
  /** Base for SlackSettings.apiUrl, ending in `/api/`. */
  apiUrl: string;
  url: string;
  token: string;
  botUserId: string;
  calls: SlackCall[];
  users: Map<string, FakeSlackUser>;
  messages: FakeSlackMessage[];
  /** Channels the bot is not a member of: posting there fails with `not_in_channel`, as in Slack. */
  notInChannel: Set<string>;
  /** Chooses a fault for a call (after auth is checked); undefined answers normally. */
  fault?: (method: string, body: Record<string, any>) => SlackFault | undefined;
  /** A response_url that lands in this fake. */
  responseUrl(id: string): string;
  /** First call (recorded or future) to `method` matching `predicate`. */
  waitFor(method: string, predicate?: (c: SlackCall) => boolean, timeoutMs?: number): Promise<SlackCall>;
  callsTo(method: string): SlackCall[];
  clear(): void;
  close(): Promise<void>;
}

/** Slack's limits, checked on every surface the fake accepts; returns the problems found. */
export function blockProblems(blocks: any[] | undefined, maxBlocks: number): string[] {
  const problems: string[] = [];
  if (!blocks) return problems;
  if (blocks.length > maxBlocks) problems.push(`${blocks.length} blocks > ${maxBlocks}`);
  const text = (t: any, max: number, where: string) => {
    if (!t) return;
    if (typeof t.text !== 'string' || t.text.length === 0) problems.push(`${where}: empty text`);
    else if (t.text.length > max) problems.push(`${where}: ${t.text.length} chars > ${max}`);
  };
  const element = (e: any, where: string) => {
    if (e.type === 'button') {
      text(e.text, 75, `${where} button text`);
      if (e.value && e.value.length > 2000) problems.push(`${where} button value > 2000`);
      if (!e.action_id || e.action_id.length > 255) problems.push(`${where} bad action_id`);
    }
  };
  blocks.forEach((b, i) => {
    const where = `block ${i} (${b.type})`;
    if (b.type === 'section') {
      text(b.text, 3000, where);
      if (b.fields) {
        if (b.fields.length > 10) problems.push(`${where}: ${b.fields.length} fields > 10`);
        b.fields.forEach((f: any, j: number) => text(f, 2000, `${where} field ${j}`));
      }
      if (b.accessory) element(b.accessory, where);
    }
    if (b.type === 'header') text(b.text, 150, where);
    if (b.type === 'actions') {
      if (b.elements.length > 25) problems.push(`${where}: > 25 elements`);
      const ids = b.elements.map((e: any) => e.action_id);
      if (new Set(ids).size !== ids.length) problems.push(`${where}: duplicate action_id`);
      b.elements.forEach((e: any) => element(e, where));
    }
    if (b.type === 'context') b.elements.forEach((e: any) => text(e, 3000, where));
    if (b.type === 'input' && b.element?.max_length > 3000) problems.push(`${where}: max_length > 3000`);
  });
  return problems;
}

function viewProblems(view: any): string[] {
  if (!view) return ['no view'];
  const problems = blockProblems(view.blocks, 100);
  if (view.type === 'modal' && (!view.title?.text || view.title.text.length > 24)) problems.push('modal title missing or > 24');
  if (view.private_metadata && view.private_metadata.length > 3000) problems.push('private_metadata > 3000');
  return problems;
}

const JSON_FIELDS = new Set(['blocks', 'view', 'attachments', 'metadata', 'users', 'unfurls']);

async function readBody(req: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(raw);
  const out: Record<string, any> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    out[k] = JSON_FIELDS.has(k) && /^[[{]/.test(v) ? JSON.parse(v) : v;
  }
  return out;
}

/** Slack returns message metadata only when the caller asks for it with include_all_metadata. */
function withMetadata(m: FakeSlackMessage, body: Record<string, any>): FakeSlackMessage {
  if (body.include_all_metadata === true || body.include_all_metadata === 'true') return m;
  const { metadata: _omitted, ...rest } = m;
  return rest;
}

function send(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts the fake Slack; `users` seeds the workspace (add more through `users`). */
export async function startFakeSlack(options: { token?: string; users?: FakeSlackUser[] } = {}): Promise<FakeSlack> {
  const token = options.token ?? 'xoxb-test-0000-fake';
  const botUserId = 'UBOT0001';
  const calls: SlackCall[] = [];
  const users = new Map((options.users ?? []).map((u) => [u.id, u]));
  const messages: FakeSlackMessage[] = [];
  const notInChannel = new Set<string>();
  const waiters: { method: string; predicate: (c: SlackCall) => boolean; resolve: (c: SlackCall) => void }[] = [];
  let seq = 0;
  let base = '';
  const nextTs = () => `${Math.floor(Date.now() / 1000)}.${String(++seq).padStart(6, '0')}`;

  const record = (call: SlackCall) => {
    calls.push(call);
    for (const w of [...waiters]) {
      if (w.method === call.method && w.predicate(call)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(call);
      }
    }
  };

  function api(method: string, body: Record<string, any>): Record<string, any> {
    const blocksCheck = (max: number) => blockProblems(body.blocks, max);
    if (method.startsWith('chat.') && method !== 'chat.getPermalink' && notInChannel.has(body.channel)) return { ok: false, error: 'not_in_channel' };
    switch (method) {
      case 'auth.test':
        return { ok: true, user_id: botUserId, bot_id: 'BBOT0001', team_id: 'T0001', user: 'helpdesk', team: 'Test' };
      case 'chat.postMessage': {
        const problems = blocksCheck(50);
        if (problems.length || (body.text ?? '').length > 40_000) return { ok: false, error: 'invalid_blocks', problems };
        const ts = nextTs();
        messages.push({ channel: body.channel, ts, text: body.text ?? '', user: botUserId, thread_ts: body.thread_ts, blocks: body.blocks, metadata: body.metadata });
        return { ok: true, channel: body.channel, ts, message: { text: body.text, ts, blocks: body.blocks } };
      }
      case 'chat.update': {
        const problems = blocksCheck(50);
        if (problems.length) return { ok: false, error: 'invalid_blocks', problems };
        const m = messages.find((x) => x.channel === body.channel && x.ts === body.ts);
        if (m) Object.assign(m, { text: body.text ?? m.text, blocks: body.blocks });
        return { ok: true, channel: body.channel, ts: body.ts };
      }
      case 'chat.postEphemeral': {
        const problems = blocksCheck(50);
        if (problems.length) return { ok: false, error: 'invalid_blocks', problems };
        return { ok: true, message_ts: nextTs() };
      }
      case 'chat.unfurl':
        // Slack answers cannot_unfurl_url for a URL it did not announce; the channel only sends announced ones.
        if (!body.unfurls || (!(body.channel && body.ts) && !(body.unfurl_id && body.source))) return { ok: false, error: 'invalid_arguments' };
        return { ok: true };
      case 'chat.getPermalink':
        return { ok: true, channel: body.channel, permalink: `https://example.slack.com/archives/${body.channel}/p${String(body.message_ts).replace('.', '')}` };
      case 'views.open':
      case 'views.push':
      case 'views.update':
      case 'views.publish': {
        const problems = viewProblems(body.view);
        if (problems.length) return { ok: false, error: 'invalid_arguments', problems };
        if ((method === 'views.open' || method === 'views.push') && !body.trigger_id) return { ok: false, error: 'invalid_trigger_id' };
        return { ok: true, view: { ...body.view, id: body.view_id ?? `V${String(++seq).padStart(8, '0')}` } };
      }
      case 'users.info': {
        const u = users.get(body.user);
        if (!u) return { ok: false, error: 'user_not_found' };
        const profile: Record<string, unknown> = {
          real_name: u.name, display_name: u.name, status_text: u.status?.text ?? '', status_emoji: u.status?.emoji ?? '', status_expiration: u.status?.expiration ?? 0,
        };
        if (u.email) profile.email = u.email;
        const locale = u.locale && (body.include_locale === true || body.include_locale === 'true') ? { locale: u.locale } : {};
        return { ok: true, user: { id: u.id, name: u.name.toLowerCase(), real_name: u.name, is_bot: Boolean(u.isBot), profile, ...locale, ...(u.tz ? { tz: u.tz } : {}) } };
      }
      case 'users.getPresence': {
        const u = users.get(body.user);
        if (!u) return { ok: false, error: 'user_not_found' };
        // Slack answers only `presence` for another user (online, auto_away and the rest are for the caller's own).
        return { ok: true, presence: u.presence ?? 'active' };
      }
      case 'dnd.teamInfo': {
        const ids = String(body.users ?? '').split(',').filter(Boolean);
        if (ids.length === 0) return { ok: false, error: 'invalid_arguments' };
        const answer: Record<string, unknown> = {};
        for (const id of ids) {
          const u = users.get(id);
          if (!u) continue;
          answer[id] = { dnd_enabled: u.dnd?.enabled ?? false, next_dnd_start_ts: u.dnd?.start ?? 1, next_dnd_end_ts: u.dnd?.end ?? 1 };
        }
        return { ok: true, users: answer };
      }
      case 'users.lookupByEmail': {
        // Slack compares addresses without regard to case; a hidden address finds no one.
        const wanted = String(body.email ?? '').toLowerCase();
        const u = [...users.values()].find((x) => x.email?.toLowerCase() === wanted);
        if (!u) return { ok: false, error: 'users_not_found' };
        return { ok: true, user: { id: u.id, name: u.name.toLowerCase(), real_name: u.name, is_bot: Boolean(u.isBot), deleted: false, profile: { email: u.email, real_name: u.name } } };
      }
      case 'conversations.open':
        return { ok: true, channel: { id: `D${String(body.users).replace(/^U/, '')}` } };
      case 'conversations.history': {
        const list = messages
          .filter((m) => m.channel === body.channel && (!m.thread_ts || m.thread_ts === m.ts))
          .filter((m) => !body.latest || (body.inclusive === 'true' || body.inclusive === true ? m.ts <= body.latest : m.ts < body.latest))
          .sort((a, b) => (a.ts < b.ts ? 1 : -1))
          .slice(0, Number(body.limit ?? 100));
        return { ok: true, messages: list.map((m) => withMetadata(m, body)) };
      }
      case 'conversations.replies': {
        const target = messages.find((m) => m.channel === body.channel && m.ts === body.ts);
        if (!target) return { ok: false, error: 'thread_not_found' };
        const root = target.thread_ts ?? target.ts;
        const list = messages.filter((m) => m.channel === body.channel && (m.ts === root || m.thread_ts === root));
        const answer = target.ts === root ? list : [target, ...list.filter((m) => m !== target)];
        return { ok: true, messages: answer.map((m) => withMetadata(m, body)) };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req);
    if (url.pathname.startsWith('/respond/')) {
      record({ method: 'response_url', body, responseId: url.pathname.slice('/respond/'.length) });
      send(res, { ok: true });
      return;
    }
    const method = url.pathname.replace(/^\/api\//, '');
    const auth = req.headers.authorization ?? (body.token ? `Bearer ${body.token}` : undefined);
    if (auth !== `Bearer ${token}`) {
      record({ method, body: { ...body, rejected: 'invalid_auth' } });
      send(res, { ok: false, error: auth ? 'invalid_auth' : 'not_authed' });
      return;
    }
    const fault = fake.fault?.(method, body);
    if (fault) {
      record({ method, body, fault: fault.kind });
      if (fault.kind === 'error') return send(res, { ok: false, error: fault.error });
      if (fault.kind === 'http') {
        res.writeHead(fault.status, { 'content-type': 'application/json', ...(fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {}) });
        res.end(JSON.stringify({ ok: false, error: fault.status === 429 ? 'ratelimited' : 'service_unavailable' }));
        return;
      }
      if (fault.afterEffect) api(method, body);
      if (fault.kind === 'reset') req.socket.destroy();
      return; // hang: never answered
    }
    const answer = api(method, body);
    record({ method, body, answer });
    send(res, answer);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeSlack = {
    apiUrl: `${base}/api/`,
    url: base,
    token,
    botUserId,
    calls,
    users,
    messages,
    notInChannel,
    responseUrl: (id) => `${base}/respond/${id}`,
    callsTo: (method) => calls.filter((c) => c.method === method),
    waitFor(method, predicate = () => true, timeoutMs = 10_000) {
      const found = calls.find((c) => c.method === method && predicate(c));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = { method, predicate, resolve: (c: SlackCall) => (clearTimeout(timer), resolve(c)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          reject(new Error(`no ${method} call matched within ${timeoutMs} ms; calls: ${calls.map((c) => c.method).join(', ')}`));
        }, timeoutMs);
        waiters.push(w);
      });
    },
    clear() {
      calls.length = 0;
    },
    close: () => new Promise<void>((r) => {
      server.closeAllConnections?.();
      server.close(() => r());
    }),
  };
  return fake;
}
