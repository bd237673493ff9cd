// The message catalogues: every language has every English key with the same placeholders, English is the spec's
// text word for word, and plurals follow CLDR per language (French 0 and 1 are singular, English 0 is plural).
import { EN, MESSAGE_CATALOGUES, catalogueLanguage, type MessageKey } from '@sitewright/contracts/messages'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { message } from './messages.js'

/** The spec's texts (SPEC.md, quoted there), by the key that prints them. */
const SPEC_TEXTS: Partial<Record<MessageKey, string>> = {
  'cart.addToCart': 'Add to Cart',
  'cart.adding': 'Adding…',
  'cart.added': 'Added!',
  'cart.unableToAdd': 'Unable to Add Item',
  'cart.moreThan100': 'More than 100 items in cart',
  'cart.variantUnavailable': 'Sorry, that item variant is unavailable. Please select another variant.',
  'cart.notEnough': 'Sorry, we do not have enough of that item available.',
  'cart.quantityNumber': 'Quantity must be a number.',
  'cart.quantityWhole': 'Quantity must be a whole number',
  'cart.selectOption': 'Please select the {option} option.',
  'cart.selectTwoOptions': 'Please select the {option1} and {option2} options.',
  'cart.selectOptions': 'Please select the {optionsList} and {lastOption} options.',
  'cart.unavailable': 'Unavailable',
  'checkout.purchase': 'Purchase',
  'checkout.unableToPurchase': 'Unable to Purchase Item',
  'checkout.giftCardDenomination': 'Select a denomination for the Gift Card',
  'checkout.unableToPurchaseGiftCard': 'Unable to purchase Gift Card',
  'checkout.cookies': 'Please enable cookies in your browser, reload the page, and try again.',
  'form.required': 'Required',
  'form.emailInvalid': 'Email is not valid. Email addresses should follow the format {email}.',
  'form.characterLimit': 'You have exceeded the character limit.',
  'form.captcha': 'Complete CAPTCHA before submitting.',
  'form.invalidFields': 'One or more fields is invalid, please check your entries.',
  'form.unableToSubmit': 'Unable to submit form. Please try again later.',
  'form.rateLimited': 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  'form.notConfigured': 'This form has not been configured yet.',
  'form.submitting': 'Submitting…',
  'form.signedUp': 'Signed up!',
  'form.subscribe': 'Subscribe',
  'form.unknownError': 'Unknown error, please try again later.',
}

/** The argument names a message uses (its parsed form: plural and select branches included). */
function placeholders(source: string): string[] {
  const names = new Set<string>()
  const walk = (els: unknown): void => {
    for (const el of els as { type: number; value?: unknown; options?: Record<string, { value: unknown }> }[]) {
      if (el.type !== 0 && el.type !== 7 && typeof el.value === 'string') names.add(el.value)
      for (const o of Object.values(el.options ?? {})) walk(o.value)
    }
  }
  walk(new IntlMessageFormat(source, 'en').getAst())
  return [...names].sort()
}

describe('message catalogues', () => {
  it('ships en, fr, de and es with exactly the English keys and placeholders', () => {
    expect(Object.keys(MESSAGE_CATALOGUES).sort()).toEqual(['de', 'en', 'es', 'fr'])
    for (const [lang, cat] of Object.entries(MESSAGE_CATALOGUES)) {
      expect(Object.keys(cat).sort(), lang).toEqual(Object.keys(EN).sort())
      for (const key of Object.keys(EN) as MessageKey[]) expect(placeholders(cat[key]), `${lang} ${key}`).toEqual(placeholders(EN[key]))
      if (lang !== 'en') expect(Object.keys(EN).filter((k) => cat[k as MessageKey] === EN[k as MessageKey] && /[a-z]{3}/.test(EN[k as MessageKey])), `${lang}: left in English`).toEqual([])
    }
  })

  it("keeps the spec's English word for word", () => {
    for (const [key, text] of Object.entries(SPEC_TEXTS)) expect(EN[key as MessageKey], key).toBe(text)
    // the spec's placeholders print as given (the message's own placeholder filled with the spec's word)
    expect(message('en-US', 'form.emailInvalid', { email: 'name@example.com' })).toBe('Email is not valid. Email addresses should follow the format name@example.com.')
    expect(message('en-US', 'cart.selectTwoOptions', { option1: 'Size', option2: 'Colour' })).toBe('Please select the Size and Colour options.')
  })

  it('plural categories follow CLDR per language', () => {
    const n = (locale: string, count: number) => message(locale, 'order.itemCount', { count })
    expect([0, 1, 2].map((c) => n('en-US', c))).toEqual(['0 items', '1 item', '2 items'])
    expect([0, 1, 2].map((c) => n('fr-FR', c))).toEqual(['0 article', '1 article', '2 articles'])
    expect(n('fr-FR', 1500)).toBe('1\u202f500 articles')
    expect([1, 2].map((c) => n('de', c))).toEqual(['1 Artikel', '2 Artikel'])
    expect([1, 2].map((c) => n('es', c))).toEqual(['1 artículo', '2 artículos'])
    expect(n('es', 1500)).toBe('1500 artículos')
    expect(message('en-US', 'cart.items', { count: 1 })).toBe('item')
    expect(message('en-US', 'cart.items', { count: 100 })).toBe('items')
  })

  it('reads a locale by its language, and English for a language without a catalogue', () => {
    expect(catalogueLanguage('fr-CA')).toBe('fr')
    expect(catalogueLanguage('ja-JP')).toBe('en')
    expect(message('fr-CA', 'order.thanks')).toBe('Merci pour votre commande')
    expect(message('ja', 'order.thanks')).toBe('Thank you for your order')
    expect(message('de-AT', 'order.mailSubject', { number: '1001', site: 'Tassen' })).toBe('Bestellung Nr. 1001 bestätigt: Tassen')
  })
})
