// What an import did, for the owner: counts, images missing at the source, content kept as HTML, what was skipped.
import type { ImportReportView } from '@sitewright/contracts'

const LIST_MAX = 200

export class ImportReport {
  source: ImportReportView['source'] = { title: '', link: '', authors: 0, categories: 0, tags: 0 }
  private counts = new Map<string, number>()
  private missing: ImportReportView['missingImages'] = []
  private kept = new Map<string, string[]>()
  private skipped = new Map<string, string[]>()
  private notes = new Map<string, string[]>()
  constructor(readonly kind: string) {}

  count(what: string, n = 1) {
    this.counts.set(what, (this.counts.get(what) ?? 0) + n)
  }
  get(what: string): number {
    return this.counts.get(what) ?? 0
  }
  imageMissing(url: string, reason: string) {
    if (this.missing.length < LIST_MAX) this.missing.push({ url, reason })
    this.count('images missing')
  }
  unknown(name: string, where: string) {
    const list = this.kept.get(name) ?? []
    if (list.length < LIST_MAX && !list.includes(where)) list.push(where)
    this.kept.set(name, list)
  }
  skip(what: string, which: string) {
    const list = this.skipped.get(what) ?? []
    if (list.length < LIST_MAX) list.push(which)
    this.skipped.set(what, list)
  }
  note(what: string, which: string) {
    const list = this.notes.get(what) ?? []
    if (list.length < LIST_MAX) list.push(which)
    this.notes.set(what, list)
  }
  view(): ImportReportView {
    const entries = (m: Map<string, string[]>) => [...m].map(([what, items]) => ({ what, items }))
    return {
      kind: this.kind,
      source: this.source,
      counts: Object.fromEntries(this.counts),
      missingImages: this.missing,
      keptAsHtml: [...this.kept].map(([name, pages]) => ({ name, pages })),
      skipped: entries(this.skipped),
      notes: entries(this.notes),
    }
  }
}
