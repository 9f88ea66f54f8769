import { expect, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

// Reading back a PDF Chromium printed: its pages' sizes, its text, and every
// QR code among its images, decoded from the image's own pixels.

type PdfImage = { width: number; height: number; data: Uint8Array | Uint8ClampedArray; kind: number };

/** pdf.js gives an image's pixels as grey (1 bit), RGB or RGBA; jsQR reads RGBA. */
function rgba(image: PdfImage): Uint8ClampedArray {
  const { width, height, data, kind } = image;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    let r: number, g: number, b: number;
    if (kind === 3) [r, g, b] = [data[i * 4], data[i * 4 + 1], data[i * 4 + 2]];
    else if (kind === 2) [r, g, b] = [data[i * 3], data[i * 3 + 1], data[i * 3 + 2]];
    else {
      const rowBytes = Math.ceil(width / 8);
      const x = i % width;
      const y = Math.floor(i / width);
      const bit = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
      r = g = b = bit ? 255 : 0;
    }
    out.set([r, g, b, 255], i * 4);
  }
  return out;
}

export async function readPdf(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: {
    widthMm: number;
    heightMm: number;
    text: string;
    qrCodes: string[];
    images: { width: number; height: number }[];
  }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [x0, y0, x1, y1] = page.view;
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
      .join("")
      .replace(/[ \t]+/g, " ");
    const operators = await page.getOperatorList();
    const qrCodes: string[] = [];
    const images: { width: number; height: number }[] = [];
    for (let i = 0; i < operators.fnArray.length; i++) {
      if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
      const name = operators.argsArray[i][0] as string;
      const image = await new Promise<PdfImage>((resolve) =>
        (name.startsWith("g_") ? page.commonObjs : page.objs).get(name, resolve),
      );
      images.push({ width: image.width, height: image.height });
      const found = jsQR(rgba(image), image.width, image.height);
      if (found) qrCodes.push(found.data);
    }
    const mm = (points: number) => Math.round((points / 72) * 25.4);
    pages.push({ widthMm: mm(x1 - x0), heightMm: mm(y1 - y0), text, qrCodes, images });
  }
  return { pageCount: pdf.numPages, pages };
}

/**
 * The print page open in `page`, printed once it is ready and its images
 * (a signature, the QR code) are loaded: its text on one line, and its images' sizes.
 */
export async function printedSheet(page: Page) {
  await expect(page.locator("[data-print-ready]")).toBeVisible();
  await expect
    .poll(() =>
      page.locator("[data-print-ready] img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
    )
    .toBe(true);
  const pdf = await readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  return {
    text: pdf.pages
      .map((p) => p.text)
      .join(" ")
      .replace(/\s+/g, " "),
    images: pdf.pages.flatMap((p) => p.images),
  };
}
