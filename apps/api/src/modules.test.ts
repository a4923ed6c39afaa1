// The list of modules (decision 064): every folder under modules/ is one module of the list, and every audit action
// and mail kind of the platform's catalogues is declared by exactly one module, so that a module's folder says what
// it brings and a new one cannot be forgotten in the list.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from './modules.ts';
import { AUDIT_ACTIONS } from './platform/audit.ts';
import { MAIL_KINDS } from './platform/mail/outbox.ts';

const folders = readdirSync(new URL('./modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Which modules declare each item. */
function declarers(pick: (module: (typeof MODULES)[number]) => readonly string[] | undefined) {
  const by = new Map<string, string[]>();
  for (const module of MODULES)
    for (const item of pick(module) ?? []) by.set(item, [...(by.get(item) ?? []), module.name]);
  return by;
}

describe('the list of modules', () => {
  it('has one module per folder of modules/, named after its folder, each once', () => {
    expect(MODULES.map((module) => module.name).sort()).toEqual([...folders].sort());
  });

  it('has every audit action declared by exactly one module', () => {
    const by = declarers((module) => module.auditActions);
    expect(AUDIT_ACTIONS.filter((action) => by.get(action)?.length !== 1)).toEqual([]);
    expect([...by.keys()].filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });

  it('has every mail kind declared by exactly one module', () => {
    const by = declarers((module) => module.mailKinds);
    expect(MAIL_KINDS.filter((kind) => by.get(kind)?.length !== 1)).toEqual([]);
  });
});
