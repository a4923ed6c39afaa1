// Listen (decision 049): the lesson read aloud by the browser's speech synthesis in the lesson's language, with pause
// and resume; nothing is shown where the browser has no voice for that language.
import { useEffect, useState, type RefObject } from 'react';
import { Button } from 'react-aria-components';
import type { Language } from '@portal/contracts/enums';
import { useT } from '../../../program/use-t.ts';

type State = 'idle' | 'speaking' | 'paused';

function voiceFor(language: Language): SpeechSynthesisVoice | undefined {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return undefined;
  return window.speechSynthesis.getVoices().find((voice) => voice.lang.toLowerCase().startsWith(language));
}

export function ListenControls({
  language,
  title,
  text,
}: {
  language: Language;
  /** Read first: the page's h1. */
  title: string;
  text: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const [voice, setVoice] = useState(() => voiceFor(language));
  const [state, setState] = useState<State>('idle');
  useEffect(() => {
    if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    const synthesis = window.speechSynthesis;
    const update = () => setVoice(voiceFor(language));
    update();
    synthesis.addEventListener('voiceschanged', update);
    return () => {
      synthesis.removeEventListener('voiceschanged', update);
      synthesis.cancel();
    };
  }, [language]);
  if (!voice) return null;
  const synthesis = window.speechSynthesis;
  const start = () => {
    synthesis.cancel();
    // Every heading, paragraph and list item, folded ones too (innerText would skip what read more hides).
    const blocks = [...(text.current?.querySelectorAll('h2, h3, p, li') ?? [])].map((block) => block.textContent);
    const utterance = new SpeechSynthesisUtterance([`${title}.`, ...blocks].join('\n'));
    if (voice instanceof SpeechSynthesisVoice) utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.rate = 0.95;
    utterance.onend = () => setState('idle');
    utterance.onerror = () => setState('idle');
    synthesis.speak(utterance);
    setState('speaking');
  };
  return (
    <div className="actions lesson__listen">
      {state === 'idle' ? (
        <Button className="button button--ghost" onPress={start}>
          {t('learning.listen')}
        </Button>
      ) : (
        <>
          <Button
            className="button button--ghost"
            onPress={() => {
              if (state === 'speaking') {
                synthesis.pause();
                setState('paused');
              } else {
                synthesis.resume();
                setState('speaking');
              }
            }}
          >
            {t(state === 'speaking' ? 'learning.pause' : 'learning.resume')}
          </Button>
          <Button
            className="button button--ghost"
            onPress={() => {
              synthesis.cancel();
              setState('idle');
            }}
          >
            {t('learning.stop')}
          </Button>
        </>
      )}
    </div>
  );
}
