/**
 * The reference an investor quotes with a call's transfer, the same in the portal and the PDF: the
 * last 8 characters of each id (their random part), 20 characters in all, since bank forms often
 * take no more than 18 to 35.
 */
export const noticeReference = (callId: string, subscriptionId: string): string =>
  `CC-${callId.slice(-8)}-${subscriptionId.slice(-8)}`.toUpperCase();
