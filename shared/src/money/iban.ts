/**
 * ISO 13616 check digits (ISO 7064 MOD 97-10): the country and check digits moved to the end, letters
 * as 10..35, the number mod 97 must be 1. Catches every single wrong character and every swap of two
 * neighbours, which is what protects an investor copying the account. Spaces are allowed as typed.
 */
export const ibanChecks = (raw: string): boolean => {
  const iban = raw.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
};

/** The IBAN in its printed form: groups of four (what an investor compares against the bank's form). */
export const printedIban = (raw: string): string =>
  raw
    .replace(/ /g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
