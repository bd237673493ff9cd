// The texts of site forms, word for word.
export const MESSAGES = {
  invalid: 'One or more fields is invalid, please check your entries.',
  captcha: 'Complete CAPTCHA before submitting.',
  noKey: 'Could not get a form submission key, please try again later.',
  unparseable: 'Could not parse the form fields, please check your entries.',
  processing: 'Error processing form submission. Please reload and try again.',
  unknown: 'Unknown error, please try again later.',
  problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  sendFailed: 'Unable to send form. Please try again later.',
  email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  characterLimit: 'You have exceeded the character limit.',
  submitting: 'Submitting…',
} as const

/** The message of a failed SaveFormSubmission by status; otherwise the server's data.error text. */
export function statusMessage(status: number, dataError: unknown): string {
  switch (status) {
    case 401:
      return MESSAGES.unauthorized
    case 404:
      return MESSAGES.notConfigured
    case 429:
      return MESSAGES.rateLimited
    case 500:
      return MESSAGES.sendFailed
    default:
      return typeof dataError === 'string' && dataError ? dataError : MESSAGES.unknown
  }
}
