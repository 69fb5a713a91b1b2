// Location rules of the objects and shop spec's «Business constants and limits»: the gazetteer, the district
// lookup, direction and ring-road distance.
export { districtTable, MOSCOW, REGION, specialCases } from "./data.ts";
export {
  type AddressSuggestion,
  cleanName,
  districtRoot,
  editDistance,
  locate,
  type Location,
  type LocationInput,
  lookupDistrict,
  normalize,
  type Place,
  placeByName,
  places,
  similarity,
  suggestAddresses,
  UNKNOWN_DISTRICT,
} from "./lookup.ts";
export { directionFromCenter, distanceFromMKAD, formatMkadDistance } from "../geo.ts";

/** The district names, for the objects filter. */
export { districtNames } from "./names.ts";
