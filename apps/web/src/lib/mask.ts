// Identification numbers on screen: only the last four characters show (a shoulder-surfer learns little).
export function maskIdentification(value: string): string {
  const visible = value.slice(-4);
  return `${'•'.repeat(Math.max(0, value.length - 4))}${visible}`;
}
