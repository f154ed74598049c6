/** Logging on pino: JSON lines with the project's Logger shape, and no secret or token ever written. */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log';
import { duplicateKeys } from './support/strict-json';

function capture(level: 'debug' | 'info' | 'warn' | 'error' = 'debug') {
  const lines: string[] = [];
  return { logger: createLogger({ level, write: (l) => lines.push(l) }), lines, entries: () => lines.map((l) => JSON.parse(l)) };
}

describe('log', () => {
  it('writes one JSON object per line with level, time, message, context and child bindings', () => {
    const { logger, entries } = capture('info');
    logger.child({ component: 'graph' }).warn('Graph call will be retried', { status: 429, attempt: 1 });
    logger.debug('not at info');
    const [e] = entries();
    expect(entries()).toHaveLength(1);
    expect(e).toMatchObject({ level: 40, component: 'graph', status: 429, attempt: 1, msg: 'Graph call will be retried' });
    expect(new Date(e.time).toISOString()).toBe(e.time);
  });

  it('censors secret-bearing keys at any of the first three levels', () => {
    const { logger, lines, entries } = capture();
    logger.info('request', {
      authorization: 'Basic dXNlcjpwYXNz',
      req: { headers: { authorization: 'Basic c2VjcmV0', accept: 'json' } },
      config: { clientSecret: 'plain-secret-1', signingSecret: 'plain-secret-2', password: 'hunter2' },
    });
    const all = lines.join('\n');
    for (const secret of ['dXNlcjpwYXNz', 'c2VjcmV0', 'plain-secret-1', 'plain-secret-2', 'hunter2']) expect(all).not.toContain(secret);
    expect(entries()[0].req.headers).toEqual({ authorization: '[redacted]', accept: 'json' });
  });

  it('masks token-shaped text in messages, values and errors', () => {
    const { logger, lines } = capture();
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJl';
    logger.error(`call failed with Bearer ${jwt}`, { note: 'token xoxb-1234-5678-abcdef', error: new Error(`rejected client_secret=abc123&x=1 ${jwt}`) });
    logger.child({ appToken: 'xapp-1-A0-secret' }).info('socket mode');
    const all = lines.join('\n');
    for (const secret of [jwt, 'xoxb-1234-5678-abcdef', 'abc123', 'xapp-1-A0-secret']) expect(all).not.toContain(secret);
    expect(JSON.parse(lines[0]).error.message).toMatch(/^rejected .*\[redacted\]/);
  });

  it('writes each key once per line: a child re-binding a key, context repeating a binding, and pino\'s own keys', () => {
    const { logger, lines, entries } = capture();
    const graph = logger.child({ component: 'graph' });
    graph.child({ component: 'graph-token' }).warn('token refused', { operation: 'token' });
    logger.child({ channel: 'slack' }).child({ channel: 'slack' }).info('slack channel started', { channel: 'slack', msg: 'x', time: 1, level: 'y' });
    expect(duplicateKeys('{"a":1,"b":{"c":1,"c":2},"a":[{"d":1,"d":1}]}')).toEqual(['b.c', 'a', 'a.d']);
    for (const line of lines) expect(duplicateKeys(line), line).toEqual([]);
    expect(entries()[0].component).toBe('graph-token');
    expect(entries()[1]).toMatchObject({ channel: 'slack', msg: 'slack channel started', msg_value: 'x', time_value: 1, level_value: 'y', level: 30 });
  });
});
