// A customer's phone as WhatsApp's click-to-chat link wants it (wa.me/<digits>):
// the country code and number, digits only. Browser-safe: the repair's screens
// offer the button only when there is a number to send to.

/** Spain's mobile numbers: nine digits starting with 6 or 7 (8 and 9 are fixed lines, which have no WhatsApp). */
const SPANISH_MOBILE = /^[67]\d{8}$/;

/**
 * The number to chat with, or null when there is none that can take a
 * message: a Spanish number written without its country code gets 34; a
 * Spanish fixed line gets nothing; another country's number is taken as
 * written with its "+" or "00" (8 to 15 digits, as the ITU allows).
 */
export function chatNumber(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const text = phone.trim().replace(/^\(\s*(\+|00)/, "$1");
  if (/[^\d\s+().\-/]/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  const international = text.startsWith("+") ? digits : text.startsWith("00") ? digits.slice(2) : null;
  if (international === null) return SPANISH_MOBILE.test(digits) ? `34${digits}` : null;
  if (international.startsWith("34")) return SPANISH_MOBILE.test(international.slice(2)) ? international : null;
  return /^[1-9]\d{7,14}$/.test(international) ? international : null;
}
