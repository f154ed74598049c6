/**
 * Start-up's first step for the features: each listed feature that declares an `open` step opens
 * its settings files (the SLA policy, the routing rules), in list order, before anything else
 * starts. A feature off the list opens nothing, so none of its files is read. A file that does not
 * load throws its feature's own error (PolicyError, RoutingRulesError: the file, the path in it and
 * what is wrong), and the host stops there. What each opened is handed on by bindFeatures.
 */
import type { Logger } from '../log';
import { NOTHING_SUPPLIED, type AnyFeature, type OpenSettings, type SuppliedServices } from './types';

/** What the listed features opened: each one's own part, and the services they supply one another. */
export interface OpenedFeatures {
  /** By feature name, for each listed feature with an `open` step: what its own parts are handed (bindFeatures adds it to their services). */
  own: Readonly<Record<string, object>>;
  /** The supplied host services, undefined where no listed feature supplies one (the host spreads them into what it hands out). */
  supplied: SuppliedServices;
}

/** Runs the `open` step of each listed feature, one after the other; two features supplying the same service stop start-up naming both. */
export async function openFeatures(features: readonly AnyFeature[], settings: OpenSettings, logger: Logger): Promise<OpenedFeatures> {
  const own: Record<string, object> = {};
  const supplied: SuppliedServices = { ...NOTHING_SUPPLIED };
  const supplier = new Map<string, string>();
  for (const feature of features) {
    if (!feature.open) continue;
    const opened = await feature.open(settings, logger.child({ feature: feature.name }));
    own[feature.name] = opened.own;
    for (const [service, value] of Object.entries(opened.supplies ?? {}) as [keyof SuppliedServices, SuppliedServices[keyof SuppliedServices]][]) {
      const before = supplier.get(service);
      if (before) throw new Error(`features ${before} and ${feature.name} both supply ${service}; list one of them`);
      supplier.set(service, feature.name);
      supplied[service] = value;
    }
  }
  return { own, supplied };
}
