// The list of modules (decision 064): every folder under modules/ is one module of the list, every audit action of the
// platform's catalogue is declared by exactly one module, and so is every kind of mail, so that a module's folder says what
// it brings and a new one cannot be forgotten in the list.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from './modules.ts';
import { AUDIT_ACTIONS } from './platform/audit.ts';

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

  it('has every kind of mail declared by exactly one module, under a name of its own', () => {
    const by = declarers((module) => module.mailKinds?.map((kind) => kind.name));
    expect([...by].filter(([, modules]) => modules.length !== 1)).toEqual([]);
    expect(by.get('booking-confirmed')).toEqual(['booking']);
  });
});
