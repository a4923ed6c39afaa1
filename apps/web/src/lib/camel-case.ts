// Deep camelCase of response keys (spec section 7): AccessToken -> accessToken, id_plan -> idPlan.
export function camelCaseKey(key: string): string {
  if (/^[A-Z0-9_]+$/.test(key) && key.includes('_')) {
    // CONSTANT_CASE keys (rare) become camelCase too.
    key = key.toLowerCase();
  }
  const joined = key.replace(/[_-]+([a-zA-Z0-9])/g, (_match, char: string) => char.toUpperCase());
  return joined.charAt(0).toLowerCase() + joined.slice(1);
}

export function camelCaseDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCaseDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [camelCaseKey(key), camelCaseDeep(inner)]));
  }
  return value;
}
