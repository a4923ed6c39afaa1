// A text of the program files that patients read (a product's presentation, a plan's name), in both languages: an
// English screen never shows the Spanish one (decision 054). Names of brands and partners stay one string.
import { z } from 'zod';

export const LocalizedTextSchema = z.object({ es: z.string().trim().min(1), en: z.string().trim().min(1) });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;
