// spec 5: phone formatting for sync and the US phone rule (Phone validation uses the US;
// spec 9: phone minimum length is 10).

/** spec 5: strip dashes, parentheses and spaces (dots too, as people type them). */
export function stripPhone(phone: string): string {
  return phone.replace(/[\s().-]/g, '');
}

/**
 * The 10 national digits of a US number written with or without +1, or null when it is
 * not one (NANP: area code and exchange start with 2-9).
 */
export function usNationalDigits(phone: string): string | null {
  const stripped = stripPhone(phone);
  const m = /^(?:\+?1)?([2-9]\d{2}[2-9]\d{6})$/.exec(stripped);
  return m ? m[1] : null;
}

export function isUsPhone(phone: string): boolean {
  return usNationalDigits(phone) !== null;
}

/**
 * spec 5: for the CRM, 10 digits become "(XXX) XXX-XXXX"; any other number is sent stripped.
 */
export function formatPhoneForCrm(phone: string): string {
  const stripped = stripPhone(phone);
  const ten = /^\d{10}$/.test(stripped) ? stripped : null;
  if (!ten) return stripped;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}
