import QRCode from 'qrcode';

/**
 * The text as a QR code in an SVG document, rendered here: the key inside an otpauth URI must
 * never reach a third-party QR service. Medium error correction reads well off a screen.
 */
export function renderQrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#0f172a' } });
}
