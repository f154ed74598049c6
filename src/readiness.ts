/**
 * Readiness and the start-up reachability report. The bot is ready (/readyz 200) once one small
 * Graph read has answered: commands work from then on, even while the poller's first full read of
 * a large list is still going on. It is not ready again while the help desk has been unreachable
 * for 3 poll cycles. /healthz is liveness only: it answers 200 while the process serves requests.
 */
import type { Config } from './config';
import { isGraphError, type GraphClient } from './graph';
import type { Logger } from './log';
import type { Poller } from './notify';
import { rootCause } from './start-errors';
import { storeHealth, type Store } from './store';

/** What /readyz and /healthz report; `ok` is the readiness verdict. */
export interface ReadyState {
  ok: boolean;
  detail?: string;
  polling: boolean;
  cycles?: number;
  /** Poll cycles this process finished and recorded (`cycles` counts those started). */
  committed?: number;
  store?: unknown;
  [field: string]: unknown;
}

/** Cycles in a row whose reads failed before the bot says it is not ready. */
export const UNREACHABLE_CYCLES = 3;
/** How long the start-up report waits for each service before saying it has no answer yet. */
export const REPORT_WAIT_MS = 5000;
const BOT_FRAMEWORK_KEYS = 'https://login.botframework.com/v1/.well-known/openidconfiguration';

/** Whether the help desk has answered a first read; tries again every `everyMs` until it has. */
export interface HelpdeskProbe {
  reachable(): boolean;
  lastError(): string | undefined;
  /** The first attempt's outcome: reachable, or why not. */
  first: Promise<{ reachable: boolean; detail?: string }>;
  stop(): void;
}

function describeError(err: unknown): string {
  // The Graph client's own messages name the host and the reason ("cannot reach …: connection refused").
  if (isGraphError(err)) return err.message;
  const cause = rootCause(err);
  return cause.code && !cause.message.includes(cause.code) ? `${cause.message} (${cause.code})` : cause.message;
}

/** Reads one ticket (no filter, no order: cheap on any list size) until a read answers. */
export function probeHelpdesk(graph: GraphClient, everyMs: number, logger: Logger): HelpdeskProbe {
  let reachable = false;
  let lastError: string | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let settle: (outcome: { reachable: boolean; detail?: string }) => void = () => undefined;
  const first = new Promise<{ reachable: boolean; detail?: string }>((resolve) => (settle = resolve));
  const attempt = async () => {
    try {
      await graph.listPage('SD_Tickets', { top: 1 });
      reachable = true;
      lastError = undefined;
      settle({ reachable: true });
      logger.info('Help desk reachable: the first Graph read answered');
    } catch (err) {
      lastError = describeError(err);
      settle({ reachable: false, detail: lastError });
      logger.warn('Help desk not reachable yet; not ready, trying again', { error: err, retryInMs: everyMs });
      if (!stopped) timer = setTimeout(() => void attempt(), everyMs);
    }
  };
  void attempt();
  return {
    reachable: () => reachable,
    lastError: () => lastError,
    first,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The readiness verdict from the probe, the poller (once attached) and the store. */
export async function readyState(probe: HelpdeskProbe, poller: Poller | undefined, store: Store): Promise<ReadyState> {
  if (!poller) return { ok: false, detail: 'starting', polling: false };
  const { failures, lastError, polling, cycles, committed } = poller.status();
  const storeState = await storeHealth(store);
  const base = { polling: polling && storeState.reachable, cycles, committed, store: storeState };
  if (!probe.reachable()) return { ok: false, detail: `help desk not reachable yet: ${probe.lastError() ?? 'first read under way'}`, ...base };
  if (failures >= UNREACHABLE_CYCLES) return { ok: false, detail: `help desk unreachable for ${failures} poll cycles: ${lastError ?? 'unknown error'}`, ...base };
  // A shared store that does not answer is reported but stays ready: most commands work without it.
  if (!storeState.reachable) return { ok: true, detail: `shared store (PostgreSQL) unreachable: ${storeState.error}; notifications paused, reconnecting`, ...base };
  return { ok: true, ...base };
}

function within<T>(work: Promise<T>, ms: number, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([work, new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late), ms)))]).finally(() => clearTimeout(timer));
}

async function teamsLine(config: Readonly<Config>, waitMs: number): Promise<string> {
  if (!config.teams.appId) return 'Teams: local use only (no MicrosoftAppId): /api/messages answers this machine only.';
  const url = config.teams.openIdMetadataUrl ?? BOT_FRAMEWORK_KEYS;
  const host = new URL(url).host;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(waitMs) });
    await res.body?.cancel();
    if (res.ok) return `Teams: reachable (Bot Framework signing keys at ${host}).`;
    return `Teams: NOT reachable: ${host} answered ${res.status}; Teams requests get 503 until its signing keys can be fetched.`;
  } catch (err) {
    const why = (err as { name?: string }).name === 'TimeoutError' ? `no answer within ${waitMs / 1000} s` : describeError(err);
    return `Teams: NOT reachable: ${host}: ${why}; Teams requests get 503 until its signing keys can be fetched.`;
  }
}

async function helpdeskLine(config: Readonly<Config>, probe: HelpdeskProbe, waitMs: number): Promise<string> {
  const where = config.helpdesk.target.kind === 'tenant' ? `tenant ${config.helpdesk.target.tenantId} through ${new URL(config.helpdesk.graphUrl).host}` : 'the embedded demo site';
  const outcome = await within(probe.first, waitMs, { reachable: false, detail: `no answer within ${waitMs / 1000} s` });
  if (outcome.reachable) return `Help desk: reachable (${where}).`;
  return `Help desk: NOT reachable (${where}): ${outcome.detail}. Not ready (/readyz 503) until it answers; trying again.`;
}

/** One stdout line each for the help desk, Teams and Slack: reachable or not, within about `waitMs`. */
export async function reachabilityReport(config: Readonly<Config>, probe: HelpdeskProbe, waitMs = REPORT_WAIT_MS): Promise<string[]> {
  const slack = config.slack
    ? `Slack: reachable (the bot token was accepted at start-up; ${config.slack.appToken ? 'Socket Mode' : 'HTTP mode at /slack/events'}).`
    : 'Slack: off (SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET are not set).';
  const [helpdesk, teams] = await Promise.all([helpdeskLine(config, probe, waitMs), teamsLine(config, waitMs)]);
  return [helpdesk, teams, slack];
}
