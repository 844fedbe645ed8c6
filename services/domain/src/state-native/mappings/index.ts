/** Every state-native mapping: a state file whose headers carry a mapping's signature is read through it. */
import type { StateMapping } from '../mapping.js';
import { tennesseeReleases } from './tennessee.js';
import { utahFacilities, utahReleases } from './utah.js';
import { westVirginiaFacilities, westVirginiaTanks } from './west-virginia.js';

export const STATE_MAPPINGS: readonly StateMapping[] = [utahFacilities, utahReleases, westVirginiaFacilities, westVirginiaTanks, tennesseeReleases];
