// How a phone number reads on screen: "+1 613 234 5678" rather than "+16132345678".
// Anything that is not a full number (a masked "******1234") is shown as it came.
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export function displayPhone(phone) {
  if (!phone) return '';
  const parsed = parsePhoneNumberFromString(phone);
  return parsed && parsed.isValid() ? parsed.formatInternational() : phone;
}
