// Resend countdown of specification section 4: 10 seconds after the first code; each
// resend restarts it at 10 times the number of requests made, the count starting at 2.
export const RESEND_BASE_SECONDS = 10;
export const FIRST_REQUEST_COUNT = 1;

export function resendDelaySeconds(requestCount) {
  return requestCount < 2 ? RESEND_BASE_SECONDS : RESEND_BASE_SECONDS * requestCount;
}

export function nextRequestCount(requestCount) {
  return Math.max(2, requestCount + 1);
}

export const otherChannel = (type) => (type === 'sms' ? 'voice' : 'sms');
