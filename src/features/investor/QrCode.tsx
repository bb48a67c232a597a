import QRCode from 'qrcode';
import { useMemo } from 'react';

/** Error correction that survives a crease or a logo sticker on a printed flyer, at a size phones still read from a screen. */
const LEVEL = 'M' as const;
/** The quiet zone the QR standard asks for around the symbol, in modules. */
const MARGIN = 4;

/** The symbol's dark modules as one SVG path, one unit per module, quiet zone included. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: LEVEL });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col + MARGIN} ${row + MARGIN}h1v1h-1z`);
    }
  }
  return { size: modules.size + MARGIN * 2, path: parts.join('') };
}

/**
 * A referral link as a QR code, drawn by React from the qrcode library's matrix: always dark on
 * white (a scanner needs the contrast, in the dark theme too), crisp at any size.
 */
export function QrCode({ text, label, size = 160 }: { text: string; label: string; size?: number }) {
  const { size: modules, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className="qr-code" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The same symbol as a standalone SVG file's text. */
export function qrSvgFile(text: string, pixels = 512): string {
  const { size, path } = qrPath(text);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** The same symbol as a PNG (data URL), drawn by the library on a canvas. */
export function qrPngDataUrl(text: string, pixels = 1024): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: LEVEL, margin: MARGIN, width: pixels, color: { dark: '#000000', light: '#ffffff' } });
}

/** Saves `href` (a data or blob URL) under `name` through a transient link, as the browser's download. */
export function saveAs(href: string, name: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Downloads the link's QR code as `traderoom-<name>.svg` or `.png`. */
export async function downloadQr(text: string, name: string, format: 'svg' | 'png'): Promise<void> {
  if (format === 'png') return saveAs(await qrPngDataUrl(text), `${name}.png`);
  const url = URL.createObjectURL(new Blob([qrSvgFile(text)], { type: 'image/svg+xml' }));
  saveAs(url, `${name}.svg`);
  // The click has handed the blob to the download; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
