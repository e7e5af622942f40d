import { formatPhoneForCrm } from './phone';

// Finding the phone numbers a CRM page shows (issue #13 click-to-call: "phone numbers on
// Keap, Zoho and CallTrackingMetrics pages become call buttons"), and the name of the
// person they belong to. Pure: the extension's content script walks the page and asks.

/** One US phone number found in a text. */
export interface FoundPhone {
  /** Where it is in the text (start inclusive, end exclusive). */
  start: number;
  end: number;
  /** The number as the page writes it ("(312) 555-0142"). */
  text: string;
  /** Its 10 national digits ("3125550142"). */
  national: string;
}

// A US number as people write it: an optional +1 / 1 country code, a 3-digit area code
// (in parentheses or not) whose first digit is 2-9, then 3 and 4 digits, each group
// separated by one space, dash or dot, or nothing. Digits or letters glued to either end
// mean it is part of something else (an id, a longer number, a date).
const US_PHONE =
  /(?<![\w+])(?:\+?1[\s.-]?)?(?:\(([2-9]\d{2})\)\s?|([2-9]\d{2})([\s.-]?))(\d{3})([\s.-]?)(\d{4})(?![\w])/g;

/**
 * The US phone numbers in a text, in order (issue #13: a number "of 10+ digits" a CRM
 * field shows). Written with separators ("(555) 010-2000", "312.555.0142",
 * "+1 312-555-0142"), any exchange is taken: CRMs hold fictional and test numbers too,
 * and the picker says when one cannot be dialled. Written as a bare run of digits
 * ("3125550142", "13125550142"), it must be a well-formed US number (area code and
 * exchange starting with 2-9), so ids and amounts of 10 digits are not taken for phones.
 * The two separators must agree ("312-555.0142" is not a phone), as must a bare run.
 * Never a number inside a longer run of digits (19-digit record ids).
 */
export function findPhoneNumbers(text: string): FoundPhone[] {
  const found: FoundPhone[] = [];
  for (const match of text.matchAll(US_PHONE)) {
    const [whole, parenArea, area, firstSeparator = '', exchange, secondSeparator, line] = match;
    const start = match.index;
    if (parenArea === undefined) {
      if (firstSeparator !== secondSeparator) continue;
      if (firstSeparator === '' && !/^[2-9]/.test(exchange)) continue;
    }
    // "1 312 555 0142" glued after a digit group is caught by the lookbehind; a trailing
    // "-1234" (a longer number) by the lookahead only for word characters: check it.
    if (/^[-.]\d/.test(text.slice(start + whole.length, start + whole.length + 2))) continue;
    found.push({
      start,
      end: start + whole.length,
      text: whole,
      national: `${parenArea ?? area}${exchange}${line}`,
    });
  }
  return found;
}

/**
 * How a found number is read out on its button: "(312) 555-0142" whatever way the page
 * wrote it, so a screen reader says every number alike.
 */
export function formatFoundPhone(phone: FoundPhone): string {
  return formatPhoneForCrm(phone.national);
}

/** Who a call button calls when the page names nobody. */
export const UNNAMED_CONTACT = 'this contact';

const NAME_MAX_LENGTH = 80;

/**
 * The person's name as a page header shows it, or null when the text does not read as a
 * name: empty, too long for one, or carrying digits (a CTM page's heading "Call from
 * (555) 010-3000", a record id). Spaces are collapsed.
 */
export function personNameFrom(text: string | null | undefined): string | null {
  const name = (text ?? '').replace(/\s+/g, ' ').trim();
  if (name === '' || name.length > NAME_MAX_LENGTH || /\d/.test(name)) return null;
  return name;
}
