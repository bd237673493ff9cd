// Block layouts of the demo pages (block type ids of the specification; values as the content API takes them).
import type { CollectionUpdate } from '../../domains/content/index.js'

type Layout = NonNullable<CollectionUpdate['layout']>

const STUDIO = { addressTitle: 'The studio', addressLine1: '12 Quay Street', addressLine2: 'Portland, ME 04101', addressCountry: 'US', mapLat: 43.6591, mapLng: -70.2568, mapZoom: 14 }

export function homeLayout(ids: { blogId: string; eventsId: string; shopId: string; newsletterFormId: string | undefined }): Layout {
  return {
    sections: [
      {
        id: 'intro',
        blocks: [
          { id: 'welcome', type: 2, value: { html: '<h2>Welcome to the studio</h2><p>We make stoneware for everyday tables: mugs, bowls, jugs and the odd large vase. Everything is thrown, glazed and wood-fired here on the coast.</p>' } },
          { id: 'shop-button', type: 53, value: { label: 'Visit the shop', url: '/shop', style: 'primary', size: 'large', alignment: 'center' } },
        ],
      },
      {
        id: 'latest',
        blocks: [
          { id: 'journal', type: 20, value: { collectionId: ids.blogId, design: 'grid', title: 'From the journal', limit: 3 } },
          { id: 'upcoming', type: 20, value: { collectionId: ids.eventsId, design: 'list', title: 'Events', limit: 3 } },
        ],
      },
      ...(ids.newsletterFormId
        ? [{ id: 'letter', blocks: [{ id: 'newsletter', type: 51, value: { formId: ids.newsletterFormId, title: 'Studio letters', description: '<p>One email a month: new work, kiln openings and workshop dates.</p>', buttonText: 'Subscribe' } }] }]
        : []),
    ],
  }
}

export function aboutLayout(img: Record<string, string | undefined>, ids: { galleryId: string }): Layout {
  return {
    sections: [
      {
        id: 'story',
        blocks: [
          { id: 'story-html', type: 2, value: { html: '<h2>Our story</h2><p>We started in a garage in 2019 with one wheel and a borrowed kiln. Today the studio is an old boat shed by the harbour.</p>' } },
          ...(img.studio ? [{ id: 'studio-image', type: 5, value: { imageId: img.studio, caption: 'The studio at dusk', link: '/galleries', alignment: 'center' as const } }] : []),
          { id: 'quote', type: 31, value: { text: 'Clay remembers everything you do to it.', source: 'Mara Quinn, potter' } },
          { id: 'spacer', type: 21, value: { height: 32 } },
          { id: 'how', type: 44, value: { markdown: '## How we work\n\n1. **Throw** on the wheel\n2. **Trim** and dry for a week\n3. **Glaze** with our own recipes\n4. **Fire** for thirty hours in the wood kiln\n\nRead more in the [journal](/blog).' } },
        ],
      },
      {
        id: 'details',
        blocks: [
          { id: 'numbers', type: 70, value: { title: 'Pieces made', type: 'bar', columns: ['2023', '2024', '2025'], rows: [{ label: 'Bowls', values: [120, 340, 410] }, { label: 'Mugs', values: [80, 210, 260] }], max: 410 } },
          { id: 'faq', type: 69, value: { title: 'Questions', items: [{ title: 'Do you take commissions?', body: '<p>A few each year, for tableware sets.</p>', open: true }, { title: 'Do you teach?', body: '<p>Yes: see the <a href="/events">events</a> for workshops.</p>' }] } },
          { id: 'recipe', type: 23, value: { code: 'Harbour celadon\n  feldspar   40\n  silica     30\n  whiting    20\n  kaolin     10\n  + copper carbonate 1%', language: 'text', lineNumbers: true } },
          { id: 'menu', type: 18, value: { title: 'Open evening menu', sections: [{ title: 'Drinks', items: [{ title: 'Espresso', description: 'Double shot', price: '$3' }, { title: 'Sea-buckthorn tea', price: '$2.50' }] }] } },
          { id: 'gallery', type: 8, value: { collectionId: ids.galleryId, options: { design: 'grid', 'thumbnails-per-row': 3, padding: 10 } } },
          ...(img.kiln ? [{ id: 'video', type: 32, value: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title: 'Throwing a bowl', caption: 'Four minutes at the wheel', thumbnailImageId: img.kiln } }] : []),
          { id: 'visit', type: 4, value: { location: STUDIO } },
          { id: 'follow', type: 54, value: {} },
          { id: 'search', type: 33, value: { placeholder: 'Search the studio' } },
          { id: 'contact-button', type: 53, value: { label: 'Write to us', url: '/contact', style: 'outline', alignment: 'center' } },
        ],
      },
    ],
  }
}

export function contactLayout(formId: string | undefined): Layout {
  return {
    sections: [
      {
        id: 'contact',
        blocks: [
          { id: 'intro', type: 2, value: { html: '<p>We answer within two working days. For orders, please include your order number.</p>' } },
          ...(formId ? [{ id: 'form', type: 9, value: { formId, title: 'Write to us' } }] : []),
          { id: 'map', type: 4, value: { location: STUDIO } },
          { id: 'hours', type: 2, value: { html: '<h3>Studio hours</h3><p>Thursday to Saturday, 10:00 to 16:00.</p>' } },
          { id: 'social', type: 54, value: {} },
        ],
      },
    ],
  }
}
