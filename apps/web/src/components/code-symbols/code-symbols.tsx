// A discount code as a cashier's scanner reads it: a QR code and a Code 128 barcode, drawn as SVG. The libraries
// encode (qrcode, drawn by qr-symbol.tsx; JsBarcode: the Code 128 bars with its check symbol);
// this file only draws their modules as black rectangles on white, with the quiet zones each symbology asks for
// (4 modules around a QR code, 10 before and after a barcode). No style attribute (the CSP allows none) and no
// DOM work: it renders on the server too. Decision 046 says why these libraries and why in the browser.
import { useMemo } from 'react';
import JsBarcode from 'jsbarcode';
import { QrSymbol } from './qr-symbol.tsx';
import './code-symbols.css';

const BARCODE_QUIET_ZONE = 10;

/** Code 128's modules (1 = a bar module) as JsBarcode encodes them, and the bars as one SVG path with quiet zones. */
export function barcodePathOf(value: string): { width: number; path: string } {
  const target: { encodings?: { data: string }[] } = {};
  JsBarcode(target, value, { format: 'CODE128' });
  const bits = (target.encodings ?? []).map((encoding) => encoding.data).join('');
  const parts: string[] = [];
  let start = -1;
  for (let index = 0; index <= bits.length; index += 1) {
    const bar = bits[index] === '1';
    if (bar && start < 0) start = index;
    if (!bar && start >= 0) {
      parts.push(`M${start + BARCODE_QUIET_ZONE} 0h${index - start}v1h-${index - start}z`);
      start = -1;
    }
  }
  return { width: bits.length + 2 * BARCODE_QUIET_ZONE, path: parts.join('') };
}

interface Props {
  /** What the symbols carry: the canonical code (no separators), as a scanner should type it. */
  value: string;
  /** The accessible names of the two pictures (e.g. 'QR code of your code ABCDE-FGHJK-M'). */
  qrLabel: string;
  barcodeLabel: string;
}

/** The QR code above the barcode, each on its own white ground with its quiet zone, as large as the width allows. */
export function CodeSymbols({ value, qrLabel, barcodeLabel }: Props) {
  const barcode = useMemo(() => barcodePathOf(value), [value]);
  return (
    <div className="code-symbols">
      <QrSymbol className="code-symbols__qr" value={value} label={qrLabel} />
      <svg
        className="code-symbols__barcode"
        role="img"
        aria-label={barcodeLabel}
        viewBox={`0 0 ${barcode.width} 1`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        data-symbol="code128"
      >
        <rect width={barcode.width} height={1} fill="#ffffff" />
        <path d={barcode.path} fill="#000000" />
      </svg>
    </div>
  );
}
