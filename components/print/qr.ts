/**
 * A QR code as a PNG data URL, drawn in the browser (the library loads on
 * first use): error correction M, a quiet zone of `margin` modules, each
 * module `scale` pixels (sharp when shown with image-rendering: pixelated).
 */
export async function qrDataUrl(text: string, { margin = 1, scale = 8 } = {}): Promise<string> {
  const QRCode = (await import("qrcode")).default;
  return QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin, scale });
}
