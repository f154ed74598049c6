/**
 * The HTTP front door in front of Bolt's receiver: the signature is checked first (401), then
 * what Bolt leaves open: a timestamp more than five minutes in the future (401, a request
 * forged for later replay) and a body that is not a Slack payload at all, such as `null` or
 * `payload=null` (400 with a plain body; Bolt would throw on it outside any handler).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifySlackRequest } from '@slack/bolt';
import type { Logger } from '../../log';

/** Bolt's own default body limit (10 MB is far above any real Slack payload). */
const BODY_LIMIT = 10 * 1024 * 1024;
const MAX_SKEW_SEC = 5 * 60;

class TooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new TooLarge('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, text?: string): void {
  if (res.headersSent) return;
  res.writeHead(status, text ? { 'content-type': 'text/plain; charset=utf-8' } : {});
  res.end(text);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is wrong with a verified body, or undefined when Bolt may have it. */
export function payloadProblem(body: string, contentType: string | undefined): string | undefined {
  try {
    if ((contentType ?? '').startsWith('application/x-www-form-urlencoded')) {
      const form = new URLSearchParams(body);
      const payload = form.get('payload');
      if (payload === null) return form.has('command') || form.has('ssl_check') ? undefined : 'no command and no payload';
      return isObject(JSON.parse(payload)) ? undefined : 'payload is not a JSON object';
    }
    return isObject(JSON.parse(body)) ? undefined : 'body is not a JSON object';
  } catch {
    // JSON.parse refused it: that is the answer.
    return 'body is not valid JSON';
  }
}

/** Wraps Bolt's request listener with the checks above; the body is handed on already read. */
export function slackGate(signingSecret: string, logger: Logger, next: (req: IncomingMessage, res: ServerResponse) => void, now: () => number = Date.now) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof TooLarge) return answer(res, 413);
      logger.warn('slack request could not be read', { error });
      return answer(res, 400, 'Bad request: the body could not be read.');
    }
    const text = raw.toString('utf8');
    const contentType = req.headers['content-type'];
    const sslCheck = (contentType ?? '').startsWith('application/x-www-form-urlencoded') && new URLSearchParams(text).get('ssl_check') === '1';
    if (!sslCheck) {
      const signature = req.headers['x-slack-signature'];
      const timestamp = Number(req.headers['x-slack-request-timestamp']);
      try {
        if (typeof signature !== 'string') throw new Error('no signature');
        verifySlackRequest({ signingSecret, body: text, headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': timestamp }, nowMilliseconds: now() });
        if (timestamp > Math.floor(now() / 1000) + MAX_SKEW_SEC) throw new Error('timestamp more than five minutes in the future');
      } catch (error) {
        logger.warn('slack request refused', { reason: error instanceof Error ? error.message : String(error) });
        return answer(res, 401);
      }
      const problem = payloadProblem(text, contentType);
      if (problem) {
        logger.warn('slack request malformed', { reason: problem });
        return answer(res, 400, `Bad request: ${problem}.`);
      }
    }
    // Bolt reads an already buffered body from rawBody (its support for pre-read requests).
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = raw;
    next(req, res);
  };
}
