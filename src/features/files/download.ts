/**
 * Fetching a file from the platform that sent it, and only from there: Slack's file host with the
 * bot token, a Teams download URL (pre-authenticated, no token), or the Bot Connector's attachment
 * service with the bot's own token. Any other host is refused before a request is made, redirects
 * are followed only to allowed hosts, and a token goes only to the host it belongs to.
 * Throttling and server errors are retried with backoff within the Graph calls' budget.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { backoffMs, parseRetryAfter, sleep, type RetryConfig } from '../../graph';
import type { Logger } from '../../log';
import type { UploadSource } from './drive';
import { FileRefused, type FileRef } from './types';
import type { FileConnector } from '../../core';

/** Allowed hosts: exact origins ('https://files.slack.com') or https suffixes ('*.sharepoint.com'). */
export type HostList = readonly string[];

/** Where each platform's files may come from, and the credentials that go with them. */
export interface FileHosts {
  slack?: { token: string; hosts: HostList };
  teams?: {
    /** Hosts of `downloadUrl` in Teams' file download info (default: *.sharepoint.com). */
    downloadHosts: HostList;
    /** The Bot Connector for pasted images when a message brings none of its own (AttachRequest.connector). */
    connector?: Connector;
  };
}

/** Slack's file host. */
export const SLACK_FILE_HOSTS: HostList = ['https://files.slack.com'];
/** Where Teams' download URLs point: SharePoint and OneDrive for Business (commercial, US government, China clouds). */
export const TEAMS_DOWNLOAD_HOSTS: HostList = ['*.sharepoint.com', '*.sharepoint.us', '*.sharepoint.cn'];

/** True when `url` is on one of `hosts`. */
export function allowedHost(url: string, hosts: HostList): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    // Not a URL at all: nothing to fetch, and it is told as a file from elsewhere.
    return false;
  }
  if (u.username || u.password) return false;
  return hosts.some((h) => (h.startsWith('*.') ? u.protocol === 'https:' && u.hostname.endsWith(h.slice(1)) && !u.port : u.origin === h));
}

/** The Bot Connector a Teams message came through: its service's host and the bot's token for it (per conversation). */
export type Connector = FileConnector;

/** Opens file downloads from the platforms' own hosts. */
export interface Downloader {
  /**
   * The bytes of `ref`; throws FileRefused('elsewhere') without a request when its URL is not on
   * its platform's hosts. `connector`: the message's own Bot Connector, for pasted Teams images.
   */
  open(ref: FileRef, connector?: Connector): Promise<UploadSource>;
}

const MAX_REDIRECTS = 3;

/** Creates the downloader. */
export function createDownloader(hosts: FileHosts, retry: RetryConfig, logger: Logger, timeoutMs = 60_000): Downloader {
  const log = logger.child({ component: 'files-download' });

  async function credentials(ref: FileRef, connector?: Connector): Promise<{ hosts: HostList; token?: string }> {
    if (ref.platform === 'teams' && ref.auth === 'teams-connector' && connector) return { hosts: connector.hosts, token: await connector.token() };
    if (ref.platform === 'slack' && ref.auth === 'slack-bot' && hosts.slack) return { hosts: hosts.slack.hosts, token: hosts.slack.token };
    if (ref.platform === 'teams' && ref.auth === 'none' && hosts.teams) return { hosts: hosts.teams.downloadHosts };
    if (ref.platform === 'teams' && ref.auth === 'teams-connector' && hosts.teams?.connector) return { hosts: hosts.teams.connector.hosts, token: await hosts.teams.connector.token() };
    return { hosts: [] };
  }

  async function once(url: string, allowed: HostList, token: string | undefined): Promise<Response> {
    let at = url;
    for (let hop = 0; ; hop++) {
      if (!allowedHost(at, allowed)) throw new FileRefused({ kind: 'elsewhere' });
      const res = await fetch(at, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return res;
      await res.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new FileRefused({ kind: 'download-failed' });
      at = new URL(location, at).toString();
    }
  }

  return {
    async open(ref, connector) {
      if (!ref.url) throw new FileRefused({ kind: 'not-downloadable' });
      const { hosts: allowed, token } = await credentials(ref, connector);
      if (!allowedHost(ref.url, allowed)) {
        log.warn('file link is not on its platform\'s file hosts; not fetched', { platform: ref.platform, host: safeHost(ref.url) });
        throw new FileRefused({ kind: 'elsewhere' });
      }
      for (let tries = 1; ; tries++) {
        let res: Response | undefined;
        let reason: string;
        try {
          res = await once(ref.url, allowed, token);
          if (res.ok && res.body) {
            const length = Number(res.headers.get('content-length'));
            return { chunks: Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>), size: Number.isFinite(length) && length >= 0 && res.headers.has('content-length') ? length : undefined, contentType: res.headers.get('content-type') ?? undefined };
          }
          reason = `status ${res.status}`;
          await res.body?.cancel();
        } catch (e) {
          if (e instanceof FileRefused) throw e;
          reason = (e as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'connection failed';
        }
        const transient = !res || res.status === 429 || res.status >= 500;
        if (!transient || tries >= retry.maxAttempts) {
          log.warn('file download failed', { platform: ref.platform, host: safeHost(ref.url), reason, attempts: tries });
          throw new FileRefused({ kind: 'download-failed' });
        }
        const wait = res ? parseRetryAfter(res.headers.get('retry-after')) : undefined;
        if (wait !== undefined && wait > retry.maxRetryAfterSeconds) throw new FileRefused({ kind: 'download-failed' });
        const delayMs = wait !== undefined ? Math.ceil(wait * 1000) : backoffMs(tries, retry);
        log.warn('file download will be retried', { platform: ref.platform, reason, attempt: tries, delayMs });
        await sleep(delayMs);
      }
    },
  };
}

/** The host of a URL for a log line (never the path, which may carry a signature). */
function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    // Only ever called for a log line: a malformed link is named as such.
    return 'not a URL';
  }
}
