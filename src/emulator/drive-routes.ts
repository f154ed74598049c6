/**
 * Graph's drive routes on the site's default library, path-addressed as the bot uses them:
 * `GET root:/{path}` (the item), `GET root:/{folder}:/children`, `PUT root:/{path}:/content`
 * (simple upload, `@microsoft.graph.conflictBehavior` rename|fail|replace, default fail),
 * `POST root:/{path}:/createUploadSession`, `DELETE root:/{path}`; and the pre-authenticated
 * upload URL a session hands out (PUT a byte range, GET its status, DELETE to cancel), which
 * takes no bearer token, as SharePoint's does not.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { admit, readBody, send, sendGraphError } from './answer';
import { readFile } from './drive';
import { GraphFail } from './items';
import type { ServerState } from './server';

/** Graph route: `/v1.0/sites/{site}/drive/{rest}`. */
export const DRIVE = /^\/v1\.0\/sites\/([^/]+)\/drive\/(.+)$/;
const ROOT_PATH = /^root:\/(.*?)(?::\/(content|children|createUploadSession))?:?\/?$/;
/** Graph refuses a simple upload above this; larger files go through an upload session. */
export const SIMPLE_UPLOAD_MAX = 4 * 1024 * 1024;

interface DriveCall { requestId: string; hostPort: string; site: string; rest: string; query: URLSearchParams }

function conflictOf(value: unknown): string {
  return value === 'rename' || value === 'replace' ? value : 'fail';
}

/** Answers one drive request. */
export async function handleDrive(state: ServerState, req: IncomingMessage, res: ServerResponse, call: DriveCall): Promise<void> {
  const method = req.method ?? 'GET';
  const m = ROOT_PATH.exec(call.rest);
  const op = m?.[2] ?? 'item';
  const route = `${method} drive/${op}`;
  if (!(await admit(state, req, res, call.requestId, route, method === 'GET' && op === 'item' ? 1 : 2))) return;
  if (call.site !== state.siteId) {
    return sendGraphError(res, call.requestId, 403, 'accessDenied', 'The application is granted Sites.Selected on the help-desk site only.');
  }
  if (!m) return sendGraphError(res, call.requestId, 400, 'invalidRequest', `Only path addressing under root: is served (got drive/${call.rest}).`);
  const rel = m[1];
  const origin = `http://${call.hostPort}`;
  const { drive } = state;
  if (method === 'GET' && op === 'item') return send(res, call.requestId, 200, drive.item(rel, origin));
  if (method === 'GET' && op === 'children') return send(res, call.requestId, 200, { value: drive.children(rel, origin) });
  if (method === 'DELETE' && op === 'item') {
    drive.remove(rel);
    return send(res, call.requestId, 204);
  }
  if (method === 'PUT' && op === 'content') {
    if (Number(req.headers['content-length'] ?? 0) > SIMPLE_UPLOAD_MAX) {
      req.resume();
      throw new GraphFail(413, 'requestTooLarge', 'A simple upload takes at most 4 MiB; use an upload session.');
    }
    const { status, item } = await drive.put(rel, req, conflictOf(call.query.get('@microsoft.graph.conflictBehavior')), origin);
    return send(res, call.requestId, status, item);
  }
  if (method === 'POST' && op === 'createUploadSession') {
    const text = await readBody(req);
    let body: { item?: Record<string, unknown> } = {};
    try {
      body = text ? (JSON.parse(text) as typeof body) : {};
    } catch {
      throw new GraphFail(400, 'invalidRequest', 'The request body is not JSON.');
    }
    return send(res, call.requestId, 200, drive.createSession(rel, conflictOf(body.item?.['@microsoft.graph.conflictBehavior']), origin));
  }
  return sendGraphError(res, call.requestId, 405, 'invalidRequest', `${method} is not supported on drive/${call.rest}.`);
}

/** The upload URL of a session: PUT a range, GET the status, DELETE to cancel. */
export async function handleUploadSession(state: ServerState, req: IncomingMessage, res: ServerResponse, call: { requestId: string; hostPort: string; session: string }): Promise<void> {
  const method = req.method ?? 'GET';
  if (!(await admit(state, req, res, call.requestId, `${method} upload-session`, 2, true))) return;
  if (req.headers.authorization) {
    // SharePoint answers 401 when a bearer token is sent to a pre-authenticated upload URL.
    req.resume();
    return sendGraphError(res, call.requestId, 401, 'unauthenticated', 'Do not send an Authorization header to an upload URL.');
  }
  if (method === 'GET') return send(res, call.requestId, 200, state.drive.sessionStatus(call.session));
  if (method === 'DELETE') {
    state.drive.cancelSession(call.session);
    return send(res, call.requestId, 204);
  }
  if (method !== 'PUT') return sendGraphError(res, call.requestId, 405, 'invalidRequest', `${method} is not supported on an upload URL.`);
  const answer = await state.drive.putRange(call.session, req.headers['content-range'], req, `http://${call.hostPort}`);
  return send(res, call.requestId, answer.status, answer.body);
}

/** The file behind an item's webUrl, so a link on a ticket opens offline. */
export function serveFile(state: ServerState, res: ServerResponse, requestId: string, rel: string): void {
  const full = state.drive.filePath(rel);
  if (!full) return sendGraphError(res, requestId, 404, 'itemNotFound', 'The file could not be found.');
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'request-id': requestId });
  readFile(full).pipe(res);
}
