// What Listen reads and with which voice (decision 049): plain functions, apart from the screen, so that they are tested
// without a speech engine.
import type { Language } from '@portal/contracts/enums';

/** The regions whose voice a patient of the programs' countries would expect first (Mexico and Central America). */
const PREFERRED_REGIONS: Record<Language, string[]> = { es: ['es-mx', 'es-419', 'es-us'], en: ['en-us'] };

/** A voice of the language: the browser's default one if it speaks it, else one of the preferred regions, else any. */
export function voiceFor<V extends Pick<SpeechSynthesisVoice, 'lang' | 'default'>>(
  voices: readonly V[],
  language: Language,
): V | undefined {
  const tag = (voice: V) => voice.lang.toLowerCase().replace('_', '-');
  const speaking = voices.filter((voice) => tag(voice) === language || tag(voice).startsWith(`${language}-`));
  return (
    speaking.find((voice) => voice.default) ??
    PREFERRED_REGIONS[language].map((region) => speaking.find((voice) => tag(voice) === region)).find(Boolean) ??
    speaking[0]
  );
}

/**
 * What is read, in order: the title, then every heading, paragraph and list item of the lesson (folded ones too:
 * innerText would skip what read more hides). One utterance each: a long single utterance is cut short by some
 * engines, and pause and resume act between blocks where an engine cannot pause within one.
 */
export function blocksToRead(title: string, text: HTMLElement | null): string[] {
  const blocks = [...(text?.querySelectorAll('h2, h3, p, li') ?? [])]
    // A paragraph inside a list item is read with its item.
    .filter((block) => !(block.tagName === 'P' && block.closest('li')))
    .map((block) => (block.textContent ?? '').replace(/\s+/g, ' ').trim());
  return [title, ...blocks].filter((block) => block.length > 0);
}
