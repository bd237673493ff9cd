// A visitor on a site in two languages: the French home page under /fr with French navigation, <html lang>, the
// language switcher (1280 and 390 px), and the switch back to English remembered in the locale cookie; then a
// shopper on /fr buys: the cart, the checkout, the confirmation page and the order mail in French, money and the
// day as CLDR writes them in fr-FR (computed here from the order's cents and date).
import { getCldr } from '@sitewright/jsont/i18n'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js'

let h: Harness
let smtp: SmtpSink

beforeAll(async () => {
  smtp = await startSmtpSink()
  h = await openHarness({ env: { SMTP_URL: smtp.url } })
}, 120_000)
afterAll(async () => {
  await h?.close()
  smtp?.close()
})

// the shots of the French purchase, kept with the other e2e artifacts for review
async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, name)
}

type Item = { id: string; fullUrl: string; structuredContent: { productType: number; isSubscribable?: boolean; variants: { sku: string; qtyInStock: number; unlimited: boolean }[] } }

describe('languages in the browser', () => {
  it('shows the French home page with its switcher and remembers the switch back to English', async () => {
    const api = ownerClient(h.server.baseUrl)
    const site = await demoSite(h.server.baseUrl, api)
    expect((await api.call('POST', `/api/sites/${site.id}/locales`, { locale: 'fr-FR' })).status).toBe(201)
    const pages = await api.call<{ collections: { id: string; homepage: boolean; title: string }[] }>('GET', `/api/sites/${site.id}/content/collections`)
    const home = pages.body.collections.find((c) => c.homepage)!
    expect((await api.call('PUT', `/api/sites/${site.id}/content/collections/${home.id}/translations?locale=fr-FR`, { fields: { title: 'Accueil', navigationTitle: 'Accueil' } })).status).toBe(200)

    const { page } = h
    for (const [width, height] of [[1280, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height })
      await page.goto('/fr')
      expect(await page.getAttribute('html', 'lang')).toBe('fr-FR')
      const switcher = page.locator('[data-language-switcher]')
      await switcher.waitFor({ state: 'visible' })
      expect(await switcher.locator('a[aria-current="true"]').textContent()).toBe('Français')
      await screenshot(page, `languages-fr-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.locator('[data-language-switcher] a[hreflang="en-US"]').click()
    await page.waitForURL(`${h.server.baseUrl}/`)
    expect(await page.getAttribute('html', 'lang')).toBe('en-US')
    const cookie = (await h.context.cookies()).find((c) => c.name === 'sw_locale')
    expect(cookie?.value).toBe('en-US')
  })
  it('a shopper on /fr buys: cart, checkout, confirmation and mail in French, fr-FR money and date', async () => {
    const api = ownerClient(h.server.baseUrl)
    const site = await demoSite(h.server.baseUrl, api)
    const added = await api.call('POST', `/api/sites/${site.id}/locales`, { locale: 'fr-FR' })
    expect([201, 409]).toContain(added.status) // the first test added it already when it ran
    const cldr = getCldr('fr-FR')!
    const euro = (cents: number) => cldr.Numbers.formatCurrency((cents / 100).toFixed(2), 'USD')
    expect(euro(6153)).toMatch(/^61,53\s\$US$/) // what CLDR writes in French for US dollars

    const { page } = h
    await page.setViewportSize({ width: 1280, height: 900 })
    const shop = await h.context.request.get('/fr/shop?format=json')
    expect(shop.status()).toBe(200)
    const items = ((await shop.json()) as { items: Item[] }).items
    const inStock = (i: Item) => i.structuredContent.variants.some((v) => v.unlimited || v.qtyInStock > 0)
    const item = items.find((i) => i.structuredContent.productType === 1 && !i.structuredContent.isSubscribable && inStock(i) && i.structuredContent.variants.length === 1)!
    expect(item.fullUrl.startsWith('/fr/')).toBe(true)
    await page.goto(item.fullUrl)
    const button = page.locator('.sqs-add-to-cart-button').first()
    await expect.poll(() => button.getAttribute('data-commerce-bound')).toBe('true')
    await button.click()
    const cartNow = async () => (await (await h.context.request.get('/api/commerce/shopping-cart')).json()) as { entries: unknown[]; subtotalCents: number }
    await expect.poll(async () => (await cartNow()).entries.length).toBe(1)

    // the cart page reads the language the shopper browsed in (the locale cookie the /fr pages set)
    await page.goto('/cart')
    expect(await page.getAttribute('html', 'lang')).toBe('fr-FR')
    await page.getByRole('heading', { name: 'Panier', exact: true }).waitFor()
    expect(await page.locator('.cart-totals dt').first().textContent()).toBe('Sous-total')
    await page.getByLabel('Code promo').waitFor()
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await shoot(page, `languages-fr-cart-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('link', { name: 'Passer la commande' }).click()
    await page.waitForURL('**/checkout')
    await page.getByRole('heading', { name: 'Paiement', exact: true }).waitFor()
    await page.getByText('Coordonnées', { exact: true }).waitFor()
    await page.getByLabel('E-mail', { exact: true }).fill('ada.fr@example.com')
    await page.getByLabel('Prénom').fill('Ada')
    await page.getByLabel('Nom', { exact: true }).fill('Lovelace')
    await page.getByLabel('Adresse', { exact: true }).fill('1 Main Street')
    await page.getByLabel('Ville').fill('Springfield')
    await page.getByLabel('État / région').fill('NY')
    await page.getByLabel('Code postal').fill('10001')
    await page.getByLabel('Pays').selectOption('US')
    await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242')
    await page.getByLabel('Mois d’expiration').fill('12')
    await page.getByLabel('Année d’expiration').fill(String((new Date().getFullYear() + 2) % 100))
    await page.getByLabel('Code de sécurité').fill('123')
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await shoot(page, `languages-fr-checkout-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('button', { name: 'Passer la commande' }).click()
    await page.waitForURL('**/commerce/orders/**', { timeout: 15_000 })
    const at = new URL(page.url())
    const answer = (await (await h.context.request.get(`/api${at.pathname}${at.search}`)).json()) as { order: { id: string; number: number; grandTotalCents: number; created: number; subtotalCents: number } }

    // the confirmation: French texts, the total and the day as CLDR writes them in fr-FR
    const o = answer.order
    const day = cldr.Calendars.formatDate(cldr.Calendars.toGregorianDate({ date: o.created, zoneId: 'Etc/UTC' }), { date: 'long' })
    await page.getByRole('heading', { name: 'Merci pour votre commande' }).waitFor()
    expect(await page.locator('[data-order-date]').textContent()).toBe(`Passée le ${day}`)
    expect(day).toMatch(/^\d{1,2} [a-zéû]+ \d{4}$/)
    expect(await page.locator('dt.summary-subtotal').textContent()).toBe('Sous-total')
    expect(await page.locator('dd.summary-subtotal').textContent()).toBe(euro(o.subtotalCents))
    expect(await page.locator('dd.summary-total').textContent()).toBe(euro(o.grandTotalCents))
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await shoot(page, `languages-fr-confirmation-${width}`)
    }

    // the mail, in French, with the same amounts and day
    const mail = await smtp.waitFor((m) => m.to.includes('ada.fr@example.com') && m.subject.startsWith(`Commande nº ${o.number} confirmée`))
    expect(mail.text).toContain(`Sous-total: ${euro(o.subtotalCents)}`)
    expect(mail.text).toContain(`Total TTC: ${euro(o.grandTotalCents)}`)
    expect(mail.text).toContain(`Passée le ${day}`)
    expect(mail.text).toContain('Merci pour votre commande')
  })
})
