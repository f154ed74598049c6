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
      return networkFix(err, ctx);
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

/** Names the one setting whose host could not be reached, and explains fetch's blocked ports ("bad port"). */
function networkFix(err: GraphError, ctx: FixContext): string {
  const origin = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      // A setting that is not a URL at all: compared as written (config checks name it separately).
      return url;
    }
  };
  const auth = err.detail.includes(origin(ctx.authUrl));
  const [setting, url] = auth ? ['HELPDESK_AUTH_URL', ctx.authUrl] : ['HELPDESK_GRAPH_URL', ctx.graphUrl];
  // Decided from the URL's port (the fetch standard's list), not from fetch's wording of the refusal.
  const blocked = blockedPort(url)
    ? `: its port ${new URL(url).port} is one that fetch never connects to (the fetch standard's blocked ports), so use another port`
    : ' and that this machine can reach it (proxy, firewall)';
  return `${err.detail} — check ${setting} (now ${url})${blocked}`;
}

/** The fetch standard's "bad ports" (https://fetch.spec.whatwg.org/#port-blocking): fetch refuses them without trying. */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135,
  137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719,
  1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Whether fetch would refuse this URL's port outright. */
function blockedPort(url: string): boolean {
  try {
    const port = new URL(url).port;
    return port !== '' && BAD_PORTS.has(Number(port));
  } catch {
    // Not a URL: nothing fetch would have tried, so no port to blame.
    return false;
  }
}
