// The restock form's rules, free of the DOM.
export const EMAIL_BLANK = 'Email cannot be blank'
export const EMAIL_INVALID = 'Email is invalid'
export const CAPTCHA_REQUIRED = 'Complete CAPTCHA before submitting.'
export const SIGNED_UP = 'Signed up!'

/** 3 to 256 characters, one @, a dotted domain whose last label is 2 to 4 alphanumerics. */
export function isValidEmail(v: string): boolean {
  return v.length >= 3 && v.length <= 256 && /^[^\s@]+@[^\s@]+\.[A-Za-z0-9]{2,4}$/.test(v)
}

/** The first problem with the form, or null: blank email, invalid email, then a missing captcha. */
export function validateRestock(email: string, captcha: { shown: boolean; token: string | null }): string | null {
  const v = email.trim()
  if (!v) return EMAIL_BLANK
  if (!isValidEmail(v)) return EMAIL_INVALID
  if (captcha.shown && !captcha.token) return CAPTCHA_REQUIRED
  return null
}

export interface RestockPayload {
  isJoinMailingList: boolean
  productId: string
  siteVisitorEmail: string
  variantId: string
  captchaToken?: string
}

export function restockPayload(f: { productId: string; variantId: string; email: string; joinList: boolean; captchaToken: string | null }): RestockPayload {
  return {
    isJoinMailingList: f.joinList,
    productId: f.productId,
    siteVisitorEmail: f.email.trim(),
    variantId: f.variantId,
    ...(f.captchaToken ? { captchaToken: f.captchaToken } : {}),
  }
}

/** The success text: the site's, else 'Signed up!'. */
export const successText = (siteText: string | undefined | null) => (siteText && siteText.trim()) || SIGNED_UP

/** The failure text under the form: the server's data.message (or error.message), else a generic line. */
export function failureText(body: unknown): string {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { data?: { message?: unknown }; error?: unknown; message?: unknown }
  if (typeof b.data?.message === 'string' && b.data.message) return b.data.message
  if (typeof b.message === 'string' && b.message) return b.message
  if (typeof b.error === 'object' && b.error !== null && typeof (b.error as { message?: unknown }).message === 'string') return (b.error as { message: string }).message
  return 'Something went wrong'
}
