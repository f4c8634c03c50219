import QRCode from 'qrcode';
import { escapeHtml, type SafeHtml, trustedHtml } from './html.js';

/**
 * A QR code as inline SVG, drawn on the server: no script, no image request, no third party.
 * The SVG comes from the qrcode library (paths only); `label` is escaped into its title.
 */
export async function qrSvg(text: string, label: string): Promise<SafeHtml> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  if (!svg.startsWith('<svg ')) throw new Error('unexpected QR code output');
  const titled = svg
    .replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" focusable="false" `)
    .replace(/(<svg[^>]*>)/, `$1<title>${escapeHtml(label)}</title>`);
  return trustedHtml(titled.trim());
}
