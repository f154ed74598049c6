/** `npm run doctor`: checks the configured help-desk tenant and prints a fix for each problem. */
import { ConfigError, loadConfig } from './config';
import { runDoctor } from './setup-check/run';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stdout.write(`✖ configuration: ${err.message}\n`);
    return 1;
  }
  const result = await runDoctor(config.helpdesk, { write: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(result.ok ? '\nAll checks passed.\n' : '\nSome checks failed; fix the ✖ lines above and run `npm run doctor` again.\n');
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`doctor crashed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
