// Listen (decision 049): the lesson read aloud by the browser's speech synthesis in the lesson's language, with pause
// and resume; nothing is shown where the browser has no voice for that language.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from 'react-aria-components';
import type { Language } from '@portal/contracts/enums';
import { useT } from '../../../program/use-t.ts';
import { blocksToRead, voiceFor } from '../speech.ts';

type State = 'idle' | 'speaking' | 'paused';

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
  const [voice, setVoice] = useState(() =>
    typeof window === 'undefined' || !('speechSynthesis' in window)
      ? undefined
      : voiceFor(window.speechSynthesis.getVoices(), language),
  );
  const [state, setState] = useState<State>('idle');
  /** The reading under way: events of a reading stopped before (Pause, Stop, Listen again) change nothing. */
  const reading = useRef(0);
  /** The block being said (0 is the title): where Resume reads again from. */
  const saying = useRef(0);
  useEffect(() => {
    if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    const synthesis = window.speechSynthesis;
    // Some browsers give their voices only later (Chromium on Linux, with speech-dispatcher, a few seconds later).
    const update = () => setVoice(voiceFor(synthesis.getVoices(), language));
    update();
    synthesis.addEventListener('voiceschanged', update);
    return () => {
      synthesis.removeEventListener('voiceschanged', update);
      reading.current += 1;
      synthesis.cancel();
    };
  }, [language]);
  if (!voice) return null;
  const synthesis = window.speechSynthesis;
  const cancel = () => {
    reading.current += 1;
    synthesis.cancel();
  };
  const stop = () => {
    cancel();
    setState('idle');
  };
  /** Reads the blocks from `first` on, one utterance each, and notes which block is being said. */
  const readFrom = (first: number) => {
    cancel();
    const current = reading.current;
    const blocks = blocksToRead(title, text.current);
    blocks.slice(first).forEach((block, offset) => {
      const utterance = new SpeechSynthesisUtterance(block);
      // A voice the page did not get from getVoices() (none in some engines' lists) cannot be set: the language is.
      if (voice instanceof SpeechSynthesisVoice) utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.rate = 0.95;
      utterance.onstart = () => {
        if (reading.current === current) saying.current = first + offset;
      };
      if (first + offset === blocks.length - 1)
        utterance.onend = () => {
          if (reading.current === current) setState('idle');
        };
      // An engine that fails stops the whole reading; a cancelled one (Pause, Stop, leaving the page) was stopped.
      utterance.onerror = (event) => {
        if (reading.current === current && event.error !== 'interrupted' && event.error !== 'canceled') stop();
      };
      synthesis.speak(utterance);
    });
    saying.current = first;
    setState('speaking');
  };
  // Pause stops the engine and Resume reads again from the start of the block it was saying. The engines' own pause
  // is not relied on: Chromium on Linux (speech-dispatcher) never says it paused and does not go on after its resume.
  const pause = () => {
    cancel();
    setState('paused');
  };
  return (
    <div className="actions lesson__listen">
      {state === 'idle' ? (
        <Button className="button button--ghost" onPress={() => readFrom(0)}>
          {t('learning.listen')}
        </Button>
      ) : (
        <>
          <Button
            className="button button--ghost"
            onPress={() => (state === 'speaking' ? pause() : readFrom(saying.current))}
          >
            {t(state === 'speaking' ? 'learning.pause' : 'learning.resume')}
          </Button>
          <Button className="button button--ghost" onPress={stop}>
            {t('learning.stop')}
          </Button>
        </>
      )}
    </div>
  );
}
