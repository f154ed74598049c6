/** What the doctor expects on each list, and the fix line for each kind of failure. */
import type { GraphError } from '../graph/errors';
import type { ListName } from '../graph/types';

/** Where the doctor was pointed, for fix lines. */
export interface FixContext {
  siteId: string;
  clientId: string;
  authUrl: string;
  graphUrl: string;
  secretFromFile: boolean;
}

/** One line telling the admin what to change, for a failure of the given check. */
export function fixLine(err: GraphError, ctx: FixContext, list?: ListName): string {
  const rid = err.requestId ? ` (request-id ${err.requestId})` : '';
  switch (err.kind) {
    case 'forbidden':
      return (
        `403: this app has no Sites.Selected grant on site ${ctx.siteId} — grant it with ` +
        `POST ${ctx.graphUrl}/v1.0/sites/${ctx.siteId}/permissions {"roles":["write"],"grantedToIdentities":[{"application":{"id":"${ctx.clientId}"}}]} ` +
        `as a tenant admin, or set HELPDESK_SITE_ID to the site from setup${rid}`
      );
    case 'not-found':
      return `404: list ${list ?? '?'} not found — check the list name (it must be exactly ${list ?? 'SD_Tickets'}) and that the help desk is installed on site ${ctx.siteId}${rid}`;
    case 'secret-rejected': {
      const code = err.aadstsCode ?? 'AADSTS7000215';
      const where = ctx.secretFromFile ? 'update the file named by HELPDESK_CLIENT_SECRET_FILE' : 'update HELPDESK_CLIENT_SECRET (or use HELPDESK_CLIENT_SECRET_FILE)';
      return `401 ${code}: the client secret is wrong or rotated — rotate it in the help-desk admin screen (Integrations › Public API › Rotate secret) and ${where}`;
    }
    case 'network':
      return `${err.detail} — check HELPDESK_AUTH_URL / HELPDESK_GRAPH_URL and that this machine can reach them (proxy, firewall)`;
    case 'auth':
      // No status: the problem is on this machine (e.g. the secret file), and the message says which.
      if (err.status === undefined) return err.detail;
      return `${err.status} ${err.detail}${rid} — check HELPDESK_TENANT_ID and HELPDESK_CLIENT_ID are the values from setup`;
    case 'throttled': {
      const wait = err.retryAfterSeconds;
      const asked = wait !== undefined ? ` and asked to wait ${wait} s, longer than the doctor waits (10 s)` : ' even after the doctor waited and retried';
      return `${err.status}: Graph is throttling this app${asked} — run the doctor again in a few minutes${rid}`;
    }
    default:
      return err.message;
  }
}
