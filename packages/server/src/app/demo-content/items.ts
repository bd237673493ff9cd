// Demo items: blog posts (with comments and likes), events (past, upcoming, multi-day, located), gallery images.
import type { ItemInput } from '../../domains/content/index.js'

const DAY = 86_400_000
const at = (days: number, hour = 18) => {
  const d = new Date(Date.now() + days * DAY)
  d.setUTCHours(hour, 0, 0, 0)
  return d.getTime()
}

export interface DemoPost {
  input: ItemInput
  comments: { authorName: string; body: string }[]
  likes: number
}

const withImage = (id: string | undefined) => (id ? { mainImageId: id } : {})

export function blogPosts(img: Record<string, string | undefined>): DemoPost[] {
  return [
    {
      input: { title: 'Firing the wood kiln', urlId: 'firing-the-kiln', authorName: 'Mara Quinn', publishOn: at(-2, 9), tags: ['kiln', 'wood fire'], categories: ['Process'], excerpt: '<p>Thirty-one hours, four cords of wood, and a kiln full of ash-glazed stoneware.</p>', body: '<p>The first firing of the year took <em>thirty-one hours</em>. We stoked every seven minutes through the night.</p><h2>What came out</h2><p>Heavy ash on the front shelf, flashing on the back. A few cracked lids, many good bowls.</p><blockquote><p>The kiln decides. We only feed it.</p></blockquote>', ...withImage(img.kiln) },
      comments: [{ authorName: 'Sam', body: 'Beautiful results! How hot does it get?' }, { authorName: 'Ida', body: 'Those ash runs are lovely. <b>Bold</b> choice to fire so long.' }],
      likes: 5,
    },
    {
      input: { title: 'Sixty glaze tests', urlId: 'glaze-tests', authorName: 'Jon Alder', publishOn: at(-9, 9), tags: ['glaze'], categories: ['Process'], excerpt: '<p>A grid of sea greens, from celadon to deep teal.</p>', body: '<p>We mixed sixty small batches and fired them side by side. The winner is a copper celadon we call <strong>Harbour</strong>.</p><ul><li>Base: 4 parts feldspar</li><li>Colourant: 1% copper carbonate</li></ul>', ...withImage(img.glaze) },
      comments: [{ authorName: 'Priya', body: 'Will Harbour be on the mugs?' }],
      likes: 3,
    },
    {
      input: { title: 'Notes from the spring market', urlId: 'spring-market-notes', authorName: 'Mara Quinn', publishOn: at(-20, 9), tags: ['markets'], categories: ['News'], excerpt: '<p>Thank you to everyone who came by the stall.</p>', body: '<p>We sold out of small bowls by noon and met many of you in person. The next market is listed on the events page.</p>', ...withImage(img.market) },
      comments: [],
      likes: 2,
    },
    {
      input: { title: 'We were featured in Coastal Living', urlId: 'featured', recordType: 5, authorName: 'Jon Alder', publishOn: at(-30, 9), tags: ['press'], categories: ['News'], excerpt: '<p>A short piece on small studios along the coast.</p>', body: '<p>Read the article on the magazine site.</p>', externalLink: 'https://example.com/coastal-living/studios' },
      comments: [],
      likes: 1,
    },
    {
      input: { title: 'How we pack a mug', urlId: 'packing', authorName: 'Jon Alder', publishOn: at(-45, 9), tags: ['shipping'], categories: ['Studio life'], excerpt: '<p>Paper, card and no plastic.</p>', body: '<p>Every piece travels in recycled paper inside a double box. Breakages are rare; if it happens, we send a new one.</p>', ...withImage(img.shelf) },
      comments: [{ authorName: 'Leo', body: 'Mine arrived perfectly, thank you.' }],
      likes: 4,
    },
    {
      input: { title: 'A week of bowls', urlId: 'a-week-of-bowls', authorName: 'Mara Quinn', publishOn: at(-60, 9), tags: ['throwing', 'kiln'], categories: ['Studio life'], excerpt: '<p>One form, many variations.</p>', body: '<p>Each morning we threw twenty bowls of the same weight. By Friday the rims had found their own shape.</p>', ...withImage(img.bowls) },
      comments: [],
      likes: 0,
    },
    {
      input: { title: 'Why we fire with wood', urlId: 'why-wood', authorName: 'Mara Quinn', publishOn: at(-75, 9), tags: ['wood fire'], categories: ['Process'], excerpt: '<p>Slow, smoky and worth it.</p>', body: '<p>Wood firing leaves marks no electric kiln can: flashing, ash and the path of the flame.</p>', sourceUrl: 'https://example.org/essays/why-wood', ...withImage(img.dawn) },
      comments: [],
      likes: 2,
    },
    {
      input: { title: 'Autumn workshop dates', urlId: 'autumn-workshops', authorName: 'Jon Alder', status: 'scheduled', publishOn: at(30, 9), tags: ['workshops'], categories: ['News'], excerpt: '<p>Dates for the autumn term.</p>', body: '<p>Coming soon.</p>' },
      comments: [],
      likes: 0,
    },
  ]
}

const STUDIO = { addressTitle: 'The studio', addressLine1: '12 Quay Street', addressLine2: 'Portland, ME 04101', addressCountry: 'US', mapLat: 43.6591, mapLng: -70.2568, mapZoom: 14 }

export function events(): ItemInput[] {
  return [
    { title: 'Open studio evening', urlId: 'open-studio', startDate: at(5, 22), endDate: at(5, 22) + 3 * 3_600_000, location: STUDIO, excerpt: '<p>Drinks, demonstrations and a seconds sale.</p>', body: '<p>Come and see the kiln, try the wheel and take home a second.</p>', tags: ['open studio'] },
    { title: 'Raku weekend workshop', urlId: 'raku-weekend', startDate: at(20, 14), endDate: at(22, 21), location: { addressTitle: 'Back field', addressLine1: 'Behind the studio', addressLine2: '12 Quay Street, Portland, ME', addressCountry: 'US' }, excerpt: '<p>Three days of raku firing, all materials included.</p>', body: '<p>Friday to Sunday. Bring old clothes and closed shoes.</p>', tags: ['workshops'] },
    { title: 'Harbour craft market', urlId: 'harbour-market', startDate: at(40, 14), endDate: at(40, 20), location: { addressTitle: 'Harbour square', addressLine1: '1 Commercial Street', addressLine2: 'Portland, ME 04101', addressCountry: 'US', mapLat: 43.6567, mapLng: -70.2517, mapZoom: 15 }, excerpt: '<p>Our stall is by the fountain.</p>' },
    { title: 'Spring market', urlId: 'spring-market', startDate: at(-25, 14), endDate: at(-25, 20), location: STUDIO, excerpt: '<p>The first market of the year.</p>' },
    { title: 'Glaze chemistry evening', urlId: 'glaze-evening', startDate: at(-50, 22), endDate: at(-50, 22) + 2 * 3_600_000, location: STUDIO, excerpt: '<p>An introduction to glaze maths.</p>' },
  ]
}

const GALLERY_SETS = [
  ['field', 'coast', 'bowls', 'vase', 'jug', 'shelf'],
  ['coast', 'dawn', 'market', 'studio'],
  ['bowls', 'vase', 'jug', 'glaze', 'kiln'],
  ['vase', 'studio', 'field', 'dawn'],
]

export function galleryItems(img: Record<string, string | undefined>, set: number): ItemInput[] {
  return GALLERY_SETS[set]!.filter((name) => img[name]).map((name, i) => ({
    title: `${name[0]!.toUpperCase()}${name.slice(1)}`,
    urlId: `${name}-${i + 1}`,
    recordType: 2,
    mainImageId: img[name]!,
    body: `<p>${name[0]!.toUpperCase()}${name.slice(1)}, from the studio archive.</p>`,
  }))
}
