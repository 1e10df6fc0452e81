import QRCode from 'qrcode';

export interface QrDrawing {
  /** Width and height in modules, quiet zone included. */
  size: number;
  /** One SVG path of the dark modules (unit squares). */
  path: string;
}

const QUIET_ZONE = 4;

/**
 * A QR code as SVG path data, drawn on the server so the browser gets no QR library: the
 * authenticator enrolment shows it as inline SVG, and works without JavaScript.
 */
export function qrDrawing(text: string): QrDrawing {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      // Runs of dark modules in a row become one rectangle: a shorter path.
      if (!modules.get(row, column)) continue;
      let end = column;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end++;
      parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h${end - column + 1}v1h-${end - column + 1}z`);
      column = end;
    }
  }
  return { size: modules.size + QUIET_ZONE * 2, path: parts.join('') };
}
