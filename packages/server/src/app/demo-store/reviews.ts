// Demo reviews: native reviews and an Etsy export (imported through the same parser as the owner's import) on
// several products, plus store reviews, so the product page's reviews section shows at every size.
import type { NewReview, Reviews } from '../../domains/reviews/index.js'

const day = (n: number) => new Date(Date.UTC(2026, 9, 1) - n * 86_400_000)

const NATIVE: (Omit<NewReview, 'productId'> & { product: string | null })[] = [
  { product: 'stoneware-mug', starRating: 5, text: 'My coffee stays hot and the handle fits three fingers. Buying two more.', userFirstName: 'Maya', userLastName: 'R.', verifiedPurchase: true, reviewDate: day(3) },
  { product: 'stoneware-mug', starRating: 4, text: 'Beautiful glaze; slightly smaller than I expected.', userFirstName: 'Tom', userLastName: 'H.', verifiedPurchase: true, reviewDate: day(12), },
  { product: 'stoneware-mug', starRating: 5, text: 'Gift for my dad, he uses it every morning.', userFirstName: 'Priya', userLastName: 'K.', reviewDate: day(30) },
  { product: 'moon-jar', starRating: 5, text: 'The jar is even better in person. Worth the wait for the next firing!', userFirstName: 'Elena', userLastName: 'V.', verifiedPurchase: true, reviewDate: day(40) },
  { product: 'seconds-bowl', starRating: 4, text: 'I can barely find the flaw. Great value.', userFirstName: 'Sam', userLastName: 'O.', reviewDate: day(8) },
  { product: 'wheel-workshop', starRating: 5, text: 'Patient teacher, and my bowl came out of the kiln in one piece.', userFirstName: 'Jun', userLastName: 'L.', verifiedPurchase: true, reviewDate: day(20) },
  { product: null, starRating: 5, text: 'Careful packing and a handwritten note. Lovely small studio.', userFirstName: 'Rosa', userLastName: 'M.', reviewDate: day(5) },
]

/** An Etsy shop-review export as the owner would upload it (JSON). */
const ETSY_EXPORT = JSON.stringify([
  { reviewer: 'claylover88', date_reviewed: '2025-08-14', star_rating: 5, message: 'Arrived fast & beautifully wrapped. The glaze is <stunning>.', listing_title: 'Stoneware mug' },
  { reviewer: 'Hannah B', date_reviewed: '2025-07-02', star_rating: 4, message: 'Lovely platter, a little heavier than I thought.', listing_title: 'Serving platter' },
  { reviewer: 'Oskar', date_reviewed: '2025-05-21', star_rating: 5, message: 'Second order from this shop, still perfect.', listing_title: 'Speckled espresso cup (retired)' },
])

export async function seedDemoReviews(reviews: Reviews, siteId: string, productIds: ReadonlyMap<string, string>): Promise<void> {
  for (const { product, ...r } of NATIVE) {
    const productId = product === null ? null : productIds.get(product)
    if (productId === undefined) continue
    await reviews.add(siteId, { ...r, productId })
  }
  const byTitle = new Map([['stoneware mug', productIds.get('stoneware-mug')], ['serving platter', productIds.get('serving-platter')]])
  await reviews.importEtsy(siteId, 'json', ETSY_EXPORT, (name) => byTitle.get(name.trim().toLowerCase()) ?? null)
}
