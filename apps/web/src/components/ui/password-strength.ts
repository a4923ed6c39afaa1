// Password strength with zxcvbn-ts, loaded only when a new password is being chosen (it is large). A password the
// server refuses (decision 041: common, breached or the person's own input) is weak here whatever zxcvbn says, so the
// screen never sends one the server would refuse.
import { useEffect, useState } from 'react';
import { isCommonPassword, PASSWORD_MIN_SCORE } from '@portal/contracts/password-rules';

export type Strength = 'weak' | 'medium' | 'strong';

type Scorer = (password: string, userInputs: string[]) => Strength;
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
    const commonPasswords = new Set(common.dictionary['passwords-common']);
    return (password, userInputs) =>
      isCommonPassword(password, commonPasswords, userInputs)
        ? 'weak'
        : strengthOfScore(factory.check(password, userInputs).score);
  });
  return scorer;
}

/** zxcvbn's score 0-4 as the three levels the screen names: 0-1 weak (below PASSWORD_MIN_SCORE), 2 medium, 3-4 strong. */
export function strengthOfScore(score: number): Strength {
  return score >= 3 ? 'strong' : score >= PASSWORD_MIN_SCORE ? 'medium' : 'weak';
}

/** The meter's verdict on a password, once the dictionaries have loaded. */
export async function measurePasswordStrength(password: string, userInputs: string[]): Promise<Strength> {
  return (await loadScorer())(password, userInputs);
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
    void measurePasswordStrength(password, inputs.split('\u0000')).then((measured) => {
      if (isCurrent) setStrength(measured);
    });
    return () => {
      isCurrent = false;
    };
  }, [password, inputs]);
  return strength;
}
