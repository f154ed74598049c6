/**
 * Exactly once in: every Slack request is claimed before any listener runs, so a Slack retry
 * (same event_id, x-slack-retry-num) or a replayed signed request inside the five-minute window
 * never files a second ticket or comment. The record lives in the Store (claimInbound) so
 * replicas share it; without one, an in-process record keeps a single process safe.
 */
import { createHash } from 'node:crypto';
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Logger } from '../../log';
import { memoryClaims as sharedMemoryClaims } from '../../store/memory-claims';

/** The Store's inbound idempotency record (Store.claimInbound), as the Slack channel uses it. */
export interface InboundClaims {
  claimInbound(key: string, ttlMs: number): Promise<'first' | 'duplicate'>;
}

/** Slack retries for up to about 30 minutes and the signature window is 5: an hour covers both. */
export const INBOUND_TTL_MS = 60 * 60_000;

/** A bounded in-process record, for a single process without a shared Store. */
export const memoryClaims = (max?: number): InboundClaims => sharedMemoryClaims(max);

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

/**
 * What identifies one inbound request: the event_id for Events API deliveries; for interactive
 * payloads and slash commands (which carry no event id) their own identity (view id and hash,
 * action_ts, trigger_id) plus a digest of the payload, so only an exact repeat is a duplicate.
 */
export function inboundKey(body: Record<string, any>): string | undefined {
  if (typeof body.event_id === 'string' && body.event_id) return `slack:event:${body.event_id}`;
  const team = typeof body.team?.id === 'string' ? body.team.id : typeof body.team_id === 'string' ? body.team_id : '';
  if (body.type === 'view_submission' && body.view) return `slack:view:${team}:${body.view.id}:${body.view.hash}:${digest(body)}`;
  if (body.type === 'block_actions') return `slack:action:${team}:${body.actions?.[0]?.action_ts ?? ''}:${digest(body)}`;
  if (typeof body.command === 'string') return `slack:command:${team}:${body.trigger_id ?? ''}:${digest(body)}`;
  if (body.type === 'shortcut' || body.type === 'message_action') return `slack:shortcut:${team}:${body.trigger_id ?? ''}:${digest(body)}`;
  return undefined;
}

/**
 * Global Bolt middleware: a duplicate is acknowledged and dropped. When the record cannot be
 * reached the request is handled anyway: losing what someone typed is worse than a rare repeat.
 */
export function claimMiddleware(claims: InboundClaims, logger: Logger): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const body = args.body as Record<string, any>;
    const key = inboundKey(body);
    if (key) {
      let claim: 'first' | 'duplicate' = 'first';
      try {
        claim = await claims.claimInbound(key, INBOUND_TTL_MS);
      } catch (error) {
        logger.warn('slack inbound claim failed; handling the request anyway', { error });
      }
      if (claim === 'duplicate') {
        logger.info('slack duplicate request ignored', { key, retryNum: (args as { context?: { retryNum?: number } }).context?.retryNum });
        const ack = (args as { ack?: () => Promise<void> }).ack;
        if (ack) await ack();
        return;
      }
    }
    await args.next();
  };
}
