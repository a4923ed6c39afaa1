// Address search behind an adapter: the shipped gazetteer by default (a geocoder is the production adapter).
import { foldAccents } from '@portal/contracts/text-fold';
import type { CountryCode, Language } from '@portal/contracts/enums';
import { LOCATION_SEARCH_MAX_RESULTS, type Location } from '@portal/contracts/patient-fields';
import { GAZETTEER, type PlaceName } from './data/gazetteer.ts';

export interface LocationDirectory {
  /** Places of a country whose name contains the query (diacritics and case ignored), best matches first. */
  search(country: CountryCode, query: string, language: Language): Promise<Location[]>;
  /** The place with this id, as the search gave it; undefined when unknown. */
  get(id: string, language: Language): Promise<Location | undefined>;
}

/** Lower case without diacritics or punctuation, so that "san jose", "SAN JOSÉ" and "San José" meet. */
export function foldText(value: string): string {
  return foldAccents(value)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const slugOf = (value: string) => foldText(value).replace(/ /g, '-');
const nameIn = (name: PlaceName, language: Language) => (typeof name === 'string' ? name : name[language]);
const namesOf = (name: PlaceName) => (typeof name === 'string' ? [name] : [name.es, name.en]);

interface Place {
  id: string;
  country: CountryCode;
  region: PlaceName;
  city: PlaceName | null;
  /** Folded names (es and en) of the place itself, then of the place with its region. */
  keys: string[];
}

function buildPlaces(): Place[] {
  const places: Place[] = [];
  for (const [country, divisions] of Object.entries(GAZETTEER) as [CountryCode, (typeof GAZETTEER)[CountryCode]][]) {
    for (const [region, cities] of divisions) {
      const regionId = `${country}-${slugOf(nameIn(region, 'es'))}`;
      places.push({ id: regionId, country, region, city: null, keys: namesOf(region).map(foldText) });
      for (const city of cities) {
        places.push({
          id: `${regionId}-${slugOf(nameIn(city, 'es'))}`,
          country,
          region,
          city,
          keys: [
            ...namesOf(city).map(foldText),
            ...namesOf(city).flatMap((c) => namesOf(region).map((r) => foldText(`${c} ${r}`))),
          ],
        });
      }
    }
  }
  return places;
}

function toLocation(place: Place, language: Language): Location {
  const region = nameIn(place.region, language);
  const city = place.city ? nameIn(place.city, language) : null;
  return { id: place.id, country: place.country, region, city, label: city ? `${city}, ${region}` : region };
}

/** 0 = the name is the query, 1 = starts with it, 2 = a word starts with it, 3 = contains it; -1 = no match. */
function rankOf(keys: string[], query: string): number {
  let best = -1;
  for (const key of keys) {
    const rank =
      key === query
        ? 0
        : key.startsWith(query)
          ? 1
          : ` ${key}`.includes(` ${query}`)
            ? 2
            : key.includes(query)
              ? 3
              : -1;
    if (rank >= 0 && (best < 0 || rank < best)) best = rank;
  }
  return best;
}

export function createGazetteerDirectory(): LocationDirectory {
  const places = buildPlaces();
  const byId = new Map(places.map((place) => [place.id, place]));
  return {
    async search(country, query, language) {
      const folded = foldText(query);
      if (!folded) return [];
      return places
        .filter((place) => place.country === country)
        .map((place) => ({ place, rank: rankOf(place.keys, folded) }))
        .filter((entry) => entry.rank >= 0)
        .sort(
          (a, b) =>
            a.rank - b.rank ||
            Number(a.place.city !== null) - Number(b.place.city !== null) ||
            toLocation(a.place, language).label.localeCompare(toLocation(b.place, language).label, language),
        )
        .slice(0, LOCATION_SEARCH_MAX_RESULTS)
        .map((entry) => toLocation(entry.place, language));
    },
    async get(id, language) {
      const place = byId.get(id);
      return place ? toLocation(place, language) : undefined;
    },
  };
}
