/** A Delivery fake at the port: records what would have been sent, can fail on demand. */
import { DeliveryError, type Delivery, type Platform } from '../../src/notify/types';
import type { NoticeView } from '../../src/views/notice-view';
import type { TicketView } from '../../src/views/types';

export interface Sent {
  op: 'post' | 'update' | 'line' | 'dm';
  conversationId?: string;
  messageId?: string;
  email?: string;
  text?: string;
  view?: TicketView;
  /** The actionable card a DM carries. */
  notice?: NoticeView;
}

/** Records every send; `failWhen` can throw for chosen sends (crash, throttling, removal). */
export function recordingDelivery(platform: Platform, options: { reachable?: string[] } = {}) {
  const sent: Sent[] = [];
  let n = 0;
  let failWhen: ((s: Sent, index: number) => Error | undefined) | undefined;
  const check = (s: Sent) => {
    const err = failWhen?.(s, n++);
    if (err) throw err;
    sent.push(s);
  };
  const delivery: Delivery = {
    platform,
    minIntervalMs: 0,
    async postCard(conversationId, view) {
      const messageId = `${conversationId}-m${sent.filter((s) => s.op === 'post').length + 1}`;
      check({ op: 'post', conversationId, messageId, view });
      return messageId;
    },
    async updateCard(conversationId, messageId, view) {
      check({ op: 'update', conversationId, messageId, view });
    },
    async postThreadLine(conversationId, messageId, text) {
      check({ op: 'line', conversationId, messageId, text });
    },
    async sendDirect(email, text, _send, notice) {
      if (options.reachable && !options.reachable.includes(email)) return false;
      check({ op: 'dm', email, text, notice });
      return true;
    },
  };
  return {
    delivery,
    sent,
    failWith(fn: typeof failWhen) {
      failWhen = fn;
      n = 0;
    },
    gone: (msg = 'not_in_channel') => new DeliveryError('gone', msg),
    crash: () => new Error('process killed mid-delivery'),
  };
}
