// A Spanish tax id as printed on receipts and invoices: a NIF (8 digits and a
// letter), an NIE (X, Y or Z, 7 digits and a letter), the K, L and M NIFs of
// people with neither (a letter, 7 digits and a letter) or a company's CIF (a
// letter, 7 digits and a control digit or letter), each checked by its control
// character, as the tax agency computes it. Spaces, dots and dashes are
// dropped and letters are upper-cased before the check.

const LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const CIF_LETTERS = "JABCDEFGHI";

export function normalizeTaxId(text: string): string {
  return text.replace(/[\s.\-]/g, "").toUpperCase();
}

export function isValidTaxId(text: string): boolean {
  const id = normalizeTaxId(text);
  if (/^\d{8}[A-Z]$/.test(id)) return LETTERS[Number(id.slice(0, 8)) % 23] === id[8];
  if (/^[XYZ]\d{7}[A-Z]$/.test(id)) return LETTERS[Number("XYZ".indexOf(id[0]) + id.slice(1, 8)) % 23] === id[8];
  if (/^[KLM]\d{7}[A-Z]$/.test(id)) return LETTERS[Number(id.slice(1, 8)) % 23] === id[8];
  const cif = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!cif) return false;
  const digits = cif[2].split("").map(Number);
  let sum = 0;
  digits.forEach((digit, i) => {
    if (i % 2 === 1) sum += digit;
    else {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  });
  const control = (10 - (sum % 10)) % 10;
  const [letter, , given] = [cif[1], cif[2], cif[3]];
  // Companies (A, B, E, H) write a digit; public and foreign bodies (K, P, Q, S, N, W) a letter; the rest either.
  if ("ABEH".includes(letter)) return given === String(control);
  if ("KPQSNW".includes(letter)) return given === CIF_LETTERS[control];
  return given === String(control) || given === CIF_LETTERS[control];
}
