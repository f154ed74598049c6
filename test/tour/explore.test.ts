import { afterAll, beforeAll, it } from 'vitest';
import { startTeamsTourScene, PEOPLE, type TeamsTourScene } from './teams-scene';
import { TeamsTour } from './teams-driver';
import { agentSetsUp, agentWorks, agentWrapsUp, requesterFiles, requesterFollowsUp } from './teams-story';
import { writeFileSync } from 'node:fs';

let scene: TeamsTourScene;
beforeAll(async () => { scene = await startTeamsTourScene(); }, 60_000);
afterAll(() => scene?.close());

it('explores', async () => {
  const t0 = Date.now();
  const tour = new TeamsTour(scene);
  try {
  await agentSetsUp(tour);
  const ids = await requesterFiles(tour);
  console.log(ids);
  await agentWorks(tour, ids);
  await requesterFollowsUp(tour, ids);
  await agentWrapsUp(tour, ids);
  await tour.sweep();
  } finally {
  console.log('ms', Date.now() - t0);
  const out = [...tour.coverage.seen.entries()].map(([k, w]) => `${k}   <- ${w}`);
  console.log(out.join('\n'));
  console.log('FAIL\n' + tour.coverage.failures().join('\n'));
  writeFileSync('/tmp/tt/acts.json', JSON.stringify(scene.connector.activities.map(a => ({c: a.conversationId, r: a.replyToId, t: a.activity.text, card: a.activity.attachments?.[0]?.content})), null, 1));
  writeFileSync('/tmp/tt/outcomes.json', JSON.stringify(tour.coverage.outcomes, null, 1));
  console.log(scene.logLines.join('\n'));
  }
}, 120_000);
