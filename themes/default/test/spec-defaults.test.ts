// @vitest-environment jsdom
// Spec values the theme prints from partials: a select field's 'Select Value' first option (the same constant the
// storefront's additional-fields form uses) and the social links, where `serviceNameEmail?` makes an email link a
// plain mailto: (no new tab, no rel=me) and every link carries its external-service provider id.
import { render } from '@sitewright/jsont'
import { SELECT_VALUE_TEXT, socialServiceId } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import { parse } from './dom.js'
import { partials } from './theme.js'

const renderPartial = (name: string, json: unknown) => {
  const r = render(`{@|apply ${name}}`, { json, partials, locale: 'en-US' })
  expect(r.errors).toEqual([])
  return parse(`<!doctype html><body>${r.output}</body>`)
}

describe('site form select', () => {
  it("starts with an empty 'Select Value' option, then the owner's options", () => {
    const doc = renderPartial('form-select', { formId: 'f1', id: 'size', title: 'Size', required: true, options: ['Small', 'Large'] })
    const options = [...doc.querySelectorAll('select option')].map((o) => [o.getAttribute('value'), o.textContent])
    expect(options).toEqual([['', SELECT_VALUE_TEXT], ['Small', 'Small'], ['Large', 'Large']])
    expect(SELECT_VALUE_TEXT).toBe('Select Value')
  })
})

describe('social links', () => {
  it('an email service is a plain mail link; others open a new tab; each carries its provider id', () => {
    const accounts = [
      { serviceId: socialServiceId('instagram'), serviceName: 'instagram', userName: 'seapots', profileUrl: 'https://instagram.com/seapots' },
      { serviceId: socialServiceId('email'), serviceName: 'email', userName: 'hello', profileUrl: 'mailto:hello@example.com' },
    ]
    const doc = renderPartial('social-links', accounts)
    const [insta, mail] = [...doc.querySelectorAll('a.social-link')]
    expect(insta!.getAttribute('target')).toBe('_blank')
    expect(insta!.getAttribute('rel')).toBe('me noopener')
    expect(insta!.getAttribute('data-service-id')).toBe('64')
    expect(mail!.getAttribute('href')).toBe('mailto:hello@example.com')
    expect(mail!.hasAttribute('target')).toBe(false)
    expect(mail!.hasAttribute('rel')).toBe(false)
    expect(mail!.getAttribute('data-service-id')).toBe(String(socialServiceId('email')))
    expect(mail!.classList.contains('social-email')).toBe(true)
  })
})
