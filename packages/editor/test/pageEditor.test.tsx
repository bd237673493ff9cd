// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { EXPANDED_FRAME_COOKIE } from '@sitewright/contracts'
import { PageEditor } from '../src/editor/page/PageEditor.js'
import { PANEL_BESIDE_MIN_WIDTH, expandedFrameCookie, panelStartsOpen } from '../src/editor/page/expandedFrame.js'
import { byText, choose, click, render, waitFor, type Rendered } from './dom.js'
import { collection, contentServer, Wrap } from './editorFakes.js'

let r: Rendered | undefined
afterEach(() => {
  r?.unmount()
  r = undefined
  document.body.innerHTML = ''
})

const status = () => document.querySelector('.save-state')?.textContent ?? ''
const blockLabels = () => [...document.querySelectorAll('.block-card strong')].map((e) => e.textContent)
const storedTypes = (server: ReturnType<typeof contentServer>) =>
  ((server.pages.get('p1')!.layout as { sections: { blocks: { type: number }[] }[] }).sections[0]?.blocks ?? []).map((b) => b.type)

async function addBlock(typeName: string) {
  await choose(document.querySelector<HTMLSelectElement>('.add-block select')!, typeName)
  await click(byText(document.body, 'button', 'Add block')!)
}

async function mount(server: ReturnType<typeof contentServer>) {
  r = await render(
    <Wrap content={server.api}>
      <PageEditor page={server.pages.get('p1')!} onPageChanged={() => {}} autosaveDelayMs={20} />
    </Wrap>,
  )
}

describe('page editor', () => {
  it("the expanded frame (SPEC.md's named cookie, sw-expanded-frame): hiding the panel beside the canvas is remembered for the next editor", async () => {
    const toggle = () => document.querySelector<HTMLButtonElement>('.panel-toggle')!
    const cookie = () => document.cookie.split('; ').find((c) => c.startsWith(`${EXPANDED_FRAME_COOKIE}=`)) ?? null
    document.cookie = expandedFrameCookie(false, false)
    expect(window.innerWidth).toBeGreaterThanOrEqual(PANEL_BESIDE_MIN_WIDTH) // jsdom's 1024 px: the panel sits beside
    const server = contentServer([collection('p1')])
    await mount(server)
    expect(toggle().textContent).toBe('Hide panel')
    await click(toggle())
    expect(toggle().textContent).toBe('Show panel')
    expect(cookie()).toBe('sw-expanded-frame=1')
    r!.unmount()
    await mount(server)
    expect(toggle().textContent).toBe('Show panel') // opened expanded, as left
    expect(document.querySelector<HTMLElement>('#page-panel')!.hidden).toBe(true)
    await click(toggle())
    expect(cookie()).toBeNull()
    r!.unmount()
    await mount(server)
    expect(toggle().textContent).toBe('Hide panel')
    expect(panelStartsOpen(390, '')).toBe(false) // a narrow window: the panel is a sheet, closed whatever the cookie
    expect(panelStartsOpen(1280, 'a=b; sw-expanded-frame=1')).toBe(false)
    expect(panelStartsOpen(1280, 'sw-expanded-frame=0')).toBe(true)
  })

  it('autosaves every edit, and undo/redo are saved too', async () => {
    const server = contentServer([collection('p1')])
    await mount(server)
    await addBlock('spacer')
    await waitFor(() => status() === 'All changes saved')
    expect(storedTypes(server)).toEqual([21])
    expect(server.calls).toEqual(['PUT p1']) // one request per save
    await addBlock('code')
    await waitFor(() => storedTypes(server).length === 2)
    await click(byText(document.body, 'button', 'Undo')!)
    expect(blockLabels()).toEqual(['Spacer'])
    await waitFor(() => storedTypes(server).length === 1 && status() === 'All changes saved')
    await click(byText(document.body, 'button', 'Redo')!)
    expect(blockLabels()).toEqual(['Spacer', 'Code'])
    await waitFor(() => storedTypes(server).join() === '21,23')
  })

  it('moves blocks with the keyboard (Alt+ArrowUp)', async () => {
    const server = contentServer([collection('p1')])
    await mount(server)
    await addBlock('spacer')
    await addBlock('code')
    const code = document.querySelectorAll<HTMLElement>('.block-card')[1]!
    code.focus()
    code.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', altKey: true, bubbles: true }))
    await waitFor(() => blockLabels().join() === 'Code,Spacer')
    await waitFor(() => storedTypes(server).join() === '23,21')
  })

  it('two tabs: a save based on an old version shows the conflict dialog instead of overwriting; reload takes theirs', async () => {
    const server = contentServer([collection('p1')])
    await mount(server)
    const theirs = { v: 2, sections: [{ id: 's1', blocks: [{ id: 'q', type: 31, value: { text: 'Their quote' } }] }] }
    server.editElsewhere('p1', theirs)
    await addBlock('spacer')
    const dialog = await waitFor(() => document.querySelector('[role="dialog"]'))
    expect(dialog.textContent).toContain('This page was changed elsewhere')
    expect(server.pages.get('p1')!.layout).toEqual(theirs)
    expect(server.calls).toEqual(['PUT p1']) // refused by the server's If-Match check, nothing overwritten
    await click(byText(dialog, 'button', 'Reload their version')!)
    await waitFor(() => blockLabels().join() === 'Quote')
    expect(status()).toBe('All changes saved')
    expect(server.pages.get('p1')!.layout).toEqual(theirs)
  })

  it('overwrite after a conflict saves mine on top of theirs', async () => {
    const server = contentServer([collection('p1')])
    await mount(server)
    server.editElsewhere('p1', { v: 2, sections: [] })
    await addBlock('code')
    const dialog = await waitFor(() => document.querySelector('[role="dialog"]'))
    await click(byText(dialog, 'button', 'Overwrite with mine')!)
    await waitFor(() => storedTypes(server).join() === '23')
    expect(status()).toBe('All changes saved')
  })

  it('keeps an incomplete block out of the save and says what it needs', async () => {
    const server = contentServer([collection('p1')])
    await mount(server)
    await addBlock('video')
    await waitFor(() => status().includes('1 incomplete block not saved'))
    expect(document.querySelector('.block-missing')?.textContent).toBe('Not saved yet: Enter the video address.')
    expect(storedTypes(server)).toEqual([])
  })

  it('publishes after saving', async () => {
    const server = contentServer([collection('p1', { status: 'draft' })])
    await mount(server)
    await addBlock('spacer')
    await click(byText(document.body, 'button', 'Publish')!)
    await waitFor(() => server.pages.get('p1')!.status === 'published')
    expect(storedTypes(server)).toEqual([21])
    await waitFor(() => byText(document.body, 'button', 'Update'))
  })
})
