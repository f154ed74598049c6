/**
 * `npm run doctor [-- --production]`: checks the configured help-desk tenant (settings from the
 * environment and .env files) and prints a fix for each problem. It says which site it checked;
 * the embedded demo site never counts as a production check.
 */
import './node-version';
import { ConfigError, ConfigErrors, isProduction, loadConfig, type HelpdeskSettings } from './config';
import { loadEnvFiles } from './env';
import { runDoctor } from './setup-check/run-doctor';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The line naming what is being checked. */
function describeTarget(settings: HelpdeskSettings): string {
  const t = settings.target;
  if (t.kind === 'embedded') {
    return 'Target: the embedded demo site (HELPDESK_SITE_ID is not set). This is NOT a production check: it says nothing about your tenant.';
  }
  const space = settings.spaceId ? `, space ${settings.spaceId}` : '';
  return `Target: site ${t.siteId} in tenant ${t.tenantId} as app ${t.clientId}, through ${settings.graphUrl}${space}`;
}

/** The command that ran this check, to run it again: the same script and the same flags. */
function again(argv: string[]): string {
  const script = /dist[\\/]doctor\.js$/.test(process.argv[1] ?? '') ? 'doctor:prod' : 'doctor';
  return `npm run ${script}${argv.length ? ` -- ${argv.join(' ')}` : ''}`;
}

async function main(argv: string[]): Promise<number> {
  const flag = argv.includes('--production');
  let config;
  try {
    const { files } = loadEnvFiles();
    say(files.length ? `Settings: the environment, then ${files.join(', ')}` : 'Settings: the environment only (no .env or .env.local here)');
    // --production applies the same rules as NODE_ENV=production, e.g. no embedded demo site.
    const productionBy = flag && !isProduction(process.env) ? 'checked with --production' : undefined;
    config = loadConfig(process.env, { productionBy });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    const problems = err instanceof ConfigErrors ? err.problems : [err];
    for (const p of problems) say(`✖ configuration: ${p.message}`);
    say(`\n${problems.length === 1 ? 'Fix this setting' : `Fix these ${problems.length} settings`} (see .env.example) and run \`${again(argv)}\` again.`);
    return 1;
  }
  say(describeTarget(config.helpdesk));
  say('');
  const result = await runDoctor(config.helpdesk, { write: say, slaFile: config.slaFile, routingFile: config.routingFile, filesFolder: config.files.folder });
  if (!result.ok) {
    say(`\nSome checks failed; fix the ✖ lines above and run \`${again(argv)}\` again.`);
    return 1;
  }
  if (config.helpdesk.target.kind === 'embedded') {
    say('\nThe embedded demo site passed. Set HELPDESK_SITE_ID and the other HELPDESK_* settings (see .env.example) to check your tenant.');
    return 0;
  }
  say(`\nAll checks passed for site ${config.helpdesk.target.siteId}.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`doctor crashed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
