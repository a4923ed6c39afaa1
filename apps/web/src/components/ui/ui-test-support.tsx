// Test support for the shared UI pieces: the real program texts (alivio, en) without the program's network calls.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';

const PROGRAMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../programs');

const englishTexts = JSON.parse(readFileSync(path.join(PROGRAMS, 'alivio/texts/text-en.json'), 'utf8')) as Record<
  string,
  string
>;

export const testProgram = {
  program: { name: 'Alivio', supportEmail: 'soporte@alivio.example', defaultCountry: 'CR' },
  phones: JSON.parse(readFileSync(path.join(PROGRAMS, 'alivio/phones/phones.json'), 'utf8')),
};

export function renderInEnglish(node: ReactNode) {
  return render(
    <IntlProvider locale="en" messages={englishTexts}>
      {node}
    </IntlProvider>,
  );
}
