// One way to compare words whatever their case and accents, on the server and in the browser: "MIGRAÑA", "migraña"
// and "migrana" meet. Canonical decomposition (NFD), the combining marks dropped, lower case.

/** Lower case without accents or other combining marks. */
export function foldAccents(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
