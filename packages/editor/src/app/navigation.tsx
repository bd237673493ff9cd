// History-API navigation with an unsaved-changes guard: while a screen reports unsaved changes, leaving it
// (links, the site switcher, Back, closing the tab) asks first.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react'
import { ConfirmDialog } from '../ui/ConfirmDialog.js'

interface NavigationValue {
  pathname: string
  navigate(path: string, opts?: { replace?: boolean }): void
  /** Runs `action` now, or after the owner agrees to discard unsaved changes. */
  confirmLeave(action: () => void): void
  setUnsaved(unsaved: boolean): void
}

const NavigationContext = createContext<NavigationValue | null>(null)

export function NavigationProvider({ children }: { children: ReactNode }) {
  const [pathname, setPathname] = useState(() => window.location.pathname)
  const [pending, setPending] = useState<{ action: () => void } | null>(null)
  const unsaved = useRef(false)
  const current = useRef(pathname)

  const go = useCallback((path: string, replace = false) => {
    if (path !== window.location.pathname)
      window.history[replace ? 'replaceState' : 'pushState'](null, '', path)
    current.current = path
    setPathname(path)
  }, [])

  const confirmLeave = useCallback((action: () => void) => {
    if (unsaved.current) setPending({ action })
    else action()
  }, [])

  const navigate = useCallback(
    (path: string, opts: { replace?: boolean } = {}) => {
      if (path === current.current) return
      confirmLeave(() => go(path, opts.replace))
    },
    [go, confirmLeave],
  )

  useEffect(() => {
    const onPop = () => {
      if (window.location.pathname === current.current) return
      const target = window.location.pathname
      if (unsaved.current && target !== current.current) {
        // Stay until the owner decides.
        window.history.pushState(null, '', current.current)
        setPending({ action: () => go(target) })
      } else {
        current.current = target
        setPathname(target)
      }
    }
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (unsaved.current) e.preventDefault()
    }
    window.addEventListener('popstate', onPop)
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => {
      window.removeEventListener('popstate', onPop)
      window.removeEventListener('beforeunload', onBeforeUnload)
    }
  }, [])

  const setUnsaved = useCallback((value: boolean) => {
    unsaved.current = value
  }, [])

  const value = useMemo(
    () => ({ pathname, navigate, confirmLeave, setUnsaved }),
    [pathname, navigate, confirmLeave, setUnsaved],
  )
  return (
    <NavigationContext.Provider value={value}>
      {children}
      {pending !== null && (
        <ConfirmDialog
          title="Unsaved changes"
          message="You have unsaved changes. If you leave now, they will be lost."
          confirmLabel="Discard changes"
          cancelLabel="Keep editing"
          onCancel={() => setPending(null)}
          onConfirm={() => {
            unsaved.current = false
            setPending(null)
            pending.action()
          }}
        />
      )}
    </NavigationContext.Provider>
  )
}

export function useNavigation(): NavigationValue {
  const value = useContext(NavigationContext)
  if (!value) throw new Error('useNavigation outside NavigationProvider')
  return value
}

/** Marks the current screen as holding unsaved changes while `unsaved` is true. */
export function useUnsavedChanges(unsaved: boolean): void {
  const { setUnsaved } = useNavigation()
  useEffect(() => {
    setUnsaved(unsaved)
    return () => setUnsaved(false)
  }, [unsaved, setUnsaved])
}

type LinkProps = { to: string; children: ReactNode } & Omit<ComponentPropsWithoutRef<'a'>, 'href'>

export function Link({ to, children, ...rest }: LinkProps) {
  const { navigate } = useNavigation()
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        rest.onClick?.(e)
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
        e.preventDefault()
        navigate(to)
      }}
    >
      {children}
    </a>
  )
}
