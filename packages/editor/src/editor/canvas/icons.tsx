// Small line icons for the canvas toolbars (24 x 24 view box, drawn with the current colour; decorative: every
// button carrying one has its own accessible name and tooltip).
const PATHS = {
  edit: 'M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4',
  settings: 'M4 7h10M18 7h2M4 17h4M12 17h8M14 4v6M8 14v6',
  up: 'M12 19V5M6 11l6-6 6 6',
  down: 'M12 5v14M6 13l6 6 6-6',
  duplicate: 'M8 8h11v11H8zM5 16V5h11',
  delete: 'M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13',
  plus: 'M12 5v14M5 12h14',
  drag: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z',
  italic: 'M10 5h8M6 19h8M14 5l-4 14',
  underline: 'M7 4v7a5 5 0 0 0 10 0V4M5 20h14',
  h2: 'M4 6v12M11 6v12M4 12h7M15 10a2.5 2.5 0 1 1 4 2l-4 6h5',
  h3: 'M4 6v12M11 6v12M4 12h7M15 8h5l-3 4a3 3 0 1 1-2 5',
  paragraph: 'M13 4v16M17 4v16M19 4H10a4 4 0 0 0 0 8h3',
  bullets: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  numbers: 'M10 6h10M10 12h10M10 18h10M4 5l1.5-1V9M4 14.5a1.5 1.5 0 1 1 2.5 1L4 19h3',
  quote: 'M6 10h4v6H5v-3a6 6 0 0 1 3-5M15 10h4v6h-5v-3a6 6 0 0 1 3-5',
  link: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1',
  unlink: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6M4 4l16 16',
  alignLeft: 'M4 6h16M4 10h10M4 14h16M4 18h10',
  alignCenter: 'M4 6h16M7 10h10M4 14h16M7 18h10',
  alignRight: 'M4 6h16M10 10h10M4 14h16M10 18h10',
  done: 'M5 12l5 5 9-10',
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** A toolbar button showing only an icon: its label is its accessible name and its tooltip. */
export function IconButton({ icon, label, onClick, pressed, disabled, danger }: { icon: IconName; label: string; onClick(): void; pressed?: boolean; disabled?: boolean; danger?: boolean }) {
  return (
    <button
      type="button"
      className={`icon-button${pressed ? ' active' : ''}${danger ? ' danger' : ''}`}
      aria-label={label}
      data-tip={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  )
}
