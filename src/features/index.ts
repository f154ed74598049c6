/**
 * The features the product runs, in one list: start-up (src/app.ts: each feature's files, then its
 * binding), the command registry (src/commands/registry.ts), the poller (src/notify/start.ts) and
 * the doctor (src/setup-check/run-doctor.ts) read it and know no feature by name. Adding a feature: its folder, and one line here (docs/design.md, "Adding a feature").
 */
import type { AnyFeature } from './types';
import { slaFeature } from './sla/sla-feature';
import { searchFeature } from './search/search-feature';
import { preferencesFeature } from './preferences/preferences-feature';
import { savedRepliesFeature } from './saved-replies/saved-replies-feature';
import { surveysFeature } from './surveys/surveys-feature';
import { spacesFeature } from './spaces/spaces-feature';
import { digestsFeature } from './digests/digests-feature';
import { languageFeature } from './language/language-feature';
import { stormsFeature } from './storms/storms-feature';
import { answersFeature } from './answers';
import { duplicatesFeature } from './duplicates';
import { filesFeature } from './files';
import { routingFeature } from './routing/routing-feature';
import { reportsFeature } from './reports';

/** The product's features. */
export const FEATURES = [
  slaFeature,
  searchFeature,
  preferencesFeature,
  savedRepliesFeature,
  surveysFeature,
  spacesFeature,
  digestsFeature,
  languageFeature,
  stormsFeature,
  answersFeature,
  duplicatesFeature,
  filesFeature,
  routingFeature,
  reportsFeature,
] as const satisfies readonly AnyFeature[];

export { openFeatures, type OpenedFeatures } from './open';
export { bindFeatures, describeFeatures, featureMigrations, runningParts, type BoundFeatures, type FeatureHost, type NamedCycleHook } from './bind';
export { defineFeature, type AnyFeature, type CycleHook, type DoctorCheck, type Feature, type FeatureCommand, type FeatureHandler, type FeatureServices, type HostServices, type FeatureRead, type Migration, type Migrations, type OpenSettings, type StartupSettings } from './types';
