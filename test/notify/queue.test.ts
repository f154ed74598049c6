import { describe, expect, it } from 'vitest';
import { createSendQueue } from '../../src/notify/send-queue';
import { DeliveryError } from '../../src/notify/types';

describe('per-conversation send queue', () => {
  it('keeps one conversation to its pace and in order while other conversations go in parallel', async () => {
    const queue = createSendQueue();
    const log: { key: string; n: number; at: number }[] = [];
    const start = Date.now();
    const sends = [];
    for (let n = 0; n < 3; n++) {
      for (const key of ['slack:C1', 'slack:C2']) sends.push(queue.run(key, 200, async () => void log.push({ key, n, at: Date.now() - start })));
    }
    await Promise.all(sends);
    for (const key of ['slack:C1', 'slack:C2']) {
      const mine = log.filter((l) => l.key === key);
      expect(mine.map((l) => l.n)).toEqual([0, 1, 2]);
      expect(mine[1].at - mine[0].at).toBeGreaterThanOrEqual(190);
      expect(mine[2].at - mine[1].at).toBeGreaterThanOrEqual(190);
    }
    // Parallel: two conversations of three sends each finish in about the time of one.
    expect(Math.max(...log.map((l) => l.at))).toBeLessThan(1000);
  });

  it('retries a throttled send after its Retry-After, and gives up on other failures at once', async () => {
    const waits: number[] = [];
    const queue = createSendQueue({ sleep: async (ms) => void waits.push(ms) });
    let calls = 0;
    const result = await queue.run('teams:19:a', 0, async () => {
      calls++;
      if (calls < 3) throw new DeliveryError('throttled', '429', 1500);
      return 'sent';
    });
    expect(result).toBe('sent');
    expect(waits).toEqual([1500, 1500]);
    let failed = 0;
    await expect(queue.run('teams:19:a', 0, async () => {
      failed++;
      throw new DeliveryError('failed', 'boom');
    })).rejects.toThrow('boom');
    expect(failed).toBe(1);
  });
});
