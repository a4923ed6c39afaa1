// Password strength with zxcvbn-ts, loaded only when a new password is being chosen (it is large).
import { useEffect, useState } from 'react';

export type Strength = 'weak' | 'medium' | 'strong';

type Scorer = (password: string, userInputs: string[]) => number;
let scorer: Promise<Scorer> | undefined;

function loadScorer(): Promise<Scorer> {
  scorer ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-es-es'),
  ]).then(([core, common, en, es]) => {
    const factory = new core.ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
    });
    return (password, userInputs) => factory.check(password, userInputs).score;
  });
  return scorer;
}

/** zxcvbn's score 0-4 as the three levels the screen names: 0-1 weak, 2 medium, 3-4 strong. */
export function strengthOfScore(score: number): Strength {
  return score >= 3 ? 'strong' : score === 2 ? 'medium' : 'weak';
}

export function usePasswordStrength(password: string, userInputs: string[]): Strength | undefined {
  const [strength, setStrength] = useState<Strength>();
  const inputs = userInputs.join('\u0000');
  useEffect(() => {
    let isCurrent = true;
    if (!password) {
      setStrength(undefined);
      return;
    }
    void loadScorer().then((score) => {
      if (isCurrent) setStrength(strengthOfScore(score(password, inputs.split('\u0000'))));
    });
    return () => {
      isCurrent = false;
    };
  }, [password, inputs]);
  return strength;
}
