// A QR code drawn as SVG from qrcode's matrix (decision 046): the discount code's symbols and the staff console's
// authenticator set-up (decision 072) both draw it. Black modules on white with the 4-module quiet zone, no style
// attribute (the CSP allows none) and no DOM work, so it renders on the server too.
import { useMemo } from 'react';
import QRCode from 'qrcode';

const QR_QUIET_ZONE = 4;

/** The QR code's dark modules as one SVG path (one square per module), and its side in modules with quiet zones. */
export function qrPathOf(value: string): { size: number; path: string } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) parts.push(`M${column + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * QR_QUIET_ZONE, path: parts.join('') };
}

/** The QR code of `value` as one picture with its accessible name; sized by the caller's class. */
export function QrSymbol({ value, label, className }: { value: string; label: string; className: string }) {
  const qr = useMemo(() => qrPathOf(value), [value]);
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      data-symbol="qr"
    >
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={qr.path} fill="#000000" />
    </svg>
  );
}
