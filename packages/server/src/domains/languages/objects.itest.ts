// Translations of the objects besides pages: a blog post, a product (with an option), a form on a page and the
// site's header and footer texts, written by the owner on each object's own route with ?locale= (typed refusals, the
// object's domain's roles) and served on the /fr pages, while / keeps the default text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
let postId: string
let productId: string
let formId: string
const site = (p: string) => `/api/sites/${siteId}${p}`
const fr = (p: string, locale = 'fr-FR') => site(`${p}/translations?locale=${locale}`)

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  expect((await owner.post(site('/locales'), { locale: 'fr-FR' })).status).toBe(201)
  const publish = async (id: string) => expect((await owner.patch(site(`/content/collections/${id}`), { status: 'published' })).status).toBe(200)
  const blog = await owner.post(site('/content/collections'), { typeName: 'blog', title: 'Journal', urlId: 'journal' })
  await publish(blog.json.collection.id)
  const post = await owner.post(site(`/content/collections/${blog.json.collection.id}/items`), { title: 'Glazing day', urlId: 'glazing-day', body: '<p>We glazed forty mugs.</p>', excerpt: '<p>Forty mugs</p>' })
  expect(post.status, JSON.stringify(post.json)).toBe(201)
  postId = post.json.item.id
  const shop = await owner.post(site('/content/collections'), { typeName: 'products', title: 'Shop', urlId: 'shop' })
  await publish(shop.json.collection.id)
  const product = await owner.post(site('/commerce/products'), {
    collectionId: shop.json.collection.id, productType: 1, title: 'Stoneware mug', description: 'A sturdy mug.', status: 'published', urlId: 'stoneware-mug',
    variantOptions: [{ name: 'Colour', values: ['Blue'] }], variants: [{ sku: 'MUG-B', priceCents: 1800, qtyInStock: 5, attributes: { Colour: 'Blue' } }],
  })
  expect(product.status, JSON.stringify(product.json)).toBe(201)
  productId = product.json.product.id
  const form = await owner.post(site('/forms'), { name: 'Contact', submitButtonText: 'Send', submissionMessage: 'Thanks, we will write back.', fields: [{ type: 'text', id: 'name', title: 'Your name', placeholder: 'Jane' }] })
  expect(form.status, JSON.stringify(form.json)).toBe(201)
  formId = form.json.form.id
  const contact = await owner.post(site('/content/collections'), { typeName: 'page', title: 'Contact', urlId: 'contact', layout: { sections: [{ id: 's1', blocks: [{ id: 'f1', typeName: 'form', value: { formId } }] }] } })
  expect(contact.status, JSON.stringify(contact.json)).toBe(201)
  await publish(contact.json.collection.id)
  expect((await owner.patch(site('/content/profile'), { tagLine: 'Handmade in Leeds' })).status).toBe(200)
}, 120_000)
afterAll(() => t?.close())

describe(`object translations (${BACKEND})`, () => {
  it('writes an item, a product, a form and the site texts in French, with typed refusals', async () => {
    const item = await owner.put(fr(`/content/items/${postId}`), { fields: { title: 'Jour d’émaillage', body: '<p>Nous avons émaillé quarante tasses.</p><script>x()</script>' } })
    expect(item.status, JSON.stringify(item.json)).toBe(200)
    expect(item.json).toEqual({ locale: 'fr-FR', kind: 'item', objectId: postId, fields: { title: 'Jour d’émaillage', body: '<p>Nous avons émaillé quarante tasses.</p>' } })
    const product = await owner.put(fr(`/commerce/products/${productId}`), { fields: { title: 'Tasse en grès', description: 'Une tasse solide.', 'option.Colour': 'Couleur' } })
    expect(product.status, JSON.stringify(product.json)).toBe(200)
    expect(product.json.fields).toEqual({ title: 'Tasse en grès', description: '<p>Une tasse solide.</p>', 'option.Colour': 'Couleur' })
    const form = await owner.put(fr(`/forms/${formId}`), { fields: { submitButtonText: 'Envoyer', submissionMessage: 'Merci, nous vous répondrons.', 'name.title': 'Votre nom', 'name.placeholder': 'Jeanne' } })
    expect(form.status, JSON.stringify(form.json)).toBe(200)
    const texts = await owner.put(fr('/content/profile'), { fields: { tagLine: 'Fait main à Leeds' } })
    expect(texts.json).toEqual({ locale: 'fr-FR', kind: 'site', objectId: siteId, fields: { tagLine: 'Fait main à Leeds' } })
    expect((await owner.get(fr(`/forms/${formId}`))).json.fields['name.title']).toBe('Votre nom')

    const refused = async (url: string, body: unknown) => {
      const res = await owner.put(url, body)
      return [res.status, res.json?.error?.code]
    }
    expect(await refused(fr(`/content/items/${postId}`), { fields: { authorName: 'x' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(fr(`/content/items/nosuchitem`), { fields: { title: 'x' } })).toEqual([404, 'item_not_found'])
    expect(await refused(fr(`/commerce/products/${productId}`), { fields: { 'option.Size': 'Taille' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(fr(`/commerce/products/${productId}`), { fields: { priceCents: '1' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(fr(`/commerce/products/nosuch`), { fields: { title: 'x' } })).toEqual([404, 'product_not_found'])
    expect(await refused(fr(`/forms/${formId}`), { fields: { 'email.title': 'x' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(fr(`/forms/${formId}`), { fields: { 'name.required': 'x' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(fr(`/forms/nosuch`), { fields: { submitButtonText: 'x' } })).toEqual([404, 'form_not_found'])
    expect(await refused(fr('/content/profile'), { fields: { logoImageId: 'x' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(fr('/content/profile'), { fields: {} })).toEqual([400, 'translation_invalid'])
    expect((await refused(fr('/content/profile'), { fields: { tagLine: 3 } }))[0]).toBe(400)
    expect(await refused(fr('/content/profile', 'es'), { fields: { tagLine: 'x' } })).toEqual([404, 'locale_not_found'])
    expect(await refused(fr('/content/profile', 'en-US'), { fields: { tagLine: 'x' } })).toEqual([409, 'locale_is_default'])
    expect((await owner.put(fr('/content/profile'), { fields: { tagLine: 'x' } }, { crumb: 'nope' })).status).toBe(403)
    // another site's owner sees no such site; an editor translates posts but not products (the store's roles)
    const other = t.client()
    expect((await other.post('/api/auth/signup', newSignup())).status).toBe(201)
    expect((await other.put(fr(`/content/items/${postId}`), { fields: { title: 'x' } })).status).toBe(404)
    const editor = t.client()
    const e = await editor.post('/api/auth/signup', newSignup())
    await t.app.sites.addMember(siteId, e.json.user.id, WEBSITE_ROLES.EDITOR)
    expect((await editor.put(fr(`/content/items/${postId}`), { fields: { excerpt: '<p>Quarante tasses</p>' } })).status).toBe(200)
    expect((await editor.put(fr(`/commerce/products/${productId}`), { fields: { title: 'x' } })).json.error.code).toBe('role_not_allowed')
  })

  it('serves them on the /fr pages; / keeps the default text', async () => {
    const visitor = t.client(host)
    const list = await visitor.get('/fr/journal')
    expect(list.status).toBe(200)
    expect(list.body).toContain('Jour d’émaillage')
    expect(list.body).not.toContain('Glazing day')
    const post = await visitor.get('/fr/journal/glazing-day')
    expect(post.body).toContain('Nous avons émaillé quarante tasses.')
    expect(post.body).not.toContain('x()')
    expect(post.body).toMatch(/<title>Jour d’émaillage/)
    const en = await visitor.get('/journal/glazing-day')
    expect(en.body).toContain('We glazed forty mugs.')
    expect(en.body).not.toContain('émaillé')

    const shop = await visitor.get('/fr/shop')
    expect(shop.body).toContain('Tasse en grès')
    expect(shop.body).not.toContain('Stoneware mug')
    const product = await visitor.get('/fr/shop/stoneware-mug?format=json')
    expect(product.json.item.title).toBe('Tasse en grès')
    expect(product.json.item.body).toBe('<p>Une tasse solide.</p>')
    expect(product.json.item.structuredContent.variantOptions[0]).toMatchObject({ name: 'Colour', displayText: 'Couleur' })
    expect(product.json.item.structuredContent.variants[0].attributes).toEqual({ Colour: 'Blue' })
    expect((await visitor.get('/shop/stoneware-mug?format=json')).json.item.title).toBe('Stoneware mug')

    const contact = await visitor.get('/fr/contact')
    expect(contact.body).toContain('Votre nom')
    expect(contact.body).toContain('placeholder="Jeanne"')
    expect(contact.body).toContain('>Envoyer</button>')
    expect(contact.body).toContain('Merci, nous vous répondrons.')
    expect(contact.body).toContain('Fait main à Leeds')
    const enContact = await visitor.get('/contact')
    expect(enContact.body).toContain('Your name')
    expect(enContact.body).toContain('>Send</button>')
    expect(enContact.body).toContain('Handmade in Leeds')
  })

  it('a removed translation shows the default again', async () => {
    expect((await owner.put(fr(`/commerce/products/${productId}`), { fields: { title: null } })).json.fields.title).toBeUndefined()
    expect((await t.client(host).get('/fr/shop/stoneware-mug?format=json')).json.item.title).toBe('Stoneware mug')
  })
})
