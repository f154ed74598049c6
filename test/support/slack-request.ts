/**
 * Sends Slack's real request shapes, signed with Slack's real scheme (v0 HMAC-SHA256 of
 * `v0:<timestamp>:<body>` in `x-slack-signature`), built from the fixtures in test/fixtures/slack.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/slack');

/** A fixture, deep-copied so tests can change it freely. */
export function slackFixture<T = Record<string, any>>(name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as T;
}

/** Slack's signature headers for `body` at `timestamp` (seconds). */
export function signSlack(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return { 'x-slack-signature': signature, 'x-slack-request-timestamp': String(timestamp) };
}

/** Form body of a slash command. */
export function slashBody(fields: Record<string, string>): { body: string; contentType: string } {
  return { body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' };
}

/** Interactivity bodies (block_actions, view_submission, shortcuts) are a form field `payload` holding JSON. */
export function interactiveBody(payload: unknown): { body: string; contentType: string } {
  return { body: new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), contentType: 'application/x-www-form-urlencoded' };
}

/** Events API bodies are plain JSON. */
export function eventBody(envelope: unknown): { body: string; contentType: string } {
  return { body: JSON.stringify(envelope), contentType: 'application/json' };
}

/** How to sign (or mis-sign) one request. */
export interface SlackPostOptions {
  /** Seconds; defaults to now. */
  timestamp?: number;
  /** Sign with this secret instead (a forged request). */
  secret?: string;
  headers?: Record<string, string>;
}

/** What the server answered. */
export interface SlackPostResult {
  status: number;
  text: string;
  json(): any;
}

/** Signs and posts a Slack request to `url` (the server's /slack/events). */
export function createSlackPoster(url: string, secret: string) {
  return async (req: { body: string; contentType: string }, options: SlackPostOptions = {}): Promise<SlackPostResult> => {
    const headers = {
      'content-type': req.contentType,
      ...signSlack(options.secret ?? secret, req.body, options.timestamp),
      ...options.headers,
    };
    const res = await fetch(url, { method: 'POST', headers, body: req.body });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) };
  };
}
