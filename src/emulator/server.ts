/** HTTP routing for the emulator: identity endpoints and the Graph list-item subset on one port. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { columnDefinitions } from './columns';
import { admit, readBody, send, sendGraphError } from './answer';
import type { DriveStore } from './drive';
import { DRIVE, handleDrive, handleUploadSession, serveFile } from './drive-routes';
import { FAULT_ERRORS, resourceUnits, type Counters, type Faults } from './faults';
import { createItem, deleteItem, getFields, getItems, GraphFail, updateFields, type ItemRequest, type Reply } from './items';
import type { ListStore } from './lists';
import { handlePeople, PEOPLE, type PeopleStore } from './people';
import { issueToken, openIdConfiguration, type Identity } from './token';

/** Everything a request handler needs. */
export interface ServerState {
  identity: Identity;
  store: ListStore;
  drive: DriveStore;
  /** The tenant's people: users, presences, automatic replies (routing's sources). */
  people: PeopleStore;
  faults: Faults;
  counters: Counters;
  siteId: string;
  /** `host:port` to fall back on when a request has no Host header. */
  hostPort: () => string;
  /** Milliseconds every Graph request waits before it is answered (a tenant's round trip); 0 = none. */
  latencyMs: () => number;
}

/** Graph route: `/v1.0/sites/{site}/lists/{list}/items[/{id}[/fields]]`. */
const ITEMS = /^\/v1\.0\/sites\/([^/]+)\/lists\/([^/]+)\/items(?:\/([^/]+)(\/fields)?)?\/?$/;
/** Graph route: `/v1.0/sites/{site}/lists/{list}/columns`. */
const COLUMNS = /^\/v1\.0\/sites\/([^/]+)\/lists\/([^/]+)\/columns\/?$/;

function routeKey(method: string, list: string, id?: string, fields?: string): string {
  return `${method} ${list}/items${id !== undefined ? '/{id}' : ''}${fields ? '/fields' : ''}`;
}

/** The request handler for node:http. */
export function createHandler(state: ServerState) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const requestId = randomUUID();
    const method = req.method ?? 'GET';
    const hostPort = req.headers.host ?? state.hostPort();
    try {
      const url = new URL(req.url ?? '/', 'http://emulator');
      let path: string;
      try {
        path = decodeURIComponent(url.pathname);
      } catch {
        // decodeURIComponent refused a malformed escape: Graph's own 400.
        return sendGraphError(res, requestId, 400, 'invalidRequest', `The path '${url.pathname}' is not validly percent-encoded.`);
      }
      // Identity endpoints.
      const token = /^\/([^/]+)\/oauth2\/v2\.0\/token\/?$/.exec(path);
      if (token && method === 'POST') {
        state.counters.bump('POST /token');
        const tokenFault = state.faults.takeToken();
        if (tokenFault) {
          const e = FAULT_ERRORS[tokenFault.status];
          const headers: Record<string, string> = tokenFault.status === 503 || tokenFault.status === 429 ? { 'retry-after': String(tokenFault.retryAfterSeconds) } : {};
          return send(res, requestId, tokenFault.status, { error: 'temporarily_unavailable', error_description: `${e.code}: ${e.message}` }, headers);
        }
        const own = [...new Set([hostPort, state.hostPort()])];
        const resources = [...own.map((h) => `http://${h}`), ...own.map((h) => `https://${h}`), 'https://graph.microsoft.com'];
        const answer = issueToken(state.identity, token[1], new URLSearchParams(await readBody(req)), resources);
        return send(res, requestId, answer.status, answer.body, { 'cache-control': 'no-store, no-cache' });
      }
      const oidc = /^\/([^/]+)\/(?:v2\.0\/)?\.well-known\/openid-configuration\/?$/.exec(path);
      if (oidc && method === 'GET') {
        state.counters.bump('GET openid-configuration');
        const answer = openIdConfiguration(state.identity, oidc[1], `https://${hostPort}`);
        return send(res, requestId, answer.status, answer.body);
      }
      if (/^\/[^/]+\/discovery\/v2\.0\/keys\/?$/.test(path) && method === 'GET') {
        state.counters.bump('GET keys');
        return send(res, requestId, 200, { keys: [] });
      }
      const upload = /^\/upload-sessions\/([^/]+)\/?$/.exec(path);
      if (upload) return await handleUploadSession(state, req, res, { requestId, hostPort, session: upload[1] });
      const served = /^\/drive-files\/(.+)$/.exec(path);
      if (served && method === 'GET') return serveFile(state, res, requestId, served[1]);
      if (!path.startsWith('/v1.0/')) return sendGraphError(res, requestId, 404, 'notFound', `Nothing is served at ${path} on this help-desk site.`);

      // Graph.
      const person = PEOPLE.exec(path);
      if (person) return await handlePeople(state, req, res, requestId, person, url.searchParams);
      const m = ITEMS.exec(path);
      const cols = m ? undefined : COLUMNS.exec(path);
      const list = m?.[2] ?? cols?.[2];
      const id = m?.[3];
      const drive = DRIVE.exec(path);
      if (drive) return await handleDrive(state, req, res, { requestId, hostPort, site: drive[1], rest: drive[2], query: url.searchParams });
      const routeName = m && list ? routeKey(method, list, id, m[4]) : cols ? `${method} ${list}/columns` : `${method} other`;
      if (!(await admit(state, req, res, requestId, routeName, resourceUnits(method, id !== undefined)))) return;
      if ((m ?? cols)?.[1] !== state.siteId) {
        return sendGraphError(res, requestId, 403, 'accessDenied',
          'Either scp or roles claim need to be present in the token, or the app has no access to this resource: the application is granted Sites.Selected on the help-desk site only.');
      }
      const table = state.store.table(list!);
      if (!table) return sendGraphError(res, requestId, 404, 'itemNotFound', `List '${list}' does not exist at site with URL '${state.siteId}'. Check the exact list name (e.g. SD_Tickets).`);

      if (cols) {
        if (method !== 'GET') return sendGraphError(res, requestId, 405, 'invalidRequest', `${method} is not supported on ${url.pathname}.`);
        const context = `http://${hostPort}/v1.0/$metadata#sites('${encodeURIComponent(state.siteId)}')/lists('${list}')/columns`;
        return send(res, requestId, 200, { '@odata.context': context, value: columnDefinitions(table) });
      }
      if (!m) return sendGraphError(res, requestId, 404, 'notFound', `Nothing is served at ${path} on this help-desk site.`);
      const r: ItemRequest = {
        list: list!,
        id,
        query: url.searchParams,
        rawQuery: url.search.replace(/^\?/, ''),
        ifMatch: req.headers['if-match'],
        prefer: [req.headers.prefer ?? []].flat().join(', '),
        origin: `http://${hostPort}`,
        siteId: state.siteId,
      };
      let reply: Reply;
      if (method === 'GET' && !m[4]) reply = getItems(state.store, table, r);
      else if (method === 'GET' && id !== undefined) reply = getFields(state.store, table, r);
      else if (method === 'POST' && id === undefined) reply = createItem(state.store, table, { ...r, body: await readBody(req) });
      else if (method === 'PATCH' && id !== undefined && m[4]) reply = updateFields(state.store, table, { ...r, body: await readBody(req) });
      else if (method === 'DELETE' && id !== undefined && !m[4]) reply = deleteItem(state.store, table, r);
      else return sendGraphError(res, requestId, 405, 'invalidRequest', `${method} is not supported on ${url.pathname}.`);
      return send(res, requestId, reply.status, reply.body, {}, reply.text);
    } catch (e) {
      if (res.headersSent) return void res.destroy();
      if (e instanceof GraphFail) return sendGraphError(res, requestId, e.status, e.code, e.message);
      sendGraphError(res, requestId, 500, 'generalException', `Emulator failure: ${(e as Error).message}`);
    }
  };
}
