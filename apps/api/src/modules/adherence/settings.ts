// A program's adherence settings (decisions 079, 080): `adherence` of its config.json, with the defaults its schema
// gives, and the program's default country (whose day a "no answer" puts an entry off until).
import type { ProgramConfig } from '@portal/contracts/program-files';

export interface AdherenceSettings {
  allowedGapDays: number;
  outreachAfterRunOutDays: number;
  noFirstPurchaseDays: number;
  defaultCountry: string;
}

export const adherenceSettingsOf = (config: ProgramConfig): AdherenceSettings => ({
  ...config.adherence,
  defaultCountry: config.defaultCountry,
});

/** Each program's settings by its id, from the program files the registry's programs were seeded from. */
export function settingsByProgram(
  configs: readonly ProgramConfig[],
  programs: readonly { id: number; slug: string }[],
): (programId: number) => AdherenceSettings {
  const bySlug = new Map(configs.map((config) => [config.slug, adherenceSettingsOf(config)]));
  const byId = new Map(programs.flatMap((row) => (bySlug.has(row.slug) ? [[row.id, bySlug.get(row.slug)!]] : [])));
  return (programId) => {
    const settings = byId.get(programId);
    if (!settings) throw new Error(`adherence: no settings for program ${programId}`);
    return settings;
  };
}
