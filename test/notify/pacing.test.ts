import { describe, expect, it } from 'vitest';
import { createRateLimiter, PLATFORM_PACE, type RateWindow } from '../../src/notify/pacing';
import { createSendQueue } from '../../src/notify/send-queue';
import { DeliveryError } from '../../src/notify/types';

/**
 * A clock that only the queue's sleeps move: once nothing else is left to run, the earliest
 * sleeper wakes and the clock jumps to its time, so a burst's timing is exact and instant.
 */
function drivenClock() {
  let t = 0;
  const waiting: { at: number; wake: () => void }[] = [];
  let scheduled = false;
  const tick = () => {
    scheduled = false;
    waiting.sort((a, b) => a.at - b.at);
    const next = waiting.shift();
    if (!next) return;
    t = Math.max(t, next.at);
    next.wake();
    if (waiting.length) schedule();
  };
  const schedule = () => {
    if (!scheduled) (scheduled = true), setImmediate(tick);
  };
  return { now: () => t, sleep: (ms: number) => new Promise<void>((wake) => void (waiting.push({ at: t + ms, wake }), schedule())) };
}

/** The most sends inside any window of `ms` ending at a send. */
function busiest(times: number[], ms: number): number {
  return Math.max(...times.map((end) => times.filter((t) => t > end - ms && t <= end).length));
}

describe('outbound pacing', () => {
  it('keeps a burst of 120 cards to one Teams channel within 7/s, 8/2 s and 60/30 s', async () => {
    const clock = drivenClock();
    const queue = createSendQueue(clock);
    const sent: number[] = [];
    await Promise.all(Array.from({ length: 120 }, () => queue.run('teams:19:c1', PLATFORM_PACE.teams, async () => void sent.push(clock.now()))));
    expect(sent).toHaveLength(120);
    expect(busiest(sent, 1000)).toBeLessThanOrEqual(7);
    expect(busiest(sent, 2000)).toBeLessThanOrEqual(8);
    expect(busiest(sent, 30_000)).toBeLessThanOrEqual(60);
    // Not slower than the limits require: 60 sends, the 30-second window, then 60 more at 8 per 2 s.
    expect(sent[119]).toBeLessThan(45_000);
  });

  it('keeps DMs to many people within the 50 requests a second Teams allows the app', async () => {
    const clock = drivenClock();
    const queue = createSendQueue(clock);
    const sent: number[] = [];
    await Promise.all(Array.from({ length: 200 }, (_, i) => queue.run(`teams:dm:p${i}@example.com`, PLATFORM_PACE.teams, async () => void sent.push(clock.now()))));
    expect(busiest(sent, 1000)).toBeLessThanOrEqual(50);
    expect(sent.filter((t) => t < 1000).length).toBe(50);
  });

  it('paces a Slack channel to one message a second without holding back another channel', async () => {
    const clock = drivenClock();
    const queue = createSendQueue(clock);
    const log: { key: string; at: number }[] = [];
    await Promise.all(['C1', 'C1', 'C1', 'C2'].map((c) => queue.run(`slack:${c}`, PLATFORM_PACE.slack, async () => void log.push({ key: c, at: clock.now() }))));
    expect(log.filter((l) => l.key === 'C1').map((l) => l.at)).toEqual([0, 1000, 2000]);
    expect(log.find((l) => l.key === 'C2')!.at).toBe(0);
  });

  it('a send that would wait longer than the send timeout allows fails as throttled and is never sent later', async () => {
    const clock = drivenClock();
    const queue = createSendQueue(clock);
    const hourly = { windows: [{ max: 2, perMs: 3_600_000 }] };
    const sent: number[] = [];
    await queue.run('teams:19:c1', hourly, async () => void sent.push(clock.now()));
    await queue.run('teams:19:c1', hourly, async () => void sent.push(clock.now()));
    const third = await queue.run('teams:19:c1', hourly, async () => void sent.push(clock.now())).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(DeliveryError);
    expect((third as DeliveryError).kind).toBe('throttled');
    expect((third as DeliveryError).retryAfterMs).toBe(3_600_000);
    await queue.idle();
    expect(sent).toEqual([0, 0]);
  });

  it('retries a transient refusal without Retry-After after 1 s, then 2 s', async () => {
    const clock = drivenClock();
    const queue = createSendQueue(clock);
    const tries: number[] = [];
    const result = await queue.run('teams:19:c1', PLATFORM_PACE.teams, async () => {
      tries.push(clock.now());
      if (tries.length < 3) throw new DeliveryError('throttled', '502');
      return 'sent';
    });
    expect(result).toBe('sent');
    expect(tries).toEqual([0, 1000, 3000]);
  });

  it('forgets sends its longest window no longer counts', () => {
    const limiter = createRateLimiter();
    const windows: RateWindow[] = [{ max: 2, perMs: 1000 }];
    limiter.record('k', windows, 0);
    limiter.record('k', windows, 10);
    expect(limiter.wait('k', windows, 20)).toBe(980);
    expect(limiter.wait('k', windows, 1010)).toBe(0);
  });
});
