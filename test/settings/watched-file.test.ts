import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log';
import { loadSettingsFile, watchSettingsFile, type Checked } from '../../src/settings/watched-file';

/** A tiny checker: an object with a whole `n`. */
const check = (text: string, file: string): Checked<number> => {
  try {
    const raw = JSON.parse(text) as { n?: unknown };
    return Number.isInteger(raw.n) ? { ok: true, value: raw.n as number } : { ok: false, errors: [`${file}: n: must be a whole number`] };
  } catch {
    // Not JSON: the same kind of finding as a bad value.
    return { ok: false, errors: [`${file}: not valid JSON`] };
  }
};

/** A new file with `text`, or a new version of `file` with an mtime that surely differs (no waiting for the clock). */
function put(text: string, file?: string, seconds?: number): string {
  const where = file ?? path.join(mkdtempSync(path.join(tmpdir(), 'watched-')), 'settings.json');
  writeFileSync(where, text);
  if (seconds !== undefined) utimesSync(where, seconds, seconds);
  return where;
}

function watch(file: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'info', write: (l: string) => void lines.push(JSON.parse(l)) });
  const taken: number[] = [];
  const opened = watchSettingsFile({
    file, check, logger, failure: (errors) => new Error(errors.join('; ')),
    said: { bad: 'settings changed but do not load', reread: 'settings re-read' }, describe: (n) => ({ n }), taken: (n) => void taken.push(n),
  });
  return { opened, lines, taken };
}

describe('a watched settings file', () => {
  it('stops start-up with what the checker found, or that the file cannot be read', async () => {
    const bad = put('{"n": "two"}');
    await expect(watch(bad).opened).rejects.toThrow(`${bad}: n: must be a whole number`);
    await expect(watch(path.join(tmpdir(), 'no-such-dir-xyz', 'x.json')).opened).rejects.toThrow(/x\.json: cannot read: ENOENT/);
  });

  it('takes a good edit, keeps the last good version on a bad one (logged), and changes version and fingerprint only then', async () => {
    const file = put('{"n": 1}');
    const { opened, lines, taken } = watch(file);
    const source = await opened;
    expect(source.current()).toBe(1);
    const first = source.fingerprint();
    expect(await source.refresh()).toBe(false);

    put('{"n": 2}', file, 1_900_000_000);
    expect(await source.refresh()).toBe(true);
    expect([source.current(), source.version()]).toEqual([2, 2]);
    expect(source.fingerprint()).not.toBe(first);
    expect(lines.find((l) => l.msg === 'settings re-read')).toMatchObject({ file, n: 2 });

    put('{"n": ', file, 1_900_000_100);
    expect(await source.refresh()).toBe(false);
    expect([source.current(), source.version()]).toEqual([2, 2]);
    expect(lines.find((l) => l.msg === 'settings changed but do not load; keeping the last good version')).toMatchObject({ file, errors: [`${file}: not valid JSON`] });
    expect(taken).toEqual([1, 2]);
  });

  it('loads once, for the doctor, with a hash of the text', async () => {
    const loaded = await loadSettingsFile(put('{"n": 3}'), check);
    expect(loaded).toMatchObject({ ok: true, value: 3, hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });
});
