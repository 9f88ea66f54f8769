import sharp from "sharp";

/** A customer's signature as the pad sends it: a stroke on a transparent PNG, as a data URL. */
export const drawnSignature = async () =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 300, height: 120, channels: 4, background: "#fff0" } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="120"><path d="M10 100 C 80 10, 160 10, 290 90" stroke="#000" stroke-width="3" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer()
  ).toString("base64")}`;
