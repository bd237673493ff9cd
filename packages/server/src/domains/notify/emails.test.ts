// The theme's email templates: every one renders with its sample data without template errors, the HTML part
// escapes values and carries the brand, the text part keeps them as written, and the sender is the site's name.
import { describe, expect, it } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import { DEFAULT_THEME_DIR } from '../publishing/index.js'
import { sampleData } from './data.js'
import { createEmailTemplates, DEFAULT_BRAND_COLOURS, fromName, safeColour, type EmailBrand } from './emails.js'

const warnings: unknown[] = []
const log = { warn: (o: unknown) => void warnings.push(o) } as unknown as FastifyBaseLogger
const templates = createEmailTemplates(DEFAULT_THEME_DIR, log)
const brand: EmailBrand = { title: 'Tea & <Cake>', url: 'http://tea.localhost:3000/', logoUrl: 'http://tea.localhost:3000/s/logo.png', ...DEFAULT_BRAND_COLOURS, accent: '#aa3300' }

describe('theme email templates', () => {
  const names = Object.keys(templates.list())
  it('lists the shopper and owner mails', () => {
    expect(names).toEqual(expect.arrayContaining(['order-confirmation', 'shipping-notification', 'refund', 'gift-card', 'restock-alert', 'review-request', 'owner-new-order', 'owner-form-submission', 'owner-low-stock', 'owner-new-review', 'owner-new-member', 'owner-restock-summary', 'member-verification', 'member-password-reset', 'member-account-exists']))
  })
  it.each(names)('%s renders text and HTML with the brand, escaped', (name) => {
    warnings.length = 0
    const r = templates.render(name, sampleData(name, brand.url, 'http://localhost:3000/config/'), brand)
    expect(warnings).toEqual([])
    expect(r.subject).not.toMatch(/[\r\n{}]/)
    expect(r.subject.length).toBeGreaterThan(5)
    expect(r.html).toContain('Tea &amp; &lt;Cake&gt;')
    expect(r.html).not.toContain('<Cake>')
    expect(r.html).toContain('#aa3300')
    expect(r.html).toContain('src="http://tea.localhost:3000/s/logo.png"')
    expect(r.text.startsWith('Tea & <Cake>\n')).toBe(true)
    expect(r.text).not.toMatch(/&lt;|&amp;/)
    expect(r.text).not.toMatch(/\n{3,}/)
  })
  it('order confirmation: lines, totals, escaped product names', () => {
    const r = templates.render('order-confirmation', sampleData('order-confirmation', brand.url, ''), brand)
    expect(r.subject).toBe('Order #1042 confirmed: Tea & <Cake>')
    expect(r.text).toContain('2 x Stoneware mug (Sand): $48.00\n1 x Linen tea towel <set of 2>: $28.00')
    expect(r.text).toContain('Total: $86.40')
    expect(r.html).toContain('Linen tea towel &lt;set of 2&gt;')
  })
  it('shipping notification: carrier and tracking number', () => {
    const r = templates.render('shipping-notification', sampleData('shipping-notification', brand.url, ''), brand)
    expect(r.text).toContain('Carrier: Royal Mail\nTracking number: RM123456785GB')
    expect(r.html).toContain('<strong>RM123456785GB</strong>')
  })
  it('sender name: the site, never with quotes or angle brackets; colours only as hex', () => {
    expect(fromName('Tea & "Cake" <x>', 'no-reply@example.com')).toBe('"Tea & Cake x" <no-reply@example.com>')
    expect(safeColour('red;background:url(x)', '#000000')).toBe('#000000')
    expect(safeColour('#A0b1C2', '#000000')).toBe('#A0b1C2')
  })
})
