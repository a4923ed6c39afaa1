// The places a patient lives in: the program's countries and the gazetteer's search (the enrolment's address step and
// the profile's address). One queryOptions factory per endpoint.
import { queryOptions } from '@tanstack/react-query';
import type { CountryCode, Language } from '@portal/contracts/enums';
import { CountriesResponseSchema } from '@portal/contracts/resources';
import { LocationSearchResponseSchema } from '@portal/contracts/patient-fields';
import { api } from '../../lib/api.ts';

export const countriesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['countries', language],
    queryFn: () =>
      api.get('/api/v1/resource/countries', { query: { lang: language }, schema: CountriesResponseSchema.shape.data }),
    staleTime: Infinity,
  });

export const searchLocations = (country: CountryCode, q: string, lang: Language) =>
  api.get('/api/v1/resource/locations', {
    query: { country, q, lang },
    schema: LocationSearchResponseSchema.shape.data,
  });

/** The places matching what was typed in a country (a place's name does not change: kept five minutes). */
export const locationSearchQuery = (country: CountryCode | undefined, language: Language, text: string) =>
  queryOptions({
    queryKey: ['locations', country, language, text],
    queryFn: () => searchLocations(country as CountryCode, text, language),
    enabled: country !== undefined,
    staleTime: 5 * 60_000,
    retry: 1,
  });
