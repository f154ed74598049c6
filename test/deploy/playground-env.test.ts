/** `npm run playground` takes PORT from .env like the other entry points (checked before the Playground starts). */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, TSX_IMPORT, cleanEnv, run, workDir } from './processes';

describe('npm run playground', () => {
  it('reads PORT from .env, and the environment wins', async () => {
    const dir = workDir({ '.env': 'PORT=not-a-port\nPLAYGROUND_PORT=also-bad\n' });
    try {
      const fromFile = run(process.execPath, ['--import', TSX_IMPORT, path.join(ROOT, 'scripts/playground.ts')], dir, cleanEnv());
      expect(await fromFile.exited).toBe(2);
      expect(fromFile.output()).toContain('PORT must be a port number from 1 to 65535 (got "not-a-port")');
      const fromEnv = run(process.execPath, ['--import', TSX_IMPORT, path.join(ROOT, 'scripts/playground.ts')], dir, cleanEnv({ PORT: '3978' }));
      expect(await fromEnv.exited).toBe(2);
      expect(fromEnv.output()).toContain('PLAYGROUND_PORT must be a port number from 1 to 65535 (got "also-bad")');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
