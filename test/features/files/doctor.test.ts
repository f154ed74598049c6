/** `npm run doctor` checks that the attachments folder can be written and says what to grant when it cannot. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDoctor } from '../../../src/setup-check/run-doctor';
import { startHelpdeskStack, type HelpdeskStack } from '../../support/helpdesk-stack';

let stack: HelpdeskStack;
beforeEach(async () => {
  stack = await startHelpdeskStack({ seed: 'demo' });
});
afterEach(async () => stack.close());

const retry = { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterSeconds: 1 };

describe('the doctor on files', () => {
  it('passes when the folder can be written, and leaves nothing behind', async () => {
    const { lines } = await runDoctor(stack.settings, { retry, filesFolder: 'Help desk/Attachments' });
    expect(lines).toContain('✔ Files: the app can write to Help desk/Attachments in the site\'s document library');
    expect(stack.emulator.drive.children('Help desk/Attachments')).toEqual([]);
  });

  it('fails naming the grant when the app may only read the library, and the missing library when there is none', async () => {
    stack.emulator.drive.setState('read-only');
    const readOnly = await runDoctor(stack.settings, { retry });
    expect(readOnly.ok).toBe(false);
    expect(readOnly.lines.find((l) => l.startsWith('✖ Files'))).toMatch(/Grant the app the 'write' role on the site \(Sites\.Selected/);
    stack.emulator.drive.setState('missing');
    const missing = await runDoctor(stack.settings, { retry });
    expect(missing.lines.find((l) => l.startsWith('✖ Files'))).toMatch(/has no default document library/);
  });
});
