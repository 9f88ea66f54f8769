// The printouts a repair has (docs/customers.md, Printing): the customer's ticket on A5,
// A4 or an 80 mm receipt roll, and the item's 62 x 29 mm tag.
export const PRINT_FORMATS = ["a5", "a4", "receipt", "tag"] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

export const isPrintFormat = (value: unknown): value is PrintFormat =>
  typeof value === "string" && (PRINT_FORMATS as readonly string[]).includes(value);

export const printHref = (id: string, format: PrintFormat) => `/repairs/${id}/print?format=${format}`;
