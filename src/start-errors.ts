import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Turns a failure to reach a service at start-up into a sentence an admin can act on: which host,
 * and the network reason underneath the SDK's generic "A request error occurred: fetch failed".
 */

const REASONS: Record<string, string> = {
  ENOTFOUND: 'the host name does not resolve (DNS)',
  EAI_AGAIN: 'DNS lookup timed out; check the DNS server',
  ECONNREFUSED: 'connection refused; nothing listens there',
  ECONNRESET: 'the connection was reset; a proxy or firewall may be in the way',
  ETIMEDOUT: 'the connection timed out; a firewall or missing proxy may be in the way',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out; a firewall or missing proxy may be in the way',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not trusted (a TLS-inspecting proxy? set NODE_EXTRA_CA_CERTS)',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not trusted (a TLS-inspecting proxy? set NODE_EXTRA_CA_CERTS)',
};

/** The innermost error code or message in an error's cause chain (SDKs wrap fetch errors in layers). */
export function rootCause(err: unknown): { code?: string; message: string } {
  let current: unknown = err;
  let found: { code?: string; message: string } = { message: err instanceof Error ? err.message : String(err) };
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; original?: unknown };
    if (typeof e.code === 'string' && !e.code.startsWith('slack_')) found = { code: e.code, message: String(e.message ?? e.code) };
    else if (typeof e.message === 'string' && depth > 0) found = { ...found, message: e.message };
    current = e.original ?? e.cause;
  }
  return found;
}

/** "Slack (slack.com) could not be reached at start-up: connection refused; …" (or "refused the start-up check: …") from whatever the SDK threw. */
export function startFailure(service: string, url: string, err: unknown): Error {
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      // Not a URL: named as configured.
      return url;
    }
  })();
  const cause = rootCause(err);
  const platformCode = (err as { data?: { error?: unknown } })?.data?.error;
  const reason = typeof platformCode === 'string'
    ? `${service} answered "${platformCode}"${platformCode === 'invalid_auth' || platformCode === 'not_authed' ? ' — check the token' : ''}`
    : cause.code && REASONS[cause.code]
      ? `${REASONS[cause.code]} (${cause.code})`
      : cause.code
        ? `${cause.message} (${cause.code})`
        : cause.message;
  const what = typeof platformCode === 'string' ? 'refused the start-up check' : 'could not be reached at start-up';
  return new Error(`${service} (${host}) ${what}: ${reason}`, { cause: err });
}

/**
 * Creates HELPDESK_DATA_DIR if needed and checks this user may write there, so a wrong or
 * unwritable directory stops start-up with the setting's name, not a bare "EACCES … mkdir".
 */
export function prepareDataDir(dir: string, configured: string | undefined): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    const given = configured === undefined ? 'is unset, so ./.data' : `is "${configured}"`;
    const relative = configured === undefined || !path.isAbsolute(configured) ? ` (relative to the working directory ${process.cwd()})` : '';
    throw new Error(
      `HELPDESK_DATA_DIR ${given}${relative}: cannot create or write ${dir} (${code}). ` +
        'Set HELPDESK_DATA_DIR to a directory this user can write: the container image uses /data, the systemd unit /var/lib/helpdesk-bot.',
      { cause: err },
    );
  }
}
